package wasmfile

import (
	"strings"
	"testing"
)

const header = "\x00asm\x01\x00\x00\x00"

func TestSections(t *testing.T) {
	b := []byte(header + "\x01\x02ab" + "\x0b\x00" + "\x00\x01z")
	secs, err := Sections(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 3 {
		t.Fatalf("%d sections, want 3", len(secs))
	}
	if s := secs[0]; s.ID != 1 || s.Start != 8 || s.End != 12 || string(s.Body) != "ab" {
		t.Errorf("first section %+v", s)
	}
	if s := Find(secs, SectionData); s == nil || s.Start != 12 || s.End != 14 || len(s.Body) != 0 {
		t.Errorf("data section %+v", s)
	}
	if Find(secs, SectionCode) != nil {
		t.Error("found a code section the module does not have")
	}
	for name, c := range map[string]struct{ in, want string }{
		"not wasm":      {"\x7fELF\x02\x01\x01\x00", "not a wasm module"},
		"short":         {"\x00asm", "not a wasm module"},
		"version 2":     {"\x00asm\x02\x00\x00\x00", "version 02 00 00 00"},
		"past the end":  {header + "\x0b\x05ab", "section 11 at byte 8 runs past the end"},
		"no size":       {header + "\x0b", "section 11 at byte 8 runs past the end"},
		"size too long": {header + "\x0b\x80\x80\x80\x80\x80\x00", "runs past the end"},
	} {
		if _, err := Sections([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}

func TestReader(t *testing.T) {
	// 624485 is the LEB128 example e5 8e 26; -123456 is c0 bb 78.
	r := NewReader([]byte("\xe5\x8e\x26\xc0\xbb\x78\x04name\x2a"))
	if got := r.Uint(); got != 624485 {
		t.Errorf("Uint = %d, want 624485", got)
	}
	if got := r.Int(); got != -123456 {
		t.Errorf("Int = %d, want -123456", got)
	}
	if got := r.Name(); got != "name" {
		t.Errorf("Name = %q", got)
	}
	if got := r.Byte(); got != 0x2a || r.Err() != nil || r.Len() != 0 || r.Pos() != 12 {
		t.Errorf("Byte = %#x, err %v, %d left at %d", got, r.Err(), r.Len(), r.Pos())
	}
	// Past the end: zero, an error, and the error stays the first one.
	if got := r.Byte(); got != 0 || r.Err() == nil {
		t.Errorf("Byte past the end = %#x, err %v", got, r.Err())
	}
	first := r.Err()
	r.Uint()
	if r.Err() != first {
		t.Errorf("error changed from %v to %v", first, r.Err())
	}

	for name, in := range map[string]string{
		"u32 of six bytes":   "\x80\x80\x80\x80\x80\x00",
		"u32 over 32 bits":   "\xff\xff\xff\xff\x1f",
		"unterminated":       "\x80",
		"name past the end":  "\x05abc",
		"s32 of six bytes":   "\x80\x80\x80\x80\x80\x00",
		"bytes past the end": "\x02",
	} {
		r := NewReader([]byte(in))
		switch {
		case strings.HasPrefix(name, "name"):
			r.Name()
		case strings.HasPrefix(name, "s32"):
			r.Int()
		case strings.HasPrefix(name, "bytes"):
			r.Byte()
			r.Bytes(3)
		default:
			r.Uint()
		}
		if r.Err() == nil || r.Len() != 0 {
			t.Errorf("%s: err %v, %d bytes left; want an error at the end", name, r.Err(), r.Len())
		}
	}
}

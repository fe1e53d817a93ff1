package wasmdata

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/scripts/internal/wasmfile"
)

// The modules here are assembled by hand: the header, a memory section,
// the data section under test and a custom section after it, which Pack
// must keep as it is.

const header = "\x00asm\x01\x00\x00\x00"

var (
	memorySection = []byte{5, 3, 1, 0, 1}               // one memory, min 1 page
	customSection = []byte{0, 5, 4, 'n', 'o', 't', 'e'} // "note", empty payload
)

// seg encodes an active segment of memory 0 as Go's linker does (offsets
// below 64 fit one byte of signed LEB128).
func seg(offset byte, data string) []byte {
	return append([]byte{0, 0x41, offset, 0x0b, byte(len(data))}, data...)
}

// module assembles header, memory, a data section of segs, and the
// custom section; extra sections go before the data section.
func module(extra []byte, segs ...[]byte) []byte {
	body := []byte{byte(len(segs))}
	for _, s := range segs {
		body = append(body, s...)
	}
	b := []byte(header)
	b = append(b, memorySection...)
	b = append(b, extra...)
	b = append(b, wasmfile.SectionData, byte(len(body)))
	b = append(b, body...)
	return append(b, customSection...)
}

func TestPackMergesShortGapsAndKeepsLongOnes(t *testing.T) {
	// "ab" at 1, "cd" 3 zeros after it, "ef" 5 zeros after that.
	in := module(nil, seg(1, "ab"), seg(6, "cd"), seg(13, "ef"))
	got, st, err := Pack(in, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := module(nil, seg(1, "ab\x00\x00\x00cd"), seg(13, "ef"))
	if !bytes.Equal(got, want) {
		t.Errorf("Pack(gap 4) =\n% x\nwant\n% x", got, want)
	}
	if st.SegmentsBefore != 3 || st.SegmentsAfter != 2 {
		t.Errorf("stats %+v, want 3 segments before and 2 after", st)
	}
	// With a gap of 5 the second run of zeros goes in too.
	got, _, err = Pack(in, 5)
	if err != nil {
		t.Fatal(err)
	}
	if want := module(nil, seg(1, "ab\x00\x00\x00cd\x00\x00\x00\x00\x00ef")); !bytes.Equal(got, want) {
		t.Errorf("Pack(gap 5) =\n% x\nwant\n% x", got, want)
	}
}

// The linker's last segment, once it reaches its limit of segments, holds
// every zero run to the end of its section: Pack cuts those out.
func TestPackSplitsZeroRunsInsideASegment(t *testing.T) {
	in := module(nil, seg(0, "\x00\x00a"+strings.Repeat("\x00", 10)+"b\x00\x00"))
	got, _, err := Pack(in, 4)
	if err != nil {
		t.Fatal(err)
	}
	if want := module(nil, seg(2, "a"), seg(13, "b")); !bytes.Equal(got, want) {
		t.Errorf("Pack =\n% x\nwant\n% x", got, want)
	}
}

// Where segments overlap, the later one is what instantiation leaves in
// memory, so it is what the packed segment holds.
func TestPackKeepsTheLaterOfOverlappingSegments(t *testing.T) {
	in := module(nil, seg(4, "abcd"), seg(2, "XYZ"))
	got, _, err := Pack(in, 8)
	if err != nil {
		t.Fatal(err)
	}
	if want := module(nil, seg(2, "XYZbcd")); !bytes.Equal(got, want) {
		t.Errorf("Pack =\n% x\nwant\n% x", got, want)
	}
}

// A data count section (bulk memory) must keep naming the number of
// segments, or the module does not validate.
func TestPackRewritesTheDataCount(t *testing.T) {
	in := module([]byte{wasmfile.SectionDataCount, 1, 2}, seg(1, "a"), seg(3, "b"))
	got, _, err := Pack(in, 8)
	if err != nil {
		t.Fatal(err)
	}
	if want := module([]byte{wasmfile.SectionDataCount, 1, 1}, seg(1, "a\x00b")); !bytes.Equal(got, want) {
		t.Errorf("Pack =\n% x\nwant\n% x", got, want)
	}
}

func TestPackLargeOffsetsAndLengths(t *testing.T) {
	// Offsets and lengths that take several bytes of LEB128; 0x12345 is
	// 0xc5 0xc6 0x04 in signed LEB128, and 200 bytes is 0xc8 0x01.
	data := strings.Repeat("x", 200)
	seg := append([]byte{0, 0x41, 0xc5, 0xc6, 0x04, 0x0b, 0xc8, 0x01}, data...)
	body := append([]byte{1}, seg...)
	in := append([]byte(header), wasmfile.SectionData, 0xd1, 0x01)
	in = append(in, body...)
	got, st, err := Pack(in, 64)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, in) || st.SegmentsAfter != 1 {
		t.Errorf("one segment should come back as it was: % x", got)
	}
}

func TestPackWithoutDataIsUnchanged(t *testing.T) {
	in := append([]byte(header), memorySection...)
	got, _, err := Pack(in, 64)
	if err != nil || !bytes.Equal(got, in) {
		t.Errorf("Pack = % x, %v; want the module unchanged", got, err)
	}
	// All-zero segments: nothing to write.
	got, st, err := Pack(module(nil, seg(1, "\x00\x00")), 64)
	if err != nil || st.SegmentsAfter != 0 || !bytes.Equal(got, module(nil)) {
		t.Errorf("Pack of zeros = % x, %+v, %v; want no segments", got, st, err)
	}
}

func TestPackRejectsWhatGoDoesNotEmit(t *testing.T) {
	for name, c := range map[string]struct {
		in   []byte
		want string
	}{
		"passive segment":      {module(nil, []byte{1, 1, 'a'}), "not an active segment"},
		"other memory":         {module(nil, []byte{2, 1, 0x41, 0, 0x0b, 1, 'a'}), "not an active segment"},
		"i64 offset":           {module(nil, []byte{0, 0x42, 0, 0x0b, 1, 'a'}), "not an i32.const"},
		"global offset":        {module(nil, []byte{0, 0x23, 0, 0x0b, 1, 'a'}), "not an i32.const"},
		"segment past the end": {module(nil, []byte{0, 0x41, 0, 0x0b, 9, 'a'}), "runs past the end"},
		"not wasm":             {[]byte("\x7fELF\x02\x01\x01\x00"), "not a wasm module"},
		"truncated section":    {append([]byte(header), wasmfile.SectionData, 40, 1), "runs past the end"},
	} {
		_, _, err := Pack(c.in, 64)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}

func TestSlebRoundTrip(t *testing.T) {
	for _, v := range []int64{0, 1, 63, 64, -1, -64, -65, 0x12345, 1<<31 - 1, -1 << 31} {
		b := appendSleb(nil, v)
		r := wasmfile.NewReader(b)
		if got := r.Int(); got != v || r.Err() != nil || r.Len() != 0 {
			t.Errorf("sleb %d: read back %d (err %v, %d of %d bytes)", v, got, r.Err(), r.Pos(), len(b))
		}
	}
}

// Random segments, packed: memory comes out the same (Pack checks that
// itself and fails otherwise), and no packed segment starts or ends with a
// zero or holds a run of more than gap zeros.
func TestPackRandomSegments(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		var segs [][]byte
		for range r.IntN(6) {
			data := make([]byte, r.IntN(20))
			for i := range data {
				if r.IntN(3) > 0 {
					data[i] = byte(1 + r.IntN(255))
				}
			}
			segs = append(segs, seg(byte(r.IntN(40)), string(data)))
		}
		gap := r.IntN(6)
		got, _, err := Pack(module(nil, segs...), gap)
		if err != nil {
			t.Fatal(err)
		}
		list, err := wasmfile.Sections(got)
		if err != nil {
			t.Fatal(err)
		}
		packed, err := segments(wasmfile.Find(list, wasmfile.SectionData).Body)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range packed {
			if len(s.data) == 0 || s.data[0] == 0 || s.data[len(s.data)-1] == 0 ||
				bytes.Contains(s.data, make([]byte, gap+1)) {
				t.Fatalf("gap %d: segment % x at %d", gap, s.data, s.offset)
			}
		}
	}
}

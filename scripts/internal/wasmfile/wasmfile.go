// Package wasmfile reads the WebAssembly binary format as far as the
// scripts need it: a module's sections, and the values inside them
// (bytes, LEB128 numbers, names). wasmdata repacks the data section with
// it, wasmsize measures the code section and reads the function names.
package wasmfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// The section ids the scripts read or rewrite.
const (
	SectionCustom    = 0
	SectionImport    = 2
	SectionCode      = 10
	SectionData      = 11
	SectionDataCount = 12
)

// Section is one section of a module: its id, its whole extent in the
// module (header included) and its body.
type Section struct {
	ID         byte
	Start, End int
	Body       []byte
}

// Sections splits a module of binary format version 1 into its sections,
// in order.
func Sections(module []byte) ([]Section, error) {
	if len(module) < 8 || !bytes.Equal(module[:4], []byte("\x00asm")) {
		return nil, errors.New("not a wasm module")
	}
	if !bytes.Equal(module[4:8], []byte{1, 0, 0, 0}) {
		return nil, fmt.Errorf("wasm binary version % x, want 01 00 00 00", module[4:8])
	}
	var list []Section
	r := &Reader{b: module, i: 8}
	for r.i < len(module) {
		start := r.i
		id := r.Byte()
		size := r.Uint()
		if r.err != nil || size > len(module)-r.i {
			return nil, fmt.Errorf("section %d at byte %d runs past the end", id, start)
		}
		list = append(list, Section{ID: id, Start: start, End: r.i + size, Body: module[r.i : r.i+size]})
		r.i += size
	}
	return list, nil
}

// Find returns the first section with the id, nil if there is none.
func Find(sections []Section, id byte) *Section {
	for i := range sections {
		if sections[i].ID == id {
			return &sections[i]
		}
	}
	return nil
}

// Reader reads the binary format's values from a byte slice, remembering
// the first error: after it, every read returns zero and the reader stands
// at the end.
type Reader struct {
	b   []byte
	i   int
	err error
}

// NewReader reads b from its start.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Err is the first error, nil if every read so far succeeded.
func (r *Reader) Err() error { return r.err }

// Pos is how many bytes have been read.
func (r *Reader) Pos() int { return r.i }

// Len is how many bytes are left.
func (r *Reader) Len() int { return len(r.b) - r.i }

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if r.i >= len(r.b) {
		r.Fail()
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

// Uint reads an unsigned LEB128 number of at most 32 bits (a u32: sizes,
// counts, indices).
func (r *Reader) Uint() int {
	v, n := binary.Uvarint(r.b[min(r.i, len(r.b)):])
	if n <= 0 || n > 5 || v > 1<<32-1 {
		r.Fail()
		return 0
	}
	r.i += n
	return int(v)
}

// Int reads a signed LEB128 number of at most 32 bits (an s32, as in
// i32.const).
func (r *Reader) Int() int64 {
	var v int64
	for shift := 0; shift < 35; shift += 7 {
		c := r.Byte()
		if r.err != nil {
			return 0
		}
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if shift < 57 && c&0x40 != 0 {
				v |= -1 << (shift + 7) // sign-extend
			}
			return v
		}
	}
	r.Fail()
	return 0
}

// Bytes reads the next n bytes (a slice of the reader's).
func (r *Reader) Bytes(n int) []byte {
	if n < 0 || n > r.Len() {
		r.Fail()
		return nil
	}
	r.i += n
	return r.b[r.i-n : r.i]
}

// Name reads a name: its length, then its UTF-8 bytes.
func (r *Reader) Name() string {
	return string(r.Bytes(r.Uint()))
}

// Fail records that the input is truncated or malformed at the current
// byte, unless an error is recorded already, and moves to the end.
func (r *Reader) Fail() {
	if r.err == nil {
		r.err = fmt.Errorf("truncated or malformed at byte %d", r.i)
	}
	r.i = len(r.b)
}

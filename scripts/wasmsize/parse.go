package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// module is what wasmsize reads of a wasm binary: each defined function's
// body size and name, and the code and data sections' sizes.
type module struct {
	bodies     []int    // bytes of each defined function, size prefix included
	names      []string // the defined functions' names, by the same index
	code, data int      // the code and data sections' sizes
}

// The sections wasmsize reads (the binary format's section ids).
const (
	sectionCustom = 0
	sectionImport = 2
	sectionCode   = 10
	sectionData   = 11
)

// parse reads a wasm binary's sections: imports (imported functions come
// first in the function index space), code, data, and the "name" custom
// section's function names.
func parse(b []byte) (*module, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a wasm binary")
	}
	r := &reader{b: b, i: 8}
	m := &module{}
	imported := 0
	names := map[int]string{}
	for r.i < len(b) {
		id := r.byte()
		size := r.uint()
		end := r.i + size
		if r.err != nil || end > len(b) {
			return nil, fmt.Errorf("section %d at byte %d runs past the end", id, r.i)
		}
		sec := &reader{b: b[:end], i: r.i}
		switch id {
		case sectionImport:
			imported = sec.importedFuncs()
		case sectionCode:
			m.code = size
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				start := sec.i
				sec.i += sec.uint()
				m.bodies = append(m.bodies, sec.i-start)
			}
		case sectionData:
			m.data = size
		case sectionCustom:
			if sec.name() == "name" {
				sec.functionNames(names)
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, sec.err)
		}
		r.i = end
	}
	if len(names) == 0 {
		return nil, errors.New("the binary has no function names (built with -s?)")
	}
	m.names = make([]string, len(m.bodies))
	for i := range m.bodies {
		m.names[i] = names[imported+i]
	}
	return m, nil
}

// reader reads the binary format's values, remembering the first error.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.fail()
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

// uint reads an unsigned LEB128 number.
func (r *reader) uint() int {
	if r.i >= len(r.b) {
		r.fail()
		return 0
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.i += n
	return int(v)
}

func (r *reader) name() string {
	n := r.uint()
	if r.err != nil || r.i+n > len(r.b) {
		r.fail()
		return ""
	}
	r.i += n
	return string(r.b[r.i-n : r.i])
}

func (r *reader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("truncated at byte %d", r.i)
	}
	r.i = len(r.b)
}

// importedFuncs counts the function imports, skipping the others.
func (r *reader) importedFuncs() int {
	funcs := 0
	for n := r.uint(); n > 0 && r.err == nil; n-- {
		r.name() // module
		r.name() // field
		switch r.byte() {
		case 0: // function: its type index
			r.uint()
			funcs++
		case 1: // table: element type, limits
			r.byte()
			r.limits()
		case 2: // memory: limits
			r.limits()
		case 3: // global: value type, mutability
			r.byte()
			r.byte()
		default:
			r.fail()
		}
	}
	return funcs
}

// limits skips a table's or memory's limits: flags, minimum, maximum if
// the flags say there is one.
func (r *reader) limits() {
	flags := r.byte()
	r.uint()
	if flags&1 != 0 {
		r.uint()
	}
}

// functionNames reads the name section's function names (subsection 1).
func (r *reader) functionNames(into map[int]string) {
	for r.i < len(r.b) && r.err == nil {
		sub := r.byte()
		end := r.i + r.uint()
		if sub == 1 {
			for n := r.uint(); n > 0 && r.err == nil; n-- {
				idx := r.uint()
				into[idx] = r.name()
			}
		}
		r.i = end
	}
}

package main

import (
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/scripts/internal/wasmfile"
)

// module is what wasmsize reads of a wasm binary: each defined function's
// body size and name, and the code and data sections' sizes.
type module struct {
	bodies     []int    // bytes of each defined function, size prefix included
	names      []string // the defined functions' names, by the same index
	code, data int      // the code and data sections' sizes
}

// parse reads a wasm binary's sections: imports (imported functions come
// first in the function index space), code, data, and the "name" custom
// section's function names.
func parse(b []byte) (*module, error) {
	secs, err := wasmfile.Sections(b)
	if err != nil {
		return nil, err
	}
	m := &module{}
	imported := 0
	names := map[int]string{}
	for _, s := range secs {
		sec := wasmfile.NewReader(s.Body)
		switch s.ID {
		case wasmfile.SectionImport:
			imported = importedFuncs(sec)
		case wasmfile.SectionCode:
			m.code = len(s.Body)
			for n := sec.Uint(); n > 0 && sec.Err() == nil; n-- {
				start := sec.Pos()
				sec.Bytes(sec.Uint())
				m.bodies = append(m.bodies, sec.Pos()-start)
			}
		case wasmfile.SectionData:
			m.data = len(s.Body)
		case wasmfile.SectionCustom:
			if sec.Name() == "name" {
				functionNames(sec, names)
			}
		}
		if sec.Err() != nil {
			return nil, fmt.Errorf("section %d: %w", s.ID, sec.Err())
		}
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

// importedFuncs counts the function imports, skipping the others.
func importedFuncs(r *wasmfile.Reader) int {
	funcs := 0
	for n := r.Uint(); n > 0 && r.Err() == nil; n-- {
		r.Name() // module
		r.Name() // field
		switch r.Byte() {
		case 0: // function: its type index
			r.Uint()
			funcs++
		case 1: // table: element type, limits
			r.Byte()
			limits(r)
		case 2: // memory: limits
			limits(r)
		case 3: // global: value type, mutability
			r.Byte()
			r.Byte()
		default:
			r.Fail()
		}
	}
	return funcs
}

// limits skips a table's or memory's limits: flags, minimum, maximum if
// the flags say there is one.
func limits(r *wasmfile.Reader) {
	flags := r.Byte()
	r.Uint()
	if flags&1 != 0 {
		r.Uint()
	}
}

// functionNames reads the name section's function names (subsection 1).
func functionNames(r *wasmfile.Reader, into map[int]string) {
	for r.Len() > 0 && r.Err() == nil {
		sub := r.Byte()
		body := wasmfile.NewReader(r.Bytes(r.Uint()))
		if sub != 1 {
			continue
		}
		for n := body.Uint(); n > 0 && body.Err() == nil; n-- {
			idx := body.Uint()
			into[idx] = body.Name()
		}
		if body.Err() != nil {
			r.Fail()
		}
	}
}

package podhash

import "strconv"

// printer writes go-spew's "%#v" format (formatState.format and formatPtr in
// github.com/davecgh/go-spew v1.1.2-0.20180830191138-d8f796af33cc,
// spew/format.go) with dump.ForHash's options. ignore is formatState's
// ignoreNextType: set before a slice element, map key or map value, and
// after a pointer's annotation, it suppresses the next type annotation.
// Spew never resets it after a nil pointer printed without annotation, so
// the flag is kept as state exactly as spew keeps it.
type printer struct {
	buf    []byte
	ignore bool
}

// header writes the "(type)" annotation unless suppressed; every non-pointer
// value starts with it.
func (p *printer) header(t *utype) {
	if !p.ignore {
		p.buf = append(p.buf, t.header...)
	}
	p.ignore = false
}

// nilPtr is a nil pointer: "(*T)<nil>", or just "<nil>" (with ignore left
// set) where no annotation is due.
func (p *printer) nilPtr(t *utype) {
	if !p.ignore {
		p.buf = append(p.buf, t.header...)
	}
	p.buf = append(p.buf, "<nil>"...)
}

// ptrHeader starts a non-nil pointer: "(*T)" or "<*>", then the pointee
// without annotation.
func (p *printer) ptrHeader(t *utype) {
	if p.ignore {
		p.buf = append(p.buf, "<*>"...)
	} else {
		p.buf = append(p.buf, t.header...)
	}
	p.ignore = true
}

// emptyIsNil starts a slice or map of n entries and, if it is empty, prints
// it as nil: protobuf has no empty list or map, so after etcd and the watch
// an empty one is nil.
func (p *printer) emptyIsNil(t *utype, n int) bool {
	p.header(t)
	if n == 0 {
		p.buf = append(p.buf, "<nil>"...)
	}
	return n == 0
}

func (p *printer) str(t *utype, s string) {
	p.header(t)
	p.buf = append(p.buf, s...)
}

func (p *printer) int(t *utype, i int64) {
	p.header(t)
	p.buf = strconv.AppendInt(p.buf, i, 10)
}

func (p *printer) uint(t *utype, u uint64) {
	p.header(t)
	p.buf = strconv.AppendUint(p.buf, u, 10)
}

func (p *printer) bool(t *utype, b bool) {
	p.header(t)
	p.buf = strconv.AppendBool(p.buf, b)
}

// fieldName writes "Name:" preceded by the space between fields.
func (p *printer) fieldName(i int, name string) {
	if i > 0 {
		p.buf = append(p.buf, ' ')
	}
	p.buf = append(p.buf, name...)
	p.buf = append(p.buf, ':')
}

// zero writes t's zero value: nil pointers, slices and maps, empty strings,
// zeros and false, structs of those.
func (p *printer) zero(t *utype) {
	if !p.ignore {
		p.buf = append(p.buf, t.zeroString()...)
		return
	}
	p.zeroSlow(t)
}

func (t *utype) zeroString() string {
	if !t.zeroDone {
		var p printer
		p.zeroSlow(t)
		t.zero, t.zeroDone = string(p.buf), true
	}
	return t.zero
}

func (p *printer) zeroSlow(t *utype) {
	switch t.kind {
	case kPtr:
		p.nilPtr(t)
	case kStruct:
		p.header(t)
		p.buf = append(p.buf, '{')
		for i, f := range t.fields {
			p.fieldName(i, f.name)
			p.zero(f.typ)
		}
		p.buf = append(p.buf, '}')
	case kSlice, kMap:
		p.header(t)
		p.buf = append(p.buf, "<nil>"...)
	case kString:
		p.str(t, "")
	case kBool:
		p.bool(t, false)
	case kInt, kUint:
		p.int(t, 0)
	}
}

package podhash

// val is an upstream value built by hand, for the types whose Kubeplay
// counterpart has another shape (quantities, int-or-strings, timestamps).
// A nil *val is the zero value; for a pointer type a non-nil val is the
// pointee. Struct fields are looked up by Go field name.
type val struct {
	s      string
	i      int64
	u      uint64
	b      bool
	fields map[string]*val
	elems  []*val
}

func (p *printer) val(t *utype, x *val) {
	if x == nil {
		p.zero(t)
		return
	}
	switch t.kind {
	case kPtr:
		p.ptrHeader(t)
		p.val(t.elem, x)
	case kStruct:
		p.header(t)
		p.buf = append(p.buf, '{')
		for i, f := range t.fields {
			p.fieldName(i, f.name)
			p.val(f.typ, x.fields[f.name])
		}
		p.buf = append(p.buf, '}')
	case kSlice:
		if p.emptyIsNil(t, len(x.elems)) {
			return
		}
		p.buf = append(p.buf, '[')
		for i, e := range x.elems {
			if i > 0 {
				p.buf = append(p.buf, ' ')
			}
			p.ignore = true
			p.val(t.elem, e)
		}
		p.buf = append(p.buf, ']')
	case kString:
		p.str(t, x.s)
	case kBool:
		p.bool(t, x.b)
	case kInt:
		p.int(t, x.i)
	case kUint:
		p.uint(t, x.u)
	default:
		p.zero(t)
	}
}

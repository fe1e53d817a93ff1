package podhash

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// encoder prints one Kubeplay value as the upstream value it stands for.
type encoder func(p *printer, v reflect.Value)

// planner compiles encoders for pairs of (Kubeplay type, upstream type) and
// records every Kubeplay field that has no upstream counterpart.
type planner struct {
	done     map[planKey]*encoder
	problems []string
}

type planKey struct {
	ours   reflect.Type
	theirs *utype
}

// compile returns the encoder for Kubeplay values of type ours standing for
// upstream values of type theirs; path names the place for problems.
func (pl *planner) compile(ours reflect.Type, theirs *utype, path string) encoder {
	key := planKey{ours, theirs}
	if e, ok := pl.done[key]; ok {
		// Recursive types (none today) get the encoder through the
		// indirection once it is built.
		return func(p *printer, v reflect.Value) { (*e)(p, v) }
	}
	slot := new(encoder)
	pl.done[key] = slot
	*slot = pl.build(ours, theirs, path)
	return *slot
}

func (pl *planner) problem(path, format string, args ...any) {
	pl.problems = append(pl.problems, path+": "+fmt.Sprintf(format, args...))
}

func (pl *planner) build(ours reflect.Type, theirs *utype, path string) encoder {
	if special, ok := specials[theirs.id]; ok {
		if ours != special.ours {
			pl.problem(path, "Kubeplay's %s cannot stand for upstream %s", ours, theirs.print)
			return zeroEncoder(theirs)
		}
		return special.encoder(theirs)
	}
	if ours.Kind().String() != theirs.rkind {
		pl.problem(path, "Kubeplay's %s is of kind %s, upstream's %s of kind %s", ours, ours.Kind(), theirs.print, theirs.rkind)
		return zeroEncoder(theirs)
	}
	switch theirs.kind {
	case kPtr:
		elem := pl.compile(ours.Elem(), theirs.elem, path)
		return func(p *printer, v reflect.Value) {
			if v.IsNil() {
				p.nilPtr(theirs)
				return
			}
			p.ptrHeader(theirs)
			elem(p, v.Elem())
		}
	case kSlice:
		elem := pl.compile(ours.Elem(), theirs.elem, path+"[*]")
		return func(p *printer, v reflect.Value) {
			if p.emptyIsNil(theirs, v.Len()) {
				return
			}
			p.buf = append(p.buf, '[')
			for i := range v.Len() {
				if i > 0 {
					p.buf = append(p.buf, ' ')
				}
				p.ignore = true
				elem(p, v.Index(i))
			}
			p.buf = append(p.buf, ']')
		}
	case kMap:
		if ours.Key().Kind() != reflect.String || theirs.key.kind != kString {
			pl.problem(path, "map keys of %s or %s are not strings", ours, theirs.print)
			return zeroEncoder(theirs)
		}
		key := pl.compile(ours.Key(), theirs.key, path+"[key]")
		elem := pl.compile(ours.Elem(), theirs.elem, path+"[*]")
		return func(p *printer, v reflect.Value) {
			if p.emptyIsNil(theirs, v.Len()) {
				return
			}
			// SortKeys: spew sorts string keys by their value.
			keys := v.MapKeys()
			slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
			p.buf = append(p.buf, "map["...)
			for i, k := range keys {
				if i > 0 {
					p.buf = append(p.buf, ' ')
				}
				p.ignore = true
				key(p, k)
				p.buf = append(p.buf, ':')
				p.ignore = true
				elem(p, v.MapIndex(k))
			}
			p.buf = append(p.buf, ']')
		}
	case kStruct:
		return pl.compileStruct(ours, theirs, path, jsonFields(ours))
	case kString:
		return func(p *printer, v reflect.Value) { p.str(theirs, v.String()) }
	case kBool:
		return func(p *printer, v reflect.Value) { p.bool(theirs, v.Bool()) }
	case kInt:
		return func(p *printer, v reflect.Value) { p.int(theirs, v.Int()) }
	case kUint:
		return func(p *printer, v reflect.Value) { p.uint(theirs, v.Uint()) }
	}
	panic("podhash: unreachable kind")
}

func zeroEncoder(t *utype) encoder {
	return func(p *printer, _ reflect.Value) { p.zero(t) }
}

// ourField is a Kubeplay struct field by its JSON name: the index path from
// the struct (through embedded structs JSON inlines) and its type.
type ourField struct {
	index []int
	typ   reflect.Type
	used  bool
}

// jsonFields lists t's fields as encoding/json sees them: an embedded struct
// without a JSON name is inlined; a field tagged "-" is not there.
func jsonFields(t reflect.Type) map[string]*ourField {
	out := map[string]*ourField{}
	var walk func(t reflect.Type, prefix []int)
	walk = func(t reflect.Type, prefix []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			tag := f.Tag.Get("json")
			name, _, _ := strings.Cut(tag, ",")
			if name == "-" {
				continue
			}
			index := append(slices.Clone(prefix), i)
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type, index)
				continue
			}
			if name == "" {
				name = f.Name
			}
			out[name] = &ourField{index: index, typ: f.Type}
		}
	}
	walk(t, nil)
	return out
}

// step prints one upstream field: from a Kubeplay field (index), or from
// the same Kubeplay struct (an upstream field JSON inlines), or as zero.
type step struct {
	name  string
	index []int
	enc   encoder
}

func (pl *planner) compileStruct(ours reflect.Type, theirs *utype, path string, fields map[string]*ourField) encoder {
	steps := pl.structSteps(ours, theirs, path, fields, true)
	return func(p *printer, v reflect.Value) { p.structValue(theirs, steps, v) }
}

// structValue prints "(T){Field:value ...}", each value taken from v.
func (p *printer) structValue(t *utype, steps []step, v reflect.Value) {
	p.header(t)
	p.buf = append(p.buf, '{')
	for i, s := range steps {
		p.fieldName(i, s.name)
		fv := v
		if s.index != nil {
			fv = v.FieldByIndex(s.index)
		}
		s.enc(p, fv)
	}
	p.buf = append(p.buf, '}')
}

// structSteps maps theirs's fields onto ours's by JSON name; top says
// whether this is the outermost struct of the Kubeplay value, whose
// unmatched fields are problems (an inlined upstream struct sees only some).
func (pl *planner) structSteps(ours reflect.Type, theirs *utype, path string, fields map[string]*ourField, top bool) []step {
	steps := make([]step, 0, len(theirs.fields))
	for _, f := range theirs.fields {
		switch {
		case f.inline && f.typ.kind == kStruct && specials[f.typ.id].ours == nil:
			inner := pl.structSteps(ours, f.typ, path, fields, false)
			t := f.typ
			steps = append(steps, step{name: f.name, enc: func(p *printer, v reflect.Value) { p.structValue(t, inner, v) }})
		case f.json != "" && f.json != "-" && fields[f.json] != nil:
			of := fields[f.json]
			of.used = true
			steps = append(steps, step{name: f.name, index: of.index, enc: pl.compile(of.typ, f.typ, path+"."+f.json)})
		default:
			steps = append(steps, step{name: f.name, enc: zeroEncoder(f.typ)})
		}
	}
	if top {
		names := make([]string, 0, len(fields))
		for name, of := range fields {
			if !of.used {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			pl.problem(path+"."+name, "Kubeplay's %s has it, upstream %s has no field with that JSON name", ours, theirs.print)
		}
	}
	return steps
}

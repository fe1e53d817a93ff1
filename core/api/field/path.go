package field

import (
	"strconv"
	"strings"
)

// Path is a field path from some root ("spec") to a field, as
// field.Path upstream. Each element is either a name (".name") or a
// subscript ("[0]", "[app]") of the element before it.
type Path struct {
	name   string // the field name, or "" when this element is a subscript
	index  string // the subscript when name == ""
	parent *Path  // nil for the root
}

// NewPath returns a root path of one or more names: NewPath("spec",
// "template") is "spec.template".
func NewPath(name string, moreNames ...string) *Path {
	p := &Path{name: name}
	for _, n := range moreNames {
		p = &Path{name: n, parent: p}
	}
	return p
}

// Root returns the first element of p.
func (p *Path) Root() *Path {
	for p.parent != nil {
		p = p.parent
	}
	return p
}

// Child appends one or more field names to p.
func (p *Path) Child(name string, moreNames ...string) *Path {
	c := NewPath(name, moreNames...)
	c.Root().parent = p
	return c
}

// Index subscripts p with a list index: "containers[0]".
func (p *Path) Index(index int) *Path {
	return &Path{index: strconv.Itoa(index), parent: p}
}

// Key subscripts p with a map key: "labels[app]". The key is printed as
// is, without quotes, as upstream does.
func (p *Path) Key(key string) *Path {
	return &Path{index: key, parent: p}
}

// String renders p as upstream does; a nil path prints as "<nil>".
func (p *Path) String() string {
	if p == nil {
		return "<nil>"
	}
	var elems []*Path
	for e := p; e != nil; e = e.parent {
		elems = append(elems, e)
	}
	var b strings.Builder
	for i := len(elems) - 1; i >= 0; i-- {
		e := elems[i]
		if e.name == "" {
			b.WriteString("[" + e.index + "]")
			continue
		}
		if e.parent != nil {
			b.WriteByte('.')
		}
		b.WriteString(e.name)
	}
	return b.String()
}

package fields

import (
	"sort"
	"strings"
)

// Fields is what a field selector matches against: an object's selectable
// fields (fields.Fields upstream).
type Fields interface {
	// Has reports whether the field is present.
	Has(field string) bool
	// Get returns the field's value, or "" when it is absent.
	Get(field string) string
}

// Set maps field paths ("spec.nodeName") to their values; it implements
// Fields. A nil Set is an empty one.
type Set map[string]string

var _ Fields = Set(nil)

// Has reports whether the field is present.
func (s Set) Has(field string) bool {
	_, ok := s[field]
	return ok
}

// Get returns the field's value, or "".
func (s Set) Get(field string) string { return s[field] }

// String lists the fields as "k1=v1,k2=v2" with the pairs sorted as whole
// strings (fields.Set.String). Values are not escaped, as upstream.
func (s Set) String() string {
	pairs := make([]string, 0, len(s))
	for k, v := range s {
		pairs = append(pairs, k+"="+v)
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

// asSelector returns a selector that matches exactly this set
// (SelectorFromSet).
func (s Set) asSelector() Selector { return SelectorFromSet(s) }

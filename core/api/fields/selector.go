package fields

import (
	"fmt"
	"slices"
	"strings"
)

// Selector decides which field sets it selects (fields.Selector).
type Selector interface {
	// Matches reports whether the fields satisfy every term.
	Matches(Fields) bool
	// Empty reports whether the selector places no restriction.
	Empty() bool
	// RequiresExactMatch returns the value a `field=value` term demands of
	// field, if the selector has one.
	RequiresExactMatch(field string) (value string, found bool)
	// Transform returns a copy with fn applied to every term's field and
	// value, or fn's first error. A term that fn maps to an empty field and
	// an empty value is dropped.
	Transform(fn TransformFunc) (Selector, error)
	// Requirements lists the terms, in the selector's order.
	Requirements() []Requirement
	// String renders the selector in `--field-selector` syntax, values
	// escaped. Everything and Nothing print as "".
	String() string
}

// TransformFunc rewrites one term's field and value (the API server's
// per-kind field label conversion).
type TransformFunc func(field, value string) (newField, newValue string, err error)

// Operator is a term's comparison.
type Operator string

// The operators a term may use; "==" means what "=" means.
const (
	Equals       Operator = "="
	DoubleEquals Operator = "=="
	NotEquals    Operator = "!="
)

// Requirement is one term of a selector: Field Operator Value, the value
// unescaped. Parsed terms use Equals or NotEquals.
type Requirement struct {
	Field    string
	Operator Operator
	Value    string
}

// term is `field=value` or, negated, `field!=value` (hasTerm and
// notHasTerm upstream).
type term struct {
	field, value string
	negated      bool
}

// and is a conjunction of selectors (andTerm upstream); the empty one is
// Everything.
type and []Selector

// nothing selects no field set.
type nothing struct{}

// Everything returns the selector that matches every field set.
func Everything() Selector { return and{} }

// OneTermEqualSelector returns the selector `field=value`.
func OneTermEqualSelector(field, value string) Selector { return &term{field: field, value: value} }

// oneTermNotEqualSelector returns the selector `field!=value`.
func oneTermNotEqualSelector(field, value string) Selector {
	return &term{field: field, value: value, negated: true}
}

// andSelectors returns the conjunction of the selectors.
func andSelectors(selectors ...Selector) Selector { return and(slices.Clone(selectors)) }

// SelectorFromSet returns a selector matching exactly the set: one
// `field=value` term per field. A nil set gives Everything. Unlike
// upstream, whose term order follows map iteration, the terms are sorted
// by field so that String() is deterministic.
func SelectorFromSet(s Set) Selector {
	if s == nil {
		return Everything()
	}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	items := make(and, len(keys))
	for i, k := range keys {
		items[i] = &term{field: k, value: s[k]}
	}
	if len(items) == 1 {
		return items[0]
	}
	return items
}

func (t *term) Matches(fs Fields) bool { return (fs.Get(t.field) == t.value) != t.negated }
func (t *term) Empty() bool            { return false }

func (t *term) RequiresExactMatch(field string) (string, bool) {
	if t.negated || t.field != field {
		return "", false
	}
	return t.value, true
}

func (t *term) Transform(fn TransformFunc) (Selector, error) {
	field, value, err := fn(t.field, t.value)
	if err != nil {
		return nil, err
	}
	if field == "" && value == "" {
		return Everything(), nil
	}
	return &term{field: field, value: value, negated: t.negated}, nil
}

func (t *term) Requirements() []Requirement {
	op := Equals
	if t.negated {
		op = NotEquals
	}
	return []Requirement{{Field: t.field, Operator: op, Value: t.value}}
}

func (t *term) String() string {
	op := "="
	if t.negated {
		op = "!="
	}
	return t.field + op + EscapeValue(t.value)
}

func (a and) Matches(fs Fields) bool {
	for _, s := range a {
		if !s.Matches(fs) {
			return false
		}
	}
	return true
}

func (a and) Empty() bool {
	for _, s := range a {
		if !s.Empty() {
			return false
		}
	}
	return true
}

func (a and) RequiresExactMatch(field string) (string, bool) {
	for _, s := range a {
		if v, ok := s.RequiresExactMatch(field); ok {
			return v, true
		}
	}
	return "", false
}

func (a and) Transform(fn TransformFunc) (Selector, error) {
	out := make(and, 0, len(a))
	for _, s := range a {
		n, err := s.Transform(fn)
		if err != nil {
			return nil, err
		}
		if !n.Empty() {
			out = append(out, n)
		}
	}
	return out, nil
}

func (a and) Requirements() []Requirement {
	reqs := make([]Requirement, 0, len(a))
	for _, s := range a {
		reqs = append(reqs, s.Requirements()...)
	}
	return reqs
}

func (a and) String() string {
	parts := make([]string, len(a))
	for i, s := range a {
		parts[i] = s.String()
	}
	return strings.Join(parts, ",")
}

func (nothing) Matches(Fields) bool                         { return false }
func (nothing) Empty() bool                                 { return false }
func (nothing) RequiresExactMatch(string) (string, bool)    { return "", false }
func (n nothing) Transform(TransformFunc) (Selector, error) { return n, nil }
func (nothing) Requirements() []Requirement                 { return nil }
func (nothing) String() string                              { return "" }

// parseSelector parses a `--field-selector` string (fields.ParseSelector).
func parseSelector(selector string) (Selector, error) {
	return ParseAndTransformSelector(selector, func(f, v string) (string, string, error) { return f, v, nil })
}

// ParseAndTransformSelector parses a selector and runs every term through
// fn (fields.ParseAndTransformSelector).
//
// The rules are upstream's: the string is split at commas that are not
// escaped; the terms are sorted as raw strings (so "b=1,a=2" parses to
// "a=2,b=1"); empty terms are skipped; each term splits at the first
// operator found scanning left to right, trying "!=", then "==", then "="
// at each position, so the field cannot contain an operator while the
// value may contain escaped `=`; the value is then unescaped.
func ParseAndTransformSelector(selector string, fn TransformFunc) (Selector, error) {
	parts := splitTerms(selector)
	slices.Sort(parts)
	var items and
	for _, part := range parts {
		if part == "" {
			continue
		}
		field, op, raw, ok := splitTerm(part)
		if !ok {
			return nil, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", selector, part)
		}
		value, err := UnescapeValue(raw)
		if err != nil {
			return nil, err
		}
		items = append(items, &term{field: field, value: value, negated: op == NotEquals})
	}
	if len(items) == 1 {
		return items[0].Transform(fn)
	}
	return items.Transform(fn)
}

// splitTerms cuts a selector at its unescaped commas, keeping escapes as
// they are (splitTerms upstream). "" gives no terms.
func splitTerms(selector string) []string {
	if selector == "" {
		return nil
	}
	var terms []string
	start, escaped := 0, false
	for i, r := range selector {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case r == ',':
			terms = append(terms, selector[start:i])
			start = i + 1
		}
	}
	return append(terms, selector[start:])
}

// termOperators in the order splitTerm tries them at each position: "=="
// before "=" so that `a==b` does not leave "=b" as the value.
var termOperators = []Operator{NotEquals, DoubleEquals, Equals}

// splitTerm splits one term at its first operator (splitTerm upstream).
// The value is returned still escaped.
func splitTerm(t string) (field string, op Operator, value string, ok bool) {
	for i := range t {
		for _, op := range termOperators {
			if strings.HasPrefix(t[i:], string(op)) {
				return t[:i], op, t[i+len(op):], true
			}
		}
	}
	return "", "", "", false
}

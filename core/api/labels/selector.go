package labels

import (
	"slices"
	"strings"
)

// Selector decides which label sets it selects (labels.Selector).
type Selector interface {
	// Matches reports whether the labels satisfy every requirement.
	Matches(Labels) bool
	// Empty reports whether the selector places no restriction (it
	// selects everything).
	Empty() bool
	// String renders the selector in canonical `-l` syntax: requirements
	// sorted by key, joined by ",". Everything and Nothing print as "".
	String() string
	// Requirements returns the selector's requirements, and false for a
	// selector that selects nothing.
	Requirements() (requirements []Requirement, selectable bool)
	// Add returns a new selector with the requirements added (kept sorted
	// by key); the receiver is not changed.
	Add(reqs ...Requirement) Selector
}

// reqSelector is a conjunction of requirements, sorted by key
// (internalSelector upstream).
type reqSelector []Requirement

// nothingSelector selects nothing: what a nil LabelSelector means.
type nothingSelector struct{}

// Everything returns the selector that matches every label set.
func Everything() Selector { return reqSelector{} }

// Nothing returns the selector that matches no label set.
func Nothing() Selector { return nothingSelector{} }

// isNothing reports whether sel is the Nothing selector (MatchesNothing
// upstream; like upstream it does not detect contradictions such as
// "a=b,a!=b").
func isNothing(sel Selector) bool {
	_, ok := sel.(nothingSelector)
	return ok
}

func (nothingSelector) Matches(Labels) bool                 { return false }
func (nothingSelector) Empty() bool                         { return false }
func (nothingSelector) String() string                      { return "" }
func (nothingSelector) Requirements() ([]Requirement, bool) { return nil, false }
func (n nothingSelector) Add(...Requirement) Selector       { return n }

// Matches reports whether every requirement matches.
func (s reqSelector) Matches(ls Labels) bool {
	for i := range s {
		if !s[i].Matches(ls) {
			return false
		}
	}
	return true
}

// Empty reports whether there are no requirements.
func (s reqSelector) Empty() bool { return len(s) == 0 }

// String joins the requirements' strings with ",".
func (s reqSelector) String() string {
	parts := make([]string, len(s))
	for i := range s {
		parts[i] = s[i].String()
	}
	return strings.Join(parts, ",")
}

// Requirements returns the requirements (shared, do not modify) and true.
func (s reqSelector) Requirements() ([]Requirement, bool) { return s, true }

// Add copies the selector, appends the requirements and re-sorts by key.
func (s reqSelector) Add(reqs ...Requirement) Selector {
	out := make(reqSelector, 0, len(s)+len(reqs))
	out = append(append(out, s...), reqs...)
	sortByKey(out)
	return out
}

// sortByKey orders requirements by key for a deterministic String().
// Upstream uses sort.Sort, which is an insertion sort (hence stable) up to
// 12 elements; a stable sort reproduces its order there and is
// deterministic beyond.
func sortByKey(reqs []Requirement) {
	slices.SortStableFunc(reqs, func(a, b Requirement) int { return strings.Compare(a.key, b.key) })
}

// SelectorFromSet returns the selector matching exactly the set's labels
// (each key equal to its value); an empty or nil set gives Everything. Like
// upstream it does not validate: an invalid set yields a selector that the
// API server would reject.
func SelectorFromSet(ls Set) Selector {
	if len(ls) == 0 {
		return Everything()
	}
	reqs := make(reqSelector, 0, len(ls))
	for k, v := range ls {
		reqs = append(reqs, Requirement{key: k, operator: Equals, values: []string{v}})
	}
	sortByKey(reqs) // keys are unique, so map order cannot leak out
	return reqs
}

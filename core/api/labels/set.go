package labels

import (
	"sort"
	"strings"
)

// Labels is what a selector matches against: a read-only view of an
// object's labels (labels.Labels upstream).
type Labels interface {
	// Has reports whether the label is present (even with an empty value).
	Has(label string) bool
	// Get returns the label's value, or "" when it is absent.
	Get(label string) string
	// Lookup returns the label's value and whether it is present.
	Lookup(label string) (value string, exists bool)
}

// Set is a map of label keys to values; it implements Labels. Convert an
// object's labels with Set(obj.Labels); a nil Set is an empty one.
type Set map[string]string

var _ Labels = Set(nil)

// Has reports whether the label is present.
func (ls Set) Has(label string) bool {
	_, ok := ls[label]
	return ok
}

// Get returns the label's value, or "".
func (ls Set) Get(label string) string { return ls[label] }

// Lookup returns the label's value and whether it is present.
func (ls Set) Lookup(label string) (string, bool) {
	v, ok := ls[label]
	return v, ok
}

// String lists the labels as "k1=v1,k2=v2", sorted; conveniently the
// selector syntax that matches them (Set.String upstream). Pairs are sorted
// as whole "k=v" strings, as upstream does, so "a.b=x" sorts before "a=y".
func (ls Set) String() string {
	pairs := make([]string, 0, len(ls))
	for k, v := range ls {
		pairs = append(pairs, k+"="+v)
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

// FormatLabels renders a label map the way kubectl prints it (--show-labels,
// describe): the Set string, or "<none>" when there are no labels.
func FormatLabels(labelMap map[string]string) string {
	if s := Set(labelMap).String(); s != "" {
		return s
	}
	return "<none>"
}

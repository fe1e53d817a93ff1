package printers

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/kubectl/printers/jsonpath"
)

// RelaxedJSONPathExpression accepts "metadata.name", ".metadata.name",
// "{metadata.name}" and "{.metadata.name}" and returns "{.metadata.name}",
// as custom-columns and --sort-by do (kubectl get's
// RelaxedJSONPathExpression).
func RelaxedJSONPathExpression(expr string) (string, error) {
	if expr == "" {
		return expr, nil
	}
	field, ok := relaxedField(expr)
	if !ok {
		return "", fmt.Errorf("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")
	}
	return "{." + field + "}", nil
}

// relaxedField matches upstream's ^\{\.?([^{}]+)\}$|^\.?([^{}]+)$ and
// returns the group that matched: the text inside optional braces, less a
// leading '.' unless that is all there is.
func relaxedField(expr string) (string, bool) {
	s := expr
	if strings.HasPrefix(s, "{") {
		if len(s) < 2 || !strings.HasSuffix(s, "}") {
			return "", false
		}
		s = s[1 : len(s)-1]
	}
	if strings.ContainsAny(s, "{}") {
		return "", false
	}
	if len(s) > 1 && s[0] == '.' {
		s = s[1:]
	}
	return s, s != ""
}

// sortByField orders items by the first value the JSONPath field finds in
// each, as kubectl get --sort-by (SortObjects / TableSorter): numbers
// numerically, strings as quantities when both parse as one, else in
// natural order; items without the field first. It fails when no item has
// the field at all. The sort is not stable, like upstream's.
//
// It returns the new order as indexes into items.
func sortByField(items []map[string]any, field string, unsortableIn string) ([]int, error) {
	if err := jsonpath.New("sorting").Parse(field); err != nil {
		return nil, &sortParseError{err}
	}
	values := make([]any, len(items))
	has := make([]bool, len(items))
	found := false
	for i, it := range items {
		p := jsonpath.New("sorting").AllowMissingKeys(true)
		_ = p.Parse(field)
		results, err := p.FindResults(it)
		if err != nil {
			return nil, err
		}
		if len(results) > 0 && len(results[0]) > 0 {
			values[i], has[i], found = results[0][0], true, true
		}
	}
	if len(items) > 0 && !found {
		return nil, fmt.Errorf("couldn't find any field with path %q in the list of objects", field)
	}
	s := &fieldSorter{order: make([]int, len(items)), values: values, has: has}
	for i := range s.order {
		s.order[i] = i
	}
	sort.Sort(s)
	if s.err != nil {
		return nil, fmt.Errorf("Field %s in %s is an unsortable type: interface, err: %v", field, unsortableIn, s.err)
	}
	return s.order, nil
}

// sortParseError marks a --sort-by path that does not parse; tables report
// it as "sorting error: ...", other output bare.
type sortParseError struct{ err error }

func (e *sortParseError) Error() string { return e.err.Error() }

// fieldSorter sorts item indexes by their field values.
type fieldSorter struct {
	order  []int
	values []any
	has    []bool
	err    error
}

func (s *fieldSorter) Len() int      { return len(s.order) }
func (s *fieldSorter) Swap(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] }
func (s *fieldSorter) Less(i, j int) bool {
	a, b := s.order[i], s.order[j]
	if !s.has[a] {
		return true
	}
	if !s.has[b] {
		return false
	}
	less, err := isLess(s.values[a], s.values[b])
	if err != nil && s.err == nil {
		s.err = err
	}
	return less
}

// isLess compares two values found in objects (the interface case of
// kubectl's isLess): null first, numbers of one type numerically, strings
// as quantities or naturally.
func isLess(a, b any) (bool, error) {
	switch {
	case a == nil && b == nil:
		return false, nil
	case a == nil:
		return true, nil
	case b == nil:
		return false, nil
	}
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			return x < y, nil
		}
	case float64:
		if y, ok := b.(float64); ok {
			return x < y, nil
		}
	case string:
		if y, ok := b.(string); ok {
			qx, errx := resource.ParseQuantity(x)
			qy, erry := resource.ParseQuantity(y)
			if errx != nil || erry != nil {
				return NaturalLess(x, y), nil
			}
			return qx.Cmp(qy) < 0, nil
		}
	default:
		return false, fmt.Errorf("unsortable type: %T", a)
	}
	return false, fmt.Errorf("unsortable interface: interface")
}

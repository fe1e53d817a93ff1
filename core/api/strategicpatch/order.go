package strategicpatch

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
)

// The directives of a strategic merge patch (patch.go's constants).
const (
	directiveMarker  = "$patch"
	deleteDirective  = "delete"
	replaceDirective = "replace"
	mergeDirective   = "merge"

	retainKeysStrategy = "retainKeys"

	deleteFromPrimitiveListDirectivePrefix = "$deleteFromPrimitiveList"
	retainKeysDirective                    = "$" + retainKeysStrategy
	setElementOrderDirectivePrefix         = "$setElementOrder"
)

// Helpers shared by diff and merge. Where upstream compares interface values
// with == (which panics on maps and slices) or uses them as map keys, these
// use same, which falls back to reflect.DeepEqual for such values; otherwise
// the semantics are upstream's, including its use of Go's sort algorithms
// with its comparators, so orders come out the same.

// same is == on JSON values, without panicking on maps and lists.
func same(a, b any) bool {
	if hashable(a) && hashable(b) {
		return a == b
	}
	return reflect.DeepEqual(a, b)
}

func hashable(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

// sortedKeys returns m's keys in order, so every walk over a document is
// deterministic (upstream ranges over Go maps).
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// nilType stands for the "type" of a JSON null inside a list, where
// upstream's sliceElementType would dereference a nil reflect.Type.
var nilType = reflect.TypeFor[struct{}]()

func typeOf(v any) reflect.Type {
	if v == nil {
		return nilType
	}
	return reflect.TypeOf(v)
}

// sliceElementType models upstream's function of that name: the one type
// of all the elements of the given lists.
func sliceElementType(lists ...[]any) (reflect.Type, error) {
	var prev reflect.Type
	for _, l := range lists {
		for _, v := range l {
			t := typeOf(v)
			if prev == nil {
				prev = t
				if t.Kind() == reflect.Slice {
					return nil, ErrNoListOfLists
				}
			} else if prev != t {
				return nil, fmt.Errorf("list element types are not identical: %v", fmt.Sprint(lists))
			}
		}
	}
	if prev == nil {
		return nil, fmt.Errorf("no elements in any of the given slices")
	}
	return prev, nil
}

// scalarLess is upstream's SortableSliceOfScalars.Less: the %v strings
// compared with sort.StringsAreSorted, so equal strings count as less.
func scalarLess(a, b any) bool { return fmt.Sprintf("%v", a) <= fmt.Sprintf("%v", b) }

type scalarSorter []any

func (s scalarSorter) Len() int           { return len(s) }
func (s scalarSorter) Less(i, j int) bool { return scalarLess(s[i], s[j]) }
func (s scalarSorter) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

// sortScalars sorts s in place by %v (sortScalars).
func sortScalars(s []any) []any {
	sort.Sort(scalarSorter(s))
	return s
}

// deduplicateScalars drops repeated values the way upstream does: a
// duplicate is overwritten by the last element, so order is not kept.
func deduplicateScalars(s []any) []any {
	last := len(s) - 1
	for i := 0; i < last; i++ {
		for j := i + 1; j <= last; j++ {
			if same(s[i], s[j]) {
				s[j] = s[last]
				s = s[:last]
				last--
				j--
			}
		}
	}
	return s
}

type mapSorter struct {
	s   []map[string]any
	key string
}

func (m mapSorter) Len() int           { return len(m.s) }
func (m mapSorter) Less(i, j int) bool { return scalarLess(m.s[i][m.key], m.s[j][m.key]) }
func (m mapSorter) Swap(i, j int)      { m.s[i], m.s[j] = m.s[j], m.s[i] }

// sortMergeListByKey models sortMergeListsByNameArray without recursion: a
// new list, maps sorted by the %v of their merge key, scalars deduplicated
// and sorted.
func sortMergeListByKey(s []any, mergeKey string) ([]any, error) {
	if len(s) == 0 {
		return s, nil
	}
	t, err := sliceElementType(s)
	if err != nil {
		return nil, err
	}
	if t.Kind() != reflect.Map {
		return sortScalars(deduplicateScalars(s)), nil
	}
	ms := make([]map[string]any, len(s))
	for i, v := range s {
		ms[i] = v.(map[string]any)
	}
	sort.Sort(mapSorter{ms, mergeKey})
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out, nil
}

// index returns the position of v in l, comparing merge key values for
// lists of maps and the items themselves otherwise, or -1.
func index(l []any, v any, mergeKey string, kind reflect.Kind) int {
	key := func(item any) any { return item }
	if kind == reflect.Map {
		key = func(item any) any {
			m, _ := item.(map[string]any)
			return m[mergeKey]
		}
	}
	want := key(v)
	for i, x := range l {
		if same(want, key(x)) {
			return i
		}
	}
	return -1
}

// validateMergeKeyInLists checks that every item of the lists is a map
// with the merge key.
func validateMergeKeyInLists(mergeKey string, lists ...[]any) error {
	for _, l := range lists {
		for _, item := range l {
			m, ok := item.(map[string]any)
			if !ok {
				return errBadArgType(m, item)
			}
			if _, ok := m[mergeKey]; !ok {
				return errNoMergeKey(m, mergeKey)
			}
		}
	}
	return nil
}

// extractToDeleteItems splits a list of maps into the items to keep and
// those carrying "$patch: delete".
func extractToDeleteItems(l []any) ([]any, []any, error) {
	var keep, del []any
	for _, v := range l {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil, errBadArgType(m, v)
		}
		if d, found := m[directiveMarker]; found && d == deleteDirective {
			del = append(del, v)
		} else {
			keep = append(keep, v)
		}
	}
	return keep, del, nil
}

// normalizeSliceOrder sorts toSort by the order of its items in order,
// keeping delete directives last (upstream's function, with its
// comparator and sort.SliceStable).
func normalizeSliceOrder(toSort, order []any, mergeKey string, kind reflect.Kind) ([]any, error) {
	var toDelete []any
	if kind == reflect.Map {
		if err := validateMergeKeyInLists(mergeKey, toSort, order); err != nil {
			return nil, err
		}
		var err error
		if toSort, toDelete, err = extractToDeleteItems(toSort); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(toSort, func(i, j int) bool {
		if ii := index(order, toSort[i], mergeKey, kind); ii >= 0 {
			if ij := index(order, toSort[j], mergeKey, kind); ij >= 0 {
				return ii < ij
			}
		}
		return true
	})
	return append(toSort, toDelete...), nil
}

// normalizeElementOrder orders the items that came from a patch by
// patchOrder and those only the server had by serverOrder, then
// interleaves them (normalizeElementOrder).
func normalizeElementOrder(patch, serverOnly, patchOrder, serverOrder []any, mergeKey string, kind reflect.Kind) ([]any, error) {
	patch, err := normalizeSliceOrder(patch, patchOrder, mergeKey, kind)
	if err != nil {
		return nil, err
	}
	serverOnly, err = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind)
	if err != nil {
		return nil, err
	}
	return mergeSortedSlice(serverOnly, patch, serverOrder, mergeKey, kind), nil
}

// mergeSortedSlice interleaves two ordered lists, keeping each one's
// relative order: an item of left goes before the next item of right only
// when both are in serverOrder and left's comes first (mergeSortedSlice).
func mergeSortedSlice(left, right, serverOrder []any, mergeKey string, kind reflect.Kind) []any {
	less := func(l, r any) (bool, bool) {
		li, ri := index(serverOrder, l, mergeKey, kind), index(serverOrder, r, mergeKey, kind)
		if li >= 0 && ri >= 0 {
			return li < ri, true
		}
		return false, false
	}
	out := make([]any, 0, len(left)+len(right))
	i, j := 0, 0
	for i < len(left) || j < len(right) {
		switch {
		case i >= len(left):
			out = append(out, right[j])
			j++
		case j >= len(right):
			out = append(out, left[i])
			i++
		default:
			if isLess, both := less(left[i], right[j]); both && isLess {
				out = append(out, left[i])
				i++
			} else {
				out = append(out, right[j])
				j++
			}
		}
	}
	return out
}

// partitionPrimitivesByPresentInList splits a list into the items found in
// partitionBy and the others.
func partitionPrimitivesByPresentInList(l, partitionBy []any) ([]any, []any) {
	in := make([]any, 0, len(l))
	out := make([]any, 0, len(l))
	for _, v := range l {
		if slices.ContainsFunc(partitionBy, func(x any) bool { return same(x, v) }) {
			in = append(in, v)
		} else {
			out = append(out, v)
		}
	}
	return in, out
}

// partitionMapsByPresentInList splits a list of maps into those whose merge
// key value appears in partitionBy and the others.
func partitionMapsByPresentInList(l, partitionBy []any, mergeKey string) ([]any, []any, error) {
	in := make([]any, 0, len(l))
	out := make([]any, 0, len(l))
	for _, v := range l {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil, errBadArgType(m, v)
		}
		val, ok := m[mergeKey]
		if !ok {
			return nil, nil, errNoMergeKey(m, mergeKey)
		}
		_, _, found, err := findMapInSliceBasedOnKeyValue(partitionBy, mergeKey, val)
		if err != nil {
			return nil, nil, err
		}
		if found {
			in = append(in, v)
		} else {
			out = append(out, v)
		}
	}
	return in, out, nil
}

// findMapInSliceBasedOnKeyValue finds the first map in l whose key has value.
func findMapInSliceBasedOnKeyValue(l []any, key string, value any) (map[string]any, int, bool, error) {
	for i, v := range l {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, 0, false, fmt.Errorf("value for key %v is not a map", i)
		}
		if x, ok := m[key]; ok && same(x, value) {
			return m, i, true, nil
		}
	}
	return nil, 0, false, nil
}

// mergeKeyValueEqual compares two maps' merge key values, or two scalars
// when there is no merge key.
func mergeKeyValueEqual(left, right any, mergeKey string) (bool, error) {
	if mergeKey == "" {
		return same(left, right), nil
	}
	l, ok := left.(map[string]any)
	if !ok {
		return false, errBadArgType(l, left)
	}
	r, ok := right.(map[string]any)
	if !ok {
		return false, errBadArgType(r, right)
	}
	lv, ok := l[mergeKey]
	if !ok {
		return false, errNoMergeKey(l, mergeKey)
	}
	rv, ok := r[mergeKey]
	if !ok {
		return false, errNoMergeKey(r, mergeKey)
	}
	return same(lv, rv), nil
}

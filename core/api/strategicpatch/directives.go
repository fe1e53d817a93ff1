package strategicpatch

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// handleDirectiveInMergeMap applies a $patch key of an object patch:
// replace makes the patch (minus the key) the new object, delete empties
// it; anything else is an error.
func handleDirectiveInMergeMap(directive any, patch map[string]any) (map[string]any, error) {
	switch directive {
	case replaceDirective:
		delete(patch, directiveMarker)
		return patch, nil
	case deleteDirective:
		return map[string]any{}, nil
	}
	return nil, errBadPatchType(directive, patch)
}

func containsDirectiveMarker(item any) bool {
	m, ok := item.(map[string]any)
	if !ok {
		return false
	}
	_, found := m[directiveMarker]
	return found
}

// extractKey returns the field a "$prefix/field" directive key names.
func extractKey(s, prefix string) (string, error) {
	p, field, found := strings.Cut(s, "/")
	if !found || p != prefix {
		switch prefix {
		case deleteFromPrimitiveListDirectivePrefix:
			return "", ErrBadPatchFormatForPrimitiveList
		case setElementOrderDirectivePrefix:
			return "", ErrBadPatchFormatForSetElementOrderList
		}
		return "", fmt.Errorf("fail to find unknown prefix %q in %s", prefix, s)
	}
	return field, nil
}

// preprocessDeletionListForMerging recognises a $deleteFromPrimitiveList
// key. When parallel lists are not merged (client side) it is copied to
// original and skipped; otherwise it names the list to delete from.
func preprocessDeletionListForMerging(key string, original map[string]any, patchVal any, mergeDeletionList bool) (skip, isDeleteList bool, listKey string, err error) {
	if !strings.HasPrefix(key, deleteFromPrimitiveListDirectivePrefix) {
		return false, false, "", nil
	}
	if !mergeDeletionList {
		original[key] = patchVal
		return true, false, "", nil
	}
	listKey, err = extractKey(key, deleteFromPrimitiveListDirectivePrefix)
	return false, true, listKey, err
}

// applyRetainKeysDirective applies a $retainKeys list: fields of original
// not named in it are cleared, and every non-null field of the patch must
// be named in it. On the client side the list is carried over to original
// instead (and must agree with one already there).
func applyRetainKeysDirective(original, patch map[string]any, o mergeOptions) error {
	inPatch, found := patch[retainKeysDirective]
	if !found {
		return nil
	}
	delete(patch, retainKeysDirective)
	if !o.mergeParallelList {
		if inOriginal, ok := original[retainKeysDirective]; ok {
			if !reflect.DeepEqual(inOriginal, inPatch) {
				return fmt.Errorf("%v and %v are not deep equal: this may happen when calculating the 3-way diff patch", inOriginal, inPatch)
			}
		} else {
			original[retainKeysDirective] = inPatch
		}
		return nil
	}
	keep, ok := inPatch.([]any)
	if !ok {
		return ErrBadPatchFormatForRetainKeys
	}
	retained := func(k string) bool {
		return slices.ContainsFunc(keep, func(v any) bool { return same(v, k) })
	}
	for _, k := range sortedKeys(patch) {
		if v := patch[k]; v == nil || strings.HasPrefix(k, deleteFromPrimitiveListDirectivePrefix) ||
			strings.HasPrefix(k, setElementOrderDirectivePrefix) {
			continue
		}
		if !retained(k) {
			return ErrBadPatchFormatForRetainKeys
		}
	}
	for k := range original {
		if !retained(k) {
			delete(original, k)
		}
	}
	return nil
}

// validatePatchWithSetOrderList checks that the patch list's items (minus
// delete directives) appear in the $setElementOrder list in the same
// relative order.
func validatePatchWithSetOrderList(patchList, setOrderList any, mergeKey string) error {
	order, ok := setOrderList.([]any)
	if !ok {
		return ErrBadPatchFormatForSetElementOrderList
	}
	list, ok := patchList.([]any)
	if !ok {
		return ErrBadPatchFormatForSetElementOrderList
	}
	if len(order) == 0 || len(list) == 0 {
		return nil
	}
	items := list
	if mergeKey != "" {
		var err error
		if items, _, err = extractToDeleteItems(list); err != nil {
			return err
		}
	}
	i, j := 0, 0
	for i < len(items) && j < len(order) {
		if containsDirectiveMarker(items[i]) {
			i++
			continue
		}
		equal, err := mergeKeyValueEqual(items[i], order[j], mergeKey)
		if err != nil {
			return err
		}
		if equal {
			i++
		}
		j++
	}
	if i < len(items) && j >= len(order) {
		return fmt.Errorf("the order in patch list:\n%v\n doesn't match %s list:\n%v", list, setElementOrderDirectivePrefix, setOrderList)
	}
	return nil
}

// mergePatchIntoOriginal handles the $setElementOrder lists of a patch
// (mergePatchIntoOriginal): each one's list is merged, then ordered with
// precedence $setElementOrder > patch order > live order; both keys leave
// the patch. On the client side the directive is carried over instead
// (and must agree with one already in original).
func mergePatchIntoOriginal(original, patch map[string]any, s *Schema, o mergeOptions) error {
	for _, key := range sortedKeys(patch) {
		if !strings.HasPrefix(key, setElementOrderDirectivePrefix) {
			continue
		}
		orderV := patch[key]
		if !o.mergeParallelList {
			if inOriginal, ok := original[key]; ok {
				if !reflect.DeepEqual(inOriginal, orderV) {
					return ErrBadPatchFormatForSetElementOrderList
				}
			} else {
				original[key] = orderV
			}
		}
		delete(patch, key)

		order, ok := orderV.([]any)
		if !ok {
			return errBadArgType(order, orderV)
		}
		field, err := extractKey(key, setElementOrderDirectivePrefix)
		if err != nil {
			return err
		}
		var origList, patchList []any
		origV, foundOrig := original[field]
		patchV, foundPatch := patch[field]
		if foundOrig {
			if origList, ok = origV.([]any); !ok {
				return errBadArgType(origList, origV)
			}
		}
		if foundPatch {
			if patchList, ok = patchV.([]any); !ok {
				return errBadArgType(patchList, patchV)
			}
		}
		sub, meta, err := s.lookupSlice(field)
		if err != nil {
			return err
		}
		_, strategy, err := extractRetainKeysPatchStrategy(meta.strategies)
		if err != nil {
			return err
		}
		if err := validatePatchWithSetOrderList(patchList, order, meta.mergeKey); err != nil {
			return err
		}

		var merged []any
		switch {
		case foundOrig && !foundPatch:
			merged = origList
		case !foundOrig && foundPatch:
			v, _ := removeDirectives(patchList)
			merged = v.([]any)
		case foundOrig && foundPatch:
			if merged, err = mergeSliceHandler(origV, patchV, sub, strategy, meta.mergeKey, false, o); err != nil {
				return err
			}
		default:
			continue
		}

		var patchItems, serverOnly []any
		if meta.mergeKey == "" {
			patchItems, serverOnly = partitionPrimitivesByPresentInList(merged, order)
		} else if patchItems, serverOnly, err = partitionMapsByPresentInList(merged, order, meta.mergeKey); err != nil {
			return err
		}
		t, err := sliceElementType(origList, patchList)
		if err != nil {
			return err
		}
		both, err := normalizeElementOrder(patchItems, serverOnly, order, origList, meta.mergeKey, t.Kind())
		if err != nil {
			return err
		}
		original[field] = both
		delete(patch, field)
	}
	return nil
}

// removeDirectives strips maps carrying $patch from a value the patch
// inserts whole; it reports false if the value itself is such a map.
func removeDirectives(v any) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		if _, ok := t[directiveMarker]; ok {
			return nil, false
		}
		for k, x := range t {
			if x, keep := removeDirectives(x); keep {
				t[k] = x
			} else {
				delete(t, k)
			}
		}
		return t, true
	case []any:
		var out []any
		if t != nil {
			out = []any{} // a list stays a list, however many items go
		}
		for _, x := range t {
			if x, keep := removeDirectives(x); keep {
				out = append(out, x)
			}
		}
		return out, true
	}
	return v, true
}

// discardNullValuesFromPatch drops null members from a value the patch
// inserts whole (server side).
func discardNullValuesFromPatch(v any) {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if x == nil {
				delete(t, k)
			} else {
				discardNullValuesFromPatch(x)
			}
		}
	case []any:
		for _, x := range t {
			discardNullValuesFromPatch(x)
		}
	}
}

package strategicpatch

import (
	"fmt"
	"reflect"
)

// mergeOptions is upstream's MergeOptions.
type mergeOptions struct {
	// mergeParallelList applies $deleteFromPrimitiveList, $retainKeys and
	// $setElementOrder (the server side). Without it, as when kubectl
	// merges the two halves of a three-way patch, they are carried over.
	mergeParallelList bool
	// ignoreUnmatchedNulls drops nulls that have nothing to delete (server
	// side) instead of keeping them in the result (client side).
	ignoreUnmatchedNulls bool
}

// mergeMap applies patch to original and returns the result (mergeMap in
// patch.go). Both maps may be modified.
func mergeMap(original, patch map[string]any, s *Schema, o mergeOptions) (map[string]any, error) {
	if v, ok := patch[directiveMarker]; ok {
		return handleDirectiveInMergeMap(v, patch)
	}
	if original == nil {
		original = map[string]any{}
	}
	if err := applyRetainKeysDirective(original, patch, o); err != nil {
		return nil, err
	}
	// $setElementOrder lists and the lists they order are merged first and
	// removed from the patch.
	if err := mergePatchIntoOriginal(original, patch, s, o); err != nil {
		return nil, err
	}
	for _, k := range sortedKeys(patch) {
		pv := patch[k]
		skip, isDeleteList, key, err := preprocessDeletionListForMerging(k, original, pv, o.mergeParallelList)
		if err != nil {
			return nil, err
		}
		if skip {
			continue
		}
		if key != "" {
			k = key
		}
		if pv == nil {
			delete(original, k)
			if o.ignoreUnmatchedNulls {
				continue
			}
		}
		ov, ok := original[k]
		if !ok || reflect.TypeOf(ov) != reflect.TypeOf(pv) {
			// Nothing to merge with: take the patch value, minus nulls
			// (server side) and directives.
			if !isDeleteList {
				if o.ignoreUnmatchedNulls {
					discardNullValuesFromPatch(pv)
				}
				setWithoutDirectives(original, k, pv)
			}
			continue
		}
		switch ov.(type) {
		case map[string]any:
			sub, meta, err := s.lookupStruct(k)
			if err != nil {
				return nil, err
			}
			_, strategy, err := extractRetainKeysPatchStrategy(meta.strategies)
			if err != nil {
				return nil, err
			}
			if original[k], err = mergeMapHandler(ov, pv, sub, strategy, o); err != nil {
				return nil, err
			}
		case []any:
			sub, meta, err := s.lookupSlice(k)
			if err != nil {
				return nil, err
			}
			_, strategy, err := extractRetainKeysPatchStrategy(meta.strategies)
			if err != nil {
				return nil, err
			}
			if original[k], err = mergeSliceHandler(ov, pv, sub, strategy, meta.mergeKey, isDeleteList, o); err != nil {
				return nil, err
			}
		default:
			setWithoutDirectives(original, k, pv)
		}
	}
	return original, nil
}

// setWithoutDirectives stores v minus any $patch maps; a value that is
// itself a directive removes the key.
func setWithoutDirectives(m map[string]any, k string, v any) {
	if v, keep := removeDirectives(v); keep {
		m[k] = v
	} else {
		delete(m, k)
	}
}

// mergeMapHandler merges an object field, or replaces it under
// patchStrategy replace.
func mergeMapHandler(original, patch any, s *Schema, strategy string, o mergeOptions) (map[string]any, error) {
	om, pm, err := mapTypeAssertion(original, patch)
	if err != nil {
		return nil, err
	}
	if strategy == replaceDirective {
		return pm, nil
	}
	return mergeMap(om, pm, s, o)
}

// mergeSliceHandler merges a list field under patchStrategy merge, and
// otherwise replaces it with the patch's list.
func mergeSliceHandler(original, patch any, s *Schema, strategy, mergeKey string, isDeleteList bool, o mergeOptions) ([]any, error) {
	ol, pl, err := sliceTypeAssertion(original, patch)
	if err != nil {
		return nil, err
	}
	// A deletion list applies whatever the field's strategy.
	if strategy != mergeDirective && !isDeleteList {
		return pl, nil
	}
	return mergeSlice(ol, pl, s, mergeKey, o, isDeleteList)
}

// mergeSlice merges two lists (mergeSlice): scalars as a set (or minus a
// deletion list), maps by merge key honouring $patch elements; then the
// patch's items take the patch's order, the server's keep theirs.
func mergeSlice(original, patch []any, s *Schema, mergeKey string, o mergeOptions, isDeleteList bool) ([]any, error) {
	if len(original) == 0 && len(patch) == 0 {
		return original, nil
	}
	t, err := sliceElementType(original, patch)
	if err != nil {
		return nil, err
	}
	kind := t.Kind()
	var merged []any
	if kind != reflect.Map {
		if o.mergeParallelList && isDeleteList {
			return deleteFromSlice(original, patch), nil
		}
		merged = deduplicateScalars(append(original, patch...))
	} else {
		if mergeKey == "" {
			return nil, fmt.Errorf("cannot merge lists without merge key for %s", s.kind)
		}
		if original, patch, err = mergeSliceWithSpecialElements(original, patch, mergeKey); err != nil {
			return nil, err
		}
		if merged, err = mergeSliceWithoutSpecialElements(original, patch, mergeKey, s, o); err != nil {
			return nil, err
		}
	}
	var patchItems, serverOnly []any
	if mergeKey == "" {
		patchItems, serverOnly = partitionPrimitivesByPresentInList(merged, patch)
	} else if patchItems, serverOnly, err = partitionMapsByPresentInList(merged, patch, mergeKey); err != nil {
		return nil, err
	}
	return normalizeElementOrder(patchItems, serverOnly, patch, original, mergeKey, kind)
}

// mergeSliceWithSpecialElements applies the $patch elements of a list
// patch: delete removes every map with that merge key, replace makes the
// patch's other elements the whole list, merge is refused. It returns the
// new original and the patch without them.
func mergeSliceWithSpecialElements(original, patch []any, mergeKey string) ([]any, []any, error) {
	rest := []any{}
	replace := false
	for _, v := range patch {
		m := v.(map[string]any)
		directive, ok := m[directiveMarker]
		if !ok {
			rest = append(rest, v)
			continue
		}
		switch directive {
		case deleteDirective:
			val, ok := m[mergeKey]
			if !ok {
				return nil, nil, errNoMergeKey(m, mergeKey)
			}
			var err error
			if original, err = deleteMatchingEntries(original, mergeKey, val); err != nil {
				return nil, nil, err
			}
		case replaceDirective:
			replace = true // and keep pruning the other $patch elements
		case mergeDirective:
			return nil, nil, fmt.Errorf("merging lists cannot yet be specified in the patch")
		default:
			return nil, nil, errBadPatchType(directive, m)
		}
	}
	if replace {
		return rest, nil, nil
	}
	return original, rest, nil
}

// deleteMatchingEntries removes every map whose merge key has value. It
// shifts the elements in place, as upstream does: callers still holding the
// longer slice see the shifted array, and upstream's element order depends
// on that (mergePatchIntoOriginal orders by the live list it saw first).
func deleteMatchingEntries(original []any, mergeKey string, value any) ([]any, error) {
	for {
		_, i, found, err := findMapInSliceBasedOnKeyValue(original, mergeKey, value)
		if err != nil {
			return nil, err
		}
		if !found {
			return original, nil
		}
		original = append(original[:i], original[i+1:]...)
	}
}

// mergeSliceWithoutSpecialElements merges each patch map into the first
// original map with the same merge key, or appends it (in place, like
// upstream: after deletions the appended maps land in the freed slots of
// the caller's array).
func mergeSliceWithoutSpecialElements(original, patch []any, mergeKey string, s *Schema, o mergeOptions) ([]any, error) {
	for _, v := range patch {
		m := v.(map[string]any)
		val, ok := m[mergeKey]
		if !ok {
			return nil, errNoMergeKey(m, mergeKey)
		}
		om, i, found, err := findMapInSliceBasedOnKeyValue(original, mergeKey, val)
		if err != nil {
			return nil, err
		}
		if !found {
			original = append(original, v)
			continue
		}
		merged, err := mergeMap(om, m, s, o)
		if err != nil {
			return nil, err
		}
		original[i] = merged
	}
	return original, nil
}

// deleteFromSlice removes the values of a parallel deletion list.
func deleteFromSlice(current, toDelete []any) []any {
	out := make([]any, 0, len(current))
	for _, v := range current {
		del := false
		for _, d := range toDelete {
			if same(v, d) {
				del = true
				break
			}
		}
		if !del {
			out = append(out, v)
		}
	}
	return out
}

func mapTypeAssertion(original, patch any) (map[string]any, map[string]any, error) {
	om, ok := original.(map[string]any)
	if !ok {
		return nil, nil, errBadArgType(om, original)
	}
	pm, ok := patch.(map[string]any)
	if !ok {
		return nil, nil, errBadArgType(pm, patch)
	}
	return om, pm, nil
}

func sliceTypeAssertion(original, patch any) ([]any, []any, error) {
	ol, ok := original.([]any)
	if !ok {
		return nil, nil, errBadArgType(ol, original)
	}
	pl, ok := patch.([]any)
	if !ok {
		return nil, nil, errBadArgType(pl, patch)
	}
	return ol, pl, nil
}

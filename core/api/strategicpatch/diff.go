package strategicpatch

import (
	"fmt"
	"reflect"
)

// diffOptions is upstream's DiffOptions.
type diffOptions struct {
	setElementOrder           bool // emit $setElementOrder lists
	ignoreChangesAndAdditions bool // only deletions (the original→modified half of a three-way patch)
	ignoreDeletions           bool // no deletions (the current→modified half)
	buildRetainKeysDirective  bool // the map being diffed has patchStrategy retainKeys
}

// diffMaps returns a strategic merge patch that turns original into
// modified (diffMaps in patch.go): added and changed fields, null for
// removed ones, per-field handling of maps and lists by their patch
// strategy, and a $retainKeys list for retainKeys maps.
func diffMaps(original, modified map[string]any, s *Schema, o diffOptions) (map[string]any, error) {
	patch := map[string]any{}
	retainKeys := make([]any, 0, len(modified))
	for _, key := range sortedKeys(modified) {
		mv := modified[key]
		if o.buildRetainKeysDirective && mv != nil {
			retainKeys = append(retainKeys, key)
		}
		ov, ok := original[key]
		if !ok {
			if !o.ignoreChangesAndAdditions {
				patch[key] = mv
			}
			continue
		}
		if found, err := handleDirectiveMarker(key, ov, mv, patch); err != nil {
			return nil, err
		} else if found {
			continue
		}
		if reflect.TypeOf(ov) != reflect.TypeOf(mv) {
			if !o.ignoreChangesAndAdditions {
				patch[key] = mv
			}
			continue
		}
		var err error
		switch ot := ov.(type) {
		case map[string]any:
			err = handleMapDiff(key, ot, mv.(map[string]any), patch, s, o)
		case []any:
			err = handleSliceDiff(key, ot, mv.([]any), patch, s, o)
		default:
			replacePatchFieldIfNotEqual(key, ov, mv, patch, o)
		}
		if err != nil {
			return nil, err
		}
	}
	if !o.ignoreDeletions { // updatePatchIfMissing
		for key := range original {
			if _, found := modified[key]; !found {
				patch[key] = nil
			}
		}
	}
	if len(retainKeys) > 0 && (len(patch) > 0 || hasAdditionalNewField(original, modified)) {
		patch[retainKeysDirective] = sortScalars(retainKeys)
	}
	return patch, nil
}

// handleDirectiveMarker diffs a $patch key found in both documents.
func handleDirectiveMarker(key string, ov, mv any, patch map[string]any) (bool, error) {
	if key != directiveMarker {
		return false, nil
	}
	os, ok1 := ov.(string)
	ms, ok2 := mv.(string)
	if !ok1 || !ok2 {
		return false, fmt.Errorf("invalid value for special key: %s", directiveMarker)
	}
	if os != ms {
		patch[directiveMarker] = mv
	}
	return true, nil
}

// handleMapDiff diffs a field holding an object: replaced whole under
// patchStrategy replace, diffed recursively otherwise.
func handleMapDiff(key string, ov, mv, patch map[string]any, s *Schema, o diffOptions) error {
	sub, meta, err := s.lookupStruct(key)
	if err != nil {
		// Without metadata no patch can be built, but none is needed if
		// nothing changed.
		if reflect.DeepEqual(ov, mv) {
			return nil
		}
		return err
	}
	retainKeys, strategy, err := extractRetainKeysPatchStrategy(meta.strategies)
	if err != nil {
		return err
	}
	o.buildRetainKeysDirective = retainKeys
	if strategy == replaceDirective {
		if !o.ignoreChangesAndAdditions {
			patch[key] = mv
		}
		return nil
	}
	pv, err := diffMaps(ov, mv, sub, o)
	if err != nil {
		return err
	}
	if len(pv) > 0 {
		patch[key] = pv
	}
	return nil
}

// handleSliceDiff diffs a field holding a list: merged by key (or as a
// set of scalars) under patchStrategy merge, replaced whole otherwise.
func handleSliceDiff(key string, ov, mv []any, patch map[string]any, s *Schema, o diffOptions) error {
	sub, meta, err := s.lookupSlice(key)
	if err != nil {
		if reflect.DeepEqual(ov, mv) {
			return nil
		}
		return err
	}
	retainKeys, strategy, err := extractRetainKeysPatchStrategy(meta.strategies)
	if err != nil {
		return err
	}
	if strategy != mergeDirective {
		replacePatchFieldIfNotEqual(key, ov, mv, patch, o)
		return nil
	}
	o.buildRetainKeysDirective = retainKeys
	add, del, order, err := diffLists(ov, mv, sub, meta.mergeKey, o)
	if err != nil {
		return err
	}
	if len(add) > 0 {
		patch[key] = add
	}
	if len(del) > 0 {
		patch[deleteFromPrimitiveListDirectivePrefix+"/"+key] = del
	}
	if len(order) > 0 {
		patch[setElementOrderDirectivePrefix+"/"+key] = order
	}
	return nil
}

// replacePatchFieldIfNotEqual sets key to the modified value if it changed.
func replacePatchFieldIfNotEqual(key string, ov, mv any, patch map[string]any, o diffOptions) {
	if o.ignoreChangesAndAdditions || reflect.DeepEqual(ov, mv) {
		return
	}
	patch[key] = mv
}

// hasAdditionalNewField reports whether original has a non-null field that
// modified lacks.
func hasAdditionalNewField(original, modified map[string]any) bool {
	for k, v := range original {
		if v == nil {
			continue
		}
		if _, found := modified[k]; !found {
			return true
		}
	}
	return false
}

// diffLists diffs a merging list. It returns the patch list (additions and
// changes, then delete directives for maps), the parallel deletion list
// for scalars, and the $setElementOrder list (diffLists).
func diffLists(original, modified []any, s *Schema, mergeKey string, o diffOptions) (patchList, deleteList, setOrder []any, err error) {
	if len(original) == 0 {
		if len(modified) == 0 || o.ignoreChangesAndAdditions {
			return nil, nil, nil, nil
		}
		return modified, nil, nil, nil
	}
	t, err := sliceElementType(original, modified)
	if err != nil {
		return nil, nil, nil, err
	}
	kind := t.Kind()
	switch kind {
	case reflect.Map:
		patchList, deleteList, err = diffListsOfMaps(original, modified, s, mergeKey, o)
		if err != nil {
			return nil, nil, nil, err
		}
		if patchList, err = normalizeSliceOrder(patchList, modified, mergeKey, kind); err != nil {
			return nil, nil, nil, err
		}
		orderSame, err := isOrderSame(original, modified, mergeKey)
		if err != nil {
			return nil, nil, nil, err
		}
		patchList = append(patchList, deleteList...)
		deleteList = nil
		if o.setElementOrder && ((!o.ignoreChangesAndAdditions && (len(patchList) > 0 || !orderSame)) ||
			(!o.ignoreDeletions && len(patchList) > 0)) {
			setOrder = make([]any, len(modified))
			for i, v := range modified {
				setOrder[i] = map[string]any{mergeKey: v.(map[string]any)[mergeKey]}
			}
		}
	case reflect.Slice:
		return nil, nil, nil, ErrNoListOfLists
	default:
		patchList, deleteList = diffListsOfScalars(original, modified, o)
		if patchList, err = normalizeSliceOrder(patchList, modified, mergeKey, kind); err != nil {
			return nil, nil, nil, err
		}
		// original was sorted in place above, as upstream's is.
		if o.setElementOrder && ((!o.ignoreDeletions && len(deleteList) > 0) ||
			(!o.ignoreChangesAndAdditions && !reflect.DeepEqual(original, modified))) {
			setOrder = modified
		}
	}
	return patchList, deleteList, setOrder, nil
}

// isOrderSame reports whether two lists of maps have the same merge keys
// in the same order.
func isOrderSame(original, modified []any, mergeKey string) (bool, error) {
	if len(original) != len(modified) {
		return false, nil
	}
	for i, m := range modified {
		equal, err := mergeKeyValueEqual(original[i], m, mergeKey)
		if err != nil || !equal {
			return equal, err
		}
	}
	return true, nil
}

// diffListsOfScalars walks both lists sorted by %v and returns the added
// and the removed values (diffListsOfScalars). It sorts original in place.
func diffListsOfScalars(original, modified []any, o diffOptions) ([]any, []any) {
	orig := sortScalars(original)
	mod := sortScalars(append([]any(nil), modified...))
	add, del := []any{}, []any{}
	i, j := 0, 0
	for i < len(orig) || j < len(mod) {
		var os, ms string
		if i < len(orig) {
			os = fmt.Sprintf("%v", orig[i])
		}
		if j < len(mod) {
			ms = fmt.Sprintf("%v", mod[j])
		}
		switch {
		case i < len(orig) && j < len(mod) && os == ms:
			i++
			j++
		case i >= len(orig) || (j < len(mod) && os > ms):
			if !o.ignoreChangesAndAdditions {
				add = append(add, mod[j])
			}
			j++
		default:
			if !o.ignoreDeletions {
				del = append(del, orig[i])
			}
			i++
		}
	}
	return add, deduplicateScalars(del)
}

// diffListsOfMaps walks both lists sorted by merge key and returns the
// patches of added and changed maps, and delete directives for removed
// ones (diffListsOfMaps).
func diffListsOfMaps(original, modified []any, s *Schema, mergeKey string, o diffOptions) ([]any, []any, error) {
	patch := make([]any, 0, len(modified))
	deletions := make([]any, 0, len(original))
	orig, err := sortMergeListByKey(original, mergeKey)
	if err != nil {
		return nil, nil, err
	}
	mod, err := sortMergeListByKey(modified, mergeKey)
	if err != nil {
		return nil, nil, err
	}
	i, j := 0, 0
	for i < len(orig) || j < len(mod) {
		var om, mm map[string]any
		var ok, mk any
		var os, ms string
		if i < len(orig) {
			if om, ok, err = mapAndMergeKeyValue(orig[i], mergeKey); err != nil {
				return nil, nil, err
			}
			os = fmt.Sprintf("%v", ok)
		}
		if j < len(mod) {
			if mm, mk, err = mapAndMergeKeyValue(mod[j], mergeKey); err != nil {
				return nil, nil, err
			}
			ms = fmt.Sprintf("%v", mk)
		}
		both := i < len(orig) && j < len(mod)
		switch {
		case both && os == ms:
			pv, err := diffMaps(om, mm, s, o)
			if err != nil {
				return nil, nil, err
			}
			if len(pv) > 0 {
				pv[mergeKey] = mk
				patch = append(patch, pv)
			}
			i++
			j++
		case i >= len(orig) || (both && os > ms):
			if !o.ignoreChangesAndAdditions {
				patch = append(patch, mm)
			}
			j++
		default:
			if !o.ignoreDeletions {
				deletions = append(deletions, map[string]any{mergeKey: ok, directiveMarker: deleteDirective})
			}
			i++
		}
	}
	return patch, deletions, nil
}

// mapAndMergeKeyValue is getMapAndMergeKeyValueByIndex.
func mapAndMergeKeyValue(v any, mergeKey string) (map[string]any, any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, nil, errBadArgType(m, v)
	}
	val, ok := m[mergeKey]
	if !ok {
		return nil, nil, errNoMergeKey(m, mergeKey)
	}
	return m, val, nil
}

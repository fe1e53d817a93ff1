package strategicpatch

import (
	"fmt"
	"reflect"

	"github.com/kubeplay/kubeplay/core/api"
)

// strategicMergePatch applies a strategic merge patch to a JSON document of
// the given kind and returns the result (strategicpatch.StrategicMergePatch):
// objects merge key by key and null deletes; lists whose field has
// patchStrategy merge are merged by their merge key (or as a set of
// scalars) and honour $patch: delete|replace elements; other lists, and
// objects with patchStrategy replace, are replaced; $patch, $retainKeys,
// $setElementOrder/<list> and $deleteFromPrimitiveList/<list> directives
// apply. A nil document counts as {}; anything else that is not a JSON
// object is ErrBadJSONDoc.
func strategicMergePatch(original, patch []byte, kind *api.KindInfo) ([]byte, error) {
	return StrategicMergePatchUsingSchema(original, patch, SchemaFor(kind))
}

// StrategicMergePatchUsingSchema is strategicMergePatch for any schema
// (StrategicMergePatchUsingLookupPatchMeta).
func StrategicMergePatchUsingSchema(original, patch []byte, s *Schema) ([]byte, error) {
	om, err := handleUnmarshal(original)
	if err != nil {
		return nil, err
	}
	pm, err := handleUnmarshal(patch)
	if err != nil {
		return nil, err
	}
	result, err := StrategicMergeMapPatch(om, pm, s)
	if err != nil {
		return nil, err
	}
	return encode(result)
}

// handleUnmarshal decodes one document of StrategicMergePatch.
func handleUnmarshal(j []byte) (map[string]any, error) {
	if j == nil {
		return map[string]any{}, nil
	}
	m, err := DecodeMap(j)
	if err != nil {
		return nil, ErrBadJSONDoc
	}
	return m, nil
}

// StrategicMergeMapPatch applies a patch to decoded documents
// (StrategicMergeMapPatchUsingLookupPatchMeta), as the API server does:
// parallel lists are applied and nulls with nothing to delete dropped.
// Both maps are modified; use the result.
func StrategicMergeMapPatch(original, patch map[string]any, s *Schema) (map[string]any, error) {
	if err := checkSchema(s); err != nil {
		return nil, err
	}
	return mergeMap(original, patch, s, mergeOptions{mergeParallelList: true, ignoreUnmatchedNulls: true})
}

// checkSchema models getTagStructType: patches need a struct's schema.
func checkSchema(s *Schema) error {
	switch {
	case s == nil:
		return errBadArgKind(struct{}{}, nil)
	case s.kind != reflect.Struct:
		return fmt.Errorf("expected a struct, but received a %s", s.kind)
	}
	return nil
}

// CreateTwoWayMergePatch returns the patch that turns original into
// modified (strategicpatch.CreateTwoWayMergePatch), with $setElementOrder
// lists. kubectl builds its patches this way for set image, label,
// annotate, rollout pause/resume/restart and edit.
func CreateTwoWayMergePatch(original, modified []byte, kind *api.KindInfo) ([]byte, error) {
	return CreateTwoWayMergePatchUsingSchema(original, modified, SchemaFor(kind))
}

// CreateTwoWayMergePatchUsingSchema is CreateTwoWayMergePatch for any schema.
func CreateTwoWayMergePatchUsingSchema(original, modified []byte, s *Schema) ([]byte, error) {
	om, err := decodeDoc(original)
	if err != nil {
		return nil, err
	}
	mm, err := decodeDoc(modified)
	if err != nil {
		return nil, err
	}
	if err := checkSchema(s); err != nil {
		return nil, err
	}
	patch, err := diffMaps(om, mm, s, diffOptions{setElementOrder: true})
	if err != nil {
		return nil, err
	}
	return encode(patch)
}

// CreateThreeWayMergePatch returns the patch kubectl apply sends
// (strategicpatch.CreateThreeWayMergePatch with overwrite=true): original is
// the last-applied configuration, modified the new manifest, current the
// live object. Deletions come from original→modified only, so fields other
// writers added stay; additions and changes come from current→modified, so
// the manifest wins wherever it says something. The two halves are merged
// client side (parallel lists and nulls kept). Empty documents count as {}.
//
// Conflicts are not checked: kubectl apply always overwrites.
func CreateThreeWayMergePatch(original, modified, current []byte, kind *api.KindInfo) ([]byte, error) {
	return CreateThreeWayMergePatchUsingSchema(original, modified, current, SchemaFor(kind))
}

// CreateThreeWayMergePatchUsingSchema is CreateThreeWayMergePatch for any schema.
func CreateThreeWayMergePatchUsingSchema(original, modified, current []byte, s *Schema) ([]byte, error) {
	var docs [3]map[string]any
	for i, b := range [][]byte{original, modified, current} {
		m, err := decodeDoc(b)
		if err != nil {
			return nil, err
		}
		docs[i] = m
	}
	if err := checkSchema(s); err != nil {
		return nil, err
	}
	om, mm, cm := docs[0], docs[1], docs[2]
	delta, err := diffMaps(cm, mm, s, diffOptions{ignoreDeletions: true, setElementOrder: true})
	if err != nil {
		return nil, err
	}
	deletions, err := diffMaps(om, mm, s, diffOptions{setElementOrder: true, ignoreChangesAndAdditions: true})
	if err != nil {
		return nil, err
	}
	patch, err := mergeMap(deletions, delta, s, mergeOptions{})
	if err != nil {
		return nil, err
	}
	return encode(patch)
}

package apiserver

import "encoding/json"

// applyMergePatch is the PatchFunc for MergePatchType: JSON merge patch
// (RFC 7386), as jsonpatch.MergePatch applies it. An object patch merges
// key by key (null deletes, nested objects merge, anything else replaces);
// an array patch replaces the whole document (which then fails to decode as
// an object, an Invalid error); null or a scalar is "Invalid JSON Patch".
func applyMergePatch(original, patch []byte) ([]byte, error) {
	p, err := decodeJSON(patch)
	if err != nil {
		return nil, NewBadRequest("Invalid JSON Patch")
	}
	var result any
	switch pv := p.(type) {
	case map[string]any:
		doc, err := decodeJSON(original)
		if err != nil {
			return nil, NewInternalError(err)
		}
		result = mergeObject(doc, pv)
	case []any:
		result = pruneNulls(pv)
	default:
		return nil, NewBadRequest("Invalid JSON Patch")
	}
	return json.Marshal(result)
}

// mergeObject applies an object patch to target (RFC 7386 MergePatch).
func mergeObject(target any, patch map[string]any) map[string]any {
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range patch {
		switch pv := v.(type) {
		case nil:
			delete(t, k)
		case map[string]any:
			t[k] = mergeObject(t[k], pv)
		default:
			t[k] = pruneNulls(v)
		}
	}
	return t
}

// pruneNulls drops null members and elements from a value the patch
// inserts whole, as jsonpatch does for values with nothing to merge into.
func pruneNulls(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if x == nil {
				delete(t, k)
			} else {
				t[k] = pruneNulls(x)
			}
		}
	case []any:
		out := t[:0]
		for _, x := range t {
			if x != nil {
				out = append(out, pruneNulls(x))
			}
		}
		return out
	}
	return v
}

package printers

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// ToUnstructured converts an object to the generic form kubectl works on
// after reading it from the API server (unstructured.Unstructured's
// content): map[string]any, []any, string, bool, nil, and numbers as int64
// when integral, float64 otherwise (apimachinery's util/json). apiVersion
// and kind are filled in from the object's type when missing. jsonpath,
// custom-columns and --sort-by read this form, so the values they see are
// exactly those `-o json` prints.
func ToUnstructured(obj api.Object) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	v, err := decodeGeneric(data)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%T did not encode to a JSON object", obj)
	}
	if info := api.KindOf(obj); info != nil {
		if _, ok := m["apiVersion"]; !ok {
			m["apiVersion"] = info.APIVersion()
		}
		if _, ok := m["kind"]; !ok {
			m["kind"] = info.Kind
		}
	}
	return m, nil
}

// unstructuredList wraps items the way kubectl get's printGeneric does when
// more than one object (or a whole collection) is printed: a v1 List whose
// metadata carries an empty resourceVersion.
func unstructuredList(items []map[string]any) map[string]any {
	list := make([]any, len(items))
	for i, it := range items {
		list[i] = it
	}
	return map[string]any{
		"apiVersion": "v1",
		"items":      list,
		"kind":       "List",
		"metadata":   map[string]any{"resourceVersion": ""},
	}
}

// decodeGeneric decodes JSON, keeping integers exact.
func decodeGeneric(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return convertNumbers(v), nil
}

// convertNumbers turns json.Number into int64, or float64 when it is not an
// integer (apimachinery's json.convertNumber).
func convertNumbers(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = convertNumbers(e)
		}
	case []any:
		for i, e := range t {
			t[i] = convertNumbers(e)
		}
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	}
	return v
}

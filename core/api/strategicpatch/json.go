package strategicpatch

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// DecodeMap parses a JSON object the way apimachinery's util/json.Unmarshal
// does for a map[string]interface{} target: numbers become int64 when they
// are integers that fit, float64 otherwise; null gives an empty map. The
// error, if any, is encoding/json's, word for word (the API server's PATCH
// handler puts it in its 400 message).
func DecodeMap(data []byte) (map[string]any, error) {
	// The first pass is for the error text: upstream decodes into a
	// map[string]interface{}, and json names that type in its errors.
	var probe map[string]any
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, err
	}
	if probe == nil {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	for k, v := range m {
		m[k] = convertNumbers(v)
	}
	return m, nil
}

// convertNumbers replaces json.Number values by int64 or float64
// (util/json's convertMapNumbers and convertSliceNumbers).
func convertNumbers(v any) any {
	switch t := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return i
		}
		f, _ := strconv.ParseFloat(string(t), 64)
		return f
	case map[string]any:
		for k, x := range t {
			t[k] = convertNumbers(x)
		}
	case []any:
		for i, x := range t {
			t[i] = convertNumbers(x)
		}
	}
	return v
}

// decodeDoc is decodeMap for the documents the diff functions take, where
// an empty input means an empty object and any failure is ErrBadJSONDoc
// (CreateTwoWayMergePatch, CreateThreeWayMergePatch, handleUnmarshal).
func decodeDoc(data []byte) (map[string]any, error) {
	if len(data) == 0 {
		return map[string]any{}, nil
	}
	m, err := DecodeMap(data)
	if err != nil {
		return nil, ErrBadJSONDoc
	}
	return m, nil
}

// encode marshals a result. Maps come out with sorted keys, so equal
// documents are equal bytes.
func encode(m map[string]any) ([]byte, error) {
	if m == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(m)
}

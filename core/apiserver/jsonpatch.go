package apiserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file implements JSON Patch (RFC 6902) over decoded JSON, as the API
// server does with evanphx/json-patch for application/json-patch+json.

// decodeJSON decodes one JSON value, keeping numbers exact (json.Number).
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("invalid character after top-level value")
	}
	return v, nil
}

// jsonPatchOp is one operation of a JSON patch.
type jsonPatchOp struct {
	op, path, from string
	value          any
	hasValue       bool
}

// decodeJSONPatch models jsonpatch.DecodePatch: the document must be an
// array of objects; a malformed one is a 400 BadRequest.
func decodeJSONPatch(data []byte) ([]jsonPatchOp, error) {
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type jsonpatch.Patch", te.Value)
		}
		return nil, err
	}
	ops := make([]jsonPatchOp, 0, len(raw))
	for _, r := range raw {
		var op jsonPatchOp
		for _, f := range []struct {
			key string
			dst *string
		}{{"op", &op.op}, {"path", &op.path}, {"from", &op.from}} {
			if v, ok := r[f.key]; ok {
				if err := json.Unmarshal(v, f.dst); err != nil {
					return nil, fmt.Errorf("json patch %s: %v", f.key, err)
				}
			}
		}
		if v, ok := r["value"]; ok {
			val, err := decodeJSON(v)
			if err != nil {
				return nil, err
			}
			op.value, op.hasValue = val, true
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// applyJSONPatch is the PatchFunc for JSONPatchType. A malformed patch is a
// BadRequest; one that does not apply is the generic 422 the API server
// sends, with the reason kept as the error's cause.
func applyJSONPatch(original, patch []byte) ([]byte, error) {
	ops, err := decodeJSONPatch(patch)
	if err != nil {
		return nil, NewBadRequest(err.Error())
	}
	doc, err := decodeJSON(original)
	if err != nil {
		return nil, NewInternalError(err)
	}
	for _, op := range ops {
		if doc, err = op.apply(doc); err != nil {
			se := newUnprocessable()
			se.cause = err
			return nil, se
		}
	}
	return json.Marshal(doc)
}

func (op jsonPatchOp) apply(doc any) (any, error) {
	path, err := parsePointer(op.path)
	if err != nil {
		return nil, err
	}
	switch op.op {
	case "add":
		if !op.hasValue {
			return nil, errors.New("add operation has no value")
		}
		return addAt(doc, path, op.value)
	case "remove":
		return removeAt(doc, path)
	case "replace":
		if !op.hasValue {
			return nil, errors.New("replace operation has no value")
		}
		if _, err := getAt(doc, path); err != nil {
			return nil, fmt.Errorf("replace operation does not apply: %v", err)
		}
		if len(path) == 0 {
			return op.value, nil
		}
		return modifyAt(doc, path, func(c any, tok string) (any, error) { return setChild(c, tok, op.value, false) })
	case "move", "copy":
		from, err := parsePointer(op.from)
		if err != nil {
			return nil, err
		}
		v, err := getAt(doc, from)
		if err != nil {
			return nil, fmt.Errorf("%s operation does not apply: %v", op.op, err)
		}
		if op.op == "move" {
			if op.path != op.from && strings.HasPrefix(op.path, op.from+"/") {
				return nil, errors.New("move operation cannot move a value into one of its children")
			}
			if doc, err = removeAt(doc, from); err != nil {
				return nil, err
			}
		} else {
			v = copyJSON(v)
		}
		return addAt(doc, path, v)
	case "test":
		v, err := getAt(doc, path)
		if err != nil {
			return nil, fmt.Errorf("test operation does not apply: %v", err)
		}
		if !jsonEqual(v, op.value) {
			return nil, fmt.Errorf("testing value %s failed", op.path)
		}
		return doc, nil
	}
	return nil, fmt.Errorf("Unexpected kind: %s", op.op)
}

// parsePointer splits a JSON pointer (RFC 6901) into unescaped tokens.
func parsePointer(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if p[0] != '/' {
		return nil, fmt.Errorf("JSON pointer %q must start with /", p)
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks, nil
}

// arrayIndex parses an array index token; end allows index == n.
func arrayIndex(tok string, n int, end bool) (int, error) {
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || (len(tok) > 1 && tok[0] == '0') {
		return 0, fmt.Errorf("invalid array index %q", tok)
	}
	if i > n || (i == n && !end) {
		return 0, fmt.Errorf("array index %d out of bounds", i)
	}
	return i, nil
}

// getAt returns the value at path.
func getAt(doc any, path []string) (any, error) {
	cur := doc
	for _, tok := range path {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, fmt.Errorf("doc is missing key: %s", tok)
			}
			cur = v
		case []any:
			i, err := arrayIndex(tok, len(c), false)
			if err != nil {
				return nil, err
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("doc is missing path: %s", tok)
		}
	}
	return cur, nil
}

// modifyAt rebuilds the containers along path, letting f produce the new
// parent of the last token.
func modifyAt(doc any, path []string, f func(container any, tok string) (any, error)) (any, error) {
	if len(path) == 1 {
		return f(doc, path[0])
	}
	child, err := getAt(doc, path[:1])
	if err != nil {
		return nil, err
	}
	child, err = modifyAt(child, path[1:], f)
	if err != nil {
		return nil, err
	}
	return setChild(doc, path[0], child, false)
}

// setChild sets container[tok] = v; with insert, an array gains an element.
func setChild(container any, tok string, v any, insert bool) (any, error) {
	switch c := container.(type) {
	case map[string]any:
		if !insert {
			if _, ok := c[tok]; !ok {
				return nil, fmt.Errorf("doc is missing key: %s", tok)
			}
		}
		c[tok] = v
		return c, nil
	case []any:
		if insert {
			i := len(c)
			if tok != "-" {
				var err error
				if i, err = arrayIndex(tok, len(c), true); err != nil {
					return nil, err
				}
			}
			c = append(c, nil)
			copy(c[i+1:], c[i:])
			c[i] = v
			return c, nil
		}
		i, err := arrayIndex(tok, len(c), false)
		if err != nil {
			return nil, err
		}
		c[i] = v
		return c, nil
	}
	return nil, fmt.Errorf("doc is missing path: %s", tok)
}

func addAt(doc any, path []string, v any) (any, error) {
	if len(path) == 0 {
		return v, nil
	}
	d, err := modifyAt(doc, path, func(c any, tok string) (any, error) { return setChild(c, tok, v, true) })
	if err != nil {
		return nil, fmt.Errorf("add operation does not apply: %v", err)
	}
	return d, nil
}

func removeAt(doc any, path []string) (any, error) {
	if len(path) == 0 {
		return nil, errors.New("remove operation does not apply: cannot remove the whole document")
	}
	d, err := modifyAt(doc, path, func(container any, tok string) (any, error) {
		switch c := container.(type) {
		case map[string]any:
			if _, ok := c[tok]; !ok {
				return nil, fmt.Errorf("doc is missing key: %s", tok)
			}
			delete(c, tok)
			return c, nil
		case []any:
			i, err := arrayIndex(tok, len(c), false)
			if err != nil {
				return nil, err
			}
			return append(c[:i:i], c[i+1:]...), nil
		}
		return nil, fmt.Errorf("doc is missing path: %s", tok)
	})
	if err != nil {
		return nil, fmt.Errorf("remove operation does not apply: %v", err)
	}
	return d, nil
}

// copyJSON deep-copies a decoded JSON value.
func copyJSON(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = copyJSON(x)
		}
		return m
	case []any:
		s := make([]any, len(t))
		for i, x := range t {
			s[i] = copyJSON(x)
		}
		return s
	}
	return v
}

// jsonEqual compares decoded JSON values; numbers compare by value.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		if x == y {
			return true
		}
		fx, errx := x.Float64()
		fy, erry := y.Float64()
		return errx == nil && erry == nil && fx == fy
	}
	return a == b
}

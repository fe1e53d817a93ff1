package apiserver

import (
	"testing"
)

// jsonEq compares two JSON texts by value.
func jsonEq(t *testing.T, got []byte, want string) bool {
	t.Helper()
	g, err := decodeJSON(got)
	if err != nil {
		t.Fatalf("bad output %s: %v", got, err)
	}
	w, err := decodeJSON([]byte(want))
	if err != nil {
		t.Fatalf("bad want %s: %v", want, err)
	}
	return jsonEqual(g, w)
}

// Cases from RFC 6902 appendix A.
func TestJSONPatchRFC6902(t *testing.T) {
	cases := []struct {
		name, doc, patch, want string
		fail                   bool
	}{
		{"A.1 add member", `{"foo":"bar"}`, `[{"op":"add","path":"/baz","value":"qux"}]`, `{"baz":"qux","foo":"bar"}`, false},
		{"A.2 add array element", `{"foo":["bar","baz"]}`, `[{"op":"add","path":"/foo/1","value":"qux"}]`, `{"foo":["bar","qux","baz"]}`, false},
		{"A.3 remove member", `{"baz":"qux","foo":"bar"}`, `[{"op":"remove","path":"/baz"}]`, `{"foo":"bar"}`, false},
		{"A.4 remove element", `{"foo":["bar","qux","baz"]}`, `[{"op":"remove","path":"/foo/1"}]`, `{"foo":["bar","baz"]}`, false},
		{"A.5 replace", `{"baz":"qux","foo":"bar"}`, `[{"op":"replace","path":"/baz","value":"boo"}]`, `{"baz":"boo","foo":"bar"}`, false},
		{"A.6 move member", `{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}`,
			`[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]`,
			`{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}`, false},
		{"A.7 move element", `{"foo":["all","grass","cows","eat"]}`, `[{"op":"move","from":"/foo/1","path":"/foo/3"}]`,
			`{"foo":["all","cows","eat","grass"]}`, false},
		{"A.8 test ok", `{"baz":"qux","foo":["a",2,"c"]}`,
			`[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]`,
			`{"baz":"qux","foo":["a",2,"c"]}`, false},
		{"A.9 test fails", `{"baz":"qux"}`, `[{"op":"test","path":"/baz","value":"bar"}]`, "", true},
		{"A.10 add nested", `{"foo":"bar"}`, `[{"op":"add","path":"/child","value":{"grandchild":{}}}]`,
			`{"foo":"bar","child":{"grandchild":{}}}`, false},
		{"A.12 add to nonexistent target", `{"foo":"bar"}`, `[{"op":"add","path":"/baz/bat","value":"qux"}]`, "", true},
		{"A.14 escapes", `{"/":9,"~1":10}`, `[{"op":"test","path":"/~01","value":10}]`, `{"/":9,"~1":10}`, false},
		{"A.15 string is not number", `{"/":9,"~1":10}`, `[{"op":"test","path":"/~01","value":"10"}]`, "", true},
		{"A.16 append with -", `{"foo":["bar"]}`, `[{"op":"add","path":"/foo/-","value":["abc","def"]}]`,
			`{"foo":["bar",["abc","def"]]}`, false},
		{"copy", `{"a":{"b":1}}`, `[{"op":"copy","from":"/a","path":"/c"}]`, `{"a":{"b":1},"c":{"b":1}}`, false},
		{"replace missing", `{"a":1}`, `[{"op":"replace","path":"/b","value":1}]`, "", true},
		{"index out of range", `{"a":[1]}`, `[{"op":"add","path":"/a/5","value":1}]`, "", true},
		{"leading zero index", `{"a":[1,2]}`, `[{"op":"remove","path":"/a/01"}]`, "", true},
		{"move into child", `{"a":{"b":1}}`, `[{"op":"move","from":"/a","path":"/a/c"}]`, "", true},
		{"unknown op", `{}`, `[{"op":"frob","path":"/a"}]`, "", true},
		{"replace root", `{"a":1}`, `[{"op":"replace","path":"","value":{"b":2}}]`, `{"b":2}`, false},
		{"numbers by value", `{"a":1}`, `[{"op":"test","path":"/a","value":1.0}]`, `{"a":1}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := applyJSONPatch([]byte(c.doc), []byte(c.patch))
			if c.fail {
				if err == nil || !IsInvalid(err) {
					t.Fatalf("want the generic 422, got %s, %v", got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEq(t, got, c.want) {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
	if _, err := applyJSONPatch([]byte(`{}`), []byte(`not json`)); !IsBadRequest(err) {
		t.Errorf("malformed patch: %v", err)
	}
}

// Cases from RFC 7386 appendix A.
func TestMergePatchRFC7386(t *testing.T) {
	cases := []struct{ doc, patch, want string }{
		{`{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
		{`{"a":"b"}`, `{"a":null}`, `{}`},
		{`{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
		{`{"a":["b"]}`, `{"a":"c"}`, `{"a":"c"}`},
		{`{"a":"c"}`, `{"a":["b"]}`, `{"a":["b"]}`},
		{`{"a":{"b":"c"}}`, `{"a":{"b":"d","c":null}}`, `{"a":{"b":"d"}}`},
		{`{"a":[{"b":"c"}]}`, `{"a":[1]}`, `{"a":[1]}`},
		{`{"e":null}`, `{"a":1}`, `{"e":null,"a":1}`},
		{`[1,2]`, `{"a":"b","c":null}`, `{"a":"b"}`},
		{`{}`, `{"a":{"bb":{"ccc":null}}}`, `{"a":{"bb":{}}}`},
		{`{"a":"b"}`, `["c"]`, `["c"]`},
	}
	for _, c := range cases {
		got, err := applyMergePatch([]byte(c.doc), []byte(c.patch))
		if err != nil {
			t.Errorf("%s + %s: %v", c.doc, c.patch, err)
			continue
		}
		if !jsonEq(t, got, c.want) {
			t.Errorf("%s + %s = %s, want %s", c.doc, c.patch, got, c.want)
		}
	}
	for _, bad := range []string{`null`, `"x"`, `3`, `{`} {
		if _, err := applyMergePatch([]byte(`{}`), []byte(bad)); KubectlMessage(err) != "Error from server (BadRequest): Invalid JSON Patch" {
			t.Errorf("merge patch %s: %v", bad, err)
		}
	}
}

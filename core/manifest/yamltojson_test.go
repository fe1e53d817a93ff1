package manifest

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestYAMLToJSON pins sigs.k8s.io/yaml.YAMLToJSON's answers (yaml.v2
// resolution, then encoding/json), which kubectl patch -p gets.
func TestYAMLToJSON(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{in: "replicas: 3", want: `{"replicas":3}`},
		{in: "spec: {paused: yes}", want: `{"spec":{"paused":true}}`},
		{in: "metadata:\n  labels:\n    b: '1'\n    a: 2\n", want: `{"metadata":{"labels":{"a":2,"b":"1"}}}`},
		{in: "- a\n- b", want: `["a","b"]`},
		{in: "x: 1.0", want: `{"x":1}`},
		{in: "x: 1e3", want: `{"x":1000}`},
		{in: "x: 0x1F", want: `{"x":31}`},
		{in: "x: ~", want: `{"x":null}`},
		{in: "x: 2001-12-14", want: `{"x":"2001-12-14"}`},
		{in: "1: a", want: `{"1":"a"}`},
		{in: "a: &x 1\nb: *x", want: `{"a":1,"b":1}`},
		{in: "a: 1\na: 2", want: `{"a":2}`},      // the last duplicate wins, as in a map
		{in: "a: 1\n---\nb: 2", want: `{"a":1}`}, // the first document only
		{in: "", want: "null"},
		{in: "# only a comment\n", want: "null"},
		{in: "--- null", want: "null"},
		{in: "x: [", err: "yaml: line 1: "},
		{in: "{", err: "yaml: line 1: "},
		{in: "x: .nan", err: "json: unsupported value: NaN"},
	} {
		got, err := YAMLToJSON([]byte(tt.in))
		switch {
		case tt.err != "":
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("YAMLToJSON(%q) error = %v, want one starting %q", tt.in, err, tt.err)
			}
		case err != nil || string(got) != tt.want:
			t.Errorf("YAMLToJSON(%q) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

func TestYAMLToJSONRefusesOversizedInput(t *testing.T) {
	if _, err := YAMLToJSON(make([]byte, MaxBytes+1)); err == nil {
		t.Error("no error for an input over MaxBytes")
	}
}

func FuzzYAMLToJSON(f *testing.F) {
	for _, s := range []string{"replicas: 3", "spec: {paused: yes}", "- a\n- b", "a: &x [*x]", "x: [", "--- |\n  text\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := YAMLToJSON([]byte(s))
		if err == nil && !json.Valid(out) {
			t.Fatalf("YAMLToJSON(%q) = %q, which is not JSON", s, out)
		}
	})
}

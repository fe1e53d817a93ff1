package manifest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// FuzzDecode checks, for any input, that Decode
//   - returns without panicking, quickly;
//   - fails only with a *Error whose position exists in the input;
//   - succeeds only with objects whose YAML and JSON encodings decode back
//     to objects that encode the same way (so the encoder's quoting and
//     folding always read back, and nothing is lost or coerced).
//
// The seed corpus is testdata/fuzz/FuzzDecode: the testdata manifests, the
// error cases, the pitfalls in small, JSON, anchors, block scalars; and
// the small seeds below, which the mutator turns into new shapes far
// faster than it edits a 2 KB Deployment.
//
// There is no time limit per input: it used to fail any input that took a
// second, which on a loaded machine was any input now and then, and the
// fuzzer then spent its whole run minimizing a failure it could not
// reproduce (37 executions in 120 s). Slow inputs are the limits' and the
// hostile-input tests' business.
func FuzzDecode(f *testing.F) {
	for _, name := range []string{"deployment.yaml", "replicaset.yaml", "pod.yaml", "service.yaml", "cluster.yaml"} {
		f.Add(readTestdata(f, name))
	}
	for _, s := range []string{
		"", "a: 1", "kind: Pod", "- x", "{a: [1, {b: c}]}", "[1, 2", "a: &x 1\nb: *x\n", "a: |\n  x\n",
		"---\n---\n", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n",
		"apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: {replicas: 2}\n",
		`{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"}}`, "kind: List\nitems:\n- kind: Pod\n",
		"a: 'q''q'\nb: \"\\t\"\n", "? a\n: b\n", "a:\n\tb: 1\n", "kind: Pod\nspec:\n  containers:\n  - name: c\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		docs, err := DecodeDocuments(src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not *Error: %v", err, err)
			}
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("recovered panic: %v", e)
			}
			checkErrorPosition(t, e, src)
			return
		}
		for _, d := range docs {
			for name, encode := range map[string]func(api.Object) ([]byte, error){"yaml": EncodeYAML, "json": EncodeJSON} {
				// One round may still change the text: omitempty drops
				// an empty map the input wrote ("labels: {}"),
				// a quantity or a timestamp gets its canonical form.
				// After that the text must be a fixed point.
				first := mustEncode(t, name, encode, d.Object)
				second := mustEncode(t, name, encode, mustDecodeOwn(t, name, first))
				third := mustEncode(t, name, encode, mustDecodeOwn(t, name, second))
				if !bytes.Equal(second, third) {
					t.Fatalf("%s encoding is not stable:\n%s\n---\n%s", name, second, third)
				}
			}
		}
	})
}

func mustEncode(t *testing.T, name string, encode func(api.Object) ([]byte, error), obj api.Object) []byte {
	t.Helper()
	text, err := encode(obj)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return text
}

// mustDecodeOwn decodes the encoder's own output, which must always work.
func mustDecodeOwn(t *testing.T, name string, text []byte) api.Object {
	t.Helper()
	objs, err := Decode(text)
	if err != nil {
		t.Fatalf("%s output does not decode: %v\n%s", name, err, text)
	}
	if len(objs) != 1 {
		t.Fatalf("%s output decodes to %d objects:\n%s", name, len(objs), text)
	}
	return objs[0]
}

// FuzzEncodeString checks the YAML emitter's quoting, escaping and
// folding: any string, as a map key and as a value, reads back unchanged.
func FuzzEncodeString(f *testing.F) {
	for _, s := range []string{"", "yes", "1.10", "a: b", "- x", "*", " lead", "tab\t", "a\nb\n", "\n",
		"😀", "\u0085", "x\u2028y", "# c", "'q'", "\"q\"", "---", "...", "1:20", "<<", "~",
		strings.Repeat("word ", 30), strings.Repeat("x", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Count(s, "[")+strings.Count(s, "{") > maxQuotedBrackets/2 {
			t.Skip("over the guard's limit on brackets in quoted strings")
		}
		want := string([]rune(s)) // encoding/json writes invalid UTF-8 as U+FFFD
		p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Labels: map[string]string{"k": s},
			Annotations: map[string]string{"k" + s: "v"}}}
		y, err := EncodeYAML(p)
		if err != nil {
			t.Fatal(err)
		}
		objs, err := Decode(y)
		if err != nil {
			t.Fatalf("%q: %v\n%s", s, err, y)
		}
		back := objs[0].(*api.Pod)
		if back.Labels["k"] != want || back.Annotations["k"+want] != "v" {
			t.Fatalf("%q read back as %q / %q\n%s", s, back.Labels["k"], back.Annotations, y)
		}
	})
}

func checkErrorPosition(t *testing.T, e *Error, src []byte) {
	t.Helper()
	if e.Msg == "" || e.Class == 0 {
		t.Fatalf("error without class or message: %#v", e)
	}
	if e.Line == 0 {
		if e.Class != ClassLimit || e.Doc != 0 {
			t.Fatalf("error without a line: %#v", e)
		}
		return
	}
	lines := 1 + bytes.Count(src, []byte("\n"))
	if e.Line < 1 || e.Column < 1 || e.Line > lines+bytes.Count(src, []byte("\r")) || e.Doc < 1 {
		t.Fatalf("error outside the input (%d lines): %#v", lines, e)
	}
	if e.SourceLine(src) == "" && bytes.IndexByte(src, '\r') < 0 {
		t.Fatalf("no source line for %#v", e)
	}
}

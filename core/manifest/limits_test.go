package manifest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestSizeLimit(t *testing.T) {
	ns := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: big\n"
	pad := func(n int) []byte {
		// A comment fills the rest: the size counts, not the content.
		return []byte(ns + "#" + strings.Repeat("x", n-len(ns)-2) + "\n")
	}
	if objs, err := Decode(pad(MaxBytes)); err != nil || len(objs) != 1 {
		t.Fatalf("exactly MaxBytes: %v, %v", objs, err)
	}
	for n, msg := range map[int]string{
		MaxBytes + 1:     "manifest is 1048577 bytes; the limit is 1 MiB",
		MaxBytes * 3 / 2: "manifest is 1.5 MiB; the limit is 1 MiB",
		MaxBytes * 2:     "manifest is 2 MiB; the limit is 1 MiB",
	} {
		_, err := Decode(pad(n))
		checkError(t, err, ClassLimit, 0, 0, 0, 0, "", msg)
	}
}

// TestHostileInputs feeds 1 MiB inputs of the shapes that are slow in
// goccy or in a naive decoder: every one must end, without panicking, with
// a result or an error. A hang fails the run at go test's -timeout, with
// the stuck goroutine's stack; how long each shape takes is measured by
// BenchmarkHostileInputs (about 0.6 s for the worst on an idle machine),
// not asserted here, where a loaded machine would make it flaky.
func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for name, src := range hostileInputs() {
		t.Run(name, func(t *testing.T) {
			_, err := Decode([]byte(src))
			t.Logf("%d bytes: %.100v", len(src), err)
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Errorf("error %T is not *Error", err)
				}
			}
		})
	}
}

// BenchmarkHostileInputs times each hostile shape's decode.
func BenchmarkHostileInputs(b *testing.B) {
	for name, src := range hostileInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Decode([]byte(src))
			}
		})
	}
}

// hostileInputs returns the 1 MiB inputs by the name of their shape.
func hostileInputs() map[string]string {
	fill := func(unit string) string { return strings.Repeat(unit, MaxBytes/len(unit)) }
	lines := func(f func(i int) string) string {
		var b strings.Builder
		for i := 0; ; i++ {
			s := f(i)
			if b.Len()+len(s) > MaxBytes {
				return b.String()
			}
			b.WriteString(s)
		}
	}
	return map[string]string{
		"flow brackets":       fill("["),
		"flow mappings":       fill("{a: "),
		"compact sequences":   fill("- "),
		"growing indentation": lines(func(i int) string { return strings.Repeat(" ", i) + "a:\n" }),
		"colons":              fill("a: "),
		"anchors":             fill("&a "),
		"aliases":             "a: &a [1,2,3,4,5,6,7,8,9,10]\n" + lines(func(i int) string { return fmt.Sprintf("b%d: *a\n", i) }),
		"quotes":              fill("'a'"),
		"dashes":              fill("-"),
		"comment lines":       "a: 1\n" + fill("#\n")[:MaxBytes-10],
		"blank lines":         fill("\n"),
		"empty documents":     fill("---\n"),
		"markers":             fill("--- ...\n"),
		"one long scalar":     "a: " + fill("x ")[:MaxBytes-4],
		"one long quote":      "a: \"" + fill("x")[:MaxBytes-6] + "\"",
		"unterminated quote":  "a: \"" + fill("x\n")[:MaxBytes-6],
		"flow sequence":       "[" + fill("0,")[:MaxBytes-3] + "0]",
		"flow mapping":        "{" + lines(func(i int) string { return fmt.Sprintf("\"k%d\": 1, ", i) })[:MaxBytes-10] + "z: 1}",
		"block sequence":      "a:\n" + lines(func(i int) string { return fmt.Sprintf("- v%d\n", i) }),
		"sequence of maps":    "a:\n" + lines(func(i int) string { return fmt.Sprintf("- a: %d\n  b: 2\n", i) }),
		"mappings of 1000": lines(func(i int) string {
			return fmt.Sprintf("%s  k%d: v\n", map[bool]string{true: fmt.Sprintf("m%d:\n", i)}[i%1000 == 0], i)
		}),
		"many documents": lines(func(i int) string { return "---\napiVersion: v1\nkind: Namespace\n" }),
		"block scalar":   "a: |\n" + lines(func(i int) string { return "  [[ - - x: y ]]\n" }),
		"invalid UTF-8":  fill("a: \xff\xfe\n"),
		"NUL bytes":      fill("\x00"),
		"lone CRs":       fill("a:\r"),
	}
}

// TestGuardNoFalseAlarms: the line scan in split.go must not refuse valid
// YAML that looks like what it guards against.
func TestGuardNoFalseAlarms(t *testing.T) {
	p := decodeOne[*api.Pod](t, `apiVersion: v1
kind: Pod
metadata:
  annotations:
    quoted: "a: b: c"
    single: 'it''s: [ { here'
    plain: it's fine:yes
    url: http://example.com/a:b
    "key: with colon": v
    flow: '[ "]", {b: c, d: e} ]'
    hash: a #: not a comment
    multi: "first line
      second: line [[["
    script: |
      if [ -f x ]; then a: b: c; fi
      - - - - - -
    after: ok
    brackets: '`+strings.Repeat("[", 90)+`'
    plain`+strings.Repeat("[", 90)+`: x
    more: "`+strings.Repeat("{", 90)+`"
spec:
  containers:
  - name: c
    args: ["a: b", 'c: d', "{{{{"]
`)
	equal(t, "annotations", p.Annotations, map[string]string{
		"quoted": "a: b: c", "single": "it's: [ { here", "plain": "it's fine:yes",
		"url": "http://example.com/a:b", "key: with colon": "v", "flow": `[ "]", {b: c, d: e} ]`,
		"hash": "a", "multi": "first line second: line [[[",
		"script": "if [ -f x ]; then a: b: c; fi\n- - - - - -\n", "after": "ok",
		"brackets": strings.Repeat("[", 90), "plain" + strings.Repeat("[", 90): "x", "more": strings.Repeat("{", 90),
	})
	equal(t, "args", p.Spec.Containers[0].Args, []string{"a: b", "c: d", "{{{{"})
	// A flow mapping may hold many ": " on a line; a value that is one
	// is a type error, found by the decoder, not the guard.
	_, err := Decode([]byte("apiVersion: v1\nkind: Pod\nmetadata:\n  labels: [ \"]\", {b: c, d: e} ]\n"))
	checkError(t, err, ClassType, 1, 0, 4, 11, "metadata.labels",
		"json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string")
}

// TestGuardCountsEachMapping: keys count per mapping, not per column: a
// List of many objects is fine in YAML and in indented JSON.
func TestGuardCountsEachMapping(t *testing.T) {
	var y, j strings.Builder
	y.WriteString("apiVersion: v1\nkind: List\nitems:\n")
	j.WriteString("{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"List\",\n    \"items\": [\n")
	for i := range 2 * MaxMappingKeys {
		fmt.Fprintf(&y, "- apiVersion: v1\n  kind: Namespace\n  metadata:\n    name: ns-%d\n", i)
		if i > 0 {
			j.WriteString(",\n")
		}
		fmt.Fprintf(&j, "        {\n            \"apiVersion\": \"v1\",\n            \"kind\": \"Namespace\",\n            \"metadata\": {\n                \"name\": \"ns-%d\"\n            }\n        }", i)
	}
	j.WriteString("\n    ]\n}\n")
	for _, src := range []string{y.String(), j.String()} {
		if objs := mustDecode(t, src); len(objs) != 2*MaxMappingKeys {
			t.Errorf("got %d objects", len(objs))
		}
	}
}

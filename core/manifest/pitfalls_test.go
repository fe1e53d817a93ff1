package manifest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/kubeplay/kubeplay/core/api"
)

// Each pitfall of github.com/goccy/go-yaml v1.19.2 has two tests: one that
// shows the library's behaviour (so an upgrade that fixes or changes it is
// noticed) and one that shows Decode is not affected.

func allocatedKiB(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return (b.TotalAlloc - a.TotalAlloc) >> 10
}

// Pitfall 1: goccy drops every document that follows an empty ("---"
// then "---") or comment-only document.
func TestPitfallEmptyDocumentGoccy(t *testing.T) {
	for _, src := range []string{
		"a: 1\n---\n---\nb: 2\n---\nc: 3\n",
		"a: 1\n---\n# only a comment\n---\nb: 2\n---\nc: 3\n",
	} {
		f, err := parser.ParseBytes([]byte(src), 0)
		if err != nil {
			t.Fatal(err)
		}
		bodies := 0
		for _, d := range f.Docs {
			if d.Body != nil {
				bodies++
			}
		}
		if bodies != 1 {
			t.Errorf("goccy now keeps %d of 3 documents of %q: the workaround in split.go may be unneeded", bodies, src)
		}
	}
}

func TestPitfallEmptyDocument(t *testing.T) {
	ns := func(name string) string { return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "\n" }
	for name, src := range map[string]string{
		"empty":          ns("a") + "---\n---\n" + ns("b") + "---\n" + ns("c"),
		"comment-only":   ns("a") + "---\n# only a comment\n---\n" + ns("b") + "---\n" + ns("c"),
		"leading empty":  "---\n---\n" + ns("a") + "---\n" + ns("b") + "---\n" + ns("c"),
		"document end":   ns("a") + "...\n---\n...\n" + ns("b") + "---\n" + ns("c") + "...\n",
		"blank and null": ns("a") + "---\n\n\n--- ~\n---\n" + ns("b") + "---\n#\n" + ns("c") + "---\n",
	} {
		t.Run(name, func(t *testing.T) {
			var names []string
			for _, o := range mustDecode(t, src) {
				names = append(names, o.GetObjectMeta().Name)
			}
			equal(t, "names", names, []string{"a", "b", "c"})
		})
	}
	// Line numbers stay right after skipped documents.
	_, err := Decode([]byte(ns("a") + "---\n---\n# c\n---\napiVersion: v1\nkind: Namespace\nbogus: 1\n"))
	checkError(t, err, ClassUnknownField, 2, 0, 11, 1, "bogus", `strict decoding error: unknown field "bogus"`)
}

// Pitfall 2: goccy coerces scalars loosely when decoding into Go types.
func TestPitfallLooseCoercionGoccy(t *testing.T) {
	var v struct {
		Replicas int32  `yaml:"replicas"`
		Value    string `yaml:"value"`
		Port     string `yaml:"port"`
	}
	if err := yaml.Unmarshal([]byte("replicas: 3.5\nvalue: 1.10\nport: 8080\n"), &v); err != nil {
		t.Fatal(err)
	}
	if v.Replicas != 3 || v.Value != "1.1" || v.Port != "8080" {
		t.Errorf("goccy no longer coerces (got %+v): check whether the strict decoder is still needed", v)
	}
	if err := yaml.Unmarshal([]byte(`replicas: "7"`), &v); err != nil || v.Replicas != 7 {
		t.Errorf("goccy no longer coerces strings to ints (got %v, %v)", v.Replicas, err)
	}
}

func TestPitfallLooseCoercion(t *testing.T) {
	spec := func(s string) string { return deployHead + "spec:\n" + s }
	container := func(s string) string {
		return spec("  template:\n    spec:\n      containers:\n      - name: c\n" + s)
	}
	for _, tt := range []struct{ src, msg string }{
		{spec("  replicas: 3.5\n"), "json: cannot unmarshal number 3.5 into Go struct field DeploymentSpec.spec.replicas of type int32"},
		{spec("  replicas: \"7\"\n"), "json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32"},
		{container("        image: 1.10\n"), "json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string"},
		{container("        env:\n        - name: PORT\n          value: 8080\n"), "json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string"},
		{spec("  minReadySeconds: 2147483648\n"), "json: cannot unmarshal number 2147483648 into Go struct field DeploymentSpec.spec.minReadySeconds of type int32"},
	} {
		_, err := Decode([]byte(tt.src))
		if err == nil || err.(*Error).Msg != tt.msg {
			t.Errorf("Decode(%q) = %v, want %q", tt.src, err, tt.msg)
		}
	}
	// The quoted forms are what the types want.
	d := decodeOne[*api.Deployment](t, container("        image: \"1.10\"\n        env:\n        - {name: PORT, value: \"8080\"}\n"))
	c := d.Spec.Template.Spec.Containers[0]
	equal(t, "image, env", []string{c.Image, c.Env[0].Value}, []string{"1.10", "8080"})
}

// Pitfall 3: goccy's memory grows with the square of the nesting depth.
func TestPitfallDeepNestingGoccy(t *testing.T) {
	parse := func(n int) uint64 {
		return allocatedKiB(func() { parser.ParseBytes([]byte(strings.Repeat("[", n)), 0) })
	}
	small, big := parse(500), parse(2000)
	if big < 8*small {
		t.Errorf("goccy memory for 4x the depth grew only %dx (%d KiB to %d KiB): no longer quadratic?", big/max(small, 1), small, big)
	}
}

func TestPitfallDeepNesting(t *testing.T) {
	const n = 40000
	for name, tt := range map[string]struct {
		src       string
		line, col int
	}{
		"flow sequences": {strings.Repeat("[", n), 1, 101},
		"flow mappings":  {strings.Repeat("{a: ", n), 1, 397},
		"JSON objects":   {"{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"spec\": " + strings.Repeat(`{"a": `, n), 1, 633},
		"block sequences": {"apiVersion: v1\nkind: Pod\nspec:\n  x:\n" +
			strings.Repeat("- ", n), 5, 199},
		"indentation": {func() string {
			var b strings.Builder
			for i := range 200 {
				b.WriteString(strings.Repeat(" ", i) + "a:\n")
			}
			return b.String()
		}(), 101, 101},
		// After a quoted scalar or a flow collection, goccy's lexer
		// takes brackets for flow (and slows down) before it fails.
		"after a quoted scalar": {"a: 'x'" + strings.Repeat("[", n), 1, 106},
		"after a flow sequence": {"a: [x]" + strings.Repeat("[", n), 1, 106},
	} {
		t.Run(name, func(t *testing.T) {
			var err error
			kib := allocatedKiB(func() { _, err = Decode([]byte(tt.src)) })
			checkError(t, err, ClassLimit, 1, 0, tt.line, tt.col, "",
				"manifest nests deeper than 100 levels; the limit is 100")
			if kib > 4<<10 {
				t.Errorf("allocated %d KiB", kib)
			}
		})
	}
	// A hundred levels is fine; one more is not.
	nested := func(n int) string {
		return "apiVersion: v1\nkind: Pod\nspec: " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n"
	}
	_, err := Decode([]byte(nested(MaxDepth - 1)))
	checkError(t, err, ClassType, 1, 0, 3, 7, "spec",
		"json: cannot unmarshal array into Go struct field Pod.spec of type v1.PodSpec")
	// Brackets inside quotes are text, but still bounded, in case the
	// scan takes a quote to open where goccy does not: here goccy reads
	// "x 'y" as a plain scalar and the brackets as flow.
	_, err = Decode([]byte("a: x\n  'y\nb: " + strings.Repeat("[", 40000)))
	checkError(t, err, ClassLimit, 1, 0, 3, 1004, "", "strings hold more than 1000 unclosed brackets; the limit is 1000")
	_, err = Decode([]byte("a: |\n  " + strings.Repeat("[", 40000)))
	checkError(t, err, ClassLimit, 1, 0, 2, 1003, "", "strings hold more than 1000 unclosed brackets; the limit is 1000")
	_, err = Decode([]byte("a: '" + strings.Repeat("[", 40000) + "'"))
	checkError(t, err, ClassLimit, 1, 0, 1, 1005, "", "strings hold more than 1000 unclosed brackets; the limit is 1000")
	_, err = Decode([]byte(nested(MaxDepth)))
	checkError(t, err, ClassLimit, 1, 0, 3, 106, "", "manifest nests deeper than 100 levels; the limit is 100")
}

// laughs is the "billion laughs" document: each level aliases the one
// before nine times.
func laughs(levels int) string {
	var b strings.Builder
	b.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 9), ", "))
	}
	return b.String()
}

// Pitfall 4: goccy shares aliased nodes when decoding but expands them when
// marshalling again: ten times the memory per level.
func TestPitfallAliasExpansionGoccy(t *testing.T) {
	marshal := func(levels int) uint64 {
		var v any
		if err := yaml.Unmarshal([]byte(laughs(levels)), &v); err != nil {
			t.Fatal(err)
		}
		return allocatedKiB(func() { yaml.Marshal(v) })
	}
	three, four := marshal(3), marshal(4)
	if four < 5*three {
		t.Errorf("goccy re-marshalling grew only from %d KiB to %d KiB for one more level", three, four)
	}
}

func TestPitfallAliasExpansion(t *testing.T) {
	var err error
	kib := allocatedKiB(func() { _, err = Decode([]byte(laughs(7))) })
	checkError(t, err, ClassLimit, 1, 0, 5, 10, "",
		"yaml: document contains excessive aliasing: aliases expand to more than 10000 nodes; the limit is 10000")
	if kib > 1<<10 {
		t.Errorf("allocated %d KiB", kib)
	}
	// Aliases count across documents too: many documents may not
	// multiply the budget.
	var stream strings.Builder
	for i := range 200 {
		fmt.Fprintf(&stream, "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p%d\nspec:\n  containers: &c\n  - name: c\n    args: [%s]\n  initContainers: *c\n", i,
			strings.TrimSuffix(strings.Repeat("x, ", 498), ", "))
	}
	_, err = Decode([]byte(stream.String()))
	// Each document's alias adds 504 nodes: the 199th passes 100,000.
	checkError(t, err, ClassLimit, 199, 0, 1990, 19, "",
		"yaml: manifest contains excessive aliasing: aliases in all documents expand to more than 100000 nodes; the limit is 100000")
}

// Found while building this package: goccy's parser recurses once per key
// of a block mapping and copies the keys so far each time, so a mapping
// of n keys costs n² (16,000 keys: 1.8 s and 1.1 GB).
func TestPitfallWideMapping(t *testing.T) {
	keys := func(n int) string {
		var b strings.Builder
		b.WriteString("apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n")
		for i := range n {
			fmt.Fprintf(&b, "    k%d: v\n", i)
		}
		return b.String()
	}
	p := decodeOne[*api.Pod](t, keys(MaxMappingKeys))
	if len(p.Labels) != MaxMappingKeys {
		t.Errorf("labels: %d", len(p.Labels))
	}
	// Refused by the line scan before goccy sees it (26 KiB today; the
	// quadratic copying would be megabytes).
	var err error
	kib := allocatedKiB(func() { _, err = Decode([]byte(keys(2 * MaxMappingKeys))) })
	checkError(t, err, ClassLimit, 1, 0, 1005, 5, "", "mapping has more than 1000 keys; the limit is 1000")
	if kib > 1<<10 {
		t.Errorf("allocated %d KiB", kib)
	}
}

// Found while building this package: goccy took over two minutes to fail
// on a 1 MiB line of "a: a: a: ...", most of it rendering the source into
// its error text. The guard now names that error at once, in yaml.v2's
// words; and Decode never asks goccy for its error text.
//
// Allocation, unlike time, does not depend on the machine's load: the
// guard's answer costs a copy of the input (1 MiB), goccy's lexing of the
// second line about 50 MiB, and rendering the source into an error text
// would cost gigabytes.
func TestPitfallLongLineSyntaxError(t *testing.T) {
	var err error
	kib := allocatedKiB(func() { _, err = Decode([]byte(strings.Repeat("a: ", MaxBytes/3))) })
	checkError(t, err, ClassSyntax, 1, 0, 1, 5, "",
		"error converting YAML to JSON: yaml: line 1: mapping values are not allowed in this context")
	if kib > 4<<10 {
		t.Errorf("allocated %d KiB", kib)
	}
	// A long line that only goccy finds wrong.
	kib = allocatedKiB(func() { _, err = Decode([]byte("a: [x]" + strings.Repeat(" ,[x]", MaxBytes/5-2))) })
	checkError(t, err, ClassSyntax, 1, 0, 1, 8, "",
		"error converting YAML to JSON: yaml: line 1: value is not allowed in this context")
	if kib > 256<<10 {
		t.Errorf("allocated %d KiB", kib)
	}
}

// Found by FuzzEncodeString: goccy lexes a plain key that ends in "<<" as
// the merge key "<<" and drops the rest, so "k<<: {a: 1}" would merge
// {a: 1} into the mapping. The token keeps the whole text, and Decode
// reads the key as written; the encoder double-quotes such strings.
func TestPitfallMergeKeySuffix(t *testing.T) {
	f, err := parser.ParseBytes([]byte("k<<: v\n"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Docs[0].Body.(*ast.MappingNode).Values[0].Key.(*ast.MergeKeyNode); !ok {
		t.Errorf("goccy now reads k<< as a plain key: isMergeKey's check may be unneeded")
	}
	p := decodeOne[*api.Pod](t, "apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    k<<: v\n  annotations: {a: b, k<<: c}\n")
	equal(t, "labels", p.Labels, map[string]string{"k<<": "v"})
	equal(t, "annotations", p.Annotations, map[string]string{"a": "b", "k<<": "c"})
	// Next to a block sibling, the misread key makes goccy fail: an
	// error, at least, not a silent merge.
	_, err = Decode([]byte("apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    k<<: v\n    x: y\n"))
	checkError(t, err, ClassSyntax, 1, 0, 6, 5, "",
		"error converting YAML to JSON: yaml: line 6: value is not allowed in this context")
	_, err = Decode([]byte("apiVersion: v1\nkind: Pod\nmetadata:\n  labels: {x: z, k<<: 1}\n"))
	checkError(t, err, ClassType, 1, 0, 4, 23, "metadata.labels.k<<",
		"json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string")
	_, err = Decode([]byte("apiVersion: v1\nkind: Pod\nmetadata: {name: x, k<<: 1}\n"))
	checkError(t, err, ClassUnknownField, 1, 0, 3, 21, "metadata.k<<", `strict decoding error: unknown field "metadata.k<<"`)
}

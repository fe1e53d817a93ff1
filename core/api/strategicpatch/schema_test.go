package strategicpatch

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/internal/golden"
)

// TestTagTable checks every hand-written entry names a real field of its
// owner, of a kind that strategy applies to.
func TestTagTable(t *testing.T) {
	seen := map[tagKey]bool{}
	for _, e := range append(tags[:len(tags):len(tags)], kindsTags...) {
		key := tagKey{e.owner, e.field}
		if seen[key] {
			t.Errorf("%s.%s listed twice", e.owner.Name(), e.field)
		}
		seen[key] = true
		f := SchemaOf(reflect.New(e.owner).Interface()).field(e.field)
		if f == nil || f.Name != e.field {
			t.Errorf("%s has no JSON field %q", e.owner.Name(), e.field)
			continue
		}
		retain, strategy, err := extractRetainKeysPatchStrategy(f.Strategies)
		if err != nil {
			t.Errorf("%s.%s: %v", e.owner.Name(), e.field, err)
		}
		switch {
		case strategy == mergeDirective && f.Type.Kind() != reflect.Slice:
			t.Errorf("%s.%s: merge strategy on a %s", e.owner.Name(), e.field, f.Type.Kind())
		case strategy == mergeDirective && f.Type.Elem().Kind() == reflect.Struct && f.MergeKey == "":
			t.Errorf("%s.%s: list of objects merged without a merge key", e.owner.Name(), e.field)
		case f.MergeKey != "" && f.Type.Elem().field(f.MergeKey) == nil:
			t.Errorf("%s.%s: merge key %q is not a field of %s", e.owner.Name(), e.field, f.MergeKey, f.Type.Elem().Name())
		case retain && f.Type.Kind() != reflect.Struct &&
			(f.Type.Kind() != reflect.Slice || f.Type.Elem().Kind() != reflect.Struct):
			// retainKeys applies to an object, or to each object of a
			// merged list (podSpec.volumes).
			t.Errorf("%s.%s: retainKeys on a %s", e.owner.Name(), e.field, f.Type.Kind())
		}
	}
}

// strategyLines lists, for every list field and every field with a patch
// strategy reachable from s, its path and how a patch treats it.
func strategyLines(prefix string, s *Schema, depth int, out *[]string) {
	if depth > 12 {
		return
	}
	for _, f := range s.fields {
		path := prefix + f.Name
		typ := f.Type
		list := typ.Kind() == reflect.Slice
		switch {
		case len(f.Strategies) > 0:
			line := fmt.Sprintf("%s: %s", path, strings.Join(f.Strategies, ","))
			if f.MergeKey != "" {
				line += " by " + f.MergeKey
			}
			*out = append(*out, line)
		case list:
			*out = append(*out, path+": replace (atomic list)")
		}
		if list {
			typ = typ.Elem()
			path += "[]"
		}
		if typ.Kind() == reflect.Struct {
			strategyLines(path+".", typ, depth+1, out)
		}
	}
}

func TestStrategyGolden(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Patch strategies of every list field and every field with a patch\n")
	b.WriteString("# strategy, per kind, as the schema derives them (go test -update rewrites).\n")
	for _, k := range api.Kinds() {
		var lines []string
		strategyLines("", SchemaFor(k), 0, &lines)
		fmt.Fprintf(&b, "\n%s\n", k.Kind)
		for _, l := range lines {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	golden.File(t, filepath.Join("testdata", "paths.golden"), []byte(b.String()))
}

func TestSchemaLookups(t *testing.T) {
	dep := SchemaFor(api.KindOf(&api.Deployment{}))
	spec, _, err := dep.lookupStruct("spec")
	if err != nil {
		t.Fatal(err)
	}
	if _, meta, _ := spec.lookupStruct("strategy"); !reflect.DeepEqual(meta.strategies, []string{"retainKeys"}) {
		t.Errorf("spec.strategy strategies = %v, want [retainKeys]", meta.strategies)
	}
	// Embedded structs: TypeMeta is inlined, ObjectMeta is "metadata".
	for _, name := range []string{"apiVersion", "kind", "metadata", "status"} {
		if dep.field(name) == nil {
			t.Errorf("Deployment schema lacks %q", name)
		}
	}
	meta, _, _ := dep.lookupStruct("metadata")
	labels, _, err := meta.lookupStruct("labels")
	if err != nil || labels.Kind() != reflect.Map {
		t.Fatalf("labels: %v %v", labels, err)
	}
	if _, _, err := labels.lookupStruct("app"); err != nil {
		t.Errorf("a map's values need no field: %v", err)
	}
	// Probe inlines ProbeHandler.
	probe := SchemaOf(api.Probe{})
	if probe.field("httpGet") == nil || probe.field("periodSeconds") == nil {
		t.Errorf("probe fields: %v", probe.fields)
	}
	// Types with their own JSON form have no fields.
	if f := SchemaOf(api.IntOrString{}).Fields(); len(f) != 0 {
		t.Errorf("IntOrString has fields %v", f)
	}
	for _, c := range []struct{ key, want string }{
		{"nosuch", `unable to find api field in struct DeploymentSpec for the json field "nosuch"`},
		{"minReadySeconds", "expected slice or array type, but got: struct"},
	} {
		if _, _, err := spec.lookupSlice(c.key); err == nil || err.Error() != c.want {
			t.Errorf("lookupSlice(%q) = %v, want %q", c.key, err, c.want)
		}
	}
	// Field names match case-insensitively when there is no exact match.
	if f := spec.field("REPLICAS"); f == nil || f.Name != "replicas" {
		t.Errorf("case-insensitive lookup failed: %v", f)
	}
	if _, _, err := labels.Elem().lookupStruct("x"); err == nil ||
		err.Error() != "merging an object in json but data type is not map or struct, instead is: string" {
		t.Errorf("lookup in a string: %v", err)
	}
}

// shadow tests the embedding rule: the outer field wins over the embedded one.
type shadowInner struct {
	Name string `json:"name" patchStrategy:"merge"`
	Deep string `json:"deep"`
}
type shadowOuter struct {
	shadowInner `json:",inline"`
	Name        []string `json:"name"`
}

func TestSchemaShadowing(t *testing.T) {
	s := SchemaOf(shadowOuter{})
	f := s.field("name")
	if f == nil || f.Type.Kind() != reflect.Slice || len(f.Strategies) != 0 {
		t.Fatalf("name resolved to %+v, want the outer []string", f)
	}
	if s.field("deep") == nil {
		t.Error("inline field deep missing")
	}
}

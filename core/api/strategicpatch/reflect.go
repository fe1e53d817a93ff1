package strategicpatch

import (
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"github.com/kubeplay/kubeplay/core/api"
)

// Schemas are derived from the Go types by reflection, reading JSON names the
// way encoding/json does (forkedjson.typeFields: embedded structs without a
// JSON name are inlined, shallower fields win). Patch metadata comes from a
// field's patchStrategy/patchMergeKey struct tags if it has them, and from
// the table in tags.go, which supplies the tags upstream's types carry and
// ours do not.

var jsonMarshaler = reflect.TypeFor[json.Marshaler]()

// kindSchemas returns the schema of every served kind, built on first use
// (only apply and patch need them, so the page does not wait for them at
// start-up) and read-only afterwards.
var kindSchemas = sync.OnceValue(func() map[*api.KindInfo]*Schema {
	m := map[*api.KindInfo]*Schema{}
	for _, k := range api.Kinds() {
		m[k] = SchemaOf(k.New())
	}
	return m
})

// SchemaFor returns the schema of a kind's Go type, or nil for a nil kind.
func SchemaFor(k *api.KindInfo) *Schema {
	if k == nil {
		return nil
	}
	if s := kindSchemas()[k]; s != nil {
		return s
	}
	return SchemaOf(k.New())
}

// SchemaOf builds the schema of v's Go type (pointers followed), or returns
// nil for a nil v.
func SchemaOf(v any) *Schema {
	if v == nil {
		return nil
	}
	b := builder{seen: map[reflect.Type]*Schema{}}
	return b.build(reflect.TypeOf(v))
}

type builder struct{ seen map[reflect.Type]*Schema }

func (b *builder) build(t reflect.Type) *Schema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s := b.seen[t]; s != nil {
		return s
	}
	s := &Schema{name: t.Name(), kind: t.Kind()}
	b.seen[t] = s
	switch {
	case opaque(t):
		// A type with its own JSON form (IntOrString, Quantity, Time) is a
		// leaf: a struct with no fields a patch could address.
	case t.Kind() == reflect.Struct:
		s.fields = b.structFields(t)
	case t.Kind() == reflect.Map, t.Kind() == reflect.Slice, t.Kind() == reflect.Array:
		s.elem = b.build(t.Elem())
	}
	return s
}

func opaque(t reflect.Type) bool {
	return t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler)
}

// structFields lists t's JSON fields in declaration order, inlining
// embedded structs that have no JSON name. Where two fields share a name,
// the shallower one wins (Go's embedding rule as encoding/json applies it;
// ties at one depth are not resolved: the types here have none).
func (b *builder) structFields(t reflect.Type) []*Field {
	var all []depthField
	b.collect(t, 0, &all)
	var out []*Field
	for i, f := range all {
		shadowed := false
		for j, g := range all {
			if j != i && g.Name == f.Name && (g.depth < f.depth || (g.depth == f.depth && j < i)) {
				shadowed = true
				break
			}
		}
		if !shadowed {
			out = append(out, f.Field)
		}
	}
	return out
}

type depthField struct {
	*Field
	depth int
}

func (b *builder) collect(t reflect.Type, depth int, all *[]depthField) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			b.collect(ft, depth+1, all)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		strategy, mergeKey := sf.Tag.Get("patchStrategy"), sf.Tag.Get("patchMergeKey")
		if e, ok := tagTable[tagKey{t, name}]; ok {
			strategy, mergeKey = e.strategy, e.mergeKey
		}
		f := &Field{Name: name, MergeKey: mergeKey, Type: b.build(sf.Type), pointer: sf.Type.Kind() == reflect.Pointer}
		if strategy != "" {
			f.Strategies = strings.Split(strategy, ",")
		}
		*all = append(*all, depthField{f, depth})
	}
}

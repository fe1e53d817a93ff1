package main

import (
	"reflect"
	"sort"
	"strings"
)

// layoutType describes one Go type of the k8s.io/api PodTemplateSpec tree as
// go-spew sees it: its reflect.Kind, the name spew prints (reflect.Type's
// String(), package name qualified: "v1.Container", "*int32",
// "resource.int64Amount"), and its element, key and field types by id.
type layoutType struct {
	Kind   string        `json:"kind"`
	Print  string        `json:"print"`
	Elem   string        `json:"elem,omitempty"`
	Key    string        `json:"key,omitempty"`
	Fields []layoutField `json:"fields,omitempty"`
}

// layoutField is one struct field in declaration order, unexported ones
// included (spew prints them too).
type layoutField struct {
	Name string `json:"name"`
	// JSON is the field's name in the json tag ("" for none, "-" when the
	// tag hides it); Inline marks an embedded or ",inline" struct whose
	// fields appear at the parent's level in JSON.
	JSON   string `json:"json,omitempty"`
	Inline bool   `json:"inline,omitempty"`
	Type   string `json:"type"`
}

// layout is the whole tree: Root names the PodTemplateSpec's id.
type layout struct {
	Root  string
	Types map[string]*layoutType
}

// typeID names a type uniquely: its package path for named types, so
// core/v1.Time and meta/v1.Time never collide though spew prints both "v1.".
func typeID(t reflect.Type) string {
	if t.Name() != "" {
		if t.PkgPath() == "" {
			return t.Name()
		}
		return t.PkgPath() + "." + t.Name()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + typeID(t.Elem())
	case reflect.Slice:
		return "[]" + typeID(t.Elem())
	case reflect.Map:
		return "map[" + typeID(t.Key()) + "]" + typeID(t.Elem())
	}
	panic("layout: unsupported unnamed type " + t.String())
}

func buildLayout(root reflect.Type) *layout {
	l := &layout{Root: typeID(root), Types: map[string]*layoutType{}}
	var walk func(t reflect.Type) string
	walk = func(t reflect.Type) string {
		id := typeID(t)
		if _, ok := l.Types[id]; ok {
			return id
		}
		lt := &layoutType{Kind: t.Kind().String(), Print: t.String()}
		l.Types[id] = lt
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			lt.Elem = walk(t.Elem())
		case reflect.Map:
			lt.Key = walk(t.Key())
			lt.Elem = walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				lf := layoutField{Name: f.Name, Type: walk(f.Type)}
				tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				lf.JSON = tag
				opts := f.Tag.Get("json")
				lf.Inline = f.Anonymous && tag == "" || strings.Contains(opts, ",inline")
				lt.Fields = append(lt.Fields, lf)
			}
		case reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer:
			panic("layout: unsupported kind in " + t.String())
		}
		return id
	}
	walk(root)
	return l
}

// sortedIDs is for stable output.
func (l *layout) sortedIDs() []string {
	ids := make([]string, 0, len(l.Types))
	for id := range l.Types {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

package manifest

import (
	"reflect"
	"strings"
	"sync"
)

// field is one JSON field of a struct type, found the way encoding/json
// finds it: named by its json tag, with untagged embedded structs (and
// `json:",inline"` ones, which have an empty name) flattened into their
// parent.
type field struct {
	name  string
	index []int // for reflect.Value.FieldByIndex, through embedded structs
}

// structFields maps JSON names to fields for one struct type.
type structFields struct {
	byName map[string]*field
}

var fieldCache sync.Map // reflect.Type -> *structFields

func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*structFields)
	}
	sf := &structFields{byName: map[string]*field{}}
	collectFields(t, nil, sf, map[reflect.Type]bool{})
	f, _ := fieldCache.LoadOrStore(t, sf)
	return f.(*structFields)
}

// collectFields adds t's fields under index prefix. Direct fields are
// added before embedded ones, so a shallower field shadows a deeper one of
// the same name, as in encoding/json.
func collectFields(t reflect.Type, prefix []int, sf *structFields, seen map[reflect.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	var embedded []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, f)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := sf.byName[name]; !dup {
			sf.byName[name] = &field{name: name, index: append(append([]int(nil), prefix...), i)}
		}
	}
	for _, f := range embedded {
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		collectFields(ft, append(append([]int(nil), prefix...), f.Index...), sf, seen)
	}
}

// fieldByIndex is reflect.Value.FieldByIndex that allocates nil embedded
// pointers on the way, as decoding must.
func fieldByIndex(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

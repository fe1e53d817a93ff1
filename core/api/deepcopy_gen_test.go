package api

import (
	"fmt"
	"reflect"
	"testing"
	"unsafe"
)

// TestGeneratedDeepCopyMatchesReflection fills every field of every kind
// (each pointer set, each slice and map with two entries, nested as deep as
// the types go) and checks that the generated copy equals the reflective
// one and shares no memory with the original.
func TestGeneratedDeepCopyMatchesReflection(t *testing.T) {
	for _, k := range Kinds() {
		obj := k.New()
		n := 0
		fill(reflect.ValueOf(obj).Elem(), &n, 0)
		got := obj.DeepCopyObject()
		want := reflect.ValueOf(deepCopyReflectValue(obj))
		if !reflect.DeepEqual(got, want.Interface()) {
			t.Errorf("%s: the generated copy differs from the reflective one", k.Kind)
		}
		if p := shared(reflect.ValueOf(obj).Elem(), reflect.ValueOf(got).Elem(), k.Kind); p != "" {
			t.Errorf("%s: the copy shares %s with the original", k.Kind, p)
		}
	}
}

func deepCopyReflectValue(obj Object) Object {
	v := reflect.New(reflect.TypeOf(obj).Elem())
	v.Elem().Set(reflect.ValueOf(obj).Elem())
	if c := planFor(v.Elem().Type()); c != nil {
		c(v.Elem())
	}
	return v.Interface().(Object)
}

// fill sets every exported field of v to a distinct non-zero value; n
// numbers them, depth stops recursive types.
func fill(v reflect.Value, n *int, depth int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprint("s", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n % 100))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n % 100))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n))
	case reflect.Pointer:
		if depth > 6 {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n, depth+1)
	case reflect.Slice:
		if depth > 6 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), n, depth+1)
		}
	case reflect.Map:
		if depth > 6 {
			return
		}
		v.Set(reflect.MakeMap(v.Type()))
		for range 2 {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(k, n, depth+1)
			fill(e, n, depth+1)
			v.SetMapIndex(k, e)
		}
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), n, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n, depth+1)
			}
		}
	}
}

// shared returns the path of the first pointer, slice or map that a and b
// (equal values) have in common through exported fields, or "".
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), "(*"+path+")")
	case reflect.Slice:
		if a.Len() > 0 && unsafe.Pointer(a.Index(0).Addr().Pointer()) == unsafe.Pointer(b.Index(0).Addr().Pointer()) {
			return path
		}
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Map:
		if !a.IsNil() && a.UnsafePointer() == b.UnsafePointer() {
			return path
		}
		for _, k := range a.MapKeys() {
			if p := shared(a.MapIndex(k), b.MapIndex(k), fmt.Sprintf("%s[%v]", path, k)); p != "" {
				return p
			}
		}
	case reflect.Array:
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+f.Name); p != "" {
					return p
				}
			}
		}
	}
	return ""
}

package api

import (
	"reflect"
	"sync"
)

// DeepCopy returns a copy of *src that shares no maps, slices or pointers with
// it. It is reflection-based with a per-type plan cache, which keeps the API
// types free of thousands of lines of generated copy code; the
// BenchmarkDeepCopyPod benchmark keeps its cost visible.
func DeepCopy[T any](src *T) *T {
	if src == nil {
		return nil
	}
	dst := new(T)
	v := reflect.ValueOf(dst).Elem()
	v.Set(reflect.ValueOf(src).Elem())
	deepen(v)
	return dst
}

// needsDeepen caches, per type, whether a value of it can hold references.
var needsDeepen sync.Map // reflect.Type -> bool

func hasReferences(t reflect.Type) bool {
	if r, ok := needsDeepen.Load(t); ok {
		return r.(bool)
	}
	var r bool
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		r = true
	case reflect.Array:
		r = hasReferences(t.Elem())
	case reflect.Struct:
		// Store a provisional answer first so recursive types terminate.
		needsDeepen.Store(t, true)
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && hasReferences(f.Type) {
				r = true
				break
			}
		}
	}
	needsDeepen.Store(t, r)
	return r
}

// deepen replaces every reference reachable from the settable value v with a
// fresh copy. Unexported fields are left as shallow copies: the only types
// with unexported state (resource.Quantity) are immutable values.
func deepen(v reflect.Value) {
	if !hasReferences(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(v.Elem())
		deepen(c.Elem())
		v.Set(c)
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := range c.Len() {
			deepen(c.Index(i))
		}
		v.Set(c)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(iter.Value())
			deepen(e)
			c.SetMapIndex(iter.Key(), e)
		}
		v.Set(c)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := reflect.New(v.Elem().Type()).Elem()
		e.Set(v.Elem())
		deepen(e)
		v.Set(e)
	case reflect.Array:
		for i := range v.Len() {
			deepen(v.Index(i))
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).IsExported() {
				deepen(v.Field(i))
			}
		}
	}
}

package api

import (
	"reflect"
	"time"

	"github.com/kubeplay/kubeplay/core/api/resource"
)

// SemanticEqual models apimachinery's equality.Semantic.DeepEqual, which
// the API server's strategies use to decide whether a spec changed and the
// controllers use to compare templates (EqualIgnoreHash): like
// reflect.DeepEqual, except that a nil and an empty slice or map are equal,
// quantities compare by value ("1" == "1000m") and timestamps by instant.
func SemanticEqual(a, b any) bool {
	return deepEqual(reflect.ValueOf(a), reflect.ValueOf(b))
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	quantityType = reflect.TypeFor[resource.Quantity]()
)

func deepEqual(v1, v2 reflect.Value) bool {
	if !v1.IsValid() || !v2.IsValid() {
		return v1.IsValid() == v2.IsValid()
	}
	if v1.Type() != v2.Type() {
		return false
	}
	switch t := v1.Type(); {
	case t == timeType && v1.CanInterface():
		return v1.Interface().(time.Time).Equal(v2.Interface().(time.Time))
	case t == quantityType && v1.CanInterface():
		return v1.Interface().(resource.Quantity).Equal(v2.Interface().(resource.Quantity))
	}
	switch v1.Kind() {
	case reflect.Array:
		for i := range v1.Len() {
			if !deepEqual(v1.Index(i), v2.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if v1.Len() != v2.Len() {
			return false
		}
		// The same array is equal to itself, as in reflect.DeepEqual and
		// upstream's fork of it: a pod's status write shares the stored
		// spec, so the no-op check would otherwise walk all of it.
		if v1.Len() == 0 || v1.UnsafePointer() == v2.UnsafePointer() {
			return true
		}
		for i := range v1.Len() {
			if !deepEqual(v1.Index(i), v2.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if v1.Len() != v2.Len() {
			return false
		}
		if v1.UnsafePointer() == v2.UnsafePointer() {
			return true
		}
		iter := v1.MapRange()
		for iter.Next() {
			w := v2.MapIndex(iter.Key())
			if !w.IsValid() || !deepEqual(iter.Value(), w) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if v1.IsNil() || v2.IsNil() {
			return v1.IsNil() == v2.IsNil()
		}
		if v1.Kind() == reflect.Pointer && v1.UnsafePointer() == v2.UnsafePointer() {
			return true
		}
		return deepEqual(v1.Elem(), v2.Elem())
	case reflect.Struct:
		for i := range v1.NumField() {
			if !deepEqual(v1.Field(i), v2.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return v1.Bool() == v2.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v1.Int() == v2.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v1.Uint() == v2.Uint()
	case reflect.Float32, reflect.Float64:
		return v1.Float() == v2.Float()
	case reflect.String:
		return v1.String() == v2.String()
	default:
		// Funcs, channels and unsafe pointers never occur in API objects.
		return false
	}
}

package api

import (
	"reflect"
	"sync"
)

// DeepCopy returns a copy of *src that shares no maps, slices or pointers with
// it. The API types have typed copies, generated into
// zz_generated_deepcopy.go by scripts/deepcopygen (as upstream's
// deepcopy-gen writes them): copying by reflection was more than a quarter
// of a large rollout's allocations. Other types are copied by reflection,
// with the same result. BenchmarkDeepCopyPod keeps the cost visible.
func DeepCopy[T any](src *T) *T {
	if src == nil {
		return nil
	}
	if c, ok := any(src).(interface{ DeepCopyInto(*T) }); ok {
		dst := new(T)
		c.DeepCopyInto(dst)
		return dst
	}
	return deepCopyReflect(src)
}

// deepCopyReflect is DeepCopy by reflection: a per-type plan (which fields
// can hold references at all) is computed once, so the walk skips plain
// values. The tests compare the generated copies with it.
func deepCopyReflect[T any](src *T) *T {
	if src == nil {
		return nil
	}
	dst := new(T)
	v := reflect.ValueOf(dst).Elem()
	v.Set(reflect.ValueOf(src).Elem())
	if c := planFor(v.Type()); c != nil {
		c(v)
	}
	return dst
}

// deepener replaces every reference reachable from a settable value with a
// fresh copy. A nil deepener means the type holds no references.
type deepener func(v reflect.Value)

var (
	plansMu sync.Mutex
	plans   = map[reflect.Type]*plan{}
)

type plan struct {
	fn    deepener
	built bool
}

// planFor returns the deepener for t, building it on first use.
func planFor(t reflect.Type) deepener {
	plansMu.Lock()
	defer plansMu.Unlock()
	return planLocked(t)
}

func planLocked(t reflect.Type) deepener {
	if p, ok := plans[t]; ok {
		if !p.built {
			// A recursive type refers to itself: defer to the plan that
			// will exist by the time anything is copied.
			return func(v reflect.Value) {
				if p.fn != nil {
					p.fn(v)
				}
			}
		}
		return p.fn
	}
	p := &plan{}
	plans[t] = p
	p.fn = build(t)
	p.built = true
	return p.fn
}

func build(t reflect.Type) deepener {
	switch t.Kind() {
	case reflect.Pointer:
		elem := planLocked(t.Elem())
		et := t.Elem()
		return func(v reflect.Value) {
			if v.IsNil() {
				return
			}
			c := reflect.New(et)
			c.Elem().Set(v.Elem())
			if elem != nil {
				elem(c.Elem())
			}
			v.Set(c)
		}
	case reflect.Slice:
		elem := planLocked(t.Elem())
		return func(v reflect.Value) {
			if v.IsNil() {
				return
			}
			c := reflect.MakeSlice(t, v.Len(), v.Len())
			reflect.Copy(c, v)
			if elem != nil {
				for i := range c.Len() {
					elem(c.Index(i))
				}
			}
			v.Set(c)
		}
	case reflect.Map:
		elem := planLocked(t.Elem())
		et := t.Elem()
		return func(v reflect.Value) {
			if v.IsNil() {
				return
			}
			c := reflect.MakeMapWithSize(t, v.Len())
			iter := v.MapRange()
			for iter.Next() {
				if elem == nil {
					c.SetMapIndex(iter.Key(), iter.Value())
					continue
				}
				e := reflect.New(et).Elem()
				e.Set(iter.Value())
				elem(e)
				c.SetMapIndex(iter.Key(), e)
			}
			v.Set(c)
		}
	case reflect.Interface:
		return func(v reflect.Value) {
			if v.IsNil() {
				return
			}
			e := reflect.New(v.Elem().Type()).Elem()
			e.Set(v.Elem())
			if c := planFor(e.Type()); c != nil {
				c(e)
			}
			v.Set(e)
		}
	case reflect.Array:
		elem := planLocked(t.Elem())
		if elem == nil {
			return nil
		}
		return func(v reflect.Value) {
			for i := range v.Len() {
				elem(v.Index(i))
			}
		}
	case reflect.Struct:
		// Unexported fields stay shallow copies: the only types with
		// unexported state (resource.Quantity) are immutable values.
		type fieldPlan struct {
			index int
			fn    deepener
		}
		var fields []fieldPlan
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				if fn := planLocked(f.Type); fn != nil {
					fields = append(fields, fieldPlan{i, fn})
				}
			}
		}
		if len(fields) == 0 {
			return nil
		}
		return func(v reflect.Value) {
			for _, f := range fields {
				f.fn(v.Field(f.index))
			}
		}
	}
	return nil
}

//go:generate go run ../../scripts/deepcopygen -out zz_generated_deepcopy.go

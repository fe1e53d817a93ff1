//go:build js && wasm

package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hack-pad/safejs"
)

// A handler is a Go function exported to JavaScript. Its result must be
// something js.ValueOf accepts (nil, bool, number, string, []any,
// map[string]any) or a safejs.Value.
type handler func(args []safejs.Value) (any, error)

// export sets globalThis[name] to an object whose methods are fns, each
// wrapped by wrap. The functions live as long as the page, so they are never
// released.
func export(name string, fns map[string]handler) error {
	object, err := safejs.Global().Get("Object")
	if err != nil {
		return err
	}
	obj, err := object.New()
	if err != nil {
		return err
	}
	for _, fn := range slices.Sorted(maps.Keys(fns)) {
		f, err := wrap(name+"."+fn, fns[fn])
		if err != nil {
			return fmt.Errorf("export %s.%s: %w", name, fn, err)
		}
		if err := obj.Set(fn, f); err != nil {
			return fmt.Errorf("export %s.%s: %w", name, fn, err)
		}
	}
	return safejs.Global().Set(name, obj)
}

// wrap turns h into a JavaScript function that never lets a failure reach
// the Go runtime: an error, a panic in h, or a result that cannot be
// converted to a JavaScript value all come back to the caller as a JS Error
// object (check with `result instanceof Error`). A panic that escaped a
// callback would otherwise kill the runtime and every later call would fail.
func wrap(name string, h handler) (safejs.Func, error) {
	return safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) (result any) {
		defer func() {
			if p := recover(); p != nil {
				result = jsError(fmt.Sprintf("%s: internal error: %v", name, p))
			}
		}()
		v, err := h(args)
		if err != nil {
			return jsError(fmt.Sprintf("%s: %v", name, err))
		}
		if jv, ok := v.(safejs.Value); ok {
			return jv
		}
		// Convert here, inside the recover, rather than in syscall/js after
		// we return, where a bad value would panic unrecovered.
		jv, err := safejs.ValueOf(v)
		if err != nil {
			return jsError(fmt.Sprintf("%s: result %T cannot be passed to JavaScript", name, v))
		}
		return jv
	})
}

// jsError returns a new JavaScript Error with message msg, or msg itself as
// a string if even that fails.
func jsError(msg string) any {
	ctor, err := safejs.Global().Get("Error")
	if err != nil {
		return msg
	}
	e, err := ctor.New(msg)
	if err != nil {
		return msg
	}
	return e
}

//go:build js && wasm

package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/hack-pad/safejs"
)

// call invokes the wrapped h from JavaScript's side and returns the result.
func call(t *testing.T, h handler, args ...any) safejs.Value {
	t.Helper()
	f, err := wrap("test.fn", h)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	v, err := f.Value().Invoke(args...)
	if err != nil {
		t.Fatalf("invoke: %v", err)
	}
	return v
}

// errorMessage returns v.message if v is a JS Error, or fails the test.
func errorMessage(t *testing.T, v safejs.Value) string {
	t.Helper()
	ctor, _ := safejs.Global().Get("Error")
	if ok, err := v.InstanceOf(ctor); err != nil || !ok {
		t.Fatalf("result is not an Error (type %v)", v.Type())
	}
	m, _ := v.Get("message")
	s, _ := m.String()
	return s
}

func TestWrapReturnsValues(t *testing.T) {
	v := call(t, func(args []safejs.Value) (any, error) {
		s, err := args[0].String()
		return "hello " + s, err
	}, "kubeplay")
	if s, err := v.String(); err != nil || s != "hello kubeplay" {
		t.Errorf("got %q, %v", s, err)
	}
}

func TestWrapTurnsErrorsIntoJSErrors(t *testing.T) {
	v := call(t, func([]safejs.Value) (any, error) { return nil, errors.New("boom") })
	if msg := errorMessage(t, v); msg != "test.fn: boom" {
		t.Errorf("message %q", msg)
	}
}

func TestWrapRecoversPanics(t *testing.T) {
	v := call(t, func([]safejs.Value) (any, error) { panic("index out of range") })
	if msg := errorMessage(t, v); !strings.Contains(msg, "internal error: index out of range") {
		t.Errorf("message %q", msg)
	}
	// The runtime survived: a later call still works.
	if s, _ := call(t, func([]safejs.Value) (any, error) { return "alive", nil }).String(); s != "alive" {
		t.Errorf("after a panic: got %q", s)
	}
}

func TestWrapRejectsUnconvertibleResults(t *testing.T) {
	v := call(t, func([]safejs.Value) (any, error) { return struct{ X int }{1}, nil })
	if msg := errorMessage(t, v); !strings.Contains(msg, "cannot be passed to JavaScript") {
		t.Errorf("message %q", msg)
	}
}

func TestExportVersion(t *testing.T) {
	if err := export("kubeplayTest", map[string]handler{
		"version": func([]safejs.Value) (any, error) { return version, nil },
	}); err != nil {
		t.Fatal(err)
	}
	obj, _ := safejs.Global().Get("kubeplayTest")
	v, err := obj.Call("version")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := v.String(); s != version {
		t.Errorf("kubeplayTest.version() = %q, want %q", s, version)
	}
}

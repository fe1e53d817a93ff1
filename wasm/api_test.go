//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hack-pad/safejs"
)

// api exports the bridge under a test name and returns a caller of its
// functions that fails the test on an Error result.
func api(t *testing.T) (func(name string, args ...any) safejs.Value, func(name string, args ...any) string) {
	t.Helper()
	b := &bridge{}
	if err := export("kubeplayAPITest", b.handlers()); err != nil {
		t.Fatal(err)
	}
	obj, _ := safejs.Global().Get("kubeplayAPITest")
	raw := func(name string, args ...any) safejs.Value {
		t.Helper()
		v, err := obj.Call(name, args...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	str := func(name string, args ...any) string {
		t.Helper()
		v := raw(name, args...)
		if v.Type() != safejs.TypeString {
			ctor, _ := safejs.Global().Get("Error")
			if ok, _ := v.InstanceOf(ctor); ok {
				m, _ := v.Get("message")
				s, _ := m.String()
				t.Fatalf("%s: Error %s", name, s)
			}
			t.Fatalf("%s: got a %s", name, v.Type())
		}
		s, _ := v.String()
		return s
	}
	return raw, str
}

func TestBridgeDrivesASession(t *testing.T) {
	_, call := api(t)
	var view struct {
		Tick  int64 `json:"tick"`
		Nodes []struct {
			Name string `json:"name"`
		} `json:"nodes"`
		Deployments []struct {
			Name  string `json:"name"`
			Ready int    `json:"ready"`
		} `json:"deployments"`
	}
	if err := json.Unmarshal([]byte(call("create", 3)), &view); err != nil || len(view.Nodes) != 3 {
		t.Fatalf("create: %+v %v", view, err)
	}
	var out struct {
		Stdout string `json:"stdout"`
		Exit   int    `json:"exit"`
	}
	json.Unmarshal([]byte(call("run", "kubectl create deployment web --image=nginx:1.25 --replicas=2")), &out)
	if out.Exit != 0 || !strings.Contains(out.Stdout, "deployment.apps/web created") {
		t.Fatalf("run: %+v", out)
	}
	call("tick", 10)
	if err := json.Unmarshal([]byte(call("view")), &view); err != nil {
		t.Fatal(err)
	}
	if view.Tick != 10 || len(view.Deployments) != 1 || view.Deployments[0].Ready != 2 {
		t.Fatalf("view after ticks: %+v", view)
	}
	state := call("encode")
	if !strings.HasPrefix(state, "k1.") {
		t.Fatalf("encode: %q", state)
	}
	var apply struct {
		OK     bool `json:"ok"`
		Errors []struct {
			Line int `json:"line"`
		} `json:"errors"`
	}
	json.Unmarshal([]byte(call("apply", "kind: Deployment\napiVersion: apps/v1\nspec:\n  replicas: x\n")), &apply)
	if apply.OK || len(apply.Errors) == 0 || apply.Errors[0].Line != 4 {
		t.Fatalf("apply errors: %+v", apply)
	}
	var comp []string
	json.Unmarshal([]byte(call("complete", "kubectl get deploy/")), &comp)
	if len(comp) != 1 || comp[0] != "deploy/web" {
		t.Errorf("complete: %q", comp)
	}
	var loaded struct {
		Cursor int64  `json:"cursor"`
		Error  string `json:"error"`
	}
	json.Unmarshal([]byte(call("decode", state)), &loaded)
	if loaded.Cursor != 10 || loaded.Error != "" {
		t.Errorf("decode: %+v", loaded)
	}
}

func TestBridgeReturnsErrorsNotPanics(t *testing.T) {
	raw, _ := api(t)
	ctor, _ := safejs.Global().Get("Error")
	for _, c := range []struct {
		name string
		args []any
	}{
		{"run", nil},                 // missing argument
		{"run", []any{42}},           // wrong type
		{"tick", []any{"3"}},         // wrong type
		{"tick", []any{1.5}},         // not whole
		{"create", []any{-1}},        // bad seed
		{"example", []any{"../x"}},   // no such example
		{"decode", []any{"garbage"}}, // not a link
		{"checks", []any{0}},         // no lesson open
		{"lesson", []any{"../x"}},    // no such lesson
		{"lesson", []any{"nope"}},
		{"lesson", []any{"create-deployment", "../vi"}}, // not a language
		{"lesson", []any{"create-deployment", 3}},
		{"scenarios", []any{"vi/x"}},
		{"openLesson", []any{"bad.txtar", "# Bad\nstep One\n"}}, // not a lesson
	} {
		v := raw(c.name, c.args...)
		if ok, _ := v.InstanceOf(ctor); !ok {
			t.Errorf("%s%v: got a %s, want an Error", c.name, c.args, v.Type())
		}
	}
}

func TestExampleLoads(t *testing.T) {
	_, call := api(t)
	var r struct {
		Title      string `json:"title"`
		Head       int64  `json:"head"`
		Transcript []any  `json:"transcript"`
		Error      string `json:"error"`
	}
	if err := json.Unmarshal([]byte(call("example", "rolling-update")), &r); err != nil {
		t.Fatal(err)
	}
	if r.Title == "" || r.Head == 0 || len(r.Transcript) == 0 || r.Error != "" {
		t.Errorf("example: %+v", r)
	}
}

// TestViewDeltaPatchesThePods checks view("delta"): after a full view, a
// tick that changes no pod sends a patch that keeps the pods held, and one
// that adds a pod sends that pod alone.
func TestViewDeltaPatchesThePods(t *testing.T) {
	_, call := api(t)
	call("create", 1)
	call("run", "kubectl create deployment web --image=nginx:1.25 --replicas=2")
	call("tick", 20)
	var full struct {
		Pods []json.RawMessage `json:"pods"`
	}
	if err := json.Unmarshal([]byte(call("view")), &full); err != nil || len(full.Pods) != 2 {
		t.Fatalf("view: %d pods, %v", len(full.Pods), err)
	}
	call("tick", 1)
	type patch struct {
		Pods     []json.RawMessage `json:"pods"`
		PodPatch *struct {
			Base int               `json:"base"`
			N    int               `json:"n"`
			Seq  []json.RawMessage `json:"seq"`
		} `json:"podPatch"`
	}
	var delta patch
	if err := json.Unmarshal([]byte(call("view", "delta")), &delta); err != nil {
		t.Fatal(err)
	}
	if delta.Pods != nil || delta.PodPatch == nil || delta.PodPatch.Base != 2 || delta.PodPatch.N != 2 ||
		len(delta.PodPatch.Seq) != 1 || string(delta.PodPatch.Seq[0]) != "[0,2]" {
		t.Fatalf("view(delta) of a steady cluster: pods %d, patch %+v", len(delta.Pods), delta.PodPatch)
	}
	// A new pod: the two held, then the new one (its name sorts last or
	// first), and nothing else.
	call("run", "kubectl scale deployment/web --replicas=3")
	call("tick", 1)
	delta = patch{}
	if err := json.Unmarshal([]byte(call("view", "delta")), &delta); err != nil {
		t.Fatal(err)
	}
	if delta.Pods != nil || delta.PodPatch == nil || delta.PodPatch.Base != 2 || delta.PodPatch.N != 3 || len(delta.PodPatch.Seq) > 3 {
		t.Fatalf("view(delta) after a scale-up: pods %d, patch %+v", len(delta.Pods), delta.PodPatch)
	}
}

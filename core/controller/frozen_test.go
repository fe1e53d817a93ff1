//go:build kubeplay_frozen

package controller

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// With the kubeplay_frozen tag, a cached object changed by its reader is
// caught at the next pump that delivers an event (pumps that deliver
// nothing skip the full check).
func TestFrozenGuardCatchesChangedCachedObject(t *testing.T) {
	s, _ := newTestServer(t)
	in := NewInformers(s, api.PodKind)
	pod := func(name string) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1.25"}}}}
	}
	mustCreate(t, s, pod("a"))
	in.Pump()
	obj, ok := in.Lister(api.PodKind).Get("default/a")
	if !ok {
		t.Fatal("pod a not cached")
	}
	obj.(*api.Pod).Labels = map[string]string{"changed": "yes"}
	in.Pump() // nothing delivered: no check yet
	mustCreate(t, s, pod("b"))
	defer func() {
		if p, _ := recover().(string); !strings.Contains(p, "default/a") || !strings.Contains(p, "changed after it was stored") {
			t.Fatalf("the pump after the change did not notice it (recovered %q)", p)
		}
	}()
	in.Pump()
}

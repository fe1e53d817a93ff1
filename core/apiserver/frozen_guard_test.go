//go:build kubeplay_frozen

package apiserver

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// TestFrozenGuardCatchesChangedSharedObject checks the guard itself: a
// receiver of a Shared watch that changes the object it was handed is
// caught by the next CheckFrozen.
func TestFrozenGuardCatchesChangedSharedObject(t *testing.T) {
	s := newTestServer(1)
	w, err := s.Watch(WatchOptions{Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(testPod("web", "")); err != nil {
		t.Fatal(err)
	}
	ev, ok := w.Next()
	if !ok {
		t.Fatal("no event")
	}
	s.CheckFrozen() // untouched: fine
	ev.Object.(*api.Pod).Labels = map[string]string{"changed": "yes"}
	defer func() {
		if recover() == nil {
			t.Fatal("CheckFrozen did not notice the changed object")
		}
	}()
	s.CheckFrozen()
}

package apiserver

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestBindSetsNodeAndPodScheduled(t *testing.T) {
	s, clk := newTestServerClock(1)
	p := mustCreate(t, s, testPod("web", ""))
	// The scheduler first reported the pod unschedulable.
	p.Status.Conditions = []api.PodCondition{{Type: api.PodScheduled, Status: api.ConditionFalse,
		Reason: "Unschedulable", Message: "0/3 nodes are available", LastTransitionTime: api.NewTime(clk.Now())}}
	must(t)(s.UpdateStatus(p))
	clk.Advance(5 * time.Second)
	w, err := s.Watch(WatchOptions{ResourceVersion: s.ResourceVersion()})
	if err != nil {
		t.Fatal(err)
	}
	before := mustGet[*api.Pod](t, s, "default", "web")

	bound, err := s.bind("default", "web", "node-1")
	if err != nil {
		t.Fatal(err)
	}
	got := mustGet[*api.Pod](t, s, "default", "web")
	if got.Spec.NodeName != "node-1" || bound.Spec.NodeName != "node-1" || bound.ResourceVersion != got.ResourceVersion {
		t.Errorf("nodeName = %q (returned %q, rv %s vs %s)", got.Spec.NodeName, bound.Spec.NodeName, bound.ResourceVersion, got.ResourceVersion)
	}
	if len(got.Status.Conditions) != 1 {
		t.Fatalf("conditions = %+v", got.Status.Conditions)
	}
	c := got.Status.Conditions[0]
	if c.Type != api.PodScheduled || c.Status != api.ConditionTrue || c.Reason != "" || c.Message != "" ||
		!c.LastTransitionTime.Equal(clk.Now()) {
		t.Errorf("PodScheduled = %+v, want True at %s with no reason", c, clk.Now())
	}
	if got.Generation != before.Generation {
		t.Errorf("generation %d → %d; binding bypasses the strategy", before.Generation, got.Generation)
	}
	evs := w.Drain()
	if len(evs) != 1 || evs[0].Type != Modified {
		t.Errorf("watch events = %+v, want one MODIFIED", evs)
	}
}

func TestBindErrors(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, testPod("web", ""))
	mustCreate(t, s, testPod("bound", "node-2"))
	gone := mustCreate(t, s, testPod("gone", ""))
	gone.Finalizers = []string{"example.com/hold"}
	must(t)(s.Update(gone))
	if _, _, err := s.Delete(mustKind("Pod"), "default", "gone", nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pod, node, want string
		is              func(error) bool
	}{
		{"bound", "node-1", `Operation cannot be fulfilled on pods/binding "bound": pod bound is already assigned to node "node-2"`, IsConflict},
		{"gone", "node-1", `Operation cannot be fulfilled on pods/binding "gone": pod gone is being deleted, cannot be assigned to a host`, IsConflict},
		{"missing", "node-1", `pods "missing" not found`, IsNotFound},
		{"web", "", `Binding "web" is invalid: target.name: Required value`, IsInvalid},
	} {
		_, err := s.bind("default", tc.pod, tc.node)
		if err == nil || err.Error() != tc.want || !tc.is(err) {
			t.Errorf("Bind(%s, %q) = %v, want %s", tc.pod, tc.node, err, tc.want)
		}
	}
	if p := mustGet[*api.Pod](t, s, "default", "web"); p.Spec.NodeName != "" {
		t.Errorf("a failed bind changed the pod: %q", p.Spec.NodeName)
	}
}

package replicaset

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// checkStatus compares rs's status with what its pods in the API say:
// active, controlled by it and selected; fully labeled; ready (available,
// with minReadySeconds 0).
func (e *testEnv) checkStatus(step string) {
	e.t.Helper()
	rs := e.rs("web")
	var want api.ReplicaSetStatus
	for _, p := range e.pods() {
		ref := p.ControllerRef()
		if ref == nil || ref.UID != rs.UID || !controller.IsPodActive(p) || p.Labels["app"] != "web" {
			continue
		}
		want.Replicas++
		want.FullyLabeledReplicas++
		if controller.IsPodReady(p) {
			want.ReadyReplicas++
			want.AvailableReplicas++
		}
	}
	got := rs.Status
	if got.Replicas != want.Replicas || got.FullyLabeledReplicas != want.FullyLabeledReplicas || got.ReadyReplicas != want.ReadyReplicas || got.AvailableReplicas != want.AvailableReplicas {
		e.t.Errorf("%s: status replicas %d, fully labeled %d, ready %d, available %d; the pods say %d, %d, %d, %d", step,
			got.Replicas, got.FullyLabeledReplicas, got.ReadyReplicas, got.AvailableReplicas,
			want.Replicas, want.FullyLabeledReplicas, want.ReadyReplicas, want.AvailableReplicas)
	}
}

// TestClaimsKeptWhileNothingReadChanges follows one ReplicaSet's claims
// across syncs: a pod update that changes nothing the sync reads keeps
// them; a pod turning ready or leaving is counted from the change, without
// listing; a pod released by its labels and a new spec make the sync list
// again. After each the status is what the pods say.
func TestClaimsKeptWhileNothingReadChanges(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 3))
	e.settle()
	const key = "default/web"
	first := e.rsc.claims[key]
	if first == nil || first.replicas() != 3 {
		t.Fatalf("claims after the scale-up: %+v, want 3 pods", first)
	}
	e.checkStatus("scale-up")
	pods := e.pods()

	// An annotation: the pod's owner is synced again and reads nothing new.
	p := pods[0]
	p.Annotations = map[string]string{"note": "seen"}
	if _, err := e.c.API.Update(p); err != nil {
		t.Fatal(err)
	}
	if !hasDecision(decisions(e.settle()...), "calculateStatus") {
		t.Fatal("the annotated pod's ReplicaSet was not synced")
	}
	if got := e.rsc.claims[key]; got != first {
		t.Fatal("an annotation made new claims")
	}

	// Ready: counted from the change.
	since := e.c.Clock.Now()
	e.setStatus(pods[1].Name, api.PodRunning, &since, 0)
	e.settle()
	ready := e.rsc.claims[key]
	if ready == first || ready == nil || ready.activePods != nil {
		t.Fatalf("claims after a pod turned ready: %+v, want new ones counted from the change", ready)
	}
	if st := e.rs("web").Status; st.ReadyReplicas != 1 || st.AvailableReplicas != 1 {
		t.Errorf("status after one pod turned ready: ready %d, available %d, want 1 and 1", st.ReadyReplicas, st.AvailableReplicas)
	}
	e.checkStatus("ready")

	// A ready pod deleted: the sync that sees it gone lists (it must
	// create a pod), and the replacement joining is counted again.
	if _, _, err := e.c.API.Delete(api.PodKind, "default", pods[1].Name, nil); err != nil {
		t.Fatal(err)
	}
	e.settle()
	e.checkStatus("ready pod deleted")
	pods = e.pods()
	since = e.c.Clock.Now()
	e.setStatus(pods[0].Name, api.PodRunning, &since, 0)
	e.settle()
	e.checkStatus("another ready")
	for _, status := range []api.ConditionStatus{api.ConditionFalse, api.ConditionTrue} {
		p, err := apiserver.GetAs[*api.Pod](e.c.API, "default", pods[0].Name)
		if err != nil {
			t.Fatal(err)
		}
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: status, LastTransitionTime: api.NewTime(e.c.Clock.Now())}}
		if _, err := e.c.API.UpdateStatus(p); err != nil {
			t.Fatal(err)
		}
		e.settle()
		if c := e.rsc.claims[key]; c == nil || c.activePods != nil {
			t.Errorf("Ready %s: claims %+v, want them counted from the change", status, c)
		}
		e.checkStatus("Ready " + string(status))
	}

	// Labels the selector no longer matches: released, replaced, and
	// the claims of the sync that released it are not kept; the next
	// ones, with the released pod an orphan that does not match, are.
	p, err := apiserver.GetAs[*api.Pod](e.c.API, "default", pods[2].Name)
	if err != nil {
		t.Fatal(err)
	}
	p.Labels = map[string]string{"app": "debug"}
	if _, err := e.c.API.Update(p); err != nil {
		t.Fatal(err)
	}
	e.step()
	if got := e.rsc.claims[key]; got != nil {
		t.Errorf("the sync that released %s kept its claims", p.Name)
	}
	e.settle()
	after := e.rsc.claims[key]
	if after == nil || after.replicas() != 3 {
		t.Fatalf("claims after the replacement: %+v, want 3 pods", after)
	}
	e.checkStatus("released and replaced")

	// A new spec (generation) claims afresh even with the same pods.
	e.scale("web", 3)
	rs := e.rs("web")
	rs.Spec.MinReadySeconds = 30
	if _, err := e.c.API.Update(rs); err != nil {
		t.Fatal(err)
	}
	e.settle()
	if got := e.rsc.claims[key]; got == after || got.generation != e.rs("web").Generation {
		t.Error("a new generation kept the old claims")
	}
	if st := e.rs("web").Status; st.ReadyReplicas != 1 || st.AvailableReplicas != 0 {
		t.Errorf("status with minReadySeconds 30 at once: ready %d, available %d, want 1 and 0", st.ReadyReplicas, st.AvailableReplicas)
	}
	e.tick(31)
	if st := e.rs("web").Status; st.AvailableReplicas != 1 {
		t.Errorf("available %d after minReadySeconds, want 1 (the count with the clock in it is not kept)", st.AvailableReplicas)
	}
}

package replicaset

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// TestClaimsKeptWhileNothingReadChanges follows one ReplicaSet's claims
// across syncs: a pod update that changes nothing the sync reads keeps
// them (the same claims, each pod at its newest version); a pod turning
// ready, a pod released by its labels, and a new spec each make new
// claims, with the status they imply.
func TestClaimsKeptWhileNothingReadChanges(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 3))
	e.settle()
	const key = "default/web"
	first := e.rsc.claims[key]
	if first == nil || len(first.activePods) != 3 {
		t.Fatalf("claims after the scale-up: %+v, want 3 active pods", first)
	}
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
	if got := first.activePods[0].Pod; got.Name != p.Name || got.Annotations["note"] != "seen" {
		t.Errorf("kept claims hold %s with annotations %v, want %s at its newest version", got.Name, got.Annotations, p.Name)
	}

	// Ready: a new count.
	since := e.c.Clock.Now()
	e.setStatus(pods[1].Name, api.PodRunning, &since, 0)
	e.settle()
	ready := e.rsc.claims[key]
	if ready == first {
		t.Fatal("a pod turning ready kept the old claims")
	}
	if st := e.rs("web").Status; st.ReadyReplicas != 1 || st.AvailableReplicas != 1 {
		t.Errorf("status after one pod turned ready: ready %d, available %d, want 1 and 1", st.ReadyReplicas, st.AvailableReplicas)
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
	if after == nil || len(after.activePods) != 3 {
		t.Fatalf("claims after the replacement: %+v, want 3 active pods", after)
	}
	for _, c := range after.activePods {
		if c.Pod.Name == p.Name {
			t.Errorf("the released pod %s is still claimed", p.Name)
		}
	}

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

package controller

import (
	"slices"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// TestClaimCachedPods: the ReplicaSet controller's claim over the cache's
// CachedPods gives what ClaimPods over FilterActivePods(FilterPodsByOwner)
// gives, adoptions and releases included, and remembers label matches
// only for the owner generation they were made for.
func TestClaimCachedPods(t *testing.T) {
	s, c := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	other := createTestRS(t, s, "other", productionLabel)
	createTestPod(t, s, "a-mine", productionLabel, rs)
	createTestPod(t, s, "b-released", testLabel, rs)
	createTestPod(t, s, "c-orphan", productionLabel, nil)
	createTestPod(t, s, "d-stranger", testLabel, nil)
	createTestPod(t, s, "e-others", productionLabel, other)
	gone := createTestPod(t, s, "f-deleting", productionLabel, rs)
	gone.Finalizers = []string{"example.com/hold"}
	if _, err := s.Update(gone); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Delete(api.PodKind, "default", "f-deleting", nil); err != nil {
		t.Fatal(err)
	}
	in := NewInformers(s, api.PodKind)
	in.Pump()
	pods := in.Lister(api.PodKind)
	sel := selectorOf(t, productionLabel)
	tmpl := labels.SelectorFromSet(labels.Set(rs.Spec.Template.Labels))

	// What upstream's functions say, on the same cache.
	listed, err := FilterPodsByOwner(pods, &rs.ObjectMeta, "ReplicaSet", true)
	if err != nil {
		t.Fatal(err)
	}
	active := podNames(FilterActivePods(listed))
	if want := []string{"a-mine", "b-released", "c-orphan", "d-stranger"}; !slices.Equal(active, want) {
		t.Fatalf("FilterActivePods(FilterPodsByOwner) = %v, want %v", active, want)
	}

	all := CachedPodsByOwner(pods, &rs.ObjectMeta, "ReplicaSet", true)
	if got := podNames(Pods(all)); !slices.Equal(got, podNames(listed)) {
		t.Errorf("CachedPodsByOwner = %v, FilterPodsByOwner = %v", got, podNames(listed))
	}
	ctx := NewContext(s, in, c)
	claimed, settled, err := ClaimCachedPods(ctx, rs, sel, tmpl, all, nil)
	if err != nil {
		t.Fatal(err)
	}
	if settled {
		t.Error("ClaimCachedPods says it settled, with an orphan adopted and a pod released")
	}
	if got, want := podNames(Pods(claimed)), []string{"a-mine", "c-orphan"}; !slices.Equal(got, want) {
		t.Errorf("claimed %v, want %v", got, want)
	}
	for name, owner := range map[string]string{"a-mine": rs.UID, "b-released": "", "c-orphan": rs.UID, "d-stranger": "", "e-others": other.UID} {
		got := ""
		if ref := getPod(t, s, name).ControllerRef(); ref != nil {
			got = ref.UID
		}
		if got != owner {
			t.Errorf("pod %s controlled by %q, want %q", name, got, owner)
		}
	}

	// The remembered match is the owner generation's: a new template
	// (a new generation) is matched afresh.
	mine := all[0]
	if _, full := mine.Matches(&rs.ObjectMeta, sel, tmpl); !full {
		t.Errorf("a-mine is not fully labeled")
	}
	rs2 := rs.DeepCopyObject().(*api.ReplicaSet)
	rs2.Generation++
	strict := labels.SelectorFromSet(labels.Set{"environment": "production", "tier": "web"})
	if _, full := mine.Matches(&rs2.ObjectMeta, sel, strict); full {
		t.Errorf("a-mine still fully labeled for a template it does not carry")
	}
}

// TestCachedPodChanges: the controller index logs its pods' changes that a
// sync reads, oldest first, and says when it no longer has them all: a log
// past its bound, a bucket emptied and made again.
func TestCachedPodChanges(t *testing.T) {
	st := newStore()
	yes := true
	owner := &api.ObjectMeta{Name: "web", Namespace: "default", UID: "uid-web"}
	pod := func(ready api.ConditionStatus, note string) *api.Pod {
		return &api.Pod{
			ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default", Annotations: map[string]string{"note": note},
				OwnerReferences: []api.OwnerReference{{Kind: "ReplicaSet", Name: "web", UID: owner.UID, Controller: &yes}}},
			Status: api.PodStatus{Phase: api.PodRunning, Conditions: []api.PodCondition{{Type: api.PodReady, Status: ready}}},
		}
	}
	st.put("default/p", pod(api.ConditionFalse, ""))
	start := CachedPodsRevision(st, owner)
	st.put("default/p", pod(api.ConditionFalse, "only an annotation"))
	if got := CachedPodsRevision(st, owner); got != start {
		t.Fatalf("an annotation changed the revision: %v -> %v", start, got)
	}
	st.put("default/p", pod(api.ConditionTrue, ""))
	owned, orphans, ok := CachedPodChanges(st, owner, start)
	if !ok || len(owned) != 1 || len(orphans) != 0 || owned[0].Old.Ready() || !owned[0].New.Ready() {
		t.Fatalf("changes since the start: %v %v %v, want one, not ready to ready", owned, orphans, ok)
	}
	mid := CachedPodsRevision(st, owner)
	for i := range 600 {
		st.put("default/p", pod([]api.ConditionStatus{api.ConditionFalse, api.ConditionTrue}[i%2], ""))
		if i == 499 {
			mid = CachedPodsRevision(st, owner)
		}
	}
	if _, _, ok := CachedPodChanges(st, owner, start); ok {
		t.Error("601 changes later the log still goes back to the start")
	}
	if owned, _, ok := CachedPodChanges(st, owner, mid); !ok || len(owned) != 100 {
		t.Errorf("changes since the 500th: %d, %v; want 100", len(owned), ok)
	}
	last := CachedPodsRevision(st, owner)
	st.remove("default/p")
	st.put("default/p", pod(api.ConditionTrue, ""))
	if _, _, ok := CachedPodChanges(st, owner, last); ok {
		t.Error("the changes of an emptied bucket are known after it was made again")
	}
}

package garbagecollector

import (
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
)

// rsWithPods makes ReplicaSet "web" and three pods it controls.
func rsWithPods(e *env) *api.ReplicaSet {
	rs := create(e, replicaSet("web", "web"))
	for _, n := range []string{"web-c", "web-a", "web-b"} {
		create(e, pod(n, ownerRef(rs)))
	}
	e.settle()
	return rs
}

func TestNothingToDoForOwnedObjects(t *testing.T) {
	e := newEnv(t)
	rsWithPods(e)
	if len(e.decisions) != 0 {
		t.Errorf("the collector acted on healthy objects:\n%s", e.decisionLog())
	}
	e.mustExist(podKind, "web-a", "web-b", "web-c")
}

func TestBackgroundDeletion(t *testing.T) {
	e := newEnv(t)
	rsWithPods(e)
	e.delete(rsKind, "web", apiserver.DeletePropagationBackground)
	// The API server deletes the owner at once: the collector has not run.
	e.mustBeGone(rsKind, "web")
	e.mustExist(podKind, "web-a", "web-b", "web-c")

	e.settle()
	for _, n := range []string{"web-a", "web-b", "web-c"} {
		if !e.terminating(podKind, n) {
			t.Errorf("pod %s is not terminating after the owner was deleted\n%s", n, e.decisionLog())
		}
	}
	// Dependents are deleted in a fixed order, by name.
	var order []string
	for _, d := range e.decisions {
		if i := strings.Index(d, "delete Pod default/"); i >= 0 {
			order = append(order, strings.Fields(d[i+len("delete Pod default/"):])[0])
		}
	}
	if want := []string{"web-a", "web-b", "web-c"}; !slices.Equal(order, want) {
		t.Errorf("pods deleted in order %v, want %v", order, want)
	}
	want := "delete Pod default/web-a with propagationPolicy=Background: owner ReplicaSet web is absent (deleted)"
	if !strings.Contains(e.decisionLog(), want) {
		t.Errorf("decisions lack %q:\n%s", want, e.decisionLog())
	}
	e.confirmPodDeletions()
	e.settle()
	e.mustBeGone(podKind, "web-a", "web-b", "web-c")
	for _, n := range e.gc.gb.uidToNode {
		if n.identity.Kind != "Namespace" {
			t.Errorf("graph still holds %s after everything was deleted", n.identity)
		}
	}
}

func TestForegroundDeletion(t *testing.T) {
	e := newEnv(t)
	rsWithPods(e)
	e.delete(rsKind, "web", apiserver.DeletePropagationForeground)
	e.settle()

	// The owner stays, marked, until its blocking dependents are gone.
	rs := e.get(rsKind, "web")
	if rs == nil {
		t.Fatalf("ReplicaSet web is gone while its pods remain\n%s", e.decisionLog())
	}
	m := rs.GetObjectMeta()
	if m.DeletionTimestamp == nil || !slices.Equal(m.Finalizers, []string{apiserver.FinalizerDeleteDependents}) {
		t.Errorf("owner: deletionTimestamp %v finalizers %v, want set and [foregroundDeletion]", m.DeletionTimestamp, m.Finalizers)
	}
	for _, n := range []string{"web-a", "web-b", "web-c"} {
		if !e.terminating(podKind, n) {
			t.Errorf("pod %s is not terminating", n)
		}
	}
	if !strings.Contains(e.decisionLog(), "ReplicaSet default/web waits for Pod default/web-a, Pod default/web-b, Pod default/web-c (blockOwnerDeletion=true)") {
		t.Errorf("no decision says what the owner waits for:\n%s", e.decisionLog())
	}

	// The kubelet confirms; the last pod going releases the owner.
	e.confirmPodDeletions()
	e.settle()
	e.mustBeGone(podKind, "web-a", "web-b", "web-c")
	e.mustBeGone(rsKind, "web")
	if !strings.Contains(e.decisionLog(), "remove finalizer foregroundDeletion from ReplicaSet default/web: the API server deletes it") {
		t.Errorf("no decision removes the finalizer:\n%s", e.decisionLog())
	}
}

func TestForegroundDoesNotWaitForNonBlockingDependents(t *testing.T) {
	e := newEnv(t)
	rs := create(e, replicaSet("web", "web"))
	ref := ownerRef(rs)
	ref.BlockOwnerDeletion = nil
	create(e, pod("web-a", ref))
	e.settle()
	e.delete(rsKind, "web", apiserver.DeletePropagationForeground)
	e.settle()
	// Not blocking: the owner goes at once, yet the dependent is still deleted.
	e.mustBeGone(rsKind, "web")
	if !e.terminating(podKind, "web-a") {
		t.Errorf("non-blocking dependent not deleted\n%s", e.decisionLog())
	}
}

func TestOrphanDeletion(t *testing.T) {
	e := newEnv(t)
	rsWithPods(e)
	e.delete(rsKind, "web", apiserver.DeletePropagationOrphan)
	if !e.terminating(rsKind, "web") {
		t.Fatal("orphan delete did not leave the owner marked for the collector")
	}
	e.settle()
	e.mustBeGone(rsKind, "web")
	for _, n := range []string{"web-a", "web-b", "web-c"} {
		p := e.get(podKind, n)
		if p == nil {
			t.Fatalf("pod %s was deleted by an orphan delete", n)
		}
		if m := p.GetObjectMeta(); m.DeletionTimestamp != nil || len(m.OwnerReferences) != 0 {
			t.Errorf("pod %s: deletionTimestamp %v ownerReferences %v, want running with none", n, m.DeletionTimestamp, m.OwnerReferences)
		}
	}
	for _, want := range []string{
		"remove the ownerReference to ReplicaSet default/web from Pod default/web-a, Pod default/web-b, Pod default/web-c",
		"remove finalizer orphan from ReplicaSet default/web: the API server deletes it; its dependents stay",
	} {
		if !strings.Contains(e.decisionLog(), want) {
			t.Errorf("decisions lack %q:\n%s", want, e.decisionLog())
		}
	}
	// Orphans stay orphans: nothing collects them later.
	e.settle()
	e.mustExist(podKind, "web-a", "web-b", "web-c")
}

func TestOrphanKeepsOtherOwnersAndFinalizers(t *testing.T) {
	e := newEnv(t)
	a := create(e, replicaSet("a", "web"))
	b := create(e, replicaSet("b", "web"))
	refB := ownerRef(b)
	refB.Controller = nil
	create(e, pod("web-a", ownerRef(a), refB))
	rs := e.get(rsKind, "a").(*api.ReplicaSet)
	rs.Finalizers = []string{"example.com/keep"}
	if _, err := e.c.API.Update(rs); err != nil {
		t.Fatal(err)
	}
	e.settle()
	e.delete(rsKind, "a", apiserver.DeletePropagationOrphan)
	e.settle()
	got := e.get(rsKind, "a")
	if got == nil || !slices.Equal(got.GetObjectMeta().Finalizers, []string{"example.com/keep"}) {
		t.Fatalf("owner with another finalizer: %v, want kept with [example.com/keep]", got)
	}
	p := e.get(podKind, "web-a").GetObjectMeta()
	if len(p.OwnerReferences) != 1 || p.OwnerReferences[0].UID != b.UID {
		t.Errorf("dependent ownerReferences %v, want only b's", p.OwnerReferences)
	}
}

func TestDanglingOwnerIsCollected(t *testing.T) {
	e := newEnv(t)
	ghost := api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "ghost", UID: "00000000-dead-beef-0000-000000000000",
		Controller: ptr(true), BlockOwnerDeletion: ptr(true)}
	create(e, pod("orphan", ghost))
	e.settle()
	if !e.terminating(podKind, "orphan") {
		t.Fatalf("pod with a dangling owner was not collected\n%s", e.decisionLog())
	}
	want := "delete Pod default/orphan with propagationPolicy=Background: owner ReplicaSet ghost is absent (not found)"
	if !strings.Contains(e.decisionLog(), want) {
		t.Errorf("decisions lack %q:\n%s", want, e.decisionLog())
	}
	// The made-up owner node left the graph once verified absent.
	if e.gc.graphHasUID(ghost.UID) {
		t.Error("virtual owner node still in the graph")
	}
}

func TestStaleUIDOwnerIsCollected(t *testing.T) {
	e := newEnv(t)
	rs := create(e, replicaSet("web", "web"))
	stale := ownerRef(rs)
	stale.UID = "11111111-2222-3333-4444-555555555555" // an earlier "web"
	create(e, pod("web-old", stale))
	e.settle()
	e.mustExist(rsKind, "web")
	if !e.terminating(podKind, "web-old") {
		t.Fatalf("pod owned by an earlier ReplicaSet of the same name was not collected\n%s", e.decisionLog())
	}
	if want := "owner ReplicaSet web is absent (a ReplicaSet web exists with another uid, " + rs.UID + ")"; !strings.Contains(e.decisionLog(), want) {
		t.Errorf("decisions lack %q:\n%s", want, e.decisionLog())
	}
}

func TestUnknownOwnerKindIsRetriedNotCollected(t *testing.T) {
	e := newEnv(t)
	ref := api.OwnerReference{APIVersion: "example.com/v1", Kind: "Widget", Name: "w", UID: "u-1"}
	create(e, pod("web-a", ref))
	steps, err := e.c.Settle()
	if err != nil {
		t.Fatal(err)
	}
	var sawErr bool
	for _, s := range steps {
		if s.Err != nil && strings.Contains(s.Err.Error(), "unable to get REST mapping for example.com/v1/Widget.") {
			sawErr = true
		}
	}
	if !sawErr {
		t.Errorf("no REST mapping error reported; steps: %+v", steps)
	}
	e.mustExist(podKind, "web-a")
	if e.terminating(podKind, "web-a") {
		t.Error("pod whose owner kind is unknown was deleted")
	}
}

func TestMultipleOwnersKeepDependent(t *testing.T) {
	e := newEnv(t)
	a := create(e, replicaSet("a", "web"))
	b := create(e, replicaSet("b", "web"))
	refB := ownerRef(b)
	refB.Controller = nil
	create(e, pod("shared", ownerRef(a), refB))
	e.settle()

	e.delete(rsKind, "a", "")
	e.settle()
	p := e.get(podKind, "shared")
	if p == nil || p.GetObjectMeta().DeletionTimestamp != nil {
		t.Fatalf("dependent with a remaining owner was deleted\n%s", e.decisionLog())
	}
	// The dangling reference is removed; the solid one stays.
	if refs := p.GetObjectMeta().OwnerReferences; len(refs) != 1 || refs[0].UID != b.UID {
		t.Errorf("ownerReferences %v, want only b's", refs)
	}
	if want := "keep Pod default/shared: at least one owner exists; remove its ownerReferences to ReplicaSet a"; !strings.Contains(e.decisionLog(), want) {
		t.Errorf("decisions lack %q:\n%s", want, e.decisionLog())
	}

	e.delete(rsKind, "b", "")
	e.settle()
	if !e.terminating(podKind, "shared") {
		t.Errorf("dependent not collected after its last owner went\n%s", e.decisionLog())
	}
}

func TestMultipleOwnersForegroundOwnerIsUnblocked(t *testing.T) {
	e := newEnv(t)
	a := create(e, replicaSet("a", "web"))
	b := create(e, replicaSet("b", "web"))
	refB := ownerRef(b)
	refB.Controller = nil
	create(e, pod("shared", ownerRef(a), refB))
	e.settle()
	// a waits in the foreground, but the pod has another solid owner: the
	// collector drops the pod's reference to a instead of deleting it.
	e.delete(rsKind, "a", apiserver.DeletePropagationForeground)
	e.settle()
	e.mustBeGone(rsKind, "a")
	p := e.get(podKind, "shared")
	if p == nil || p.GetObjectMeta().DeletionTimestamp != nil {
		t.Fatalf("pod with a solid owner was deleted\n%s", e.decisionLog())
	}
}

// deploymentTree makes Deployment web → ReplicaSet web-5d8f7c9b6 → two pods.
func deploymentTree(e *env) {
	d := create(e, deployment("web"))
	rs := create(e, replicaSet("web-5d8f7c9b6", "web", ownerRef(d)))
	create(e, pod("web-5d8f7c9b6-abcde", ownerRef(rs)))
	create(e, pod("web-5d8f7c9b6-fghij", ownerRef(rs)))
	e.settle()
}

var treePods = []string{"web-5d8f7c9b6-abcde", "web-5d8f7c9b6-fghij"}

func TestCascadeTwoLevelsBackground(t *testing.T) {
	e := newEnv(t)
	deploymentTree(e)
	e.delete(deploymentKind, "web", "")
	e.settle()
	e.mustBeGone(deploymentKind, "web")
	e.mustBeGone(rsKind, "web-5d8f7c9b6")
	for _, n := range treePods {
		if !e.terminating(podKind, n) {
			t.Errorf("pod %s not terminating\n%s", n, e.decisionLog())
		}
	}
	log := e.decisionLog()
	rsAt := strings.Index(log, "delete ReplicaSet default/web-5d8f7c9b6 with propagationPolicy=Background")
	podAt := strings.Index(log, "delete Pod default/web-5d8f7c9b6-abcde with propagationPolicy=Background")
	if rsAt < 0 || podAt < 0 || podAt < rsAt {
		t.Errorf("want the ReplicaSet deleted, then its pods:\n%s", log)
	}
	e.confirmPodDeletions()
	e.settle()
	e.mustBeGone(podKind, treePods...)
}

func TestCascadeTwoLevelsForeground(t *testing.T) {
	e := newEnv(t)
	deploymentTree(e)
	e.delete(deploymentKind, "web", apiserver.DeletePropagationForeground)
	e.settle()
	// Both levels wait, marked, while the pods terminate.
	if !e.terminating(deploymentKind, "web") || !e.terminating(rsKind, "web-5d8f7c9b6") {
		t.Fatalf("want Deployment and ReplicaSet both terminating\n%s", e.decisionLog())
	}
	rs := e.get(rsKind, "web-5d8f7c9b6").GetObjectMeta()
	if !slices.Contains(rs.Finalizers, apiserver.FinalizerDeleteDependents) {
		t.Errorf("ReplicaSet finalizers %v: the dependent with dependents should be deleted in the foreground", rs.Finalizers)
	}
	if !strings.Contains(e.decisionLog(), "delete ReplicaSet default/web-5d8f7c9b6 with propagationPolicy=Foreground: an owner is deleting its dependents in the foreground and web-5d8f7c9b6 has 2 dependent(s) of its own") {
		t.Errorf("no Foreground decision for the ReplicaSet:\n%s", e.decisionLog())
	}
	for _, n := range treePods {
		if !e.terminating(podKind, n) {
			t.Errorf("pod %s not terminating", n)
		}
	}
	e.confirmPodDeletions()
	e.settle()
	e.mustBeGone(podKind, treePods...)
	e.mustBeGone(rsKind, "web-5d8f7c9b6")
	e.mustBeGone(deploymentKind, "web")
}

func TestCascadeTwoLevelsOrphan(t *testing.T) {
	e := newEnv(t)
	deploymentTree(e)
	e.delete(deploymentKind, "web", apiserver.DeletePropagationOrphan)
	e.settle()
	e.mustBeGone(deploymentKind, "web")
	rs := e.get(rsKind, "web-5d8f7c9b6")
	if rs == nil || len(rs.GetObjectMeta().OwnerReferences) != 0 || rs.GetObjectMeta().DeletionTimestamp != nil {
		t.Fatalf("ReplicaSet after orphan delete: %+v", rs)
	}
	// Only the first level is orphaned: the pods still belong to the ReplicaSet.
	for _, n := range treePods {
		p := e.get(podKind, n)
		if p == nil || p.GetObjectMeta().DeletionTimestamp != nil || len(p.GetObjectMeta().OwnerReferences) != 1 {
			t.Errorf("pod %s after orphan delete: %+v", n, p)
		}
	}
}

func TestInvalidNamespaceOwnerRef(t *testing.T) {
	e := newEnv(t)
	rs := create(e, replicaSet("web", "web"))
	create(e, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "other"}})
	p := pod("stray", ownerRef(rs))
	p.Namespace = "other"
	create(e, p)
	e.settle()
	evs, _, err := apiserver.ListAs[*api.Event](e.c.API, "other", nil)
	if err != nil {
		t.Fatal(err)
	}
	var found *api.Event
	for _, ev := range evs {
		if ev.Reason == "OwnerRefInvalidNamespace" {
			found = ev
		}
	}
	if found == nil {
		t.Fatalf("no OwnerRefInvalidNamespace event; events: %+v", evs)
	}
	want := `ownerRef [apps/v1/ReplicaSet, namespace: other, name: web, uid: ` + rs.UID + `] does not exist in namespace "other"`
	if found.Message != want || found.Type != api.EventTypeWarning || found.Source.Component != Name ||
		found.InvolvedObject.Name != "stray" || found.InvolvedObject.Kind != "Pod" {
		t.Errorf("event %+v\nwant message %q from %s about Pod stray", found, want, Name)
	}
	// The reference is treated as absent: the pod goes, the owner stays.
	stray, err := e.c.API.Get(podKind, "other", "stray")
	if err != nil || stray.GetObjectMeta().DeletionTimestamp == nil {
		t.Errorf("pod with a cross-namespace owner: %v %v, want terminating", stray, err)
	}
	e.mustExist(rsKind, "web")
}

func TestObjectsPresentBeforeTheCollectorStarts(t *testing.T) {
	c := cluster.New(cluster.DefaultSeed)
	rs, err := c.API.Create(replicaSet("web", "web"))
	if err != nil {
		t.Fatal(err)
	}
	ghost := api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "ghost", UID: "ghost-uid"}
	for _, p := range []*api.Pod{pod("kept", ownerRef(rs)), pod("dangling", ghost)} {
		if _, err := c.API.Create(p); err != nil {
			t.Fatal(err)
		}
	}
	c.Informers.Pump()
	gc := New(c.Context) // its graph comes from the informers' caches
	c.Add(gc)
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	kept, _ := c.API.Get(podKind, "default", "kept")
	dangling, _ := c.API.Get(podKind, "default", "dangling")
	if kept == nil || kept.GetObjectMeta().DeletionTimestamp != nil {
		t.Errorf("pod with a live owner was collected")
	}
	if dangling == nil || dangling.GetObjectMeta().DeletionTimestamp == nil {
		t.Errorf("pod with a dangling owner was not collected")
	}
}

func TestOwnerRecreatedWithSameName(t *testing.T) {
	e := newEnv(t)
	rsWithPods(e)
	e.delete(rsKind, "web", "")
	create(e, replicaSet("web", "web")) // a new object, a new uid
	e.settle()
	for _, n := range []string{"web-a", "web-b", "web-c"} {
		if !e.terminating(podKind, n) {
			t.Errorf("pod %s of the deleted ReplicaSet survived its namesake's return", n)
		}
	}
	e.mustExist(rsKind, "web")
}

func TestRemovingBlockingReferenceReleasesForegroundOwner(t *testing.T) {
	e := newEnv(t)
	rs := create(e, replicaSet("web", "web"))
	create(e, pod("web-a", ownerRef(rs)))
	e.settle()
	// Make the pod refuse to go: a finalizer nobody removes.
	p := e.get(podKind, "web-a").(*api.Pod)
	p.Finalizers = []string{"example.com/hold"}
	if _, err := e.c.API.Update(p); err != nil {
		t.Fatal(err)
	}
	e.delete(rsKind, "web", apiserver.DeletePropagationForeground)
	e.settle()
	e.confirmPodDeletions()
	e.settle()
	e.mustExist(rsKind, "web") // still blocked by the held pod
	// Someone unblocks it by hand: the owner may now go.
	p = e.get(podKind, "web-a").(*api.Pod)
	p.OwnerReferences[0].BlockOwnerDeletion = ptr(false)
	if _, err := e.c.API.Update(p); err != nil {
		t.Fatal(err)
	}
	e.settle()
	e.mustBeGone(rsKind, "web")
}

func TestKeysAreReadable(t *testing.T) {
	id := objectReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web", Namespace: "default", UID: "u1"}
	if got := itemKey(keyDelete, id); got != "delete/ReplicaSet/default/web/u1" {
		t.Errorf("namespaced key %q", got)
	}
	id.Namespace, id.Kind = "", "Node"
	if got := itemKey(keyOrphan, id); got != "orphan/Node/web/u1" {
		t.Errorf("cluster-scoped key %q", got)
	}
	if got := keyObject("orphan/Node/web/u1"); got != "Node web" {
		t.Errorf("keyObject = %q", got)
	}
	if got := keyObject("delete/Pod/default/web-1/u2"); got != "Pod default/web-1" {
		t.Errorf("keyObject = %q", got)
	}
}

func TestDeterministic(t *testing.T) {
	run := func() string {
		e := newEnv(t)
		deploymentTree(e)
		rsWithPods(e)
		e.delete(deploymentKind, "web", apiserver.DeletePropagationForeground)
		e.delete(rsKind, "web", "")
		e.settle()
		e.confirmPodDeletions()
		e.settle()
		var b strings.Builder
		b.WriteString(e.decisionLog())
		l, _ := e.c.API.List(podKind, "", nil)
		for _, o := range l.Items {
			b.WriteString("\n" + controller.KeyOf(o) + " " + o.GetObjectMeta().ResourceVersion)
		}
		return b.String()
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("two runs differ:\n%s\n---\n%s", a, b)
	}
	if a == "" {
		t.Error("no decisions recorded")
	}
}

func TestReferencesDiffs(t *testing.T) {
	r := func(uid string, block bool) api.OwnerReference {
		return api.OwnerReference{UID: uid, Name: uid, BlockOwnerDeletion: ptr(block)}
	}
	added, removed, changed := referencesDiffs(
		[]api.OwnerReference{r("a", true), r("b", true), r("c", false)},
		[]api.OwnerReference{r("b", false), r("c", false), r("d", true)})
	if len(added) != 1 || added[0].UID != "d" {
		t.Errorf("added %v", added)
	}
	if len(removed) != 1 || removed[0].UID != "a" {
		t.Errorf("removed %v", removed)
	}
	if len(changed) != 1 || changed[0].newRef.UID != "b" {
		t.Errorf("changed %v", changed)
	}
}

func TestReferenceCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newReferenceCache(2)
	a, b, d := objectReference{UID: "a"}, objectReference{UID: "b"}, objectReference{UID: "d"}
	c.Add(a, "deleted")
	c.Add(b, "deleted")
	c.Get(a) // a is now the most recent
	c.Add(d, "not found")
	_, hasA := c.Get(a)
	_, hasB := c.Get(b)
	why, hasD := c.Get(d)
	if !hasA || hasB || !hasD || why != "not found" {
		t.Errorf("want b evicted; has a=%v b=%v d=%v (%q)", hasA, hasB, hasD, why)
	}
}

func TestAPIResource(t *testing.T) {
	for _, tc := range []struct {
		apiVersion, kind string
		namespaced, ok   bool
	}{
		{"apps/v1", "ReplicaSet", true, true},
		{"v1", "Pod", true, true},
		{"v1", "Node", false, true},
		{"apps/v1beta1", "ReplicaSet", false, false},
		{"v1", "Deployment", false, false},
		{"example.com/v1", "Widget", false, false},
	} {
		_, namespaced, err := apiResource(tc.apiVersion, tc.kind)
		if (err == nil) != tc.ok || (tc.ok && namespaced != tc.namespaced) {
			t.Errorf("apiResource(%q, %q) = namespaced %v, err %v", tc.apiVersion, tc.kind, namespaced, err)
		}
	}
}

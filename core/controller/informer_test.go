package controller

import (
	"math/rand/v2"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

func newNamespace(t *testing.T, s *apiserver.Server, name string) {
	t.Helper()
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}}); err != nil {
		t.Fatal(err)
	}
}

// TestLateHandlerSeesCachedObjects: a handler added after the caches are
// full is replayed every cached object, in key order, as client-go does.
func TestLateHandlerSeesCachedObjects(t *testing.T) {
	s := apiserver.New(clock.New(clock.Epoch), rand.New(rand.NewPCG(1, 2)))
	nsKind := api.NamespaceKind
	in := NewInformers(s, nsKind)
	newNamespace(t, s, "zeta")
	newNamespace(t, s, "alpha")
	in.Pump()

	var added []string
	in.AddHandler(nsKind, Handler{Add: func(obj api.Object) { added = append(added, KeyOf(obj)) }})
	want := []string{"alpha", "default", "kube-node-lease", "kube-public", "kube-system", "zeta"}
	if len(added) != len(want) {
		t.Fatalf("replayed %v, want %v", added, want)
	}
	for i := range want {
		if added[i] != want[i] {
			t.Fatalf("replayed %v, want %v", added, want)
		}
	}

	newNamespace(t, s, "later")
	if n := in.Pump(); n != 1 || added[len(added)-1] != "later" {
		t.Fatalf("after a new write: pumped %d, adds %v", n, added)
	}
}

// TestPumpDeliversUpdatesWithOldObject: updates carry the cached previous
// state, and the cache holds the new one.
func TestPumpDeliversUpdatesWithOldObject(t *testing.T) {
	s := apiserver.New(clock.New(clock.Epoch), rand.New(rand.NewPCG(1, 2)))
	nsKind := api.NamespaceKind
	in := NewInformers(s, nsKind)
	newNamespace(t, s, "team")
	in.Pump()
	var oldLabels, newLabels map[string]string
	in.AddHandler(nsKind, Handler{
		Update: func(old, cur api.Object) {
			oldLabels, newLabels = old.GetObjectMeta().Labels, cur.GetObjectMeta().Labels
		},
	})
	ns, _ := apiserver.GetAs[*api.Namespace](s, "", "team")
	ns.Labels = map[string]string{"tier": "gold"}
	if _, err := s.Update(ns); err != nil {
		t.Fatal(err)
	}
	in.Pump()
	if oldLabels["tier"] != "" || newLabels["tier"] != "gold" {
		t.Fatalf("update handler saw old=%v new=%v", oldLabels, newLabels)
	}
	if got, ok := GetAs[*api.Namespace](in.Lister(nsKind), "", "team"); !ok || got.Labels["tier"] != "gold" {
		t.Fatalf("cache holds %v, %v; want the updated namespace", got, ok)
	}
}

// TestControllerIndexFollowsOwnership: adopting an orphan moves it from the
// orphan index to its controller's entry, and deleting it leaves both.
func TestControllerIndexFollowsOwnership(t *testing.T) {
	st := newStore()
	yes := true
	orphan := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "a", Namespace: "default"}}
	st.put("default/a", orphan)
	st.put("default/b", &api.Pod{ObjectMeta: api.ObjectMeta{Name: "b", Namespace: "default"}})
	if got := st.ListOrphans("default"); len(got) != 2 || KeyOf(got[0]) != "default/a" {
		t.Fatalf("orphans = %d objects", len(got))
	}
	adopted := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "a", Namespace: "default",
		OwnerReferences: []api.OwnerReference{{Kind: "ReplicaSet", Name: "web", UID: "rs-1", Controller: &yes}}}}
	st.put("default/a", adopted)
	if got := st.ListControlledBy("rs-1"); len(got) != 1 || got[0] != adopted {
		t.Fatalf("controlled by rs-1: %v", got)
	}
	if got := st.ListOrphans("default"); len(got) != 1 || KeyOf(got[0]) != "default/b" {
		t.Fatalf("after adoption the orphans are %v", got)
	}
	st.remove("default/a")
	if got := st.ListControlledBy("rs-1"); len(got) != 0 {
		t.Fatalf("a deleted pod stayed in the index: %v", got)
	}
	if got := st.ListOrphans("kube-system"); len(got) != 0 {
		t.Fatal("orphans leaked across namespaces")
	}
}

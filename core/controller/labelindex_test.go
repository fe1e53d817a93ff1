package controller

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// TestListByLabelIndexMatchesScan: through random adds, relabels, changes
// of controller and removals, List with a selector (or none) returns what
// matching every cached object returns, in the same order.
func TestListByLabelIndexMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	st := newStore()
	randomLabels := func() map[string]string {
		if rng.IntN(5) == 0 {
			return nil
		}
		ls := map[string]string{}
		for _, k := range []string{"app", "tier", "pod-template-hash"} {
			if rng.IntN(3) > 0 {
				ls[k] = fmt.Sprint("v", rng.IntN(3))
			}
		}
		return ls
	}
	selectors := []string{"app=v1", "app==v2,tier=v0", "app in (v1)", "app in (v1,v2)", "app=v1,tier!=v2",
		"pod-template-hash=v0,app=v1", "tier", "!tier", "app=none", "app notin (v0)", ""}
	scan := func(ns string, sel labels.Selector) []api.Object {
		var out []api.Object
		for _, key := range st.Keys() {
			m := st.objects[key].obj.GetObjectMeta()
			if (ns == "" || m.Namespace == ns) && sel.Matches(labels.Set(m.Labels)) {
				out = append(out, st.objects[key].obj)
			}
		}
		return out
	}
	for i := range 2000 {
		name := fmt.Sprint("p", rng.IntN(200))
		ns := []string{"default", "other"}[rng.IntN(2)]
		key := ns + "/" + name
		if rng.IntN(4) == 0 {
			st.remove(key)
		} else {
			p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns, Labels: randomLabels()}}
			if owner := rng.IntN(3); owner > 0 {
				yes := true
				p.OwnerReferences = []api.OwnerReference{{Kind: "ReplicaSet", Name: fmt.Sprint("rs", owner), UID: fmt.Sprint("uid-", owner), Controller: &yes}}
			}
			st.put(key, p)
		}
		for _, ns := range []string{"", "default"} {
			if got, want := st.List(ns, nil), scan(ns, labels.Everything()); !slices.Equal(got, want) {
				t.Fatalf("step %d, List(%q, nil): %d objects, a scan finds %d", i, ns, len(got), len(want))
			}
		}
		if i%50 != 0 {
			continue
		}
		for _, s := range selectors {
			sel, err := labels.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			for _, ns := range []string{"", "default"} {
				if got, want := st.List(ns, sel), scan(ns, sel); !slices.Equal(got, want) {
					t.Fatalf("step %d, List(%q, %q): %d objects, a scan finds %d", i, ns, s, len(got), len(want))
				}
			}
		}
	}
}

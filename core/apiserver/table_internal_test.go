package apiserver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The table's lazy merge must list exactly the live records, sorted, after
// any mix of inserts and removes, and between reads as well as across them.
func TestTableListsLiveRecordsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	tab := &table{byKey: map[objKey]*record{}}
	want := map[objKey]bool{}
	for step := range 3000 {
		key := objKey{fmt.Sprintf("ns-%d", rng.IntN(3)), fmt.Sprintf("obj-%03d", rng.IntN(200))}
		if r := tab.byKey[key]; r != nil && rng.IntN(2) == 0 {
			tab.remove(r)
			delete(want, key)
		} else if r == nil {
			tab.insert(&record{key: key})
			want[key] = true
		}
		if step%7 != 0 { // read after some writes, not all
			continue
		}
		ns := fmt.Sprintf("ns-%d", rng.IntN(4)) // ns-3 is always empty
		if rng.IntN(3) == 0 {
			ns = ""
		}
		var got, exp []objKey
		for _, r := range tab.namespaceRange(ns) {
			got = append(got, r.key)
		}
		for k := range want {
			if ns == "" || k.namespace == ns {
				exp = append(exp, k)
			}
		}
		slices.SortFunc(exp, compareKeys)
		if !slices.Equal(got, exp) {
			t.Fatalf("step %d, namespace %q: listed %v, want %v", step, ns, got, exp)
		}
	}
}

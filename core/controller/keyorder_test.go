package controller

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeyOrderListsSortedMembers: through random adds and removes, with
// reads now and then, list returns exactly the members, sorted.
func TestKeyOrderListsSortedMembers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var o keyOrder
	members := map[string]bool{}
	for i := range 20000 {
		k := fmt.Sprint("k", rng.IntN(600))
		if members[k] {
			o.remove(k)
			delete(members, k)
		} else {
			o.add(k)
			members[k] = true
		}
		if rng.IntN(40) == 0 || i == 19999 {
			if got, want := o.list(), slices.Sorted(maps.Keys(members)); !slices.Equal(got, want) {
				t.Fatalf("step %d: list has %d keys, the set %d", i, len(got), len(want))
			}
		}
	}
}

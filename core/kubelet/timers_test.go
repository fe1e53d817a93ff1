package kubelet

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The timer heap pops timers by time, then in the order they were set,
// through any mix of pushes and pops: checked against a sorted list.
func TestTimerHeapOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var h timerHeap
	var want []timer // what h holds, kept sorted
	var seq uint64
	for range 20_000 {
		if len(want) == 0 || r.IntN(3) > 0 {
			seq++
			tm := timer{at: int64(r.IntN(50)), seq: seq}
			h.push(tm)
			i, _ := slices.BinarySearchFunc(want, tm, func(a, b timer) int {
				if a.at != b.at {
					return int(a.at - b.at)
				}
				return int(a.seq) - int(b.seq)
			})
			want = slices.Insert(want, i, tm)
			continue
		}
		got := h.pop()
		if got != want[0] {
			t.Fatalf("popped at=%d seq=%d, want at=%d seq=%d", got.at, got.seq, want[0].at, want[0].seq)
		}
		want = want[1:]
		if len(h) != len(want) {
			t.Fatalf("%d timers held, want %d", len(h), len(want))
		}
	}
}

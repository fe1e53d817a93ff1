package cluster

import "testing"

func TestSameSeedSameStream(t *testing.T) {
	a, b, other := New(42), New(42), New(43)
	same, differ := true, false
	for range 100 {
		x, y, z := a.Rand.Uint64(), b.Rand.Uint64(), other.Rand.Uint64()
		same = same && x == y
		differ = differ || x != z
	}
	if !same {
		t.Error("two clusters with seed 42 drew different numbers")
	}
	if !differ {
		t.Error("seeds 42 and 43 drew identical streams")
	}
}

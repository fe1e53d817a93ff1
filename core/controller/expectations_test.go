package controller

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/clock"
)

// TestControllerExpectations follows upstream's test of the same name, on
// the virtual clock and with the real 5-minute timeout.
func TestControllerExpectations(t *testing.T) {
	clk := clock.New(clock.Epoch)
	e := NewControllerExpectations(clk)
	const key = "default/foobar"
	adds, dels := 10, 30

	if !e.SatisfiedExpectations(key) {
		t.Error("a controller without expectations must sync")
	}
	e.SetExpectations(key, adds, dels)
	for range adds + 1 {
		e.CreationObserved(key)
	}
	if e.SatisfiedExpectations(key) {
		t.Error("Rc will sync before expectations are met")
	}
	for range dels + 1 {
		e.DeletionObserved(key)
	}

	tests := []struct {
		name                      string
		expectationsToSet         []int
		expireExpectations        bool
		wantPodExpectations       []int64
		wantExpectationsSatisfied bool
	}{
		{
			name:                      "Expectations have been surpassed",
			wantPodExpectations:       []int64{-1, -1},
			wantExpectationsSatisfied: true,
		},
		{
			name:                      "Old expectations are cleared because of ttl",
			expectationsToSet:         []int{1, 2},
			expireExpectations:        true,
			wantPodExpectations:       []int64{1, 2},
			wantExpectationsSatisfied: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.expectationsToSet) > 0 {
				e.SetExpectations(key, tt.expectationsToSet[0], tt.expectationsToSet[1])
			}
			exp, ok := e.GetExpectations(key)
			if !ok {
				t.Fatal("no expectations")
			}
			if add, del := exp.GetExpectations(); add != tt.wantPodExpectations[0] || del != tt.wantPodExpectations[1] {
				t.Errorf("expectations add=%d del=%d, want %v", add, del, tt.wantPodExpectations)
			}
			if got := e.SatisfiedExpectations(key); got != tt.wantExpectationsSatisfied {
				t.Errorf("SatisfiedExpectations = %v, want %v", got, tt.wantExpectationsSatisfied)
			}
			if tt.expireExpectations {
				clk.Advance(ExpectationsTimeout)
				if e.SatisfiedExpectations(key) {
					t.Error("expired at exactly the timeout; upstream needs strictly more")
				}
				clk.Advance(time.Nanosecond)
				if !e.SatisfiedExpectations(key) {
					t.Error("Expectations should have expired but didn't")
				}
			}
		})
	}
}

func TestLowerAndRaiseKeepTimestamp(t *testing.T) {
	clk := clock.New(clock.Epoch)
	e := NewControllerExpectations(clk)
	e.ExpectCreations("k", 2)
	clk.Advance(4 * time.Minute)
	e.raiseExpectations("k", 1, 0)
	e.LowerExpectations("k", 1, 0)
	exp, _ := e.GetExpectations("k")
	if !exp.timestamp.Equal(clock.Epoch) {
		t.Errorf("timestamp moved to %v", exp.timestamp)
	}
	if add, del := exp.GetExpectations(); add != 2 || del != 0 {
		t.Errorf("add=%d del=%d, want 2 0", add, del)
	}
	if got := exp.String(); got != "add=2 del=0 (set 2026-01-01T00:00:00Z)" {
		t.Errorf("String() = %q", got)
	}
	// Lowering an unknown key is a no-op, not a new entry.
	e.LowerExpectations("other", 1, 1)
	if _, ok := e.GetExpectations("other"); ok {
		t.Error("LowerExpectations created an entry")
	}
	clk.Advance(time.Minute + time.Nanosecond)
	if !e.SatisfiedExpectations("k") {
		t.Error("raise/lower must not extend the 5-minute timeout")
	}
}

// TestUIDExpectations follows upstream's test of the same name.
func TestUIDExpectations(t *testing.T) {
	u := NewUIDTrackingControllerExpectations(NewControllerExpectations(clock.New(clock.Epoch)))
	for _, n := range []int{2, 1, 0, 5} {
		t.Run(fmt.Sprintf("controller with %d replicas", n), func(t *testing.T) {
			key := fmt.Sprintf("default/rc-%d", n)
			var podKeys []string
			for i := range 5 {
				podKeys = append(podKeys, fmt.Sprintf("default/pod%d-rc-%d", i, n))
			}
			u.ExpectDeletions(key, podKeys)
			if u.SatisfiedExpectations(key) {
				t.Errorf("%s satisfied expectations before deletion", key)
			}
			if got := u.getUIDs(key); !slices.Equal(got, podKeys) {
				t.Errorf("GetUIDs = %v", got)
			}
			for _, p := range podKeys {
				u.DeletionObserved(key, p)
				u.DeletionObserved(key, p) // a second sighting counts nothing
			}
			exp, _ := u.GetExpectations(key)
			if _, del := exp.GetExpectations(); del != 0 {
				t.Errorf("del = %d after observing each pod twice, want 0", del)
			}
			if !u.SatisfiedExpectations(key) {
				t.Errorf("%s didn't satisfy expectations after deletion", key)
			}
			u.DeleteExpectations(key)
			if u.getUIDs(key) != nil {
				t.Errorf("failed to delete uid expectations for %s", key)
			}
			if _, ok := u.GetExpectations(key); ok {
				t.Error("counts survived DeleteExpectations")
			}
		})
	}
}

func TestUIDExpectationsIgnoreUnexpectedPods(t *testing.T) {
	u := NewUIDTrackingControllerExpectations(NewControllerExpectations(clock.New(clock.Epoch)))
	u.ExpectDeletions("k", []string{"default/a", "default/b", "default/a"})
	u.DeletionObserved("k", "default/zzz")
	exp, _ := u.GetExpectations("k")
	if _, del := exp.GetExpectations(); del != 2 {
		t.Errorf("del = %d, want 2 (duplicates collapse, strangers ignored)", del)
	}
	// Creations go through the plain counters.
	u.ExpectCreations("k", 3)
	u.CreationObserved("k")
	exp, _ = u.GetExpectations("k")
	if add, del := exp.GetExpectations(); add != 2 || del != 0 {
		t.Errorf("add=%d del=%d, want 2 0", add, del)
	}
}

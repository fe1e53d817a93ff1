package session

import "testing"

// Over a rollout, the ticks with a decision of the Deployment controller
// are found forward and back, and a filter that matches nothing finds none.
func TestDecisionTick(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	s.Tick(30)
	next, ok := s.DecisionTick(0, 1, "deployment-controller", "default/web")
	if !ok || next < 1 {
		t.Fatalf("next from 0: %d %v", next, ok)
	}
	var at []int64
	for tick, ok := int64(0), true; ok; {
		if tick, ok = s.DecisionTick(tick, 1, "deployment-controller", ""); ok {
			at = append(at, tick)
		}
	}
	if len(at) < 2 || at[0] != next {
		t.Fatalf("forward: %v", at)
	}
	// Every tick found has one, and back from the last finds the one before.
	for _, tick := range at {
		s.Jump(tick)
		found := false
		for _, d := range s.View().Decisions {
			found = found || d.Controller == "deployment-controller"
		}
		if !found {
			t.Errorf("tick %d has no deployment-controller decision", tick)
		}
	}
	if prev, ok := s.DecisionTick(at[len(at)-1], -1, "deployment-controller", ""); !ok || prev != at[len(at)-2] {
		t.Errorf("back from %d: %d %v, want %d", at[len(at)-1], prev, ok, at[len(at)-2])
	}
	if _, ok := s.DecisionTick(0, 1, "no-such-controller", ""); ok {
		t.Error("found a tick for a controller that does not exist")
	}
}

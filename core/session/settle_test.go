package session

import (
	"strings"
	"testing"
)

// After an Apply, Settle finds the tick the rollout finished at, grows the
// timeline a quiet window past it, and leaves the tick shown alone.
func TestSettleFindsTheEndOfARollout(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	got := s.Settle()
	if !got.Quiet || got.Error != "" {
		t.Fatalf("settle: %+v", got)
	}
	if s.Cursor() != 0 {
		t.Errorf("cursor moved to %d", s.Cursor())
	}
	if s.Head() != got.At+QuietWindow || got.Ran != s.Head() {
		t.Errorf("head %d, settled at %d, ran %d", s.Head(), got.At, got.Ran)
	}
	// The rollout is done at the tick Settle names, and not one tick before.
	s.Jump(got.At)
	if d := s.View().Deployments[0]; d.Available != 3 || !strings.Contains(d.Rollout, "successfully rolled out") {
		t.Errorf("at tick %d: %+v", got.At, d)
	}
	s.Jump(got.At - 1)
	if d := s.View().Deployments[0]; strings.Contains(d.Rollout, "successfully rolled out") && d.Available == 3 && len(s.View().Decisions) == 0 {
		t.Errorf("tick %d already looks settled: %+v", got.At-1, d)
	}
	// Settling a settled cluster changes nothing but the head.
	again := s.Settle()
	if !again.Quiet || again.At != got.At+QuietWindow || again.Ran != QuietWindow {
		t.Errorf("settle again: %+v (first %+v)", again, got)
	}
	if s.Cursor() != got.At-1 {
		t.Errorf("cursor %d, want %d", s.Cursor(), got.At-1)
	}
}

// Containers that fail their liveness probe restart for ever, and the
// kubelet keeps deciding about their back-off: Settle gives up after
// MaxSettleTicks and says so.
func TestSettleGivesUpOnACrashLoop(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, strings.Replace(webYAML, "        image: nginx:1.14.2\n",
		"        image: nginx:1.14.2\n        readinessProbe:\n          exec:\n            command: [\"false\"]\n          periodSeconds: 1\n        livenessProbe:\n          exec:\n            command: [\"false\"]\n          periodSeconds: 1\n          failureThreshold: 1\n", 1))
	got := s.Settle()
	if got.Quiet || got.Ran != MaxSettleTicks || got.At != s.Head() {
		t.Fatalf("settle: %+v, head %d", got, s.Head())
	}
}

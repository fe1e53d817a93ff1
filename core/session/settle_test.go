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

// The Why? pane's decisions after an Apply and a tick: the Deployment
// controller's are the learner's, the ServiceAccount and CA bundle
// controllers' and the leader elections' are housekeeping.
func TestHousekeepingDecisionsAreMarked(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	for range 8 {
		s.Step() // the Apply's work, one reconcile at a time, at tick 0
	}
	var mine, system int
	for _, d := range s.View().Decisions {
		switch {
		case d.System && d.Controller == "deployment-controller":
			t.Errorf("the learner's Deployment marked as housekeeping: %+v", d)
		case d.System:
			system++
		default:
			mine++
		}
		if !d.System && (d.Controller == "serviceaccount-controller" || strings.HasPrefix(d.Object, "kube-system/")) {
			t.Errorf("housekeeping not marked: %s %s %s", d.Controller, d.Object, d.Upstream)
		}
	}
	if mine == 0 || system == 0 {
		t.Errorf("%d of the learner's decisions, %d housekeeping", mine, system)
	}
}

// The landmarks of a rollout, a second rollout and a node failure: the
// commands, each rollout's start and end, the node going NotReady.
func TestLandmarks(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	s.Tick(10)
	mustRun(t, s, "kubectl get pods") // read-only: no landmark
	mustRun(t, s, "kubectl set image deployment/web nginx=nginx:1.16.1")
	s.Tick(20)
	mustRun(t, s, "node fail node-1")
	s.Tick(60)
	var got []string
	for _, m := range s.Landmarks() {
		got = append(got, m.Kind+" "+m.Object+m.Line)
	}
	want := []string{
		"command kubectl apply -f editor-1.yaml",
		"rolloutStarted deployment/web",
		"rolloutDone deployment/web",
		"command kubectl set image deployment/web nginx=nginx:1.16.1",
		"rolloutStarted deployment/web",
		"rolloutDone deployment/web",
		"command node fail node-1",
		"nodeNotReady node/node-1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("landmarks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A branch before the second rollout keeps only the landmarks before it.
	s.Jump(5)
	mustRun(t, s, "kubectl scale deployment/web --replicas=4")
	for _, m := range s.Landmarks() {
		if m.Tick > 5 || strings.Contains(m.Line, "set image") {
			t.Errorf("after the branch at tick 5: %+v", m)
		}
	}
}

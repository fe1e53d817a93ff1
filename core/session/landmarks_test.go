package session

import (
	"strings"
	"testing"
)

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

package session

import (
	"strings"
	"testing"
)

// The Deployment card's rollout verdict is the line kubectl rollout status
// prints at the same tick, through a whole rolling update.
func TestRolloutVerdictIsKubectls(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	mustRun(t, s, "kubectl set image deployment/web nginx=nginx:1.28")
	seen := map[string]bool{}
	for range 12 {
		// rollout status settles the cluster first, as every command
		// does; the view after it shows the same state.
		out := s.Run("kubectl rollout status deployment/web --watch=false")
		want := strings.TrimSuffix(out.Output, "\n")
		v := s.View()
		if len(v.Deployments) != 1 {
			t.Fatalf("%d deployments", len(v.Deployments))
		}
		if got := v.Deployments[0].Rollout; got != want {
			t.Errorf("tick %d: the card says %q, kubectl rollout status %q", v.Tick, got, want)
		}
		seen[want] = true
		s.Tick(1)
	}
	if len(seen) < 3 {
		t.Errorf("the rollout went through only %d verdicts: %v", len(seen), seen)
	}
}

package session

import (
	"strings"
	"testing"
)

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

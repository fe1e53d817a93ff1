package scenario

import (
	"strings"
	"testing"
)

// A 100,000-replica Deployment used to run every pod's creation and
// scheduling inside the first command (200,000 steps, a minute, 1.2 GB)
// and then fail without a transcript. Each second's work now has a budget
// (cluster.StepBudget): the command answers at once and the pods arrive
// over the next ticks.
func TestHugeDeploymentGrowsOverTicks(t *testing.T) {
	s, err := Parse("huge.txtar", []byte(`kubectl create deployment web --image=nginx --replicas=100000
kubectl get deploy
tick 2
kubectl get deploy
`))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Run(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Results) != 4 {
		t.Fatalf("%d results", len(tr.Results))
	}
	upToDate := func(out string) string {
		lines := strings.Split(out, "\n")
		if len(lines) < 2 {
			return ""
		}
		f := strings.Fields(lines[1])
		return f[2] // NAME READY UP-TO-DATE
	}
	first, later := upToDate(tr.Results[1].Output), upToDate(tr.Results[3].Output)
	if first != "1500" || later != "6000" {
		t.Errorf("up-to-date replicas %q then %q, want 1500 then 6000:\n%s%s", first, later, tr.Results[1].Output, tr.Results[3].Output)
	}
}

package scenario

import (
	"strings"
	"testing"
)

// A 100,000-replica Deployment used to run every pod's creation and
// scheduling inside the first command (200,000 steps, a minute, 1.2 GB)
// and then fail without a transcript. Each second's work now has a budget
// (cluster.StepBudget): the command answers at once and the pods arrive
// over the next ticks. kube-controller-manager's client-side rate limits
// (20 requests a second) would hold the pods back far more than the budget
// does, so this test turns them off (a negative kube-api-qps) to see the
// budget. The scheduler's client still binds only 149 pods in the first
// second and 50 a second after, so most of each second's 2,000 steps go to
// the ReplicaSet controller's creates: 3,500 up-to-date replicas after
// the command, 12,500 two ticks later.
func TestHugeDeploymentGrowsOverTicks(t *testing.T) {
	s, err := Parse("huge.txtar", []byte(`controller-manager kube-api-qps=-1
kubectl create deployment web --image=nginx --replicas=100000
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
	tr.Results = tr.Results[1:] // the controller-manager line prints nothing
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
	if first != "3500" || later != "12500" {
		t.Errorf("up-to-date replicas %q then %q, want 3500 then 12500:\n%s%s", first, later, tr.Results[1].Output, tr.Results[3].Output)
	}
}

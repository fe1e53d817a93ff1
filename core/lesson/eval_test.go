package lesson

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/scenario"
	"github.com/kubeplay/kubeplay/core/sim"
)

// cluster runs a lesson's setup and returns its cluster.
func cluster(t *testing.T, text string) *sim.Sim {
	t.Helper()
	l := mustParse(t, text)
	r, err := scenario.NewRunner(l.Setup, scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
	return r.Sim()
}

// Each form of check, met and unmet, with what it says it saw.
func TestEvalForms(t *testing.T) {
	cl := cluster(t, strings.Replace(small, "tick 10\n", "tick 10\nkubectl scale deployment/web --replicas=4\ntick 10\n", 1))
	used := map[string]bool{JoinKey: true}
	defer func() {
		// Every sentence of the catalog is one a check can say.
		for _, k := range English.Keys() {
			if !used[k] {
				t.Errorf("no check here says %q: add one, or drop the key", k)
			}
		}
	}()
	for _, tc := range []struct {
		check  string
		met    bool
		reason string // when unmet
	}{
		{"deployment/web .spec.replicas == 4", true, ""},
		{"deployment/web .spec.replicas != 4", false, "deployment/web .spec.replicas is 4; the step wants != 4"},
		{"deployment/web .spec.replicas > 3", true, ""},
		{"deployment/web .spec.replicas < 4", false, "deployment/web .spec.replicas is 4; the step wants < 4"},
		{"deployment/web .status.unavailableReplicas == 0", true, ""},
		{"deployment/web .spec.template.spec.containers[0].image == nginx:1.14.2", true, ""},
		{`deployment/web {.status.conditions[?(@.type == "Available")].status} == True`, true, ""},
		{"deployment/nope .spec.replicas == 4", false, `Error from server (NotFound): deployments.apps "nope" not found`},
		{"not deployment/nope .spec.replicas == 4", false, `Error from server (NotFound): deployments.apps "nope" not found`},
		{"pods -l app=web {.items[*].status.phase} == Running Running Running Running", true, ""},
		{"pods -l app=web {.items[*].status.containerStatuses[0].restartCount} <= 0", true, ""},
		{"count pods -l app=web == 4", true, ""},
		{"count pods -l app=web --field-selector status.phase=Pending >= 1", false, "0 pods (-l app=web --field-selector status.phase=Pending); the step wants >= 1"},
		{"count deployments == 1", true, ""},
		{"kubectl get deployment web | contains 4/4", true, ""},
		{"kubectl get deployment web | contains 5/5", false, "the output of kubectl get deployment web does not contain \"5/5\"; it printed \"NAME   READY   UP-TO-DATE   AVAILABLE   AGE\\nweb    4/4     4            4           20s\""},
		{"kubectl get deployment web -o name | is deployment.apps/web", true, ""},
		{"kubectl get deployment web -o name | is web", false, `the output of kubectl get deployment web -o name is "deployment.apps/web"; the step wants "web"`},
		{"kubectl get deployment web | matches ^web +4/4 +4 +4", true, ""},
		{"kubectl get deployment nope | exits 1", true, ""},
		{"kubectl get deployment web | exits 1", false, "kubectl get deployment web exits with 0; the step wants exit status 1"},
		{"event ScalingReplicaSet on deployment/web", true, ""},
		{"event ScalingReplicaSet on deployment/web contains to 4", true, ""},
		{"event ScalingReplicaSet on deployment/api", false, "no Event ScalingReplicaSet for deployment/api so far"},
		{"event Scheduled on pod", true, ""},
		{"scaled deployment/web from 3 to 4", true, ""},
		{"scaled deployment/web from 4 to 3", false, `no Event ScalingReplicaSet for deployment/web saying "from 4 to 3" so far`},
		{"not scaled deployment/web from 3 to 4", false, "an Event ScalingReplicaSet for deployment/web: Scaled up replica set "},
		{"deployment/web .metadata.labels.tier == web", false, "deployment/web has no .metadata.labels.tier; the step wants == web"},
		{"count deployments --field-selector metadata.name=web == 1", true, ""},
		{"count deployments --field-selector metadata.name=web == 0", false, "1 deployment (--field-selector metadata.name=web); the step wants == 0"},
		{"count deployments == 2", false, "1 deployment; the step wants == 2"},
		{"kubectl get deployment web | matches ^web +5/5", false, `the output of kubectl get deployment web does not match ^web +5/5; it printed "NAME`},
		{"count pods == 1", false, "4 pods; the step wants == 1"},
	} {
		c, err := ParseCheck(tc.check)
		if err != nil {
			t.Errorf("%s: %v", tc.check, err)
			continue
		}
		st := c.Eval(cl)
		// The messages say what Saw and Reason say, in any catalog.
		for _, m := range append(append([]Msg(nil), st.SawMsg...), st.ReasonMsg...) {
			used[m.Key] = true
		}
		if saw, err := English.Render(st.SawMsg); err != nil || saw != st.Saw {
			t.Errorf("%s: saw %q, its messages say %q (%v)", tc.check, st.Saw, saw, err)
		}
		if reason, err := English.Render(st.ReasonMsg); err != nil || reason != st.Reason {
			t.Errorf("%s: reason %q, its messages say %q (%v)", tc.check, st.Reason, reason, err)
		}
		if st.Met != tc.met || (!tc.met && !strings.HasPrefix(st.Reason, tc.reason)) || (tc.met && st.Reason != "") || st.Saw == "" {
			t.Errorf("%s: met %v, saw %q, reason %q; want met %v, reason %q", tc.check, st.Met, st.Saw, st.Reason, tc.met, tc.reason)
		}
	}
}

func TestParseCheckErrors(t *testing.T) {
	for _, tc := range []struct{ check, want string }{
		{"", "an empty check"},
		{"kubectl | contains x", "kubectl: no command"},
		{"kubectl get deploymnt web | contains x", `unknown resource type "deploymnt"`},
		{"kubectl describe rs,podz | contains x", `unknown resource type "podz"`},
		{"kubectl get pods 'x | contains x", "unexpected EOF while looking for matching"},
		{"kubectl get pods | contains", "contains: nothing to look for"},
		{"kubectl get pods | exits x", `exits: want an exit status (0, 1, ...), got "x"`},
		{"kubectl rollout status deployment/web | exits 0", `a check cannot run "rollout status"`},
		{"kubectl rollout undo deployment/web | exits 0", `a check cannot run "rollout undo"`},
		{"kubectl logs -f web | contains x", "a check cannot use -f"},
		{"deployment/web {.status == 3", "the { has no }"},
		{"deployment/web {.status} 3", "after the JSONPath {.status}, want an operator"},
		{"deployment/web .status ==", "==: nothing to compare with"},
		{".status == 3", "want TARGET JSONPATH OP VALUE"},
		{"deployment/ .status == 3", `deployment/: an empty name`},
		{"pods -x y .status == 3", `unknown word "-x" in the target "pods -x y"`},
		{"pods -l .status == 3", "-l needs a value"},
		{"count pods -l app=web", "count: want count TARGET OP N"},
		{"count pods == three", "count: want a number"},
		{"event Killing", "want event REASON on KIND[/NAME]"},
		{"event Killing on pod says x", "after the object, want contains TEXT or nothing"},
		{"event Killing on pods2", `unknown resource type "pods2"`},
		{"scaled deployment/web from three to 4", `scaled: "three" is not a number of replicas`},
	} {
		_, err := ParseCheck(tc.check)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err %v, want %q", tc.check, err, tc.want)
		}
	}
}

package lesson

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/scenario"
)

// small is a complete lesson: the README's example.
const small = `# Scaling a Deployment
# Ask for more replicas and watch them come.
link https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#scaling-a-deployment
intro intro.md
kubectl apply -f web.yaml
tick 10

step Scale to five
text scale.md
try kubectl scale deployment/web --replicas=5
hint ` + "`kubectl scale`" + ` takes ` + "`--replicas`" + `.
solve kubectl scale deployment/web --replicas=5
solve tick 10
check deployment/web .status.availableReplicas >= 5
check scaled deployment/web from 3 to 5
keep kubectl get deployment web | matches ^web +5/5
finish done.md
-- intro.md --
A Deployment runs **3** Pods.
-- scale.md --
Scale it to 5:

- run the command
- wait
-- done.md --
Done. See [the docs](https://kubernetes.io/docs/).
-- web.yaml --
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
`

func mustParse(t *testing.T, text string) *Lesson {
	t.Helper()
	l, err := Parse("small.txtar", []byte(text))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return l
}

func TestParseStructure(t *testing.T) {
	l := mustParse(t, small)
	if l.Title != "Scaling a Deployment" || l.Summary != "Ask for more replicas and watch them come." {
		t.Errorf("title %q, summary %q", l.Title, l.Summary)
	}
	if len(l.Setup.Commands) != 2 || l.Setup.Commands[0].Text != "kubectl apply -f web.yaml" {
		t.Errorf("setup = %+v", l.Setup.Commands)
	}
	if len(l.Steps) != 1 {
		t.Fatalf("steps = %d", len(l.Steps))
	}
	st := l.Steps[0]
	if st.Line != 8 || st.Title != "Scale to five" || st.Text.File != "scale.md" {
		t.Errorf("step = %d %q %q", st.Line, st.Title, st.Text.File)
	}
	if got := strings.Join(st.SolutionLines(), ";"); got != "kubectl scale deployment/web --replicas=5;tick 10" {
		t.Errorf("solution = %q", got)
	}
	if len(st.Try) != 1 || len(st.Hints) != 1 || len(st.Checks) != 3 || !st.Checks[2].Keep || st.Checks[0].Keep {
		t.Errorf("try %v, hints %v, checks %+v", st.Try, st.Hints, st.Checks)
	}
	if st.Hints[0][0].Kind != "code" || st.Hints[0][0].Text != "kubectl scale" {
		t.Errorf("hint = %+v", st.Hints[0])
	}
	if b := st.Text.Blocks; len(b) != 2 || b[0].Kind != "p" || b[1].Kind != "ul" || len(b[1].Items) != 2 {
		t.Errorf("blocks = %+v", b)
	}
	if in := l.Finish.Blocks[0].Items[0]; len(in) != 3 || in[1].Kind != "link" || in[1].Href != "https://kubernetes.io/docs/" {
		t.Errorf("finish = %+v", in)
	}
	// The reference run is the setup then the solutions: a scenario.
	if n := len(l.Reference().Commands); n != 4 {
		t.Errorf("reference has %d commands, want 4", n)
	}
}

func TestVerifyPasses(t *testing.T) {
	rep, err := Verify(mustParse(t, small), scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 0 {
		t.Fatalf("problems: %v", rep.Problems)
	}
	before := rep.Steps[0].Before
	if before[0].Met || before[0].Reason != "deployment/web .status.availableReplicas is 3; the step wants >= 5" {
		t.Errorf("before the step: %+v", before[0])
	}
	if before[1].Reason != `no Event ScalingReplicaSet for deployment/web saying "from 3 to 5" so far` {
		t.Errorf("before the step: %+v", before[1])
	}
}

// A reference solution that no longer solves its step fails, naming the
// step and the check.
func TestVerifyChangedSolutionFails(t *testing.T) {
	l := mustParse(t, strings.Replace(small, "solve kubectl scale deployment/web --replicas=5", "solve kubectl scale deployment/web --replicas=4", 1))
	rep, err := Verify(l, scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, p := range rep.Problems {
		msgs = append(msgs, p.Error())
	}
	want := []string{
		`small.txtar:14: step 1 "Scale to five": check deployment/web .status.availableReplicas >= 5: not met after the reference solution: deployment/web .status.availableReplicas is 4; the step wants >= 5`,
		`small.txtar:15: step 1 "Scale to five": check scaled deployment/web from 3 to 5: not met after the reference solution: no Event ScalingReplicaSet for deployment/web saying "from 3 to 5" so far`,
		`small.txtar:16: step 1 "Scale to five": check kubectl get deployment web | matches ^web +5/5: not met after the reference solution: the output of kubectl get deployment web does not match ^web +5/5; it printed "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    4/4     4            4           20s"`,
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// A `check` already met before its step teaches nothing: Verify says so.
func TestVerifyCheckMetBefore(t *testing.T) {
	l := mustParse(t, strings.Replace(small, "check scaled deployment/web from 3 to 5", "check deployment/web .spec.replicas >= 3", 1))
	rep, err := Verify(l, scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 || !rep.Problems[0].Before || !strings.Contains(rep.Problems[0].Error(),
		`small.txtar:15: step 1 "Scale to five": check deployment/web .spec.replicas >= 3: already met before the step (make it a `+"`keep`"+` line if that is meant): deployment/web .spec.replicas is 3`) {
		t.Errorf("problems: %v", rep.Problems)
	}
}

// A script error in a solution stops the run with the line.
func TestVerifyScriptError(t *testing.T) {
	l := mustParse(t, strings.Replace(small, "solve tick 10", "solve node fail node-9", 1))
	_, err := Verify(l, scenario.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "small.txtar:13: node fail") {
		t.Errorf("err = %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"unknown directive", "text scale.md", "txet scale.md", `small.txtar:9: unknown directive "txet"; did you mean "text"?`},
		{"unknown directive far", "text scale.md", "narrate scale.md", `small.txtar:9: unknown directive "narrate" (want link, intro`},
		{"step without a check", "check deployment/web .status.availableReplicas >= 5\ncheck scaled deployment/web from 3 to 5\nkeep kubectl get deployment web | matches ^web +5/5\n", "", `small.txtar:8: step 1 "Scale to five" has no check`},
		{"step without a solution", "solve kubectl scale deployment/web --replicas=5\nsolve tick 10\n", "", `small.txtar:8: step 1 "Scale to five" has no solution`},
		{"step without text", "text scale.md\n", "", `small.txtar:8: step 1 "Scale to five" has no text`},
		{"a second text", "text scale.md\n", "text scale.md\ntext done.md\n", `small.txtar:10: text: the step already has its text (scale.md)`},
		{"unknown resource", "check deployment/web .status", "check deploymnet/web .status", `small.txtar:14: check: unknown resource type "deploymnet"`},
		{"unknown resource in count", "keep kubectl get deployment web | matches ^web +5/5", "keep count pods2 -l app=web == 5", `small.txtar:16: keep: unknown resource type "pods2"`},
		{"malformed JSONPath", ".status.availableReplicas >= 5", ".status.availableReplicas[ >= 5", `small.txtar:14: check: JSONPath .status.availableReplicas[:`},
		{"no operator", ".status.availableReplicas >= 5", ".status.availableReplicas", `small.txtar:14: check: unknown check "deployment/web"`},
		{"order needs a number", ".status.availableReplicas >= 5", ".status.availableReplicas >= five", `small.txtar:14: check: >= wants a number, got "five"`},
		{"bad pattern", "matches ^web +5/5", "matches ^(web|api)", `small.txtar:16: keep: matches: "^(web|api)": a check's pattern has no groups`},
		{"unknown test", "| matches ^web +5/5", "| grep web", `small.txtar:16: keep: unknown test "grep"`},
		{"no test", "keep kubectl get deployment web | matches ^web +5/5", "keep kubectl get deployment web", `small.txtar:16: keep: a kubectl check says what the output must be`},
		{"a check that writes", "keep kubectl get deployment web |", "keep kubectl delete deployment web |", `small.txtar:16: keep: a check cannot run "delete deployment": it may only read`},
		{"a check that waits", "keep kubectl get deployment web |", "keep kubectl get deployment web -w |", `small.txtar:16: keep: a check cannot use -w`},
		{"bad scaled", "scaled deployment/web from 3 to 5", "scaled deployment/web to 5", `small.txtar:15: check: want scaled KIND/NAME from A to B`},
		{"bad event", "scaled deployment/web from 3 to 5", "event ScalingReplicaSet deployment/web", `small.txtar:15: check: want event REASON on KIND[/NAME]`},
		{"script line in a step", "solve tick 10", "tick 10", "small.txtar:13: a script line inside a step must be a solve or a try line: `solve tick 10`"},
		{"bad solve", "solve tick 10", "solve tick ten", `small.txtar:13: tick:`},
		{"solve names a missing file", "solve tick 10", "solve kubectl apply -f api.yaml", `small.txtar:13: kubectl: file "api.yaml" is not in the scenario`},
		{"missing prose file", "text scale.md", "text scal.md", `small.txtar:9: text: file "scal.md" is not in the lesson`},
		{"no link", "link https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#scaling-a-deployment\n", "", `small.txtar: no link`},
		{"bad link", "link https://", "link http://", `small.txtar:3: link: want one https:// address`},
		{"no intro", "intro intro.md\n", "", `small.txtar: no intro`},
		{"no finish", "finish done.md\n", "", `small.txtar: no finish`},
		{"check outside a step", "kubectl apply -f web.yaml\n", "check deployment/web .spec.replicas == 3\n", `small.txtar:5: check outside a step: write ` + "`step TITLE`" + ` first (before the first step, only keep lines`},
		{"bad keep before the steps", "tick 10\n", "tick 10\nkeep deployment/web .spec.replicas = 3\n", `small.txtar:7: keep: unknown check "deployment/web"`},
		{"step after finish", "finish done.md\n", "finish done.md\nstep More\n", `small.txtar:18: step after finish`},
		{"unclosed code", "Scale it to 5:", "Scale it to `5:", `small.txtar:21: scale.md: a ` + "`code`" + ` span is not closed`},
		{"unclosed bold in a hint", "hint `kubectl scale`", "hint **kubectl scale", `small.txtar:11: hint: **bold** is not closed`},
		{"a link that is not http", "(https://kubernetes.io/docs/)", "(javascript:alert(1))", `small.txtar:26: done.md: a link must go to an http(s):// address`},
		{"no title", "# Scaling a Deployment\n# Ask for more replicas and watch them come.\n", "", `small.txtar:1: no title`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(small, tc.old, tc.new, 1)
			if text == small {
				t.Fatalf("the edit %q changed nothing", tc.old)
			}
			_, err := Parse("small.txtar", []byte(text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v\nwant it to contain %s", err, tc.want)
			}
		})
	}
}

// The keep lines before the first step hold after the setup: the numbers
// the introduction states.
func TestSetupChecks(t *testing.T) {
	l := mustParse(t, strings.Replace(small, "tick 10\n", "tick 10\nkeep deployment/web .status.availableReplicas == 3\n", 1))
	if len(l.Checks) != 1 || l.Checks[0].Line != 7 || !l.Checks[0].Keep {
		t.Fatalf("checks: %+v", l.Checks)
	}
	rep, err := Verify(l, scenario.Options{})
	if err != nil || len(rep.Problems) != 0 || len(rep.Setup) != 1 || !rep.Setup[0].Met {
		t.Fatalf("verify: %v %+v", err, rep)
	}
	l = mustParse(t, strings.Replace(small, "tick 10\n", "tick 10\nkeep deployment/web .status.availableReplicas == 4\n", 1))
	rep, err = Verify(l, scenario.Options{})
	if err != nil || len(rep.Problems) != 1 || rep.Problems[0].Error() != `small.txtar:7: the setup: check deployment/web .status.availableReplicas == 4: not met after the setup: deployment/web .status.availableReplicas is 3; the step wants == 4` {
		t.Errorf("verify: %v %v", err, rep.Problems)
	}
	if !strings.HasPrefix(rep.text(), "setup\n  FAIL deployment/web .status.availableReplicas == 4: deployment/web .status.availableReplicas is 3\nstep 1") {
		t.Errorf("text:\n%s", rep.text())
	}
}

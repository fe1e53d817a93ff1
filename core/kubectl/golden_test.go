package kubectl

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
	"github.com/kubeplay/kubeplay/internal/golden"
)

const nginxDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`

// step runs one line of a transcript: a kubectl command, or "tick N" to
// let N seconds pass. It returns what the command printed (stdout and
// stderr interleaved, ended by a newline), then "[exit N]" when it
// failed; a tick prints nothing.
func (s *session) step(line string) string {
	if n, ok := tickLine(line); ok {
		s.tick(n)
		return ""
	}
	r := s.run(line)
	out := r.Output
	if out != "" {
		out = withNewline(out)
	}
	if r.ExitCode != 0 {
		out += fmt.Sprintf("[exit %d]\n", r.ExitCode)
	}
	return out
}

// tickLine reads "tick N".
func tickLine(line string) (int, bool) {
	n, ok := strings.CutPrefix(line, "tick ")
	if !ok {
		return 0, false
	}
	i, _ := strconv.Atoi(n)
	return i, true
}

// echo is how a transcript shows the line that ran: "$ LINE", or
// "# tick N" when time passed.
func echo(line string) string {
	if n, ok := tickLine(line); ok {
		return fmt.Sprintf("# tick %d\n", n)
	}
	return "$ " + line + "\n"
}

// runScript runs a transcript script: kubectl lines, "tick N" lines and
// "# comments", and returns each line echoed, then what it printed.
func runScript(t *testing.T, s *session, script string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b.WriteString(echo(line) + s.step(line))
	}
	return b.String()
}

// runGolden runs the cases of testdata/name on s (internal/golden's
// datadriven files: each a line for step, and what it printed), and
// returns the transcript runScript would have made of them.
func runGolden(t *testing.T, s *session, name string) string {
	t.Helper()
	var b strings.Builder
	golden.Run(t, filepath.Join("testdata", name), func(_ testing.TB, c *golden.Case) string {
		out := s.step(c.Cmd)
		b.WriteString(echo(c.Cmd) + out)
		return out
	})
	return b.String()
}

// The walk-through of the Deployment concept page
// (kubernetes.io/docs/concepts/workloads/controllers/deployment/), command
// by command. Names, hashes and ages are the simulation's; the layout,
// wording and exit codes are kubectl's.
func TestDeploymentWalkthrough(t *testing.T) {
	s := newSession(t, map[string]string{"nginx-deployment.yaml": nginxDeployment})
	got := runGolden(t, s, "walkthrough.txt")
	for _, want := range []string{
		"$ kubectl apply -f nginx-deployment.yaml\ndeployment.apps/nginx-deployment created\n",
		"NAME               READY   UP-TO-DATE   AVAILABLE   AGE\n",
		"deployment \"nginx-deployment\" successfully rolled out\n",
		"deployment.apps/nginx-deployment image updated\n",
		"deployment.apps/nginx-deployment \nREVISION  CHANGE-CAUSE\n",
		"deployment.apps/nginx-deployment rolled back\n",
		"deployment.apps/nginx-deployment scaled\n",
		"deployment.apps/nginx-deployment paused\n",
		"error: deployments.apps \"nginx-deployment\" is already paused\n[exit 1]\n",
		"deployment.apps/nginx-deployment resumed\n",
		"deployment.apps/nginx-deployment resource requirements updated\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
}

// A failed rollout (an image that cannot be pulled): rollout status waits
// until the progress deadline passes and fails with kubectl's error.
func TestRolloutStatusProgressDeadline(t *testing.T) {
	c := newTestCluster(t) // nginx:1.161 is a tag that does not exist
	s := &session{t: t, c: c, in: Input{Files: map[string]string{"d.yaml": strings.Replace(nginxDeployment, "  replicas: 3\n", "  replicas: 3\n  progressDeadlineSeconds: 30\n", 1)}}}
	got := runGolden(t, s, "progress-deadline.txt")
	if !strings.Contains(got, "error: deployment \"nginx-deployment\" exceeded its progress deadline\n[exit 1]\n") {
		t.Errorf("no progress-deadline error:\n%s", got)
	}
	if !strings.Contains(got, "error: timed out waiting for the condition\n[exit 1]\n") {
		t.Errorf("no timeout error:\n%s", got)
	}
}

// The other commands, each with its usual output.
func TestCommands(t *testing.T) {
	s := newSession(t, map[string]string{"nginx-deployment.yaml": nginxDeployment})
	s.in.Stdin = strings.ReplaceAll(nginxDeployment, "nginx-deployment", "from-stdin")
	runGolden(t, s, "commands.txt")
}

// kubectl's help (the templater of templates.ActsAsRootCommand): the root's
// command groups, a group command run bare (DefaultSubCommandRun: rollout's
// help on stdout, set's and create's on stderr, exit 1), --help and the help
// command (stdout, exit 0). Each command shows where it wrote.
func TestHelp(t *testing.T) {
	s := newSession(t, nil)
	golden.Run(t, filepath.Join("testdata", "help.txt"), func(_ testing.TB, c *golden.Case) string {
		r := s.run(c.Cmd)
		var b strings.Builder
		if r.Stdout != "" {
			fmt.Fprintf(&b, "--- stdout\n%s", withNewline(r.Stdout))
		}
		if r.Stderr != "" {
			fmt.Fprintf(&b, "--- stderr\n%s", withNewline(r.Stderr))
		}
		fmt.Fprintf(&b, "[exit %d]\n", r.ExitCode)
		return b.String()
	})
}

// TestEndpoints: the deprecated v1 Endpoints, as learners look at them:
// get (table, wide, yaml, name, short name), describe, the API server's
// deprecation warning (once per command), not-ready pods, a selector-less
// Service with hand-made Endpoints, and the API server's own
// default/kubernetes.
func TestEndpoints(t *testing.T) {
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := &session{t: t, c: c, in: Input{Files: map[string]string{"db.yaml": `apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  ports:
  - port: 5432
---
apiVersion: v1
kind: Endpoints
metadata:
  name: db
subsets:
- addresses:
  - ip: 192.0.2.10
  - ip: 192.0.2.11
  ports:
  - port: 5432
`, "bad.yaml": `apiVersion: v1
kind: Endpoints
metadata:
  name: bad
subsets:
- ports:
  - port: 70000
`}}}
	runGolden(t, s, "endpoints.txt")
}

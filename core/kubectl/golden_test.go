package kubectl

import (
	goflag "flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

var update = goflag.Bool("update", false, "rewrite the golden transcripts in testdata/")

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

// runScript runs a transcript script: "kubectl ..." lines, "tick N" to
// let time pass, "# comments". Each command is echoed as "$ LINE", then
// what it printed (stdout and stderr interleaved), then "[exit N]" when
// it failed.
func runScript(t *testing.T, s *session, script string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "tick "):
			n, _ := strconv.Atoi(strings.TrimPrefix(line, "tick "))
			s.tick(n)
			fmt.Fprintf(&b, "# tick %d\n", n)
			continue
		}
		r := s.run(line)
		fmt.Fprintf(&b, "$ %s\n%s", line, r.Output)
		if r.Output != "" && !strings.HasSuffix(r.Output, "\n") {
			b.WriteString("\n")
		}
		if r.ExitCode != 0 {
			fmt.Fprintf(&b, "[exit %d]\n", r.ExitCode)
		}
	}
	return b.String()
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -run %s -update rewrites it):\n%s", path, t.Name(), lineDiff(string(want), got))
	}
}

// lineDiff shows the first differing lines.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, wl, gl)
		}
	}
	return ""
}

// The walk-through of the Deployment concept page
// (kubernetes.io/docs/concepts/workloads/controllers/deployment/), command
// by command. Names, hashes and ages are the simulation's; the layout,
// wording and exit codes are kubectl's.
func TestDeploymentWalkthrough(t *testing.T) {
	s := newSession(t, map[string]string{"nginx-deployment.yaml": nginxDeployment})
	got := runScript(t, s, `
kubectl apply -f nginx-deployment.yaml
kubectl get deployments
kubectl rollout status deployment/nginx-deployment
kubectl get deployments
kubectl get rs
kubectl get pods --show-labels
kubectl set image deployment.v1.apps/nginx-deployment nginx=nginx:1.16.1
kubectl rollout status deployment/nginx-deployment
kubectl get rs
kubectl get pods
kubectl describe deployments
kubectl set image deployment/nginx-deployment nginx=nginx:1.161
kubectl rollout history deployment/nginx-deployment
kubectl annotate deployment/nginx-deployment kubernetes.io/change-cause="image updated to 1.16.1"
kubectl rollout history deployment/nginx-deployment --revision=2
kubectl rollout undo deployment/nginx-deployment
kubectl rollout status deployment/nginx-deployment
kubectl get deployment nginx-deployment
kubectl scale deployment/nginx-deployment --replicas=10
kubectl rollout status deployment/nginx-deployment
kubectl rollout pause deployment/nginx-deployment
kubectl rollout pause deployment/nginx-deployment
kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
kubectl rollout history deployment/nginx-deployment
kubectl set resources deployment/nginx-deployment -c=nginx --limits=cpu=200m,memory=512Mi
kubectl rollout resume deployment/nginx-deployment
kubectl rollout resume deployment/nginx-deployment
kubectl rollout status deployment/nginx-deployment
kubectl get rs
`)
	checkGolden(t, "walkthrough.txt", got)
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
	got := runScript(t, s, `
kubectl apply -f d.yaml
tick 5
kubectl set image deployment/nginx-deployment nginx=nginx:1.161
kubectl rollout status deployment/nginx-deployment --timeout=5s
kubectl rollout status deployment/nginx-deployment
kubectl rollout status deployment/nginx-deployment --watch=false
kubectl get deploy
`)
	checkGolden(t, "progress-deadline.txt", got)
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
	got := runScript(t, s, `
kubectl create deployment web --image=nginx:1.14.2 --replicas=2 --port=80
kubectl create deployment web --image=nginx:1.14.2
kubectl create deployment web2 --image=registry.k8s.io/nginx:1.14.2 --dry-run=client -o name
kubectl create -f nginx-deployment.yaml
kubectl create -f nginx-deployment.yaml
kubectl apply -f -
kubectl apply -f -
kubectl replace -f nginx-deployment.yaml
kubectl get deploy -w
kubectl expose deployment web --port=80 --target-port=8080
kubectl get svc web -o jsonpath={.spec.ports[0].targetPort}
kubectl get deploy,rs -o name
kubectl get deploy -L app --sort-by=.metadata.name
kubectl get deploy web -o custom-columns=NAME:.metadata.name,REPLICAS:.spec.replicas
kubectl label deploy web tier=frontend
kubectl label deploy web tier=backend --overwrite
kubectl label deploy web tier=backend --overwrite
kubectl label deploy web tier-
kubectl annotate deploy web owner=me
kubectl patch deploy web -p '{"spec":{"replicas":3}}'
kubectl patch deploy web -p '{"spec":{"replicas":3}}'
kubectl patch deploy web --type=merge -p '{"metadata":{"labels":{"team":"a"}}}'
kubectl patch deploy web --type=json -p '[{"op":"replace","path":"/spec/replicas","value":2}]'
kubectl wait --for=condition=Available deploy/web --timeout=60s
kubectl get pods -l app=web -o wide
kubectl exec deploy/web -- env
kubectl exec deploy/web -- printenv HOSTNAME
kubectl exec deploy/web env
kubectl cordon node-1
kubectl cordon node-1
kubectl get nodes
kubectl drain node-2
kubectl get nodes
kubectl uncordon node-1 node-2
kubectl delete pod -l app=web
kubectl rollout restart deploy/web
kubectl rollout status deploy/web
kubectl rollout history deploy/web
kubectl get all
kubectl describe rs -l app=web
kubectl delete deploy web --cascade=foreground
kubectl wait --for=delete deploy/from-stdin --timeout=1s
kubectl delete -f nginx-deployment.yaml --wait=false
kubectl delete deploy/from-stdin svc/web
kubectl get deploy
kubectl create namespace dev
kubectl -n dev create deployment api --image=nginx
kubectl get deploy -A
kubectl api-resources --namespaced=false
kubectl version --client
`)
	checkGolden(t, "commands.txt", got)
}

// kubectl's help (the templater of templates.ActsAsRootCommand): the root's
// command groups, a group command run bare (DefaultSubCommandRun: rollout's
// help on stdout, set's and create's on stderr, exit 1), --help and the help
// command (stdout, exit 0). Each command shows where it wrote.
func TestHelp(t *testing.T) {
	s := newSession(t, nil)
	var b strings.Builder
	for _, line := range []string{
		"kubectl",
		"kubectl --help",
		"kubectl rollout",
		"kubectl rollout --help",
		"kubectl set",
		"kubectl create",
		"kubectl create deployment --help",
		"kubectl help",
		"kubectl help rollout",
		"kubectl help nothing",
		"kubectl rollout frob",
	} {
		r := s.run(line)
		fmt.Fprintf(&b, "$ %s\n", line)
		if r.Stdout != "" {
			fmt.Fprintf(&b, "--- stdout\n%s", withNewline(r.Stdout))
		}
		if r.Stderr != "" {
			fmt.Fprintf(&b, "--- stderr\n%s", withNewline(r.Stderr))
		}
		fmt.Fprintf(&b, "[exit %d]\n", r.ExitCode)
	}
	checkGolden(t, "help.txt", b.String())
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
	got := runScript(t, s, `
kubectl get endpoints
kubectl create deployment web --image=nginx:1.14.2 --replicas=4 --port=80
kubectl expose deployment web --port=80
tick 3
kubectl get endpoints web
kubectl get ep web -o wide
kubectl get ep,svc -o name
kubectl describe endpoints web
kubectl describe service web
kubectl get ep kubernetes -o yaml
kubectl describe ep kubernetes
kubectl scale deployment web --replicas=1
tick 3
kubectl get endpoints web -o yaml
kubectl apply -f db.yaml
kubectl get ep db
kubectl create -f bad.yaml
kubectl delete service web
tick 1
kubectl get endpoints
kubectl api-resources --api-group=
`)
	checkGolden(t, "endpoints.txt", got)
}

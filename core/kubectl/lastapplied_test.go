package kubectl

import (
	"fmt"
	"strings"
	"testing"
)

// TestApplyKeepsTheFilesOwnJSON: the last-applied annotation is the
// manifest as kubectl read it (sorted keys, zero values the file wrote kept,
// annotations {} and the namespace filled in), not a re-encoding of the
// typed object, which would drop minReadySeconds: 0 and paused: false.
func TestApplyKeepsTheFilesOwnJSON(t *testing.T) {
	s := newSession(t, map[string]string{"web.yaml": webYAML(2, "nginx", "nginx:1.25", "  minReadySeconds: 0\n  paused: false\n")})
	if r := s.run("kubectl apply -f web.yaml"); r.ExitCode != 0 {
		t.Fatalf("apply: %s%s", r.Stdout, r.Stderr)
	}
	r := s.run(`kubectl get deploy web -o jsonpath='{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}'`)
	want := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},` +
		`"spec":{"minReadySeconds":0,"paused":false,"replicas":2,"selector":{"matchLabels":{"app":"web"}},` +
		`"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"nginx"}]}}}}` + "\n"
	if r.Stdout != want {
		t.Errorf("last-applied-configuration:\n got %q\nwant %q", r.Stdout, want)
	}
}

// create and replace save the configuration (--save-config) before they
// record the command (--record), so the change-cause is on the object but
// not in the saved configuration; apply records first, so it is in both.
func TestSaveConfigAndRecordOrder(t *testing.T) {
	file := webYAML(1, "nginx", "nginx:1.25", "  paused: false\n")
	const config = `"spec":{"paused":false,"replicas":1,"selector":{"matchLabels":{"app":"web"}},` +
		`"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"nginx"}]}}}}` + "\n"
	for _, tc := range []struct {
		command, cause, lastApplied string
	}{
		{"kubectl create -f web.yaml --save-config --record", "kubectl create --filename=web.yaml --save-config=true --record=true",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},` + config},
		{"kubectl apply -f web.yaml --record", "kubectl apply --filename=web.yaml --record=true",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubernetes.io/change-cause":"kubectl apply --filename=web.yaml --record=true"},"name":"web","namespace":"default"},` + config},
	} {
		s := newSession(t, map[string]string{"web.yaml": file})
		if r := s.run(tc.command); r.ExitCode != 0 {
			t.Fatalf("%s: %s%s", tc.command, r.Stdout, r.Stderr)
		}
		get := func(key string) string {
			return s.run(`kubectl get deploy web -o jsonpath='{.metadata.annotations.` + key + `}'`).Stdout
		}
		if got := get(`kubernetes\.io/change-cause`); got != tc.cause {
			t.Errorf("%s: change-cause %q, want %q", tc.command, got, tc.cause)
		}
		if got := get(`kubectl\.kubernetes\.io/last-applied-configuration`); got != tc.lastApplied {
			t.Errorf("%s: last-applied-configuration\n got %q\nwant %q", tc.command, got, tc.lastApplied)
		}
	}
}

// webYAML is the manifest of Deployment web (label app=web) with one
// container; spec is extra lines for its spec, indented by two spaces.
func webYAML(replicas int, container, image, spec string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: %d
%s  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: %s
        image: %s
`, replicas, spec, container, image)
}

// rollout undo --dry-run changes nothing: client prints the template it
// would restore (printTemplate: a PrefixWriter straight into a buffer, so
// the tabs stay raw, as in rollout history --revision), server runs the
// checks and says what it would do.
func TestRolloutUndoDryRun(t *testing.T) {
	s := newSession(t, map[string]string{"web.yaml": webYAML(1, "nginx", "nginx:1.25", "")})
	s.run("kubectl apply -f web.yaml")
	s.run("kubectl rollout status deployment/web")
	s.run("kubectl set image deployment/web nginx=nginx:1.26")
	s.run("kubectl rollout status deployment/web")
	image := func() string {
		return s.run(`kubectl get deploy web -o jsonpath={.spec.template.spec.containers[0].image}`).Stdout
	}
	r := s.run("kubectl rollout undo deployment/web --dry-run=client")
	if !strings.HasPrefix(r.Stdout, "deployment.apps/web Pod Template:\n") || !strings.Contains(r.Stdout, "Image:\tnginx:1.25\n") ||
		!strings.HasSuffix(r.Stdout, " (dry run)\n") {
		t.Errorf("client dry run printed %q", r.Stdout)
	}
	if r := s.run("kubectl rollout undo deployment/web --dry-run=server"); r.Stdout != "deployment.apps/web rolled back (server dry run)\n" {
		t.Errorf("server dry run printed %q", r.Output)
	}
	if got := image(); got != "nginx:1.26" {
		t.Errorf("after dry runs the image is %q, want nginx:1.26 unchanged", got)
	}
	if r := s.run("kubectl rollout undo deployment/web"); r.Stdout != "deployment.apps/web rolled back\n" || image() != "nginx:1.25" {
		t.Errorf("undo printed %q, image %q", r.Output, image())
	}
}

// patch -p reads YAML as sigs.k8s.io/yaml does (yaml.v2 scalars): yes is
// true.
func TestPatchReadsYAMLAsKubectlDoes(t *testing.T) {
	s := newSession(t, map[string]string{"web.yaml": webYAML(1, "nginx", "nginx:1.25", "")})
	s.run("kubectl apply -f web.yaml")
	if r := s.run("kubectl patch deployment web -p 'spec: {paused: yes}'"); r.ExitCode != 0 {
		t.Fatalf("patch: %s", r.Output)
	}
	if got := s.run("kubectl get deploy web -o jsonpath={.spec.paused}").Stdout; got != "true" {
		t.Errorf("spec.paused = %q after patching yes, want true", got)
	}
}

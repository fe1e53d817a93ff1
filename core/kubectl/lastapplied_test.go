package kubectl

import (
	"fmt"
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

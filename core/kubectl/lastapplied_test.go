package kubectl

import "testing"

// TestApplyKeepsTheFilesOwnJSON: the last-applied annotation is the
// manifest as kubectl read it (sorted keys, zero values the file wrote kept,
// annotations {} and the namespace filled in), not a re-encoding of the
// typed object, which would drop minReadySeconds: 0 and paused: false.
func TestApplyKeepsTheFilesOwnJSON(t *testing.T) {
	s := newSession(t, map[string]string{"web.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  minReadySeconds: 0
  paused: false
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`})
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

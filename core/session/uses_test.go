package session

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

const usesYAML = `apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  greeting: hello
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.25
        env:
        - name: GREETING
          valueFrom:
            configMapKeyRef:
              name: web-config
              key: greeting
        envFrom:
        - secretRef:
            name: db
        - configMapRef:
            name: extra
            optional: true
      volumes:
      - name: data
        persistentVolumeClaim:
          claimName: data
`

func usesOf(t *testing.T, s *Session) string {
	t.Helper()
	v := s.View()
	if len(v.Deployments) != 1 {
		t.Fatalf("%d deployments in the view, want 1", len(v.Deployments))
	}
	b, err := json.Marshal(v.Deployments[0].Uses)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The Deployment card lists what its Pod template reads, marks what the
// kubelet would not find (a required Secret that does not exist; not an
// optional ConfigMap) and follows the claim's phase, live and at a past
// tick.
func TestDeploymentUses(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, usesYAML)
	mustRun(t, s, "tick 4")
	earlier, at := usesOf(t, s), s.Cursor()
	mustRun(t, s, "tick 1")
	before := `[{"resource":"configmap","name":"extra"},` +
		`{"resource":"configmap","name":"web-config"},` +
		`{"resource":"persistentvolumeclaim","name":"data","phase":"Bound"},` +
		`{"resource":"secret","name":"db","missing":true}]`
	if got := usesOf(t, s); got != before {
		t.Fatalf("uses after apply:\n got %s\nwant %s", got, before)
	}
	mustRun(t, s, "kubectl create secret generic db --from-literal=PASSWORD=x")
	mustRun(t, s, "tick 1")
	after := `[{"resource":"configmap","name":"extra"},` +
		`{"resource":"configmap","name":"web-config"},` +
		`{"resource":"persistentvolumeclaim","name":"data","phase":"Bound"},` +
		`{"resource":"secret","name":"db"}]`
	if got := usesOf(t, s); got != after {
		t.Fatalf("uses after the Secret exists:\n got %s\nwant %s", got, after)
	}
	mustRun(t, s, "jump "+strconv.FormatInt(at, 10))
	if got := usesOf(t, s); got != earlier || !strings.Contains(got, `"name":"db","missing":true`) {
		t.Fatalf("uses at tick %d, looked at again:\n got %s\nwant %s", at, got, earlier)
	}
}

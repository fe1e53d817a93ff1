package manifest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// stream returns n documents cycling through a Deployment, a Service and a
// Pod, each with its own name, as a playground user's manifests look.
func stream(n int) []byte {
	var b strings.Builder
	for i := range n {
		b.WriteString("---\n")
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-%d
  labels:
    app: web-%d
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web-%d
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        app: web-%d
    spec:
      containers:
      - name: nginx
        image: nginx:1.25.%d
        ports:
        - containerPort: 80
          name: http
        resources:
          requests: {cpu: 100m, memory: 64Mi}
          limits: {cpu: 500m, memory: 128Mi}
        readinessProbe:
          httpGet: {path: /healthz, port: http}
          periodSeconds: 5
`, i, i, i, i, i%10)
		case 1:
			fmt.Fprintf(&b, `apiVersion: v1
kind: Service
metadata:
  name: web-%d
spec:
  selector:
    app: web-%d
  ports:
  - name: http
    port: 80
    targetPort: http
`, i, i-1)
		case 2:
			fmt.Fprintf(&b, `apiVersion: v1
kind: Pod
metadata:
  name: debug-%d
  annotations:
    note: "started by hand"
spec:
  restartPolicy: Never
  containers:
  - name: shell
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    env:
    - name: MODE
      value: debug
`, i)
		}
	}
	return []byte(b.String())
}

func BenchmarkDecode1000Docs(b *testing.B) {
	src := stream(1000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		objs, err := Decode(src)
		if err != nil || len(objs) != 1000 {
			b.Fatal(len(objs), err)
		}
	}
}

func benchObjects(b *testing.B) []api.Object {
	objs, err := Decode(readTestdata(b, "deployment.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	return objs
}

func BenchmarkEncodeYAML(b *testing.B) {
	obj := benchObjects(b)[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeYAML(obj); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeJSON(b *testing.B) {
	obj := benchObjects(b)[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeJSON(obj); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeYAMLList1000(b *testing.B) {
	objs, err := Decode(stream(1000))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeYAMLList(objs); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStreamDecodes keeps the benchmark's input honest.
func TestStreamDecodes(t *testing.T) {
	objs := mustDecode(t, string(stream(30)))
	if len(objs) != 30 {
		t.Fatalf("got %d objects", len(objs))
	}
	d := objs[0].(*api.Deployment)
	equal(t, "maxSurge", d.Spec.Strategy.RollingUpdate.MaxSurge, ptr(api.FromString("25%")))
}

package sim

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// kindsEnv is a standard cluster driven by kubectl lines, for the
// application kinds' controllers working together.
type kindsEnv struct {
	t *testing.T
	s *Sim
}

func newKindsEnv(t *testing.T) *kindsEnv {
	t.Helper()
	s, err := New(Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return &kindsEnv{t, s}
}

func (e *kindsEnv) run(line string, files map[string]string) string {
	e.t.Helper()
	return kubectl.Run(e.s, line, kubectl.Input{Files: files}).Output
}

func (e *kindsEnv) ticks(n int) {
	e.t.Helper()
	for range n {
		if err := e.s.Tick(); err != nil {
			e.t.Fatal(err)
		}
	}
}

const cpuWebManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
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
        image: nginx:1.27
        resources:
          requests:
            cpu: 100m
`

func (e *kindsEnv) hpa() *api.HorizontalPodAutoscaler {
	e.t.Helper()
	h, err := apiserver.GetAs[*api.HorizontalPodAutoscaler](e.s.API, "default", "web")
	if err != nil {
		e.t.Fatal(err)
	}
	return h
}

func replicasOf(t *testing.T, s *Sim) int32 {
	t.Helper()
	d, err := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	return *d.Spec.Replicas
}

// Without metrics the HPA reports why and never scales on them; with a
// usage model it scales up at once and down only after the 5-minute
// stabilization window.
func TestHPAWithAndWithoutMetrics(t *testing.T) {
	e := newKindsEnv(t)
	e.run("kubectl apply -f web.yaml", map[string]string{"web.yaml": cpuWebManifest})
	e.run("kubectl autoscale deployment web --min=2 --max=6 --cpu=50%", nil)
	e.ticks(16)
	h := e.hpa()
	if len(h.Status.Conditions) != 2 || h.Status.Conditions[1].Reason != "FailedGetResourceMetric" ||
		!strings.HasSuffix(h.Status.Conditions[1].Message, "the server could not find the requested resource (get pods.metrics.k8s.io)") {
		t.Fatalf("conditions without metrics: %+v", h.Status.Conditions)
	}
	if h.Status.CurrentReplicas != 2 || h.Status.DesiredReplicas != 0 || replicasOf(t, e.s) != 2 {
		t.Errorf("status %+v, replicas %d", h.Status, replicasOf(t, e.s))
	}
	if err := e.s.Registry.SetBehavior("nginx:1.27", images.Behavior{CPUMilli: 100}); err != nil {
		t.Fatal(err)
	}
	e.ticks(15) // the next sync: 100% of requests against 50%: 2 → 4
	if got := replicasOf(t, e.s); got != 4 {
		t.Fatalf("after the first measured sync: %d replicas, want 4", got)
	}
	if err := e.s.Registry.SetBehavior("nginx:1.27", images.Behavior{CPUMilli: 10}); err != nil {
		t.Fatal(err)
	}
	e.ticks(120)
	if got := replicasOf(t, e.s); got < 4 {
		t.Fatalf("scaled down to %d within the stabilization window", got)
	}
	e.ticks(300)
	if got := replicasOf(t, e.s); got != 2 {
		t.Errorf("after the window: %d replicas, want minReplicas 2", got)
	}
}

// The eviction API refuses what a budget does not allow, with upstream's
// 429, and spends the budget when it allows.
func TestEvictionHonoursTheBudget(t *testing.T) {
	e := newKindsEnv(t)
	e.run("kubectl apply -f web.yaml", map[string]string{"web.yaml": cpuWebManifest + `---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app: web
`})
	e.ticks(5)
	pods, _, _ := apiserver.ListAs[*api.Pod](e.s.API, "default", nil)
	if len(pods) != 2 {
		t.Fatalf("%d pods", len(pods))
	}
	if err := e.s.API.Evict("default", pods[0].Name, nil); err != nil {
		t.Fatalf("first eviction: %v", err)
	}
	err := e.s.API.Evict("default", pods[1].Name, nil)
	if !apiserver.IsTooManyRequests(err) || err.Error() != "Cannot evict pod as it would violate the pod's disruption budget." {
		t.Fatalf("second eviction: %v", err)
	}
	p, _ := apiserver.GetAs[*api.PodDisruptionBudget](e.s.API, "default", "web")
	if p.Status.DisruptionsAllowed != 0 || len(p.Status.DisruptedPods) != 1 {
		t.Errorf("budget after one eviction: %+v", p.Status)
	}
	e.ticks(10) // the replacement runs: one disruption allowed again
	if p, _ := apiserver.GetAs[*api.PodDisruptionBudget](e.s.API, "default", "web"); p.Status.DisruptionsAllowed != 1 {
		t.Errorf("after the replacement: %+v", p.Status)
	}
	if err := e.s.API.Evict("default", pods[1].Name, nil); err != nil {
		t.Errorf("eviction after recovery: %v", err)
	}
}

// A WaitForFirstConsumer claim binds once its pod is scheduled, to a volume
// on that pod's node; the pod starts only then.
func TestClaimBindsOnItsConsumersNode(t *testing.T) {
	e := newKindsEnv(t)
	e.run("kubectl apply -f c.yaml", map[string]string{"c.yaml": `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
`})
	e.ticks(30)
	c, _ := apiserver.GetAs[*api.PersistentVolumeClaim](e.s.API, "default", "data")
	if c.Status.Phase != api.ClaimPending || *c.Spec.StorageClassName != "standard" {
		t.Fatalf("claim before a consumer: %s, class %v", c.Status.Phase, c.Spec.StorageClassName)
	}
	if out := e.run("kubectl describe pvc data", nil); !strings.Contains(out, "WaitForFirstConsumer  0s (x3 over 30s)") {
		t.Errorf("describe pvc:\n%s", out)
	}
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "db2", Namespace: "default"}, Spec: api.PodSpec{
		Containers: []api.Container{{Name: "db", Image: "postgres:16"}},
		Volumes:    []api.Volume{{Name: "data", VolumeSource: api.VolumeSource{PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "data"}}}}}}
	if _, err := e.s.API.Create(pod); err != nil {
		t.Fatal(err)
	}
	if err := e.s.Settle(); err != nil {
		t.Fatal(err)
	}
	if p, _ := apiserver.GetAs[*api.Pod](e.s.API, "default", "db2"); p.Spec.NodeName != "" {
		t.Fatalf("pod bound to %s before its claim", p.Spec.NodeName)
	}
	e.ticks(3) // provisioning takes 2 s
	c, _ = apiserver.GetAs[*api.PersistentVolumeClaim](e.s.API, "default", "data")
	p, _ := apiserver.GetAs[*api.Pod](e.s.API, "default", "db2")
	v, err := apiserver.GetAs[*api.PersistentVolume](e.s.API, "", c.Spec.VolumeName)
	if err != nil || c.Status.Phase != api.ClaimBound || p.Spec.NodeName == "" {
		t.Fatalf("claim %s volume %q, pod on %q, %v", c.Status.Phase, c.Spec.VolumeName, p.Spec.NodeName, err)
	}
	if got := v.Spec.NodeAffinity.Required.NodeSelectorTerms[0].MatchExpressions[0].Values[0]; got != p.Spec.NodeName {
		t.Errorf("volume pinned to %s, pod on %s", got, p.Spec.NodeName)
	}
}

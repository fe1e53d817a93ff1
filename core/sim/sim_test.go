package sim

import (
	"strings"

	"bytes"
	"encoding/json"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

func webDeployment(replicas int32, image string) *api.Deployment {
	labels := map[string]string{"app": "web"}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}},
			},
		},
	}
}

// runRollout creates a Deployment on a fresh default cluster and ticks until
// it is available, returning the cluster and the ticks it took.
func runRollout(t *testing.T, seed uint64) (*Sim, int) {
	t.Helper()
	s, err := New(Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.API.Create(webDeployment(3, "nginx:1.25")); err != nil {
		t.Fatal(err)
	}
	for tick := 1; tick <= 60; tick++ {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		d, err := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
		if err != nil {
			t.Fatal(err)
		}
		if d.Status.AvailableReplicas == 3 && d.Status.UpdatedReplicas == 3 {
			return s, tick
		}
	}
	t.Fatal("the Deployment did not become available in 60 ticks")
	return nil, 0
}

func TestDefaultClusterRunsADeployment(t *testing.T) {
	s, ticks := runRollout(t, 1)
	nodes, _, _ := apiserver.ListAs[*api.Node](s.API, "", nil)
	if len(nodes) != 3 {
		t.Fatalf("%d nodes, want 3", len(nodes))
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](s.API, "default", nil)
	onNode := map[string]int{}
	for _, p := range pods {
		if p.Status.Phase != api.PodRunning || p.Spec.NodeName == "" || p.Status.PodIP == "" {
			t.Errorf("pod %s: phase %s node %q ip %q", p.Name, p.Status.Phase, p.Spec.NodeName, p.Status.PodIP)
		}
		onNode[p.Spec.NodeName]++
	}
	if len(onNode) != 3 {
		t.Errorf("pods spread over %v, want one per node", onNode)
	}
	// First pull 2 s, start 1 s: available within a handful of ticks.
	if ticks > 8 {
		t.Errorf("rollout took %d ticks", ticks)
	}
	if len(s.Decisions(0)) == 0 {
		t.Error("no decision records were kept")
	}
}

// TestSameSeedSameBytes is the determinism promise: the same scenario and
// seed give byte-identical objects.
func TestSameSeedSameBytes(t *testing.T) {
	dump := func(seed uint64) []byte {
		s, _ := runRollout(t, seed)
		var buf bytes.Buffer
		for _, k := range api.Kinds() {
			l, err := s.API.List(k, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.NewEncoder(&buf).Encode(l.Items); err != nil {
				t.Fatal(err)
			}
		}
		return buf.Bytes()
	}
	a, b, c := dump(7), dump(7), dump(8)
	if !bytes.Equal(a, b) {
		t.Fatal("two runs with seed 7 differ")
	}
	if bytes.Equal(a, c) {
		t.Fatal("seeds 7 and 8 gave identical clusters: the seed is not used")
	}
}

func TestNodeFailureAndRecovery(t *testing.T) {
	s, _ := runRollout(t, 1)
	if err := s.FailNode("node-2"); err != nil {
		t.Fatal(err)
	}
	if err := s.FailNode("node-9"); err == nil {
		t.Fatal("failing a missing node succeeded")
	}
	unknownAt := 0
	for tick := 1; tick <= 120 && unknownAt == 0; tick++ {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
		n, _ := apiserver.GetAs[*api.Node](s.API, "", "node-2")
		for _, c := range n.Status.Conditions {
			if c.Type == api.NodeReady && c.Status == api.ConditionUnknown {
				unknownAt = tick
			}
		}
	}
	if unknownAt == 0 {
		t.Fatal("node-2 never became Unknown")
	}
	if err := s.RecoverNode("node-2"); err != nil {
		t.Fatal(err)
	}
	for range 15 {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	n, _ := apiserver.GetAs[*api.Node](s.API, "", "node-2")
	for _, c := range n.Status.Conditions {
		if c.Type == api.NodeReady && c.Status != api.ConditionTrue {
			t.Fatalf("after recovery node-2 Ready=%s", c.Status)
		}
	}
}

// TestSimIsAKubectlCluster: the standard cluster is what kubectl runs against.
var _ kubectl.Cluster = (*Sim)(nil)

func TestKubectlAgainstTheStandardCluster(t *testing.T) {
	s, _ := runRollout(t, 1)
	res := kubectl.Run(s, "kubectl get deployments", kubectl.Input{})
	want := "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           3s\n"
	if res.ExitCode != 0 || res.Stdout != want {
		t.Fatalf("get deployments:\n%s%s", res.Stdout, res.Stderr)
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](s.API, "default", nil)
	res = kubectl.Run(s, "kubectl exec "+pods[0].Name+" -- env", kubectl.Input{})
	if res.ExitCode != 0 || !strings.HasPrefix(res.Stdout, "PATH=") || !strings.Contains(res.Stdout, "HOSTNAME="+pods[0].Name+"\n") {
		t.Fatalf("exec env:\n%s%s", res.Stdout, res.Stderr)
	}
}

func TestDecisionsSinceCountsExactly(t *testing.T) {
	s, err := New(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	before := s.DecisionCount()
	if _, err := s.API.Create(webDeployment(2, "nginx:1.25")); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	got := s.DecisionsSince(before)
	if len(got) == 0 || len(got) != s.DecisionCount()-before {
		t.Fatalf("DecisionsSince gave %d records, the count moved by %d", len(got), s.DecisionCount()-before)
	}
	if len(s.DecisionsSince(s.DecisionCount())) != 0 {
		t.Fatal("DecisionsSince(now) is not empty")
	}
}

// Events expire after kube-apiserver's --event-ttl (1h): those of a
// rollout at t=0..3 share the lease the first event of the cluster opened
// at t=0 (granted for 1h+60s), so all go at t=3660, and `describe` no
// longer lists them. A new event starts its own lease.
func TestEventsExpireAfterAnHour(t *testing.T) {
	s, ticks := runRollout(t, 1)
	events := func() string {
		return kubectl.Run(s, "kubectl get events", kubectl.Input{}).Output
	}
	if got := events(); !strings.Contains(got, "ScalingReplicaSet") {
		t.Fatalf("no rollout events after %d ticks:\n%s", ticks, got)
	}
	for s.CurrentTick() < 3659 {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if got := events(); !strings.Contains(got, "60m") || !strings.Contains(got, "ScalingReplicaSet") {
		t.Fatalf("t=3659: events:\n%s", got)
	}
	if err := s.Tick(); err != nil {
		t.Fatal(err)
	}
	if got := events(); got != "No resources found in default namespace.\n" {
		t.Fatalf("t=3660: events still listed:\n%s", got)
	}
	if got := kubectl.Run(s, "kubectl describe deployment web", kubectl.Input{}).Output; !strings.HasSuffix(got, "Events:          <none>\n") {
		t.Errorf("describe still shows events:\n%s", got)
	}
	kubectl.Run(s, "kubectl scale deployment web --replicas=4", kubectl.Input{})
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	if got := events(); !strings.Contains(got, "Scaled up replica set web-") {
		t.Errorf("a new event after the expiry is missing:\n%s", got)
	}
}

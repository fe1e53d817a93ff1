package nodelifecycle_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/nodelifecycle"
	"github.com/kubeplay/kubeplay/core/controller/podgc"
	"github.com/kubeplay/kubeplay/core/controller/tainteviction"
	"github.com/kubeplay/kubeplay/core/kubelet/nodelease"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
	"github.com/kubeplay/kubeplay/core/scheduler"
)

var (
	podKind  = api.KindOf(&api.Pod{})
	nodeKind = api.KindOf(&api.Node{})
)

// kubelets is a tiny stand-in for the real kubelets: every live node
// renews its lease every 10 s (from tick 0), reports Ready again if the
// node lifecycle controller marked it otherwise, runs the pods bound to it
// (Running and Ready at once) and confirms their deletion. A node in down
// does nothing at all, like a powered-off machine.
type kubelets struct {
	c    *cluster.Cluster
	down map[string]bool
}

func (k *kubelets) Name() string { return "test-kubelets" }

func (k *kubelets) Tick() {
	s, now := k.c.API, k.c.Clock.Now()
	nodes, _, _ := apiserver.ListAs[*api.Node](s, "", nil)
	for _, n := range nodes {
		if k.down[n.Name] {
			continue
		}
		if k.c.CurrentTick()%10 == 0 {
			if err := nodelease.RenewLease(s, k.c.Clock, n.Name); err != nil {
				panic(err)
			}
		}
		if ready := cond(n, api.NodeReady); ready == nil || ready.Status != api.ConditionTrue {
			n.Status.Conditions = nodestatus.HealthyConditions(now)
			if _, err := s.UpdateStatus(n); err != nil {
				panic(err)
			}
		}
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](s, "", nil)
	for _, p := range pods {
		if p.Spec.NodeName == "" || k.down[p.Spec.NodeName] {
			continue
		}
		if p.DeletionTimestamp != nil {
			zero := int64(0)
			s.Delete(podKind, p.Namespace, p.Name, &apiserver.DeleteOptions{GracePeriodSeconds: &zero})
			continue
		}
		if p.Status.Phase == api.PodPending {
			t := api.NewTime(now)
			p.Status.Phase = api.PodRunning
			p.Status.Conditions = append(p.Status.Conditions,
				api.PodCondition{Type: api.ContainersReady, Status: api.ConditionTrue, LastTransitionTime: t},
				api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: t})
			if _, err := s.UpdateStatus(p); err != nil {
				panic(err)
			}
		}
	}
}

func cond(n *api.Node, t api.NodeConditionType) *api.NodeCondition {
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == t {
			return &n.Status.Conditions[i]
		}
	}
	return nil
}

type env struct {
	t    *testing.T
	c    *cluster.Cluster
	kube *kubelets
	log  []string // decisions, "tick controller: decision"
}

// newEnv is the default cluster with the scheduler, the three node
// controllers, the DefaultTolerationSeconds plugin, test kubelets with
// fresh leases, and pods web-0..web-(n-1) of one owner, spread one per
// node and Running, all at tick 0.
func newEnv(t *testing.T, pods int) *env {
	t.Helper()
	c := cluster.New(cluster.DefaultSeed)
	var chain []apiserver.Plugin
	for _, p := range c.API.Plugins {
		chain = append(chain, p)
		if p.Name() == "NamespaceLifecycle" {
			chain = append(chain, apiserver.DefaultTolerationSeconds{})
		}
	}
	c.API.Plugins = chain
	if err := c.AddDefaultNodes(); err != nil {
		t.Fatal(err)
	}
	k := &kubelets{c: c, down: map[string]bool{}}
	for _, n := range []string{"node-1", "node-2", "node-3"} {
		if err := nodelease.RenewLease(c.API, c.Clock, n); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(scheduler.New(c.Context),
		nodelifecycle.New(c.Context, nodelifecycle.Options{}),
		tainteviction.New(c.Context),
		podgc.NewPodGC(c.Context, 0))
	c.AddActor(k)
	e := &env{t: t, c: c, kube: k}
	yes := true
	for i := range pods {
		e.create(&api.Pod{
			ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("web-%d", i), Namespace: "default",
				OwnerReferences: []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web",
					UID: "rs-uid", Controller: &yes}}},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.25"}}},
		})
	}
	e.settle()
	k.Tick() // pods Running now, at tick 0
	e.settle()
	return e
}

func (e *env) create(obj api.Object) {
	e.t.Helper()
	if _, err := e.c.API.Create(obj); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) settle() {
	e.t.Helper()
	steps, err := e.c.Settle()
	if err != nil {
		e.t.Fatal(err)
	}
	e.record(steps)
}

func (e *env) record(steps []cluster.StepResult) {
	for _, s := range steps {
		for _, d := range s.Decisions {
			e.log = append(e.log, fmt.Sprintf("%d %s: %s", s.Tick, s.Controller, d.String()))
		}
	}
}

// until ticks until the cluster is at tick n.
func (e *env) until(n int64) {
	e.t.Helper()
	for e.c.CurrentTick() < n {
		steps, err := e.c.Tick()
		if err != nil {
			e.t.Fatal(err)
		}
		e.record(steps)
	}
}

func (e *env) node(name string) *api.Node {
	e.t.Helper()
	n, err := apiserver.GetAs[*api.Node](e.c.API, "", name)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *env) pod(name string) (*api.Pod, bool) {
	p, err := apiserver.GetAs[*api.Pod](e.c.API, "default", name)
	return p, err == nil
}

func (e *env) podOn(node string) string {
	pods, _, _ := apiserver.ListAs[*api.Pod](e.c.API, "default", nil)
	for _, p := range pods {
		if p.Spec.NodeName == node {
			return p.Name
		}
	}
	e.t.Fatalf("no pod on %s", node)
	return ""
}

func taintsOf(n *api.Node) string {
	var parts []string
	for _, t := range n.Spec.Taints {
		s := t.Key + ":" + string(t.Effect)
		if t.TimeAdded != nil {
			s += "@" + t.TimeAdded.Sub(time.Time(clockEpoch())).String()
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func clockEpoch() time.Time { return time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC) }

// events returns "Type Reason source: message" for events about name.
func (e *env) events(name string) []string {
	evs, _, _ := apiserver.ListAs[*api.Event](e.c.API, "default", nil)
	var out []string
	for _, ev := range evs {
		if ev.InvolvedObject.Name == name {
			out = append(out, fmt.Sprintf("%s %s %s: %s", ev.Type, ev.Reason, ev.Source.Component, ev.Message))
		}
	}
	return out
}

// TestNodeFailureTimeline: node-2's kubelet stops after its renewal at
// tick 10. The controller saw that renewal at its pass at 10, so the node
// is Unknown at the first pass after 10+50 (tick 65), tainted NoExecute at
// the next pass (70), and its pod is evicted 300 s after that (370).
func TestNodeFailureTimeline(t *testing.T) {
	e := newEnv(t, 3)
	victim := e.podOn("node-2")
	e.until(10)
	e.kube.down["node-2"] = true

	e.until(64)
	if r := cond(e.node("node-2"), api.NodeReady); r.Status != api.ConditionTrue {
		t.Fatalf("tick 64: Ready = %s", r.Status)
	}
	e.until(65)
	n := e.node("node-2")
	for _, ct := range []api.NodeConditionType{api.NodeMemoryPressure, api.NodeDiskPressure, api.NodePIDPressure, api.NodeReady} {
		c := cond(n, ct)
		if c.Status != api.ConditionUnknown || c.Reason != "NodeStatusUnknown" ||
			c.Message != "Kubelet stopped posting node status." || !c.LastTransitionTime.Equal(e.c.Clock.Now()) {
			t.Errorf("tick 65: %s = %+v", ct, c)
		}
	}
	if got := taintsOf(n); got != "node.kubernetes.io/unreachable:NoSchedule@1m5s" {
		t.Errorf("tick 65: taints %q", got)
	}
	p, _ := e.pod(victim)
	if ready := p.Status.Conditions[len(p.Status.Conditions)-1]; ready.Type != api.PodReady || ready.Status != api.ConditionFalse {
		t.Errorf("tick 65: pod Ready = %+v", ready)
	}
	if got := e.events(victim); !slices.Contains(got, "Warning NodeNotReady node-controller: Node is not ready") {
		t.Errorf("pod events %q", got)
	}
	want := []string{
		"Normal RegisteredNode node-controller: Node node-2 event: Registered Node node-2 in Controller",
		"Normal NodeNotReady node-controller: Node node-2 status is now: NodeNotReady",
	}
	if got := e.events("node-2"); !slices.Equal(got, want) {
		t.Errorf("node events\n got %q\nwant %q", got, want)
	}

	e.until(69)
	if got := taintsOf(e.node("node-2")); strings.Contains(got, "NoExecute") {
		t.Errorf("tick 69: already %q", got)
	}
	e.until(70)
	if got := taintsOf(e.node("node-2")); got != "node.kubernetes.io/unreachable:NoSchedule@1m5s node.kubernetes.io/unreachable:NoExecute@1m10s" {
		t.Errorf("tick 70: taints %q", got)
	}

	e.until(369)
	if p, _ := e.pod(victim); p.DeletionTimestamp != nil {
		t.Fatal("evicted before the toleration ran out")
	}
	e.until(370)
	p, ok := e.pod(victim)
	if !ok || p.DeletionTimestamp == nil {
		t.Fatalf("tick 370: pod %v, ok %v", p, ok)
	}
	var dt *api.PodCondition
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == "DisruptionTarget" {
			dt = &p.Status.Conditions[i]
		}
	}
	if dt == nil || dt.Status != api.ConditionTrue || dt.Reason != "DeletionByTaintManager" ||
		dt.Message != "Taint manager: deleting due to NoExecute taint" {
		t.Errorf("DisruptionTarget = %+v", dt)
	}
	if got := e.events(victim); !slices.Contains(got, "Normal TaintManagerEviction taint-eviction-controller: Marking for deletion Pod default/"+victim) {
		t.Errorf("pod events %q", got)
	}
	// No kubelet confirms: the pod stays Terminating.
	e.until(500)
	if _, ok := e.pod(victim); !ok {
		t.Error("a pod on a dead node went away without a kubelet or the node's deletion")
	}
	// The healthy nodes' pods were never touched.
	for _, n := range []string{"node-1", "node-3"} {
		if p, _ := e.pod(e.podOn(n)); p.DeletionTimestamp != nil || taintsOf(e.node(n)) != "" {
			t.Errorf("%s disturbed", n)
		}
	}
	if t.Failed() {
		t.Log(strings.Join(e.log, "\n"))
	}
}

// TestNodeRecovers: a node back before the toleration runs out keeps its
// pods; the evictions are cancelled and the taints removed.
func TestNodeRecovers(t *testing.T) {
	e := newEnv(t, 3)
	victim := e.podOn("node-2")
	e.until(10)
	e.kube.down["node-2"] = true
	e.until(99)
	e.kube.down["node-2"] = false
	e.until(100) // lease renewed and status posted at 100
	n := e.node("node-2")
	if r := cond(n, api.NodeReady); r.Status != api.ConditionTrue {
		t.Errorf("Ready %s", r.Status)
	}
	if got := taintsOf(n); got != "" {
		t.Errorf("taints %q after recovery", got)
	}
	if got := e.events(victim); !slices.Contains(got, "Normal TaintManagerEviction taint-eviction-controller: Cancelling deletion of Pod default/"+victim) {
		t.Errorf("events %q", got)
	}
	e.until(400)
	if p, ok := e.pod(victim); !ok || p.DeletionTimestamp != nil {
		t.Error("the pod was evicted after its node recovered")
	}
}

// TestAllNodesDown: when every node stops, the controller blames the
// control plane (full disruption) and evicts nothing.
func TestAllNodesDown(t *testing.T) {
	e := newEnv(t, 3)
	e.until(10)
	for _, n := range []string{"node-1", "node-2", "node-3"} {
		e.kube.down[n] = true
	}
	e.until(400)
	for _, name := range []string{"node-1", "node-2", "node-3"} {
		n := e.node(name)
		if cond(n, api.NodeReady).Status != api.ConditionUnknown {
			t.Errorf("%s not Unknown", name)
		}
		if got := taintsOf(n); strings.Contains(got, "NoExecute") {
			t.Errorf("%s tainted %q in full disruption", name, got)
		}
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](e.c.API, "default", nil)
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			t.Errorf("%s evicted", p.Name)
		}
	}
	if !strings.Contains(strings.Join(e.log, "\n"), "entering master disruption mode") {
		t.Error("no decision about full disruption")
	}
}

// TestTwoNodesTaintedAtTheEvictionRate: two nodes failing together are
// tainted 10 s apart (--node-eviction-rate 0.1 per second per zone).
func TestTwoNodesTaintedAtTheEvictionRate(t *testing.T) {
	e := newEnv(t, 0)
	e.until(10)
	e.kube.down["node-1"], e.kube.down["node-2"] = true, true
	e.until(70)
	if got := taintsOf(e.node("node-1")); !strings.Contains(got, "unreachable:NoExecute@1m10s") {
		t.Errorf("node-1 at 70: %q", got)
	}
	if got := taintsOf(e.node("node-2")); strings.Contains(got, "NoExecute") {
		t.Errorf("node-2 at 70: %q", got)
	}
	e.until(80)
	if got := taintsOf(e.node("node-2")); !strings.Contains(got, "unreachable:NoExecute@1m20s") {
		t.Errorf("node-2 at 80: %q", got)
	}
}

// TestNoExecuteTaintEvictsByToleration: a NoExecute taint a pod does not
// tolerate evicts it at once; tolerationSeconds delays; no seconds means
// never.
func TestNoExecuteTaintEvictsByToleration(t *testing.T) {
	e := newEnv(t, 0)
	mk := func(name string, tol *api.Toleration) {
		p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
			Spec: api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "c", Image: "nginx:1.25"}}}}
		if tol != nil {
			p.Spec.Tolerations = []api.Toleration{*tol}
		}
		e.create(p)
	}
	sixty := int64(60)
	mk("intolerant", nil)
	mk("patient", &api.Toleration{Key: "maintenance", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: &sixty})
	mk("forever", &api.Toleration{Key: "maintenance", Operator: "Exists", Effect: api.TaintEffectNoExecute})
	e.until(10)
	n := e.node("node-1")
	n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: "maintenance", Value: "true", Effect: api.TaintEffectNoExecute})
	if _, err := e.c.API.Update(n); err != nil {
		t.Fatal(err)
	}
	e.settle()
	e.until(11) // the kubelet confirms the deletion
	if _, ok := e.pod("intolerant"); ok {
		t.Error("intolerant not evicted at once")
	}
	e.until(69)
	if _, ok := e.pod("patient"); !ok {
		t.Error("patient evicted early")
	}
	e.until(71)
	if _, ok := e.pod("patient"); ok {
		t.Error("patient not evicted 60 s after the taint")
	}
	e.until(400)
	if _, ok := e.pod("forever"); !ok {
		t.Error("forever evicted")
	}
}

// TestDeletedNodePodsCollected: the pod GC force-deletes the pods of a
// deleted node after the 40 s quarantine: deleted at 30, first gc pass
// that sees it at 40, collected at the pass at 80.
func TestDeletedNodePodsCollected(t *testing.T) {
	e := newEnv(t, 3)
	victim := e.podOn("node-3")
	e.until(30)
	e.kube.down["node-3"] = true
	if _, _, err := e.c.API.Delete(nodeKind, "", "node-3", nil); err != nil {
		t.Fatal(err)
	}
	e.settle()
	e.until(79)
	if _, ok := e.pod(victim); !ok {
		t.Fatal("collected during the quarantine")
	}
	w, err := e.c.API.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{podKind}, ResourceVersion: e.c.API.ResourceVersion()})
	if err != nil {
		t.Fatal(err)
	}
	e.until(80)
	if _, ok := e.pod(victim); ok {
		t.Fatal("not collected at 80")
	}
	var seen []string
	for _, ev := range w.Drain() {
		p := ev.Object.(*api.Pod)
		if p.Name != victim {
			continue
		}
		s := string(ev.Type) + " " + string(p.Status.Phase)
		for _, c := range p.Status.Conditions {
			if c.Type == "DisruptionTarget" {
				s += " " + c.Reason + ": " + c.Message
			}
		}
		seen = append(seen, s)
	}
	// Failed with the condition (status write), then the force delete:
	// the API server records the deletion (MODIFIED) before removing it.
	want := []string{"MODIFIED Failed DeletionByPodGC: PodGC: node no longer exists",
		"MODIFIED Failed DeletionByPodGC: PodGC: node no longer exists",
		"DELETED Failed DeletionByPodGC: PodGC: node no longer exists"}
	if !slices.Equal(seen, want) {
		t.Errorf("watch\n got %q\nwant %q", seen, want)
	}
	if got := e.events("node-3"); !slices.Contains(got, "Normal RemovingNode node-controller: Node node-3 event: Removing Node node-3 from Controller") {
		t.Errorf("node events %q", got)
	}
}

// TestCordonTaint: spec.unschedulable gets its NoSchedule taint, and loses
// it on uncordon.
func TestCordonTaint(t *testing.T) {
	e := newEnv(t, 0)
	n := e.node("node-1")
	n.Spec.Unschedulable = true
	if _, err := e.c.API.Update(n); err != nil {
		t.Fatal(err)
	}
	e.settle()
	if got := taintsOf(e.node("node-1")); got != "node.kubernetes.io/unschedulable:NoSchedule@0s" {
		t.Errorf("cordoned: %q", got)
	}
	n = e.node("node-1")
	n.Spec.Unschedulable = false
	if _, err := e.c.API.Update(n); err != nil {
		t.Fatal(err)
	}
	e.settle()
	if got := taintsOf(e.node("node-1")); got != "" {
		t.Errorf("uncordoned: %q", got)
	}
}

// TestNeverPostedStatus: a node registered without conditions and without
// a lease is Unknown ("Kubelet never posted node status.") after the 60 s
// startup grace period.
func TestNeverPostedStatus(t *testing.T) {
	e := newEnv(t, 0)
	n := cluster.NewNode(cluster.NodeOptions{Name: "node-4"}, nodestatus.PodCIDR(4))
	n.Status.Conditions = nil
	if _, err := e.c.CreateNode(n); err != nil {
		t.Fatal(err)
	}
	e.kube.down["node-4"] = true
	e.settle()
	e.until(60)
	if c := cond(e.node("node-4"), api.NodeReady); c != nil {
		t.Fatalf("at 60: %+v", c)
	}
	e.until(65)
	c := cond(e.node("node-4"), api.NodeReady)
	if c == nil || c.Status != api.ConditionUnknown || c.Reason != "NodeStatusNeverUpdated" || c.Message != "Kubelet never posted node status." {
		t.Errorf("at 65: %+v", c)
	}
}

// TestLabelsReconciled: the beta os/arch labels follow the stable ones.
func TestLabelsReconciled(t *testing.T) {
	e := newEnv(t, 0)
	n := cluster.NewNode(cluster.NodeOptions{Name: "node-4"}, nodestatus.PodCIDR(4))
	delete(n.Labels, "beta.kubernetes.io/os")
	n.Labels["beta.kubernetes.io/arch"] = "arm64"
	if _, err := e.c.CreateNode(n); err != nil {
		t.Fatal(err)
	}
	e.settle()
	got := e.node("node-4").Labels
	if got["beta.kubernetes.io/os"] != "linux" || got["beta.kubernetes.io/arch"] != "amd64" {
		t.Errorf("labels %v", got)
	}
}

// TestDeterminism: a failure, an eviction and a node deletion replay byte
// for byte.
func TestDeterminism(t *testing.T) {
	run := func() string {
		e := newEnv(t, 6)
		e.until(10)
		e.kube.down["node-2"] = true
		e.until(200)
		if _, _, err := e.c.API.Delete(nodeKind, "", "node-3", nil); err != nil {
			t.Fatal(err)
		}
		e.until(420)
		var b strings.Builder
		for _, k := range api.Kinds() {
			l, _ := e.c.API.List(k, "", nil)
			js, _ := json.Marshal(l.Items)
			b.Write(js)
		}
		b.WriteString(strings.Join(e.log, "\n"))
		return b.String()
	}
	if a, b := run(), run(); a != b {
		t.Error("two runs differ")
	}
}

// leaseOnly renews the leases of every node every 10 s, nothing else.
type leaseOnly struct {
	c     *cluster.Cluster
	nodes []string
}

func (l *leaseOnly) Name() string { return "leases" }
func (l *leaseOnly) Tick() {
	if l.c.CurrentTick()%10 != 0 {
		return
	}
	for _, n := range l.nodes {
		if err := nodelease.RenewLease(l.c.API, l.c.Clock, n); err != nil {
			panic(err)
		}
	}
}

// BenchmarkTick10kPods100Nodes is the steady state of the node
// controllers and the scheduler: 10,000 bound pods on 100 nodes whose
// kubelets renew their leases; one op is one tick (a health pass every 5,
// a gc pass every 20).
func BenchmarkTick10kPods100Nodes(b *testing.B) {
	c := cluster.New(cluster.DefaultSeed)
	l := &leaseOnly{c: c}
	for i := 1; i <= 100; i++ {
		name := fmt.Sprintf("node-%03d", i)
		if _, err := c.CreateNode(cluster.NewNode(cluster.NodeOptions{Name: name, CPU: "64", Memory: "256Gi"}, nodestatus.PodCIDR(i))); err != nil {
			b.Fatal(err)
		}
		l.nodes = append(l.nodes, name)
	}
	l.Tick()
	c.Add(scheduler.New(c.Context),
		nodelifecycle.New(c.Context, nodelifecycle.Options{}),
		tainteviction.New(c.Context),
		podgc.NewPodGC(c.Context, 0))
	c.AddActor(l)
	for i := range 10_000 {
		p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("web-%05d", i), Namespace: "default"},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:1.25"}}}}
		if _, err := c.API.Create(p); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := c.Settle(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := c.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}

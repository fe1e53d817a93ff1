package scheduler_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
	"github.com/kubeplay/kubeplay/core/scheduler"
)

// env is a cluster with the default nodes and the scheduler, nothing else:
// bound pods stay Pending, which is all the scheduler looks at.
type env struct {
	clustertest.Driver
	sched *scheduler.Scheduler
}

func newEnv(t testing.TB, nodes ...*api.Node) *env {
	t.Helper()
	c := cluster.New(cluster.DefaultSeed)
	if nodes == nil {
		nodes = cluster.DefaultNodes()
	}
	for _, n := range nodes {
		if _, err := c.CreateNode(n); err != nil {
			t.Fatal(err)
		}
	}
	s := scheduler.New(c.Context)
	c.Add(s)
	e := &env{Driver: clustertest.Driver{T: t, C: c}, sched: s}
	e.Settle()
	return e
}

// pod makes a pod asking for cpu and memory ("" for none), owned by owner
// if it is not "".
func pod(name, cpu, memory, owner string) *api.Pod {
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.25"}}},
	}
	req := api.ResourceList{}
	if cpu != "" {
		req[api.ResourceCPU] = resource.MustParse(cpu)
	}
	if memory != "" {
		req[api.ResourceMemory] = resource.MustParse(memory)
	}
	if len(req) > 0 {
		p.Spec.Containers[0].Resources.Requests = req
	}
	if owner != "" {
		yes := true
		p.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: owner,
			UID: "uid-" + owner, Controller: &yes}}
	}
	return p
}

func (e *env) create(objs ...api.Object) {
	e.T.Helper()
	for _, o := range objs {
		if _, err := e.C.API.Create(o); err != nil {
			e.T.Fatal(err)
		}
	}
}

func (e *env) get(name string) *api.Pod {
	e.T.Helper()
	p, err := apiserver.GetAs[*api.Pod](e.C.API, "default", name)
	if err != nil {
		e.T.Fatal(err)
	}
	return p
}

// placement is "node-1:2 node-2:2 node-3:2" for the pods of the default
// namespace.
func (e *env) placement() string {
	pods, _, _ := apiserver.ListAs[*api.Pod](e.C.API, "default", nil)
	count := map[string]int{}
	var order []string
	for _, p := range pods {
		n := p.Spec.NodeName
		if n == "" {
			n = "<none>"
		}
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	var parts []string
	for _, n := range sortedStrings(order) {
		parts = append(parts, fmt.Sprintf("%s:%d", n, count[n]))
	}
	return strings.Join(parts, " ")
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// createEach creates n pods made by mk, each scheduled before the next is
// created.
func (e *env) createEach(n int, mk func(i int) *api.Pod) {
	e.T.Helper()
	for i := range n {
		e.create(mk(i))
		e.Settle()
	}
}

// bound creates pods already bound to node, as if scheduled earlier.
func (e *env) bound(node string, pods ...*api.Pod) {
	e.T.Helper()
	for _, p := range pods {
		p.Spec.NodeName = node
		e.create(p)
	}
}

// updateNode changes the named node through the API server and settles.
func (e *env) updateNode(name string, change func(*api.Node)) {
	e.T.Helper()
	n, err := apiserver.GetAs[*api.Node](e.C.API, "", name)
	if err != nil {
		e.T.Fatal(err)
	}
	change(n)
	if _, err := e.C.API.Update(n); err != nil {
		e.T.Fatal(err)
	}
	e.Settle()
}

// wantMessage checks the message of the named pod's PodScheduled condition.
func (e *env) wantMessage(name, want string) {
	e.T.Helper()
	p := e.get(name)
	if len(p.Status.Conditions) == 0 {
		e.T.Errorf("%s has no condition, want message %s", name, want)
		return
	}
	if got := p.Status.Conditions[0].Message; got != want {
		e.T.Errorf("%s:\n got %s\nwant %s", name, got, want)
	}
}

// events returns "Type Reason component: message (xN)" for the events about
// the named object.
func (e *env) events(name string) []string {
	evs, _, _ := apiserver.ListAs[*api.Event](e.C.API, "default", nil)
	var out []string
	for _, ev := range evs {
		if ev.InvolvedObject.Name != name {
			continue
		}
		out = append(out, fmt.Sprintf("%s %s %s: %s (x%d)", ev.Type, ev.Reason, ev.ReportingComponent, ev.Message, ev.Count))
	}
	return out
}

const fullCPU3 = "0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, " +
	"preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."

func TestSpreadsAnOwnersPods(t *testing.T) {
	e := newEnv(t)
	for i := range 6 {
		e.create(pod(fmt.Sprintf("web-%d", i), "100m", "128Mi", "web-rs"))
	}
	e.Settle()
	if got := e.placement(); got != "node-1:2 node-2:2 node-3:2" {
		t.Errorf("placement = %s", got)
	}
	if got := e.events("web-0"); len(got) != 1 || got[0] != "Normal Scheduled default-scheduler: Successfully assigned default/web-0 to node-1 (x1)" {
		t.Errorf("events = %q", got)
	}
	p := e.get("web-0")
	if len(p.Status.Conditions) != 1 || p.Status.Conditions[0].Type != api.PodScheduled ||
		p.Status.Conditions[0].Status != api.ConditionTrue {
		t.Errorf("conditions = %+v", p.Status.Conditions)
	}
}

func TestSpreadsPodsWithoutOwnerByLeastAllocated(t *testing.T) {
	e := newEnv(t)
	for i := range 6 {
		e.create(pod(fmt.Sprintf("p-%d", i), "", "", ""))
	}
	e.Settle()
	if got := e.placement(); got != "node-1:2 node-2:2 node-3:2" {
		t.Errorf("placement = %s", got)
	}
}

func TestInsufficientCPU(t *testing.T) {
	e := newEnv(t)
	for i := range 13 {
		e.create(pod(fmt.Sprintf("web-%02d", i), "1", "", "web-rs"))
	}
	e.Settle()
	if got := e.placement(); got != "<none>:1 node-1:4 node-2:4 node-3:4" {
		t.Errorf("placement = %s", got)
	}
	p := e.get("web-12")
	c := p.Status.Conditions
	if len(c) != 1 || c[0].Type != api.PodScheduled || c[0].Status != api.ConditionFalse ||
		c[0].Reason != "Unschedulable" || c[0].Message != fullCPU3 || !c[0].LastTransitionTime.Equal(e.C.Clock.Now()) {
		t.Errorf("condition = %+v\nwant message %s", c, fullCPU3)
	}
	if p.Status.Phase != api.PodPending {
		t.Errorf("phase %s", p.Status.Phase)
	}
	want := "Warning FailedScheduling default-scheduler: " + fullCPU3 + " (x1)"
	if got := e.events("web-12"); len(got) != 1 || got[0] != want {
		t.Errorf("events = %q\nwant %q", got, want)
	}
}

func TestMixedReasons(t *testing.T) {
	nodes := cluster.DefaultNodes()
	nodes[0].Spec.Unschedulable = true // cordoned
	nodes[1].Spec.Taints = []api.Taint{{Key: "dedicated", Value: "gpu", Effect: api.TaintEffectNoSchedule}}
	e := newEnv(t, nodes...)
	e.create(pod("hog", "3500m", "", ""))
	e.Settle()
	if got := e.get("hog").Spec.NodeName; got != "node-3" {
		t.Fatalf("hog on %q", got)
	}
	e.create(pod("web", "1", "", ""))
	e.Settle()
	want := "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. " +
		"no new claims to deallocate, preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, " +
		"2 Preemption is not helpful for scheduling."
	if got := e.get("web").Status.Conditions[0].Message; got != want {
		t.Errorf("message\n got %s\nwant %s", got, want)
	}
}

func TestMoreThanAllocatableIsNotHelpedByPreemption(t *testing.T) {
	e := newEnv(t)
	e.create(pod("huge", "100", "1Ti", ""))
	e.Settle()
	want := "0/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory. no new claims to deallocate, " +
		"preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if got := e.get("huge").Status.Conditions[0].Message; got != want {
		t.Errorf("message\n got %s\nwant %s", got, want)
	}
}

func TestMemoryAndPodCount(t *testing.T) {
	small := cluster.NewNode(cluster.NodeOptions{Name: "small", Pods: "2", Memory: "1Gi"}, nodestatus.PodCIDR(1))
	e := newEnv(t, small)
	e.create(pod("a", "", "512Mi", ""), pod("b", "", "", ""), pod("c", "", "", ""), pod("d", "", "768Mi", ""))
	e.Settle()
	if got := e.placement(); got != "<none>:2 small:2" {
		t.Errorf("placement = %s", got)
	}
	want := "0/1 nodes are available: 1 Too many pods. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
	if got := e.get("c").Status.Conditions[0].Message; got != want {
		t.Errorf("c: %s", got)
	}
	want = "0/1 nodes are available: 1 Insufficient memory, 1 Too many pods. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
	if got := e.get("d").Status.Conditions[0].Message; got != want {
		t.Errorf("d: %s", got)
	}
}

func TestInitContainersTakeTheMax(t *testing.T) {
	node := cluster.NewNode(cluster.NodeOptions{Name: "n"}, nodestatus.PodCIDR(1))
	e := newEnv(t, node)
	e.create(pod("base", "2", "", ""))
	p := pod("init", "1", "", "")
	p.Spec.InitContainers = []api.Container{{Name: "setup", Image: "busybox:1.36", Resources: api.ResourceRequirements{
		Requests: api.ResourceList{api.ResourceCPU: resource.MustParse("3")}}}}
	e.create(p)
	e.Settle()
	if e.get("init").Spec.NodeName != "" {
		t.Error("a pod whose init container asks 3 cpu fitted next to 2 cpu on a 4-cpu node")
	}
	q := pod("init2", "1", "", "")
	q.Spec.InitContainers = []api.Container{{Name: "setup", Image: "busybox:1.36", Resources: api.ResourceRequirements{
		Requests: api.ResourceList{api.ResourceCPU: resource.MustParse("2")}}}}
	e.create(q)
	e.Settle()
	if e.get("init2").Spec.NodeName != "n" {
		t.Error("max(1 app, 2 init) = 2 cpu should fit next to 2 cpu")
	}
}

func TestTolerationsNodeSelectorAndHostPorts(t *testing.T) {
	nodes := cluster.DefaultNodes()
	for _, n := range nodes {
		n.Spec.Taints = []api.Taint{{Key: "dedicated", Value: "gpu", Effect: api.TaintEffectNoSchedule}}
	}
	nodes[2].Labels["disk"] = "ssd"
	e := newEnv(t, nodes...)
	tolerating := pod("tol", "", "", "")
	tolerating.Spec.Tolerations = []api.Toleration{{Key: "dedicated", Operator: "Equal", Value: "gpu", Effect: api.TaintEffectNoSchedule}}
	tolerating.Spec.NodeSelector = map[string]string{"disk": "ssd"}
	e.create(tolerating, pod("plain", "", "", ""))
	e.Settle()
	if got := e.get("tol").Spec.NodeName; got != "node-3" {
		t.Errorf("tol on %q, want node-3", got)
	}
	want := "0/3 nodes are available: 3 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if got := e.get("plain").Status.Conditions[0].Message; got != want {
		t.Errorf("plain: %s", got)
	}
	sel := pod("sel", "", "", "")
	sel.Spec.Tolerations = tolerating.Spec.Tolerations
	sel.Spec.NodeSelector = map[string]string{"disk": "nvme"}
	e.create(sel)
	e.Settle()
	want = "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if got := e.get("sel").Status.Conditions[0].Message; got != want {
		t.Errorf("sel: %s", got)
	}

	// Host ports: two pods asking for host port 80 land on different nodes;
	// the fourth finds none.
	for i := range 4 {
		p := pod(fmt.Sprintf("hp-%d", i), "", "", "")
		p.Spec.Tolerations = tolerating.Spec.Tolerations
		p.Spec.Containers[0].Ports = []api.ContainerPort{{ContainerPort: 80, HostPort: 80}}
		e.create(p)
	}
	e.Settle()
	used := map[string]bool{}
	for i := range 3 {
		n := e.get(fmt.Sprintf("hp-%d", i)).Spec.NodeName
		if n == "" || used[n] {
			t.Errorf("hp-%d on %q (used %v)", i, n, used)
		}
		used[n] = true
	}
	want = "0/3 nodes are available: 3 node(s) didn't have free ports for the requested pod ports. no new claims to deallocate, preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."
	if got := e.get("hp-3").Status.Conditions[0].Message; got != want {
		t.Errorf("hp-3: %s", got)
	}
}

func TestNoNodes(t *testing.T) {
	e := newEnv(t, []*api.Node{}...)
	e.create(pod("web", "", "", ""))
	e.Settle()
	c := e.get("web").Status.Conditions
	if len(c) != 1 || c[0].Reason != "Unschedulable" || c[0].Message != "no nodes available to schedule pods" {
		t.Errorf("conditions %+v", c)
	}
	// A node arriving is an event that retries the pod at once.
	if _, err := e.C.CreateNode(cluster.NewNode(cluster.NodeOptions{Name: "node-1"}, nodestatus.PodCIDR(1))); err != nil {
		t.Fatal(err)
	}
	e.Settle()
	if got := e.get("web").Spec.NodeName; got != "node-1" {
		t.Errorf("after a node joined: %q", got)
	}
}

// TestRequeueOnEvents: an unschedulable pod is retried when a bound pod
// goes away (its resources are free) or a node changes helpfully, and not
// on unrelated changes.
func TestRequeueOnEvents(t *testing.T) {
	e := newEnv(t)
	for i := range 12 {
		e.create(pod(fmt.Sprintf("web-%02d", i), "1", "", "web-rs"))
	}
	e.create(pod("late", "1", "", "web-rs"))
	e.Settle()
	if e.get("late").Spec.NodeName != "" {
		t.Fatal("late was scheduled on full nodes")
	}
	// A taint on node-1 does not help a pod rejected for cpu: no retry.
	e.updateNode("node-1", func(n *api.Node) {
		n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: "x", Effect: api.TaintEffectNoSchedule})
	})
	if got := e.events("late"); len(got) != 1 || !strings.Contains(got[0], "(x1)") {
		t.Errorf("late retried on an unrelated node change: %q", got)
	}
	// Deleting a bound pod on node-2 frees a cpu: retried at once.
	if _, _, err := e.C.API.Delete(api.KindOf(&api.Pod{}), "default", "web-01", &apiserver.DeleteOptions{GracePeriodSeconds: new(int64)}); err != nil {
		t.Fatal(err)
	}
	before := e.C.CurrentTick()
	e.Settle()
	if got := e.get("late").Spec.NodeName; got != "node-2" || e.C.CurrentTick() != before {
		t.Errorf("late on %q at tick %d", got, e.C.CurrentTick())
	}
	if got := e.get("late").Status.Conditions; len(got) != 1 || got[0].Status != api.ConditionTrue {
		t.Errorf("conditions %+v", got)
	}
}

// TestUncordonRequeues: a pod rejected by a cordon is retried as soon as
// the node is uncordoned.
func TestUncordonRequeues(t *testing.T) {
	node := cluster.NewNode(cluster.NodeOptions{Name: "node-1", Unschedulable: true}, nodestatus.PodCIDR(1))
	e := newEnv(t, node)
	e.create(pod("web", "", "", ""))
	e.Settle()
	// NodeUnschedulable runs before TaintToleration, so the cordon, not
	// its taint, is the reason.
	if got := e.get("web").Status.Conditions[0].Message; !strings.HasPrefix(got, "0/1 nodes are available: 1 node(s) were unschedulable.") {
		t.Errorf("message %s", got)
	}
	e.updateNode("node-1", func(n *api.Node) {
		n.Spec.Unschedulable = false
		n.Spec.Taints = nil
	})
	if got := e.get("web").Spec.NodeName; got != "node-1" {
		t.Errorf("after uncordon: %q", got)
	}
}

// TestLeftoverFlush: with no event, an unschedulable pod is retried by the
// flush that runs every 30 s once it has waited more than 5 minutes: the
// pod failed at tick 0, so at tick 330 (300 is not "more than").
func TestLeftoverFlush(t *testing.T) {
	e := newEnv(t)
	e.create(pod("huge", "100", "", ""))
	e.Settle()
	e.Tick(329)
	if got := e.events("huge"); len(got) != 1 || !strings.HasSuffix(got[0], "(x1)") {
		t.Fatalf("before the flush: %q", got)
	}
	e.Tick(1)
	if got := e.events("huge"); len(got) != 1 || !strings.HasSuffix(got[0], "(x2)") {
		t.Errorf("at tick 330: %q", got)
	}
	e.Tick(330)
	if got := e.events("huge"); len(got) != 1 || !strings.HasSuffix(got[0], "(x3)") {
		t.Errorf("at tick 660: %q", got)
	}
}

// TestPodsNotOurs: a pod for another scheduler, or already bound, is left
// alone; a bound pod still counts against its node.
func TestPodsNotOurs(t *testing.T) {
	node := cluster.NewNode(cluster.NodeOptions{Name: "n", CPU: "2"}, nodestatus.PodCIDR(1))
	e := newEnv(t, node)
	other := pod("other", "", "", "")
	other.Spec.SchedulerName = "my-scheduler"
	pinned := pod("pinned", "2", "", "")
	pinned.Spec.NodeName = "n"
	e.create(other, pinned, pod("web", "1", "", ""))
	e.Settle()
	if e.get("other").Spec.NodeName != "" || len(e.get("other").Status.Conditions) != 0 {
		t.Error("the scheduler touched another scheduler's pod")
	}
	if e.get("web").Spec.NodeName != "" {
		t.Error("web fitted next to a pinned pod using all the cpu")
	}
}

// TestDecisions: a scheduling attempt explains itself.
func TestDecisions(t *testing.T) {
	e := newEnv(t)
	e.create(pod("web", "500m", "", "web-rs"))
	e.Settle()
	var lines []string
	for _, s := range e.Steps {
		for _, d := range s.Decisions {
			if d.Object == "default/web" {
				lines = append(lines, d.String())
			}
		}
	}
	got := strings.Join(lines, "\n")
	for _, want := range []string{"findNodesThatFitPod:", "3/3 nodes fit", "prioritizeNodes:",
		"node-1 scores", "bind: POST pods/binding → default/web → node-1"} {
		if !strings.Contains(got, want) {
			t.Errorf("decisions lack %q:\n%s", want, got)
		}
	}
}

// TestDeterminism: the same seed and inputs give the same bytes.
func TestDeterminism(t *testing.T) {
	run := func() string {
		e := newEnv(t)
		for i := range 20 {
			e.create(pod(fmt.Sprintf("web-%02d", i), "300m", "256Mi", fmt.Sprintf("rs-%d", i%3)))
		}
		e.Settle()
		e.Tick(400)
		var b strings.Builder
		for _, k := range []*api.KindInfo{api.KindOf(&api.Pod{}), api.KindOf(&api.Event{}), api.KindOf(&api.Node{})} {
			l, _ := e.C.API.List(k, "", nil)
			js, _ := json.Marshal(l.Items)
			b.Write(js)
		}
		js, _ := json.Marshal(e.Steps)
		b.Write(js)
		return b.String()
	}
	if a, b := run(), run(); a != b {
		t.Error("two runs differ")
	}
}

// BenchmarkSchedule10kPodsOn100Nodes schedules 10,000 pods of 100
// ReplicaSets onto 100 nodes without a tick: the scheduler's client limit
// (50 bindings a second) is lifted, so the cost measured is the
// scheduling's, not the waiting's.
func BenchmarkSchedule10kPodsOn100Nodes(b *testing.B) {
	const nodes, pods = 100, 10_000
	for range b.N {
		b.StopTimer()
		var ns []*api.Node
		for i := 1; i <= nodes; i++ {
			ns = append(ns, cluster.NewNode(cluster.NodeOptions{Name: fmt.Sprintf("node-%03d", i), CPU: "64", Memory: "256Gi"}, nodestatus.PodCIDR(i)))
		}
		e := newEnv(b, ns...)
		e.sched.Client().Configure(controller.ClientConnection{QPS: -1})
		for i := range pods {
			e.create(pod(fmt.Sprintf("web-%05d", i), "100m", "64Mi", fmt.Sprintf("rs-%02d", i%100)))
		}
		b.StartTimer()
		// Settle stops at its step budget; settle again until idle.
		scheduled := 0
		for {
			steps, err := e.C.Settle()
			if err != nil {
				b.Fatal(err)
			}
			if len(steps) == 0 {
				break
			}
			scheduled += len(steps)
		}
		b.StopTimer()
		if scheduled != pods {
			b.Fatalf("%d steps", scheduled)
		}
		if got := controller.ListAs[*api.Pod](e.C.Informers.Lister(api.KindOf(&api.Pod{})), "", nil); got[pods-1].Spec.NodeName == "" {
			b.Fatal("last pod not scheduled")
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pods)/1000, "µs/pod")
}

// TestRequiredNodeAffinity: a pod lands only on a node that matches one
// of its required node affinity terms (In, NotIn, Exists, Gt, metadata.name),
// and none matching is nodeaffinity's "didn't match" reason.
func TestRequiredNodeAffinity(t *testing.T) {
	nodes := cluster.DefaultNodes()
	nodes[0].Labels["zone"], nodes[1].Labels["zone"], nodes[2].Labels["zone"] = "a", "b", "b"
	nodes[1].Labels["gpus"], nodes[2].Labels["gpus"] = "2", "8"
	e := newEnv(t, nodes...)
	required := func(name string, terms ...api.NodeSelectorTerm) *api.Pod {
		p := pod(name, "", "", "")
		p.Spec.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{NodeSelectorTerms: terms}}}
		return p
	}
	req := func(key, op string, values ...string) api.NodeSelectorRequirement {
		return api.NodeSelectorRequirement{Key: key, Operator: api.NodeSelectorOperator(op), Values: values}
	}
	e.create(
		required("big", api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{req("zone", "In", "b"), req("gpus", "Gt", "4")}}),
		required("not-a", api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{req("zone", "NotIn", "a"), req("gpus", "Lt", "4")}}),
		required("named", api.NodeSelectorTerm{MatchFields: []api.NodeSelectorRequirement{req("metadata.name", "In", "node-1")}}),
		required("either", api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{req("zone", "In", "c")}},
			api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{req("gpus", "DoesNotExist")}}),
		required("nowhere", api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{req("zone", "Exists"), req("zone", "In", "z")}}),
	)
	e.Settle()
	for name, want := range map[string]string{"big": "node-3", "not-a": "node-2", "named": "node-1", "either": "node-1"} {
		if got := e.get(name).Spec.NodeName; got != want {
			t.Errorf("%s on %q, want %s", name, got, want)
		}
	}
	want := "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if got := e.get("nowhere").Status.Conditions[0].Message; got != want {
		t.Errorf("nowhere: %s", got)
	}
}

// TestRequiredPodAffinityAndAntiAffinity: one pod per node with required
// anti-affinity on the hostname (the fourth has nowhere to go, which
// preemption cannot fix), a pod that must share a node with a cache, and
// the first pod of a group that wants itself.
func TestRequiredPodAffinityAndAntiAffinity(t *testing.T) {
	e := newEnv(t, cluster.DefaultNodes()...)
	term := func(app, key string) []api.PodAffinityTerm {
		return []api.PodAffinityTerm{{LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": app}}, TopologyKey: key}}
	}
	for i := range 4 {
		p := pod(fmt.Sprintf("web-%d", i), "", "", "")
		p.Labels = map[string]string{"app": "web"}
		p.Spec.Affinity = &api.Affinity{PodAntiAffinity: &api.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: term("web", "kubernetes.io/hostname")}}
		e.create(p)
		e.Settle()
	}
	nodes := map[string]bool{}
	for i := range 3 {
		nodes[e.get(fmt.Sprintf("web-%d", i)).Spec.NodeName] = true
	}
	if len(nodes) != 3 {
		t.Errorf("three anti-affine pods on %v", nodes)
	}
	want := "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."
	if got := e.get("web-3").Status.Conditions[0].Message; got != want {
		t.Errorf("web-3: %s", got)
	}

	cacheNode := e.get("web-1").Spec.NodeName
	cache := pod("cache", "", "", "")
	cache.Labels = map[string]string{"app": "cache"}
	cache.Spec.NodeName = cacheNode
	e.create(cache)
	near := pod("near", "", "", "")
	near.Labels = map[string]string{"app": "near"}
	near.Spec.Affinity = &api.Affinity{PodAffinity: &api.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: term("cache", "kubernetes.io/hostname")}}
	self := pod("self", "", "", "")
	self.Labels = map[string]string{"app": "solo"}
	self.Spec.Affinity = &api.Affinity{PodAffinity: &api.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: term("solo", "kubernetes.io/hostname")}}
	lonely := pod("lonely", "", "", "")
	lonely.Labels = map[string]string{"app": "lonely"}
	lonely.Spec.Affinity = &api.Affinity{PodAffinity: &api.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: term("nobody", "kubernetes.io/hostname")}}
	e.create(near, self, lonely)
	e.Settle()
	if got := e.get("near").Spec.NodeName; got != cacheNode {
		t.Errorf("near on %q, want the cache's node %s", got, cacheNode)
	}
	if e.get("self").Spec.NodeName == "" {
		t.Error("the first pod of a self-affine group was not scheduled")
	}
	want = "0/3 nodes are available: 3 node(s) didn't match pod affinity rules. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if got := e.get("lonely").Status.Conditions[0].Message; got != want {
		t.Errorf("lonely: %s", got)
	}
}

// TestPreferredPodAffinityAndAntiAffinity: InterPodAffinity's score, in a
// cluster whose node-1 is eight times the others, so that least allocated
// alone puts every pod there (no owner: no system default spreading).
// Preferred anti-affinity on the hostname spreads three replicas over the
// three nodes; preferred affinity puts a pod beside a labelled one on the
// busiest node.
func TestPreferredPodAffinityAndAntiAffinity(t *testing.T) {
	nodes := func() []*api.Node {
		ns := cluster.DefaultNodes()
		ns[0] = cluster.NewNode(cluster.NodeOptions{Name: "node-1", CPU: "32", Memory: "128Gi"}, nodestatus.PodCIDR(1))
		return ns
	}
	anti := &api.Affinity{PodAntiAffinity: &api.PodAntiAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.WeightedPodAffinityTerm{{
		Weight: 100, PodAffinityTerm: api.PodAffinityTerm{LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			TopologyKey: "kubernetes.io/hostname"}}}}}
	replicas := func(e *env, a *api.Affinity) {
		e.createEach(3, func(i int) *api.Pod {
			p := pod(fmt.Sprintf("web-%d", i), "500m", "512Mi", "")
			p.Spec.Affinity = a
			return p
		})
	}
	// Without the preference, all three go to the big node.
	e := newEnv(t, nodes()...)
	replicas(e, nil)
	if got := e.placement(); got != "node-1:3" {
		t.Fatalf("without anti-affinity: placement = %s, want node-1:3 (the test's premise)", got)
	}
	e = newEnv(t, nodes()...)
	replicas(e, anti)
	if got := e.placement(); got != "node-1:1 node-2:1 node-3:1" {
		t.Errorf("with preferred anti-affinity: placement = %s", got)
	}
	// The third replica's record: node-1 and node-2 hold a web pod (-100
	// each), node-3 none (0), so InterPodAffinity gives 0, 0 and 100.
	var record []string
	for _, s := range e.Steps {
		for _, d := range s.Decisions {
			if d.Object == "default/web-2" && d.Upstream == "prioritizeNodes" {
				record = append(record, d.Formula)
				for _, in := range d.Inputs {
					record = append(record, in.Name+": "+in.Value)
				}
			}
		}
	}
	// (Least allocated: node-1 holds 1 cpu, 1Gi of 32 and 128Gi with the
	// incoming pod, (96+99)/2 = 97.)
	got := strings.Join(record, "\n")
	for _, want := range []string{"+ InterPodAffinity(pod affinity and anti-affinity weights)×2",
		"node-1: 97×1 + 0×2 + 100×3 + 0×2 = 397", "node-2: 81×1 + 0×2 + 100×3 + 0×2 = 381",
		"node-3: 90×1 + 0×2 + 100×3 + 100×2 = 590"} {
		if !strings.Contains(got, want) {
			t.Errorf("the prioritizeNodes record lacks %q:\n%s", want, got)
		}
	}

	// A cache pod on node-3, which two busy pods fill up: a pod that
	// prefers the cache's node goes there, one that does not goes to
	// node-1.
	e = newEnv(t, nodes()...)
	cache := pod("cache", "", "", "")
	cache.Labels = map[string]string{"app": "cache"}
	e.bound("node-3", cache, pod("busy-0", "1", "1Gi", ""), pod("busy-1", "1", "1Gi", ""))
	near := pod("near", "100m", "", "")
	near.Spec.Affinity = &api.Affinity{PodAffinity: &api.PodAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.WeightedPodAffinityTerm{{
		Weight: 50, PodAffinityTerm: api.PodAffinityTerm{LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": "cache"}},
			TopologyKey: "kubernetes.io/hostname"}}}}}
	e.create(near, pod("far", "100m", "", ""))
	e.Settle()
	if got := e.get("near").Spec.NodeName; got != "node-3" {
		t.Errorf("near on %q, want node-3 beside the cache", got)
	}
	if got := e.get("far").Spec.NodeName; got != "node-1" {
		t.Errorf("far on %q, want node-1 (least allocated)", got)
	}
}

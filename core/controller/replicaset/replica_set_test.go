package replicaset

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

var (
	podKind   = api.PodKind
	rsKind    = api.ReplicaSetKind
	webLabels = map[string]string{"app": "web"}
)

type testEnv struct {
	t   *testing.T
	c   *cluster.Cluster
	rsc *ReplicaSetController
}

func newEnv(t *testing.T) *testEnv {
	t.Helper()
	c := cluster.New(cluster.DefaultSeed)
	rsc := New(c.Context)
	c.Add(rsc)
	return &testEnv{t: t, c: c, rsc: rsc}
}

// withNodes starts the scheduler and the kubelets of node-1..3, pulling
// from reg.
func (e *testEnv) withNodes(reg *images.Registry) *testEnv {
	clustertest.StartNodes(e.t, e.c, reg)
	return e
}

func newRS(name string, replicas int32, mutate ...func(*api.ReplicaSet)) *api.ReplicaSet {
	rs := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: webLabels},
		Spec: api.ReplicaSetSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: webLabels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: webLabels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.25"}}},
			},
		},
	}
	for _, m := range mutate {
		m(rs)
	}
	return rs
}

func (e *testEnv) create(obj api.Object) api.Object {
	e.t.Helper()
	out, err := e.c.API.Create(obj)
	if err != nil {
		e.t.Fatalf("create %s: %v", obj.GetObjectMeta().Name, err)
	}
	return out
}

func (e *testEnv) rs(name string) *api.ReplicaSet {
	e.t.Helper()
	rs, err := apiserver.GetAs[*api.ReplicaSet](e.c.API, "default", name)
	if err != nil {
		e.t.Fatal(err)
	}
	return rs
}

func (e *testEnv) scale(name string, replicas int32) {
	e.t.Helper()
	rs := e.rs(name)
	rs.Spec.Replicas = &replicas
	if _, err := e.c.API.Update(rs); err != nil {
		e.t.Fatal(err)
	}
}

func (e *testEnv) step() cluster.StepResult {
	e.t.Helper()
	r, ok := e.c.Step()
	if !ok {
		e.t.Fatal("no work queued")
	}
	return r
}

func (e *testEnv) settle() []cluster.StepResult {
	e.t.Helper()
	steps, err := e.c.Settle()
	if err != nil {
		e.t.Fatal(err)
	}
	return steps
}

func (e *testEnv) tick(n int) []cluster.StepResult {
	e.t.Helper()
	var all []cluster.StepResult
	for range n {
		steps, err := e.c.Tick()
		if err != nil {
			e.t.Fatal(err)
		}
		all = append(all, steps...)
	}
	return all
}

// pods returns the pods in the server, sorted by name.
func (e *testEnv) pods() []*api.Pod {
	e.t.Helper()
	pods, _, err := apiserver.ListAs[*api.Pod](e.c.API, "default", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return pods
}

func names(pods []*api.Pod) []string {
	out := []string{}
	for _, p := range pods {
		out = append(out, p.Name)
	}
	return out
}

// events returns "Type Reason Message (xCount)" for every event about a
// ReplicaSet, in the order they were first recorded (the scheduler and the
// kubelets report on the pods).
func (e *testEnv) events() []string {
	e.t.Helper()
	evs, _, err := apiserver.ListAs[*api.Event](e.c.API, "", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	nanos := func(ev *api.Event) uint64 {
		n, _ := strconv.ParseUint(ev.Name[strings.LastIndexByte(ev.Name, '.')+1:], 16, 64)
		return n
	}
	sort.Slice(evs, func(i, j int) bool { return nanos(evs[i]) < nanos(evs[j]) })
	var out []string
	for _, ev := range evs {
		if ev.InvolvedObject.Kind != "ReplicaSet" {
			continue
		}
		if ev.Source.Component != Name {
			e.t.Errorf("event from %q", ev.Source.Component)
		}
		s := fmt.Sprintf("%s %s %s", ev.Type, ev.Reason, ev.Message)
		if ev.Count > 1 {
			s += fmt.Sprintf(" (x%d)", ev.Count)
		}
		out = append(out, s)
	}
	return out
}

func decisions(steps ...cluster.StepResult) []string {
	var out []string
	for _, s := range steps {
		for _, d := range s.Decisions {
			out = append(out, d.String())
		}
	}
	return out
}

func hasDecision(ds []string, sub string) bool {
	return slices.ContainsFunc(ds, func(d string) bool { return strings.Contains(d, sub) })
}

func TestSyncCreatesPods(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 3))
	r := e.step()
	if r.Controller != Name || r.Key != "default/web" || r.Err != nil {
		t.Fatalf("step = %+v", r)
	}
	pods := e.pods()
	if len(pods) != 3 {
		t.Fatalf("%d pods after one sync, want 3", len(pods))
	}
	for _, p := range pods {
		if p.GenerateName != "web-" || !strings.HasPrefix(p.Name, "web-") || len(p.Name) != 9 {
			t.Errorf("pod name %q (generateName %q)", p.Name, p.GenerateName)
		}
		ref := p.ControllerRef()
		if ref == nil || ref.Kind != "ReplicaSet" || ref.APIVersion != "apps/v1" || ref.Name != "web" ||
			ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
			t.Errorf("pod %s controller ref %+v", p.Name, ref)
		}
	}
	ds := decisions(r)
	for _, want := range []string{
		"manageReplicas: diff = active 0 − spec.replicas 3 = -3 → create 3 pods",
		"slowStartBatch: batch sizes 1, 2 (start at 1, double after each batch that fully succeeds) → created 3 of 3",
		"updateReplicaSetStatus: replicas = 0 active;",
		"status terminatingReplicas nil→0, observedGeneration 0→1",
	} {
		if !hasDecision(ds, want) {
			t.Errorf("no decision containing %q in\n%s", want, strings.Join(ds, "\n"))
		}
	}
	// The status written by the first sync counts the pods it saw (none).
	if st := e.rs("web").Status; st.Replicas != 0 || st.ObservedGeneration != 1 || st.TerminatingReplicas == nil || *st.TerminatingReplicas != 0 {
		t.Errorf("status after the first sync %+v", st)
	}
	e.settle()
	st := e.rs("web").Status
	if st.Replicas != 3 || st.FullyLabeledReplicas != 3 || st.ReadyReplicas != 0 || st.AvailableReplicas != 0 || st.ObservedGeneration != 1 {
		t.Errorf("status after settling %+v", st)
	}
	// Events name the pods in creation order (the first batch first).
	var created []string
	for _, d := range ds {
		if strings.HasPrefix(d, "slowStartBatch") {
			created = strings.Split(d[strings.Index(d, "created 3 of 3: ")+len("created 3 of 3: "):], ", ")
		}
	}
	var want []string
	for _, n := range created {
		want = append(want, "Normal SuccessfulCreate Created pod: "+n)
	}
	if got := e.events(); !slices.Equal(got, want) {
		t.Errorf("events\n got %q\nwant %q", got, want)
	}
	if exp, _ := e.rsc.expectations.GetExpectations("default/web"); !exp.Fulfilled() {
		t.Errorf("expectations %s after settling", exp)
	}
}

// podQuota refuses pod creates once a namespace holds limit pods, with the
// ResourceQuota plugin's message.
type podQuota struct{ limit int }

func (q *podQuota) Evaluate(a *apiserver.Attributes) error {
	if a.Operation != apiserver.OperationCreate || a.Kind.Kind != "Pod" {
		return nil
	}
	l, err := a.Store.List(a.Kind, a.Namespace, nil)
	if err != nil {
		return err
	}
	if used := len(l.Items); used >= q.limit {
		return apiserver.ExceededQuota(a, "compute", "pods=1", fmt.Sprintf("pods=%d", used), fmt.Sprintf("pods=%d", q.limit))
	}
	return nil
}

func setQuota(t *testing.T, s *apiserver.Server, q apiserver.QuotaEvaluator) {
	t.Helper()
	p, ok := s.FindPlugin("ResourceQuota").(*apiserver.ResourceQuota)
	if !ok {
		t.Fatal("no ResourceQuota plugin")
	}
	p.Evaluator = q
}

// TestSlowStartStopsAtFirstFailedBatch injects a quota that admits five
// pods: batches 1 and 2 succeed, the batch of 4 has two failures, and the
// remaining three creations are never tried.
func TestSlowStartStopsAtFirstFailedBatch(t *testing.T) {
	e := newEnv(t)
	quota := &podQuota{limit: 5}
	setQuota(t, e.c.API, quota)
	e.create(newRS("web", 10))
	r := e.step()
	if r.Err == nil || !apiserver.IsForbidden(r.Err) {
		t.Fatalf("sync error = %v, want the quota's Forbidden", r.Err)
	}
	pods := e.pods()
	if len(pods) != 5 {
		t.Fatalf("%d pods, want 5", len(pods))
	}
	ds := decisions(r)
	if !hasDecision(ds, "slowStartBatch: batch sizes 1, 2, 4 (start at 1, double after each batch that fully succeeds) → created 5 of 10") ||
		!hasDecision(ds, "5 skipped, expectations lowered by 5") {
		t.Errorf("decisions:\n%s", strings.Join(ds, "\n"))
	}
	// 10 expected, 5 lowered for the skipped creations, 5 observed by
	// the informer (the cluster pumps it after each step).
	exp, _ := e.rsc.expectations.GetExpectations("default/web")
	if add, _ := exp.GetExpectations(); add != 0 {
		t.Errorf("outstanding creations %d, want 0", add)
	}
	// Two FailedCreate events, each naming the pod the quota refused.
	evs := e.events()
	if len(evs) != 7 {
		t.Fatalf("events %q", evs)
	}
	var failed []string
	for _, ev := range evs {
		if strings.HasPrefix(ev, "Warning FailedCreate Error creating: pods \"web-") {
			failed = append(failed, ev)
		}
	}
	if len(failed) != 2 || !strings.HasSuffix(failed[0], "is forbidden: exceeded quota: compute, requested: pods=1, used: pods=5, limited: pods=5") {
		t.Errorf("FailedCreate events %q", failed)
	}
	st := e.rs("web").Status
	if len(st.Conditions) != 1 {
		t.Fatalf("conditions %+v", st.Conditions)
	}
	c := st.Conditions[0]
	wantMsg := strings.TrimPrefix(failed[0], "Warning FailedCreate Error creating: ")
	if c.Type != api.ReplicaSetReplicaFailure || c.Status != api.ConditionTrue || c.Reason != "FailedCreate" || c.Message != wantMsg ||
		!c.LastTransitionTime.Equal(clock.Epoch) {
		t.Errorf("condition %+v, want ReplicaFailure True FailedCreate %q", c, wantMsg)
	}
	if st.Replicas != 0 || !hasDecision(ds, "ReplicaFailure True FailedCreate") {
		t.Errorf("status %+v", st)
	}

	// The pods' creations are observed; the retry fails at its first batch.
	steps := e.settle()
	if !hasDecision(decisions(steps...), "batch sizes 1 (start at 1") {
		t.Errorf("retry decisions:\n%s", strings.Join(decisions(steps...), "\n"))
	}
	if got := len(e.pods()); got != 5 {
		t.Errorf("%d pods after the retry, want 5", got)
	}
	if c2 := e.rs("web").Status.Conditions; len(c2) != 1 || c2[0] != c {
		t.Errorf("an existing ReplicaFailure must be left untouched: %+v", c2)
	}

	// With room for all ten, the next retry (after back-off, at the next
	// tick) creates the rest in batches 1, 2, 2 and clears the condition.
	quota.limit = 10
	steps = e.tick(1)
	if !hasDecision(decisions(steps...), "batch sizes 1, 2, 2 (start at 1, double after each batch that fully succeeds) → created 5 of 5") {
		t.Errorf("decisions after the quota grew:\n%s", strings.Join(decisions(steps...), "\n"))
	}
	st = e.rs("web").Status
	if len(e.pods()) != 10 || st.Replicas != 10 || st.Conditions != nil {
		t.Errorf("after the quota grew: %d pods, status %+v", len(e.pods()), st)
	}
	if !hasDecision(decisions(steps...), "ReplicaFailure removed") {
		t.Errorf("no decision about removing ReplicaFailure")
	}
}

// TestSlowStartInTerminatingNamespace checks manageReplicas' create
// callback with slowStartBatch (replica_set.go) and RealPodControl
// (controller_utils.go createPods): a create refused because the namespace
// is being terminated counts as a success, so the batches go on, no
// FailedCreate event is emitted, the sync reports no error (no
// ReplicaFailure condition) and the expectations are not lowered.
func TestSlowStartInTerminatingNamespace(t *testing.T) {
	e := newEnv(t)
	nsKind, _ := api.LookupKind("Namespace")
	e.create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "doomed"}})
	e.create(newRS("web", 0, func(rs *api.ReplicaSet) { rs.Namespace = "doomed" }))
	e.settle()
	if _, _, err := e.c.API.Delete(nsKind, "", "doomed", nil); err != nil {
		t.Fatal(err)
	}
	rs, err := apiserver.GetAs[*api.ReplicaSet](e.c.API, "doomed", "web")
	if err != nil {
		t.Fatal(err)
	}
	three := int32(3)
	rs.Spec.Replicas = &three
	if _, err := e.c.API.Update(rs); err != nil {
		t.Fatal(err)
	}
	steps := e.settle()
	for _, st := range steps {
		if st.Err != nil {
			t.Errorf("sync error %v, want none", st.Err)
		}
	}
	ds := decisions(steps...)
	if !hasDecision(ds, "slowStartBatch: batch sizes 1, 2 (start at 1, double after each batch that fully succeeds) → created 0 of 3: none; 3 refused because namespace doomed is being terminated") {
		t.Errorf("decisions:\n%s", strings.Join(ds, "\n"))
	}
	for _, ev := range e.events() {
		if strings.Contains(ev, "FailedCreate") {
			t.Errorf("event %q: a terminating namespace emits no FailedCreate", ev)
		}
	}
	exp, _ := e.rsc.expectations.GetExpectations("doomed/web")
	if add, _ := exp.GetExpectations(); add != 3 {
		t.Errorf("outstanding creations %d, want 3 (not lowered)", add)
	}
	got, _ := apiserver.GetAs[*api.ReplicaSet](e.c.API, "doomed", "web")
	if len(got.Status.Conditions) != 0 {
		t.Errorf("conditions %+v, want no ReplicaFailure", got.Status.Conditions)
	}
}

// TestBurstReplicas: one sync creates at most burstReplicas pods, in
// slow-start batches. The client's rate limit (30 requests, then 20 a
// second) would stop the sync long before; it is off here, so the test
// sees the burst limit alone (core/sim's TestRateLimitedThousandReplicas
// sees both).
func TestBurstReplicas(t *testing.T) {
	e := newEnv(t)
	e.c.Context.SetClientConnection(controller.ClientConnection{QPS: -1})
	e.create(newRS("web", 600))
	r := e.step()
	ds := decisions(r)
	if !hasDecision(ds, "create 500 pods (600 needed, capped at burstReplicas 500)") ||
		!hasDecision(ds, "batch sizes 1, 2, 4, 8, 16, 32, 64, 128, 245 ") {
		t.Errorf("decisions:\n%s", strings.Join(ds, "\n"))
	}
	if n := len(e.pods()); n != 500 {
		t.Errorf("%d pods after the first sync, want 500", n)
	}
	steps := e.settle()
	if !hasDecision(decisions(steps...), "batch sizes 1, 2, 4, 8, 16, 32, 37 ") {
		t.Errorf("second sync:\n%s", strings.Join(decisions(steps...), "\n"))
	}
	if n := len(e.pods()); n != 600 || e.rs("web").Status.Replicas != 600 {
		t.Errorf("%d pods, status.replicas %d; want 600", n, e.rs("web").Status.Replicas)
	}
}

// setStatus writes a pod's phase and readiness as a kubelet would.
func (e *testEnv) setStatus(name string, phase api.PodPhase, readySince *time.Time, restarts int32) {
	e.t.Helper()
	p, err := apiserver.GetAs[*api.Pod](e.c.API, "default", name)
	if err != nil {
		e.t.Fatal(err)
	}
	p.Status.Phase = phase
	if readySince != nil {
		p.Status.Conditions = append(p.Status.Conditions, api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(*readySince)})
		p.Status.ContainerStatuses = []api.ContainerStatus{{Name: "nginx", Ready: true, RestartCount: restarts}}
	}
	if _, err := e.c.API.UpdateStatus(p); err != nil {
		e.t.Fatal(err)
	}
}

// podOn creates a pod already placed on node ("" = unscheduled), as a
// scheduler would have left it, with labels lbls and owner as its
// controller (nil = an orphan).
func (e *testEnv) podOn(name, node string, lbls, annotations map[string]string, owner *api.ReplicaSet) {
	e.t.Helper()
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: lbls, Annotations: annotations},
		Spec: api.PodSpec{NodeName: node, Containers: []api.Container{{Name: "nginx", Image: "nginx:1.25"}}}}
	if owner != nil {
		p.OwnerReferences = []api.OwnerReference{*controller.NewControllerRef(owner)}
	}
	e.create(p)
}

// TestScaleDownDeletionRanking adopts six orphans in different states and
// scales to one: the pods go in ActivePodsWithRanks order and the decision
// says why.
func TestScaleDownDeletionRanking(t *testing.T) {
	e := newEnv(t)
	t0 := e.c.Clock.Now()
	for _, n := range []string{"a-unscheduled", "b-pending", "c-not-ready", "d-ready-long", "e-ready-recently", "f-cheap"} {
		var ann map[string]string
		if n == "f-cheap" {
			ann = map[string]string{controller.PodDeletionCostAnnotation: "-100"}
		}
		node := "node-1"
		if n == "a-unscheduled" {
			node = ""
		}
		e.podOn(n, node, webLabels, ann, nil)
	}
	e.setStatus("c-not-ready", api.PodRunning, nil, 0)
	e.setStatus("d-ready-long", api.PodRunning, &t0, 0)
	e.setStatus("f-cheap", api.PodRunning, &t0, 0)
	e.c.Clock.Advance(100 * time.Second)
	t1 := e.c.Clock.Now()
	e.setStatus("e-ready-recently", api.PodRunning, &t1, 0)
	e.c.Clock.Advance(100 * time.Second)

	e.create(newRS("web", 1))
	steps := e.settle()
	ds := decisions(steps...)
	for _, want := range []string{
		"ClaimObject: orphan Pod a-unscheduled matches selector app=web → adopted Pod a-unscheduled",
		"manageReplicas: diff = active 6 − spec.replicas 1 = 5 → delete 5 pods",
		"getPodsToDelete: rank 6 active pods with ActivePodsWithRanks, delete the first 5; compared with d-ready-long, the first pod kept → " +
			"delete a-unscheduled (unassigned; kept pod is on node-1), b-pending (Pending < Running), c-not-ready (not ready), " +
			"f-cheap (pod-deletion-cost -100 < 0), e-ready-recently (ready 1m40s ago, log2 bucket 36 vs 37)",
	} {
		if !hasDecision(ds, want) {
			t.Errorf("no decision %q in\n%s", want, strings.Join(ds, "\n"))
		}
	}
	want := []string{
		"Normal SuccessfulDelete Deleted pod: a-unscheduled",
		"Normal SuccessfulDelete Deleted pod: b-pending",
		"Normal SuccessfulDelete Deleted pod: c-not-ready",
		"Normal SuccessfulDelete Deleted pod: f-cheap",
		"Normal SuccessfulDelete Deleted pod: e-ready-recently",
	}
	if got := e.events(); !slices.Equal(got, want) {
		t.Errorf("events\n got %q\nwant %q", got, want)
	}
	// The unscheduled pod is gone at once; the others terminate gracefully
	// and no longer count.
	var left []string
	for _, p := range e.pods() {
		state := "active"
		if p.DeletionTimestamp != nil {
			state = "terminating"
		}
		left = append(left, p.Name+" "+state)
	}
	if w := []string{"b-pending terminating", "c-not-ready terminating", "d-ready-long active", "e-ready-recently terminating", "f-cheap terminating"}; !slices.Equal(left, w) {
		t.Errorf("pods %q, want %q", left, w)
	}
	st := e.rs("web").Status
	if st.Replicas != 1 || st.ReadyReplicas != 1 || st.AvailableReplicas != 1 || st.TerminatingReplicas == nil || *st.TerminatingReplicas != 4 {
		t.Errorf("status %+v", st)
	}
}

// TestScaleDownPrefersDoubledUpNodes checks the rank: pods of ReplicaSets
// with the same owner on the same node are deleted first.
func TestScaleDownPrefersDoubledUpNodes(t *testing.T) {
	e := newEnv(t)
	one := int32(1)
	d := e.create(&api.Deployment{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{Replicas: &one, Selector: &api.LabelSelector{MatchLabels: webLabels},
			Template: newRS("x", 1).Spec.Template}}).(*api.Deployment)
	owned := func(name, hash string, replicas int32) *api.ReplicaSet {
		return newRS(name, replicas, func(rs *api.ReplicaSet) {
			lbls := map[string]string{"app": "web", "pod-template-hash": hash}
			rs.Labels, rs.Spec.Selector.MatchLabels, rs.Spec.Template.Labels = lbls, lbls, lbls
			rs.OwnerReferences = []api.OwnerReference{*controller.NewControllerRef(d)}
		})
	}
	old := e.create(owned("web-old", "old", 0)).(*api.ReplicaSet)
	cur := e.create(owned("web-new", "new", 0)).(*api.ReplicaSet)
	// web-old's first pod shares node-1 with both web-new pods.
	e.podOn("old-1", "node-1", old.Labels, nil, old)
	e.podOn("old-2", "node-2", old.Labels, nil, old)
	e.podOn("new-1", "node-1", cur.Labels, nil, cur)
	e.podOn("new-2", "node-1", cur.Labels, nil, cur)
	e.scale("web-old", 2)
	e.scale("web-new", 2)
	e.settle()
	if n := len(e.pods()); n != 4 {
		t.Fatalf("%d pods, want 4", n)
	}
	e.scale("web-old", 1)
	steps := e.settle()
	want := `delete old-1 (3 pods of the same owner on node "node-1" vs 1)`
	if !hasDecision(decisions(steps...), want) {
		t.Errorf("no decision %q in\n%s", want, strings.Join(decisions(steps...), "\n"))
	}
	if got := e.events(); !slices.Equal(got, []string{"Normal SuccessfulDelete Deleted pod: old-1"}) {
		t.Errorf("events %q", got)
	}
}

// TestTerminatingPodsInvisibleForSizing: a pod being deleted no longer
// counts, so its replacement is created at once, and it shows up in
// terminatingReplicas (only with the gate on).
func TestTerminatingPodsInvisibleForSizing(t *testing.T) {
	for _, gate := range []bool{true, false} {
		t.Run(fmt.Sprintf("terminatingReplicas gate %v", gate), func(t *testing.T) {
			e := newEnv(t)
			e.rsc.EnableStatusTerminatingReplicas = gate
			for i := range 3 {
				e.podOn(fmt.Sprintf("web-%d", i), fmt.Sprintf("node-%d", i+1), webLabels, nil, nil)
			}
			e.create(newRS("web", 3))
			e.settle()
			victim := "web-1"
			if _, _, err := e.c.API.Delete(podKind, "default", victim, nil); err != nil {
				t.Fatal(err)
			}
			steps := e.settle()
			if !hasDecision(decisions(steps...), "manageReplicas: diff = active 2 − spec.replicas 3 = -1 → create 1 pods") {
				t.Errorf("decisions:\n%s", strings.Join(decisions(steps...), "\n"))
			}
			all := e.pods()
			if len(all) != 4 {
				t.Fatalf("%d pods, want 3 active + 1 terminating", len(all))
			}
			st := e.rs("web").Status
			if st.Replicas != 3 {
				t.Errorf("status.replicas %d, want 3", st.Replicas)
			}
			switch {
			case gate && (st.TerminatingReplicas == nil || *st.TerminatingReplicas != 1):
				t.Errorf("terminatingReplicas %v, want 1", ptrString(st.TerminatingReplicas))
			case !gate && st.TerminatingReplicas != nil:
				t.Errorf("terminatingReplicas %v with the gate off, want nil", *st.TerminatingReplicas)
			}
			// The kubelet confirms the deletion: the count drops to 0.
			zero := int64(0)
			if _, _, err := e.c.API.Delete(podKind, "default", victim, &apiserver.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
				t.Fatal(err)
			}
			e.settle()
			if st := e.rs("web").Status; gate && (st.TerminatingReplicas == nil || *st.TerminatingReplicas != 0) {
				t.Errorf("terminatingReplicas after removal %v, want 0", ptrString(st.TerminatingReplicas))
			}
		})
	}
}

// TestExpectationsGate syncs without letting the informer catch up: the
// second sync must not create again, until the expectations expire after
// five minutes of virtual time.
func TestExpectationsGate(t *testing.T) {
	e := newEnv(t)
	// The gate is off here: with it on, a sync on a cache that has not seen
	// this controller's writes stops earlier (TestStaleControllerConsistency).
	e.rsc.Consistency = nil
	e.create(newRS("web", 2))
	e.c.Informers.Pump()
	ds := &controller.Decisions{}
	if err := e.rsc.Sync("default/web", ds); err != nil {
		t.Fatal(err)
	}
	if n := len(e.pods()); n != 2 {
		t.Fatalf("%d pods, want 2", n)
	}
	// No Pump: the cache still has no pods and the RS status is stale.
	ds = &controller.Decisions{}
	if err := e.rsc.Sync("default/web", ds); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds.List() {
		got = append(got, d.String())
	}
	if n := len(e.pods()); n != 2 || !hasDecision(got, "SatisfiedExpectations: waiting for add=2 del=0 (set 2026-01-01T00:00:00Z)") ||
		hasDecision(got, "manageReplicas") {
		t.Errorf("%d pods; decisions %q", n, got)
	}
	e.c.Clock.Advance(controller.ExpectationsTimeout)
	if err := e.rsc.Sync("default/web", &controller.Decisions{}); err != nil {
		t.Fatal(err)
	}
	if n := len(e.pods()); n != 2 {
		t.Errorf("%d pods at exactly 5m, want 2", n)
	}
	e.c.Clock.Advance(time.Second)
	if err := e.rsc.Sync("default/web", &controller.Decisions{}); err != nil {
		t.Fatal(err)
	}
	// Expired: the controller trusts its (stale) cache again, as upstream.
	if n := len(e.pods()); n != 4 {
		t.Errorf("%d pods after the expectations expired, want 4", n)
	}
}

// TestStaleControllerConsistency checks syncReplicaSet's first step with
// StaleControllerConsistencyReplicaSet on (consistencyStore.EnsureReady,
// pkg/controller/util/consistency): a sync whose pod cache has not seen the
// pods the last sync created fails, creating nothing, and succeeds once the
// informers have caught up.
func TestStaleControllerConsistency(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 2))
	e.c.Informers.Pump()
	if err := e.rsc.Sync("default/web", &controller.Decisions{}); err != nil {
		t.Fatal(err)
	}
	// No Pump: the caches lack the two pods and the status write.
	ds := &controller.Decisions{}
	err := e.rsc.Sync("default/web", ds)
	var ce *controller.ConsistencyError
	if !errors.As(err, &ce) || ce.Resource != "pods" {
		t.Fatalf("sync on a stale cache: err %v, want a ConsistencyError for pods", err)
	}
	if want := "read version: " + ce.ReadRV + " is not as new as written version: " + ce.WroteRV + " for group resource pods"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if n := len(e.pods()); n != 2 || len(ds.List()) != 1 || ds.List()[0].Upstream != "EnsureReady" {
		t.Errorf("%d pods (want 2); decisions %v", n, ds.List())
	}
	e.c.Informers.Pump()
	if err := e.rsc.Sync("default/web", &controller.Decisions{}); err != nil {
		t.Fatalf("after the informers caught up: %v", err)
	}
	if n := len(e.pods()); n != 2 {
		t.Errorf("%d pods, want 2", n)
	}
}

// TestMinReadySecondsAvailability: a pod ready at tick 2 with
// minReadySeconds 5 is available at tick 7 (podutil.IsPodAvailable counts
// the moment itself, v1.37), and the requeue computed from the pod's
// transition time (FindMinNextPodAvailabilityCheck, 5 s) lands on that
// tick, so the status says so at tick 7.
func TestMinReadySecondsAvailability(t *testing.T) {
	e := newEnv(t).withNodes(clustertest.Registry(images.Timing{Pull: time.Second}))
	e.create(newRS("web", 1, func(rs *api.ReplicaSet) { rs.Spec.MinReadySeconds = 5 }))
	e.settle()
	var log []string
	var requeue []string
	for tick := 1; tick <= 9; tick++ {
		steps := e.tick(1)
		for _, d := range decisions(steps...) {
			if strings.HasPrefix(d, "FindMinNextPodAvailabilityCheck") {
				requeue = append(requeue, fmt.Sprintf("%d: %s", tick, d))
			}
		}
		st := e.rs("web").Status
		log = append(log, fmt.Sprintf("%d:%d/%d", tick, st.ReadyReplicas, st.AvailableReplicas))
	}
	want := []string{"1:0/0", "2:1/0", "3:1/0", "4:1/0", "5:1/0", "6:1/0", "7:1/1", "8:1/1", "9:1/1"}
	if !slices.Equal(log, want) {
		t.Errorf("tick:ready/available\n got %v\nwant %v", log, want)
	}
	// Both syncs of tick 2 (pod ready, then the status write) plan it.
	for _, r := range requeue {
		if r != "2: FindMinNextPodAvailabilityCheck: minReadySeconds 5; readyReplicas 1 ≠ availableReplicas 0 → requeue after 5s: the earliest moment a ready pod becomes available" {
			t.Errorf("requeue decision %q", r)
		}
	}
	if len(requeue) == 0 {
		t.Error("no requeue decision")
	}
}

// TestReleaseAndReplace: a pod relabelled out of the selector is released
// (its controller reference removed) and replaced.
func TestReleaseAndReplace(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 2))
	e.settle()
	p := e.pods()[0]
	p.Labels = map[string]string{"app": "debug"}
	if _, err := e.c.API.Update(p); err != nil {
		t.Fatal(err)
	}
	steps := e.settle()
	if !hasDecision(decisions(steps...), "ClaimObject: Pod "+p.Name+" is controlled by web but no longer matches selector app=web → released Pod "+p.Name) {
		t.Errorf("decisions:\n%s", strings.Join(decisions(steps...), "\n"))
	}
	released, _ := apiserver.GetAs[*api.Pod](e.c.API, "default", p.Name)
	if len(released.OwnerReferences) != 0 {
		t.Errorf("released pod still has %+v", released.OwnerReferences)
	}
	if n := len(e.pods()); n != 3 || e.rs("web").Status.Replicas != 2 {
		t.Errorf("%d pods, status.replicas %d; want 3 and 2", n, e.rs("web").Status.Replicas)
	}
	// Relabelled back, it is adopted again and one pod goes.
	released.Labels = webLabels
	if _, err := e.c.API.Update(released); err != nil {
		t.Fatal(err)
	}
	steps = e.settle()
	ds := decisions(steps...)
	if !hasDecision(ds, "adopted Pod "+p.Name) || !hasDecision(ds, "delete 1 pods") {
		t.Errorf("decisions:\n%s", strings.Join(ds, "\n"))
	}
}

// denyPodDeletes refuses every pod delete, as a webhook might.
type denyPodDeletes struct{}

func (denyPodDeletes) Name() string { return "DenyPodDeletes" }
func (denyPodDeletes) Admit(a *apiserver.Attributes) error {
	if a.Operation == apiserver.OperationDelete && a.Kind.Kind == "Pod" {
		return apiserver.NewForbidden(a.Kind, a.Name, fmt.Errorf("deletes are disabled"))
	}
	return nil
}

func TestFailedDeleteCondition(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 2))
	e.settle()
	plugins := e.c.API.Plugins
	e.c.API.Plugins = append(slices.Clone(plugins), denyPodDeletes{})
	e.scale("web", 1)
	r := e.step()
	if r.Err == nil || !strings.HasPrefix(r.Err.Error(), "unable to delete pods: pods \"web-") {
		t.Fatalf("sync error %v", r.Err)
	}
	victim := strings.TrimSuffix(strings.TrimPrefix(r.Err.Error(), "unable to delete pods: pods \""), "\" is forbidden: deletes are disabled")
	st := e.rs("web").Status
	if len(st.Conditions) != 1 || st.Conditions[0].Reason != "FailedDelete" || st.Conditions[0].Message != r.Err.Error() {
		t.Errorf("conditions %+v", st.Conditions)
	}
	wantEv := fmt.Sprintf("Warning FailedDelete Error deleting: pods %q is forbidden: deletes are disabled", victim)
	if got := e.events(); !slices.Contains(got, wantEv) {
		t.Errorf("events %q, want %q", got, wantEv)
	}
	// The failed deletion is not waited for.
	if !e.rsc.expectations.SatisfiedExpectations("default/web") {
		t.Error("expectations still wait for a deletion that failed")
	}
	e.c.API.Plugins = plugins
	e.tick(1)
	st = e.rs("web").Status
	if st.Conditions != nil || st.Replicas != 1 {
		t.Errorf("after deletes were allowed again: %+v", st)
	}
}

// TestDeletingReplicaSetManagesNothing: a ReplicaSet with a
// deletionTimestamp only updates its status.
func TestDeletingReplicaSetManagesNothing(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 3, func(rs *api.ReplicaSet) { rs.Finalizers = []string{"example.com/hold"} }))
	fg := apiserver.DeletePropagationForeground
	if _, _, err := e.c.API.Delete(rsKind, "default", "web", &apiserver.DeleteOptions{PropagationPolicy: &fg}); err != nil {
		t.Fatal(err)
	}
	steps := e.settle()
	if n := len(e.pods()); n != 0 {
		t.Errorf("%d pods created for a ReplicaSet being deleted", n)
	}
	if !hasDecision(decisions(steps...), "syncReplicaSet: deletionTimestamp is set → no pods created or deleted; status only") {
		t.Errorf("decisions:\n%s", strings.Join(decisions(steps...), "\n"))
	}
	if e.rs("web").Status.ObservedGeneration != e.rs("web").Generation {
		t.Error("status not written")
	}
}

// TestDeletedReplicaSetForgetsExpectations: a ReplicaSet deleted and
// recreated under the same name starts with clean expectations.
func TestDeletedReplicaSetForgetsExpectations(t *testing.T) {
	e := newEnv(t)
	e.create(newRS("web", 2))
	e.c.Informers.Pump()
	if err := e.rsc.Sync("default/web", &controller.Decisions{}); err != nil {
		t.Fatal(err)
	}
	if _, ok := e.rsc.expectations.GetExpectations("default/web"); !ok {
		t.Fatal("no expectations after creating pods")
	}
	if _, _, err := e.c.API.Delete(rsKind, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	e.settle()
	if _, ok := e.rsc.expectations.GetExpectations("default/web"); ok {
		t.Error("expectations survive the ReplicaSet")
	}
}

// TestExistingObjectsAreReplayed: a controller started on a cluster that
// already holds a ReplicaSet syncs it, as an informer's initial list would.
func TestExistingObjectsAreReplayed(t *testing.T) {
	c := cluster.New(cluster.DefaultSeed)
	if _, err := c.API.Create(newRS("web", 2)); err != nil {
		t.Fatal(err)
	}
	c.Informers.Pump()
	c.Add(New(c.Context))
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](c.API, "default", nil)
	if len(pods) != 2 {
		t.Errorf("%d pods, want 2", len(pods))
	}
}

// TestIntegrationWithKubelets runs the whole loop: pods created, bound,
// started and ready; a scale-down picks the newest-ready pod; the kubelet
// confirms the deletion.
func TestIntegrationWithKubelets(t *testing.T) {
	e := newEnv(t).withNodes(clustertest.Registry(images.Timing{Pull: time.Second, Stop: 3 * time.Second}))
	e.create(newRS("web", 3))
	e.settle()
	first := names(e.pods())
	e.tick(3)
	st := e.rs("web").Status
	if st.Replicas != 3 || st.ReadyReplicas != 3 || st.AvailableReplicas != 3 {
		t.Fatalf("status after 3 ticks %+v", st)
	}
	e.scale("web", 5)
	e.settle()
	e.tick(3)
	all := e.pods()
	var added []string
	for _, p := range all {
		if !slices.Contains(first, p.Name) {
			added = append(added, p.Name)
		}
	}
	if len(added) != 2 {
		t.Fatalf("pods %v", names(all))
	}
	// Scale to 3: the two pods that became ready most recently go.
	e.scale("web", 3)
	steps := e.settle()
	ds := decisions(steps...)
	slices.Sort(added)
	var deleted []string
	for _, ev := range e.events() {
		if strings.HasPrefix(ev, "Normal SuccessfulDelete Deleted pod: ") {
			deleted = append(deleted, strings.TrimPrefix(ev, "Normal SuccessfulDelete Deleted pod: "))
		}
	}
	slices.Sort(deleted)
	if !slices.Equal(deleted, added) {
		t.Errorf("deleted %v, want the newest pods %v\n%s", deleted, added, strings.Join(ds, "\n"))
	}
	if st := e.rs("web").Status; st.Replicas != 3 || st.TerminatingReplicas == nil || *st.TerminatingReplicas != 2 {
		t.Errorf("status right after the scale-down %+v", st)
	}
	e.tick(3)
	if st := e.rs("web").Status; len(e.pods()) != 3 || *st.TerminatingReplicas != 0 || st.AvailableReplicas != 3 {
		t.Errorf("after the kubelet stopped them: %d pods, status %+v", len(e.pods()), st)
	}
	var wantEvents []string
	for _, ev := range e.events() {
		if strings.Contains(ev, "SuccessfulCreate") {
			wantEvents = append(wantEvents, ev)
		}
	}
	if len(wantEvents) != 5 {
		t.Errorf("create events %q", wantEvents)
	}
}

// TestDeterministic runs the same scenario twice: identical pods, events
// and decisions.
func TestDeterministic(t *testing.T) {
	run := func() string {
		e := newEnv(t).withNodes(images.New())
		e.create(newRS("web", 4, func(rs *api.ReplicaSet) { rs.Spec.MinReadySeconds = 3 }))
		var b strings.Builder
		for _, d := range decisions(e.settle()...) {
			b.WriteString(d + "\n")
		}
		for range 10 {
			for _, d := range decisions(e.tick(1)...) {
				b.WriteString(d + "\n")
			}
		}
		e.scale("web", 1)
		for _, d := range decisions(e.tick(5)...) {
			b.WriteString(d + "\n")
		}
		st := e.rs("web").Status
		fmt.Fprintln(&b, names(e.pods()), e.events(), st.Replicas, st.ReadyReplicas, st.AvailableReplicas, ptrString(st.TerminatingReplicas))
		return b.String()
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("two runs differ:\n%s\n----\n%s", a, b)
	}
}

package namespace

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
)

// The tests drive the controller through a real API server, real informers
// and cluster ticks, with hand-made content and a stand-in kubelet, so they
// depend on no other controller.

var (
	deploymentKind = api.KindOf(&api.Deployment{})
	serviceKind    = api.KindOf(&api.Service{})
	eventKind      = api.KindOf(&api.Event{})
	quotaKind      = api.KindOf(&api.ResourceQuota{})
)

// stubKubelet confirms the deletion of a terminating pod (Delete with
// grace 0) stop after the deletion began, as a kubelet does once the
// containers have stopped; a down kubelet confirms nothing.
type stubKubelet struct {
	c    *cluster.Cluster
	stop time.Duration
	down bool
}

func (k *stubKubelet) Name() string { return "stub-kubelet" }

func (k *stubKubelet) Tick() {
	if k.down {
		return
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](k.c.API, "", nil)
	now := k.c.Clock.Now()
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			continue
		}
		began := p.DeletionTimestamp.Add(-time.Duration(*p.DeletionGracePeriodSeconds) * time.Second)
		if !now.Before(began.Add(k.stop)) {
			zero := int64(0)
			k.c.API.Delete(podKind, p.Namespace, p.Name, &apiserver.DeleteOptions{GracePeriodSeconds: &zero})
		}
	}
}

type env struct {
	t       *testing.T
	c       *cluster.Cluster
	ctl     *Controller
	kubelet *stubKubelet
	log     []string // the namespace controller's decisions, "t=N upstream: result"
}

func newEnv(t *testing.T) *env {
	t.Helper()
	c := cluster.New(cluster.DefaultSeed)
	ctl := New(c.Context)
	c.Add(ctl)
	k := &stubKubelet{c: c, stop: time.Second}
	c.AddActor(k)
	e := &env{t: t, c: c, ctl: ctl, kubelet: k}
	e.create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "dev"}})
	e.settle()
	return e
}

func (e *env) record(steps []cluster.StepResult, err error) {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
	for _, s := range steps {
		if s.Controller != Name {
			continue
		}
		for _, d := range s.Decisions {
			e.log = append(e.log, fmt.Sprintf("t=%d %s: %s", s.Tick, d.Upstream, d.Result))
		}
	}
}

func (e *env) settle() { e.t.Helper(); e.record(e.c.Settle()) }

// tickTo ticks until the cluster is at tick n.
func (e *env) tickTo(n int64) {
	e.t.Helper()
	for e.c.CurrentTick() < n {
		e.record(e.c.Tick())
	}
}

func (e *env) create(obj api.Object) {
	e.t.Helper()
	if _, err := e.c.API.Create(obj); err != nil {
		e.t.Fatalf("create %s: %v", obj.GetObjectMeta().Name, err)
	}
}

// deleteNamespace is `kubectl delete namespace dev --wait=false`.
func (e *env) deleteNamespace() {
	e.t.Helper()
	if _, _, err := e.c.API.Delete(namespaceKind, "", "dev", nil); err != nil {
		e.t.Fatal(err)
	}
	e.settle()
}

// namespace returns dev, or nil once it is gone.
func (e *env) namespace() *api.Namespace {
	e.t.Helper()
	ns, err := apiserver.GetAs[*api.Namespace](e.c.API, "", "dev")
	if apiserver.IsNotFound(err) {
		return nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return ns
}

// count is how many objects of a kind dev holds, and how many of them are
// being deleted.
func (e *env) count(k *api.KindInfo) (n, deleting int) {
	e.t.Helper()
	l, err := e.c.API.List(k, "dev", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, o := range l.Items {
		if o.GetObjectMeta().DeletionTimestamp != nil {
			deleting++
		}
	}
	return len(l.Items), deleting
}

// conditions renders dev's conditions, one "Type Status Reason: Message
// (since t=N)" a line.
func (e *env) conditions() string {
	e.t.Helper()
	ns := e.namespace()
	if ns == nil {
		e.t.Fatal("namespace dev is gone")
	}
	var lines []string
	for _, c := range ns.Status.Conditions {
		lines = append(lines, fmt.Sprintf("%s %s %s: %s (since t=%d)", c.Type, c.Status, c.Reason, c.Message,
			c.LastTransitionTime.Sub(clockStart(e))/time.Second))
	}
	return strings.Join(lines, "\n")
}

func clockStart(e *env) time.Time {
	return e.c.Clock.Now().Add(-time.Duration(e.c.CurrentTick()) * time.Second)
}

func (e *env) checkLog(want ...string) {
	e.t.Helper()
	if !slices.Equal(e.log, want) {
		e.t.Errorf("decisions:\n  %s\nwant:\n  %s", strings.Join(e.log, "\n  "), strings.Join(want, "\n  "))
	}
}

func pod(name string) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "dev"},
		Spec:       api.PodSpec{NodeName: "node-1", Containers: []api.Container{{Name: "app", Image: "nginx:1.27"}}},
	}
}

func deployment(name string, finalizers ...string) *api.Deployment {
	labels := map[string]string{"app": name}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "dev", Finalizers: finalizers},
		Spec: api.DeploymentSpec{
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.27"}}},
			},
		},
	}
}

const allOK = "NamespaceDeletionDiscoveryFailure False ResourcesDiscovered: All resources successfully discovered (since t=%[1]d)\n" +
	"NamespaceDeletionGroupVersionParsingFailure False ParsedGroupVersions: All legacy kube types successfully parsed (since t=%[1]d)\n" +
	"NamespaceDeletionContentFailure False ContentDeleted: All content successfully deleted, may be waiting on finalization (since t=%[1]d)\n" +
	"NamespaceContentRemaining False ContentRemoved: All content successfully removed (since t=%[1]d)\n" +
	"NamespaceFinalizersRemaining False ContentHasNoFinalizers: All content-preserving finalizers finished (since t=%[1]d)"

// An empty namespace goes at the first sync, namespaceDeletionGracePeriod
// (5 s) after its deletion.
func TestEmptyNamespaceGoesAfterFiveSeconds(t *testing.T) {
	e := newEnv(t)
	e.deleteNamespace()
	ns := e.namespace()
	if ns == nil || ns.Status.Phase != api.NamespaceTerminating || !slices.Equal(ns.Spec.Finalizers, []string{"kubernetes"}) {
		t.Fatalf("after the delete: %+v", ns)
	}
	e.tickTo(4)
	if e.namespace() == nil {
		t.Fatal("the namespace went before the grace period")
	}
	e.tickTo(5)
	if e.namespace() != nil {
		t.Fatal("an empty namespace outlived its first sync")
	}
	e.checkLog(`t=5 finalizeNamespace: namespace deleted by the API server`)
}

// Pods go first (OrderedNamespaceDeletion); nothing else is touched while
// any remains. The sync that finds them gone deletes everything else and
// finalizes the namespace.
func TestPodsGoFirstThenEverythingElse(t *testing.T) {
	e := newEnv(t)
	e.create(pod("web-1"))
	e.create(pod("web-2"))
	e.create(deployment("web"))
	e.create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "dev"},
		Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}}})
	e.create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "q", Namespace: "dev"}})
	e.create(&api.Event{ObjectMeta: api.ObjectMeta{Name: "web.1", Namespace: "dev"},
		InvolvedObject: api.ObjectReference{Kind: "Deployment", Namespace: "dev", Name: "web"}, Reason: "R", Type: "Normal"})
	e.kubelet.down = true // the pods stay Terminating until t=6
	e.deleteNamespace()
	e.tickTo(5)
	if n, deleting := e.count(podKind); n != 2 || deleting != 2 {
		t.Fatalf("t=5: %d pods, %d terminating; want both terminating", n, deleting)
	}
	for _, k := range []*api.KindInfo{deploymentKind, serviceKind, quotaKind, eventKind} {
		if n, deleting := e.count(k); n != 1 || deleting != 0 {
			t.Errorf("t=5: %s: %d, %d being deleted; want it untouched while pods remain", k.Resource, n, deleting)
		}
	}
	// While pods remain the conditions are all the "ok" ones: upstream
	// skips the remaining-content totals on that path.
	if got, want := e.conditions(), fmt.Sprintf(allOK, 5); got != want {
		t.Errorf("t=5 conditions:\n%s\nwant:\n%s", got, want)
	}
	e.kubelet.down = false
	e.tickTo(9)
	if n, _ := e.count(podKind); n != 0 {
		t.Fatalf("t=9: %d pods left", n)
	}
	if n, _ := e.count(deploymentKind); n != 1 || e.namespace() == nil {
		t.Fatal("t=9: the rest went before the next sync")
	}
	e.tickTo(10) // the status write at t=5 requeued dev for t=10
	if e.namespace() != nil {
		t.Fatal("t=10: the namespace is still there")
	}
	for _, k := range []*api.KindInfo{deploymentKind, serviceKind, quotaKind, eventKind} {
		if n, _ := e.count(k); n != 0 {
			t.Errorf("%d %s left in the deleted namespace", n, k.Resource)
		}
	}
	e.checkLog(
		"t=5 deleteAllContentForGroupVersionResource: wait: estimate 30 s",
		"t=5 worker: requeue dev after 16s",
		"t=10 deleteAllContentForGroupVersionResource: all gone", // services, each
		"t=10 deleteAllContentForGroupVersionResource: all gone", // events
		"t=10 deleteAllContentForGroupVersionResource: all gone", // resourcequotas
		"t=10 deleteAllContentForGroupVersionResource: all gone", // deployments.apps
		"t=10 finalizeNamespace: namespace deleted by the API server",
	)
}

// Pods that never go (their node is down) are waited for as long as their
// grace period; then the controller reports them as an error and retries
// with back-off (5 ms doubling, on the next tick at the earliest) until
// they go.
func TestStuckPodsBecomeAContentFailure(t *testing.T) {
	e := newEnv(t)
	e.create(pod("web-1"))
	e.kubelet.down = true
	e.deleteNamespace()
	e.tickTo(41)
	if got, want := e.conditions(), fmt.Sprintf(allOK, 5); got != want {
		t.Errorf("t=41 conditions:\n%s\nwant:\n%s", got, want)
	}
	e.tickTo(42) // syncs at 5, 10 (the status write) and 26 wait 16 s; at 42 the 30 s estimate is over
	want := strings.Replace(fmt.Sprintf(allOK, 5),
		"NamespaceDeletionContentFailure False ContentDeleted: All content successfully deleted, may be waiting on finalization (since t=5)",
		"NamespaceDeletionContentFailure True ContentDeletionFailed: Failed to delete all resource types, 1 remaining: "+
			"unexpected items still remain in namespace: dev for gvr: /v1, Resource=pods (since t=42)", 1)
	if got := e.conditions(); got != want {
		t.Errorf("t=42 conditions:\n%s\nwant:\n%s", got, want)
	}
	e.tickTo(60)
	if e.namespace() == nil {
		t.Fatal("t=60: the namespace went with its pod still there")
	}
	e.kubelet.down = false
	e.tickTo(61) // the kubelet confirms the pod; the retry due at 60.12 s finds it gone
	if e.namespace() != nil {
		t.Fatal("t=61: the namespace outlived its stuck pod")
	}
	var syncs []string
	for _, l := range e.log {
		if at, _, _ := strings.Cut(l, " "); !slices.Contains(syncs, at) {
			syncs = append(syncs, at)
		}
	}
	// Every 16 s while the estimate lasts, then back-off from 5 ms: a
	// retry per tick while it is under a second, then 1.28, 2.56, 5.12 s.
	if got, want := strings.Join(syncs, " "), "t=5 t=10 t=26 t=42 t=43 t=44 t=45 t=46 t=47 t=48 t=49 t=50 t=52 t=55 t=61"; got != want {
		t.Errorf("syncs at %s\nwant      %s", got, want)
	}
	if last := e.log[len(e.log)-1]; last != "t=61 finalizeNamespace: namespace deleted by the API server" {
		t.Errorf("last decision: %s", last)
	}
}

// Content held by a finalizer keeps the namespace: the conditions name the
// resource and the finalizer, and the controller looks again every
// 15/2+1 = 8 s until the finalizer goes.
func TestFinalizersHoldTheNamespace(t *testing.T) {
	e := newEnv(t)
	e.create(deployment("web", "example.com/hold"))
	e.deleteNamespace()
	e.tickTo(5)
	if n, deleting := e.count(deploymentKind); n != 1 || deleting != 1 {
		t.Fatalf("t=5: %d deployments, %d being deleted", n, deleting)
	}
	want := "NamespaceDeletionDiscoveryFailure False ResourcesDiscovered: All resources successfully discovered (since t=5)\n" +
		"NamespaceDeletionGroupVersionParsingFailure False ParsedGroupVersions: All legacy kube types successfully parsed (since t=5)\n" +
		"NamespaceDeletionContentFailure False ContentDeleted: All content successfully deleted, may be waiting on finalization (since t=5)\n" +
		"NamespaceContentRemaining True SomeResourcesRemain: Some resources are remaining: deployments.apps has 1 resource instances (since t=5)\n" +
		"NamespaceFinalizersRemaining True SomeFinalizersRemain: Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances (since t=5)"
	if got := e.conditions(); got != want {
		t.Errorf("t=5 conditions:\n%s\nwant:\n%s", got, want)
	}
	e.tickTo(12)
	d, err := apiserver.GetAs[*api.Deployment](e.c.API, "dev", "web")
	if err != nil {
		t.Fatal(err)
	}
	d.Finalizers = nil
	if _, err := e.c.API.Update(d); err != nil {
		t.Fatal(err)
	}
	e.tickTo(17)
	if e.namespace() == nil {
		t.Fatal("the namespace went before the next look")
	}
	e.tickTo(18)
	if e.namespace() != nil {
		t.Fatal("t=18: the namespace is still there")
	}
	e.checkLog(
		"t=5 deleteAllContentForGroupVersionResource: held by finalizers example.com/hold×1: wait the default 15 s",
		"t=5 worker: requeue dev after 8s",
		"t=10 deleteAllContentForGroupVersionResource: held by finalizers example.com/hold×1: wait the default 15 s",
		"t=10 worker: requeue dev after 8s",
		"t=18 finalizeNamespace: namespace deleted by the API server",
	)
}

// Another spec finalizer keeps an empty namespace Terminating after the
// controller has removed its own; whoever owns it finalizes it.
func TestOtherSpecFinalizersAreLeftToTheirOwners(t *testing.T) {
	e := newEnv(t)
	e.create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "other"}})
	ns, _ := apiserver.GetAs[*api.Namespace](e.c.API, "", "dev")
	ns.Spec.Finalizers = []string{"kubernetes", "example.com/cleanup"}
	if _, err := e.c.API.FinalizeNamespace(ns); err != nil {
		t.Fatal(err)
	}
	e.deleteNamespace()
	e.tickTo(30)
	ns = e.namespace()
	if ns == nil || !slices.Equal(ns.Spec.Finalizers, []string{"example.com/cleanup"}) {
		t.Fatalf("t=30: %+v", ns)
	}
	// The conditions written at t=5 bring it back once, at t=10; the
	// finalize changes nothing then, and nothing queues it again.
	e.checkLog(
		"t=5 finalizeNamespace: spec.finalizers [example.com/cleanup] remain: the namespace stays until they go",
		"t=10 finalizeNamespace: spec.finalizers [example.com/cleanup] remain: the namespace stays until they go",
	)
	ns.Spec.Finalizers = nil
	if _, err := e.c.API.FinalizeNamespace(ns); err != nil {
		t.Fatal(err)
	}
	if e.namespace() != nil {
		t.Fatal("finalizing the last spec finalizer left the namespace")
	}
	if other, err := apiserver.GetAs[*api.Namespace](e.c.API, "", "other"); err != nil || other.Status.Phase != api.NamespaceActive {
		t.Errorf("namespace other: %v %v", other, err)
	}
}

// Only namespaces being deleted are queued.
func TestLiveNamespacesAreNotQueued(t *testing.T) {
	e := newEnv(t)
	ns := e.namespace()
	ns.Labels["team"] = "a"
	if _, err := e.c.API.Update(ns); err != nil {
		t.Fatal(err)
	}
	e.settle()
	if _, parked := e.ctl.Queue().NextDue(); parked || e.ctl.Queue().Len() != 0 {
		t.Error("a live namespace was queued")
	}
	e.tickTo(10)
	if len(e.log) != 0 {
		t.Errorf("decisions about a live namespace: %v", e.log)
	}
}

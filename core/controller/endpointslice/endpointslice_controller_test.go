package endpointslice_test

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
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/controller/endpointslice"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

var (
	serviceKind = api.ServiceKind
	sliceKind   = api.EndpointSliceKind
)

func ptr[T any](v T) *T { return &v }

type fixture struct {
	clustertest.Driver
	esc *endpointslice.Controller
}

// newFixture builds a cluster with the Service allocator, the default
// nodes, the Deployment, ReplicaSet, EndpointSlice and garbage-collector
// controllers, and the scheduler and kubelets of node-1..3.
func newFixture(t *testing.T, seed uint64, reg *images.Registry) *fixture {
	t.Helper()
	c := cluster.New(seed)
	apiserver.InstallServiceAllocator(c.API)
	esc := endpointslice.New(c.Context)
	c.Add(deployment.New(c.Context), replicaset.New(c.Context), esc, garbagecollector.New(c.Context))
	clustertest.StartNodes(t, c, reg)
	return &fixture{Driver: clustertest.Driver{T: t, C: c}, esc: esc}
}

// slices returns the Service's managed slices, by name.
func (f *fixture) slices(svc string) []*api.EndpointSlice {
	f.T.Helper()
	all, _, err := apiserver.ListAs[*api.EndpointSlice](f.C.API, "default", nil)
	if err != nil {
		f.T.Fatal(err)
	}
	var out []*api.EndpointSlice
	for _, s := range all {
		if s.Labels[endpointslice.LabelServiceName] == svc {
			out = append(out, s)
		}
	}
	return out
}

func (f *fixture) pods() []*api.Pod {
	f.T.Helper()
	pods, _, err := apiserver.ListAs[*api.Pod](f.C.API, "default", nil)
	if err != nil {
		f.T.Fatal(err)
	}
	return pods
}

func b(p *bool) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

// TestEndpointSliceContents follows a Service's slice from the pods'
// creation to their readiness and checks every field a learner sees.
func TestEndpointSliceContents(t *testing.T) {
	f := newFixture(t, 1, images.New())
	svc := f.Create(clustertest.WebService()).(*api.Service)
	f.Settle()

	// No pod yet: one placeholder slice with no endpoints.
	ss := f.slices("web")
	if len(ss) != 1 || len(ss[0].Endpoints) != 0 || len(ss[0].Ports) != 0 {
		t.Fatalf("before the pods exist: %d slices %+v", len(ss), ss)
	}
	placeholder := ss[0].Name

	f.Create(clustertest.WebDeployment(3, "nginx:1.14.2"))
	f.Settle() // bound, each sandbox up with its IP; the image pulling
	ss = f.slices("web")
	if len(ss) != 1 || len(ss[0].Endpoints) != 3 {
		t.Fatalf("after the pods started: %d slices, want one with 3 endpoints", len(ss))
	}
	if ss[0].Name != placeholder {
		t.Errorf("the placeholder %s was not reused (now %s)", placeholder, ss[0].Name)
	}
	for _, ep := range ss[0].Endpoints {
		if b(ep.Conditions.Ready) != "false" || b(ep.Conditions.Serving) != "false" || b(ep.Conditions.Terminating) != "false" {
			t.Errorf("starting pod %s: ready=%s serving=%s terminating=%s", ep.TargetRef.Name,
				b(ep.Conditions.Ready), b(ep.Conditions.Serving), b(ep.Conditions.Terminating))
		}
	}

	f.Tick(3) // pulled (2 s) and started (1 s): ready
	ss = f.slices("web")
	if len(ss) != 1 {
		t.Fatalf("%d slices", len(ss))
	}
	s := ss[0]
	if !strings.HasPrefix(s.Name, "web-") || len(s.Name) != len("web-")+5 {
		t.Errorf("slice name %q, want web-<5 random>", s.Name)
	}
	wantLabels := map[string]string{
		"tier":                                   "frontend",
		"kubernetes.io/service-name":             "web",
		"endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
	}
	if fmt.Sprint(s.Labels) != fmt.Sprint(wantLabels) {
		t.Errorf("labels %v, want %v", s.Labels, wantLabels)
	}
	ref := s.ControllerRef()
	if ref == nil || ref.Kind != "Service" || ref.APIVersion != "v1" || ref.Name != "web" || ref.UID != svc.UID ||
		ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
		t.Errorf("owner %+v", ref)
	}
	if s.AddressType != "IPv4" {
		t.Errorf("addressType %s", s.AddressType)
	}
	if len(s.Ports) != 1 || *s.Ports[0].Name != "http" || *s.Ports[0].Port != 8080 || *s.Ports[0].Protocol != "TCP" {
		t.Errorf("ports %s, want http 8080/TCP (the named targetPort resolved)", jsonOf(s.Ports))
	}
	if s.Annotations[endpointslice.AnnotationLastChangeTriggerTime] == "" {
		t.Errorf("no %s annotation", endpointslice.AnnotationLastChangeTriggerTime)
	}
	pods := map[string]*api.Pod{}
	for _, p := range f.pods() {
		pods[p.Name] = p
	}
	for _, ep := range s.Endpoints {
		p := pods[ep.TargetRef.Name]
		if p == nil {
			t.Fatalf("endpoint for unknown pod %+v", ep.TargetRef)
		}
		if !slices.Equal(ep.Addresses, []string{p.Status.PodIP}) || ep.TargetRef.Kind != "Pod" ||
			ep.TargetRef.Namespace != "default" || ep.TargetRef.UID != p.UID || ep.NodeName == nil ||
			*ep.NodeName != p.Spec.NodeName || ep.Zone != nil || ep.Hostname != nil {
			t.Errorf("endpoint %s: %s vs pod ip %s node %s", p.Name, jsonOf(ep), p.Status.PodIP, p.Spec.NodeName)
		}
		if b(ep.Conditions.Ready) != "true" || b(ep.Conditions.Serving) != "true" || b(ep.Conditions.Terminating) != "false" {
			t.Errorf("ready pod %s: %s", p.Name, jsonOf(ep.Conditions))
		}
	}

	// The syncs are decisions, citing the upstream function.
	found := false
	for _, st := range f.Steps {
		for _, d := range st.Decisions {
			if d.Controller == endpointslice.Name && d.Upstream == "Reconcile" &&
				strings.Contains(d.Formula, "3 pods match, 3 with an IP: ready 3") {
				found = true
			}
		}
	}
	if !found {
		t.Error("no Reconcile decision recording 3 ready endpoints")
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestReadinessLossLeavesReadyEndpoints: a pod that stops being ready
// stays in the slice, not ready and not serving. (Pod lost runs on node-9,
// a Node without a kubelet, so that the test reports its readiness.)
func TestReadinessLossLeavesReadyEndpoints(t *testing.T) {
	f := newFixture(t, 1, images.New())
	if _, err := f.C.CreateNode(cluster.NewNode(cluster.NodeOptions{Name: "node-9"}, "10.244.9.0/24")); err != nil {
		t.Fatal(err)
	}
	f.Create(clustertest.WebDeployment(1, "nginx:1.14.2"))
	pod := f.RunWithoutKubelet(&api.Pod{
		ObjectMeta: api.ObjectMeta{Name: "lost", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{NodeName: "node-9", Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2",
			Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080}}}}},
	}, "10.244.9.2")
	f.Create(clustertest.WebService())
	f.Tick(3)
	pod, _ = apiserver.GetAs[*api.Pod](f.C.API, "default", pod.Name)
	pod.Status.Conditions[0].Status = api.ConditionFalse
	if _, err := f.C.API.UpdateStatus(pod); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	eps := f.slices("web")[0].Endpoints
	if len(eps) != 2 {
		t.Fatalf("%d endpoints, want the Deployment's pod and %s: %s", len(eps), pod.Name, jsonOf(eps))
	}
	for _, ep := range eps {
		want := "true"
		if ep.TargetRef.Name == pod.Name {
			want = "false"
		}
		if b(ep.Conditions.Ready) != want || b(ep.Conditions.Serving) != want {
			t.Errorf("%s: ready=%s serving=%s, want %s", ep.TargetRef.Name, b(ep.Conditions.Ready), b(ep.Conditions.Serving), want)
		}
	}
}

// TestNamedTargetPortIsResolvedPerPod: pods naming the port differently
// land in different slices; a pod without the named port is listed
// without it.
func TestNamedTargetPortIsResolvedPerPod(t *testing.T) {
	f := newFixture(t, 1, images.New())
	mk := func(name string, ports ...api.ContainerPort) {
		f.Create(&api.Pod{
			ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}},
			Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.25", Ports: ports}}},
		})
	}
	mk("a", api.ContainerPort{Name: "http", ContainerPort: 8080})
	mk("b", api.ContainerPort{Name: "http", ContainerPort: 9090})
	mk("c", api.ContainerPort{Name: "metrics", ContainerPort: 9100})
	mk("d", api.ContainerPort{Name: "http", ContainerPort: 8080, Protocol: api.ProtocolUDP})
	f.Create(clustertest.WebService())
	f.Tick(3)
	got := map[string]string{}
	for _, s := range f.slices("web") {
		var pods []string
		for _, ep := range s.Endpoints {
			pods = append(pods, ep.TargetRef.Name)
		}
		slices.Sort(pods)
		var ports []string
		for _, p := range s.Ports {
			ports = append(ports, fmt.Sprintf("%s:%d/%s", *p.Name, *p.Port, *p.Protocol))
		}
		got[strings.Join(pods, ",")] = "[" + strings.Join(ports, ",") + "]"
	}
	want := map[string]string{"a": "[http:8080/TCP]", "b": "[http:9090/TCP]", "c,d": "[]"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("slices by pods %v, want %v", got, want)
	}
}

// TestHundredEndpointsPerSlice: 205 pods make slices of at most 100; the
// scheduler's client (a burst of 100, then 50 a second) binds 149 of them in
// the first second and the other 56 in the next, so they become ready in
// two waves, the second filling the slices the first left: 100, 99 and 6.
// Scaling down keeps every slice within the limit.
func TestHundredEndpointsPerSlice(t *testing.T) {
	f := newFixture(t, 1, images.New())
	// 205 creates are more than the ReplicaSet controller's client sends
	// in 3 s (30, then 20 a second); the slices, not the rate, are tested.
	f.C.Context.SetClientConnection(controller.ClientConnection{QPS: -1})
	f.Create(clustertest.WebDeployment(205, "nginx:1.14.2"))
	f.Create(clustertest.WebService())
	f.Tick(3)
	sizes := func() []int {
		var n []int
		for _, s := range f.slices("web") {
			n = append(n, len(s.Endpoints))
		}
		slices.Sort(n)
		return n
	}
	if got := sizes(); fmt.Sprint(got) != "[6 99 100]" {
		t.Fatalf("slice sizes %v, want [6 99 100]", got)
	}
	d, _ := apiserver.GetAs[*api.Deployment](f.C.API, "default", "web")
	d.Spec.Replicas = ptr(int32(150))
	if _, err := f.C.API.Update(d); err != nil {
		t.Fatal(err)
	}
	f.Tick(3)
	total := 0
	for _, n := range sizes() {
		if n > 100 || n == 0 {
			t.Errorf("slice of %d endpoints", n)
		}
		total += n
	}
	if total != 150 {
		t.Errorf("%d endpoints for 150 pods (sizes %v)", total, sizes())
	}
}

// TestSelectorlessServiceKeepsUserSlices: the controller neither creates
// nor touches slices of a Service without a selector.
func TestSelectorlessServiceKeepsUserSlices(t *testing.T) {
	f := newFixture(t, 1, images.New())
	svc := clustertest.WebService()
	svc.Spec.Selector = nil
	f.Create(svc)
	name, port, ready := "http", int32(8080), true
	f.Create(&api.EndpointSlice{
		ObjectMeta:  api.ObjectMeta{Name: "web-manual", Namespace: "default", Labels: map[string]string{"kubernetes.io/service-name": "web"}},
		AddressType: api.AddressTypeIPv4,
		Endpoints:   []api.Endpoint{{Addresses: []string{"192.0.2.10"}, Conditions: api.EndpointConditions{Ready: &ready}}},
		Ports:       []api.EndpointPort{{Name: &name, Port: &port}},
	})
	f.Create(clustertest.WebDeployment(2, "nginx:1.14.2"))
	f.Tick(3)
	ss := f.slices("web")
	if len(ss) != 1 || ss[0].Name != "web-manual" || ss[0].Endpoints[0].Addresses[0] != "192.0.2.10" {
		t.Errorf("selectorless Service slices: %s", jsonOf(ss))
	}
	// ExternalName: none either.
	en := &api.Service{ObjectMeta: api.ObjectMeta{Name: "search", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeExternalName, ExternalName: "example.com", Selector: map[string]string{"app": "web"}}}
	f.Create(en)
	f.Settle()
	if ss := f.slices("search"); len(ss) != 0 {
		t.Errorf("ExternalName got slices %s", jsonOf(ss))
	}
}

// TestHeadlessAndPublishNotReady: headless slices carry the headless
// label; publishNotReadyAddresses marks unready pods ready.
func TestHeadlessAndPublishNotReady(t *testing.T) {
	f := newFixture(t, 1, clustertest.Registry(images.Timing{Pull: 100 * time.Second}))
	svc := clustertest.WebService()
	svc.Spec.ClusterIP = "None"
	svc.Spec.PublishNotReadyAddresses = true
	f.Create(svc)
	f.Create(clustertest.WebDeployment(1, "nginx:1.14.2"))
	f.Tick(2)
	s := f.slices("web")[0]
	if v, ok := s.Labels["service.kubernetes.io/headless"]; !ok || v != "" {
		t.Errorf("labels %v lack service.kubernetes.io/headless", s.Labels)
	}
	ep := s.Endpoints[0]
	if b(ep.Conditions.Ready) != "true" || b(ep.Conditions.Serving) != "false" {
		t.Errorf("publishNotReadyAddresses: %s", jsonOf(ep.Conditions))
	}
}

// TestPodOnUnknownNodeIsSkipped: a pod whose node does not exist is left
// out and the failure is reported on the Service. (The pods run on node-1
// and node-9; then node-9's Node object is deleted under its pod.)
func TestPodOnUnknownNodeIsSkipped(t *testing.T) {
	c := cluster.New(1)
	apiserver.InstallServiceAllocator(c.API)
	c.Add(deployment.New(c.Context), replicaset.New(c.Context), endpointslice.New(c.Context), garbagecollector.New(c.Context))
	clustertest.StartNodes(t, c, images.New(), cluster.NodeOptions{Name: "node-1"}, cluster.NodeOptions{Name: "node-9"})
	f := &fixture{Driver: clustertest.Driver{T: t, C: c}}
	f.Create(clustertest.WebDeployment(2, "nginx:1.14.2"))
	f.Tick(4)
	if _, _, err := f.C.API.Delete(api.NodeKind, "", "node-9", nil); err != nil {
		t.Fatal(err)
	}
	f.Create(clustertest.WebService())
	f.Settle()
	s := f.slices("web")[0]
	if len(s.Endpoints) != 1 || *s.Endpoints[0].NodeName != "node-1" {
		t.Errorf("endpoints %s", jsonOf(s.Endpoints))
	}
	var lost string
	for _, p := range f.pods() {
		if p.Spec.NodeName == "node-9" {
			lost = p.Name
		}
	}
	events, _, _ := apiserver.ListAs[*api.Event](f.C.API, "default", nil)
	want := fmt.Sprintf("Error updating Endpoint Slices for Service default/web: skipping Pod %s for Service default/web: Node node-9 Not Found", lost)
	found := false
	for _, e := range events {
		if e.Reason == "FailedToUpdateEndpointSlices" && e.Type == "Warning" && e.Message == want &&
			e.Source.Component == "endpoint-slice-controller" && e.InvolvedObject.Kind == "Service" {
			found = true
		}
	}
	if !found {
		t.Errorf("no event %q", want)
	}
}

// TestServiceDeletionRemovesSlices: the slices are owned by the Service,
// so the garbage collector removes them with it.
func TestServiceDeletionRemovesSlices(t *testing.T) {
	f := newFixture(t, 1, images.New())
	f.Create(clustertest.WebDeployment(2, "nginx:1.14.2"))
	f.Create(clustertest.WebService())
	f.Tick(3)
	if len(f.slices("web")) != 1 {
		t.Fatal("no slice")
	}
	if _, _, err := f.C.API.Delete(serviceKind, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if ss := f.slices("web"); len(ss) != 0 {
		t.Errorf("slices left: %s", jsonOf(ss))
	}
	// A user deleting a managed slice gets it back (after the 1 s delay).
	f.Create(clustertest.WebService())
	f.Settle()
	s := f.slices("web")[0]
	if _, _, err := f.C.API.Delete(sliceKind, "default", s.Name, nil); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if len(f.slices("web")) != 0 {
		t.Fatal("recreated before the sync delay")
	}
	f.Tick(1)
	if ss := f.slices("web"); len(ss) != 1 || len(ss[0].Endpoints) != 2 {
		t.Errorf("after a user deleted the slice: %s", jsonOf(ss))
	}
}

// TestDeterministic: the same seed gives the same slices, byte for byte.
func TestDeterministic(t *testing.T) {
	run := func() string {
		f := newFixture(t, 7, images.New())
		f.Create(clustertest.WebDeployment(4, "nginx:1.14.2"))
		f.Create(clustertest.WebService())
		f.Tick(4)
		return jsonOf(f.slices("web"))
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two runs differ:\n%s\n%s", a, b)
	}
}

// endpointLine renders the slice's endpoints for one tick:
// "<pod>[old|new]:R S T" with R ready, S serving, T terminating, 1/0.
func endpointLine(f *fixture, newHash string) string {
	var parts []string
	for _, s := range f.slices("web") {
		for _, ep := range s.Endpoints {
			gen := "old"
			if strings.Contains(ep.TargetRef.Name, newHash) {
				gen = "new"
			}
			bit := func(p *bool) string {
				if p != nil && *p {
					return "1"
				}
				return "0"
			}
			parts = append(parts, gen+":"+bit(ep.Conditions.Ready)+bit(ep.Conditions.Serving)+bit(ep.Conditions.Terminating))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// TestEndpointSliceFollowsRollingUpdate is the golden scenario of the
// issue: a Service's slice during a rolling update of its Deployment (3
// replicas, maxSurge 1, maxUnavailable 0; the kubelets pull the new image
// in 2 s, start it in 1 s and stop a container in 1 s). Each tick the
// endpoints must mirror the pods: a new pod joins once it has an IP, as
// soon as its sandbox is up, not ready (000); when it turns ready (110)
// 3 s later the Deployment scales an old pod down, whose endpoint turns
// terminating — not ready, still serving (011) — and leaves a tick later
// when the pod is gone, as the next new pod joins. At no tick are fewer
// than 3 endpoints ready.
func TestEndpointSliceFollowsRollingUpdate(t *testing.T) {
	f := newFixture(t, 1, images.New())
	f.Create(clustertest.WebDeployment(3, "nginx:1.14.2"))
	f.Create(clustertest.WebService())
	f.Tick(3)
	d, _ := apiserver.GetAs[*api.Deployment](f.C.API, "default", "web")
	d.Spec.Template.Spec.Containers[0].Image = "nginx:1.16.1"
	if _, err := f.C.API.Update(d); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	var newHash string
	rss, _, _ := apiserver.ListAs[*api.ReplicaSet](f.C.API, "default", nil)
	for _, rs := range rss {
		if rs.Spec.Template.Spec.Containers[0].Image == "nginx:1.16.1" {
			newHash = rs.Labels["pod-template-hash"]
		}
	}
	if newHash == "" {
		t.Fatal("no new ReplicaSet")
	}

	var timeline []string
	timeline = append(timeline, "t0 "+endpointLine(f, newHash))
	for i := 1; i <= 11; i++ {
		f.Tick(1)
		timeline = append(timeline, fmt.Sprintf("t%d %s", i, endpointLine(f, newHash)))
		checkEndpointsMirrorPods(t, f, i)
	}
	want := strings.Join([]string{
		"t0 new:000 old:110 old:110 old:110",
		"t1 new:000 old:110 old:110 old:110",
		"t2 new:000 old:110 old:110 old:110",
		"t3 new:000 new:110 old:011 old:110 old:110",
		"t4 new:000 new:110 old:110 old:110",
		"t5 new:000 new:110 old:110 old:110",
		"t6 new:000 new:110 new:110 old:011 old:110",
		"t7 new:000 new:110 new:110 old:110",
		"t8 new:000 new:110 new:110 old:110",
		"t9 new:110 new:110 new:110 old:011",
		"t10 new:110 new:110 new:110",
		"t11 new:110 new:110 new:110",
	}, "\n")
	if got := strings.Join(timeline, "\n"); got != want {
		t.Errorf("timeline:\n%s\nwant:\n%s", got, want)
	}
}

// checkEndpointsMirrorPods checks the invariants of the rolling-update
// scenario at one tick.
func checkEndpointsMirrorPods(t *testing.T, f *fixture, tick int) {
	t.Helper()
	pods := map[string]*api.Pod{}
	for _, p := range f.pods() {
		if p.Status.PodIP != "" {
			pods[p.Name] = p
		}
	}
	ready := 0
	seen := map[string]bool{}
	for _, s := range f.slices("web") {
		for _, ep := range s.Endpoints {
			p := pods[ep.TargetRef.Name]
			if p == nil {
				t.Errorf("t%d: endpoint for a pod that is gone: %s", tick, ep.TargetRef.Name)
				continue
			}
			seen[p.Name] = true
			podReady := controller.IsPodReady(p)
			terminating := p.DeletionTimestamp != nil
			if *ep.Conditions.Serving != podReady || *ep.Conditions.Terminating != terminating ||
				*ep.Conditions.Ready != (podReady && !terminating) {
				t.Errorf("t%d: %s conditions %s, pod ready=%v terminating=%v", tick, p.Name, jsonOf(ep.Conditions), podReady, terminating)
			}
			if *ep.Conditions.Ready {
				ready++
			}
		}
	}
	for name := range pods {
		if !seen[name] {
			t.Errorf("t%d: pod %s with an IP has no endpoint", tick, name)
		}
	}
	if ready < 3 {
		t.Errorf("t%d: only %d ready endpoints during a maxUnavailable=0 rollout", tick, ready)
	}
}

// TestManagedSlicesAreKeptInShape: the Service's label changes reach its
// slices, and a user's edit of a managed slice is undone a second later
// (the tracker sees a generation it did not write).
func TestManagedSlicesAreKeptInShape(t *testing.T) {
	f := newFixture(t, 1, images.New())
	f.Create(clustertest.WebDeployment(2, "nginx:1.14.2"))
	f.Create(clustertest.WebService())
	f.Tick(3)
	svc, _ := apiserver.GetAs[*api.Service](f.C.API, "default", "web")
	svc.Labels = map[string]string{"tier": "backend", "team": "a"}
	if _, err := f.C.API.Update(svc); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	s := f.slices("web")[0]
	if s.Labels["tier"] != "backend" || s.Labels["team"] != "a" || s.Labels[endpointslice.LabelManagedBy] != endpointslice.ControllerQualifiedName {
		t.Errorf("labels %v", s.Labels)
	}
	gen := s.Generation
	s.Endpoints = s.Endpoints[:1]
	if _, err := f.C.API.Update(s); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if got := f.slices("web")[0]; len(got.Endpoints) != 1 {
		t.Fatalf("reverted before the 1 s delay: %d endpoints", len(got.Endpoints))
	}
	f.Tick(1)
	got := f.slices("web")[0]
	if len(got.Endpoints) != 2 || got.Name != s.Name || got.Generation <= gen {
		t.Errorf("after the user's edit: %d endpoints, generation %d (was %d)", len(got.Endpoints), got.Generation, gen)
	}
}

package endpoint_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/controller/endpoint"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

var (
	serviceKind   = api.ServiceKind
	endpointsKind = api.EndpointsKind
	podKind       = api.PodKind
)

type fixture struct {
	clustertest.Driver
}

// newFixture builds a cluster with the Service allocator, the default
// nodes, the Deployment, ReplicaSet, Endpoints and garbage-collector
// controllers, and the scheduler and kubelets of node-1..3.
func newFixture(t *testing.T, reg *images.Registry) *fixture {
	t.Helper()
	c := cluster.New(1)
	apiserver.InstallServiceAllocator(c.API)
	c.Add(deployment.New(c.Context), replicaset.New(c.Context), endpoint.New(c.Context), garbagecollector.New(c.Context))
	clustertest.StartNodes(t, c, reg)
	return &fixture{Driver: clustertest.Driver{T: t, C: c}}
}

// endpoints returns the Endpoints of that name, or nil.
func (f *fixture) endpoints(name string) *api.Endpoints {
	f.T.Helper()
	ep, err := apiserver.GetAs[*api.Endpoints](f.C.API, "default", name)
	if apiserver.IsNotFound(err) {
		return nil
	}
	if err != nil {
		f.T.Fatal(err)
	}
	return ep
}

func (f *fixture) pods() []*api.Pod {
	f.T.Helper()
	pods, _, err := apiserver.ListAs[*api.Pod](f.C.API, "default", nil)
	if err != nil {
		f.T.Fatal(err)
	}
	return pods
}

func (f *fixture) pod(name string, ports ...api.ContainerPort) {
	f.Create(&api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.25", Ports: ports}}},
	})
}

// layout renders subsets as "ready [a b] notReady [c] ports [http:8080/TCP]"
// with pod names, one subset per line.
func layout(ep *api.Endpoints) string {
	if ep == nil {
		return "<no Endpoints>"
	}
	var lines []string
	for _, ss := range ep.Subsets {
		names := func(list []api.EndpointAddress) []string {
			out := []string{}
			for _, a := range list {
				out = append(out, a.TargetRef.Name)
			}
			return out
		}
		var ports []string
		for _, p := range ss.Ports {
			ports = append(ports, fmt.Sprintf("%s:%d/%s", p.Name, p.Port, p.Protocol))
		}
		lines = append(lines, fmt.Sprintf("ready %v notReady %v ports %v", names(ss.Addresses), names(ss.NotReadyAddresses), ports))
	}
	return strings.Join(lines, "\n")
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestEndpointsContents follows a Service's Endpoints from the pods'
// creation to their readiness and checks what `kubectl get ep -o yaml`
// shows.
func TestEndpointsContents(t *testing.T) {
	f := newFixture(t, images.New())
	f.Create(clustertest.WebService())
	f.Settle()
	ep := f.endpoints("web")
	if ep == nil || len(ep.Subsets) != 0 {
		t.Fatalf("before the pods exist: %s, want an Endpoints without subsets", jsonOf(ep))
	}

	f.Create(clustertest.WebDeployment(2, "nginx:1.14.2"))
	f.Settle() // scheduled, each sandbox up with its IP; the image pulling
	if got := layout(f.endpoints("web")); !strings.Contains(got, "ready [] notReady [web-") {
		t.Errorf("starting pods should be not-ready addresses:\n%s", got)
	}

	f.Tick(3) // pulled (2 s) and started (1 s): ready
	ep = f.endpoints("web")
	want := map[string]string{"tier": "frontend", api.LabelEndpointsManagedBy: "endpoint-controller"}
	if fmt.Sprint(ep.Labels) != fmt.Sprint(want) {
		t.Errorf("labels %v, want %v", ep.Labels, want)
	}
	if ep.Annotations[api.EndpointsLastChangeTriggerTime] == "" {
		t.Errorf("no %s annotation: %v", api.EndpointsLastChangeTriggerTime, ep.Annotations)
	}
	if len(ep.OwnerReferences) != 0 {
		t.Errorf("upstream's Endpoints have no owner; got %v", ep.OwnerReferences)
	}
	if len(ep.Subsets) != 1 || len(ep.Subsets[0].Addresses) != 2 || len(ep.Subsets[0].NotReadyAddresses) != 0 {
		t.Fatalf("subsets %s, want one with two ready addresses", jsonOf(ep.Subsets))
	}
	pods := map[string]*api.Pod{}
	for _, p := range f.pods() {
		pods[p.Name] = p
	}
	prev := ""
	for _, a := range ep.Subsets[0].Addresses {
		p := pods[a.TargetRef.Name]
		if p == nil || a.IP != p.Status.PodIP || a.NodeName == nil || *a.NodeName != p.Spec.NodeName ||
			a.TargetRef.Kind != "Pod" || a.TargetRef.UID != p.UID || a.TargetRef.Namespace != "default" {
			t.Errorf("address %s does not match its pod", jsonOf(a))
		}
		if a.IP <= prev {
			t.Errorf("addresses not sorted by IP: %s after %s", a.IP, prev)
		}
		prev = a.IP
	}
	if p := ep.Subsets[0].Ports; len(p) != 1 || p[0].Name != "http" || p[0].Port != 8080 || p[0].Protocol != "TCP" {
		t.Errorf("ports %s, want http 8080/TCP (the named targetPort resolved)", jsonOf(p))
	}

	// The decision the Why? pane shows.
	last := ""
	for _, s := range f.Steps {
		for _, d := range s.Decisions {
			if d.Controller == endpoint.Name && d.Upstream == "syncService" {
				last = d.String()
			}
		}
	}
	if !strings.Contains(last, "2 pods match: 2 ready, 0 not ready") {
		t.Errorf("last decision %q", last)
	}
}

// TestNotReadyAndPublishNotReadyAddresses: pods that never become ready
// are notReadyAddresses, unless the Service publishes not-ready addresses.
func TestNotReadyAndPublishNotReadyAddresses(t *testing.T) {
	f := newFixture(t, clustertest.Registry(images.Timing{Pull: 100 * time.Second}))
	f.pod("a", api.ContainerPort{Name: "http", ContainerPort: 8080})
	f.pod("b", api.ContainerPort{Name: "http", ContainerPort: 8080})
	f.Create(clustertest.WebService())
	f.Tick(3)
	if got, want := layout(f.endpoints("web")), "ready [] notReady [a b] ports [http:8080/TCP]"; got != want {
		t.Errorf("not ready:\n got %s\nwant %s", got, want)
	}
	svc, _ := apiserver.GetAs[*api.Service](f.C.API, "default", "web")
	svc.Spec.PublishNotReadyAddresses = true
	if _, err := f.C.API.Update(svc); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if got, want := layout(f.endpoints("web")), "ready [a b] notReady [] ports [http:8080/TCP]"; got != want {
		t.Errorf("publishNotReadyAddresses:\n got %s\nwant %s", got, want)
	}
}

// TestTerminatingPodsLeave: a pod being deleted leaves the Endpoints at
// once (it stays in the EndpointSlice, as terminating), except for a
// Service that publishes not-ready addresses.
func TestTerminatingPodsLeave(t *testing.T) {
	for _, publish := range []bool{false, true} {
		t.Run(fmt.Sprint("publishNotReadyAddresses=", publish), func(t *testing.T) {
			f := newFixture(t, clustertest.Registry(images.Timing{Stop: 5 * time.Second}))
			f.pod("a", api.ContainerPort{Name: "http", ContainerPort: 8080})
			f.pod("b", api.ContainerPort{Name: "http", ContainerPort: 8080})
			svc := clustertest.WebService()
			svc.Spec.PublishNotReadyAddresses = publish
			f.Create(svc)
			f.Tick(3)
			if _, _, err := f.C.API.Delete(podKind, "default", "a", nil); err != nil {
				t.Fatal(err)
			}
			f.Settle()
			if p, _ := apiserver.GetAs[*api.Pod](f.C.API, "default", "a"); p == nil || p.DeletionTimestamp == nil {
				t.Fatal("pod a should still be terminating")
			}
			want := "ready [b] notReady [] ports [http:8080/TCP]"
			if publish {
				want = "ready [a b] notReady [] ports [http:8080/TCP]"
			}
			if got := layout(f.endpoints("web")); got != want {
				t.Errorf("\n got %s\nwant %s", got, want)
			}
		})
	}
}

// TestNamedTargetPortIsResolvedPerPod: pods that name the port differently
// end up in different subsets; a pod without the named port is left out.
func TestNamedTargetPortIsResolvedPerPod(t *testing.T) {
	f := newFixture(t, images.New())
	f.pod("a", api.ContainerPort{Name: "http", ContainerPort: 8080})
	f.pod("b", api.ContainerPort{Name: "http", ContainerPort: 9090})
	f.pod("c", api.ContainerPort{Name: "metrics", ContainerPort: 9100})
	f.pod("d", api.ContainerPort{Name: "http", ContainerPort: 8080})
	f.Create(clustertest.WebService())
	f.Tick(3)
	got := strings.Split(layout(f.endpoints("web")), "\n")
	want := map[string]bool{
		"ready [a d] notReady [] ports [http:8080/TCP]": true,
		"ready [b] notReady [] ports [http:9090/TCP]":   true,
	}
	if len(got) != len(want) || !want[got[0]] || !want[got[1]] {
		t.Errorf("subsets:\n%s\nwant %v", strings.Join(got, "\n"), want)
	}
}

// TestSelectorlessServiceIsLeftAlone: the controller neither creates nor
// touches the Endpoints of a Service without a selector.
func TestSelectorlessServiceIsLeftAlone(t *testing.T) {
	f := newFixture(t, images.New())
	f.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 5432}}}})
	f.Settle()
	if ep := f.endpoints("db"); ep != nil {
		t.Fatalf("Endpoints made for a selector-less Service: %s", jsonOf(ep))
	}
	user := f.Create(&api.Endpoints{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		Subsets: []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: "192.0.2.10"}},
			Ports: []api.CoreEndpointPort{{Port: 5432}}}}}).(*api.Endpoints)
	f.Tick(2)
	ep := f.endpoints("db")
	if ep == nil || ep.ResourceVersion != user.ResourceVersion {
		t.Errorf("user Endpoints changed: %s", jsonOf(ep))
	}
}

// TestServiceDeletionDeletesEndpoints: the controller deletes the
// Endpoints of a deleted Service itself (there is no owner reference),
// and makes again an Endpoints someone deleted.
func TestServiceDeletionDeletesEndpoints(t *testing.T) {
	f := newFixture(t, images.New())
	f.Create(clustertest.WebDeployment(2, "nginx:1.14.2"))
	f.Create(clustertest.WebService())
	f.Tick(3)
	if _, _, err := f.C.API.Delete(endpointsKind, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if ep := f.endpoints("web"); ep == nil || len(ep.Subsets) != 1 || len(ep.Subsets[0].Addresses) != 2 {
		t.Errorf("after a user deleted the Endpoints: %s", jsonOf(ep))
	}
	if _, _, err := f.C.API.Delete(serviceKind, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if ep := f.endpoints("web"); ep != nil {
		t.Errorf("Endpoints left after the Service was deleted: %s", jsonOf(ep))
	}
}

// TestPodIPChangeIsFollowed: a new pod IP replaces the old address, and a
// pod update that moves nothing writes nothing.
//
// Pod a runs on node-9, where no kubelet runs, so that the test writes its
// status as a kubelet would (a real kubelet would put its own IP back).
func TestPodIPChangeIsFollowed(t *testing.T) {
	f := newFixture(t, images.New())
	f.RunWithoutKubelet(&api.Pod{
		ObjectMeta: api.ObjectMeta{Name: "a", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{NodeName: "node-9", Containers: []api.Container{{Name: "app", Image: "nginx:1.25",
			Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080}}}}},
	}, "10.244.9.2")
	f.Create(clustertest.WebService())
	f.Tick(3)
	before := f.endpoints("web")

	pod, _ := apiserver.GetAs[*api.Pod](f.C.API, "default", "a")
	pod.Labels["extra"] = "yes"
	if _, err := f.C.API.Update(pod); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if ep := f.endpoints("web"); ep.ResourceVersion != before.ResourceVersion {
		t.Errorf("a label change rewrote the Endpoints: %s", jsonOf(ep))
	}

	pod, _ = apiserver.GetAs[*api.Pod](f.C.API, "default", "a")
	pod.Status.PodIP = "10.244.9.9"
	pod.Status.PodIPs = []api.PodIP{{IP: "10.244.9.9"}}
	if _, err := f.C.API.UpdateStatus(pod); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	ep := f.endpoints("web")
	if len(ep.Subsets) != 1 || len(ep.Subsets[0].Addresses) != 1 || ep.Subsets[0].Addresses[0].IP != "10.244.9.9" {
		t.Errorf("after the IP change: %s", jsonOf(ep.Subsets))
	}
}

// TestHeadlessServiceWithoutPorts: the addresses are listed without ports
// and the Endpoints carries the headless label.
func TestHeadlessServiceWithoutPorts(t *testing.T) {
	f := newFixture(t, images.New())
	f.pod("a")
	f.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ServiceSpec{Selector: map[string]string{"app": "web"}, ClusterIP: "None"}})
	f.Tick(3)
	ep := f.endpoints("web")
	if got, want := layout(ep), "ready [a] notReady [] ports []"; got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	if v, ok := ep.Labels[api.LabelHeadlessService]; !ok || v != "" {
		t.Errorf("labels %v, want %s=\"\"", ep.Labels, api.LabelHeadlessService)
	}
}

package cloud_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cloud"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
)

var serviceKind = api.ServiceKind

func lbService(name string) *api.Service {
	return &api.Service{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeLoadBalancer, Selector: map[string]string{"app": name},
			Ports: []api.ServicePort{{Port: 80}}},
	}
}

type fixture struct {
	clustertest.Driver
}

func newFixture(t *testing.T) *fixture {
	c := cluster.New(1)
	apiserver.InstallServiceAllocator(c.API)
	c.Add(garbagecollector.New(c.Context))
	c.AddActor(cloud.NewLoadBalancer(c.Context, cloud.Options{}))
	return &fixture{Driver: clustertest.Driver{T: t, C: c}}
}

func (f *fixture) get(name string) *api.Service {
	f.T.Helper()
	s, err := apiserver.GetAs[*api.Service](f.C.API, "default", name)
	if err != nil {
		f.T.Fatal(err)
	}
	return s
}

func ingress(s *api.Service) string {
	var ips []string
	for _, i := range s.Status.LoadBalancer.Ingress {
		ips = append(ips, i.IP)
	}
	return strings.Join(ips, ",")
}

// events returns "reason: message" of the service-controller's events
// about a Service, oldest first.
func (f *fixture) events(name string) []string {
	evs, _, _ := apiserver.ListAs[*api.Event](f.C.API, "default", nil)
	slices.SortStableFunc(evs, func(a, b *api.Event) int { return a.FirstTimestamp.Compare(b.FirstTimestamp.Time) })
	var out []string
	for _, e := range evs {
		if e.InvolvedObject.Name == name && e.Source.Component == cloud.EventComponent {
			out = append(out, e.Reason+": "+e.Message)
		}
	}
	return out
}

func TestLoadBalancerIsPendingThenGetsAnAddress(t *testing.T) {
	f := newFixture(t)
	if _, err := f.C.API.Create(lbService("web")); err != nil {
		t.Fatal(err)
	}
	f.Tick(1)
	s := f.get("web")
	if ingress(s) != "" || !slices.Contains(s.Finalizers, cloud.LoadBalancerCleanupFinalizer) {
		t.Fatalf("tick 1: ingress %q finalizers %v", ingress(s), s.Finalizers)
	}
	if got := f.events("web"); !slices.Equal(got, []string{"EnsuringLoadBalancer: Ensuring load balancer"}) {
		t.Errorf("events %v", got)
	}
	f.Tick(2)
	if got := ingress(f.get("web")); got != "" {
		t.Fatalf("tick 3: ingress %q, want still pending", got)
	}
	f.Tick(1)
	if got := ingress(f.get("web")); got != "172.18.255.200" {
		t.Fatalf("tick 4: ingress %q, want 172.18.255.200", got)
	}
	if got := f.events("web"); !slices.Equal(got, []string{"EnsuringLoadBalancer: Ensuring load balancer", "EnsuredLoadBalancer: Ensured load balancer"}) {
		t.Errorf("events %v", got)
	}

	if _, err := f.C.API.Create(lbService("api")); err != nil {
		t.Fatal(err)
	}
	f.Tick(4)
	if got := ingress(f.get("api")); got != "172.18.255.201" {
		t.Errorf("second load balancer %q", got)
	}

	// Deleting: the finalizer holds the Service until the load balancer is
	// gone; then its address is free again.
	if _, _, err := f.C.API.Delete(serviceKind, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	if s := f.get("web"); s.DeletionTimestamp == nil {
		t.Fatal("deleted at once despite the finalizer")
	}
	f.Tick(1)
	if _, err := apiserver.GetAs[*api.Service](f.C.API, "default", "web"); !apiserver.IsNotFound(err) {
		t.Errorf("web still there: %v", err)
	}
	if got := f.events("web"); len(got) != 4 || got[2] != "DeletingLoadBalancer: Deleting load balancer" || got[3] != "DeletedLoadBalancer: Deleted load balancer" {
		t.Errorf("events %v", got)
	}
	if _, err := f.C.API.Create(lbService("next")); err != nil {
		t.Fatal(err)
	}
	f.Tick(4)
	if got := ingress(f.get("next")); got != "172.18.255.200" {
		t.Errorf("freed address not reused: %q", got)
	}
}

func TestLoadBalancerToClusterIP(t *testing.T) {
	f := newFixture(t)
	if _, err := f.C.API.Create(lbService("web")); err != nil {
		t.Fatal(err)
	}
	f.Tick(4)
	s := f.get("web")
	if ingress(s) == "" {
		t.Fatal("no address")
	}
	s.Spec.Type = api.ServiceTypeClusterIP
	s.Spec.AllocateLoadBalancerNodePorts = nil
	obj, err := f.C.API.Update(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := obj.(*api.Service); ingress(got) != "" || got.Spec.Ports[0].NodePort != 0 {
		t.Errorf("ClusterIP kept ingress %q nodePort %d", ingress(got), got.Spec.Ports[0].NodePort)
	}
	f.Tick(1)
	if s := f.get("web"); slices.Contains(s.Finalizers, cloud.LoadBalancerCleanupFinalizer) {
		t.Errorf("finalizer kept: %v", s.Finalizers)
	}
	if got := f.events("web"); len(got) != 4 || got[3] != "DeletedLoadBalancer: Deleted load balancer" {
		t.Errorf("events %v", got)
	}
}

package cloud_test

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cloud"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
)

func ingressFixture(t *testing.T) *clustertest.Driver {
	c := cluster.New(1)
	apiserver.InstallServiceAllocator(c.API)
	lb := cloud.NewLoadBalancer(c.Context, cloud.Options{})
	c.AddActor(lb, cloud.NewIngressController(c.Context, lb))
	return &clustertest.Driver{T: t, C: c}
}

func ingressAddress(d *clustertest.Driver, name string) string {
	d.T.Helper()
	ing, err := apiserver.GetAs[*api.Ingress](d.C.API, "default", name)
	if err != nil {
		d.T.Fatal(err)
	}
	if len(ing.Status.LoadBalancer.Ingress) == 0 {
		return ""
	}
	return ing.Status.LoadBalancer.Ingress[0].IP
}

// Without an ingress-nginx IngressClass nothing serves Ingresses; with
// one, the address appears at the first status sync, 60 s after the class,
// for the Ingresses of its class (or of none, when it is the default), and
// a LoadBalancer Service never gets the same address.
func TestIngressController(t *testing.T) {
	d := ingressFixture(t)
	nginx := "nginx"
	backend := &api.IngressBackend{Service: &api.IngressServiceBackend{Name: "web", Port: api.ServiceBackendPort{Number: 80}}}
	d.Create(&api.Ingress{ObjectMeta: api.ObjectMeta{Name: "plain", Namespace: "default"}, Spec: api.IngressSpec{DefaultBackend: backend}})
	d.Create(&api.Ingress{ObjectMeta: api.ObjectMeta{Name: "other", Namespace: "default"},
		Spec: api.IngressSpec{IngressClassName: &nginx, DefaultBackend: backend}})
	d.Tick(120)
	if a := ingressAddress(d, "plain") + ingressAddress(d, "other"); a != "" {
		t.Fatalf("an address without a controller: %q", a)
	}
	d.Create(&api.IngressClass{ObjectMeta: api.ObjectMeta{Name: "nginx"}, Spec: api.IngressClassSpec{Controller: cloud.IngressNginxController}})
	d.Tick(59)
	if a := ingressAddress(d, "other"); a != "" {
		t.Fatalf("address before the first status sync: %q", a)
	}
	d.Tick(2)
	if a := ingressAddress(d, "other"); a != "172.18.255.200" {
		t.Errorf("served Ingress: address %q", a)
	}
	if a := ingressAddress(d, "plain"); a != "" {
		t.Errorf("an Ingress of no class, the class not being the default: %q", a)
	}
	d.Create(lbService("web"))
	d.Tick(5)
	svc, _ := apiserver.GetAs[*api.Service](d.C.API, "default", "web")
	if ip := svc.Status.LoadBalancer.Ingress[0].IP; ip != "172.18.255.201" {
		t.Errorf("LoadBalancer Service got %s, want the next free address", ip)
	}
}

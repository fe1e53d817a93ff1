package deployment

import (
	"sort"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// fixture is a bare API server with the Deployment controller attached but
// no other controller: unit tests call the controller's functions directly
// and read the results back from the server, the way upstream's tests read
// the fake clientset's actions.
type fixture struct {
	t      *testing.T
	clk    *clock.Clock
	server *apiserver.Server
	dc     *DeploymentController
	ds     *controller.Decisions
}

func newFixture(t *testing.T, start time.Time) *fixture {
	t.Helper()
	clk := clock.New(start)
	s := apiserver.New(clk, cluster.NewRand(1))
	var kinds []*api.KindInfo
	for _, k := range api.Kinds() {
		if k.Kind != "Event" {
			kinds = append(kinds, k)
		}
	}
	in := controller.NewInformers(s, kinds...)
	dc := New(controller.NewContext(s, in, clk))
	return &fixture{t: t, clk: clk, server: s, dc: dc, ds: &controller.Decisions{Controller: Name}}
}

// store creates r in the API server — filling in what validation needs
// (selector, template, namespace), at r's creation time (the clock moves
// forward to it) — sets its status, and returns the stored object.
func (f *fixture) store(r *api.ReplicaSet) *api.ReplicaSet {
	f.t.Helper()
	c := api.DeepCopy(r)
	c.UID, c.Namespace, c.ResourceVersion = "", "default", ""
	if c.Spec.Selector == nil || len(c.Spec.Selector.MatchLabels) == 0 {
		c.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{"rs": r.Name}}
	}
	if len(c.Spec.Template.Labels) == 0 {
		c.Spec.Template.Labels = c.Spec.Selector.MatchLabels
	}
	if len(c.Spec.Template.Spec.Containers) == 0 {
		c.Spec.Template.Spec.Containers = []api.Container{{Name: "c", Image: "img"}}
	}
	if at := r.CreationTimestamp.Time; !at.IsZero() && at.After(f.clk.Now()) {
		f.clk.Advance(at.Sub(f.clk.Now()))
	}
	c.CreationTimestamp = api.Time{}
	status := c.Status
	obj, err := f.server.Create(c)
	if err != nil {
		f.t.Fatalf("creating %s: %v", r.Name, err)
	}
	created := obj.(*api.ReplicaSet)
	if !api.SemanticEqual(status, api.ReplicaSetStatus{}) {
		// Status validation wants available ≤ ready ≤ replicas.
		status.ReadyReplicas = max(status.ReadyReplicas, status.AvailableReplicas)
		status.Replicas = max(status.Replicas, status.ReadyReplicas)
		created.Status = status
		if _, err := f.server.UpdateStatus(created); err != nil {
			f.t.Fatalf("status of %s: %v", r.Name, err)
		}
	}
	return f.get(r.Name)
}

// storeAll stores in creation order and returns the stored objects in the
// order given.
func (f *fixture) storeAll(rss ...*api.ReplicaSet) []*api.ReplicaSet {
	order := append([]*api.ReplicaSet(nil), rss...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].CreationTimestamp.Before(order[j].CreationTimestamp.Time) })
	byName := map[string]*api.ReplicaSet{}
	for _, r := range order {
		byName[r.Name] = f.store(r)
	}
	out := make([]*api.ReplicaSet, len(rss))
	for i, r := range rss {
		out[i] = byName[r.Name]
	}
	return out
}

func (f *fixture) get(name string) *api.ReplicaSet {
	f.t.Helper()
	r, err := apiserver.GetAs[*api.ReplicaSet](f.server, "default", name)
	if err != nil {
		f.t.Fatalf("get %s: %v", name, err)
	}
	return r
}

func (f *fixture) exists(name string) bool {
	_, err := apiserver.GetAs[*api.ReplicaSet](f.server, "default", name)
	return err == nil
}

func (f *fixture) size(name string) int32 { return deploymentutil.SpecReplicas(f.get(name)) }

// storeDeployment creates d (with a valid template) and returns the stored
// object.
func (f *fixture) storeDeployment(d *api.Deployment) *api.Deployment {
	f.t.Helper()
	c := api.DeepCopy(d)
	c.UID, c.ResourceVersion = "", ""
	c.Namespace = "default"
	if c.Spec.Selector == nil || len(c.Spec.Selector.MatchLabels) == 0 {
		lbl := map[string]string{"app": d.Name}
		c.Spec.Selector = &api.LabelSelector{MatchLabels: lbl}
		c.Spec.Template.Labels = lbl
	}
	if len(c.Spec.Template.Spec.Containers) == 0 {
		c.Spec.Template.Spec.Containers = []api.Container{{Name: "c", Image: "img"}}
	}
	obj, err := f.server.Create(c)
	if err != nil {
		f.t.Fatalf("creating deployment: %v", err)
	}
	return obj.(*api.Deployment)
}

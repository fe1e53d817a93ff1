package garbagecollector_test

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// End-to-end cascades through the real ReplicaSet controller, the garbage
// collector, the scheduler and the kubelets, driven tick by tick as the page drives
// the cluster.

var (
	rsKind = api.ReplicaSetKind
)

func ptr[T any](v T) *T { return &v }

type e2e struct {
	t *testing.T
	c *cluster.Cluster
}

func (e *e2e) tick(n int) {
	e.t.Helper()
	for range n {
		if _, err := e.c.Tick(); err != nil {
			e.t.Fatal(err)
		}
	}
}

func (e *e2e) settle() {
	e.t.Helper()
	if _, err := e.c.Settle(); err != nil {
		e.t.Fatal(err)
	}
}

func (e *e2e) pods() []*api.Pod {
	e.t.Helper()
	pods, _, err := apiserver.ListAs[*api.Pod](e.c.API, "default", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return pods
}

func (e *e2e) replicaSets() []*api.ReplicaSet {
	e.t.Helper()
	rss, _, err := apiserver.ListAs[*api.ReplicaSet](e.c.API, "default", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return rss
}

func (e *e2e) readyPods() int {
	n := 0
	for _, p := range e.pods() {
		for _, c := range p.Status.Conditions {
			if c.Type == api.PodReady && c.Status == api.ConditionTrue && p.DeletionTimestamp == nil {
				n++
			}
		}
	}
	return n
}

func (e *e2e) delete(k *api.KindInfo, name string, policy apiserver.DeletionPropagation) {
	e.t.Helper()
	if _, _, err := e.c.API.Delete(k, "default", name, &apiserver.DeleteOptions{PropagationPolicy: &policy}); err != nil {
		e.t.Fatal(err)
	}
}

func newE2E(t *testing.T, cs ...func(*controller.Context) controller.Controller) *e2e {
	c := cluster.New(cluster.DefaultSeed)
	for _, mk := range cs {
		c.Add(mk(c.Context))
	}
	c.Add(garbagecollector.New(c.Context))
	clustertest.StartNodes(t, c, images.New())
	return &e2e{t: t, c: c}
}

func withReplicaSets(ctx *controller.Context) controller.Controller { return replicaset.New(ctx) }

func template() api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}},
	}
}

// runningReplicaSet creates ReplicaSet web with 3 replicas and waits until
// they are ready.
func runningReplicaSet(e *e2e) {
	e.t.Helper()
	rs := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ReplicaSetSpec{
			Replicas: ptr(int32(3)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: template(),
		},
	}
	if _, err := e.c.API.Create(rs); err != nil {
		e.t.Fatal(err)
	}
	e.settle()
	e.tick(3)
	if n := e.readyPods(); n != 3 {
		e.t.Fatalf("%d ready pods, want 3", n)
	}
}

func TestE2EReplicaSetBackground(t *testing.T) {
	e := newE2E(t, withReplicaSets)
	runningReplicaSet(e)
	e.delete(rsKind, "web", apiserver.DeletePropagationBackground)
	e.settle()
	if len(e.replicaSets()) != 0 {
		t.Fatal("ReplicaSet still there after a background delete")
	}
	pods := e.pods()
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			t.Errorf("pod %s not terminating after its ReplicaSet went", p.Name)
		}
	}
	e.tick(1)
	if n := len(e.pods()); n != 0 {
		t.Errorf("%d pods left one tick later, want 0", n)
	}
}

func TestE2EReplicaSetForeground(t *testing.T) {
	e := newE2E(t, withReplicaSets)
	runningReplicaSet(e)
	e.delete(rsKind, "web", apiserver.DeletePropagationForeground)
	e.settle()
	rss := e.replicaSets()
	if len(rss) != 1 || rss[0].DeletionTimestamp == nil {
		t.Fatalf("want the ReplicaSet kept while its pods terminate, got %d", len(rss))
	}
	if n := len(e.pods()); n != 3 {
		t.Errorf("%d pods (terminating), want 3 and no replacements", n)
	}
	e.tick(1)
	if len(e.replicaSets()) != 0 || len(e.pods()) != 0 {
		t.Errorf("after the pods stopped: %d ReplicaSets, %d pods, want none", len(e.replicaSets()), len(e.pods()))
	}
}

func TestE2EReplicaSetOrphan(t *testing.T) {
	e := newE2E(t, withReplicaSets)
	runningReplicaSet(e)
	e.delete(rsKind, "web", apiserver.DeletePropagationOrphan)
	e.settle()
	e.tick(3)
	if len(e.replicaSets()) != 0 {
		t.Error("ReplicaSet still there after an orphan delete")
	}
	pods := e.pods()
	if len(pods) != 3 || e.readyPods() != 3 {
		t.Fatalf("%d pods, %d ready; want the 3 orphans running", len(pods), e.readyPods())
	}
	for _, p := range pods {
		if len(p.OwnerReferences) != 0 {
			t.Errorf("pod %s still owned: %v", p.Name, p.OwnerReferences)
		}
	}
}

package garbagecollector_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
)

// `kubectl delete deployment web` with each --cascade mode, through the
// Deployment and ReplicaSet controllers, the collector, the scheduler and the kubelets.

var deploymentKind = api.DeploymentKind

func withDeployments(ctx *controller.Context) controller.Controller { return deployment.New(ctx) }

// runningDeployment creates Deployment web with 3 replicas and waits until
// its rollout is complete.
func runningDeployment(e *e2e) {
	e.t.Helper()
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(3)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: template(),
		},
	}
	if _, err := e.c.API.Create(d); err != nil {
		e.t.Fatal(err)
	}
	e.settle()
	e.tick(3)
	if rss := e.replicaSets(); len(rss) != 1 || e.readyPods() != 3 {
		e.t.Fatalf("%d ReplicaSets, %d ready pods; want 1 and 3", len(rss), e.readyPods())
	}
}

func (e *e2e) deployments() []*api.Deployment {
	e.t.Helper()
	ds, _, err := apiserver.ListAs[*api.Deployment](e.c.API, "default", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return ds
}

func TestE2EDeleteDeploymentBackground(t *testing.T) {
	e := newE2E(t, withDeployments, withReplicaSets)
	runningDeployment(e)
	e.delete(deploymentKind, "web", apiserver.DeletePropagationBackground)
	e.settle()
	if len(e.deployments()) != 0 || len(e.replicaSets()) != 0 {
		t.Fatalf("%d Deployments, %d ReplicaSets after a background delete settled; want none", len(e.deployments()), len(e.replicaSets()))
	}
	pods := e.pods()
	if len(pods) != 3 {
		t.Fatalf("%d pods, want the 3 old ones terminating and no replacements", len(pods))
	}
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			t.Errorf("pod %s not terminating", p.Name)
		}
	}
	e.tick(1)
	if n := len(e.pods()); n != 0 {
		t.Errorf("%d pods one tick later, want 0", n)
	}
	e.tick(3)
	if len(e.deployments())+len(e.replicaSets())+len(e.pods()) != 0 {
		t.Error("something came back")
	}
}

func TestE2EDeleteDeploymentForeground(t *testing.T) {
	e := newE2E(t, withDeployments, withReplicaSets)
	runningDeployment(e)
	e.delete(deploymentKind, "web", apiserver.DeletePropagationForeground)
	e.settle()
	// Everything is still visible, marked for deletion, while the pods stop.
	ds, rss := e.deployments(), e.replicaSets()
	if len(ds) != 1 || ds[0].DeletionTimestamp == nil || !slices.Contains(ds[0].Finalizers, apiserver.FinalizerDeleteDependents) {
		t.Fatalf("Deployment %+v, want it kept with the foregroundDeletion finalizer", ds)
	}
	if len(rss) != 1 || rss[0].DeletionTimestamp == nil || !slices.Contains(rss[0].Finalizers, apiserver.FinalizerDeleteDependents) {
		t.Fatalf("ReplicaSet %+v, want it deleted in the foreground too", rss)
	}
	pods := e.pods()
	if len(pods) != 3 {
		t.Fatalf("%d pods, want the 3 old ones and no replacements", len(pods))
	}
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			t.Errorf("pod %s not terminating", p.Name)
		}
	}
	// The kubelet removes the pods; the ReplicaSet, then the Deployment go.
	e.tick(1)
	if len(e.deployments())+len(e.replicaSets())+len(e.pods()) != 0 {
		t.Errorf("after the pods stopped: %d Deployments, %d ReplicaSets, %d pods; want none",
			len(e.deployments()), len(e.replicaSets()), len(e.pods()))
	}
}

func TestE2EDeleteDeploymentOrphan(t *testing.T) {
	e := newE2E(t, withDeployments, withReplicaSets)
	runningDeployment(e)
	rsName := e.replicaSets()[0].Name
	e.delete(deploymentKind, "web", apiserver.DeletePropagationOrphan)
	e.settle()
	e.tick(3)
	if len(e.deployments()) != 0 {
		t.Fatal("Deployment still there after an orphan delete")
	}
	rss := e.replicaSets()
	if len(rss) != 1 || rss[0].Name != rsName || len(rss[0].OwnerReferences) != 0 || rss[0].DeletionTimestamp != nil {
		t.Fatalf("ReplicaSets %+v, want %s kept without an owner", rss, rsName)
	}
	// The ReplicaSet still owns and runs its pods.
	pods := e.pods()
	if len(pods) != 3 || e.readyPods() != 3 {
		t.Fatalf("%d pods, %d ready; want 3 running", len(pods), e.readyPods())
	}
	for _, p := range pods {
		if ref := p.ObjectMeta.ControllerRef(); ref == nil || ref.Name != rsName || !strings.HasPrefix(p.Name, rsName+"-") {
			t.Errorf("pod %s controller %v, want %s", p.Name, ref, rsName)
		}
	}
	// Recreating the Deployment adopts the orphaned ReplicaSet: no new pods.
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(3)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: template(),
		},
	}
	if _, err := e.c.API.Create(d); err != nil {
		t.Fatal(err)
	}
	e.settle()
	e.tick(2)
	rss = e.replicaSets()
	if len(rss) != 1 || rss[0].Name != rsName || rss[0].ControllerRef() == nil {
		t.Errorf("after recreating the Deployment: ReplicaSets %+v, want %s adopted", rss, rsName)
	}
	if n := len(e.pods()); n != 3 {
		t.Errorf("%d pods, want the same 3", n)
	}
}

package kubelet

import (
	"fmt"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
	"sort"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/nodelifecycle"
	"github.com/kubeplay/kubeplay/core/controller/podgc"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/controller/tainteviction"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
	"github.com/kubeplay/kubeplay/core/scheduler"
)

// fullCluster is the default cluster: three kubelets with the scheduler and
// the controllers.
func fullCluster(t *testing.T) *env {
	c := cluster.New(1)
	e := &env{t: t, c: c, reg: images.New(), kubelets: map[string]*Kubelet{}}
	for _, n := range []string{"node-1", "node-2", "node-3"} {
		k, err := New(c.Context, n, e.reg, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		e.kubelets[n] = k
	}
	c.Add(deployment.New(c.Context), replicaset.New(c.Context), garbagecollector.New(c.Context),
		scheduler.New(c.Context), nodelifecycle.New(c.Context, nodelifecycle.Options{}),
		tainteviction.New(c.Context), podgc.NewPodGC(c.Context, 12500),
		rootcacertpublisher.New(c.Context))
	for _, n := range []string{"node-1", "node-2", "node-3"} {
		c.Add(e.kubelets[n])
		c.AddActor(e.kubelets[n])
	}
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) pods() []string {
	pods, _, _ := apiserver.ListAs[*api.Pod](e.c.API, "default", nil)
	var out []string
	for _, p := range pods {
		s := summary(p)
		s = s[:strings.Index(s, " ")] + " " + p.Spec.NodeName
		if p.DeletionTimestamp != nil {
			s += " Terminating"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// A Deployment through the whole cluster: scheduled, pulled, Ready; a
// failed node's pods are evicted after the 300 s toleration and replaced.
func TestDeploymentOnTheCluster(t *testing.T) {
	e := fullCluster(t)
	three := int32(3)
	d := &api.Deployment{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{Replicas: &three,
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2",
					Ports:          []api.ContainerPort{{ContainerPort: 80}},
					ReadinessProbe: httpProbe("/", api.FromInt(80))}}}}}}
	if _, err := e.c.API.Create(d); err != nil {
		t.Fatal(err)
	}
	e.c.Settle()
	e.tick(4)
	diff(t, "pods", e.pods(), []string{"Running node-1", "Running node-2", "Running node-3"})
	dep, _ := apiserver.GetAs[*api.Deployment](e.c.API, "default", "web")
	if dep.Status.AvailableReplicas != 3 {
		t.Fatalf("deployment status %s", mustJSON(dep.Status))
	}
	pods, _, _ := apiserver.ListAs[*api.Pod](e.c.API, "default", nil)
	var first []string
	for _, ev := range e.events(pods[0].Name) {
		first = append(first, ev[strings.Index(ev, " ")+1:])
	}
	diff(t, "a pod's events", first[:2], []string{
		fmt.Sprintf("Normal Scheduled: Successfully assigned default/%s to %s", pods[0].Name, pods[0].Spec.NodeName),
		`Normal Pulling: Pulling image "nginx:1.14.2"`,
	})
	diff(t, "conditions", conditions(pods[0]), []string{
		"PodReadyToStartContainers=True@0",
		"Initialized=True@0",
		"Ready=True@3",
		"ContainersReady=True@3",
		"PodScheduled=True@0",
	})

	e.kubelets["node-2"].SetDown(true)
	start := e.c.CurrentTick()
	e.until(500, "pod on node-2 evicted and replaced", func() bool {
		got := e.pods()
		running := 0
		for _, s := range got {
			if strings.HasPrefix(s, "Running") && !strings.Contains(s, "node-2") {
				running++
			}
		}
		return running == 3
	})
	if took := e.c.CurrentTick() - start; took < 300 || took > 380 {
		t.Errorf("replaced after %d s", took)
	}
	e.kubelets["node-2"].SetDown(false)
	e.c.Settle()
	e.tick(5)
	diff(t, "after recovery", e.pods(), []string{"Running node-1", "Running node-1", "Running node-3"})
}

package deployment

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// benchCluster is a cluster with a 1,000-replica Deployment fully rolled
// out (25%/25%: maxSurge 250, maxUnavailable 250).
func benchCluster(b *testing.B) *cluster.Cluster {
	c := cluster.New(cluster.DefaultSeed)
	c.Add(New(c.Context), replicaset.New(c.Context), garbagecollector.New(c.Context))
	// Ten nodes of 110 pods hold the 1,000 and the surge.
	var nodes []cluster.NodeOptions
	for i := 1; i <= 10; i++ {
		nodes = append(nodes, cluster.NodeOptions{Name: fmt.Sprintf("node-%d", i)})
	}
	clustertest.StartNodes(b, c, images.New(), nodes...)
	labels := map[string]string{"app": "web"}
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr[int32](1000),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.14.2"}}},
			},
		},
	}
	if _, err := c.API.Create(d); err != nil {
		b.Fatal(err)
	}
	benchUntilComplete(b, c, 1)
	return c
}

// benchUntilComplete ticks until the Deployment at generation gen is
// complete and returns the ticks taken.
func benchUntilComplete(b *testing.B, c *cluster.Cluster, gen int64) int {
	for i := 1; i <= 500; i++ {
		if _, err := c.Tick(); err != nil {
			b.Fatal(err)
		}
		d, err := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		if err != nil {
			b.Fatal(err)
		}
		if cond := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing); d.Status.ObservedGeneration >= gen &&
			deploymentutil.DeploymentComplete(d, &d.Status) && cond != nil && cond.Reason == deploymentutil.NewRSAvailableReason {
			return i
		}
	}
	b.Fatal("rollout did not complete in 500 ticks")
	return 0
}

// BenchmarkRollingUpdate1000 measures a whole 1,000-replica rolling update,
// from the image change to the completed rollout: the Deployment,
// ReplicaSet and garbage collector controllers, the scheduler, ten kubelets and the API
// server, tick after tick. Building the fully available starting cluster is
// not timed.
func BenchmarkRollingUpdate1000(b *testing.B) {
	b.ReportAllocs()
	ticks := 0
	for range b.N {
		b.StopTimer()
		c := benchCluster(b)
		d, err := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		if err != nil {
			b.Fatal(err)
		}
		d.Spec.Template.Spec.Containers[0].Image = "nginx:1.16.1"
		b.StartTimer()
		if _, err := c.API.Update(d); err != nil {
			b.Fatal(err)
		}
		ticks = benchUntilComplete(b, c, 2)
	}
	b.ReportMetric(float64(ticks), "ticks")
}

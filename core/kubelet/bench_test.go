package kubelet

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// benchCluster is nodes kubelets each running perNode nginx pods with a
// readiness and a liveness probe (httpGet, every 10 s), all Running and
// Ready.
func benchCluster(b *testing.B, nodes, perNode int) *cluster.Cluster {
	b.Helper()
	c := cluster.New(1)
	// The pods' kube-api-access volumes project kube-root-ca.crt (newEnv).
	c.Add(rootcacertpublisher.New(c.Context))
	reg := images.New()
	for i := 1; i <= nodes; i++ {
		k, err := New(c.Context, fmt.Sprintf("node-%d", i), reg, Options{Seed: 1, Preload: []string{"registry.k8s.io/pause:3.10", "nginx:1.25"}})
		if err != nil {
			b.Fatal(err)
		}
		c.Add(k)
		c.AddActor(k)
	}
	for i := 1; i <= nodes; i++ {
		for j := range perNode {
			p := nginxPod(fmt.Sprintf("web-%d-%d", i, j), fmt.Sprintf("node-%d", i), "nginx:1.25")
			p.Namespace = "default"
			p.Spec.Containers[0].ReadinessProbe = httpProbe("/", api.FromString("http"))
			p.Spec.Containers[0].LivenessProbe = httpProbe("/", api.FromString("http"))
			if _, err := c.API.Create(p); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := c.Settle(); err != nil {
		b.Fatal(err)
	}
	// Each kubelet's status writes wait for its client's tokens (QPS 50,
	// burst 100), so 100 pods a node take a few ticks more than one pod.
	const ready = "Running Ready=True nginx=running/ready=true/restarts=0"
	var notReady *api.Pod
	for range 120 {
		if _, err := c.Tick(); err != nil {
			b.Fatal(err)
		}
		pods, _ := c.API.List(podKind, "", nil)
		notReady = nil
		for _, o := range pods.Items {
			if p := o.(*api.Pod); summary(p) != ready {
				notReady = p
				break
			}
		}
		if notReady == nil {
			return c
		}
	}
	b.Fatalf("after 120 ticks %s: %s", notReady.Name, summary(notReady))
	return nil
}

// BenchmarkTick10kPods: one tick of 100 kubelets running 10,000 pods with
// two probes each (2,000 probes fall due per tick), leases and node
// status included.
func BenchmarkTick10kPods(b *testing.B) {
	c := benchCluster(b, 100, 100)
	b.ResetTimer()
	for range b.N {
		if _, err := c.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}

package clustertest

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
	"github.com/kubeplay/kubeplay/core/controller/serviceaccount"
	"github.com/kubeplay/kubeplay/core/kubelet"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
	"github.com/kubeplay/kubeplay/core/scheduler"
)

// StartNodes gives a cluster built from parts what runs its pods, as
// core/sim does for the standard cluster: the scheduler, and a kubelet for
// each node, which registers its Node (no nodes given: node-1..node-3 of
// the default size). A controller's tests use it where they cannot import
// core/sim, which imports the controller under test. The images behave as
// reg says: its Defaults are the timing model, SetBehavior gives one image
// a fault or timings of its own. It returns the kubelets, in node order.
func StartNodes(t testing.TB, c *cluster.Cluster, reg *images.Registry, nodes ...cluster.NodeOptions) []*kubelet.Kubelet {
	t.Helper()
	if len(nodes) == 0 {
		for i := 1; i <= cluster.DefaultNodeCount; i++ {
			nodes = append(nodes, cluster.NodeOptions{Name: fmt.Sprintf("node-%d", i)})
		}
	}
	// The kubelet mounts each pod's service account token with the
	// namespace's kube-root-ca.crt: the controllers that make them run too.
	c.Add(serviceaccount.New(c.Context), rootcacertpublisher.New(c.Context), scheduler.New(c.Context))
	var out []*kubelet.Kubelet
	for _, o := range nodes {
		capacity, err := o.Capacity()
		if err != nil {
			t.Fatalf("node %s: %v", o.Name, err)
		}
		k, err := kubelet.New(c.Context, o.Name, reg, kubelet.Options{Seed: c.Seed(), Capacity: capacity, Labels: o.Labels})
		if err != nil {
			t.Fatalf("kubelet %s: %v", o.Name, err)
		}
		c.Add(k)
		c.AddActor(k)
		out = append(out, k)
	}
	return out
}

// Registry is a fresh image registry with t over its timing model (zero
// fields keep the defaults: pull 2 s, start 1 s, stop 1 s). A long Pull
// keeps pods Pending with their sandbox's IP; a long Stop keeps deleted
// pods terminating.
func Registry(t images.Timing) *images.Registry {
	reg := images.New()
	if t.Pull != 0 {
		reg.Defaults.Pull = t.Pull
	}
	if t.Start != 0 {
		reg.Defaults.Start = t.Start
	}
	if t.Stop != 0 {
		reg.Defaults.Stop = t.Stop
	}
	return reg
}

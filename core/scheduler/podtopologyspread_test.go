package scheduler_test

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
)

func spreadPod(name string, c api.TopologySpreadConstraint) *api.Pod {
	p := pod(name, "", "", "web-rs")
	if c.LabelSelector == nil {
		c.LabelSelector = &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	}
	p.Spec.TopologySpreadConstraints = []api.TopologySpreadConstraint{c}
	return p
}

// spreadPods makes web-0, web-1, ... with constraint c, for createEach.
func spreadPods(c api.TopologySpreadConstraint) func(int) *api.Pod {
	return func(i int) *api.Pod { return spreadPod(fmt.Sprintf("web-%d", i), c) }
}

// A tainted node still counts as a domain (nodeTaintsPolicy Ignore), with
// no pods: once each other node has one, a skew of 2 keeps the third pod
// out. Deleting a pod requeues it (isSchedulableAfterPodChange).
func TestTopologySpreadDoNotSchedule(t *testing.T) {
	nodes := cluster.DefaultNodes()
	nodes[2].Spec.Taints = []api.Taint{{Key: "dedicated", Value: "gpu", Effect: api.TaintEffectNoSchedule}}
	e := newEnv(t, nodes...)
	c := api.TopologySpreadConstraint{MaxSkew: 1, TopologyKey: "kubernetes.io/hostname", WhenUnsatisfiable: "DoNotSchedule"}
	e.createEach(3, spreadPods(c))
	if got := e.placement(); got != "<none>:1 node-1:1 node-2:1" {
		t.Errorf("placement = %s", got)
	}
	e.wantMessage("web-2", "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod topology spread constraints. "+
		"no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.")
	// A matching pod deleted requeues the pending one.
	if _, _, err := e.C.API.Delete(api.KindOf(&api.Pod{}), "default", "web-0", &apiserver.DeleteOptions{GracePeriodSeconds: new(int64)}); err != nil {
		t.Fatal(err)
	}
	e.Settle()
	if e.get("web-2").Spec.NodeName == "" {
		t.Error("web-2 not scheduled after web-0 was deleted")
	}
	// With the taint tolerated through nodeTaintsPolicy Honor the tainted
	// node is no domain, and the third pod fits beside the others.
	honor := api.NodeInclusionPolicy("Honor")
	c.NodeTaintsPolicy = &honor
	e.create(spreadPod("honor", c))
	e.Settle()
	if e.get("honor").Spec.NodeName == "" {
		t.Error("with nodeTaintsPolicy Honor the pod should fit")
	}
}

// minDomains larger than the domains there are makes the fewest count 0:
// one matching pod per node, then none fits anywhere.
func TestTopologySpreadMinDomains(t *testing.T) {
	e := newEnv(t)
	four := int32(4)
	c := api.TopologySpreadConstraint{MaxSkew: 1, TopologyKey: "kubernetes.io/hostname", WhenUnsatisfiable: "DoNotSchedule", MinDomains: &four}
	e.createEach(4, spreadPods(c))
	if got := e.placement(); got != "<none>:1 node-1:1 node-2:1 node-3:1" {
		t.Errorf("placement = %s", got)
	}
	want := "0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints. no new claims to deallocate, " +
		"preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."
	e.wantMessage("web-3", want)
	if got := e.events("web-3"); len(got) != 1 || got[0] != "Warning FailedScheduling default-scheduler: "+want+" (x1)" {
		t.Errorf("events %q", got)
	}
}

// A node without the topology key cannot take the pod, and preemption
// cannot help.
func TestTopologySpreadMissingLabel(t *testing.T) {
	e := newEnv(t)
	e.create(spreadPod("web", api.TopologySpreadConstraint{MaxSkew: 1, TopologyKey: "topology.kubernetes.io/zone", WhenUnsatisfiable: "DoNotSchedule"}))
	e.Settle()
	e.wantMessage("web", "0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints (missing required label). "+
		"no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.")
}

// ScheduleAnyway scores by zone: with two pods in zone a, the next goes to
// zone b's node although zone a has an empty node.
func TestTopologySpreadScheduleAnyway(t *testing.T) {
	nodes := cluster.DefaultNodes()
	nodes[0].Labels["zone"], nodes[1].Labels["zone"], nodes[2].Labels["zone"] = "a", "a", "b"
	e := newEnv(t, nodes...)
	e.bound("node-1", pod("old-0", "", "", ""), pod("old-1", "", "", ""))
	e.create(spreadPod("web", api.TopologySpreadConstraint{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: "ScheduleAnyway"}))
	e.Settle()
	if got := e.get("web").Spec.NodeName; got != "node-3" {
		t.Errorf("web on %s, want node-3 (zone b)", got)
	}
}

// Preferred node affinity: the weights of the matching terms, normalised
// and weighted 2, outweigh an emptier node.
func TestPreferredNodeAffinity(t *testing.T) {
	nodes := cluster.DefaultNodes()
	nodes[2].Labels["disk"] = "ssd"
	e := newEnv(t, nodes...)
	e.bound("node-3", pod("busy-0", "1", "", ""), pod("busy-1", "1", "", ""), pod("busy-2", "1", "", ""))
	p := pod("web", "", "", "")
	p.Spec.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.PreferredSchedulingTerm{{
		Weight: 10, Preference: api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{{Key: "disk", Operator: "In", Values: []string{"ssd"}}}}}}}}
	e.create(p)
	e.Settle()
	if got := e.get("web").Spec.NodeName; got != "node-3" {
		t.Errorf("web on %s, want node-3 (disk=ssd)", got)
	}
}

package cluster

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

func TestDefaultNodes(t *testing.T) {
	c := New(DefaultSeed)
	if err := c.AddDefaultNodes(); err != nil {
		t.Fatal(err)
	}
	l, err := c.API.List(api.KindOf(&api.Node{}), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Items) != 3 {
		t.Fatalf("%d nodes, want 3", len(l.Items))
	}
	for i, obj := range l.Items {
		n := obj.(*api.Node)
		name := []string{"node-1", "node-2", "node-3"}[i]
		if n.Name != name {
			t.Errorf("node %d is %s, want %s", i, n.Name, name)
		}
		for res, want := range map[api.ResourceName]string{"cpu": "4", "memory": "8Gi", "pods": "110"} {
			if q := n.Status.Capacity[res]; q.String() != want {
				t.Errorf("%s capacity %s = %s, want %s", name, res, q.String(), want)
			}
			if q := n.Status.Allocatable[res]; q.String() != want {
				t.Errorf("%s allocatable %s = %s, want %s", name, res, q.String(), want)
			}
		}
		cidr := "10.244." + name[len("node-"):] + ".0/24"
		if n.Spec.PodCIDR != cidr || len(n.Spec.PodCIDRs) != 1 || n.Spec.PodCIDRs[0] != cidr {
			t.Errorf("%s podCIDR %q %v, want %s", name, n.Spec.PodCIDR, n.Spec.PodCIDRs, cidr)
		}
		for k, v := range map[string]string{"kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
			"kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64"} {
			if n.Labels[k] != v {
				t.Errorf("%s label %s = %q, want %q", name, k, n.Labels[k], v)
			}
		}
		var types []string
		for _, cond := range n.Status.Conditions {
			types = append(types, string(cond.Type)+"="+string(cond.Status)+"/"+cond.Reason)
			if !cond.LastHeartbeatTime.Equal(c.Clock.Now()) || !cond.LastTransitionTime.Equal(c.Clock.Now()) {
				t.Errorf("%s %s times not stamped: %+v", name, cond.Type, cond)
			}
		}
		if got, want := strings.Join(types, " "), "MemoryPressure=False/KubeletHasSufficientMemory DiskPressure=False/KubeletHasNoDiskPressure PIDPressure=False/KubeletHasSufficientPID Ready=True/KubeletReady"; got != want {
			t.Errorf("%s conditions %s, want %s", name, got, want)
		}
		if n.Status.NodeInfo.KubeletVersion != "v1.37.0" || n.Status.NodeInfo.OperatingSystem != "linux" ||
			n.Status.NodeInfo.Architecture != "amd64" {
			t.Errorf("%s nodeInfo %+v", name, n.Status.NodeInfo)
		}
		if len(n.Status.Addresses) != 2 || n.Status.Addresses[0].Type != "InternalIP" ||
			n.Status.Addresses[1] != (api.NodeAddress{Type: "Hostname", Address: name}) {
			t.Errorf("%s addresses %+v", name, n.Status.Addresses)
		}
	}
}

func TestNodeJSONShape(t *testing.T) {
	n := NewNode(NodeOptions{Name: "node-1"}, nodestatus.PodCIDR(1))
	b, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"podCIDR":"10.244.1.0/24"`, `"podCIDRs":["10.244.1.0/24"]`,
		`{"type":"InternalIP","address":"172.18.0.2"}`, `"kubeletVersion":"v1.37.0"`,
		`"capacity":{"cpu":"4","ephemeral-storage":"100Gi","hugepages-1Gi":"0","hugepages-2Mi":"0","memory":"8Gi","pods":"110"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
}

func TestParseNodeOptions(t *testing.T) {
	o, err := ParseNodeOptions("big", []string{"cpu=16", "memory=64Gi", "pods=250", "label=disk=ssd",
		"taint=dedicated=gpu:NoSchedule", "unschedulable=true"})
	if err != nil {
		t.Fatal(err)
	}
	c := New(DefaultSeed)
	n, err := c.CreateNode(NewNode(o, nodestatus.PodCIDR(4)))
	if err != nil {
		t.Fatal(err)
	}
	cpu, mem, pods := n.Status.Allocatable["cpu"], n.Status.Allocatable["memory"], n.Status.Allocatable["pods"]
	if cpu.String() != "16" || mem.String() != "64Gi" || pods.String() != "250" {
		t.Errorf("allocatable %s %s %s", cpu.String(), mem.String(), pods.String())
	}
	if n.Labels["disk"] != "ssd" || !n.Spec.Unschedulable {
		t.Errorf("labels %v unschedulable %v", n.Labels, n.Spec.Unschedulable)
	}
	want := []api.Taint{{Key: "dedicated", Value: "gpu", Effect: api.TaintEffectNoSchedule},
		{Key: "node.kubernetes.io/unschedulable", Effect: api.TaintEffectNoSchedule}}
	if len(n.Spec.Taints) != 2 || n.Spec.Taints[0] != want[0] || n.Spec.Taints[1] != want[1] {
		t.Errorf("taints %+v, want %+v", n.Spec.Taints, want)
	}
	for _, bad := range [][]string{{"cpu=lots"}, {"gpu=1"}, {"taint=k:Sometimes"}, {"cpu"}} {
		if _, err := ParseNodeOptions("x", bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestNextPodCIDR(t *testing.T) {
	nodes := DefaultNodes()
	if got := NextPodCIDR(nodes); got != "10.244.4.0/24" {
		t.Errorf("next = %s", got)
	}
	nodes = append(nodes[:1], nodes[2:]...) // node-2 deleted
	if got := NextPodCIDR(nodes); got != "10.244.2.0/24" {
		t.Errorf("next after deleting node-2 = %s", got)
	}
}

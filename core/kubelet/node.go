package kubelet

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"reflect"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller/nodelifecycle"
)

// Node status cadence (pkg/kubelet/apis/config defaults): the kubelet
// computes its node status every nodeStatusUpdateFrequency and posts it
// when it changed or nodeStatusReportFrequency has passed since the last
// post; the Lease carries the heartbeat in between.
const (
	nodeStatusUpdateFrequency = 10 * time.Second
	nodeStatusReportFrequency = 5 * time.Minute
)

// Node info a kind node of v1.37 reports.
const (
	defaultKubeletVersion = "v1.37.0"
	containerRuntime      = "containerd://2.1.4"
	osImage               = "Debian GNU/Linux 12 (bookworm)"
	kernelVersion         = "6.8.0-60-generic"
)

// registerNode models kubelet_node_status.go registerWithAPIServer: create
// the Node with its labels, addresses and status if it does not exist,
// record the startup events, and take the pod CIDR from it.
func (k *Kubelet) registerNode() error {
	now := k.clock.Now()
	node, err := apiserver.GetAs[*api.Node](k.server, "", k.nodeName)
	switch {
	case apiserver.IsNotFound(err):
		node = k.initialNode()
		obj, err := k.server.Create(node)
		if err != nil {
			return fmt.Errorf("kubelet %s: registering node: %v", k.nodeName, err)
		}
		node = obj.(*api.Node)
		k.recorder.Event(node, api.EventTypeNormal, reasonStarting, "Starting kubelet.")
		k.recorder.Event(node, api.EventTypeNormal, reasonNodeAllocatable, "Updated Node Allocatable limit across pods")
		for _, r := range []string{"NodeHasSufficientMemory", "NodeHasNoDiskPressure", "NodeHasSufficientPID"} {
			k.recorder.Eventf(node, api.EventTypeNormal, r, "Node %s status is now: %s", k.nodeName, r)
		}
		k.recorder.Eventf(node, api.EventTypeNormal, reasonNodeReady, "Node %s status is now: %s", k.nodeName, reasonNodeReady)
		k.lastStatusReport = now
	case err != nil:
		return err
	}
	k.nodeCIDR(node)
	if err := nodelifecycle.RenewLease(k.server, k.clock, k.nodeName); err != nil {
		return fmt.Errorf("kubelet %s: creating lease: %v", k.nodeName, err)
	}
	k.nextLease = now.Add(nodelifecycle.LeaseRenewInterval)
	k.nextNodeStatus = now
	return nil
}

// nodeCIDR picks the pod range: the Node's spec.podCIDR, else the option,
// else 10.244.N.0/24.
func (k *Kubelet) nodeCIDR(node *api.Node) string {
	switch {
	case node != nil && node.Spec.PodCIDR != "":
		return node.Spec.PodCIDR
	case k.opts.PodCIDR != "":
		return k.opts.PodCIDR
	}
	return fmt.Sprintf("10.244.%d.0/24", k.nodeIndex)
}

func (k *Kubelet) initIPAM() error {
	var node *api.Node
	if obj, ok := k.nodes.Get(k.nodeName); ok {
		node = obj.(*api.Node)
	} else if n, err := apiserver.GetAs[*api.Node](k.server, "", k.nodeName); err == nil {
		node = n
	}
	m, err := newIPAM(k.nodeCIDR(node))
	if err != nil {
		return err
	}
	k.ipam = m
	return nil
}

func (k *Kubelet) initialNode() *api.Node {
	cidr := k.nodeCIDR(nil)
	labels := map[string]string{
		"beta.kubernetes.io/arch": "amd64",
		"beta.kubernetes.io/os":   "linux",
		"kubernetes.io/arch":      "amd64",
		"kubernetes.io/hostname":  k.nodeName,
		"kubernetes.io/os":        "linux",
	}
	maps.Copy(labels, k.opts.Labels)
	node := &api.Node{
		ObjectMeta: api.ObjectMeta{
			Name:   k.nodeName,
			Labels: labels,
			Annotations: map[string]string{
				"volumes.kubernetes.io/controller-managed-attach-detach": "true",
			},
		},
		Spec: api.NodeSpec{PodCIDR: cidr, PodCIDRs: []string{cidr}},
	}
	node.Status = k.nodeStatus(node, k.clock.Now())
	return node
}

func (k *Kubelet) capacity() api.ResourceList {
	if k.opts.Capacity != nil {
		return k.opts.Capacity
	}
	return DefaultCapacity()
}

// nodeStatus models the kubelet's node status setters (nodestatus/setters.go):
// addresses, capacity and allocatable, node info, images, and the
// MemoryPressure, DiskPressure, PIDPressure and Ready conditions, keeping
// each condition's lastTransitionTime unless its status changes.
func (k *Kubelet) nodeStatus(old *api.Node, now time.Time) api.NodeStatus {
	capacity := k.capacity()
	version := orDefault(k.opts.KubeletVersion, defaultKubeletVersion)
	hb := api.NewTime(now)
	conds := []api.NodeCondition{
		{Type: api.NodeMemoryPressure, Status: api.ConditionFalse, Reason: "KubeletHasSufficientMemory", Message: "kubelet has sufficient memory available"},
		{Type: api.NodeDiskPressure, Status: api.ConditionFalse, Reason: "KubeletHasNoDiskPressure", Message: "kubelet has no disk pressure"},
		{Type: api.NodePIDPressure, Status: api.ConditionFalse, Reason: "KubeletHasSufficientPID", Message: "kubelet has sufficient PID available"},
		{Type: api.NodeReady, Status: api.ConditionTrue, Reason: "KubeletReady", Message: "kubelet is posting ready status"},
	}
	for i := range conds {
		conds[i].LastHeartbeatTime = hb
		conds[i].LastTransitionTime = hb
		for _, o := range old.Status.Conditions {
			if o.Type == conds[i].Type && o.Status == conds[i].Status && !o.LastTransitionTime.IsZero() {
				conds[i].LastTransitionTime = o.LastTransitionTime
			}
		}
	}
	return api.NodeStatus{
		Capacity:    maps.Clone(capacity),
		Allocatable: maps.Clone(capacity),
		Conditions:  conds,
		Addresses: []api.NodeAddress{
			{Type: "InternalIP", Address: k.hostIP},
			{Type: "Hostname", Address: k.nodeName},
		},
		NodeInfo: api.NodeSystemInfo{
			MachineID:               k.machineID,
			SystemUUID:              k.systemUUID,
			BootID:                  k.bootID,
			KubeletVersion:          version,
			ContainerRuntimeVersion: containerRuntime,
			OSImage:                 osImage,
			KernelVersion:           kernelVersion,
			OperatingSystem:         "linux",
			Architecture:            "amd64",
		},
		Images: k.cache.NodeImages(),
	}
}

// heartbeat renews the Lease every 10 s and posts node status when due
// (kubelet.go syncNodeStatus / tryUpdateNodeStatus, the lease controller).
func (k *Kubelet) heartbeat(now time.Time) {
	if !now.Before(k.nextLease) {
		if err := nodelifecycle.RenewLease(k.server, k.clock, k.nodeName); err == nil {
			k.nextLease = now.Add(nodelifecycle.LeaseRenewInterval)
		}
	}
	if now.Before(k.nextNodeStatus) {
		return
	}
	k.nextNodeStatus = now.Add(nodeStatusUpdateFrequency)
	node, err := apiserver.GetAs[*api.Node](k.server, "", k.nodeName)
	if err != nil {
		if apiserver.IsNotFound(err) {
			// The node was deleted (by a cloud provider): this kubelet's
			// machine is gone.
			k.gone = true
		}
		return
	}
	status := k.nodeStatus(node, now)
	if !now.Before(k.lastStatusReport.Add(nodeStatusReportFrequency)) || nodeStatusChanged(&node.Status, &status) {
		wasReady := false
		for _, c := range node.Status.Conditions {
			if c.Type == api.NodeReady && c.Status == api.ConditionTrue {
				wasReady = true
			}
		}
		node.Status = status
		node.ResourceVersion = ""
		if _, err := k.server.UpdateStatus(node); err != nil {
			return
		}
		k.lastStatusReport = now
		if !wasReady {
			k.recorder.Eventf(node, api.EventTypeNormal, reasonNodeReady, "Node %s status is now: %s", k.nodeName, reasonNodeReady)
		}
	}
}

// nodeStatusChanged models nodeStatusHasChanged: equal except for the
// conditions' heartbeat times.
func nodeStatusChanged(a, b *api.NodeStatus) bool {
	strip := func(s *api.NodeStatus) api.NodeStatus {
		c := *s
		c.Conditions = make([]api.NodeCondition, len(s.Conditions))
		for i, x := range s.Conditions {
			x.LastHeartbeatTime = api.Time{}
			c.Conditions[i] = x
		}
		if len(c.Images) == 0 {
			c.Images = nil
		}
		return c
	}
	return !reflect.DeepEqual(strip(a), strip(b))
}

// machineIdentity derives a node's machine ID (32 hex digits) and its system
// UUID and boot ID (RFC 4122 form) from the seed and the node name. It uses
// its own generator so the kubelet's random stream (container IDs) is the
// same with or without it.
func machineIdentity(seed uint64, nodeName string) (machineID, systemUUID, bootID string) {
	h := fnv.New64a()
	h.Write([]byte("machine/" + nodeName))
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	uuid := func() string {
		a, b := r.Uint64(), r.Uint64()
		a = a&^0xf000 | 0x4000         // version 4
		b = b&^(0xc<<60) | (0x8 << 60) // RFC 4122 variant
		return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xffff, b>>48, b&0xffffffffffff)
	}
	return fmt.Sprintf("%016x%016x", r.Uint64(), r.Uint64()), uuid(), uuid()
}

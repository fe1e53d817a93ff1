package kubelet

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"reflect"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubelet/nodelease"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

// Node status cadence (pkg/kubelet/apis/config defaults): the kubelet
// computes its node status every nodeStatusUpdateFrequency and posts it
// when it changed or nodeStatusReportFrequency has passed since the last
// post; the Lease carries the heartbeat in between.
const (
	nodeStatusUpdateFrequency = 10 * time.Second
	nodeStatusReportFrequency = 5 * time.Minute
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
	if err := nodelease.RenewLease(k.server, k.clock, k.nodeName); err != nil {
		return fmt.Errorf("kubelet %s: creating lease: %v", k.nodeName, err)
	}
	k.nextLease = now.Add(nodelease.RenewInterval)
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
	return nodestatus.PodCIDR(k.nodeIndex)
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

// machine is what this kubelet registers and reports about its node.
func (k *Kubelet) machine() nodestatus.Machine {
	return nodestatus.Machine{
		Name:           k.nodeName,
		PodCIDR:        k.nodeCIDR(nil),
		InternalIP:     k.hostIP,
		Capacity:       k.opts.Capacity,
		Labels:         k.opts.Labels,
		KubeletVersion: k.opts.KubeletVersion,
		MachineID:      k.machineID,
		SystemUUID:     k.systemUUID,
		BootID:         k.bootID,

		RuntimeHandlers:       k.opts.RuntimeHandlers,
		ExternalCloudProvider: k.opts.ExternalCloudProvider,
	}
}

// initialNode models kubelet_node_status.go initialNode (nodestatus builds
// the object), with the images the node holds at boot.
func (k *Kubelet) initialNode() *api.Node {
	node := nodestatus.InitialNode(k.machine(), k.clock.Now())
	node.Status.Images = k.cache.NodeImages()
	return node
}

// nodeStatus models the kubelet's node status setters (nodestatus/setters.go;
// see nodestatus.Status), with the images in the node's store.
func (k *Kubelet) nodeStatus(old *api.Node, now time.Time) api.NodeStatus {
	status := nodestatus.Status(k.machine(), old, now)
	status.Images = k.cache.NodeImages()
	return status
}

// heartbeat renews the Lease every 10 s and posts node status when due
// (kubelet.go syncNodeStatus / tryUpdateNodeStatus, the lease controller).
func (k *Kubelet) heartbeat(now time.Time) {
	if !now.Before(k.nextLease) {
		if err := nodelease.RenewLease(k.server, k.clock, k.nodeName); err == nil {
			k.nextLease = now.Add(nodelease.RenewInterval)
		}
	}
	if now.Before(k.nextNodeStatus) {
		return
	}
	k.nextNodeStatus = now.Add(nodeStatusUpdateFrequency)
	// The stored node, not a copy: a heartbeat that posts nothing (most of
	// them) only reads it.
	obj, err := k.server.GetShared(api.NodeKind, "", k.nodeName)
	if err != nil {
		if apiserver.IsNotFound(err) {
			// The node was deleted (by a cloud provider): this kubelet's
			// machine is gone.
			k.gone = true
		}
		return
	}
	stored := obj.(*api.Node)
	status := k.nodeStatus(stored, now)
	if !now.Before(k.lastStatusReport.Add(nodeStatusReportFrequency)) || nodeStatusChanged(&stored.Status, &status) {
		wasReady := false
		for _, c := range stored.Status.Conditions {
			if c.Type == api.NodeReady && c.Status == api.ConditionTrue {
				wasReady = true
			}
		}
		node := *stored // shallow: the server deep-copies its input
		node.Status = status
		node.ResourceVersion = ""
		if _, err := k.server.UpdateStatusShared(&node); err != nil {
			return
		}
		k.lastStatusReport = now
		if !wasReady {
			k.recorder.Eventf(&node, api.EventTypeNormal, reasonNodeReady, "Node %s status is now: %s", k.nodeName, reasonNodeReady)
		}
	}
}

// nodeStatusChanged models nodeStatusHasChanged: equal except for the
// conditions' heartbeat times. The images, most of a node's status, are
// compared without reflection: 100 nodes' heartbeats compare theirs every
// 10 s.
func nodeStatusChanged(a, b *api.NodeStatus) bool {
	strip := func(s *api.NodeStatus) api.NodeStatus {
		c := *s
		c.Conditions = make([]api.NodeCondition, len(s.Conditions))
		for i, x := range s.Conditions {
			x.LastHeartbeatTime = api.Time{}
			c.Conditions[i] = x
		}
		c.Images = nil
		return c
	}
	sameImage := func(x, y api.ContainerImage) bool {
		return x.SizeBytes == y.SizeBytes && slices.Equal(x.Names, y.Names)
	}
	return !slices.EqualFunc(a.Images, b.Images, sameImage) || !reflect.DeepEqual(strip(a), strip(b))
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

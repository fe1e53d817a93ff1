// Package nodestatus is the one place that says what a simulated worker node
// looks like as its kubelet registers and reports it: the well-known labels,
// the kubelet's annotation, spec.podCIDR(s), capacity and allocatable, the
// addresses, status.nodeInfo and the four conditions of a healthy node, and
// the numbering of node N (pod CIDR 10.244.N.0/24, InternalIP
// 172.18.0.(N+1)). It models pkg/kubelet/kubelet_node_status.go initialNode
// and the status setters of pkg/kubelet/nodestatus/setters.go, so
// `kubectl get node -o yaml` and `kubectl describe node` read like a real
// cluster's.
//
// The kubelet builds its Node here, and so do core/cluster's node fixtures
// (for the controllers' tests, which run without kubelets). It imports only
// core/api: core/cluster cannot import core/kubelet, whose own tests import
// core/cluster.
package nodestatus

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// What each node reports in status.nodeInfo: a kind node of v1.37.
const (
	kubeletVersion          = "v1.37.0"
	containerRuntimeVersion = "containerd://2.1.4"
	osImage                 = "Debian GNU/Linux 12 (bookworm)"
	kernelVersion           = "6.8.0-60-generic"
	operatingSystem         = "linux"
	architecture            = "amd64"
)

// DefaultCapacity is a default node's capacity (and allocatable): cpu 4,
// memory 8Gi, the kubelet's default maxPods (110), a 100Gi root
// filesystem as ephemeral-storage, and no huge pages of either size, which
// a real kubelet reports on every x86 node (cadvisor's hugepage sizes).
func DefaultCapacity() api.ResourceList {
	return api.ResourceList{
		api.ResourceCPU:     resource.MustParse("4"),
		api.ResourceMemory:  resource.MustParse("8Gi"),
		api.ResourcePods:    resource.MustParse("110"),
		"ephemeral-storage": resource.MustParse("100Gi"),
		"hugepages-1Gi":     resource.MustParse("0"),
		"hugepages-2Mi":     resource.MustParse("0"),
	}
}

// PodCIDR returns the pod CIDR of the n-th node: 10.244.n.0/24, the range
// kubeadm's default 10.244.0.0/16 cluster CIDR hands out per node.
func PodCIDR(n int) string { return fmt.Sprintf("10.244.%d.0/24", n) }

// InternalIP returns the address of the n-th node: 172.18.0.(n+1), the
// addresses kind gives its nodes on its docker network.
func InternalIP(n int) string { return fmt.Sprintf("172.18.0.%d", n+1) }

// Machine is what a kubelet knows about its node when it registers it and
// reports its status. Zero fields take the defaults.
type Machine struct {
	Name string
	// PodCIDR becomes spec.podCIDR and spec.podCIDRs ("" leaves them unset).
	PodCIDR string
	// InternalIP is the node's InternalIP address ("" = only the Hostname
	// address).
	InternalIP string
	// Capacity is also the allocatable (nil = DefaultCapacity()).
	Capacity api.ResourceList
	// Labels are set over the well-known ones.
	Labels map[string]string
	// Taints are registered with the node (--register-with-taints).
	Taints []api.Taint
	// Unschedulable registers the node cordoned (--register-schedulable=false).
	Unschedulable bool
	// KubeletVersion in status.nodeInfo ("" = v1.37.0).
	KubeletVersion string
	// MachineID, SystemUUID and BootID identify the machine in
	// status.nodeInfo, as /etc/machine-id, the DMI product UUID and the
	// kernel's boot_id do on a real one.
	MachineID, SystemUUID, BootID string
	// ExternalCloudProvider is --cloud-provider=external: the node
	// registers with the uninitialized taint and leaves its addresses to
	// the cloud controller manager.
	ExternalCloudProvider bool
	// RuntimeHandlers are the container runtime's configured handlers
	// (nil = DefaultRuntimeHandlers), the first being its default.
	RuntimeHandlers []string
}

// DefaultRuntimeHandlers is what a kind node's containerd runs: runc.
var DefaultRuntimeHandlers = []string{"runc"}

// runtimeHandlers models the RuntimeHandlers setter over containerd's
// introspectRuntimeHandlers: every configured handler, the default one
// followed by a copy named "" (the default), each with the features a
// current runc on a current kernel has (recursive read-only mounts, user
// namespaces). containerd walks a map; here the order is the node's.
func runtimeHandlers(names []string) []api.NodeRuntimeHandler {
	if names == nil {
		names = DefaultRuntimeHandlers
	}
	var out []api.NodeRuntimeHandler
	for i, n := range names {
		h := func(name string) api.NodeRuntimeHandler {
			rro, userns := true, true
			return api.NodeRuntimeHandler{Name: name, Features: &api.NodeRuntimeHandlerFeatures{RecursiveReadOnlyMounts: &rro, UserNamespaces: &userns}}
		}
		out = append(out, h(n))
		if i == 0 {
			out = append(out, h(""))
		}
	}
	return out
}

// InitialNode models initialNode: the Node a kubelet creates when it
// registers, with the well-known labels (the beta os/arch ones too, which the
// node lifecycle controller keeps in sync), the attach-detach annotation, the
// pod CIDR, the taints (and, when registered unschedulable, the
// unschedulable taint at once, to avoid racing the node lifecycle
// controller, kubernetes#63897) and Status(m, nil, now).
func InitialNode(m Machine, now time.Time) *api.Node {
	labels := map[string]string{
		"beta.kubernetes.io/arch": architecture,
		"beta.kubernetes.io/os":   operatingSystem,
		"kubernetes.io/arch":      architecture,
		"kubernetes.io/hostname":  m.Name,
		"kubernetes.io/os":        operatingSystem,
	}
	maps.Copy(labels, m.Labels)
	n := &api.Node{
		ObjectMeta: api.ObjectMeta{
			Name:   m.Name,
			Labels: labels,
			Annotations: map[string]string{
				"volumes.kubernetes.io/controller-managed-attach-detach": "true",
			},
		},
		Spec: api.NodeSpec{
			Unschedulable: m.Unschedulable,
			Taints:        slices.Clone(m.Taints),
		},
		Status: Status(m, nil, now),
	}
	if m.PodCIDR != "" {
		n.Spec.PodCIDR = m.PodCIDR
		n.Spec.PodCIDRs = []string{m.PodCIDR}
	}
	if m.ExternalCloudProvider {
		// kubelet.go initialNode: the cloud controller manager's node
		// controller removes it once it has initialized the node.
		n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: TaintExternalCloudProvider, Value: "true", Effect: api.TaintEffectNoSchedule})
	}
	if m.Unschedulable {
		n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: api.TaintNodeUnschedulable, Effect: api.TaintEffectNoSchedule})
	}
	return n
}

// TaintExternalCloudProvider is cloudproviderapi.TaintExternalCloudProvider.
const TaintExternalCloudProvider = "node.cloudprovider.kubernetes.io/uninitialized"

// Status models the kubelet's node status setters: addresses, capacity and
// allocatable, node info, and the conditions of a healthy node with their
// heartbeat at now, each keeping old's lastTransitionTime unless its status
// changed (old may be nil). status.images is the caller's: the kubelet fills
// it from its image store.
func Status(m Machine, old *api.Node, now time.Time) api.NodeStatus {
	capacity := m.Capacity
	if capacity == nil {
		capacity = DefaultCapacity()
	}
	conds := HealthyConditions(now)
	if old != nil {
		for i := range conds {
			for _, o := range old.Status.Conditions {
				if o.Type == conds[i].Type && o.Status == conds[i].Status && !o.LastTransitionTime.IsZero() {
					conds[i].LastTransitionTime = o.LastTransitionTime
				}
			}
		}
	}
	var addresses []api.NodeAddress
	switch {
	case m.ExternalCloudProvider:
		// The NodeAddress setter with an external cloud provider and no
		// --node-ip: the addresses the cloud controller manager set, or
		// none until it has.
		if old != nil {
			addresses = slices.Clone(old.Status.Addresses)
		}
	default:
		if m.InternalIP != "" {
			addresses = append(addresses, api.NodeAddress{Type: "InternalIP", Address: m.InternalIP})
		}
		addresses = append(addresses, api.NodeAddress{Type: "Hostname", Address: m.Name})
	}
	version := m.KubeletVersion
	if version == "" {
		version = kubeletVersion
	}
	return api.NodeStatus{
		Capacity:    maps.Clone(capacity),
		Allocatable: maps.Clone(capacity),
		Conditions:  conds,
		Addresses:   addresses,
		NodeInfo: api.NodeSystemInfo{
			MachineID:               m.MachineID,
			SystemUUID:              m.SystemUUID,
			BootID:                  m.BootID,
			KubeletVersion:          version,
			ContainerRuntimeVersion: containerRuntimeVersion,
			OSImage:                 osImage,
			KernelVersion:           kernelVersion,
			OperatingSystem:         operatingSystem,
			Architecture:            architecture,
		},
		RuntimeHandlers: runtimeHandlers(m.RuntimeHandlers),
	}
}

// HealthyConditions returns the conditions a healthy kubelet posts, in the
// kubelet's order (MemoryPressure, DiskPressure, PIDPressure, Ready), worded
// as nodestatus.MemoryPressureCondition, DiskPressureCondition,
// PIDPressureCondition and ReadyCondition word them, with heartbeat and
// transition times set to now (zero leaves them unset).
func HealthyConditions(now time.Time) []api.NodeCondition {
	var t api.Time
	if !now.IsZero() {
		t = api.NewTime(now)
	}
	c := func(typ api.NodeConditionType, status api.ConditionStatus, reason, msg string) api.NodeCondition {
		return api.NodeCondition{Type: typ, Status: status, Reason: reason, Message: msg,
			LastHeartbeatTime: t, LastTransitionTime: t}
	}
	return []api.NodeCondition{
		c(api.NodeMemoryPressure, api.ConditionFalse, "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
		c(api.NodeDiskPressure, api.ConditionFalse, "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
		c(api.NodePIDPressure, api.ConditionFalse, "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
		c(api.NodeReady, api.ConditionTrue, "KubeletReady", "kubelet is posting ready status"),
	}
}

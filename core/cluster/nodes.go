package cluster

import (
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// This file describes the worker nodes of the default cluster and builds the
// Node objects a scenario's `node add NAME cpu=.. memory=.. pods=..` asks
// for. The objects look like what a v1.37 kubelet registers
// (pkg/kubelet/kubelet_node_status.go initialNode and the status setters of
// pkg/kubelet/nodestatus/setters.go), so `kubectl get node -o yaml` and
// `kubectl describe node` read like a real cluster's.

// Defaults of a worker node: the "cpu 4, memory 8Gi, pods 110"
// (110 is the kubelet's default maxPods).
const (
	DefaultNodeCPU    = "4"
	DefaultNodeMemory = "8Gi"
	DefaultNodePods   = "110"
	// DefaultNodeCount is how many workers the default cluster has.
	DefaultNodeCount = 3
)

// What each node reports in status.nodeInfo.
const (
	KubeletVersion          = "v1.37.0"
	ContainerRuntimeVersion = "containerd://2.1.4"
	OSImage                 = "Debian GNU/Linux 12 (bookworm)"
	KernelVersion           = "6.8.0-60-generic"
)

// Well-known node labels (k8s.io/api/core/v1 well_known_labels.go). The
// beta labels are kept in sync with the stable ones by the node lifecycle
// controller (labelReconcileInfo), so a real node carries both.
const (
	LabelHostname = "kubernetes.io/hostname"
	LabelOS       = "kubernetes.io/os"
	LabelArch     = "kubernetes.io/arch"
	LabelOSBeta   = "beta.kubernetes.io/os"
	LabelArchBeta = "beta.kubernetes.io/arch"
)

// Node address types.
const (
	NodeInternalIP api.NodeAddressType = "InternalIP"
	NodeHostName   api.NodeAddressType = "Hostname"
)

// The condition reasons and messages of a healthy node, as the kubelet's
// status setters write them (nodestatus.MemoryPressureCondition,
// DiskPressureCondition, PIDPressureCondition, ReadyCondition).
const (
	ReasonKubeletHasSufficientMemory = "KubeletHasSufficientMemory"
	MessageHasSufficientMemory       = "kubelet has sufficient memory available"
	ReasonKubeletHasNoDiskPressure   = "KubeletHasNoDiskPressure"
	MessageHasNoDiskPressure         = "kubelet has no disk pressure"
	ReasonKubeletHasSufficientPID    = "KubeletHasSufficientPID"
	MessageHasSufficientPID          = "kubelet has sufficient PID available"
	ReasonKubeletReady               = "KubeletReady"
	MessageKubeletReady              = "kubelet is posting ready status"
)

// NodeOptions describes one worker node. Zero fields take the defaults.
type NodeOptions struct {
	Name   string
	CPU    string // a quantity: "4", "3500m"
	Memory string // a quantity: "8Gi"
	Pods   string // a quantity: "110"
	// Taints are added to spec.taints as given.
	Taints []api.Taint
	// Labels are added to the well-known ones (and may override them).
	Labels map[string]string
	// Unschedulable registers the node cordoned.
	Unschedulable bool
}

// ParseNodeOptions reads a scenario's `node add NAME key=value ...`
// arguments: cpu=, memory=, pods=, label=key=value (repeatable),
// taint=key[=value]:Effect (repeatable) and unschedulable=true|false.
func ParseNodeOptions(name string, args []string) (NodeOptions, error) {
	o := NodeOptions{Name: name}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return o, fmt.Errorf("node %s: argument %q is not key=value", name, a)
		}
		if err := o.Set(k, v); err != nil {
			return o, fmt.Errorf("node %s: %w", name, err)
		}
	}
	return o, nil
}

// Set sets one option from its scenario spelling.
func (o *NodeOptions) Set(key, value string) error {
	switch key {
	case "cpu", "memory", "pods":
		if _, err := resource.ParseQuantity(value); err != nil {
			return fmt.Errorf("invalid %s quantity %q: %v", key, value, err)
		}
		switch key {
		case "cpu":
			o.CPU = value
		case "memory":
			o.Memory = value
		default:
			o.Pods = value
		}
	case "label":
		k, v, _ := strings.Cut(value, "=")
		if k == "" {
			return fmt.Errorf("invalid label %q: want key=value", value)
		}
		if o.Labels == nil {
			o.Labels = map[string]string{}
		}
		o.Labels[k] = v
	case "taint":
		t, err := parseTaint(value)
		if err != nil {
			return err
		}
		o.Taints = append(o.Taints, t)
	case "unschedulable":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("invalid unschedulable %q: want true or false", value)
		}
		o.Unschedulable = b
	default:
		return fmt.Errorf("unknown node option %q (want cpu, memory, pods, label, taint or unschedulable)", key)
	}
	return nil
}

// parseTaint reads kubectl taint's spelling: key[=value]:Effect.
func parseTaint(s string) (api.Taint, error) {
	kv, effect, ok := strings.Cut(s, ":")
	if !ok || kv == "" {
		return api.Taint{}, fmt.Errorf("invalid taint %q: want key[=value]:Effect", s)
	}
	switch e := api.TaintEffect(effect); e {
	case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
	default:
		return api.Taint{}, fmt.Errorf("invalid taint effect %q: want NoSchedule, PreferNoSchedule or NoExecute", effect)
	}
	k, v, _ := strings.Cut(kv, "=")
	return api.Taint{Key: k, Value: v, Effect: api.TaintEffect(effect)}, nil
}

// PodCIDR returns the pod CIDR of the n-th node (n >= 1): 10.244.n.0/24,
// the range kubeadm's default 10.244.0.0/16 cluster CIDR hands out per node.
func PodCIDR(n int) string { return fmt.Sprintf("10.244.%d.0/24", n) }

// NextPodCIDR returns the first PodCIDR(n), n >= 1, that none of nodes uses,
// as the node IPAM controller's CIDR allocator would for a new node.
func NextPodCIDR(nodes []*api.Node) string {
	used := map[string]bool{}
	for _, n := range nodes {
		used[n.Spec.PodCIDR] = true
		for _, c := range n.Spec.PodCIDRs {
			used[c] = true
		}
	}
	for n := 1; ; n++ {
		if c := PodCIDR(n); !used[c] {
			return c
		}
	}
}

// internalIP derives a node's InternalIP from its pod CIDR: node n
// (10.244.n.0/24) gets 172.18.0.(n+1), the addresses kind gives its nodes.
func internalIP(podCIDR string) string {
	p, err := netip.ParsePrefix(podCIDR)
	if err != nil || !p.Addr().Is4() {
		return ""
	}
	n := int(p.Addr().As4()[2])
	if n > 253 {
		return ""
	}
	return fmt.Sprintf("172.18.0.%d", n+1)
}

// NewNode builds a worker node as its kubelet registers it: the well-known
// labels, the kubelet's annotations, capacity = allocatable from opts, the
// pod CIDR (spec.podCIDR and spec.podCIDRs), addresses, node info and the
// four conditions of a healthy node. Condition timestamps are left unset;
// Cluster.CreateNode stamps them with the virtual clock.
func NewNode(opts NodeOptions, podCIDR string) *api.Node {
	q := func(v, def string) resource.Quantity {
		if v == "" {
			v = def
		}
		return resource.MustParse(v)
	}
	capacity := api.ResourceList{
		api.ResourceCPU:    q(opts.CPU, DefaultNodeCPU),
		api.ResourceMemory: q(opts.Memory, DefaultNodeMemory),
		api.ResourcePods:   q(opts.Pods, DefaultNodePods),
	}
	allocatable := api.ResourceList{}
	for k, v := range capacity {
		allocatable[k] = v
	}
	labels := map[string]string{
		LabelArchBeta: "amd64",
		LabelOSBeta:   "linux",
		LabelArch:     "amd64",
		LabelHostname: opts.Name,
		LabelOS:       "linux",
	}
	for k, v := range opts.Labels {
		labels[k] = v
	}
	n := &api.Node{
		ObjectMeta: api.ObjectMeta{
			Name:   opts.Name,
			Labels: labels,
			Annotations: map[string]string{
				"node.alpha.kubernetes.io/ttl":                           "0",
				"volumes.kubernetes.io/controller-managed-attach-detach": "true",
			},
		},
		Spec: api.NodeSpec{
			Unschedulable: opts.Unschedulable,
			Taints:        slices.Clone(opts.Taints),
		},
		Status: api.NodeStatus{
			Capacity:    capacity,
			Allocatable: allocatable,
			Conditions:  HealthyNodeConditions(time.Time{}),
			NodeInfo: api.NodeSystemInfo{
				KubeletVersion:          KubeletVersion,
				ContainerRuntimeVersion: ContainerRuntimeVersion,
				OSImage:                 OSImage,
				KernelVersion:           KernelVersion,
				OperatingSystem:         "linux",
				Architecture:            "amd64",
			},
		},
	}
	if podCIDR != "" {
		n.Spec.PodCIDR = podCIDR
		n.Spec.PodCIDRs = []string{podCIDR}
	}
	if ip := internalIP(podCIDR); ip != "" {
		n.Status.Addresses = append(n.Status.Addresses, api.NodeAddress{Type: NodeInternalIP, Address: ip})
	}
	n.Status.Addresses = append(n.Status.Addresses, api.NodeAddress{Type: NodeHostName, Address: opts.Name})
	if opts.Unschedulable {
		// initialNode taints a node registered unschedulable at once, to
		// avoid racing the node lifecycle controller (kubernetes#63897).
		n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: "node.kubernetes.io/unschedulable", Effect: api.TaintEffectNoSchedule})
	}
	return n
}

// HealthyNodeConditions returns the conditions a healthy kubelet posts, in
// the kubelet's order (MemoryPressure, DiskPressure, PIDPressure, Ready),
// with heartbeat and transition times set to now (zero leaves them unset).
func HealthyNodeConditions(now time.Time) []api.NodeCondition {
	var t api.Time
	if !now.IsZero() {
		t = api.NewTime(now)
	}
	c := func(typ api.NodeConditionType, status api.ConditionStatus, reason, msg string) api.NodeCondition {
		return api.NodeCondition{Type: typ, Status: status, Reason: reason, Message: msg,
			LastHeartbeatTime: t, LastTransitionTime: t}
	}
	return []api.NodeCondition{
		c(api.NodeMemoryPressure, api.ConditionFalse, ReasonKubeletHasSufficientMemory, MessageHasSufficientMemory),
		c(api.NodeDiskPressure, api.ConditionFalse, ReasonKubeletHasNoDiskPressure, MessageHasNoDiskPressure),
		c(api.NodePIDPressure, api.ConditionFalse, ReasonKubeletHasSufficientPID, MessageHasSufficientPID),
		c(api.NodeReady, api.ConditionTrue, ReasonKubeletReady, MessageKubeletReady),
	}
}

// DefaultNodes returns the default cluster's workers: node-1..node-3, each
// with cpu 4, memory 8Gi, pods 110 and the pod CIDR 10.244.N.0/24.
func DefaultNodes() []*api.Node {
	nodes := make([]*api.Node, 0, DefaultNodeCount)
	for i := 1; i <= DefaultNodeCount; i++ {
		nodes = append(nodes, NewNode(NodeOptions{Name: fmt.Sprintf("node-%d", i)}, PodCIDR(i)))
	}
	return nodes
}

// CreateNode registers n with the API server, as its kubelet does at
// start-up (kubelet.registerWithAPIServer), with its conditions' heartbeat
// and transition times set to the virtual clock's now where unset. It
// returns the stored node.
func (c *Cluster) CreateNode(n *api.Node) (*api.Node, error) {
	n = api.DeepCopy(n)
	now := api.NewTime(c.Clock.Now())
	for i := range n.Status.Conditions {
		cond := &n.Status.Conditions[i]
		if cond.LastHeartbeatTime.IsZero() {
			cond.LastHeartbeatTime = now
		}
		if cond.LastTransitionTime.IsZero() {
			cond.LastTransitionTime = now
		}
	}
	obj, err := c.API.Create(n)
	if err != nil {
		return nil, err
	}
	return obj.(*api.Node), nil
}

// AddDefaultNodes registers DefaultNodes with the API server.
func (c *Cluster) AddDefaultNodes() error {
	for _, n := range DefaultNodes() {
		if _, err := c.CreateNode(n); err != nil {
			return err
		}
	}
	return nil
}

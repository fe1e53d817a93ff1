package cluster

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/naming"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

// This file describes worker nodes. NodeOptions is what a scenario's
// `node add NAME cpu=.. memory=.. pods=..` asks for (core/sim starts a
// kubelet for it, which registers the Node); NewNode, DefaultNodes and
// CreateNode build and register that Node directly, for tests that run the
// controllers without kubelets. Either way the Node is shaped by
// core/kubelet/nodestatus, so the two read alike, and like a real cluster's.

// DefaultNodeCount is how many workers the default cluster has.
const DefaultNodeCount = 3

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
	// RuntimeHandlers are the handlers its container runtime is configured
	// with, the first its default (nil: runc).
	RuntimeHandlers []string
	// ExternalCloudProvider: its kubelet runs with --cloud-provider=external,
	// so the cloud controller manager initializes the node.
	ExternalCloudProvider bool
	// KubeAPIQPS and KubeAPIBurst are its kubelet's --kube-api-qps and
	// --kube-api-burst (0 keeps the default, 50 and 100; a negative QPS
	// turns the limit off).
	KubeAPIQPS   float32
	KubeAPIBurst int
}

// nodeOptionKeys are the options of `node add`, in the order the errors
// list them.
var nodeOptionKeys = []string{"cpu", "memory", "pods", "label", "taint", "runtime-handlers", "cloud-provider", "unschedulable", "kube-api-qps", "kube-api-burst"}

// ParseNodeOptions reads a scenario's `node add NAME key=value ...`
// arguments: cpu=, memory=, pods=, label=key=value (repeatable),
// taint=key[=value]:Effect (repeatable) and unschedulable=true|false. It is
// the one parser of them: the scenario format and the console use it.
func ParseNodeOptions(name string, args []string) (NodeOptions, error) {
	o := NodeOptions{Name: name}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			return o, fmt.Errorf("option %q is not key=value (want %s)", a, orList(nodeOptionKeys, "="))
		}
		if err := o.Set(k, v); err != nil {
			return o, err
		}
	}
	return o, nil
}

// orList spells keys as "a, b or c", each with suffix.
func orList(keys []string, suffix string) string {
	var b strings.Builder
	for i, k := range keys {
		switch {
		case i == len(keys)-1 && i > 0:
			b.WriteString(" or ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(k + suffix)
	}
	return b.String()
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
	case "runtime-handlers":
		for _, h := range strings.Split(value, ",") {
			if errs := naming.IsDNS1123Label(h); len(errs) > 0 {
				return fmt.Errorf("invalid runtime handler %q: %s", h, errs[0])
			}
			o.RuntimeHandlers = append(o.RuntimeHandlers, h)
		}
	case "cloud-provider":
		if value != "external" {
			return fmt.Errorf("invalid cloud-provider %q: want external", value)
		}
		o.ExternalCloudProvider = true
	case "unschedulable":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("invalid unschedulable %q: want true or false", value)
		}
		o.Unschedulable = b
	case "kube-api-qps":
		q, err := strconv.ParseFloat(value, 32)
		if err != nil {
			return fmt.Errorf("invalid kube-api-qps %q: want a number", value)
		}
		o.KubeAPIQPS = float32(q)
	case "kube-api-burst":
		b, err := strconv.ParseInt(value, 10, 32)
		if err != nil || b < 0 {
			return fmt.Errorf("invalid kube-api-burst %q: want a whole number, 0 or more", value)
		}
		o.KubeAPIBurst = int(b)
	default:
		return fmt.Errorf("unknown node option %q (want %s)", key, orList(nodeOptionKeys, ""))
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

// Capacity returns the node's capacity: the kubelet's default (cpu 4,
// memory 8Gi, pods 110) with the options' quantities over it.
func (o NodeOptions) Capacity() (api.ResourceList, error) {
	capacity := nodestatus.DefaultCapacity()
	for _, r := range []struct {
		name api.ResourceName
		q    string
	}{{api.ResourceCPU, o.CPU}, {api.ResourceMemory, o.Memory}, {api.ResourcePods, o.Pods}} {
		if r.q == "" {
			continue
		}
		v, err := resource.ParseQuantity(r.q)
		if err != nil {
			return nil, fmt.Errorf("node %s: invalid %s %q: %v", o.Name, r.name, r.q, err)
		}
		capacity[r.name] = v
	}
	return capacity, nil
}

// NextPodCIDR returns the first nodestatus.PodCIDR(n), n >= 1, that none of
// nodes uses, as the node IPAM controller's CIDR allocator would for a new
// node.
func NextPodCIDR(nodes []*api.Node) string {
	used := map[string]bool{}
	for _, n := range nodes {
		used[n.Spec.PodCIDR] = true
		for _, c := range n.Spec.PodCIDRs {
			used[c] = true
		}
	}
	for n := 1; ; n++ {
		if c := nodestatus.PodCIDR(n); !used[c] {
			return c
		}
	}
}

// InternalIPFor derives a node's InternalIP from its pod CIDR: node n
// (10.244.n.0/24) gets nodestatus.InternalIP(n), 172.18.0.(n+1). Pod
// CIDRs are unique (NextPodCIDR), so the addresses are too, whatever the
// nodes are called.
func InternalIPFor(podCIDR string) string {
	p, err := netip.ParsePrefix(podCIDR)
	if err != nil || !p.Addr().Is4() {
		return ""
	}
	n := int(p.Addr().As4()[2])
	if n > 253 {
		return ""
	}
	return nodestatus.InternalIP(n)
}

// NewNode builds a worker node as its kubelet registers it
// (nodestatus.InitialNode): the well-known labels and opts.Labels, capacity
// = allocatable from opts, the pod CIDR (spec.podCIDR and spec.podCIDRs),
// the taints, addresses, node info and the four conditions of a healthy
// node, with the TTL controller's node.alpha.kubernetes.io/ttl annotation.
// Condition timestamps are left unset; Cluster.CreateNode stamps them with
// the virtual clock. It panics on an invalid quantity in opts.
func NewNode(opts NodeOptions, podCIDR string) *api.Node {
	capacity, err := opts.Capacity()
	if err != nil {
		panic(err)
	}
	n := nodestatus.InitialNode(nodestatus.Machine{
		Name:          opts.Name,
		PodCIDR:       podCIDR,
		InternalIP:    InternalIPFor(podCIDR),
		Capacity:      capacity,
		Labels:        opts.Labels,
		Taints:        opts.Taints,
		Unschedulable: opts.Unschedulable,
	}, time.Time{})
	n.Annotations["node.alpha.kubernetes.io/ttl"] = "0"
	return n
}

// DefaultNodes returns the default cluster's workers: node-1..node-3, each
// with cpu 4, memory 8Gi, pods 110 and the pod CIDR 10.244.N.0/24.
func DefaultNodes() []*api.Node {
	nodes := make([]*api.Node, 0, DefaultNodeCount)
	for i := 1; i <= DefaultNodeCount; i++ {
		nodes = append(nodes, NewNode(NodeOptions{Name: fmt.Sprintf("node-%d", i)}, nodestatus.PodCIDR(i)))
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

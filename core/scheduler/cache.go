package scheduler

import (
	"github.com/kubeplay/kubeplay/core/api"
)

// This file is the scheduler's cache (pkg/scheduler/backend/cache) reduced
// to what the filters and scores read: for every node, the sum of the
// requests of the pods assigned to it, their count, the host ports they use
// and how many pods of each owner run there. It is kept up to date from the
// pod informer, so a scheduling cycle never walks all pods.
//
// As upstream, terminal pods (Succeeded, Failed) are not in the cache — the
// scheduler's pod informer lists with the field selector
// status.phase!=Succeeded,status.phase!=Failed — while terminating pods still
// are: they hold their resources until they are gone.

// Defaults the scheduler assumes for containers without a cpu or memory
// request when it scores (schedutil.DefaultMilliCPURequest and
// DefaultMemoryRequest); filtering uses the requests as written.
const (
	DefaultMilliCPURequest int64 = 100
	DefaultMemoryRequest   int64 = 200 * 1024 * 1024
)

// resources is framework.Resource for the two resources the playground
// schedules on (pods are counted separately).
type resources struct {
	milliCPU int64
	memory   int64
}

func (r *resources) add(o resources) { r.milliCPU += o.milliCPU; r.memory += o.memory }
func (r *resources) sub(o resources) { r.milliCPU -= o.milliCPU; r.memory -= o.memory }

// hostPort is one host port a container asks for (framework.HostPortInfo's
// key): an empty or 0.0.0.0 IP conflicts with every IP.
type hostPort struct {
	ip       string
	protocol api.Protocol
	port     int32
}

// conflicts models HostPortInfo.CheckConflict for two entries.
func (p hostPort) conflicts(q hostPort) bool {
	if p.port != q.port || p.protocol != q.protocol {
		return false
	}
	return p.ip == defaultBindAllHostIP || q.ip == defaultBindAllHostIP || p.ip == q.ip
}

const defaultBindAllHostIP = "0.0.0.0"

// podInfo is what the cache remembers of an assigned pod.
type podInfo struct {
	node        string
	requests    resources // what NodeResourcesFit filters on
	nonZero     resources // what NodeResourcesFit scores on
	ports       []hostPort
	owner       string // the controller's uid, "" for a pod without one
	terminating bool
}

// nodeInfo is framework.NodeInfo's aggregate part for one node.
type nodeInfo struct {
	// alloc and allocPods are the node's allocatable resources, read when
	// the node is added or updated.
	alloc     resources
	allocPods int64
	requested resources
	nonZero   resources
	pods      int
	ports     []hostPort
	// owners counts the non-terminating pods of each controller (by uid),
	// for the spreading score.
	owners map[string]int
}

// cache maps node names to their aggregates and pod keys to what each pod
// contributes, so that an update can take the old contribution away.
type cache struct {
	nodes map[string]*nodeInfo
	pods  map[string]podInfo
	// antiPods are the assigned pods with a required pod anti-affinity,
	// which every incoming pod must respect (InterPodAffinity's
	// existing-anti-affinity check) without a scan of all pods.
	antiPods map[string]*api.Pod
	// affinityPods are the assigned pods with any pod affinity or
	// anti-affinity (NodeInfo.PodsWithAffinity), the ones InterPodAffinity's
	// score reads for an incoming pod with no preferred terms of its own.
	affinityPods map[string]*api.Pod
}

func newCache() *cache {
	return &cache{nodes: map[string]*nodeInfo{}, pods: map[string]podInfo{}, antiPods: map[string]*api.Pod{},
		affinityPods: map[string]*api.Pod{}}
}

// node returns the aggregate of a node, empty if no pod is assigned to it.
func (c *cache) node(name string) *nodeInfo {
	ni := c.nodes[name]
	if ni == nil {
		ni = &nodeInfo{owners: map[string]int{}}
		c.nodes[name] = ni
	}
	return ni
}

// setNode records a node's allocatable resources.
func (c *cache) setNode(n *api.Node) {
	ni := c.node(n.Name)
	ni.alloc, ni.allocPods = allocatable(n)
}

// set records pod as the current state of key (cache.AddPod / UpdatePod /
// RemovePod in one): an unassigned or terminal pod is removed.
func (c *cache) set(key string, pod *api.Pod) {
	if old, ok := c.pods[key]; ok {
		ni := c.node(old.node)
		ni.requested.sub(old.requests)
		ni.nonZero.sub(old.nonZero)
		ni.pods--
		for _, p := range old.ports {
			for i, q := range ni.ports {
				if q == p {
					ni.ports = append(ni.ports[:i], ni.ports[i+1:]...)
					break
				}
			}
		}
		if old.owner != "" && !old.terminating {
			if ni.owners[old.owner]--; ni.owners[old.owner] <= 0 {
				delete(ni.owners, old.owner)
			}
		}
		delete(c.pods, key)
	}
	delete(c.antiPods, key)
	delete(c.affinityPods, key)
	if pod == nil || pod.Spec.NodeName == "" || isTerminal(pod) {
		return
	}
	if hasPodAffinity(pod) {
		c.affinityPods[key] = pod
	}
	if _, anti := requiredTerms(pod); len(anti) > 0 {
		c.antiPods[key] = pod
	}
	pi := podInfo{
		node:        pod.Spec.NodeName,
		requests:    podRequests(pod, false),
		nonZero:     podRequests(pod, true),
		ports:       podHostPorts(pod),
		terminating: pod.DeletionTimestamp != nil,
	}
	if ref := pod.ControllerRef(); ref != nil {
		pi.owner = ref.UID
	}
	ni := c.node(pi.node)
	ni.requested.add(pi.requests)
	ni.nonZero.add(pi.nonZero)
	ni.pods++
	ni.ports = append(ni.ports, pi.ports...)
	if pi.owner != "" && !pi.terminating {
		ni.owners[pi.owner]++
	}
	c.pods[key] = pi
}

func isTerminal(p *api.Pod) bool {
	return p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed
}

// podRequests models resourcehelper.PodRequests: the sum of the app
// containers' requests, raised to the largest init container's request
// (init containers run one at a time, before the app containers), plus
// the pod's overhead. With
// nonZero, a container that states no cpu or memory request counts as
// 100m / 200Mi (the NonMissingContainerRequests option the scores use).
func podRequests(p *api.Pod, nonZero bool) resources {
	var sum, initMax resources
	for i := range p.Spec.Containers {
		sum.add(containerRequests(&p.Spec.Containers[i], nonZero))
	}
	for i := range p.Spec.InitContainers {
		r := containerRequests(&p.Spec.InitContainers[i], nonZero)
		initMax.milliCPU = max(initMax.milliCPU, r.milliCPU)
		initMax.memory = max(initMax.memory, r.memory)
	}
	r := resources{milliCPU: max(sum.milliCPU, initMax.milliCPU), memory: max(sum.memory, initMax.memory)}
	// The pod's overhead (set from its RuntimeClass) is added on top.
	if q, ok := p.Spec.Overhead[api.ResourceCPU]; ok {
		r.milliCPU += q.MilliValue()
	}
	if q, ok := p.Spec.Overhead[api.ResourceMemory]; ok {
		r.memory += q.Value()
	}
	return r
}

func containerRequests(c *api.Container, nonZero bool) resources {
	var r resources
	if q, ok := c.Resources.Requests[api.ResourceCPU]; ok {
		r.milliCPU = q.MilliValue()
	} else if nonZero {
		r.milliCPU = DefaultMilliCPURequest
	}
	if q, ok := c.Resources.Requests[api.ResourceMemory]; ok {
		r.memory = q.Value()
	} else if nonZero {
		r.memory = DefaultMemoryRequest
	}
	return r
}

// podHostPorts models schedutil.GetHostPorts: the host ports of the app
// containers, with the defaults the NodePorts plugin applies (protocol TCP,
// IP 0.0.0.0).
func podHostPorts(p *api.Pod) []hostPort {
	var out []hostPort
	for _, c := range p.Spec.Containers {
		for _, port := range c.Ports {
			if port.HostPort <= 0 {
				continue
			}
			hp := hostPort{ip: port.HostIP, protocol: port.Protocol, port: port.HostPort}
			if hp.ip == "" {
				hp.ip = defaultBindAllHostIP
			}
			if hp.protocol == "" {
				hp.protocol = api.ProtocolTCP
			}
			out = append(out, hp)
		}
	}
	return out
}

// allocatable is the node's allocatable cpu (milli), memory (bytes) and pod
// count (framework.NewResource(node.Status.Allocatable)).
func allocatable(n *api.Node) (resources, int64) {
	var r resources
	var pods int64
	if q, ok := n.Status.Allocatable[api.ResourceCPU]; ok {
		r.milliCPU = q.MilliValue()
	}
	if q, ok := n.Status.Allocatable[api.ResourceMemory]; ok {
		r.memory = q.Value()
	}
	if q, ok := n.Status.Allocatable[api.ResourcePods]; ok {
		pods = q.Value()
	}
	return r, pods
}

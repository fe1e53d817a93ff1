package describe

import (
	"cmp"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// Node prints `kubectl describe node` (describeNode). pods may be every
// pod: the table lists those scheduled to the node that have not finished,
// by namespace and name. lease is the node's heartbeat Lease in
// kube-node-lease, nil if there is none. events may be all events.
func Node(w io.Writer, node *api.Node, pods []*api.Pod, lease *api.Lease, events []*api.Event, now time.Time) error {
	var onNode []*api.Pod
	for _, p := range pods {
		if p.Spec.NodeName == node.Name && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
			onNode = append(onNode, p)
		}
	}
	slices.SortFunc(onNode, func(a, b *api.Pod) int {
		return cmp.Or(strings.Compare(a.Namespace, b.Namespace), strings.Compare(a.Name, b.Name))
	})
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", node.Name)
		if roles := printers.NodeRoles(node); len(roles) > 0 {
			pw.write(level0, "Roles:\t%s\n", strings.Join(roles, ","))
		} else {
			pw.write(level0, "Roles:\t%s\n", "<none>")
		}
		printLabelsMultiline(pw, "Labels", node.Labels)
		printAnnotationsMultiline(pw, "Annotations", node.Annotations)
		pw.write(level0, "CreationTimestamp:\t%s\n", rfc1123z(node.CreationTimestamp))
		printTaintsMultiline(pw, "Taints", node.Spec.Taints)
		pw.write(level0, "Unschedulable:\t%v\n", node.Spec.Unschedulable)
		describeNodeLease(pw, node.Name, lease)
		if len(node.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n")
			pw.write(level1, "----\t------\t-----------------\t------------------\t------\t-------\n")
			for _, c := range node.Status.Conditions {
				pw.write(level1, "%v \t%v \t%s \t%s \t%v \t%v\n", c.Type, c.Status,
					rfc1123z(c.LastHeartbeatTime), rfc1123z(c.LastTransitionTime), c.Reason, c.Message)
			}
		}
		pw.write(level0, "Addresses:\n")
		for _, a := range node.Status.Addresses {
			pw.write(level1, "%s:\t%s\n", a.Type, a.Address)
		}
		printResources := func(list api.ResourceList) {
			for _, name := range sortedResourceNames(list) {
				q := list[name]
				pw.write(level0, "  %s:\t%s\n", name, q.String())
			}
		}
		if len(node.Status.Capacity) > 0 {
			pw.write(level0, "Capacity:\n")
			printResources(node.Status.Capacity)
		}
		if len(node.Status.Allocatable) > 0 {
			pw.write(level0, "Allocatable:\n")
			printResources(node.Status.Allocatable)
		}
		info := node.Status.NodeInfo
		pw.write(level0, "System Info:\n")
		pw.write(level0, "  Machine ID:\t%s\n", info.MachineID)
		pw.write(level0, "  System UUID:\t%s\n", info.SystemUUID)
		pw.write(level0, "  Boot ID:\t%s\n", info.BootID)
		pw.write(level0, "  Kernel Version:\t%s\n", info.KernelVersion)
		pw.write(level0, "  OS Image:\t%s\n", info.OSImage)
		pw.write(level0, "  Operating System:\t%s\n", info.OperatingSystem)
		pw.write(level0, "  Architecture:\t%s\n", info.Architecture)
		pw.write(level0, "  Container Runtime Version:\t%s\n", info.ContainerRuntimeVersion)
		pw.write(level0, "  Kubelet Version:\t%s\n", info.KubeletVersion)
		if node.Spec.PodCIDR != "" {
			pw.write(level0, "PodCIDR:\t%s\n", node.Spec.PodCIDR)
		}
		if len(node.Spec.PodCIDRs) > 0 {
			pw.write(level0, "PodCIDRs:\t%s\n", strings.Join(node.Spec.PodCIDRs, ","))
		}
		describeNodeResource(pw, node, onNode, now)
		describeEvents(pw, EventsFor(events, node), now)
		return nil
	})
}

// describeNodeLease prints the Lease block, or kubectl's error when the
// node has none.
func describeNodeLease(pw *prefixWriter, nodeName string, lease *api.Lease) {
	if lease == nil {
		pw.write(level0, "Lease:\tFailed to get lease: leases.coordination.k8s.io %q not found\n", nodeName)
		return
	}
	pw.write(level0, "Lease:\n")
	holder := "<unset>"
	if lease.Spec.HolderIdentity != nil {
		holder = *lease.Spec.HolderIdentity
	}
	pw.write(level1, "HolderIdentity:\t%s\n", holder)
	acquire := "<unset>"
	if lease.Spec.AcquireTime != nil {
		acquire = rfc1123z(lease.Spec.AcquireTime.Time)
	}
	pw.write(level1, "AcquireTime:\t%s\n", acquire)
	renew := "<unset>"
	if lease.Spec.RenewTime != nil {
		renew = rfc1123z(lease.Spec.RenewTime.Time)
	}
	pw.write(level1, "RenewTime:\t%s\n", renew)
}

// describeNodeResource prints the non-terminated pods with their requests
// and limits as a share of the node's allocatable resources, then the
// totals (describeNodeResource). Shares are truncated percentages.
func describeNodeResource(pw *prefixWriter, node *api.Node, pods []*api.Pod, now time.Time) {
	pw.write(level0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	pw.write(level1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	pw.write(level1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	allocatable := node.Status.Capacity
	if len(node.Status.Allocatable) > 0 {
		allocatable = node.Status.Allocatable
	}
	allocCPU := allocatable[api.ResourceCPU]
	allocMem := allocatable[api.ResourceMemory]
	cpuShare := func(q resource.Quantity) int64 { return share(q.MilliValue(), allocCPU.MilliValue()) }
	memShare := func(q resource.Quantity) int64 { return share(q.Value(), allocMem.Value()) }
	for _, p := range pods {
		req, lim := podRequests(p), podLimits(p)
		cpuReq, cpuLim, memReq, memLim := req[api.ResourceCPU], lim[api.ResourceCPU], req[api.ResourceMemory], lim[api.ResourceMemory]
		pw.write(level1, "%s\t%s\t\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s\n", p.Namespace, p.Name,
			cpuReq.String(), cpuShare(cpuReq), cpuLim.String(), cpuShare(cpuLim),
			memReq.String(), memShare(memReq), memLim.String(), memShare(memLim), since(p.CreationTimestamp, now))
	}

	pw.write(level0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	pw.write(level1, "Resource\tRequests\tLimits\n")
	pw.write(level1, "--------\t--------\t------\n")
	reqs, limits := api.ResourceList{}, api.ResourceList{}
	for _, p := range pods {
		addAll(reqs, podRequests(p))
		addAll(limits, podLimits(p))
	}
	rows := []struct {
		name  api.ResourceName
		share func(resource.Quantity) int64
	}{
		{api.ResourceCPU, cpuShare},
		{api.ResourceMemory, memShare},
		{"ephemeral-storage", func(q resource.Quantity) int64 {
			eph := allocatable["ephemeral-storage"]
			return share(q.Value(), eph.Value())
		}},
	}
	for _, r := range rows {
		rq, lq := reqs[r.name], limits[r.name]
		pw.write(level1, "%s\t%s (%d%%)\t%s (%d%%)\n", r.name, rq.String(), r.share(rq), lq.String(), r.share(lq))
	}
	// Huge pages get a share of what is allocatable, extended resources
	// only their sums (describeNodeResource).
	var hugePages, extended []string
	for name := range allocatable {
		switch {
		case strings.HasPrefix(string(name), "hugepages-"):
			hugePages = append(hugePages, string(name))
		case name == api.ResourceCPU, name == api.ResourceMemory, name == api.ResourcePods, name == "ephemeral-storage":
		default:
			extended = append(extended, string(name))
		}
	}
	slices.Sort(hugePages)
	for _, name := range hugePages {
		rq, lq, alloc := reqs[api.ResourceName(name)], limits[api.ResourceName(name)], allocatable[api.ResourceName(name)]
		pw.write(level1, "%s\t%s (%d%%)\t%s (%d%%)\n", name, rq.String(), share(rq.Value(), alloc.Value()), lq.String(), share(lq.Value(), alloc.Value()))
	}
	slices.Sort(extended)
	for _, name := range extended {
		rq, lq := reqs[api.ResourceName(name)], limits[api.ResourceName(name)]
		pw.write(level1, "%s\t%s\t%s\n", name, rq.String(), lq.String())
	}
}

// share is used/total as a truncated percentage, 0 when total is 0.
func share(used, total int64) int64 {
	if total == 0 {
		return 0
	}
	return int64(float64(used) / float64(total) * 100)
}

// podRequests is the pod's effective requests: the larger of the sum over
// its containers and each init container, plus the pod's overhead
// (resourcehelper.PodRequests).
func podRequests(p *api.Pod) api.ResourceList {
	sum := podResources(p, func(c api.Container) api.ResourceList { return c.Resources.Requests })
	addAll(sum, p.Spec.Overhead)
	return sum
}

// podLimits is podRequests for limits; the overhead counts only where a
// limit is set (resourcehelper.PodLimits).
func podLimits(p *api.Pod) api.ResourceList {
	sum := podResources(p, func(c api.Container) api.ResourceList { return c.Resources.Limits })
	for name, q := range p.Spec.Overhead {
		if cur, ok := sum[name]; ok && !cur.IsZero() {
			cur.Add(q)
			sum[name] = cur
		}
	}
	return sum
}

func podResources(p *api.Pod, of func(api.Container) api.ResourceList) api.ResourceList {
	sum := api.ResourceList{}
	for _, c := range p.Spec.Containers {
		addAll(sum, of(c))
	}
	for _, c := range p.Spec.InitContainers {
		for name, q := range of(c) {
			if cur, ok := sum[name]; !ok || q.Cmp(cur) > 0 {
				sum[name] = q
			}
		}
	}
	return sum
}

// addAll adds every quantity of add into sum.
func addAll(sum, add api.ResourceList) {
	for name, q := range add {
		if cur, ok := sum[name]; ok {
			cur.Add(q)
			sum[name] = cur
		} else {
			sum[name] = q
		}
	}
}

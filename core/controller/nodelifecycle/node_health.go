// The health half of the node lifecycle controller's
// node_lifecycle_controller.go: monitorNodeHealth, the grace-period check
// on each node's heartbeats (tryUpdateNodeHealth) and the NoExecute
// tainting it queues (processTaintBaseEviction and the markNode helpers).

package nodelifecycle

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// monitorNodeHealth models Controller.monitorNodeHealth.
func (nc *Controller) monitorNodeHealth(ds *controller.Decisions) {
	now := nc.ctx.Clock.Now()
	nodes := controller.ListAs[*api.Node](nc.nodes, "", nil)

	// classifyNodes
	present := map[string]bool{}
	for _, n := range nodes {
		present[n.Name] = true
		if _, known := nc.knownNodes[n.Name]; !known {
			nc.recordNodeEvent(n.Name, n.UID, "RegisteredNode", fmt.Sprintf("Registered Node %v in Controller", n.Name))
			nc.knownNodes[n.Name] = n.UID
			nc.addPodEvictorForNewZone(n)
			nc.markNodeAsReachable(n)
		} else if _, ok := nc.zoneStates[zoneKey(n)]; !ok {
			nc.addPodEvictorForNewZone(n)
		}
	}
	var deleted []string
	for name := range nc.knownNodes {
		if !present[name] {
			deleted = append(deleted, name)
		}
	}
	sort.Strings(deleted)
	for _, name := range deleted {
		nc.recordNodeEvent(name, nc.knownNodes[name], "RemovingNode", fmt.Sprintf("Removing Node %v from Controller", name))
		delete(nc.knownNodes, name)
	}

	var podsByNode map[string][]*api.Pod
	podsOn := func(node string) []*api.Pod {
		if podsByNode == nil {
			podsByNode = map[string][]*api.Pod{}
			for _, p := range controller.ListAs[*api.Pod](nc.pods, "", nil) {
				if p.Spec.NodeName != "" {
					podsByNode[p.Spec.NodeName] = append(podsByNode[p.Spec.NodeName], p)
				}
			}
		}
		return podsByNode[node]
	}

	zoneToNodeConditions := map[string][]*api.NodeCondition{}
	var inputs []controller.Input
	var unhealthy []string
	for _, n := range nodes {
		node, gracePeriod, observed, current, detail := nc.tryUpdateNodeHealth(n, now, ds)
		inputs = append(inputs, controller.Input{Name: node.Name, Value: detail})
		if h := nc.nodeHealth[node.Name]; observed.Status != api.ConditionTrue ||
			(h != nil && now.Sub(h.probeTimestamp) > 2*kubeletLeaseRenewInterval) {
			silent := time.Duration(0)
			if h != nil {
				silent = now.Sub(h.probeTimestamp)
			}
			unhealthy = append(unhealthy, fmt.Sprintf("%s (Ready=%s, no heartbeat for %s)", node.Name, observed.Status, silent))
		}
		if _, excluded := node.Labels["node.kubernetes.io/exclude-disruption"]; !excluded {
			z := zoneKey(node)
			zoneToNodeConditions[z] = append(zoneToNodeConditions[z], current)
		}
		_ = gracePeriod
		if current == nil {
			delete(nc.nodesToRetry, node.Name)
			continue
		}
		nc.processTaintBaseEviction(node, observed, ds)
		needsRetry := nc.nodesToRetry[node.Name]
		switch {
		case current.Status != api.ConditionTrue && observed.Status == api.ConditionTrue:
			// Report the node event only once, on the transition.
			nc.recordNodeStatusChange(node, "NodeNotReady")
			fallthrough
		case needsRetry && observed.Status != api.ConditionTrue:
			if !nc.markPodsNotReady(podsOn(node.Name), node.Name, ds) {
				nc.nodesToRetry[node.Name] = true
				continue
			}
		}
		delete(nc.nodesToRetry, node.Name)
	}
	if len(unhealthy) > 0 {
		// Only passes with a silent or unhealthy node explain themselves;
		// a healthy cluster's pass every 5 s would drown the record.
		list := strings.Join(unhealthy, ", ")
		ds.Add("monitorNodeHealth",
			fmt.Sprintf("Unknown when now > last heartbeat seen + %s (lease renewal or Ready heartbeat)", nc.opts.NodeMonitorGracePeriod),
			list, inputs...).
			Say("nodelifecycle.unhealthyNodes", controller.Count("n", len(unhealthy)), controller.Name("nodes", list), controller.Duration("grace", nc.opts.NodeMonitorGracePeriod))
	}
	nc.handleDisruption(zoneToNodeConditions, nodes, ds)
	nc.doNoExecuteTaintingPass(ds)
}

// tryUpdateNodeHealth models Controller.tryUpdateNodeHealth: it refreshes
// the node's probe timestamp from a newer Ready heartbeat or lease renewal
// and, once the grace period has passed without one, writes the node's
// conditions as Unknown. It returns the node as the pass goes on with it,
// the grace period, the Ready condition as observed before and as it is
// after, and a line for the decision. node is the informer's shared
// object: upstream's pass deep-copies every node first, this one copies a
// node only when it marks its conditions Unknown (a pass over 100 healthy
// nodes every 5 s copied each of them for nothing).
func (nc *Controller) tryUpdateNodeHealth(node *api.Node, now time.Time, ds *controller.Decisions) (*api.Node, time.Duration, api.NodeCondition, *api.NodeCondition, string) {
	health := nc.nodeHealth[node.Name]
	current := api.GetNodeCondition(&node.Status, api.NodeReady)
	var observed api.NodeCondition
	var gracePeriod time.Duration
	if current == nil {
		// The kubelet never posted status: a fake Unknown condition dated
		// at the node's creation, and the startup grace period.
		observed = api.NodeCondition{Type: api.NodeReady, Status: api.ConditionUnknown,
			LastHeartbeatTime: node.CreationTimestamp, LastTransitionTime: node.CreationTimestamp}
		gracePeriod = nc.opts.NodeStartupGracePeriod
		if health != nil {
			health.readyCondition = nil
		} else {
			health = &nodeHealthData{probeTimestamp: node.CreationTimestamp.Time, readyTransitionTimestamp: node.CreationTimestamp.Time}
		}
	} else {
		observed = *current
		gracePeriod = nc.opts.NodeMonitorGracePeriod
	}
	var saved *api.NodeCondition
	var savedLease *time.Time
	if health != nil {
		saved, savedLease = health.readyCondition, health.leaseRenewTime
	}
	switch {
	case health == nil:
		health = &nodeHealthData{probeTimestamp: now, readyTransitionTimestamp: now}
	case saved == nil && current != nil:
		health = &nodeHealthData{probeTimestamp: now, readyTransitionTimestamp: now, leaseRenewTime: savedLease}
	case saved != nil && current == nil:
		health = &nodeHealthData{probeTimestamp: now, readyTransitionTimestamp: now, leaseRenewTime: savedLease}
	case saved != nil && current != nil && !saved.LastHeartbeatTime.Equal(current.LastHeartbeatTime.Time):
		transition := health.readyTransitionTimestamp
		if !saved.LastTransitionTime.Equal(current.LastTransitionTime.Time) {
			transition = now
		}
		health = &nodeHealthData{probeTimestamp: now, readyTransitionTimestamp: transition, leaseRenewTime: savedLease}
	}
	if current != nil {
		c := *current
		health.readyCondition = &c
	}
	// Always update the probe time if the node lease is renewed.
	if lease, ok := controller.GetAs[*api.Lease](nc.leases, nodeLeaseNamespace, node.Name); ok && lease.Spec.RenewTime != nil {
		rt := lease.Spec.RenewTime.Time.Time
		if savedLease == nil || savedLease.Before(rt) {
			health.leaseRenewTime = &rt
			health.probeTimestamp = now
		}
	}
	nc.nodeHealth[node.Name] = health
	deadline := health.probeTimestamp.Add(gracePeriod)
	detail := fmt.Sprintf("Ready=%s; last heartbeat seen %s; Unknown after %s", observed.Status,
		health.probeTimestamp.UTC().Format(time.RFC3339), deadline.UTC().Format(time.RFC3339))
	if !now.After(deadline) {
		return node, gracePeriod, observed, current, detail
	}

	// Ready condition or lease last set longer ago than gracePeriod: mark
	// the conditions Unknown (NetworkUnavailable is the network plugin's).
	node = api.DeepCopy(node)
	nowT := api.NewTime(now)
	for _, t := range []api.NodeConditionType{api.NodeReady, api.NodeMemoryPressure, api.NodeDiskPressure, api.NodePIDPressure} {
		c := api.GetNodeCondition(&node.Status, t)
		if c == nil {
			node.Status.Conditions = append(node.Status.Conditions, api.NodeCondition{Type: t,
				Status: api.ConditionUnknown, Reason: ReasonNodeStatusNeverUpdated, Message: MessageNodeStatusNeverUpdate,
				LastHeartbeatTime: node.CreationTimestamp, LastTransitionTime: nowT})
			continue
		}
		if c.Status != api.ConditionUnknown {
			c.Status = api.ConditionUnknown
			c.Reason = ReasonNodeStatusUnknown
			c.Message = MessageNodeStatusUnknown
			c.LastTransitionTime = nowT
		}
	}
	current = api.GetNodeCondition(&node.Status, api.NodeReady)
	if *current == observed {
		return node, gracePeriod, observed, current, detail
	}
	// Write the conditions onto the stored node (the cached copy may
	// predate a write of this pass).
	fresh, err := apiserver.GetAs[*api.Node](nc.ctx.Server, "", node.Name)
	if err == nil {
		fresh.Status.Conditions = node.Status.Conditions
		_, err = nc.ctx.Server.UpdateStatus(fresh)
	}
	if err != nil {
		return node, gracePeriod, observed, current, detail + "; status update failed: " + err.Error()
	}
	c := *current
	nc.nodeHealth[node.Name] = &nodeHealthData{probeTimestamp: health.probeTimestamp, readyTransitionTimestamp: now,
		readyCondition: &c, leaseRenewTime: health.leaseRenewTime}
	ds.AddAbout("node/"+node.Name, "tryUpdateNodeHealth",
		fmt.Sprintf("now %s > last heartbeat seen %s + grace %s", now.UTC().Format(time.RFC3339),
			health.probeTimestamp.UTC().Format(time.RFC3339), gracePeriod),
		fmt.Sprintf("node %s: Ready %s → Unknown (%s: %s)", node.Name, observed.Status, ReasonNodeStatusUnknown, MessageNodeStatusUnknown)).
		Say("nodelifecycle.nodeUnknown", controller.Name("node", node.Name), controller.Duration("grace", gracePeriod))
	return node, gracePeriod, observed, current, detail + "; now Unknown"
}

// processTaintBaseEviction models Controller.processTaintBaseEviction,
// acting on the Ready condition as observed at the start of the pass.
func (nc *Controller) processTaintBaseEviction(node *api.Node, observed api.NodeCondition, ds *controller.Decisions) {
	now := nc.ctx.Clock.Now()
	switch observed.Status {
	case api.ConditionFalse:
		if taintExists(node.Spec.Taints, UnreachableTaintTemplate) {
			ok := swapNodeControllerTaint(nc.ctx.Server, node.Name, []api.Taint{NotReadyTaintTemplate}, []api.Taint{UnreachableTaintTemplate}, now)
			ds.AddAbout("node/"+node.Name, "processTaintBaseEviction", "Ready=False on a node tainted unreachable",
				fmt.Sprintf("node %s: swap %s for %s (ok=%t)", node.Name, api.TaintNodeUnreachable, api.TaintNodeNotReady, ok)).
				Say("nodelifecycle.swapToNotReady", controller.Name("node", node.Name), controller.Name("from", api.TaintNodeUnreachable), controller.Name("to", api.TaintNodeNotReady))
		} else if nc.markNodeForTainting(node, api.ConditionFalse) {
			ds.AddAbout("node/"+node.Name, "processTaintBaseEviction", "Ready=False", "node "+node.Name+" queued for the "+api.TaintNodeNotReady+":NoExecute taint").
				Say("nodelifecycle.queueNotReadyTaint", controller.Name("node", node.Name), controller.Name("taint", api.TaintNodeNotReady))
		}
	case api.ConditionUnknown:
		if taintExists(node.Spec.Taints, NotReadyTaintTemplate) {
			ok := swapNodeControllerTaint(nc.ctx.Server, node.Name, []api.Taint{UnreachableTaintTemplate}, []api.Taint{NotReadyTaintTemplate}, now)
			ds.AddAbout("node/"+node.Name, "processTaintBaseEviction", "Ready=Unknown on a node tainted not-ready",
				fmt.Sprintf("node %s: swap %s for %s (ok=%t)", node.Name, api.TaintNodeNotReady, api.TaintNodeUnreachable, ok)).
				Say("nodelifecycle.swapToUnreachable", controller.Name("node", node.Name), controller.Name("from", api.TaintNodeNotReady), controller.Name("to", api.TaintNodeUnreachable))
		} else if nc.markNodeForTainting(node, api.ConditionUnknown) {
			ds.AddAbout("node/"+node.Name, "processTaintBaseEviction", "Ready=Unknown", "node "+node.Name+" queued for the "+api.TaintNodeUnreachable+":NoExecute taint").
				Say("nodelifecycle.queueUnreachableTaint", controller.Name("node", node.Name), controller.Name("taint", api.TaintNodeUnreachable))
		}
	case api.ConditionTrue:
		if removed := nc.markNodeAsReachable(node); removed {
			ds.AddAbout("node/"+node.Name, "processTaintBaseEviction", "Ready=True", "node "+node.Name+" is healthy again: NoExecute taints removed").
				Say("nodelifecycle.healthyAgain", controller.Name("node", node.Name))
		}
	}
}

// markNodeForTainting models Controller.markNodeForTainting.
func (nc *Controller) markNodeForTainting(node *api.Node, status api.ConditionStatus) bool {
	q := nc.zoneNoExecuteTainter[zoneKey(node)]
	if q == nil {
		return false
	}
	if status == api.ConditionFalse && !taintExists(node.Spec.Taints, NotReadyTaintTemplate) {
		q.remove(node.Name)
	}
	if status == api.ConditionUnknown && !taintExists(node.Spec.Taints, UnreachableTaintTemplate) {
		q.remove(node.Name)
	}
	return q.add(node.Name, node.UID, nc.ctx.Clock.Now())
}

// markNodeAsReachable models Controller.markNodeAsReachable: both NoExecute
// taints go, and the node leaves the tainting queue. It reports whether the
// node was in the queue's set.
func (nc *Controller) markNodeAsReachable(node *api.Node) bool {
	if taintExists(node.Spec.Taints, UnreachableTaintTemplate) || taintExists(node.Spec.Taints, NotReadyTaintTemplate) {
		swapNodeControllerTaint(nc.ctx.Server, node.Name, nil, []api.Taint{UnreachableTaintTemplate, NotReadyTaintTemplate}, nc.ctx.Clock.Now())
	}
	q := nc.zoneNoExecuteTainter[zoneKey(node)]
	if q == nil {
		return false
	}
	return q.remove(node.Name)
}

// Zones and their eviction rate, from node_lifecycle_controller.go: the
// per-zone NoExecute tainter (doNoExecuteTaintingPass), the zone states of
// handleDisruption and the limiter each state sets, and the zone key
// (k8s.io/component-helpers/node/topology.GetZoneKey).

package nodelifecycle

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// addPodEvictorForNewZone models Controller.addPodEvictorForNewZone.
func (nc *Controller) addPodEvictorForNewZone(node *api.Node) {
	z := zoneKey(node)
	if _, ok := nc.zoneStates[z]; !ok {
		nc.zoneStates[z] = stateInitial
		nc.zoneNoExecuteTainter[z] = newRateLimitedTimedQueue(nc.opts.EvictionLimiterQPS)
	}
}

// doNoExecuteTaintingPass models Controller.doNoExecuteTaintingPass, which
// upstream runs every 100 ms; here it runs after each health pass and when
// a rate-limited queue can move again.
func (nc *Controller) doNoExecuteTaintingPass(ds *controller.Decisions) {
	now := nc.ctx.Clock.Now()
	var next time.Time
	for _, z := range sortedKeys(nc.zoneNoExecuteTainter) {
		q := nc.zoneNoExecuteTainter[z]
		q.try(now, func(v timedValue) (bool, time.Duration) {
			node, ok := controller.GetAs[*api.Node](nc.nodes, "", v.value)
			if !ok {
				return true, 0 // no longer present
			}
			cond := api.GetNodeCondition(&node.Status, api.NodeReady)
			if cond == nil {
				return false, 50 * time.Millisecond
			}
			var add, opposite api.Taint
			switch cond.Status {
			case api.ConditionFalse:
				add, opposite = NotReadyTaintTemplate, UnreachableTaintTemplate
			case api.ConditionUnknown:
				add, opposite = UnreachableTaintTemplate, NotReadyTaintTemplate
			default:
				return true, 0 // ready again: nothing to taint
			}
			ok = swapNodeControllerTaint(nc.ctx.Server, node.Name, []api.Taint{add}, []api.Taint{opposite}, now)
			ds.AddAbout("node/"+node.Name, "doNoExecuteTaintingPass",
				fmt.Sprintf("node-eviction-rate %g nodes/s in zone %q", q.limiter.qps, z),
				fmt.Sprintf("node %s: taint %s:%s (ok=%t)", node.Name, add.Key, add.Effect, ok)).
				Say("nodelifecycle.noExecuteTaint", controller.Name("node", node.Name), controller.Name("taint", add.Key), controller.Name("zone", z))
			return ok, 0
		})
		if t, ok := q.nextWake(); ok && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	if !next.IsZero() {
		d := next.Sub(now)
		if d < nodeEvictionPeriod {
			d = nodeEvictionPeriod
		}
		nc.queue.AddAfter(keyTainting, d)
	}
}

// handleDisruption models Controller.handleDisruption: zone states and the
// tainting rate that goes with them.
func (nc *Controller) handleDisruption(zoneToNodeConditions map[string][]*api.NodeCondition, nodes []*api.Node, ds *controller.Decisions) {
	now := nc.ctx.Clock.Now()
	newStates := map[string]zoneState{}
	allAreFullyDisrupted := true
	for _, z := range sortedKeys(zoneToNodeConditions) {
		_, st := nc.computeZoneState(zoneToNodeConditions[z])
		if st != stateFullDisruption {
			allAreFullyDisrupted = false
		}
		newStates[z] = st
		if _, had := nc.zoneStates[z]; !had {
			nc.zoneStates[z] = stateInitial
		}
	}
	allWasFullyDisrupted := true
	for _, z := range sortedKeys(nc.zoneStates) {
		if _, have := zoneToNodeConditions[z]; !have {
			delete(nc.zoneStates, z)
			continue
		}
		if nc.zoneStates[z] != stateFullDisruption {
			allWasFullyDisrupted = false
			break
		}
	}
	if allAreFullyDisrupted && allWasFullyDisrupted {
		return
	}
	if allAreFullyDisrupted {
		for _, n := range nodes {
			nc.markNodeAsReachable(n)
		}
		for _, z := range sortedKeys(nc.zoneStates) {
			nc.zoneNoExecuteTainter[z].swapLimiter(0, now)
			nc.zoneStates[z] = stateFullDisruption
		}
		ds.Add("handleDisruption", "every node of every zone is not Ready",
			"entering master disruption mode: NoExecute taints removed, tainting stopped").
			Say("nodelifecycle.masterDisruption")
		return
	}
	if allWasFullyDisrupted {
		for _, n := range nodes {
			if h := nc.nodeHealth[n.Name]; h != nil {
				h.probeTimestamp, h.readyTransitionTimestamp = now, now
			}
		}
		for _, z := range sortedKeys(nc.zoneStates) {
			nc.setLimiterInZone(z, len(zoneToNodeConditions[z]), newStates[z])
			nc.zoneStates[z] = newStates[z]
		}
		ds.Add("handleDisruption", "some node is Ready again", "exiting master disruption mode").
			Say("nodelifecycle.masterDisruptionOver")
		return
	}
	for _, z := range sortedKeys(nc.zoneStates) {
		if nc.zoneStates[z] == newStates[z] {
			continue
		}
		nc.setLimiterInZone(z, len(zoneToNodeConditions[z]), newStates[z])
		if newStates[z] != stateNormal || nc.zoneStates[z] != stateInitial {
			ds.Add("handleDisruption", "", fmt.Sprintf("zone %q is now %s", z, newStates[z])).
				SayMessage(zoneStateMessage(z, newStates[z]))
		}
		nc.zoneStates[z] = newStates[z]
	}
}

// zoneStateMessage is the plain sentence for a zone's new state.
func zoneStateMessage(zone string, st zoneState) *controller.Message {
	switch st {
	case stateNormal:
		return controller.Msg("nodelifecycle.zoneNormal", controller.Name("zone", zone))
	case statePartialDisruption:
		return controller.Msg("nodelifecycle.zonePartialDisruption", controller.Name("zone", zone))
	case stateFullDisruption:
		return controller.Msg("nodelifecycle.zoneFullDisruption", controller.Name("zone", zone))
	}
	return controller.Msg("nodelifecycle.zoneState", controller.Name("zone", zone), controller.Name("state", string(st)))
}

// computeZoneState models Controller.ComputeZoneState.
func (nc *Controller) computeZoneState(conds []*api.NodeCondition) (int, zoneState) {
	ready, notReady := 0, 0
	for _, c := range conds {
		if c != nil && c.Status == api.ConditionTrue {
			ready++
		} else {
			notReady++
		}
	}
	switch {
	case ready == 0 && notReady > 0:
		return notReady, stateFullDisruption
	case notReady > 2 && float64(notReady)/float64(notReady+ready) >= nc.opts.UnhealthyZoneThreshold:
		return notReady, statePartialDisruption
	}
	return notReady, stateNormal
}

// setLimiterInZone models Controller.setLimiterInZone with ReducedQPSFunc
// and HealthyQPSFunc.
func (nc *Controller) setLimiterInZone(zone string, zoneSize int, st zoneState) {
	q := nc.zoneNoExecuteTainter[zone]
	if q == nil {
		return
	}
	now := nc.ctx.Clock.Now()
	switch st {
	case stateNormal, stateFullDisruption:
		q.swapLimiter(nc.opts.EvictionLimiterQPS, now)
	case statePartialDisruption:
		if zoneSize > nc.opts.LargeClusterThreshold {
			q.swapLimiter(nc.opts.SecondaryEvictionLimiterQPS, now)
		} else {
			q.swapLimiter(0, now)
		}
	}
}

// zoneKey models nodetopology.GetZoneKey: "" for a node without
// topology labels.
func zoneKey(n *api.Node) string {
	region := n.Labels["topology.kubernetes.io/region"]
	if region == "" {
		region = n.Labels["failure-domain.beta.kubernetes.io/region"]
	}
	zone := n.Labels["topology.kubernetes.io/zone"]
	if zone == "" {
		zone = n.Labels["failure-domain.beta.kubernetes.io/zone"]
	}
	if region == "" && zone == "" {
		return ""
	}
	return region + ":\x00:" + zone
}

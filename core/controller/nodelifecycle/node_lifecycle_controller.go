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

// ComponentName is the event source of the node lifecycle controller
// (record.EventSource{Component: "node-controller"}).
const ComponentName = "node-controller"

// Defaults of kube-controller-manager's node lifecycle flags (v1.37).
const (
	// DefaultNodeMonitorPeriod is --node-monitor-period.
	DefaultNodeMonitorPeriod = 5 * time.Second
	// DefaultNodeMonitorGracePeriod is --node-monitor-grace-period: 50 s
	// since v1.32 (kubernetes#126287; 40 s before).
	DefaultNodeMonitorGracePeriod = 50 * time.Second
	// DefaultNodeStartupGracePeriod is --node-startup-grace-period, for a
	// node whose kubelet never posted a Ready condition.
	DefaultNodeStartupGracePeriod = 60 * time.Second
	// DefaultEvictionLimiterQPS is --node-eviction-rate: nodes tainted per
	// second per zone.
	DefaultEvictionLimiterQPS = 0.1
	// DefaultSecondaryEvictionLimiterQPS is --secondary-node-eviction-rate,
	// used in a partially disrupted zone of a large cluster.
	DefaultSecondaryEvictionLimiterQPS = 0.01
	// DefaultLargeClusterThreshold is --large-cluster-size-threshold.
	DefaultLargeClusterThreshold = 50
	// DefaultUnhealthyZoneThreshold is --unhealthy-zone-threshold.
	DefaultUnhealthyZoneThreshold = 0.55
	// nodeEvictionPeriod is scheduler.NodeEvictionPeriod, how often the
	// NoExecute tainting pass runs.
	nodeEvictionPeriod = 100 * time.Millisecond
)

// The kubelets' node Leases, which this controller only reads.
const (
	// nodeLeaseNamespace is v1.NamespaceNodeLease.
	nodeLeaseNamespace = "kube-node-lease"
	// kubeletLeaseRenewInterval is how often a kubelet renews its Lease
	// (10 s, a quarter of its 40 s duration): a node silent for two of them
	// is called out in the decision record before it turns Unknown.
	kubeletLeaseRenewInterval = 10 * time.Second
)

// Condition reasons and messages the controller writes
// (tryUpdateNodeHealth).
const (
	ReasonNodeStatusUnknown      = "NodeStatusUnknown"
	MessageNodeStatusUnknown     = "Kubelet stopped posting node status."
	ReasonNodeStatusNeverUpdated = "NodeStatusNeverUpdated"
	MessageNodeStatusNeverUpdate = "Kubelet never posted node status."
)

// Options configures the controller; zero fields take the defaults above.
type Options struct {
	NodeMonitorPeriod           time.Duration
	NodeMonitorGracePeriod      time.Duration
	NodeStartupGracePeriod      time.Duration
	EvictionLimiterQPS          float64
	SecondaryEvictionLimiterQPS float64
	LargeClusterThreshold       int
	UnhealthyZoneThreshold      float64
}

func (o Options) withDefaults() Options {
	if o.NodeMonitorPeriod == 0 {
		o.NodeMonitorPeriod = DefaultNodeMonitorPeriod
	}
	if o.NodeMonitorGracePeriod == 0 {
		o.NodeMonitorGracePeriod = DefaultNodeMonitorGracePeriod
	}
	if o.NodeStartupGracePeriod == 0 {
		o.NodeStartupGracePeriod = DefaultNodeStartupGracePeriod
	}
	if o.EvictionLimiterQPS == 0 {
		o.EvictionLimiterQPS = DefaultEvictionLimiterQPS
	}
	if o.SecondaryEvictionLimiterQPS == 0 {
		o.SecondaryEvictionLimiterQPS = DefaultSecondaryEvictionLimiterQPS
	}
	if o.LargeClusterThreshold == 0 {
		o.LargeClusterThreshold = DefaultLargeClusterThreshold
	}
	if o.UnhealthyZoneThreshold == 0 {
		o.UnhealthyZoneThreshold = DefaultUnhealthyZoneThreshold
	}
	return o
}

// zoneState is ZoneState.
type zoneState string

const (
	stateInitial           zoneState = "Initial"
	stateNormal            zoneState = "Normal"
	stateFullDisruption    zoneState = "FullDisruption"
	statePartialDisruption zoneState = "PartialDisruption"
)

// Work queue keys.
const (
	keyMonitor  = "monitorNodeHealth"
	keyTainting = "doNoExecuteTaintingPass"
	prefixNode  = "node/"
	prefixPod   = "pod/"
)

// nodeHealthData is the controller's memory of a node's last heartbeat.
type nodeHealthData struct {
	probeTimestamp           time.Time
	readyTransitionTimestamp time.Time
	readyCondition           *api.NodeCondition // the Ready condition last seen
	leaseRenewTime           *time.Time
}

// Controller models the node lifecycle controller
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go):
//
//   - monitorNodeHealth, every 5 s: a node whose kubelet has neither renewed
//     its Lease in kube-node-lease nor posted a new Ready heartbeat for more
//     than the grace period (50 s) gets its Ready, MemoryPressure,
//     DiskPressure and PIDPressure conditions set to Unknown
//     ("NodeStatusUnknown", "Kubelet stopped posting node status."), a
//     NodeNotReady event, and its pods marked not Ready (NodeNotReady event
//     on each pod). "Since" is measured from when the controller saw the
//     last renewal, as upstream (probeTimestamp), not from renewTime;
//   - at the next pass the node is queued for the NoExecute taint
//     node.kubernetes.io/unreachable (Ready Unknown) or not-ready (Ready
//     False); the queue is drained at node-eviction-rate, 0.1 nodes per
//     second per zone (one node at once, the next 10 s later). The taint
//     eviction controller then evicts the pods that do not tolerate it;
//   - once the kubelet reports Ready again, the pass removes the NoExecute
//     taints;
//   - on every node change, the NoSchedule taints follow the conditions and
//     spec.unschedulable (doNoScheduleTaintingPass: TaintNodesByCondition),
//     and the beta os/arch labels follow the stable ones;
//   - when every node of every zone is not Ready the controller assumes
//     the control plane, not the nodes, is cut off: it removes the NoExecute
//     taints and stops tainting (handleDisruption, "master disruption mode").
//
// Kubelets, not this controller, set conditions back to True.
type Controller struct {
	ctx      *controller.Context
	opts     Options
	queue    *controller.Queue
	recorder *controller.Recorder
	nodes    *controller.Store
	pods     *controller.Store
	leases   *controller.Store

	knownNodes           map[string]string // name → uid
	nodeHealth           map[string]*nodeHealthData
	zoneNoExecuteTainter map[string]*rateLimitedTimedQueue
	zoneStates           map[string]zoneState
	nodesToRetry         map[string]bool
}

var (
	nodeKind  = api.KindOf(&api.Node{})
	podKind   = api.KindOf(&api.Pod{})
	leaseKind = api.KindOf(&api.Lease{})
)

// New returns the node lifecycle controller, registered with the
// context's informers; its first health pass runs at once.
func New(ctx *controller.Context, opts Options) *Controller {
	nc := &Controller{
		ctx:                  ctx,
		opts:                 opts.withDefaults(),
		queue:                ctx.NewQueue(),
		recorder:             ctx.Recorder(ComponentName, ""),
		nodes:                ctx.Informers.Lister(nodeKind),
		pods:                 ctx.Informers.Lister(podKind),
		leases:               ctx.Informers.Lister(leaseKind),
		knownNodes:           map[string]string{},
		nodeHealth:           map[string]*nodeHealthData{},
		zoneNoExecuteTainter: map[string]*rateLimitedTimedQueue{},
		zoneStates:           map[string]zoneState{},
		nodesToRetry:         map[string]bool{},
	}
	ctx.Informers.AddHandler(nodeKind, controller.Handler{
		Add:    func(obj api.Object) { nc.queue.Add(prefixNode + obj.GetObjectMeta().Name) },
		Update: func(_, cur api.Object) { nc.queue.Add(prefixNode + cur.GetObjectMeta().Name) },
		Delete: func(obj api.Object) { delete(nc.nodesToRetry, obj.GetObjectMeta().Name) },
	})
	ctx.Informers.AddHandler(podKind, controller.Handler{
		Add:    func(obj api.Object) { nc.podUpdated(nil, obj.(*api.Pod)) },
		Update: func(old, cur api.Object) { nc.podUpdated(old.(*api.Pod), cur.(*api.Pod)) },
	})
	for _, key := range nc.nodes.Keys() {
		nc.queue.Add(prefixNode + key)
	}
	nc.queue.Add(keyMonitor)
	return nc
}

// Name implements controller.Controller.
func (nc *Controller) Name() string { return ComponentName }

// Queue implements controller.Controller.
func (nc *Controller) Queue() *controller.Queue { return nc.queue }

// MaxRetries implements controller.Controller.
func (nc *Controller) MaxRetries() int { return 0 }

// podUpdated models Controller.podUpdated: a pod newly assigned to a node
// is checked against the node's health (processPod).
func (nc *Controller) podUpdated(old, cur *api.Pod) {
	if cur.Spec.NodeName != "" && (old == nil || old.Spec.NodeName != cur.Spec.NodeName) {
		nc.queue.Add(prefixPod + controller.KeyOf(cur))
	}
}

// Sync implements controller.Controller.
func (nc *Controller) Sync(key string, ds *controller.Decisions) error {
	switch {
	case key == keyMonitor:
		nc.monitorNodeHealth(ds)
		nc.queue.AddAfter(keyMonitor, nc.opts.NodeMonitorPeriod)
		return nil
	case key == keyTainting:
		nc.doNoExecuteTaintingPass(ds)
		return nil
	case strings.HasPrefix(key, prefixNode):
		name := strings.TrimPrefix(key, prefixNode)
		nc.doNoScheduleTaintingPass(name, ds)
		nc.reconcileNodeLabels(name, ds)
		return nil
	case strings.HasPrefix(key, prefixPod):
		nc.processPod(strings.TrimPrefix(key, prefixPod), ds)
		return nil
	}
	return nil
}

// nodeConditionToTaintKey maps {condition: {status: taint key}}
// (nodeConditionToTaintKeyStatusMap).
var nodeConditionToTaintKey = map[api.NodeConditionType]map[api.ConditionStatus]string{
	api.NodeReady:              {api.ConditionFalse: api.TaintNodeNotReady, api.ConditionUnknown: api.TaintNodeUnreachable},
	api.NodeMemoryPressure:     {api.ConditionTrue: api.TaintNodeMemoryPressure},
	api.NodeDiskPressure:       {api.ConditionTrue: api.TaintNodeDiskPressure},
	api.NodeNetworkUnavailable: {api.ConditionTrue: api.TaintNodeNetworkUnavailable},
	api.NodePIDPressure:        {api.ConditionTrue: api.TaintNodePIDPressure},
}

// conditionTaintKeys is taintKeyToNodeConditionMap's key set.
var conditionTaintKeys = map[string]bool{
	api.TaintNodeNotReady: true, api.TaintNodeUnreachable: true, api.TaintNodeNetworkUnavailable: true,
	api.TaintNodeMemoryPressure: true, api.TaintNodeDiskPressure: true, api.TaintNodePIDPressure: true,
}

// doNoScheduleTaintingPass models Controller.doNoScheduleTaintingPass: the
// node's NoSchedule condition taints and its unschedulable taint are made
// to match its conditions and spec.unschedulable.
func (nc *Controller) doNoScheduleTaintingPass(name string, ds *controller.Decisions) {
	node, ok := controller.GetAs[*api.Node](nc.nodes, "", name)
	if !ok {
		return
	}
	var want []api.Taint
	for _, c := range node.Status.Conditions {
		if key, ok := nodeConditionToTaintKey[c.Type][c.Status]; ok {
			want = append(want, api.Taint{Key: key, Effect: api.TaintEffectNoSchedule})
		}
	}
	if node.Spec.Unschedulable {
		want = append(want, api.Taint{Key: api.TaintNodeUnschedulable, Effect: api.TaintEffectNoSchedule})
	}
	var have []api.Taint
	for _, t := range node.Spec.Taints {
		if t.Effect == api.TaintEffectNoSchedule && (t.Key == api.TaintNodeUnschedulable || conditionTaintKeys[t.Key]) {
			have = append(have, t)
		}
	}
	var toAdd, toDel []api.Taint
	for _, t := range want {
		if !taintExists(have, t) {
			toAdd = append(toAdd, t)
		}
	}
	for _, t := range have {
		if !taintExists(want, t) {
			toDel = append(toDel, t)
		}
	}
	if len(toAdd) == 0 && len(toDel) == 0 {
		return
	}
	ok = swapNodeControllerTaint(nc.ctx.Server, name, toAdd, toDel, nc.ctx.Clock.Now())
	added, removed := controller.FormatTaints(toAdd), controller.FormatTaints(toDel)
	ds.AddAbout("node/"+name, "doNoScheduleTaintingPass", "NoSchedule taints follow the conditions and spec.unschedulable",
		fmt.Sprintf("node %s: add %s, remove %s (ok=%t)", name, added, removed, ok)).
		Say("nodelifecycle.noScheduleTaints", controller.Name("node", name), controller.Name("added", added), controller.Name("removed", removed))
}

// labelReconcileInfo: the beta label follows the stable one.
var labelReconcileInfo = []struct{ primary, secondary string }{
	{"kubernetes.io/os", "beta.kubernetes.io/os"},
	{"kubernetes.io/arch", "beta.kubernetes.io/arch"},
}

// reconcileNodeLabels models Controller.reconcileNodeLabels.
func (nc *Controller) reconcileNodeLabels(name string, ds *controller.Decisions) {
	node, ok := controller.GetAs[*api.Node](nc.nodes, "", name)
	if !ok || node.Labels == nil {
		return
	}
	update := map[string]string{}
	for _, r := range labelReconcileInfo {
		p, ok := node.Labels[r.primary]
		if !ok {
			continue
		}
		if s, ok := node.Labels[r.secondary]; !ok || s != p {
			update[r.secondary] = p
		}
	}
	if len(update) == 0 {
		return
	}
	fresh, err := apiserver.GetAs[*api.Node](nc.ctx.Server, "", name)
	if err != nil {
		return
	}
	keys := make([]string, 0, len(update))
	for k, v := range update {
		fresh.Labels[k] = v
		keys = append(keys, k+"="+v)
	}
	sort.Strings(keys)
	_, err = nc.ctx.Server.Update(fresh)
	set := strings.Join(keys, ",")
	ds.AddAbout("node/"+name, "reconcileNodeLabels", "beta os/arch labels follow the stable ones",
		fmt.Sprintf("node %s: set %s (err=%v)", name, set, err)).
		Say("nodelifecycle.betaLabels", controller.Name("node", name), controller.Name("labels", set))
}

// processPod models Controller.processPod: a pod assigned to a node that
// is not Ready is marked not Ready at once.
func (nc *Controller) processPod(podKey string, ds *controller.Decisions) {
	ns, name := controller.SplitKey(podKey)
	pod, ok := controller.GetAs[*api.Pod](nc.pods, ns, name)
	if !ok {
		return
	}
	health := nc.nodeHealth[pod.Spec.NodeName]
	if health == nil {
		return
	}
	if _, ok := controller.GetAs[*api.Node](nc.nodes, "", pod.Spec.NodeName); !ok {
		return
	}
	if health.readyCondition == nil || health.readyCondition.Status == api.ConditionTrue {
		return
	}
	nc.markPodsNotReady([]*api.Pod{pod}, pod.Spec.NodeName, ds)
}

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
		node := api.DeepCopy(n)
		gracePeriod, observed, current, detail := nc.tryUpdateNodeHealth(node, now, ds)
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
// conditions as Unknown. It returns the grace period, the Ready condition
// as observed before and as it is after, and a line for the decision.
func (nc *Controller) tryUpdateNodeHealth(node *api.Node, now time.Time, ds *controller.Decisions) (time.Duration, api.NodeCondition, *api.NodeCondition, string) {
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
		return gracePeriod, observed, current, detail
	}

	// Ready condition or lease last set longer ago than gracePeriod: mark
	// the conditions Unknown (NetworkUnavailable is the network plugin's).
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
		return gracePeriod, observed, current, detail
	}
	// Write the conditions onto the stored node (the cached copy may
	// predate a write of this pass).
	fresh, err := apiserver.GetAs[*api.Node](nc.ctx.Server, "", node.Name)
	if err == nil {
		fresh.Status.Conditions = node.Status.Conditions
		_, err = nc.ctx.Server.UpdateStatus(fresh)
	}
	if err != nil {
		return gracePeriod, observed, current, detail + "; status update failed: " + err.Error()
	}
	c := *current
	nc.nodeHealth[node.Name] = &nodeHealthData{probeTimestamp: health.probeTimestamp, readyTransitionTimestamp: now,
		readyCondition: &c, leaseRenewTime: health.leaseRenewTime}
	ds.AddAbout("node/"+node.Name, "tryUpdateNodeHealth",
		fmt.Sprintf("now %s > last heartbeat seen %s + grace %s", now.UTC().Format(time.RFC3339),
			health.probeTimestamp.UTC().Format(time.RFC3339), gracePeriod),
		fmt.Sprintf("node %s: Ready %s → Unknown (%s: %s)", node.Name, observed.Status, ReasonNodeStatusUnknown, MessageNodeStatusUnknown)).
		Say("nodelifecycle.nodeUnknown", controller.Name("node", node.Name), controller.Duration("grace", gracePeriod))
	return gracePeriod, observed, current, detail + "; now Unknown"
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

// markPodsNotReady models controllerutil.MarkPodsNotReady: each pod's
// Ready condition becomes False, with a NodeNotReady warning on the pod.
// It reports whether every write succeeded.
func (nc *Controller) markPodsNotReady(pods []*api.Pod, nodeName string, ds *controller.Decisions) bool {
	now := api.NewTime(nc.ctx.Clock.Now())
	okAll := true
	var marked []string
	for _, p := range pods {
		if p.Spec.NodeName != nodeName {
			continue
		}
		pod := api.DeepCopy(p)
		for i := range pod.Status.Conditions {
			c := &pod.Status.Conditions[i]
			if c.Type != api.PodReady {
				continue
			}
			if c.Status == api.ConditionFalse {
				break // unchanged: UpdatePodCondition reports no change
			}
			c.Status = api.ConditionFalse
			c.LastTransitionTime = now
			c.ObservedGeneration = pod.Generation
			pod.ResourceVersion = ""
			if _, err := nc.ctx.Server.UpdateStatus(pod); err != nil {
				if apiserver.IsNotFound(err) {
					break
				}
				okAll = false
			}
			nc.recorder.Event(pod, api.EventTypeWarning, "NodeNotReady", "Node is not ready")
			marked = append(marked, controller.KeyOf(pod))
			break
		}
	}
	if len(marked) > 0 {
		notReady := strings.Join(marked, ", ")
		ds.AddAbout("node/"+nodeName, "MarkPodsNotReady", "node "+nodeName+" is not Ready", "Ready=False on "+notReady).
			Say("nodelifecycle.podsNotReady", controller.Name("node", nodeName), controller.Name("pods", notReady))
	}
	return okAll
}

// recordNodeEvent models controllerutil.RecordNodeEvent: an event about
// the node, "Node <name> event: <message>".
func (nc *Controller) recordNodeEvent(name, uid, reason, message string) {
	ref := &api.Node{ObjectMeta: api.ObjectMeta{Name: name, UID: uid}}
	nc.recorder.Eventf(ref, api.EventTypeNormal, reason, "Node %s event: %s", name, message)
}

// recordNodeStatusChange models controllerutil.RecordNodeStatusChange.
func (nc *Controller) recordNodeStatusChange(node *api.Node, newStatus string) {
	ref := &api.Node{ObjectMeta: api.ObjectMeta{Name: node.Name, UID: node.UID}}
	nc.recorder.Eventf(ref, api.EventTypeNormal, newStatus, "Node %s status is now: %s", node.Name, newStatus)
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

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

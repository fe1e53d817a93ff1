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

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

package scheduler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// The Filter plugins of the default profile that the playground has objects
// for, in the order kube-scheduler runs them
// (pkg/scheduler/apis/config/v1/default_plugins.go): a node is rejected by
// the first plugin that fails, which alone reports its reasons.
const (
	pluginNodeUnschedulable = "NodeUnschedulable"
	pluginTaintToleration   = "TaintToleration"
	pluginNodeAffinity      = "NodeAffinity"
	pluginNodePorts         = "NodePorts"
	pluginNodeResourcesFit  = "NodeResourcesFit"
)

// The filter reasons, word for word as v1.37 kube-scheduler reports them.
const (
	// nodeunschedulable.ErrReasonUnschedulable
	ErrReasonUnschedulable = "node(s) were unschedulable"
	// tainttoleration.Filter (v1.35+; older releases named the taint:
	// "node(s) had untolerated taint {key: value}")
	ErrReasonUntoleratedTaint = "node(s) had untolerated taint(s)"
	// nodeaffinity.ErrReasonPod
	ErrReasonNodeAffinity = "node(s) didn't match Pod's node affinity/selector"
	// nodeports.ErrReason
	ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports"
	// noderesources fitsRequest
	ErrReasonTooManyPods        = "Too many pods"
	ErrReasonInsufficientCPU    = "Insufficient cpu"
	ErrReasonInsufficientMemory = "Insufficient memory"
)

// code is fwk.Code, for the two failing codes a filter returns.
type code int

const (
	// unschedulable: preemption might help (fwk.Unschedulable).
	unschedulable code = iota + 1
	// unresolvable: nothing but a change of the node helps
	// (fwk.UnschedulableAndUnresolvable).
	unresolvable
)

// status is a failed filter's fwk.Status: the plugin, its code, its
// reasons, and a human detail for the decision record.
type status struct {
	plugin  string
	code    code
	reasons []string
	detail  string
}

// newStatus is a filter's failure with one reason, as every plugin makes
// it upstream: fwk.NewStatus(code, reason).WithPlugin(plugin). detail is
// the decision record's explanation, not part of the status message.
func newStatus(plugin string, c code, reason, detail string) *status {
	return &status{plugin: plugin, code: c, reasons: []string{reason}, detail: detail}
}

// podFacts is what every filter and score needs to know about the pod being
// scheduled, computed once per cycle (the PreFilter step).
type podFacts struct {
	pod      *api.Pod
	requests resources
	nonZero  resources
	ports    []hostPort
	owner    string
	affinity *affinityState // nil: no pod affinity rule applies
	spread   *spreadState   // nil: no DoNotSchedule topology spread constraint
	pods     spreadPods     // the namespace's assigned pods by node, when the pod has spread constraints
	// podScore is InterPodAffinity's PreScore state, nil when the plugin
	// is skipped.
	podScore topologyScore
}

func newPodFacts(pod *api.Pod) *podFacts {
	f := &podFacts{pod: pod, requests: podRequests(pod, false), nonZero: podRequests(pod, true), ports: podHostPorts(pod)}
	if ref := pod.ControllerRef(); ref != nil {
		f.owner = ref.UID
	}
	return f
}

// runFilters models frameworkImpl.RunFilterPlugins: the plugins in order,
// stopping at the first failure. nil means the node fits. detailed asks for
// the arithmetic of a resource misfit in the status's detail, which only a
// decision listing every node shows.
func runFilters(f *podFacts, node *api.Node, ni *nodeInfo, detailed bool) *status {
	if s := filterNodeUnschedulable(f.pod, node); s != nil {
		return s
	}
	if s := filterTaintToleration(f.pod, node); s != nil {
		return s
	}
	if s := filterNodeAffinity(f.pod, node); s != nil {
		return s
	}
	if s := filterNodePorts(f, ni); s != nil {
		return s
	}
	if s := filterNodeResourcesFit(f, ni, detailed); s != nil {
		return s
	}
	// A plugin whose PreFilter found nothing to check (a nil state) is
	// left out, as the framework leaves out the Filter of a plugin whose
	// PreFilter returned Skip (CycleState.SkipFilterPlugins).
	if f.spread != nil {
		if s := f.spread.filter(f.pod, node); s != nil {
			return s
		}
	}
	if f.affinity != nil {
		return f.affinity.filter(f.pod, node)
	}
	return nil
}

// filterNodeUnschedulable models nodeunschedulable.Filter: a cordoned node
// takes only pods tolerating node.kubernetes.io/unschedulable:NoSchedule.
func filterNodeUnschedulable(pod *api.Pod, node *api.Node) *status {
	if !node.Spec.Unschedulable {
		return nil
	}
	t := api.Taint{Key: api.TaintNodeUnschedulable, Effect: api.TaintEffectNoSchedule}
	if api.TolerationsTolerateTaint(pod.Spec.Tolerations, &t) {
		return nil
	}
	return newStatus(pluginNodeUnschedulable, unresolvable, ErrReasonUnschedulable,
		"node is cordoned (spec.unschedulable)")
}

// filterTaintToleration models tainttoleration.Filter: the first NoSchedule
// or NoExecute taint the pod does not tolerate rejects the node. That is how
// a NotReady or unreachable node is kept out: the node lifecycle controller
// taints it (TaintNodesByCondition) and the scheduler reads no conditions.
func filterTaintToleration(pod *api.Pod, node *api.Node) *status {
	t, ok := api.FindMatchingUntoleratedTaint(node.Spec.Taints, pod.Spec.Tolerations, doNotScheduleTaint)
	if !ok {
		return nil
	}
	return newStatus(pluginTaintToleration, unresolvable, ErrReasonUntoleratedTaint,
		fmt.Sprintf("untolerated taint {%s: %s}:%s", t.Key, t.Value, t.Effect))
}

// doNotScheduleTaint is helper.DoNotScheduleTaintsFilterFunc.
func doNotScheduleTaint(t *api.Taint) bool {
	return t.Effect == api.TaintEffectNoSchedule || t.Effect == api.TaintEffectNoExecute
}

// filterNodeAffinity models nodeaffinity.Filter: the node must carry every
// label of spec.nodeSelector and match one of the terms of
// spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution
// (GetRequiredNodeAffinity.Match). Both failures read the same.
func filterNodeAffinity(pod *api.Pod, node *api.Node) *status {
	if !nodeMatchesSelector(pod, node) {
		return newStatus(pluginNodeAffinity, unresolvable, ErrReasonNodeAffinity,
			"labels do not match spec.nodeSelector "+formatSelector(pod.Spec.NodeSelector))
	}
	if a := pod.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		if !nodeMatchesTerms(node, a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms) {
			return newStatus(pluginNodeAffinity, unresolvable, ErrReasonNodeAffinity,
				"no term of the required node affinity matches the node")
		}
	}
	return nil
}

func nodeMatchesSelector(pod *api.Pod, node *api.Node) bool {
	for k, v := range pod.Spec.NodeSelector {
		if lv, ok := node.Labels[k]; !ok || lv != v {
			return false
		}
	}
	return true
}

func formatSelector(m map[string]string) string {
	parts := make([]string, 0, len(m))
	for k, v := range m {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// filterNodePorts models nodeports.Filter: a host port already used on the
// node (same protocol and port, overlapping IP) rejects it.
func filterNodePorts(f *podFacts, ni *nodeInfo) *status {
	for _, want := range f.ports {
		for _, used := range ni.ports {
			if want.conflicts(used) {
				return newStatus(pluginNodePorts, unschedulable, ErrReasonNodePorts,
					fmt.Sprintf("host port %s/%d is in use", want.protocol, want.port))
			}
		}
	}
	return nil
}

// filterNodeResourcesFit models noderesources.Fit.Filter and fitsRequest:
// one more pod must fit under allocatable pods, and each requested resource
// under allocatable minus what the node's pods already request. A request
// larger than the whole allocatable can never fit, which makes the status
// unresolvable (preemption is not helpful).
func filterNodeResourcesFit(f *podFacts, ni *nodeInfo, detailed bool) *status {
	alloc, maxPods := ni.alloc, ni.allocPods
	var failed fitReasons
	var details []string
	c := unschedulable
	if int64(ni.pods)+1 > maxPods {
		failed |= fitTooManyPods
		if detailed {
			details = append(details, fmt.Sprintf("pods %d+1 > %d", ni.pods, maxPods))
		}
	}
	if f.requests.milliCPU > 0 && f.requests.milliCPU > alloc.milliCPU-ni.requested.milliCPU {
		failed |= fitInsufficientCPU
		if detailed {
			details = append(details, fmt.Sprintf("cpu %s+%s > %s", formatCPU(ni.requested.milliCPU),
				formatCPU(f.requests.milliCPU), formatCPU(alloc.milliCPU)))
		}
		if f.requests.milliCPU > alloc.milliCPU {
			c = unresolvable
		}
	}
	if f.requests.memory > 0 && f.requests.memory > alloc.memory-ni.requested.memory {
		failed |= fitInsufficientMemory
		if detailed {
			details = append(details, fmt.Sprintf("memory %s+%s > %s", formatMemory(ni.requested.memory),
				formatMemory(f.requests.memory), formatMemory(alloc.memory)))
		}
		if f.requests.memory > alloc.memory {
			c = unresolvable
		}
	}
	if failed == 0 {
		return nil
	}
	if !detailed {
		return fitStatuses[c-unschedulable][failed]
	}
	return &status{plugin: pluginNodeResourcesFit, code: c, reasons: failed.reasons(), detail: strings.Join(details, ", ")}
}

// fitReasons is the set of reasons filterNodeResourcesFit fails a node for.
type fitReasons uint8

const (
	fitTooManyPods fitReasons = 1 << iota
	fitInsufficientCPU
	fitInsufficientMemory
	fitAllReasons
)

// reasons lists the set in the order the filter checks them.
func (r fitReasons) reasons() []string {
	var out []string
	for i, reason := range []string{ErrReasonTooManyPods, ErrReasonInsufficientCPU, ErrReasonInsufficientMemory} {
		if r&(1<<i) != 0 {
			out = append(out, reason)
		}
	}
	return out
}

// fitStatuses are filterNodeResourcesFit's statuses without a detail, by
// code and set of reasons. Statuses are only read, so the nodes that fail
// the same way share one: in a large cluster every pending pod is filtered
// against every node, and a full node fails it each time.
var fitStatuses = func() (t [2][fitAllReasons]*status) {
	for _, c := range []code{unschedulable, unresolvable} {
		for r := fitReasons(1); r < fitAllReasons; r++ {
			t[c-unschedulable][r] = &status{plugin: pluginNodeResourcesFit, code: c, reasons: r.reasons()}
		}
	}
	return t
}()

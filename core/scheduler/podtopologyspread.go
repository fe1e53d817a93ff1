package scheduler

import (
	"fmt"
	"math"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/controller"
)

// PodTopologySpread for the pod's own spec.topologySpreadConstraints
// (pkg/scheduler/framework/plugins/podtopologyspread): the DoNotSchedule
// constraints filter (filtering.go), the ScheduleAnyway ones score
// (scoring.go). A pod with no constraints of its own gets the system
// default constraint, scored in score.go.
//
// For each constraint the plugin counts, per topology domain (a value of
// topologyKey), the pods in the incoming pod's namespace that match its
// labelSelector, over the nodes that carry every constraint's key and
// pass its node inclusion policies (nodeAffinityPolicy Honor by default:
// the pod's nodeSelector and required node affinity; nodeTaintsPolicy
// Ignore by default). A node fits when
//
//	matching pods in its domain + 1 (if the pod matches itself) - the fewest in any domain <= maxSkew
//
// the fewest counting as 0 while there are fewer domains than minDomains.
// matchLabelKeys add `key in (the pod's value)` to the selector (the API
// server merges them into labelSelector since v1.34; the playground's
// does not, so the scheduler does).

const (
	pluginPodTopologySpread = "PodTopologySpread"
	// podtopologyspread ErrReasonConstraintsNotMatch and
	// ErrReasonNodeLabelNotMatch.
	ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints"
	ErrReasonNodeLabelNotMatch   = ErrReasonConstraintsNotMatch + " (missing required label)"

	labelHostname = "kubernetes.io/hostname"
)

// spreadConstraint is the plugin's topologySpreadConstraint.
type spreadConstraint struct {
	maxSkew       int32
	key           string
	minDomains    int32
	selector      labels.Selector
	honorAffinity bool
	honorTaints   bool
}

// spreadConstraints models filterTopologySpreadConstraints for one
// whenUnsatisfiable action.
func spreadConstraints(pod *api.Pod, action string) []spreadConstraint {
	var out []spreadConstraint
	for _, c := range pod.Spec.TopologySpreadConstraints {
		if string(c.WhenUnsatisfiable) != action {
			continue
		}
		ls := &api.LabelSelector{}
		if c.LabelSelector != nil {
			ls = &api.LabelSelector{MatchLabels: c.LabelSelector.MatchLabels,
				MatchExpressions: slices.Clone(c.LabelSelector.MatchExpressions)}
		}
		for _, k := range c.MatchLabelKeys {
			if v, ok := pod.Labels[k]; ok {
				ls.MatchExpressions = append(ls.MatchExpressions, api.LabelSelectorRequirement{Key: k, Operator: "In", Values: []string{v}})
			}
		}
		sel, err := labels.SelectorFromLabelSelector(ls)
		if err != nil || c.LabelSelector == nil {
			sel = labels.Nothing()
		}
		sc := spreadConstraint{maxSkew: c.MaxSkew, key: c.TopologyKey, minDomains: 1, selector: sel,
			honorAffinity: c.NodeAffinityPolicy == nil || *c.NodeAffinityPolicy == "Honor",
			honorTaints:   c.NodeTaintsPolicy != nil && *c.NodeTaintsPolicy == "Honor"}
		if c.MinDomains != nil {
			sc.minDomains = *c.MinDomains
		}
		out = append(out, sc)
	}
	return out
}

// includes models topologySpreadConstraint.matchNodeInclusionPolicies.
func (c *spreadConstraint) includes(pod *api.Pod, node *api.Node) bool {
	if c.honorAffinity && filterNodeAffinity(pod, node) != nil {
		return false
	}
	if c.honorTaints {
		if _, untolerated := api.FindMatchingUntoleratedTaint(node.Spec.Taints, pod.Spec.Tolerations, doNotScheduleTaint); untolerated {
			return false
		}
	}
	return true
}

// hasAllKeys models nodeLabelsMatchSpreadConstraints.
func hasAllKeys(node *api.Node, cs []spreadConstraint) bool {
	for _, c := range cs {
		if _, ok := node.Labels[c.key]; !ok {
			return false
		}
	}
	return true
}

// spreadPods is each node's assigned pods in the pod's namespace that
// count (not terminating, not finished: the scheduler cache drops those).
type spreadPods map[string][]*api.Pod

func newSpreadPods(pod *api.Pod, pods *controller.Store) spreadPods {
	out := spreadPods{}
	for _, p := range controller.ListAs[*api.Pod](pods, pod.Namespace, nil) {
		if p.Spec.NodeName == "" || p.UID == pod.UID || p.DeletionTimestamp != nil ||
			p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
			continue
		}
		out[p.Spec.NodeName] = append(out[p.Spec.NodeName], p)
	}
	return out
}

// count models countPodsMatchSelector.
func (sp spreadPods) count(node string, sel labels.Selector) int {
	n := 0
	for _, p := range sp[node] {
		if sel.Matches(labels.Set(p.Labels)) {
			n++
		}
	}
	return n
}

// spreadState is the filter's PreFilter state (preFilterState).
type spreadState struct {
	constraints []spreadConstraint
	pairs       map[topologyPair]int // TpPairToMatchNum
	domains     map[string]int       // TpKeyToDomainsNum
	fewest      map[string]int       // TpKeyToCriticalPaths[key][0].MatchNum
}

// newSpreadState models PodTopologySpread.PreFilter (calPreFilterState).
func newSpreadState(pod *api.Pod, nodes []snapshotNode, sp spreadPods) *spreadState {
	cs := spreadConstraints(pod, "DoNotSchedule")
	if len(cs) == 0 {
		return nil
	}
	st := &spreadState{constraints: cs, pairs: map[topologyPair]int{}, domains: map[string]int{}, fewest: map[string]int{}}
	for _, sn := range nodes {
		n := sn.node
		if !hasAllKeys(n, cs) {
			continue
		}
		for i := range cs {
			c := &cs[i]
			if !c.includes(pod, n) {
				continue
			}
			st.pairs[topologyPair{c.key, n.Labels[c.key]}] += sp.count(n.Name, c.selector)
		}
	}
	for pair, n := range st.pairs {
		st.domains[pair.key]++
		if f, ok := st.fewest[pair.key]; !ok || n < f {
			st.fewest[pair.key] = n
		}
	}
	return st
}

// filter models PodTopologySpread.Filter.
func (st *spreadState) filter(pod *api.Pod, node *api.Node) *status {
	for _, c := range st.constraints {
		d, ok := domainOf(node, c.key)
		if !ok {
			return newStatus(pluginPodTopologySpread, unresolvable, ErrReasonNodeLabelNotMatch,
				"the node has no label "+c.key)
		}
		self := 0
		if c.selector.Matches(labels.Set(pod.Labels)) {
			self = 1
		}
		fewest, known := st.fewest[c.key]
		if !known {
			fewest = math.MaxInt32
		}
		if int32(st.domains[c.key]) < c.minDomains {
			fewest = 0
		}
		match := st.pairs[d]
		if skew := match + self - fewest; skew > int(c.maxSkew) {
			return newStatus(pluginPodTopologySpread, unschedulable, ErrReasonConstraintsNotMatch,
				fmt.Sprintf("%s=%s: %d+%d-%d = skew %d > maxSkew %d", d.key, d.value, match, self, fewest, skew, c.maxSkew))
		}
	}
	return nil
}

// scoreTopologySpread models PodTopologySpread's PreScore, Score and
// NormalizeScore for the pod's ScheduleAnyway constraints; it reports
// false when the pod has constraints of its own but none to score (the
// plugin is skipped, every node scoring 0).
func scoreTopologySpread(f *podFacts, feasible []*api.Node, all []snapshotNode, sp spreadPods, scores []nodeScore) {
	cs := spreadConstraints(f.pod, "ScheduleAnyway")
	if len(cs) == 0 {
		return
	}
	ignored := make([]bool, len(feasible))
	counts := make([]map[string]int, len(cs))
	for i := range cs {
		counts[i] = map[string]int{}
	}
	kept := 0
	for j, n := range feasible {
		if !hasAllKeys(n, cs) {
			ignored[j] = true
			continue
		}
		kept++
		for i, c := range cs {
			if c.key != labelHostname {
				counts[i][n.Labels[c.key]] = 0
			}
		}
	}
	for _, sn := range all {
		n := sn.node
		if !hasAllKeys(n, cs) {
			continue
		}
		for i := range cs {
			c := &cs[i]
			if c.key == labelHostname || !c.includes(f.pod, n) {
				continue
			}
			if _, ok := counts[i][n.Labels[c.key]]; ok {
				counts[i][n.Labels[c.key]] += sp.count(n.Name, c.selector)
			}
		}
	}
	weights := make([]float64, len(cs))
	for i, c := range cs {
		size := len(counts[i])
		if c.key == labelHostname {
			size = kept
		}
		weights[i] = math.Log(float64(size + 2)) // topologyNormalizingWeight
	}
	minRaw, maxRaw := int64(math.MaxInt64), int64(math.MinInt64)
	for j, n := range feasible {
		if ignored[j] {
			continue
		}
		var raw float64
		for i, c := range cs {
			cnt := counts[i][n.Labels[c.key]]
			if c.key == labelHostname {
				cnt = sp.count(n.Name, c.selector)
			}
			raw += float64(cnt)*weights[i] + float64(c.maxSkew-1) // scoreForCount
		}
		scores[j].spread = int64(math.Round(raw))
		minRaw, maxRaw = min(minRaw, scores[j].spread), max(maxRaw, scores[j].spread)
	}
	for j := range scores {
		switch {
		case ignored[j]:
			scores[j].spread = 0
		case maxRaw == 0:
			scores[j].spread = MaxNodeScore
		default:
			scores[j].spread = MaxNodeScore * (maxRaw + minRaw - scores[j].spread) / maxRaw
		}
	}
}

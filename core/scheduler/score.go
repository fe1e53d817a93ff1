package scheduler

import (
	"math"

	"github.com/kubeplay/kubeplay/core/api"
)

// The score: three of the default profile's Score plugins, each normalised
// to 0..100 (MaxNodeScore) and weighted as in the default profile, summed
// per feasible node. The highest total wins; ties go to the node whose name
// sorts first (upstream picks among the tied nodes at random, which a
// replayable playground cannot do).
//
//	NodeResourcesFit (LeastAllocated), weight 1: for cpu and memory,
//	    (allocatable - requested) * 100 / allocatable, averaged; requested is
//	    what the node's pods and this pod ask, a container without a request
//	    counting 100m cpu / 200Mi memory (leastRequestedScore).
//	PodTopologySpread, weight 2: the system default constraint
//	    {topologyKey: kubernetes.io/hostname, maxSkew: 3, ScheduleAnyway}
//	    for pods that have an owner: raw = round(count * ln(nodes+2) + 2),
//	    where count is the node's non-terminating pods with the same
//	    controller, then normalised as 100 * (max + min - raw) / max. This
//	    is what spreads a ReplicaSet's pods across nodes. Upstream counts
//	    the pods matching the selectors of the owner and of the Services
//	    selecting the pod (DefaultSelector); the playground counts the
//	    pods of the same controller, which is the same set for a
//	    ReplicaSet's pods when no Service selector spans several
//	    ReplicaSets.
//	TaintToleration, weight 3: PreferNoSchedule taints the pod does not
//	    tolerate, fewer is better (DefaultNormalizeScore, reversed).
//
//	NodeAffinity, weight 2, for a pod with preferred terms: the weights of
//	    the terms a node matches, normalised to the highest
//	    (DefaultNormalizeScore). A pod with its own topologySpreadConstraints
//	    is spread by its ScheduleAnyway ones instead of the system default
//	    (podtopologyspread.go).
//
//	InterPodAffinity, weight 2, when a preferred term of the pod, or a
//	    term of an assigned pod, matches: the weights summed per topology
//	    domain, scaled from the lowest (0) to the highest (100)
//	    (interpodaffinity.go).
//
// The other default scores (NodeResourcesBalancedAllocation, ImageLocality)
// are left out: the balanced-allocation term only matters for pods that
// ask much more of one resource than of the other, and image locality is
// not modelled.
const (
	MaxNodeScore              = 100
	weightNodeResourcesFit    = 1
	weightPodTopologySpread   = 2
	weightTaintToleration     = 3
	weightNodeAffinity        = 2
	weightInterPodAffinity    = 2
	systemDefaultHostnameSkew = 3
)

// nodeScore is one feasible node's scores (framework.NodePluginScores).
type nodeScore struct {
	node   *api.Node
	fit    int64
	spread int64
	taint  int64
	// affinity is NodeAffinity's score, -1 when the plugin is skipped
	// (the pod prefers no node).
	affinity int64
	// podAffinity is InterPodAffinity's score, -1 when the plugin is
	// skipped (no preferred or existing pod's term matched).
	podAffinity int64
	total       int64
}

// scoreNodes models prioritizeNodes for the plugins above. It writes the
// scores into dst's array (see Scheduler.scratch).
func scoreNodes(dst []nodeScore, f *podFacts, feasible []*api.Node, infos []*nodeInfo, all []snapshotNode) []nodeScore {
	scores := dst[:0]
	for i, n := range feasible {
		scores = append(scores, nodeScore{node: n, fit: leastAllocatedScore(f, infos[i]), affinity: -1, podAffinity: -1})
	}
	scoreNodeAffinity(f.pod, scores)
	scoreInterPodAffinity(f.podScore, scores)
	// PodTopologySpread: the pod's own ScheduleAnyway constraints; with
	// none at all, the system default constraint, which a pod without an
	// owner does not get (no selector), so the plugin skips it (PreScore
	// Skip).
	if len(f.pod.Spec.TopologySpreadConstraints) > 0 {
		scoreTopologySpread(f, feasible, all, f.pods, scores)
	} else if f.owner != "" {
		weight := math.Log(float64(len(feasible) + 2))
		minRaw, maxRaw := int64(math.MaxInt64), int64(0)
		for i := range scores {
			cnt := infos[i].owners[f.owner]
			raw := int64(math.Round(float64(cnt)*weight + float64(systemDefaultHostnameSkew-1)))
			scores[i].spread = raw
			minRaw, maxRaw = min(minRaw, raw), max(maxRaw, raw)
		}
		for i := range scores {
			if maxRaw == 0 {
				scores[i].spread = MaxNodeScore
				continue
			}
			scores[i].spread = MaxNodeScore * (maxRaw + minRaw - scores[i].spread) / maxRaw
		}
	}
	// TaintToleration: count intolerable PreferNoSchedule taints, then
	// DefaultNormalizeScore(MaxNodeScore, reverse=true).
	var maxCount int64
	for i := range scores {
		scores[i].taint = countIntolerablePreferNoSchedule(scores[i].node.Spec.Taints, f.pod.Spec.Tolerations)
		maxCount = max(maxCount, scores[i].taint)
	}
	for i := range scores {
		if maxCount == 0 {
			scores[i].taint = MaxNodeScore
			continue
		}
		scores[i].taint = MaxNodeScore - MaxNodeScore*scores[i].taint/maxCount
	}
	for i := range scores {
		s := &scores[i]
		s.total = weightNodeResourcesFit*s.fit + weightPodTopologySpread*s.spread + weightTaintToleration*s.taint
		if s.affinity > 0 {
			s.total += weightNodeAffinity * s.affinity
		}
		if s.podAffinity > 0 {
			s.total += weightInterPodAffinity * s.podAffinity
		}
	}
	return scores
}

// scoreNodeAffinity models nodeaffinity's PreScore, Score and
// NormalizeScore: the sum of the weights of the preferred terms a node
// matches, then DefaultNormalizeScore(MaxNodeScore, false). A pod with no
// preferred term skips the plugin.
func scoreNodeAffinity(pod *api.Pod, scores []nodeScore) {
	a := pod.Spec.Affinity
	if a == nil || a.NodeAffinity == nil || len(a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution) == 0 {
		return
	}
	var maxCount int64
	for i := range scores {
		var sum int64
		for _, t := range a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution {
			if t.Weight != 0 && nodeMatchesTerms(scores[i].node, []api.NodeSelectorTerm{t.Preference}) {
				sum += int64(t.Weight)
			}
		}
		scores[i].affinity = sum
		maxCount = max(maxCount, sum)
	}
	if maxCount == 0 {
		return
	}
	for i := range scores {
		scores[i].affinity = MaxNodeScore * scores[i].affinity / maxCount
	}
}

// scoreFormula is the prioritizeNodes record's formula: the plugins that
// scored this pod, with their weights.
func scoreFormula(f *podFacts) string {
	spread := "same owner per node"
	if len(f.pod.Spec.TopologySpreadConstraints) > 0 {
		spread = "the pod's ScheduleAnyway constraints"
	}
	s := "score = NodeResourcesFit(least allocated)×1 + PodTopologySpread(" + spread + ")×2 + TaintToleration(PreferNoSchedule)×3"
	if a := f.pod.Spec.Affinity; a != nil && a.NodeAffinity != nil && len(a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution) > 0 {
		s += " + NodeAffinity(preferred terms' weights)×2"
	}
	if f.podScore != nil {
		s += " + InterPodAffinity(pod affinity and anti-affinity weights)×2"
	}
	return s
}

// leastAllocatedScore models noderesources leastResourceScorer with the
// default resources cpu and memory, weight 1 each.
func leastAllocatedScore(f *podFacts, ni *nodeInfo) int64 {
	cpu := leastRequestedScore(ni.nonZero.milliCPU+f.nonZero.milliCPU, ni.alloc.milliCPU)
	mem := leastRequestedScore(ni.nonZero.memory+f.nonZero.memory, ni.alloc.memory)
	return (cpu + mem) / 2
}

// leastRequestedScore models noderesources.leastRequestedScore.
func leastRequestedScore(requested, capacity int64) int64 {
	if capacity == 0 || requested > capacity {
		return 0
	}
	return (capacity - requested) * MaxNodeScore / capacity
}

// countIntolerablePreferNoSchedule models
// tainttoleration.countIntolerableTaintsPreferNoSchedule, with the pod's
// tolerations of effect PreferNoSchedule or empty
// (getAllTolerationPreferNoSchedule).
func countIntolerablePreferNoSchedule(taints []api.Taint, tolerations []api.Toleration) int64 {
	var n int64
	for i := range taints {
		if taints[i].Effect != api.TaintEffectPreferNoSchedule {
			continue
		}
		tolerated := false
		for j := range tolerations {
			t := &tolerations[j]
			if (t.Effect == "" || t.Effect == api.TaintEffectPreferNoSchedule) && t.ToleratesTaint(&taints[i]) {
				tolerated = true
				break
			}
		}
		if !tolerated {
			n++
		}
	}
	return n
}

// selectHost picks the highest total; ties go to the first node in name
// order (scores come in name order).
func selectHost(scores []nodeScore) int {
	best := 0
	for i := 1; i < len(scores); i++ {
		if scores[i].total > scores[best].total {
			best = i
		}
	}
	return best
}

package scheduler

import (
	"math"

	"github.com/kubeplay/kubeplay/core/api"
)

// InterPodAffinity's score (interpodaffinity/scoring.go), weight 2 in the
// default profile: every assigned pod adds to the topology domain of its
// node (a node label and value)
//
//	+weight  per preferred affinity term of the incoming pod it matches
//	-weight  per preferred anti-affinity term of the incoming pod it matches
//	+1       per required affinity term of its own the incoming pod matches
//	         (hardPodAffinityWeight, default 1)
//	+weight  per preferred affinity term of its own the incoming pod matches
//	-weight  per preferred anti-affinity term of its own the incoming pod matches
//
// A feasible node's raw score is the sum over the domains it lies in; the
// raw scores are then mapped linearly onto 0..100, the lowest to 0 and the
// highest to 100 (all 0 when they are equal). When nothing matched at all
// the plugin is skipped and adds nothing.

// HardPodAffinityWeight is InterPodAffinityArgs.HardPodAffinityWeight at
// its default (SetDefaults_InterPodAffinityArgs): what an existing pod's
// required affinity term adds to its domain's score when the incoming pod
// matches it.
const HardPodAffinityWeight = 1

// preferredTerms returns a pod's preferred pod affinity and anti-affinity
// terms.
func preferredTerms(pod *api.Pod) (affinity, anti []api.WeightedPodAffinityTerm) {
	a, n := podAffinities(pod)
	return a.PreferredDuringSchedulingIgnoredDuringExecution, n.PreferredDuringSchedulingIgnoredDuringExecution
}

// hasPodAffinity reports whether a pod has any pod affinity or
// anti-affinity, required or preferred: the pods NodeInfo keeps in
// PodsWithAffinity.
func hasPodAffinity(pod *api.Pod) bool {
	a := pod.Spec.Affinity
	return a != nil && (a.PodAffinity != nil || a.PodAntiAffinity != nil)
}

// topologyScore is InterPodAffinity's preScoreState.topologyScore: per
// topology key, per value, the summed weights.
type topologyScore map[string]map[string]int64

// add models scoreMap.processTerm: if pod matches term (written by a pod
// of namespace ns) and node has the term's topology key, weight is added
// to that domain.
func (m topologyScore) add(term api.PodAffinityTerm, ns string, weight int64, pod *api.Pod, node *api.Node) {
	v, ok := node.Labels[term.TopologyKey]
	if !ok || !termMatches(term, ns, pod) {
		return
	}
	if m[term.TopologyKey] == nil {
		m[term.TopologyKey] = map[string]int64{}
	}
	m[term.TopologyKey][v] += weight
}

// addWeighted models scoreMap.processTerms with a multiplier of 1 or -1.
func (m topologyScore) addWeighted(terms []api.WeightedPodAffinityTerm, ns string, sign int64, pod *api.Pod, node *api.Node) {
	for _, t := range terms {
		m.add(t.PodAffinityTerm, ns, sign*int64(t.Weight), pod, node)
	}
}

// newTopologyScore models InterPodAffinity.PreScore with
// processExistingPod for each of existing, the pods bound to nodes
// (nodeOf finds a pod's node, nil when it is not in the snapshot). The
// caller passes every assigned pod when the incoming pod has preferred
// terms of its own, else only those with a pod affinity of some kind
// (HavePodsWithAffinityList): pods without one add nothing then. The sums
// do not depend on the order of existing. It returns nil when no term
// matched anything: PreScore's Skip, the plugin scores no node.
func newTopologyScore(pod *api.Pod, existing []*api.Pod, nodeOf func(string) *api.Node) topologyScore {
	affinity, anti := preferredTerms(pod)
	m := topologyScore{}
	for _, p := range existing {
		if p.UID == pod.UID {
			continue
		}
		node := nodeOf(p.Spec.NodeName)
		if node == nil || len(node.Labels) == 0 {
			continue
		}
		// The incoming pod's preferred terms, matched against p.
		m.addWeighted(affinity, pod.Namespace, 1, p, node)
		m.addWeighted(anti, pod.Namespace, -1, p, node)
		// p's terms, matched against the incoming pod.
		theirRequired, _ := requiredTerms(p)
		for _, t := range theirRequired {
			m.add(t, p.Namespace, HardPodAffinityWeight, pod, node)
		}
		theirAffinity, theirAnti := preferredTerms(p)
		m.addWeighted(theirAffinity, p.Namespace, 1, pod, node)
		m.addWeighted(theirAnti, p.Namespace, -1, pod, node)
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// scoreInterPodAffinity models InterPodAffinity.Score (the sum of the
// domains each feasible node lies in) and NormalizeScore (min to 0, max
// to MaxNodeScore, linearly, truncated; 0 everywhere when all are equal).
// With ts nil the plugin is skipped and podAffinity stays -1.
func scoreInterPodAffinity(ts topologyScore, scores []nodeScore) {
	if ts == nil {
		return
	}
	minRaw, maxRaw := int64(math.MaxInt64), int64(math.MinInt64)
	for i := range scores {
		var raw int64
		for key, values := range ts {
			if v, ok := scores[i].node.Labels[key]; ok {
				raw += values[v]
			}
		}
		scores[i].podAffinity = raw
		minRaw, maxRaw = min(minRaw, raw), max(maxRaw, raw)
	}
	diff := maxRaw - minRaw
	for i := range scores {
		if diff <= 0 {
			scores[i].podAffinity = 0
			continue
		}
		scores[i].podAffinity = int64(float64(MaxNodeScore) * (float64(scores[i].podAffinity-minRaw) / float64(diff)))
	}
}

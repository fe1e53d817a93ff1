package scheduler

import (
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/controller"
)

// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity),
// the filter (filtering.go), for the required terms: the incoming pod's
// podAffinity needs a matching pod in the node's topology domain (or, when
// no pod anywhere matches, the pod matching its own term); its
// podAntiAffinity forbids one; and an existing pod's required anti-affinity
// that matches the incoming pod forbids the domain too. The score is in
// interpodaffinityscore.go.

const (
	pluginInterPodAffinity = "InterPodAffinity"
	// The filter's reasons, interpodaffinity/filtering.go.
	ErrReasonAffinityRulesNotMatch             = "node(s) didn't match pod affinity rules"
	ErrReasonAntiAffinityRulesNotMatch         = "node(s) didn't match pod anti-affinity rules"
	ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules"
)

// topologyPair is one topology domain: a node label and its value.
type topologyPair struct{ key, value string }

// domainOf is node's domain for a topology key, false when the node has
// no such label (and so lies in no domain of that key).
func domainOf(node *api.Node, key string) (topologyPair, bool) {
	v, ok := node.Labels[key]
	return topologyPair{key, v}, ok
}

// affinityState is the PreFilter state: the domains each kind of rule
// fills, computed once per scheduling cycle.
type affinityState struct {
	affinityTerms []api.PodAffinityTerm
	// affinityDomains counts, per term, the domains with a matching pod.
	affinityDomains  []map[topologyPair]bool
	anyAffinityMatch bool
	antiDomains      map[topologyPair]bool // the incoming pod's anti-affinity
	existingAnti     map[topologyPair]bool // existing pods' anti-affinity against it
}

// noPodAffinity stands for a missing affinity; never written.
var noPodAffinity = &api.PodAffinity{}

// podAffinities returns a pod's pod affinity and anti-affinity, each an
// empty one when the pod has none (the lists framework.NewPodInfo reads
// its affinity terms from).
func podAffinities(pod *api.Pod) (affinity, anti *api.PodAffinity) {
	affinity, anti = noPodAffinity, noPodAffinity
	if a := pod.Spec.Affinity; a != nil {
		if a.PodAffinity != nil {
			affinity = a.PodAffinity
		}
		if a.PodAntiAffinity != nil {
			anti = (*api.PodAffinity)(a.PodAntiAffinity)
		}
	}
	return affinity, anti
}

// requiredTerms returns a pod's required pod affinity and anti-affinity terms.
func requiredTerms(pod *api.Pod) (affinity, anti []api.PodAffinityTerm) {
	a, n := podAffinities(pod)
	return a.RequiredDuringSchedulingIgnoredDuringExecution, n.RequiredDuringSchedulingIgnoredDuringExecution
}

// termMatches reports whether pod matches term, written by a pod of
// namespace ns: the label selector (nil matches nothing), in the term's
// namespaces or, with neither namespaces nor a namespace selector, the
// writer's own (a namespace selector is taken to select every namespace).
func termMatches(term api.PodAffinityTerm, ns string, pod *api.Pod) bool {
	if term.LabelSelector == nil {
		return false
	}
	switch {
	case len(term.Namespaces) > 0:
		found := false
		for _, n := range term.Namespaces {
			found = found || n == pod.Namespace
		}
		if !found && term.NamespaceSelector == nil {
			return false
		}
	case term.NamespaceSelector == nil && pod.Namespace != ns:
		return false
	}
	sel, err := labels.SelectorFromLabelSelector(term.LabelSelector)
	return err == nil && sel.Matches(labels.Set(pod.Labels))
}

// newAffinityState models PreFilter, over the pods already bound: all of
// them when the incoming pod has terms of its own, else only those with a
// required anti-affinity. It returns nil when no rule applies.
func newAffinityState(pod *api.Pod, pods *controller.Store, antiPods map[string]*api.Pod, nodes *controller.Store) *affinityState {
	affinity, anti := requiredTerms(pod)
	var candidates []*api.Pod
	switch {
	case len(affinity) > 0 || len(anti) > 0:
		candidates = controller.ListAs[*api.Pod](pods, "", nil)
	case len(antiPods) > 0:
		for _, k := range sortedPodKeys(antiPods) {
			candidates = append(candidates, antiPods[k])
		}
	default:
		return nil
	}
	st := &affinityState{affinityTerms: affinity, affinityDomains: make([]map[topologyPair]bool, len(affinity)),
		antiDomains: map[topologyPair]bool{}, existingAnti: map[topologyPair]bool{}}
	for i := range affinity {
		st.affinityDomains[i] = map[topologyPair]bool{}
	}
	for _, p := range candidates {
		if p.Spec.NodeName == "" || p.UID == pod.UID || p.DeletionTimestamp != nil {
			continue
		}
		node, ok := controller.GetAs[*api.Node](nodes, "", p.Spec.NodeName)
		if !ok {
			continue
		}
		for i, t := range affinity {
			if termMatches(t, pod.Namespace, p) {
				st.anyAffinityMatch = true
				if d, ok := domainOf(node, t.TopologyKey); ok {
					st.affinityDomains[i][d] = true
				}
			}
		}
		for _, t := range anti {
			if d, ok := domainOf(node, t.TopologyKey); ok && termMatches(t, pod.Namespace, p) {
				st.antiDomains[d] = true
			}
		}
		_, theirAnti := requiredTerms(p)
		for _, t := range theirAnti {
			if d, ok := domainOf(node, t.TopologyKey); ok && termMatches(t, p.Namespace, pod) {
				st.existingAnti[d] = true
			}
		}
	}
	return st
}

// filter models InterPodAffinity.Filter.
func (st *affinityState) filter(pod *api.Pod, node *api.Node) *status {
	for i, t := range st.affinityTerms {
		d, ok := domainOf(node, t.TopologyKey)
		if ok && st.affinityDomains[i][d] {
			continue
		}
		// No pod matches anywhere: the first pod of a group that wants
		// itself may go anywhere its own labels satisfy the term.
		if ok && !st.anyAffinityMatch && termMatches(t, pod.Namespace, pod) {
			continue
		}
		return newStatus(pluginInterPodAffinity, unresolvable, ErrReasonAffinityRulesNotMatch,
			"no pod matching the required pod affinity in "+t.TopologyKey+"="+d.value)
	}
	if _, anti := requiredTerms(pod); len(anti) > 0 {
		for _, t := range anti {
			if d, ok := domainOf(node, t.TopologyKey); ok && st.antiDomains[d] {
				return newStatus(pluginInterPodAffinity, unschedulable, ErrReasonAntiAffinityRulesNotMatch,
					"a pod matching the required pod anti-affinity runs in "+d.key+"="+d.value)
			}
		}
	}
	for d := range st.existingAnti {
		if nd, ok := domainOf(node, d.key); ok && nd == d {
			return newStatus(pluginInterPodAffinity, unschedulable, ErrReasonExistingAntiAffinityRulesNotMatch,
				"an existing pod's required anti-affinity forbids "+d.key+"="+d.value)
		}
	}
	return nil
}

func sortedPodKeys(m map[string]*api.Pod) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

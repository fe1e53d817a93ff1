package sim

import (
	"slices"

	"github.com/kubeplay/kubeplay/core/kubelet"
)

// CRICall is a CRI call one node's kubelet made for a pod.
type CRICall struct {
	Node string `json:"node"`
	kubelet.CRIEntry
}

// CRIMark is where every kubelet's CRI journal stands now, by node; pass
// it to CRICallsSince for the calls made after it.
func (s *Sim) CRIMark() map[string]int {
	m := make(map[string]int, len(s.kubelets))
	for _, k := range s.kubelets {
		m[k.NodeName()] = k.CRICount()
	}
	return m
}

// CRICallsSince returns the CRI calls made since mark, by tick, then in
// node order (the order the kubelets act in) and call order.
func (s *Sim) CRICallsSince(mark map[string]int) []CRICall {
	var out []CRICall
	for _, k := range s.kubelets {
		for _, e := range k.CRICallsSince(mark[k.NodeName()]) {
			out = append(out, CRICall{Node: k.NodeName(), CRIEntry: e})
		}
	}
	slices.SortStableFunc(out, func(a, b CRICall) int {
		switch {
		case a.Tick < b.Tick:
			return -1
		case a.Tick > b.Tick:
			return 1
		}
		return 0
	})
	return out
}

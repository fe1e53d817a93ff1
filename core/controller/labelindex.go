package controller

import (
	"maps"

	"github.com/kubeplay/kubeplay/core/api/labels"
)

// labelIndex finds a cache's objects by one label, so that a List with a
// selector reads only the objects that carry one of its key=value
// requirements instead of matching every object of the kind (the
// ReplicaSet controller lists the pods of each of a Deployment's
// ReplicaSets by selector before it deletes some: a full scan of 10,000
// pods each time).
type labelIndex map[string]*keySet

// keySet is the keys of the objects with one label.
type keySet struct {
	keys  map[string]struct{}
	order keyOrder
}

func labelIndexKey(k, v string) string { return k + "\x00" + v }

// update moves key from the sets of its old labels to those of its new.
func (ix labelIndex) update(key string, old, cur map[string]string) {
	if maps.Equal(old, cur) {
		return
	}
	for k, v := range old {
		if cv, ok := cur[k]; ok && cv == v {
			continue
		}
		lk := labelIndexKey(k, v)
		if s := ix[lk]; s != nil {
			if _, ok := s.keys[key]; ok {
				delete(s.keys, key)
				s.order.remove(key)
			}
			if len(s.keys) == 0 {
				delete(ix, lk)
			}
		}
	}
	for k, v := range cur {
		if ov, ok := old[k]; ok && ov == v {
			continue
		}
		lk := labelIndexKey(k, v)
		s := ix[lk]
		if s == nil {
			s = &keySet{keys: map[string]struct{}{}}
			ix[lk] = s
		}
		if _, ok := s.keys[key]; !ok {
			s.keys[key] = struct{}{}
			s.order.add(key)
		}
	}
}

// candidates returns, sorted, the keys of the objects that may match sel:
// those of the smallest set among its single-valued =, == and in
// requirements. It returns false when no requirement narrows the search.
func (ix labelIndex) candidates(sel labels.Selector) ([]string, bool) {
	reqs, ok := sel.Requirements()
	if !ok {
		return nil, false
	}
	var best *keySet
	found := false
	for i := range reqs {
		r := &reqs[i]
		switch r.Operator() {
		case labels.Equals, labels.DoubleEquals, labels.In:
		default:
			continue
		}
		vs := r.Values()
		if len(vs) != 1 {
			continue
		}
		s := ix[labelIndexKey(r.Key(), vs[0])]
		if s == nil {
			return nil, true // no object carries the label: nothing matches
		}
		if !found || len(s.keys) < len(best.keys) {
			best, found = s, true
		}
	}
	if !found {
		return nil, false
	}
	return best.order.list(), true
}

package controller

import (
	"cmp"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

// dispatch is one kind's event handlers, in registration order, indexed so
// that an event reaches only the handlers that want it. A kubelet's pod
// informer watches with the field selector spec.nodeName=<its node>; with
// a hundred nodes, handing every pod event to every kubelet to discard
// cost a hundred calls per pod change. Handlers are still called in the
// order they were registered, as they were when every handler saw every
// event: that order decides which queue a key reaches first.
type dispatch struct {
	plain   []*Subscription            // handlers of every event
	byNode  map[string][]*Subscription // Handler.NodeName → its handlers
	follows map[string][]*Subscription // object key → node handlers following it
	scratch []*Subscription
}

// Subscription is a registered handler (client-go's
// ResourceEventHandlerRegistration).
type Subscription struct {
	h        Handler
	seq      uint64 // registration order
	d        *dispatch
	followed map[string]bool
}

// Follow makes a handler scoped to a node (Handler.NodeName) also see the
// events of the object with key while on is true, wherever it is bound: a
// kubelet follows the pods it has a worker for, so it hears of a pod that
// was replaced under the same name on another node.
func (s *Subscription) Follow(key string, on bool) {
	if s.followed[key] == on {
		return
	}
	if on {
		if s.followed == nil {
			s.followed = map[string]bool{}
		}
		s.followed[key] = true
		s.d.follows[key] = insertBySeq(s.d.follows[key], s)
		return
	}
	delete(s.followed, key)
	if l := slices.DeleteFunc(s.d.follows[key], func(x *Subscription) bool { return x == s }); len(l) > 0 {
		s.d.follows[key] = l
	} else {
		delete(s.d.follows, key)
	}
}

func newDispatch() *dispatch {
	return &dispatch{byNode: map[string][]*Subscription{}, follows: map[string][]*Subscription{}}
}

func (d *dispatch) add(s *Subscription) {
	s.d = d
	if s.h.NodeName == "" {
		d.plain = append(d.plain, s)
	} else {
		d.byNode[s.h.NodeName] = append(d.byNode[s.h.NodeName], s)
	}
}

// remove unregisters the handlers of a component process.
func (d *dispatch) remove(process string) {
	gone := func(s *Subscription) bool { return s.h.process == process }
	d.plain = slices.DeleteFunc(d.plain, gone)
	for n, l := range d.byNode {
		if l = slices.DeleteFunc(l, gone); len(l) > 0 {
			d.byNode[n] = l
		} else {
			delete(d.byNode, n)
		}
	}
	for k, l := range d.follows {
		if l = slices.DeleteFunc(l, gone); len(l) > 0 {
			d.follows[k] = l
		} else {
			delete(d.follows, k)
		}
	}
}

func insertBySeq(l []*Subscription, s *Subscription) []*Subscription {
	i, _ := slices.BinarySearchFunc(l, s.seq, func(x *Subscription, seq uint64) int { return cmp.Compare(x.seq, seq) })
	return slices.Insert(l, i, s)
}

// targets returns, in registration order, the handlers of an event on the
// object with key, bound to node (a pod's spec.nodeName after the change,
// "" for other kinds). The slice is reused by the next call.
func (d *dispatch) targets(key, node string) []*Subscription {
	var scoped, followers []*Subscription
	if node != "" {
		scoped = d.byNode[node]
	}
	if len(d.follows) > 0 {
		followers = d.follows[key]
	}
	if len(scoped) == 0 && len(followers) == 0 {
		return d.plain
	}
	out := d.scratch[:0]
	lists := [3][]*Subscription{d.plain, scoped, followers}
	for {
		// A three-way merge by registration order; a follower that is
		// also scoped to the node is called once.
		best := -1
		for i, l := range lists {
			if len(l) > 0 && (best < 0 || l[0].seq < lists[best][0].seq) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		s := lists[best][0]
		lists[best] = lists[best][1:]
		if n := len(out); n == 0 || out[n-1] != s {
			out = append(out, s)
		}
	}
	d.scratch = out
	return out
}

// podNode is what a pod handler's NodeName selects on.
func podNode(obj api.Object) string {
	if p, ok := obj.(*api.Pod); ok {
		return p.Spec.NodeName
	}
	return ""
}

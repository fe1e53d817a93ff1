package controller

import (
	"slices"
	"testing"
)

// TestDispatchKeepsRegistrationOrder: an event reaches the handlers of
// every event, those scoped to its node and those following its key, each
// once, in the order they were registered (the order their queues get
// their tickets in).
func TestDispatchKeepsRegistrationOrder(t *testing.T) {
	d := newDispatch()
	var subs []*Subscription
	for i, node := range []string{"", "node-1", "", "node-2", "node-1", ""} {
		s := &Subscription{h: Handler{NodeName: node}, seq: uint64(i + 1)}
		d.add(s)
		subs = append(subs, s)
	}
	seqs := func(l []*Subscription) []uint64 {
		var out []uint64
		for _, s := range l {
			out = append(out, s.seq)
		}
		return out
	}
	for _, tc := range []struct {
		key, node string
		want      []uint64
	}{
		{"default/a", "", []uint64{1, 3, 6}},
		{"default/a", "node-1", []uint64{1, 2, 3, 5, 6}},
		{"default/a", "node-2", []uint64{1, 3, 4, 6}},
		{"default/a", "node-9", []uint64{1, 3, 6}},
	} {
		if got := seqs(d.targets(tc.key, tc.node)); !slices.Equal(got, tc.want) {
			t.Errorf("%s on %q: handlers %v, want %v", tc.key, tc.node, got, tc.want)
		}
	}

	// node-2's handler follows default/a: it hears of it on any node,
	// once when the pod is on node-2, and no more once it stops.
	subs[3].Follow("default/a", true)
	subs[3].Follow("default/a", true)
	for _, tc := range []struct {
		node string
		want []uint64
	}{
		{"", []uint64{1, 3, 4, 6}},
		{"node-1", []uint64{1, 2, 3, 4, 5, 6}},
		{"node-2", []uint64{1, 3, 4, 6}},
	} {
		if got := seqs(d.targets("default/a", tc.node)); !slices.Equal(got, tc.want) {
			t.Errorf("followed, on %q: handlers %v, want %v", tc.node, got, tc.want)
		}
	}
	if got := seqs(d.targets("default/b", "")); !slices.Equal(got, []uint64{1, 3, 6}) {
		t.Errorf("another key: handlers %v", got)
	}
	subs[3].Follow("default/a", false)
	if got := seqs(d.targets("default/a", "")); !slices.Equal(got, []uint64{1, 3, 6}) {
		t.Errorf("after unfollowing: handlers %v", got)
	}
	if len(d.follows) != 0 {
		t.Errorf("follows left: %v", d.follows)
	}
}

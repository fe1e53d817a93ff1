package session

import (
	"slices"
)

// HistoryLimits bound the views the session keeps for time travel.
// Anything not kept is rebuilt by replaying the log from tick 0, so the
// limits trade memory for the speed of stepping back, never correctness.
type HistoryLimits struct {
	// Recent is how many of the latest ticks keep their full view.
	Recent int64
	// Every keeps the view of every Every-th older tick.
	Every int64
	// Rebuilt is how many views rebuilt by replay are kept (the ticks
	// around the one asked for, so stepping back through old ticks
	// replays once per Every ticks, not once per tick).
	Rebuilt int
	// Budget caps the total size of the kept views, counted in objects
	// (pods, ReplicaSets, events, ...). Over it, rebuilt views go first,
	// then the oldest checkpoints, then the oldest recent views; the head's
	// view always stays.
	Budget int
	// SnapshotEvery is how often, in ticks, the session snapshots the API
	// server's store for read-only commands at past ticks (timetravel.go);
	// 0 means DefaultSnapshotEvery.
	SnapshotEvery int64
	// LedgerWrites caps the writes the ledger keeps (each holds an object
	// version: 1.5-3 KB as measured); over it the oldest snapshot and the writes
	// after it go, and the ticks before the next snapshot replay from
	// tick 0 again. 0 means DefaultLedgerWrites.
	LedgerWrites int
}

// DefaultHistoryLimits: ten minutes of simulated time in full, a
// checkpoint a minute before that, and eight million objects in all: the
// full ten minutes even at 10,000 pods. A view costs a pointer per object
// (80 KB at 10,000 pods) plus the pods that changed since the view before
// it, which are all a view does not share with its neighbours.
var DefaultHistoryLimits = HistoryLimits{Recent: 600, Every: 60, Rebuilt: 120, Budget: 8_000_000}

// history keeps views by tick.
type history struct {
	lim   HistoryLimits
	views map[int64]*kept
	total int
	// rebuilt lists the ticks whose views came from a replay, oldest
	// capture first.
	rebuilt []int64
	// lastHead is the head of the last put: the views between its window
	// and the new one's leave the recent window together.
	lastHead int64
}

type kept struct {
	v       *View
	cost    int
	rebuilt bool
}

func newHistory(lim HistoryLimits) *history {
	return &history{lim: lim, views: map[int64]*kept{}}
}

// cost is a view's size in objects.
func cost(v *View) int {
	n := 16 + len(v.Pods) + len(v.Deployments) + len(v.ReplicaSets) + len(v.Nodes) + len(v.Events) + len(v.Decisions)
	for _, d := range v.Deployments {
		n += len(d.ReplicaSets)
	}
	for _, s := range v.Services {
		n += 1 + len(s.Endpoints)/4
	}
	if v.Chart != nil {
		for _, sr := range v.Chart.Series {
			n += 1 + len(sr.Points)/4
		}
	}
	return n
}

func (h *history) get(tick int64) (*View, bool) {
	k, ok := h.views[tick]
	if !ok {
		return nil, false
	}
	return k.v, true
}

func (h *history) has(tick int64) bool {
	_, ok := h.views[tick]
	return ok
}

// wanted reports whether the policy keeps a live view of tick when the
// head is at head.
func (h *history) wanted(tick, head int64) bool {
	return tick > head-h.lim.Recent || (h.lim.Every > 0 && tick%h.lim.Every == 0)
}

// put stores the view of its tick (replacing an older one of the same tick)
// and applies the limits.
func (h *history) put(v *View, head int64, rebuilt bool) {
	if old, ok := h.views[v.Tick]; ok {
		h.total -= old.cost
		if old.rebuilt && !rebuilt {
			h.rebuilt = slices.DeleteFunc(h.rebuilt, func(t int64) bool { return t == v.Tick })
		}
		rebuilt = rebuilt && old.rebuilt
	}
	k := &kept{v: v, cost: cost(v), rebuilt: rebuilt}
	h.views[v.Tick] = k
	h.total += k.cost
	if rebuilt {
		h.rebuilt = append(h.rebuilt, v.Tick)
	}
	// The views that just left the recent window go, unless they are
	// checkpoints: O(1) per tick the head moved.
	if head > h.lastHead {
		for old := max(0, h.lastHead-h.lim.Recent+1); old <= head-h.lim.Recent; old++ {
			if k, ok := h.views[old]; ok && !k.rebuilt && !h.wanted(old, head) {
				h.drop(old)
			}
		}
	}
	h.lastHead = head
	h.enforce(head)
}

func (h *history) drop(tick int64) {
	if k, ok := h.views[tick]; ok {
		h.total -= k.cost
		delete(h.views, tick)
	}
}

// enforce applies the limits on rebuilt views and on the budget.
func (h *history) enforce(head int64) {
	for len(h.rebuilt) > h.lim.Rebuilt || (h.total > h.lim.Budget && len(h.rebuilt) > 0) {
		t := h.rebuilt[0]
		h.rebuilt = h.rebuilt[1:]
		if k, ok := h.views[t]; ok && k.rebuilt {
			h.drop(t)
		}
	}
	if h.total <= h.lim.Budget {
		return
	}
	ticks := make([]int64, 0, len(h.views))
	for t := range h.views {
		ticks = append(ticks, t)
	}
	slices.Sort(ticks)
	// Old checkpoints first, then the oldest recent views; never the head.
	for _, t := range ticks {
		if h.total <= h.lim.Budget {
			return
		}
		if t <= head-h.lim.Recent {
			h.drop(t)
		}
	}
	for _, t := range ticks {
		if h.total <= h.lim.Budget || t >= head {
			return
		}
		h.drop(t)
	}
}

// truncate forgets every view after tick (the future a branch discarded).
func (h *history) truncate(tick int64) {
	for t := range h.views {
		if t > tick {
			h.drop(t)
		}
	}
	h.rebuilt = slices.DeleteFunc(h.rebuilt, func(t int64) bool { return t > tick })
	h.lastHead = min(h.lastHead, tick)
}

// size reports the number of views kept and their total cost.
func (h *history) size() (int, int) { return len(h.views), h.total }

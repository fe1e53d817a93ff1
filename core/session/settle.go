package session

// Run until settled: the page's answer to "after Apply nothing moves" and
// to a Run that never stops. The cluster is settled at tick T when, after
// T, no controller had work queued and none recorded a decision for a
// whole QuietWindow of simulated time: no controller had work, and no timer
// (a requeue, a back-off, a probe that changes a result, a grace period)
// fell due within the window. The session finds T by running ahead of the
// head, and leaves the tick shown where it was, so the page can play up to
// T at the learner's speed and stop there.

// QuietWindow is how long nothing must happen for the cluster to count as
// settled, in ticks (simulated seconds).
const QuietWindow = 60

// MaxSettleTicks bounds the look-ahead: a cluster still changing after ten
// simulated minutes (a crash loop's restarts, a rollout stuck on a
// deadline that keeps re-checking) is reported as not settling.
const MaxSettleTicks = 600

// Settled is what Settle found.
type Settled struct {
	// At is the tick the cluster settled at: the last tick anything
	// happened, or the head Settle started from when nothing did. When
	// Quiet is false, At is the head Settle stopped at.
	At int64 `json:"at"`
	// Quiet is false when the cluster was still changing after
	// MaxSettleTicks.
	Quiet bool `json:"quiet"`
	// Ran is how many ticks the timeline grew by.
	Ran int64 `json:"ran"`
	// Window is QuietWindow, for the page's sentence.
	Window int64 `json:"window"`
	// Error is set when the cluster failed while running ahead.
	Error string `json:"error,omitempty"`
}

// Settle runs the cluster ahead of the head until it has been quiet for
// QuietWindow ticks, or for MaxSettleTicks at most, and reports the tick
// it settled at. The tick shown does not move; the timeline grows.
func (s *Session) Settle() Settled {
	cursor := s.cursor
	defer func() { s.cursor = cursor }()
	s.cursor = s.Head() // extend the timeline, never branch it

	start := s.Head()
	last := start // the last tick something happened at
	busy := s.w.sim.Cluster.Busy()
	for s.Head()-start < MaxSettleTicks {
		if !busy && s.Head()-last >= QuietWindow {
			return Settled{At: last, Quiet: true, Ran: s.Head() - start, Window: QuietWindow}
		}
		before := s.w.sim.DecisionCount()
		if o := s.Tick(1); o.Exit != 0 {
			return Settled{At: s.Head(), Ran: s.Head() - start, Window: QuietWindow, Error: o.Stderr}
		}
		busy = s.w.sim.Cluster.Busy()
		for _, d := range s.w.sim.DecisionsSince(before) {
			last = max(last, d.Tick) // work left from a command is done at its tick
		}
		if busy {
			last = s.Head()
		}
	}
	return Settled{At: s.Head(), Quiet: false, Ran: s.Head() - start, Window: QuietWindow}
}

// Package clock is the virtual clock every actor in the simulated cluster
// reads. Time only moves when the cluster says so, which is what makes a
// scenario replay byte for byte.
package clock

import "time"

// Epoch is the instant every simulated cluster starts at. It is fixed so that
// timestamps in transcripts never depend on when a scenario ran.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// Clock is a manually advanced clock. Its zero value is not ready: use New.
type Clock struct {
	now time.Time
}

// New returns a clock standing at start.
func New(start time.Time) *Clock { return &Clock{now: start.UTC()} }

// Now returns the current virtual time.
func (c *Clock) Now() time.Time { return c.now }

// Advance moves the clock forward by d; a negative d is ignored, since
// simulated time, like real time, never runs backwards.
func (c *Clock) Advance(d time.Duration) {
	if d > 0 {
		c.now = c.now.Add(d)
	}
}

// since is the virtual analogue of time.Since.
func (c *Clock) since(t time.Time) time.Duration { return c.now.Sub(t) }

// Source is what readers of time depend on, so tests can hand them any clock.
type Source interface {
	Now() time.Time
}

// The timeline behind the cursor, from session.go: a read-only command at a
// past tick (runPast, on the world pastWorld replays), a command that
// branches the timeline there (branch, cutLog), and replay, which makes the
// world of any tick from the log and, for rebuild, the views around it.

package session

import (
	"fmt"
)

// runPast runs a read-only kubectl command against the tick shown.
func (s *Session) runPast(e *Entry) Output {
	out := Output{Line: e.Line, Tick: s.cursor, End: s.cursor, Past: true}
	if r, ok := s.runOnPastServer(e); ok {
		out.Stdout, out.Stderr, out.Output, out.Exit = r.stdout, r.stderr, r.output, r.exit
		return out
	}
	if _, err := s.pastWorld(); err != nil {
		return failed(out, err.Error(), 1)
	}
	r := s.past.exec(e, s.files)
	if s.past.tick() != s.pastAt {
		s.past = nil // it let time pass after all: do not reuse it
	}
	out.Stdout, out.Stderr, out.Output, out.Exit = r.stdout, r.stderr, r.output, r.exit
	return out
}

// pastWorld is the cluster replayed to the tick shown, kept for the next
// read-only command at the same tick.
func (s *Session) pastWorld() (*world, error) {
	if s.past == nil || s.pastAt != s.cursor {
		w, err := s.replay(s.log, s.cursor, nil)
		if err != nil {
			return nil, err
		}
		s.past, s.pastAt = w, s.cursor
	}
	return s.past, nil
}

// branch discards the timeline after tick c: the log is cut there and the
// head world becomes the cluster replayed to c.
func (s *Session) branch(c int64) error {
	log, outputs := cutLog(s.log, s.outputs, c)
	w := s.past
	if w == nil || s.pastAt != c {
		var err error
		if w, err = s.replay(log, c, nil); err != nil {
			return err
		}
	}
	s.log, s.outputs = log, outputs
	s.past = nil
	s.hist.truncate(c)
	s.led, s.pastSrv = s.led.truncate(c, w), nil
	s.setWorld(w)
	s.cursor = c
	s.captureHead()
	return nil
}

// cutLog returns the log as it stands at tick c: every entry that ended by
// c, with an entry that was running at c cut short there (a tick N
// shortened, a blocking kubectl command given a MaxWait). Entries that
// started at c and ran past it are dropped: the view of c was taken before
// them.
func cutLog(log []*Entry, outputs []*Output, c int64) ([]*Entry, []*Output) {
	var out []*Entry
	var outs []*Output
	for i, e := range log {
		if e.Tick >= c && e.End > c || e.Tick > c {
			break
		}
		if e.End <= c {
			out = append(out, e)
			outs = append(outs, outputs[i])
			continue
		}
		cut := e.clone()
		cut.End = c
		switch e.kind {
		case entryTick:
			cut.count = int(c - e.Tick)
			cut.Line = tickLine(cut.count)
		case entryKubectl:
			cut.MaxWait = c - e.Tick
		}
		out = append(out, cut)
		outs = append(outs, outputs[i])
		break
	}
	return out, outs
}

// replay builds a fresh cluster and runs log on it up to tick to, cutting
// an entry that runs past it as cutLog does. capture, if set, is called
// with the view of each tick the replay passes and at the end; it is asked
// first whether it wants the tick (so unwanted views are never built).
func (s *Session) replay(log []*Entry, to int64, capture *replayCapture) (*world, error) {
	w, err := newWorld(s.seed)
	if err != nil {
		return nil, err
	}
	if capture != nil {
		w.onTick = func(w *world) { capture.take(w) }
	}
	for _, e := range log {
		if e.Tick > to || e.Tick == to && e.End > to {
			break
		}
		if w.tick() != e.Tick {
			return nil, fmt.Errorf("replay diverged: %q started at tick %d, not %d", e.Line, w.tick(), e.Tick)
		}
		run := e
		if e.End > to {
			run = e.clone()
			switch e.kind {
			case entryTick:
				run.count = int(to - e.Tick)
			case entryKubectl:
				run.MaxWait = to - e.Tick
			}
		} else if e.kind == entryKubectl && e.End == e.Tick && readOnly(e.Line) {
			continue // it changed nothing
		}
		w.exec(run, s.files)
		if capture != nil {
			capture.take(w)
		}
		if run != e {
			break
		}
	}
	if w.tick() != to {
		return nil, fmt.Errorf("replay diverged: reached tick %d, not %d", w.tick(), to)
	}
	w.onTick = nil
	return w, nil
}

// replayCapture collects the views of the ticks from..to a replay passes;
// the last view taken of a tick wins (the state after its last command).
type replayCapture struct {
	from, to int64
	skip     func(int64) bool
	views    map[int64]*View
}

func (c *replayCapture) take(w *world) {
	t := w.tick()
	if t < c.from || t > c.to || c.skip != nil && c.skip(t) {
		return
	}
	c.views[t] = w.view()
}

// rebuild replays the log to make the view of tick c (and of the ticks
// around it, so that stepping through old ticks replays once per
// checkpoint interval rather than once per tick).
func (s *Session) rebuild(c int64) *View {
	every := max(s.lim.Every, 1)
	head := s.Head()
	capture := &replayCapture{
		from:  max(0, c-every+1),
		to:    min(head, c+every-1),
		skip:  s.hist.has,
		views: map[int64]*View{},
	}
	w, err := s.replay(s.log, capture.to, capture)
	if err != nil || capture.views[c] == nil {
		// Cannot happen while replay is deterministic; show the head
		// rather than nothing.
		v, _ := s.hist.get(head)
		return v
	}
	_ = w
	for t := capture.from; t <= capture.to; t++ {
		if v := capture.views[t]; v != nil && !s.hist.has(t) {
			s.hist.put(v, head, true)
		}
	}
	return capture.views[c]
}

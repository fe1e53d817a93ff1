package controller

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/clock"
)

func drain(q *Queue) []string {
	var got []string
	for {
		k, ok := q.Get()
		if !ok {
			return got
		}
		got = append(got, k)
	}
}

func TestQueueDeduplicatesAndKeepsFIFO(t *testing.T) {
	q := newQueue(clock.New(clock.Epoch), &Arrivals{})
	for _, k := range []string{"b", "a", "b", "c", "a"} {
		q.Add(k)
	}
	if got := drain(q); len(got) != 3 || got[0] != "b" || got[1] != "a" || got[2] != "c" {
		t.Fatalf("drained %v, want [b a c]", got)
	}
}

func TestQueueReAddWhileProcessing(t *testing.T) {
	q := newQueue(clock.New(clock.Epoch), &Arrivals{})
	q.Add("web")
	k, _ := q.Get()
	q.Add(k) // an event arrived while the key was being synced
	if got := drain(q); len(got) != 1 || got[0] != "web" {
		t.Fatalf("drained %v, want the key queued again", got)
	}
}

func TestQueueAddAfterFollowsVirtualClock(t *testing.T) {
	c := clock.New(clock.Epoch)
	q := newQueue(c, &Arrivals{})
	q.AddAfter("late", 10*time.Second)
	q.AddAfter("early", 3*time.Second)
	q.AddAfter("late", 20*time.Second) // the earlier due time wins
	if q.Len() != 0 {
		t.Fatal("parked keys ran before they were due")
	}
	if due, ok := q.NextDue(); !ok || !due.Equal(clock.Epoch.Add(3*time.Second)) {
		t.Fatalf("NextDue = %v, %v; want epoch+3s", due, ok)
	}
	c.Advance(10 * time.Second)
	if got := drain(q); len(got) != 2 || got[0] != "early" || got[1] != "late" {
		t.Fatalf("drained %v, want [early late]", got)
	}
}

func TestQueueRateLimitedBackOff(t *testing.T) {
	c := clock.New(clock.Epoch)
	q := newQueue(c, &Arrivals{})
	q.AddRateLimited("x") // 5ms
	q.AddRateLimited("x") // 10ms, but the earlier due time is kept
	if q.NumRequeues("x") != 2 {
		t.Fatalf("NumRequeues = %d, want 2", q.NumRequeues("x"))
	}
	if due, _ := q.NextDue(); !due.Equal(clock.Epoch.Add(5 * time.Millisecond)) {
		t.Fatalf("first retry due %v, want epoch+5ms", due)
	}
	c.Advance(time.Second)
	if got := drain(q); len(got) != 1 {
		t.Fatalf("drained %v, want one retry", got)
	}
	for range 40 {
		q.AddRateLimited("y")
	}
	q.Forget("x")
	if q.NumRequeues("x") != 0 {
		t.Fatal("Forget did not reset the failure count")
	}
}

func TestQueuesOfOneContextShareArrivalOrder(t *testing.T) {
	ctx := NewContext(nil, nil, clock.New(clock.Epoch))
	a, b := ctx.NewQueue(), ctx.NewQueue()
	a.Add("first")
	b.Add("second")
	a.Add("third")
	if _, ok := b.Head(); !ok {
		t.Fatal("b has a ready key but Head says none")
	}
	ta, _ := a.Head()
	tb, _ := b.Head()
	if ta >= tb {
		t.Fatalf("a's head arrived first but has ticket %d >= b's %d", ta, tb)
	}
	a.Get()
	if ta, _ = a.Head(); ta <= tb {
		t.Fatalf("a's second key arrived after b's but has ticket %d <= %d", ta, tb)
	}
	a.Get()
	if _, ok := a.Head(); ok {
		t.Fatal("Head reports a key in an empty queue")
	}
}

func TestParkedKeyTakesItsTicketWhenDue(t *testing.T) {
	c := clock.New(clock.Epoch)
	ctx := NewContext(nil, nil, c)
	a, b := ctx.NewQueue(), ctx.NewQueue()
	a.AddAfter("later", time.Second)
	b.Add("now")
	c.Advance(time.Second)
	ta, ok := a.Head()
	tb, _ := b.Head()
	if !ok || ta <= tb {
		t.Fatalf("the parked key became ready after b's key but has ticket %d (ready %v) <= %d", ta, ok, tb)
	}
}

func TestQueueWithBackOffUsesItsBounds(t *testing.T) {
	c := clock.New(clock.Epoch)
	q := newQueue(c, &Arrivals{}).WithBackOff(time.Second, 3*time.Second)
	for i, want := range []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second} {
		q.AddRateLimited("svc")
		due, ok := q.NextDue()
		if !ok || due.Sub(c.Now()) != want {
			t.Fatalf("retry %d due in %v, want %v", i+1, due.Sub(c.Now()), want)
		}
		c.Advance(want)
		if k, _ := q.Get(); k != "svc" {
			t.Fatalf("retry %d: got %q when due", i+1, k)
		}
	}
}

// TestQueueNextDueAfterPromotion checks the earliest due time the queue
// keeps so that promote can skip its scan: a later AddAfter for the only
// parked key leaves it alone, and promoting some keys moves it on to the
// earliest that remain.
func TestQueueNextDueAfterPromotion(t *testing.T) {
	c := clock.New(clock.Epoch)
	q := newQueue(c, &Arrivals{})
	q.AddAfter("a", 2*time.Second)
	q.AddAfter("a", 5*time.Second) // keeps 2s
	q.AddAfter("b", 4*time.Second)
	q.AddAfter("c", 3*time.Second)
	if due, _ := q.NextDue(); !due.Equal(clock.Epoch.Add(2 * time.Second)) {
		t.Fatalf("NextDue = %v, want epoch+2s", due)
	}
	c.Advance(3 * time.Second)
	if got := drain(q); len(got) != 2 || got[0] != "a" || got[1] != "c" {
		t.Fatalf("drained %v, want [a c]", got)
	}
	if due, ok := q.NextDue(); !ok || !due.Equal(clock.Epoch.Add(4*time.Second)) {
		t.Fatalf("NextDue = %v, %v; want epoch+4s", due, ok)
	}
	c.Advance(time.Second)
	if got := drain(q); len(got) != 1 || got[0] != "b" {
		t.Fatalf("drained %v, want [b]", got)
	}
	if _, ok := q.NextDue(); ok {
		t.Fatal("NextDue reports a key after every key ran")
	}
}

package apiserver

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
)

func testEvent(name string) *api.Event {
	return &api.Event{
		ObjectMeta:     api.ObjectMeta{Name: name, Namespace: "default"},
		InvolvedObject: api.ObjectReference{Kind: "Deployment", Namespace: "default", Name: "web", APIVersion: "apps/v1"},
		Reason:         "ScalingReplicaSet", Message: "Scaled up", Count: 1, Type: api.EventTypeNormal,
	}
}

// exists reports whether the named event is stored.
func exists(t *testing.T, s *Server, name string) bool {
	t.Helper()
	_, err := s.Get(events, "default", name)
	if err != nil && !IsNotFound(err) {
		t.Fatal(err)
	}
	return err == nil
}

// at advances c to start+d.
func at(c *clock.Clock, start time.Time, d time.Duration) { c.Advance(start.Add(d).Sub(c.Now())) }

// With no lease reuse an event lives exactly --event-ttl after its last
// write: an update (count+1) starts the hour again, and the expiry is a
// DELETED watch event carrying the last state.
func TestEventExpiresOneHourAfterItsLastWrite(t *testing.T) {
	s, c := newTestServerClock(1)
	s.SetEventTTL(time.Hour, 0)
	start := c.Now()
	mustCreate(t, s, testEvent("web.1"))
	at(c, start, 30*time.Minute)
	ev, _ := GetAs[*api.Event](s, "default", "web.1")
	ev.Count = 2
	updated := must(t)(s.Update(ev))
	w, err := s.Watch(WatchOptions{Kinds: []*api.KindInfo{events}, ResourceVersion: s.ResourceVersion()})
	if err != nil {
		t.Fatal(err)
	}
	at(c, start, 30*time.Minute+time.Hour-time.Second)
	if !exists(t, s, "web.1") {
		t.Fatal("the event expired before an hour had passed since its update")
	}
	at(c, start, 30*time.Minute+time.Hour)
	if exists(t, s, "web.1") {
		t.Fatal("the event outlived its TTL")
	}
	evs := w.Drain()
	if len(evs) != 1 || evs[0].Type != Deleted {
		t.Fatalf("watch saw %v, want one DELETED", evs)
	}
	last := evs[0].Object.(*api.Event)
	rv := updated.GetObjectMeta().ResourceVersion
	if last.Count != 2 || last.ResourceVersion == rv || evs[0].ResourceVersion != uint64(mustAtoi(t, s.ResourceVersion())) {
		t.Errorf("DELETED object: count %d rv %s (update was %s, server now %s)", last.Count, last.ResourceVersion, rv, s.ResourceVersion())
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// With the default --lease-reuse-duration-seconds (60) the writes of one
// minute share a lease granted for ttl+60s, so they expire together
// between 3,601 and 3,660 s after their writes.
func TestEventLeasesAreReusedForAMinute(t *testing.T) {
	s, c := newTestServerClock(1)
	start := c.Now()
	mustCreate(t, s, testEvent("a")) // opens lease 1: expires start+3660s
	at(c, start, 59*time.Second)
	mustCreate(t, s, testEvent("b")) // start+59s+3600s < start+3660s: reused
	at(c, start, 60*time.Second)
	mustCreate(t, s, testEvent("c")) // no longer valid: lease 2, start+60s+3660s
	alive := func() string {
		var names []string
		for _, n := range []string{"a", "b", "c"} {
			if exists(t, s, n) {
				names = append(names, n)
			}
		}
		return strings.Join(names, ",")
	}
	for _, step := range []struct {
		at   time.Duration
		want string
	}{
		{3600 * time.Second, "a,b,c"},
		{3659 * time.Second, "a,b,c"},
		{3660 * time.Second, "c"},
		{3719 * time.Second, "c"},
		{3720 * time.Second, ""},
	} {
		at(c, start, step.at)
		if got := alive(); got != step.want {
			t.Errorf("at +%v: stored %q, want %q", step.at, got, step.want)
		}
	}
}

// One lease takes at most 1,000 objects; the 1,001st write opens another.
func TestEventLeaseHoldsAThousandObjects(t *testing.T) {
	s, c := newTestServerClock(1)
	for i := range 1001 {
		mustCreate(t, s, testEvent(fmt.Sprintf("e%04d", i)))
	}
	if n := len(s.leases.leases); n != 2 {
		t.Fatalf("%d leases, want 2", n)
	}
	if n := len(s.leases.leases[0].records); n != 1000 {
		t.Errorf("first lease holds %d events", n)
	}
	c.Advance(3660 * time.Second)
	if n := s.Count(events, ""); n != 0 {
		t.Errorf("%d events left after both leases expired", n)
	}
}

// A no-op update writes nothing and so keeps the old lease; a deleted event
// leaves its lease, and a new event of the same name lives its own hour.
func TestEventLeaseFollowsWritesOnly(t *testing.T) {
	s, c := newTestServerClock(1)
	s.SetEventTTL(time.Hour, 0)
	start := c.Now()
	mustCreate(t, s, testEvent("same"))
	mustCreate(t, s, testEvent("gone"))
	at(c, start, 10*time.Minute)
	ev, _ := GetAs[*api.Event](s, "default", "same")
	must(t)(s.Update(ev)) // no change: no write, no new lease
	if _, _, err := s.Delete(events, "default", "gone", nil); err != nil {
		t.Fatal(err)
	}
	at(c, start, 20*time.Minute)
	mustCreate(t, s, testEvent("gone"))
	at(c, start, time.Hour)
	if exists(t, s, "same") {
		t.Error("a no-op update renewed the event's lease")
	}
	if !exists(t, s, "gone") {
		t.Error("the recreated event expired with its deleted namesake")
	}
	at(c, start, 80*time.Minute)
	if exists(t, s, "gone") {
		t.Error("the recreated event outlived its own hour")
	}
}

// Only events carry a TTL, and a TTL of 0 keeps events forever.
func TestOnlyEventsExpire(t *testing.T) {
	s, c := newTestServerClock(1)
	mustCreate(t, s, testDeployment("web"))
	c.Advance(48 * time.Hour)
	if _, err := s.Get(deployments, "default", "web"); err != nil {
		t.Errorf("a Deployment expired: %v", err)
	}
	s.SetEventTTL(0, 0)
	mustCreate(t, s, testEvent("forever"))
	c.Advance(48 * time.Hour)
	if !exists(t, s, "forever") {
		t.Error("an event expired with --event-ttl=0")
	}
}

// Expiry in a busy cluster stays cheap: 50,000 events written over 500 s
// (100 a second) expire an hour later, one lease (1,000 events) at a time,
// over the two minutes measured.
func BenchmarkEventExpiry(b *testing.B) {
	for range b.N {
		b.StopTimer()
		s, c := newTestServerClock(1)
		for i := range 50_000 {
			if i%100 == 0 {
				c.Advance(time.Second)
			}
			ev := testEvent(fmt.Sprintf("web.%05d", i))
			if _, err := s.Create(ev); err != nil {
				b.Fatal(err)
			}
		}
		c.Advance(time.Hour)
		b.StartTimer()
		for range 120 {
			c.Advance(time.Second)
			s.Get(deployments, "default", "web")
		}
		b.StopTimer()
		if n := s.Count(events, ""); n != 0 {
			b.Fatalf("%d events left", n)
		}
	}
}

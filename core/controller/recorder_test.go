package controller

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

func newRecorderEnv(t *testing.T) (*apiserver.Server, *clock.Clock, *Recorder, *api.Pod) {
	t.Helper()
	clk := clock.New(clock.Epoch)
	s := apiserver.New(clk, rand.New(rand.NewPCG(1, 2)))
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-1", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	created, err := s.Create(pod)
	if err != nil {
		t.Fatal(err)
	}
	ctx := NewContext(s, nil, clk)
	return s, clk, ctx.Recorder("kubelet", "node-1"), created.(*api.Pod)
}

func listEvents(t *testing.T, s *apiserver.Server) []*api.Event {
	t.Helper()
	evs, _, err := apiserver.ListAs[*api.Event](s, "default", nil)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

func TestRecorderCountsIdenticalEvents(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	r.Event(pod, api.EventTypeWarning, "BackOff", "Back-off pulling image")
	clk.Advance(10 * time.Second)
	r.Event(pod, api.EventTypeWarning, "BackOff", "Back-off pulling image")
	evs := listEvents(t, s)
	if len(evs) != 1 {
		t.Fatalf("%d events, want one counted event", len(evs))
	}
	e := evs[0]
	if e.Count != 2 || !e.LastTimestamp.Equal(clk.Now()) || !e.FirstTimestamp.Equal(clock.Epoch) {
		t.Errorf("count %d first %v last %v", e.Count, e.FirstTimestamp, e.LastTimestamp)
	}
	if e.Source.Component != "kubelet" || e.Source.Host != "node-1" || e.InvolvedObject.Kind != "Pod" ||
		e.InvolvedObject.UID != pod.UID || !strings.HasPrefix(e.Name, "web-1.") {
		t.Errorf("event %+v", e)
	}
}

func TestRecorderKeepsFieldPathsApart(t *testing.T) {
	s, _, r, pod := newRecorderEnv(t)
	r.FieldEvent(pod, "spec.containers{a}", api.EventTypeNormal, "Created", "Container created")
	r.FieldEvent(pod, "spec.containers{b}", api.EventTypeNormal, "Created", "Container created")
	evs := listEvents(t, s)
	if len(evs) != 2 || evs[0].Count != 1 || evs[1].Count != 1 {
		t.Fatalf("got %d events, want two separate ones", len(evs))
	}
}

// TestRecorderCombinesSimilarEvents: from the 10th distinct message with
// the same reason within 10 minutes, events are folded into one
// "(combined from similar events)" event whose count grows.
func TestRecorderCombinesSimilarEvents(t *testing.T) {
	s, _, r, pod := newRecorderEnv(t)
	for i := range 12 {
		r.Event(pod, api.EventTypeNormal, "SuccessfulCreate", fmt.Sprintf("Created pod: web-%d", i))
	}
	evs := listEvents(t, s)
	if len(evs) != 10 {
		t.Fatalf("%d events, want 9 plain and 1 combined", len(evs))
	}
	var combined *api.Event
	for _, e := range evs {
		if strings.HasPrefix(e.Message, "(combined from similar events): ") {
			combined = e
		}
	}
	if combined == nil || combined.Count != 3 || combined.Message != "(combined from similar events): Created pod: web-11" {
		t.Fatalf("combined event = %+v", combined)
	}
}

// TestRecorderSpamFilter: 25 events about one object at once, then one per
// five minutes; the dropped occurrences are still counted
// (EventCorrelate runs eventObserve before the filter), so the next event
// written carries them.
func TestRecorderSpamFilter(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	stored := func() *api.Event {
		evs := listEvents(t, s)
		if len(evs) != 1 {
			t.Fatalf("%d events, want one", len(evs))
		}
		return evs[0]
	}
	for range 30 {
		r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	}
	// The bucket starts with 25 tokens: occurrences 1-25 are written
	// (create, then 24 patches), 26-30 are counted and dropped.
	if e := stored(); e.Count != 25 {
		t.Fatalf("stored count %d, want the burst of 25", e.Count)
	}
	// 299 s refill 299/300 of a token: refused, and counted (31).
	clk.Advance(299 * time.Second)
	r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	if e := stored(); e.Count != 25 {
		t.Fatalf("a token came back before five minutes: count %d", e.Count)
	}
	// 300 s after the last granted one a token is back: occurrence 32 is
	// written, with the 6 dropped ones in its count.
	clk.Advance(time.Second)
	r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	if e := stored(); e.Count != 32 || !e.LastTimestamp.Equal(clk.Now()) || !e.FirstTimestamp.Equal(clock.Epoch) {
		t.Fatalf("after five minutes count %d last %v, want 32 at %v", e.Count, e.LastTimestamp, clk.Now())
	}
	// Ten idle hours refill the bucket only up to its burst: 25 more
	// written (33-57), the 26th refused (58 counted, not written).
	clk.Advance(10 * time.Hour)
	for range 26 {
		r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	}
	if e := stored(); e.Count != 57 {
		t.Fatalf("after a refill count %d, want 32+25 = 57", e.Count)
	}
}

// TestRecorderSpamKeyIsSourceObjectAndType: getSpamKey (client-go v0.37
// events_cache.go) is the source, the involved object and the event type,
// so every reason, message and container of one pod draws on one bucket per
// type, while another type, or another component's events about the pod,
// have their own.
func TestRecorderSpamKeyIsSourceObjectAndType(t *testing.T) {
	s, _, r, pod := newRecorderEnv(t)
	for i := range 25 {
		r.FieldEvent(pod, fmt.Sprintf("spec.containers{c%d}", i%3), api.EventTypeNormal,
			fmt.Sprintf("Reason%d", i), "same message")
	}
	r.Event(pod, api.EventTypeNormal, "Other", "another message")
	if n := len(listEvents(t, s)); n != 25 {
		t.Fatalf("%d events, want 25: the 26th Normal event shares the drained bucket", n)
	}
	r.Event(pod, api.EventTypeWarning, "Other", "another message")
	if n := len(listEvents(t, s)); n != 26 {
		t.Fatalf("%d events, want 26: a Warning has its own bucket", n)
	}
	r2 := newRecorder(s, r.clock, newCorrelator(), r.names, "kubelet", "node-2")
	r2.Event(pod, api.EventTypeNormal, "Other", "another message")
	if n := len(listEvents(t, s)); n != 27 {
		t.Fatalf("%d events, want 27: another source has its own bucket", n)
	}
}

// TestRecorderImagePullBackOffForAnHour: a pod whose image cannot be
// pulled is synced every 10 s, and each sync emits the same BackOff event
// ("Back-off pulling image"). Emissions at t = 0, 10, ..., 3590: 360.
//
// Spam filter (burst 25, one token per 300 s, refilled from the last
// granted request): the n-th emission (n from 0, at 10n s) finds
// 25 - n + n/30 tokens while the burst lasts, so n = 0..24 are written
// (t = 0..240) and leave 0.8 tokens; one token is back 60 s later, at
// t = 300, and then every 300 s: t = 300, 600, ..., 3300 (3600 is past the
// hour). The event kubectl shows was last written at t = 3300 by emission
// number 3300/10 + 1 = 331, so COUNT 331 and LAST SEEN 3300 s; the 29
// emissions at 3310..3590 are counted by the recorder but not yet visible.
// The next emission, at t = 3600, is granted and shows all 361.
// (Counting only written events, as a filter-first recorder does, would
// show 25 + 11 = 36.)
func TestRecorderImagePullBackOffForAnHour(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	const msg = `Back-off pulling image "nginx:no-such-tag"`
	start := clk.Now()
	for range 360 {
		r.FieldEvent(pod, "spec.containers{c}", api.EventTypeNormal, "BackOff", msg)
		clk.Advance(10 * time.Second)
	}
	evs := listEvents(t, s)
	if len(evs) != 1 {
		t.Fatalf("%d events, want one counted BackOff", len(evs))
	}
	e := evs[0]
	if e.Count != 331 || !e.LastTimestamp.Equal(start.Add(3300*time.Second)) || !e.FirstTimestamp.Equal(start) {
		t.Fatalf("after an hour: count %d first %v last %v; want 331, %v, %v",
			e.Count, e.FirstTimestamp, e.LastTimestamp, start, start.Add(3300*time.Second))
	}
	r.FieldEvent(pod, "spec.containers{c}", api.EventTypeNormal, "BackOff", msg)
	e = listEvents(t, s)[0]
	if e.Count != 361 || !e.LastTimestamp.Equal(start.Add(3600*time.Second)) {
		t.Fatalf("at 3600 s: count %d last %v; want 361 at %v", e.Count, e.LastTimestamp, start.Add(3600*time.Second))
	}
}

// TestRecorderFirstOccurrenceFiltered: an occurrence dropped by the spam
// filter is still logged under a name that was never written, so the next
// one patches that name, finds nothing, and creates it with count 2 and
// the dropped occurrence's firstTimestamp (recordEvent's NotFound path).
func TestRecorderFirstOccurrenceFiltered(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	for i := range 25 {
		r.Event(pod, api.EventTypeNormal, "Pulled", fmt.Sprintf("image %d", i))
	}
	first := clk.Now()
	r.Event(pod, api.EventTypeWarning, "Unhealthy", "Liveness probe failed")
	clk.Advance(300 * time.Second)
	r.Event(pod, api.EventTypeWarning, "Unhealthy", "Liveness probe failed")
	var got *api.Event
	for _, e := range listEvents(t, s) {
		if e.Reason == "Unhealthy" {
			got = e
		}
	}
	if got == nil || got.Count != 2 || !got.FirstTimestamp.Equal(first) || !got.LastTimestamp.Equal(clk.Now()) {
		t.Fatalf("Unhealthy event = %+v; want count 2 from %v", got, first)
	}
	// The name is the dropped occurrence's: "<pod>.<hex nanos>" of t = 0.
	var nanos int64
	if _, err := fmt.Sscanf(got.Name, "web-1.%x", &nanos); err != nil || nanos-first.UnixNano() >= int64(time.Second) {
		t.Errorf("event name %s is not the first occurrence's (%v)", got.Name, first)
	}
}

// TestRecorderAggregationWindow: "similar" means within 600 s of the last
// similar event (EventAggregate refreshes the record only when the gap is
// more than maxIntervalInSeconds).
func TestRecorderAggregationWindow(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	for i := range 9 {
		r.Event(pod, api.EventTypeNormal, "Killing", fmt.Sprintf("Stopping container c%d", i))
	}
	clk.Advance(600 * time.Second) // a gap of exactly 600 s: still similar
	r.Event(pod, api.EventTypeNormal, "Killing", "Stopping container c9")
	clk.Advance(601 * time.Second) // more than 600 s: a fresh record
	r.Event(pod, api.EventTypeNormal, "Killing", "Stopping container c10")
	var combined []string
	evs := listEvents(t, s)
	for _, e := range evs {
		if strings.HasPrefix(e.Message, aggregateMessagePrefix) {
			combined = append(combined, e.Message)
		}
	}
	if len(evs) != 11 || len(combined) != 1 || combined[0] != aggregateMessagePrefix+"Stopping container c9" {
		t.Fatalf("%d events, combined %q; want 11 with c9 combined", len(evs), combined)
	}
}

// TestRecorderCombinedEventCountsDroppedOccurrences: 31 distinct messages
// with one reason at once. Messages 0-8 are written as they are; from the
// 10th on, each is an occurrence of the combined event (count 1, 2, ...).
// The spam filter writes the first 25 (9 plain, the combined one at 16)
// and drops 26-31, which the combined event's cache still counts (22).
// Five minutes later a 32nd message is written as the combined event's
// 23rd occurrence, with its message.
func TestRecorderCombinedEventCountsDroppedOccurrences(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	combined := func() *api.Event {
		for _, e := range listEvents(t, s) {
			if strings.HasPrefix(e.Message, aggregateMessagePrefix) {
				return e
			}
		}
		t.Fatal("no combined event")
		return nil
	}
	for i := range 31 {
		r.Event(pod, api.EventTypeWarning, "FailedMount", fmt.Sprintf("volume v%d not found", i))
	}
	if n, e := len(listEvents(t, s)), combined(); n != 10 || e.Count != 16 ||
		e.Message != aggregateMessagePrefix+"volume v24 not found" {
		t.Fatalf("%d events, combined count %d %q; want 10 events, 16, v24", n, e.Count, e.Message)
	}
	clk.Advance(300 * time.Second)
	r.Event(pod, api.EventTypeWarning, "FailedMount", "volume v31 not found")
	e := combined()
	if e.Count != 23 || e.Message != aggregateMessagePrefix+"volume v31 not found" ||
		!e.LastTimestamp.Equal(clk.Now()) || !e.FirstTimestamp.Equal(clock.Epoch) {
		t.Fatalf("combined event count %d %q first %v last %v; want 23, v31", e.Count, e.Message,
			e.FirstTimestamp, e.LastTimestamp)
	}
	if e.ReportingComponent != "" || e.ReportingInstance != "" || e.Source.Component != "kubelet" {
		t.Errorf("combined event reporting %q/%q source %+v; upstream copies only the source",
			e.ReportingComponent, e.ReportingInstance, e.Source)
	}
}

// TestRecorderRefusesUnknownTypes: util.ValidateEventType.
func TestRecorderRefusesUnknownTypes(t *testing.T) {
	s, _, r, pod := newRecorderEnv(t)
	r.Event(pod, "Critical", "Boom", "not a type")
	if n := len(listEvents(t, s)); n != 0 {
		t.Fatalf("%d events, want none", n)
	}
}

// An event that expired (--event-ttl) and then happens again is created
// anew under its old name, with its count and firstTimestamp carried on:
// the recorder's cache outlives the stored event (recordEvent falls back
// from the patch to a create on NotFound).
func TestRecorderRecreatesAnExpiredEvent(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	s.SetEventTTL(time.Hour, 0)
	r.Event(pod, api.EventTypeNormal, "Pulled", "Image pulled")
	first := listEvents(t, s)[0]
	clk.Advance(time.Hour)
	if evs := listEvents(t, s); len(evs) != 0 {
		t.Fatalf("%d events stored an hour after the only write", len(evs))
	}
	clk.Advance(time.Minute)
	r.Event(pod, api.EventTypeNormal, "Pulled", "Image pulled")
	evs := listEvents(t, s)
	if len(evs) != 1 {
		t.Fatalf("%d events, want the one recreated", len(evs))
	}
	e := evs[0]
	if e.Name != first.Name || e.Count != 2 || !e.FirstTimestamp.Equal(clock.Epoch) || !e.LastTimestamp.Equal(clk.Now()) {
		t.Errorf("recreated event %s count %d first %v last %v; want %s, 2, the epoch, now",
			e.Name, e.Count, e.FirstTimestamp, e.LastTimestamp, first.Name)
	}
}

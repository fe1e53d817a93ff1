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
// five minutes.
func TestRecorderSpamFilter(t *testing.T) {
	s, clk, r, pod := newRecorderEnv(t)
	total := func() int32 {
		n := int32(0)
		for _, e := range listEvents(t, s) {
			n += e.Count
		}
		return n
	}
	for range 30 {
		r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	}
	if got := total(); got != 25 {
		t.Fatalf("recorded %d occurrences, want the burst of 25", got)
	}
	clk.Advance(299 * time.Second)
	r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	if got := total(); got != 25 {
		t.Fatalf("a token came back before five minutes: %d", got)
	}
	clk.Advance(time.Second)
	r.Event(pod, api.EventTypeWarning, "Unhealthy", "Readiness probe failed")
	if got := total(); got != 26 {
		t.Fatalf("after five minutes %d occurrences, want 26", got)
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

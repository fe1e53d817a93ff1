package sim

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// TestNeverReadyPodEventsForAnHour: a pod whose readiness probe fails
// forever. Its kubelet emits, about the pod, Pulling at 0 s, Pulled at
// 2 s, Created, Started (Normal) and the first Unhealthy (Warning) at 3 s
// (the first probe runs as the container starts), then Unhealthy at every
// 10 s: 10, 20, .... The test checks that schedule for the first probes,
// then the recorder's arithmetic. The spam filter keys on source, object
// and type (getSpamKey, client-go v0.37), so the Unhealthy events have a
// bucket of their own:
//
//   - the bucket is made full (25 tokens) by the first Unhealthy, at 3 s,
//     and refills 1/300 per second from each granted event. The m-th
//     Unhealthy on the 10 s grid (t = 10m) finds 24 + (10m - 3)/300 -
//     (m - 1) tokens, so it is written while m(29/30) <= 24.99, that is up
//     to m = 24, t = 240 s: count 25, leaving 0.79 of a token;
//   - a whole token is back 63 s later, so the next write is at 310 s (the
//     first emission after 303 s), leaving 0.023; then one every 300 s:
//     610, 910, ..., 3310, 3610;
//   - every emission is counted, written or not (eventObserve runs before
//     the filter), so the event written at t is emission number 1 + t/10:
//     32 at 310 s, 332 at 3310 s, 362 at 3610 s. Just before 3610 s
//     kubectl still shows 332, last seen at 3310 s.
//
// A recorder that dropped occurrences before counting them would show
// 25 + 12 = 37 at 3610 s. One bucket for both types (older client-go,
// whose getSpamKey had no type) would end the burst at the 20th probe, at
// 200 s, the four Normal events at 0-3 s having taken their tokens.
func TestNeverReadyPodEventsForAnHour(t *testing.T) {
	s, err := New(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Registry.SetBehavior("nginx:never-ready", images.Behavior{NeverReady: true}); err != nil {
		t.Fatal(err)
	}
	probe := &api.Probe{PeriodSeconds: 10,
		ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt(80)}}}
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "slow", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx:never-ready", ReadinessProbe: probe}}}}
	if _, err := s.API.Create(pod); err != nil {
		t.Fatal(err)
	}
	start := s.Now()
	unhealthy := func() *api.Event {
		t.Helper()
		evs, _, err := apiserver.ListAs[*api.Event](s.API, "default", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.InvolvedObject.Name == "slow" && e.Reason == "Unhealthy" {
				return e
			}
		}
		return nil
	}
	tickTo := func(sec int) {
		t.Helper()
		for s.Now().Sub(start) < time.Duration(sec)*time.Second {
			if err := s.Tick(); err != nil {
				t.Fatal(err)
			}
		}
	}
	check := func(atSec int, count int32, lastSec int) {
		t.Helper()
		tickTo(atSec)
		e := unhealthy()
		if e == nil || e.Count != count || !e.LastTimestamp.Equal(start.Add(time.Duration(lastSec)*time.Second)) ||
			!e.FirstTimestamp.Equal(start.Add(3*time.Second)) {
			t.Fatalf("at %d s: Unhealthy = %+v; want count %d, first 3 s, last %d s", atSec, e, count, lastSec)
		}
	}
	// The emission schedule this test assumes: at 3 s, then on the 10 s grid.
	check(5, 1, 3)
	check(15, 2, 10)
	check(25, 3, 20)
	// The burst ends with the 24th probe on the grid.
	check(240, 25, 240)
	check(309, 25, 240)
	check(310, 32, 310)
	check(3609, 332, 3310)
	check(3610, 362, 3610)
	// kubectl describe: last seen now ("0s"), first seen at 3 s, 3607 s
	// ago ("60m").
	got := kubectl.Run(s, "kubectl describe pod slow", kubectl.Input{}).Output
	if !strings.Contains(got, "0s (x362 over 60m)") {
		t.Errorf("kubectl describe pod:\n%s", got)
	}
}

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
// forever. Its kubelet emits, about the pod (one spam-filter bucket:
// source kubelet/<node> and the pod), Pulling at 0 s, Pulled at 2 s,
// Created, Started and the first Unhealthy at 3 s (the first probe runs as
// the container starts), then Unhealthy at every 10 s: 10, 20, ....
// The test checks that schedule for the first probes, then the recorder's
// arithmetic:
//
//   - the bucket starts with 25 tokens and refills 1/300 per second. The
//     m-th Unhealthy on the 10 s grid (t = 10m) finds
//     25 + 10m/300 - (4 + m) tokens (4 events before the first probe, m
//     Unhealthy written before it), so it is written while 20 >= m(29/30),
//     that is up to m = 20, t = 200 s: count 21 (with the one at 3 s),
//     leaving 2/3 of a token;
//   - a whole token is back 100 s later, at t = 300 s, and then every
//     300 s: t = 300, 600, ..., 3600;
//   - every emission is counted, written or not (eventObserve runs before
//     the filter), so the event written at t is emission number
//     1 + t/10: 31 at 300 s, 331 at 3300 s, 361 at 3600 s. Just before
//     3600 s kubectl still shows 331, last seen at 3300 s.
//
// A recorder that dropped occurrences before counting them would show
// 21 + 11 = 32 at 3600 s.
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
	// The burst ends with the 20th probe on the grid.
	check(200, 21, 200)
	check(299, 21, 200)
	check(300, 31, 300)
	check(3599, 331, 3300)
	check(3600, 361, 3600)
	// kubectl describe: last seen now ("0s"), first seen at 3 s, 3597 s
	// ago ("59m").
	got := kubectl.Run(s, "kubectl describe pod slow", kubectl.Input{}).Output
	if !strings.Contains(got, "0s (x361 over 59m)") {
		t.Errorf("kubectl describe pod:\n%s", got)
	}
}

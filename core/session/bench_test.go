package session

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// bigScript is a scenario with 100 nodes and deployments Deployments of
// replicas replicas each, ticked until they have rolled out. (Many
// Deployments rather than one: the ReplicaSet controller lists every pod
// of the namespace on each sync, so one 10,000-replica ReplicaSet takes
// minutes to roll out; a hundred of 100 take half a minute.) The
// controllers' rate limit is lifted, as scripts/bench's scenario does (at
// 20 creates a second 10,000 pods take 500 s); kube-scheduler's 50
// bindings a second still take 200 s, hence 30 ticks and one per 50 pods.
func bigScript(deployments, replicas int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %d pods on 100 nodes\n\n", deployments*replicas)
	for i := 4; i <= 100; i++ {
		fmt.Fprintf(&b, "node add node-%d\n", i)
	}
	fmt.Fprintf(&b, "controller-manager kube-api-qps=-1\nkubectl apply -f big.yaml\ntick %d\n-- big.yaml --\n", 30+deployments*replicas/50)
	for d := range deployments {
		name := fmt.Sprintf("app-%03d", d)
		b.WriteString(strings.Replace(strings.ReplaceAll(webYAML, "web", name), "replicas: 3", fmt.Sprintf("replicas: %d", replicas), 1))
		b.WriteString("---\n")
	}
	return b.String()
}

var (
	bigOnce    sync.Once
	bigSession *Session
	bigErr     error
)

// big returns a session at the end of bigScript; the benchmarks share it
// (building it takes a while) and leave its cursor at the head.
func big(b *testing.B) *Session {
	b.Helper()
	bigOnce.Do(func() {
		var s *Session
		if s, bigErr = New(1); bigErr != nil {
			return
		}
		if _, bigErr = s.Load("big.txtar", []byte(bigScript(100, 100))); bigErr != nil {
			return
		}
		bigSession = s
	})
	if bigErr != nil {
		b.Fatal(bigErr)
	}
	s := bigSession
	if v := s.View(); len(v.Pods) != 10_000 || v.Counts[StateReady] != 10_000 {
		b.Fatalf("%d pods, %v", len(v.Pods), v.Counts)
	}
	s.Jump(s.Head())
	return s
}

// BenchmarkView10kPods builds the view of a tick from the cluster's caches
// (what every tick costs the session), at 10,000 pods.
func BenchmarkView10kPods(b *testing.B) {
	s := big(b)
	b.ResetTimer()
	for range b.N {
		s.w.view()
	}
}

// BenchmarkViewJSON10kPods is what the page pays per redraw on the Go side:
// the view served and encoded as JSON.
func BenchmarkViewJSON10kPods(b *testing.B) {
	s := big(b)
	b.ResetTimer()
	var n int
	for range b.N {
		data, err := s.View().JSON()
		if err != nil {
			b.Fatal(err)
		}
		n = len(data)
	}
	b.ReportMetric(float64(n), "json-bytes")
}

// BenchmarkTick10kPods is one tick through the session at 10,000 pods:
// the cluster's tick, the chart, the events and the captured view.
func BenchmarkTick10kPods(b *testing.B) {
	s := big(b)
	b.ResetTimer()
	for range b.N {
		if out := s.Tick(1); out.Exit != 0 {
			b.Fatal(out.Output)
		}
	}
}

// BenchmarkBack10kPods steps back through the last 30 ticks (views the
// history keeps) and encodes each.
func BenchmarkBack10kPods(b *testing.B) {
	s := big(b)
	head := s.Head()
	b.ResetTimer()
	for i := range b.N {
		s.Jump(head - int64(i%30) - 1)
		if _, err := s.View().JSON(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTickDeltaJSON10kPods is what a tick costs the page's worker at
// 10,000 pods: the tick, then the view encoded as a patch over the last.
func BenchmarkTickDeltaJSON10kPods(b *testing.B) {
	s := big(b)
	base := s.View().Pods
	b.ResetTimer()
	var n int
	for range b.N {
		s.Tick(1)
		v := s.View()
		data, _, err := v.JSONDelta(base)
		if err != nil {
			b.Fatal(err)
		}
		base, n = v.Pods, len(data)
	}
	b.ReportMetric(float64(n), "json-bytes")
}

// BenchmarkScaleDeltaJSON10kPods is a tick that adds or removes pods at
// 10,000 pods: a Deployment scaled between 100 and 110 replicas, a tick,
// and the view encoded as a patch over the last.
func BenchmarkScaleDeltaJSON10kPods(b *testing.B) {
	s := big(b)
	base := s.View().Pods
	b.ResetTimer()
	var n int
	patched := 0
	for i := range b.N {
		if out := s.Run(fmt.Sprintf("kubectl scale deployment/app-000 --replicas=%d", 100+10*((i+1)%2))); out.Exit != 0 {
			b.Fatal(out.Output)
		}
		s.Tick(1)
		v := s.View()
		data, ok, err := v.JSONDelta(base)
		if err != nil {
			b.Fatal(err)
		}
		if ok {
			patched++
		}
		base, n = v.Pods, len(data)
	}
	b.StopTimer()
	b.ReportMetric(float64(n), "json-bytes")
	b.ReportMetric(float64(patched)/float64(b.N), "patched/op")
	// Leave the cluster as big() wants it.
	s.Run("kubectl scale deployment/app-000 --replicas=100")
	s.Tick(30)
}

package sim

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
)

var (
	timedProfile    = flag.String("timedprofile", "", "write a CPU profile of the benchmarks' timed ticks only (not their setup) to this file")
	timedMemProfile = flag.String("timedmemprofile", "", "write heap profiles before and after the benchmarks' timed ticks to FILE.base and FILE; read the ticks' own allocations with go tool pprof -base FILE.base FILE")
)

// profileTimed starts the -timedprofile CPU profile and the
// -timedmemprofile snapshot, and returns what stops them. go test's
// -cpuprofile and -memprofile cover the setup too, which for the large
// benchmarks is most of the run.
func profileTimed(b *testing.B) (stop func()) {
	var stops []func()
	if *timedProfile != "" {
		f, err := os.Create(*timedProfile)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			b.Fatal(err)
		}
		stops = append(stops, func() {
			pprof.StopCPUProfile()
			f.Close()
		})
	}
	if *timedMemProfile != "" {
		writeHeapProfile(b, *timedMemProfile+".base")
		stops = append(stops, func() { writeHeapProfile(b, *timedMemProfile) })
	}
	return func() {
		for _, stop := range stops {
			stop()
		}
	}
}

// writeHeapProfile writes the allocations so far (after a collection, so
// the profile is current) to path.
func writeHeapProfile(b *testing.B, path string) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		b.Fatal(err)
	}
}

// bigCluster is 100 nodes running a 10,000-replica Deployment whose pods
// all carry a readiness probe, settled until every pod is available.
func bigCluster(b *testing.B) *Sim {
	b.Helper()
	s := bigNodes(b, 100)
	d := webDeployment(10_000, "nginx:1.25")
	d.Spec.Template.Spec.Containers[0].ReadinessProbe = &api.Probe{
		ProbeHandler:  api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt(80)}},
		PeriodSeconds: 10,
	}
	if _, err := s.API.Create(d); err != nil {
		b.Fatal(err)
	}
	// 10,000 creates at the ReplicaSet controller's 20 requests a second
	// (kube-controller-manager's client-side rate limit) take about 500
	// ticks, the events and status writes a few more.
	for range 1200 {
		if err := s.Tick(); err != nil {
			b.Fatal(err)
		}
		got, _ := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
		if got.Status.AvailableReplicas == 10_000 {
			return s
		}
	}
	b.Fatal("10,000 pods did not become available in 1200 ticks")
	return nil
}

// bigNodes is a standard cluster with n nodes of 64 CPUs and 256Gi each.
func bigNodes(b testing.TB, n int) *Sim {
	b.Helper()
	var nodes []cluster.NodeOptions
	for i := 1; i <= n; i++ {
		nodes = append(nodes, cluster.NodeOptions{Name: fmt.Sprintf("node-%d", i), CPU: "64", Memory: "256Gi"})
	}
	s, err := New(Options{Seed: 1, Nodes: nodes})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkTick10000Pods is one steady-state tick of the standard cluster
// with 10,000 pods on 100 nodes: every kubelet's probes, leases and status,
// and whatever the controllers then do.
func BenchmarkTick10000Pods(b *testing.B) {
	s := bigCluster(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := s.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScaleUp2000 creates a 2,000-replica Deployment on 20 nodes and
// ticks until every pod is available: the cost of the controllers, the
// scheduler and the kubelets reacting to many pod changes in one tick.
func BenchmarkScaleUp2000(b *testing.B) {
	for b.Loop() {
		s := bigNodes(b, 20)
		if _, err := s.API.Create(webDeployment(2000, "nginx:1.25")); err != nil {
			b.Fatal(err)
		}
		for available := false; !available; {
			if err := s.Tick(); err != nil {
				b.Fatal(err)
			}
			got, _ := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
			available = got.Status.AvailableReplicas == 2000
		}
	}
}

// BenchmarkRollingUpdate10000 changes the image of bigCluster's
// 10,000-replica Deployment and ticks until the rollout is complete (the
// Deployment's Progressing condition says NewReplicaSetAvailable): every
// controller, the scheduler and 100 kubelets replacing 10,000 pods, 25%
// surge and 25% unavailable at a time. Building the starting cluster is not
// timed. It reports the ticks taken, the mean and worst tick, and how many
// times the Deployment and ReplicaSet controllers synced.
func BenchmarkRollingUpdate10000(b *testing.B) {
	b.ReportAllocs()
	var ticks, dSyncs, rsSyncs int
	var worst, cpu time.Duration
	for range b.N {
		b.StopTimer()
		s := bigCluster(b)
		d, err := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
		if err != nil {
			b.Fatal(err)
		}
		d.Spec.Template.Spec.Containers[0].Image = "nginx:1.26"
		b.StartTimer()
		stop := profileTimed(b)
		cpu0 := cpuTime()
		if _, err := s.API.Update(d); err != nil {
			b.Fatal(err)
		}
		ticks, dSyncs, rsSyncs, worst = 0, 0, 0, 0
		for done := false; !done; {
			// 10,000 creates and 10,000 deletes at 20 requests a second.
			if ticks++; ticks > 3000 {
				b.Fatal("the rollout did not complete in 3000 ticks")
			}
			start := time.Now()
			steps, err := s.Cluster.Tick()
			worst = max(worst, time.Since(start))
			s.record(steps)
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range steps {
				switch r.Controller {
				case deployment.Name:
					dSyncs++
				case replicaset.Name:
					rsSyncs++
				}
			}
			got, _ := apiserver.GetAs[*api.Deployment](s.API, "default", "web")
			cond := deploymentutil.GetDeploymentCondition(got.Status, api.DeploymentProgressing)
			done = got.Status.ObservedGeneration >= got.Generation && deploymentutil.DeploymentComplete(got, &got.Status) &&
				cond != nil && cond.Reason == deploymentutil.NewRSAvailableReason
		}
		cpu += cpuTime() - cpu0
		stop()
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(ticks), "ticks")
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N*ticks), "ms/tick")
	b.ReportMetric(worst.Seconds()*1e3, "worst-ms/tick")
	b.ReportMetric(float64(dSyncs), "deploy-syncs")
	b.ReportMetric(float64(rsSyncs), "rs-syncs")
}

// BenchmarkHuge100000 is `replicas: 100000` on 100 nodes, which have room
// for 11,000 pods: the rest stay pending, as on a real cluster. At the
// controllers' 20 creates a second the 100,000 pods would take 5,000
// ticks to exist, so they are created with the rate limits off (not
// timed); then 360 ticks run with the defaults (timed): six simulated
// minutes with 100,000 pods, long enough for the scheduler to retry the
// 89,000 unschedulable ones (PodMaxInUnschedulablePods, 5 min). It reports
// the CPU time, the mean and worst tick, and the largest live heap seen
// after a tick.
func BenchmarkHuge100000(b *testing.B) {
	b.ReportAllocs()
	const ticks = 360
	var worst, cpu time.Duration
	var peak uint64
	syncs := map[string]int{}
	for range b.N {
		b.StopTimer()
		s := bigNodes(b, 100)
		s.SetControllerManagerClient(controller.ClientConnection{QPS: -1})
		if _, err := s.API.Create(webDeployment(100_000, "nginx:1.25")); err != nil {
			b.Fatal(err)
		}
		for n := 0; s.API.Count(api.PodKind, "default") < 100_000; n++ {
			if n > 1000 {
				b.Fatalf("%d pods after 1000 ticks", s.API.Count(api.PodKind, "default"))
			}
			if err := s.Tick(); err != nil {
				b.Fatal(err)
			}
		}
		s.SetControllerManagerClient(controller.ClientConnection{})
		b.StartTimer()
		stop := profileTimed(b)
		cpu0 := cpuTime()
		for range ticks {
			start := time.Now()
			steps, err := s.Cluster.Tick()
			worst = max(worst, time.Since(start))
			s.record(steps)
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range steps {
				syncs[r.Controller]++
			}
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		cpu += cpuTime() - cpu0
		stop()
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N*ticks), "ms/tick")
	b.ReportMetric(worst.Seconds()*1e3, "worst-ms/tick")
	b.ReportMetric(float64(peak)/1e6, "peak-heap-MB")
	b.Logf("syncs in the timed ticks, by controller: %v", syncs)
}

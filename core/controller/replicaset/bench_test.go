package replicaset

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller"
)

const benchReplicas = 10_000

// scaleUp creates a ReplicaSet of benchReplicas and ticks until every pod
// exists and the status says so. It returns the ticks it took.
func scaleUp(tb testing.TB) (*cluster.Cluster, *ReplicaSetController, int) {
	c := cluster.New(cluster.DefaultSeed)
	// Without client-side rate limits, so that the ticks are the step
	// budget's (at 20 requests a second the scale-up takes 500 ticks).
	c.Context.SetClientConnection(controller.ClientConnection{QPS: -1})
	rsc := New(c.Context)
	c.Add(rsc)
	if _, err := c.API.Create(newRS("web", benchReplicas)); err != nil {
		tb.Fatal(err)
	}
	for ticks := 1; ; ticks++ {
		if _, err := c.Tick(); err != nil {
			tb.Fatal(err)
		}
		rs, err := apiserver.GetAs[*api.ReplicaSet](c.API, "default", "web")
		if err != nil {
			tb.Fatal(err)
		}
		if rs.Status.Replicas == benchReplicas {
			return c, rsc, ticks
		}
		if ticks > 100 {
			tb.Fatalf("status.replicas %d after %d ticks", rs.Status.Replicas, ticks)
		}
	}
}

// BenchmarkScaleUp10000 scales a ReplicaSet from 0 to 10,000 pods through
// the cluster (20 syncs of at most 500 creations each, in slow-start
// batches), including the API server's admission and the informers.
func BenchmarkScaleUp10000(b *testing.B) {
	b.ReportAllocs()
	ticks := 0
	for b.Loop() {
		_, _, ticks = scaleUp(b)
	}
	b.ReportMetric(float64(ticks), "ticks")
}

// BenchmarkSteadyStateSync10000 is one sync of a ReplicaSet whose 10,000
// pods all exist: list, claim, count, compare status, write nothing.
func BenchmarkSteadyStateSync10000(b *testing.B) {
	c, rsc, _ := scaleUp(b)
	if _, err := c.Settle(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := rsc.Sync("default/web", &controller.Decisions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestScaleUpTo10000(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 pods")
	}
	c, _, ticks := scaleUp(t)
	pods, _, _ := apiserver.ListAs[*api.Pod](c.API, "default", nil)
	if len(pods) != benchReplicas || ticks != 1 {
		t.Errorf("%d pods after %d ticks; want %d in one tick (20 syncs of 500)", len(pods), ticks, benchReplicas)
	}
}

package fakekubelet

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
)

// BenchmarkTick10kPods measures one tick of a cluster whose 10,000 pods are
// all running and ready: the steady state, where nothing should be written.
func BenchmarkTick10kPods(b *testing.B) {
	c := cluster.New(cluster.DefaultSeed)
	c.Add(garbagecollector.New(c.Context))
	c.AddActor(New(c.Context, Options{}))
	for i := range 10000 {
		if _, err := c.API.Create(newPod(fmt.Sprintf("web-%05d", i), "nginx:1.27")); err != nil {
			b.Fatal(err)
		}
	}
	for range 3 {
		if _, err := c.Tick(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := c.Tick(); err != nil {
			b.Fatal(err)
		}
	}
}

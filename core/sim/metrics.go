package sim

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller/podautoscaler"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// metricsServer is the resource metrics API as metrics-server serves it on
// kind once installed. A fresh cluster has none: until a scenario gives an
// image a CPU usage (`image REF cpu=250m`), every request fails as on a
// cluster without metrics-server. With one, metrics-server scrapes every
// kubelet every 15 s (--metric-resolution) from the cluster's start; a pod
// has a measurement once a scrape saw its containers running: the sum of
// their images' usage (0 for images without one), timestamped at the
// scrape, over a 15 s window.
type metricsServer struct {
	registry *images.Registry
}

// metricResolution is metrics-server's scrape interval.
const metricResolution = 15 * time.Second

// PodCPU implements podautoscaler.MetricsClient.
func (m metricsServer) PodCPU(pods []*api.Pod, now time.Time) (map[string]podautoscaler.PodMetric, error) {
	if !m.registry.HasUsageModel() {
		return podautoscaler.NoMetrics{}.PodCPU(pods, now)
	}
	scrape := clock.Epoch.Add(now.Sub(clock.Epoch) / metricResolution * metricResolution)
	out := map[string]podautoscaler.PodMetric{}
	for _, p := range pods {
		if p.Status.Phase != api.PodRunning || len(p.Status.ContainerStatuses) == 0 {
			continue
		}
		var milli int64
		seen := true
		for _, cs := range p.Status.ContainerStatuses {
			if cs.State.Running == nil || cs.State.Running.StartedAt.After(scrape) {
				seen = false
				break
			}
			milli += m.registry.Behavior(cs.Image).CPUMilli
		}
		if seen {
			out[p.Name] = podautoscaler.PodMetric{MilliValue: milli, Timestamp: scrape, Window: metricResolution}
		}
	}
	return out, nil
}

package podautoscaler

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// PodMetric is one pod's usage as the resource metrics API reports it
// (metricsclient.PodMetric): the value, when it was measured and over
// which window.
type PodMetric struct {
	MilliValue int64
	Timestamp  time.Time
	Window     time.Duration
}

// MetricsClient is the resource metrics API (metrics.k8s.io, served by
// metrics-server) as the controller reads it. A cluster without a metrics
// server answers every request with the error a v1.37 controller gets
// from the missing API group.
type MetricsClient interface {
	// PodCPU returns the CPU usage of the pods, keyed by name; pods with no
	// measurement yet are absent.
	PodCPU(pods []*api.Pod, now time.Time) (map[string]PodMetric, error)
}

// ErrNoMetricsAPI is the error of a cluster without metrics-server: the
// discovery client finds no pods.metrics.k8s.io.
const ErrNoMetricsAPI = "the server could not find the requested resource (get pods.metrics.k8s.io)"

// NoMetrics is the MetricsClient of a cluster without a metrics server.
type NoMetrics struct{}

type noMetricsError struct{}

func (noMetricsError) Error() string { return ErrNoMetricsAPI }

// PodCPU implements MetricsClient.
func (NoMetrics) PodCPU([]*api.Pod, time.Time) (map[string]PodMetric, error) {
	return nil, noMetricsError{}
}

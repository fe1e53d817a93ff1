package podautoscaler

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// This file models replica_calculator.go's GetResourceReplicas for CPU
// utilization targets, with the controller's defaults: tolerance 0.1 both
// ways, --horizontal-pod-autoscaler-cpu-initialization-period 5 min and
// --horizontal-pod-autoscaler-initial-readiness-delay 30 s.

const (
	defaultTolerance              = 0.1
	cpuInitializationPeriod       = 5 * time.Minute
	delayOfInitialReadinessStatus = 30 * time.Second
)

// calculation records what GetResourceReplicas saw, for the decision.
type calculation struct {
	ready, unready, missing, ignored int
	utilization                      int32
	rawMilli                         int64
	ratio, newRatio                  float64
	recomputed                       bool
	replicas                         int32
}

// getResourceReplicas models GetResourceReplicas for cpu.
func getResourceReplicas(client MetricsClient, pods []*api.Pod, currentReplicas, target int32, tolerance float64, now time.Time) (calculation, error) {
	var c calculation
	metrics, err := client.PodCPU(pods, now)
	if err != nil {
		return c, fmt.Errorf("unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: %w", err)
	}
	if len(pods) == 0 {
		return c, errors.New("no pods returned by selector while calculating replica count")
	}
	unready, missing, ignored := groupPods(pods, metrics, now)
	c.unready, c.missing, c.ignored = len(unready), len(missing), len(ignored)
	for name := range ignored {
		delete(metrics, name)
	}
	for name := range unready {
		delete(metrics, name)
	}
	c.ready = len(pods) - c.unready - c.missing - c.ignored
	if len(metrics) == 0 {
		return c, errors.New("did not receive metrics for targeted pods (pods might be unready)")
	}
	requests, err := calculateRequests(pods)
	if err != nil {
		return c, err
	}
	ratio, util, raw, err := utilizationRatio(metrics, requests, target)
	if err != nil {
		return c, err
	}
	c.utilization, c.rawMilli, c.ratio = util, raw, ratio
	within := func(r float64) bool { return 1.0-tolerance <= r && r <= 1.0+tolerance }
	scaleUpWithUnready := len(unready) > 0 && ratio > 1.0
	if !scaleUpWithUnready && len(missing) == 0 {
		if within(ratio) {
			c.replicas = currentReplicas
		} else {
			c.replicas = int32(math.Ceil(ratio * float64(c.ready)))
		}
		return c, nil
	}
	if len(missing) > 0 {
		for name := range missing {
			switch {
			case ratio < 1.0:
				metrics[name] = PodMetric{MilliValue: requests[name] * int64(max(100, target)) / 100}
			case ratio > 1.0:
				metrics[name] = PodMetric{}
			}
		}
	}
	if scaleUpWithUnready {
		for name := range unready {
			metrics[name] = PodMetric{}
		}
	}
	newRatio, _, _, err := utilizationRatio(metrics, requests, target)
	if err != nil {
		return c, err
	}
	c.newRatio, c.recomputed = newRatio, true
	if within(newRatio) || (ratio < 1.0 && newRatio > 1.0) || (ratio > 1.0 && newRatio < 1.0) {
		c.replicas = currentReplicas
		return c, nil
	}
	n := int32(math.Ceil(newRatio * float64(len(metrics))))
	if (newRatio < 1.0 && n > currentReplicas) || (newRatio > 1.0 && n < currentReplicas) {
		n = currentReplicas
	}
	c.replicas = n
	return c, nil
}

// groupPods models the function of that name for cpu.
func groupPods(pods []*api.Pod, metrics map[string]PodMetric, now time.Time) (unready, missing, ignored map[string]bool) {
	unready, missing, ignored = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range pods {
		if p.DeletionTimestamp != nil || p.Status.Phase == api.PodFailed {
			ignored[p.Name] = true
			continue
		}
		if p.Status.Phase == api.PodPending {
			unready[p.Name] = true
			continue
		}
		m, ok := metrics[p.Name]
		if !ok {
			missing[p.Name] = true
			continue
		}
		var ready *api.PodCondition
		for i := range p.Status.Conditions {
			if p.Status.Conditions[i].Type == api.PodReady {
				ready = &p.Status.Conditions[i]
			}
		}
		var isUnready bool
		switch {
		case ready == nil || p.Status.StartTime == nil:
			isUnready = true
		case p.Status.StartTime.Add(cpuInitializationPeriod).After(now):
			isUnready = ready.Status == api.ConditionFalse || m.Timestamp.Before(ready.LastTransitionTime.Add(m.Window))
		default:
			isUnready = ready.Status == api.ConditionFalse && p.Status.StartTime.Add(delayOfInitialReadinessStatus).After(ready.LastTransitionTime.Time)
		}
		if isUnready {
			unready[p.Name] = true
		}
	}
	return unready, missing, ignored
}

// calculateRequests models the function of that name: each pod's summed
// container cpu requests; a container without one is an error.
func calculateRequests(pods []*api.Pod) (map[string]int64, error) {
	out := map[string]int64{}
	for _, p := range pods {
		var total int64
		for _, c := range p.Spec.Containers {
			q, ok := c.Resources.Requests[api.ResourceCPU]
			if !ok {
				return nil, fmt.Errorf("missing request for cpu in container %s of Pod %s", c.Name, p.Name)
			}
			total += q.MilliValue()
		}
		out[p.Name] = total
	}
	return out, nil
}

// utilizationRatio models metricsclient.GetResourceUtilizationRatio.
func utilizationRatio(metrics map[string]PodMetric, requests map[string]int64, target int32) (float64, int32, int64, error) {
	var used, requested, n int64
	for name, m := range metrics {
		r, ok := requests[name]
		if !ok {
			continue
		}
		used += m.MilliValue
		requested += r
		n++
	}
	if requested == 0 {
		return 0, 0, 0, errors.New("no metrics returned matched known pods")
	}
	util := int32(used * 100 / requested)
	return float64(util) / float64(target), util, used / n, nil
}

// Package podautoscaler models the horizontal pod autoscaler controller
// (pkg/controller/podautoscaler: horizontal.go, replica_calculator.go) for
// CPU utilization targets on Deployments and ReplicaSets.
//
// Every HPA is reconciled every 15 s (--horizontal-pod-autoscaler-sync-period;
// enqueueHPA adds with that delay, so the first reconcile comes 15 s after
// the HPA is created). reconcileAutoscaler reads the target's scale
// (AbleToScale SucceededGetScale, or FailedGetScale), clamps a replica count
// outside [minReplicas, maxReplicas] without looking at metrics, and
// otherwise asks the resource metrics API:
//
//   - with no metrics server (a fresh kind cluster) the request fails:
//     FailedGetResourceMetric and FailedComputeMetricsReplicas events,
//     ScalingActive False, TARGETS "cpu: <unknown>/60%", no scaling;
//   - with one (a scenario that gives an image a cpu= usage), the replica
//     count is ceil(ready pods × utilization / target) outside the 10%
//     tolerance, with upstream's handling of unready and missing pods,
//     then stabilised (the highest recommendation of the last 300 s when
//     scaling down, --horizontal-pod-autoscaler-downscale-stabilization)
//     and rate-limited (without behavior: at most max(2×current, 4); with
//     behavior: its policies), and written to the target's scale.
//
// Each step is a decision record, so the Why? pane shows the arithmetic.
package podautoscaler

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's event source.
const Name = "horizontal-pod-autoscaler"

// The controller's defaults (kube-controller-manager flags).
const (
	SyncPeriod                   = 15 * time.Second
	DownscaleStabilisationWindow = 5 * time.Minute
	scaleUpLimitFactor           = 2.0
	scaleUpLimitMinimum          = 4.0
)

var (
	hpaKind = api.KindOf(&api.HorizontalPodAutoscaler{})
	podKind = api.KindOf(&api.Pod{})
)

type timestampedRecommendation struct {
	recommendation int32
	timestamp      time.Time
}

type timestampedScaleEvent struct {
	replicaChange int32
	timestamp     time.Time
	outdated      bool
}

// Controller is the HPA controller.
type Controller struct {
	server   *apiserver.Server
	queue    *controller.Queue
	clock    clock.Source
	recorder *controller.Recorder
	hpas     *controller.Store
	pods     *controller.Store
	metrics  MetricsClient

	recommendations map[string][]timestampedRecommendation
	scaleUpEvents   map[string][]timestampedScaleEvent
	scaleDownEvents map[string][]timestampedScaleEvent
}

// New returns the controller reading metrics from m (NoMetrics{} for a
// cluster without a metrics server).
func New(ctx *controller.Context, m MetricsClient) *Controller {
	c := &Controller{server: ctx.Server, queue: ctx.NewQueue(), clock: ctx.Clock, recorder: ctx.Recorder(Name, ""),
		hpas: ctx.Informers.Lister(hpaKind), pods: ctx.Informers.Lister(podKind), metrics: m,
		recommendations: map[string][]timestampedRecommendation{},
		scaleUpEvents:   map[string][]timestampedScaleEvent{}, scaleDownEvents: map[string][]timestampedScaleEvent{}}
	enqueue := func(obj api.Object) { c.queue.AddAfter(controller.KeyOf(obj), SyncPeriod) }
	ctx.Informers.AddHandler(hpaKind, controller.Handler{Add: enqueue, Update: func(_, cur api.Object) { enqueue(cur) },
		Delete: func(obj api.Object) {
			key := controller.KeyOf(obj)
			delete(c.recommendations, key)
			delete(c.scaleUpEvents, key)
			delete(c.scaleDownEvents, key)
		}})
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: retried forever.
func (c *Controller) MaxRetries() int { return 0 }

// Sync implements controller.Controller: reconcileKey, then the next
// reconcile a sync period later.
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	obj, ok := c.hpas.Get(key)
	if !ok {
		return nil
	}
	c.queue.AddAfter(key, SyncPeriod)
	c.reconcile(key, obj.(*api.HorizontalPodAutoscaler), ds)
	return nil
}

// scaleOf is the target's scale subresource: spec and status replicas and
// the selector.
type scaleOf struct {
	obj                    api.Object
	specReplicas, replicas int32
	selector               *api.LabelSelector
}

// getScale models scaleForResourceMappings for the kinds with a scale
// subresource the playground serves.
func (c *Controller) getScale(h *api.HorizontalPodAutoscaler) (*scaleOf, error) {
	ref := h.Spec.ScaleTargetRef
	group, _, _ := strings.Cut(ref.APIVersion, "/")
	if !strings.Contains(ref.APIVersion, "/") {
		group = ""
	}
	switch {
	case ref.Kind == "Deployment" && group == "apps":
		d, err := apiserver.GetAs[*api.Deployment](c.server, h.Namespace, ref.Name)
		if err != nil {
			return nil, err
		}
		return &scaleOf{obj: d, specReplicas: *d.Spec.Replicas, replicas: d.Status.Replicas, selector: d.Spec.Selector}, nil
	case ref.Kind == "ReplicaSet" && group == "apps":
		rs, err := apiserver.GetAs[*api.ReplicaSet](c.server, h.Namespace, ref.Name)
		if err != nil {
			return nil, err
		}
		return &scaleOf{obj: rs, specReplicas: *rs.Spec.Replicas, replicas: rs.Status.Replicas, selector: rs.Spec.Selector}, nil
	}
	return nil, fmt.Errorf("no matches for kind %q in group %q", ref.Kind, group)
}

// reconcile models reconcileAutoscaler.
func (c *Controller) reconcile(key string, shared *api.HorizontalPodAutoscaler, ds *controller.Decisions) {
	h := api.DeepCopy(shared)
	original := api.DeepCopy(&h.Status)
	now := c.clock.Now()
	scale, err := c.getScale(h)
	if err != nil {
		c.recorder.Event(h, api.EventTypeWarning, "FailedGetScale", err.Error())
		c.setCondition(h, api.AbleToScale, api.ConditionFalse, "FailedGetScale", "the HPA controller was unable to get the target's current scale: "+err.Error())
		c.updateStatusIfNeeded(original, h)
		ds.Add("reconcileAutoscaler", "", "FailedGetScale: "+err.Error()).
			Say("podautoscaler.failedGetScale", controller.Text("message", err.Error()))
		return
	}
	c.setCondition(h, api.AbleToScale, api.ConditionTrue, "SucceededGetScale", "the HPA controller was able to get the target's current scale")
	current := scale.specReplicas
	if c.recommendations[key] == nil { // recordInitialRecommendation
		c.recommendations[key] = []timestampedRecommendation{{current, now}}
	}
	minReplicas := int32(1)
	if h.Spec.MinReplicas != nil {
		minReplicas = *h.Spec.MinReplicas
	}
	var (
		desired  int32
		reason   string
		statuses []api.MetricStatus
		rescale  = true
	)
	ref := h.Spec.ScaleTargetRef.Kind + "/" + h.Spec.ScaleTargetRef.Name
	switch {
	case current == 0:
		desired, rescale = 0, false
		c.setCondition(h, api.ScalingActive, api.ConditionFalse, "ScalingDisabled", "scaling is disabled since the replica count of the target is zero")
		ds.Add("reconcileAutoscaler", ref+" has 0 replicas", "ScalingDisabled").
			Say("podautoscaler.scalingDisabled", controller.Name("target", ref))
	case current > h.Spec.MaxReplicas:
		reason, desired = "Current number of replicas above Spec.MaxReplicas", h.Spec.MaxReplicas
		ds.Add("reconcileAutoscaler", fmt.Sprintf("current %d > maxReplicas %d", current, h.Spec.MaxReplicas), fmt.Sprintf("scale to %d without metrics", desired)).
			Say("podautoscaler.aboveMax", controller.Name("target", ref), controller.Count("current", current), controller.Count("max", desired))
	case current < minReplicas:
		reason, desired = "Current number of replicas below Spec.MinReplicas", minReplicas
		ds.Add("reconcileAutoscaler", fmt.Sprintf("current %d < minReplicas %d", current, minReplicas), fmt.Sprintf("scale to %d without metrics", desired)).
			Say("podautoscaler.belowMin", controller.Name("target", ref), controller.Count("current", current), controller.Count("min", desired))
	default:
		var proposal int32
		var metric string
		proposal, metric, statuses, err = c.computeReplicasForMetrics(h, scale, ds)
		if err != nil && proposal == -1 {
			c.setStatus(h, current, h.Status.DesiredReplicas, statuses, false)
			c.updateStatusIfNeeded(original, h)
			c.recorder.Event(h, api.EventTypeWarning, "FailedComputeMetricsReplicas", err.Error())
			return
		}
		if proposal > desired {
			desired = proposal
		}
		if desired > current {
			reason = metric + " above target"
		}
		if desired < current {
			reason = "All metrics below target"
		}
		if h.Spec.Behavior == nil {
			desired = c.normalizeDesiredReplicas(h, key, current, desired, minReplicas, ds)
		} else {
			desired = c.normalizeDesiredReplicasWithBehaviors(h, key, current, desired, minReplicas, ds)
		}
		rescale = desired != current
	}
	if rescale {
		if err := c.writeScale(scale, desired); err != nil {
			c.recorder.Eventf(h, api.EventTypeWarning, "FailedRescale", "New size: %d; reason: %s; error: %v", desired, reason, err)
			c.setCondition(h, api.AbleToScale, api.ConditionFalse, "FailedUpdateScale", "the HPA controller was unable to update the target scale: "+err.Error())
			c.setStatus(h, current, h.Status.DesiredReplicas, statuses, false)
			c.updateStatusIfNeeded(original, h)
			return
		}
		c.setCondition(h, api.AbleToScale, api.ConditionTrue, "SucceededRescale", fmt.Sprintf("the HPA controller was able to update the target scale to %d", desired))
		c.recorder.Eventf(h, api.EventTypeNormal, "SuccessfulRescale", "New size: %d; reason: %s", desired, reason)
		c.storeScaleEvent(h.Spec.Behavior, key, current, desired)
		ds.Add("reconcileAutoscaler", reason, fmt.Sprintf("scale %s %d → %d", ref, current, desired)).
			Say("podautoscaler.rescale", controller.Name("target", ref), controller.Count("from", current), controller.Count("to", desired))
	} else {
		desired = current
	}
	c.setStatus(h, current, desired, statuses, rescale)
	c.updateStatusIfNeeded(original, h)
}

// writeScale is the scale subresource's update: spec.replicas.
func (c *Controller) writeScale(s *scaleOf, replicas int32) error {
	upd := s.obj.DeepCopyObject()
	switch o := upd.(type) {
	case *api.Deployment:
		o.Spec.Replicas = &replicas
	case *api.ReplicaSet:
		o.Spec.Replicas = &replicas
	}
	_, err := c.server.Update(upd)
	return err
}

// computeReplicasForMetrics models the function of that name: the largest
// proposal of the valid metrics; all invalid is an error (-1).
func (c *Controller) computeReplicasForMetrics(h *api.HorizontalPodAutoscaler, scale *scaleOf, ds *controller.Decisions) (int32, string, []api.MetricStatus, error) {
	selector, err := labels.SelectorFromLabelSelector(scale.selector)
	if err != nil || scale.selector == nil {
		msg := "selector is required"
		c.recorder.Event(h, api.EventTypeWarning, "SelectorRequired", msg)
		c.setCondition(h, api.ScalingActive, api.ConditionFalse, "InvalidSelector", "the HPA target's scale is missing a selector")
		return -1, "", nil, fmt.Errorf("%s", msg)
	}
	statuses := make([]api.MetricStatus, len(h.Spec.Metrics))
	var (
		replicas                     int32
		metric                       string
		invalid                      int
		firstErr                     error
		firstReason, firstCondReason string
	)
	pods := controller.ListAs[*api.Pod](c.pods, h.Namespace, selector)
	for i, m := range h.Spec.Metrics {
		proposal, name, err, condErr := c.computeForMetric(h, m, scale.specReplicas, pods, &statuses[i], ds)
		if err != nil {
			if invalid == 0 {
				firstErr = err
				firstReason = "the HPA was unable to compute the replica count: " + condErr.Error()
				firstCondReason = failedReason(m)
			}
			invalid++
			continue
		}
		if replicas == 0 || proposal > replicas {
			replicas, metric = proposal, name
		}
	}
	if firstErr != nil {
		firstErr = fmt.Errorf("invalid metrics (%v invalid out of %v), first error is: %w", invalid, len(h.Spec.Metrics), firstErr)
	}
	if invalid >= len(h.Spec.Metrics) || (invalid > 0 && replicas < scale.specReplicas) {
		c.setCondition(h, api.ScalingActive, api.ConditionFalse, firstCondReason, firstReason)
		return -1, "", statuses, firstErr
	}
	c.setCondition(h, api.ScalingActive, api.ConditionTrue, "ValidMetricFound", "the HPA was able to successfully calculate a replica count from "+metric)
	return replicas, metric, statuses, firstErr
}

// failedReason is the condition reason of a metric source that failed.
func failedReason(m api.MetricSpec) string {
	switch m.Type {
	case api.ContainerResourceMetricSourceType:
		return "FailedGetContainerResourceMetric"
	case api.PodsMetricSourceType:
		return "FailedGetPodsMetric"
	case api.ObjectMetricSourceType:
		return "FailedGetObjectMetric"
	case api.ExternalMetricSourceType:
		return "FailedGetExternalMetric"
	}
	return "FailedGetResourceMetric"
}

// computeForMetric models computeReplicasForMetric for a cpu Resource
// metric with a utilization target (computeStatusForResourceMetricGeneric);
// the sources that need a custom or external metrics adapter fail as they
// do on a cluster without one.
// The second error is the one the condition reports, the first the one
// wrapped as computeReplicasForMetric returns it.
func (c *Controller) computeForMetric(h *api.HorizontalPodAutoscaler, m api.MetricSpec, current int32, pods []*api.Pod, status *api.MetricStatus, ds *controller.Decisions) (int32, string, error, error) {
	if m.Type != api.ResourceMetricSourceType || m.Resource == nil || m.Resource.Name != api.ResourceCPU || m.Resource.Target.AverageUtilization == nil {
		var err error
		switch {
		case m.Type == api.ResourceMetricSourceType && m.Resource != nil:
			err = fmt.Errorf("failed to get %s utilization: unable to get metrics for resource %s: unable to fetch metrics from resource metrics API: %s", m.Resource.Name, m.Resource.Name, ErrNoMetricsAPI)
		default:
			err = fmt.Errorf("unable to get metric %s: the playground has no custom or external metrics API", m.Type)
		}
		c.recorder.Event(h, api.EventTypeWarning, failedReason(m), err.Error())
		return 0, "", err, err
	}
	target := *m.Resource.Target.AverageUtilization
	calc, err := getResourceReplicas(c.metrics, pods, current, target, c.tolerance(h), c.clock.Now())
	if err != nil {
		err = fmt.Errorf("failed to get cpu utilization: %w", err)
		c.recorder.Event(h, api.EventTypeWarning, "FailedGetResourceMetric", err.Error()) // getUnableComputeReplicaCountCondition
		ds.Add("GetResourceReplicas", "", err.Error()).
			Say("podautoscaler.noMetrics", controller.Text("message", err.Error()))
		return 0, "", fmt.Errorf("failed to get cpu resource metric value: %w", err), err
	}
	raw := *resource.NewMilliQuantity(calc.rawMilli, resource.DecimalSI) // buildQuantity
	*status = api.MetricStatus{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricStatus{Name: api.ResourceCPU,
		Current: api.MetricValueStatus{AverageUtilization: ptr(calc.utilization), AverageValue: &raw}}}
	formula := fmt.Sprintf("utilization %d%% / target %d%% = ratio %.2f", calc.utilization, target, calc.ratio)
	var say *controller.Message
	switch {
	case calc.recomputed:
		formula += fmt.Sprintf("; %d ready, %d unready, %d without metrics; recomputed ratio %.2f", calc.ready, calc.unready, calc.missing, calc.newRatio)
		say = controller.Msg("podautoscaler.recomputed", controller.Count("utilization", calc.utilization), controller.Count("target", target),
			controller.Count("n", calc.replicas))
	case math.Abs(1-calc.ratio) <= c.tolerance(h):
		formula += fmt.Sprintf(" within tolerance %.1f", c.tolerance(h))
		say = controller.Msg("podautoscaler.withinTolerance", controller.Count("utilization", calc.utilization), controller.Count("target", target),
			controller.Count("n", calc.replicas))
	default:
		formula += fmt.Sprintf("; ceil(%.2f × %d ready pods)", calc.ratio, calc.ready)
		say = controller.Msg("podautoscaler.proposal", controller.Count("utilization", calc.utilization), controller.Count("target", target),
			controller.Count("n", calc.replicas))
	}
	ds.Add("GetResourceReplicas", formula, fmt.Sprintf("propose %d replicas", calc.replicas),
		controller.Input{Name: "pods", Value: fmt.Sprint(len(pods))}, controller.Input{Name: "average usage", Value: raw.String()}).
		SayMessage(say)
	return calc.replicas, "cpu resource utilization (percentage of request)", nil, nil
}

// tolerance is the HPA's tolerance (0.1, or its behavior's when the
// configurable-tolerance field is set).
func (c *Controller) tolerance(h *api.HorizontalPodAutoscaler) float64 {
	return defaultTolerance
}

// normalizeDesiredReplicas models the function of that name (no behavior).
func (c *Controller) normalizeDesiredReplicas(h *api.HorizontalPodAutoscaler, key string, current, prenormalized, minReplicas int32, ds *controller.Decisions) int32 {
	stabilized := c.stabilizeRecommendation(key, prenormalized)
	if stabilized != prenormalized {
		c.setCondition(h, api.AbleToScale, api.ConditionTrue, "ScaleDownStabilized", "recent recommendations were higher than current one, applying the highest recent recommendation")
	} else {
		c.setCondition(h, api.AbleToScale, api.ConditionTrue, "ReadyForNewScale", "recommended size matches current size")
	}
	desired, reason, message := convertDesiredReplicasWithRules(current, stabilized, minReplicas, h.Spec.MaxReplicas)
	status := api.ConditionFalse
	if desired != stabilized {
		status = api.ConditionTrue
	}
	c.setCondition(h, api.ScalingLimited, status, reason, message)
	say := limitMessage(reason, stabilized, desired)
	if say == nil {
		say = controller.Msg("podautoscaler.stabilized", controller.Count("n", desired), controller.Duration("window", DownscaleStabilisationWindow))
	}
	ds.Add("normalizeDesiredReplicas", fmt.Sprintf("highest recommendation of the last %s: %d; limits [%d, min(max %d, max(2×%d, 4))]",
		DownscaleStabilisationWindow, stabilized, minReplicas, h.Spec.MaxReplicas, current), fmt.Sprintf("%d (%s)", desired, reason)).
		SayMessage(say)
	return desired
}

// limitMessage is the plain sentence for a recommendation that the
// replica limits or the scaling rate cut from want to got, nil when it
// was within range.
func limitMessage(reason string, want, got int32) *controller.Message {
	switch reason {
	case "TooManyReplicas":
		return controller.Msg("podautoscaler.tooMany", controller.Count("want", want), controller.Count("n", got))
	case "TooFewReplicas":
		return controller.Msg("podautoscaler.tooFew", controller.Count("want", want), controller.Count("n", got))
	case "ScaleUpLimit":
		return controller.Msg("podautoscaler.scaleUpLimit", controller.Count("want", want), controller.Count("n", got))
	case "ScaleDownLimit":
		return controller.Msg("podautoscaler.scaleDownLimit", controller.Count("want", want), controller.Count("n", got))
	}
	return nil
}

// stabilizeRecommendation models the function of that name.
func (c *Controller) stabilizeRecommendation(key string, prenormalized int32) int32 {
	now := c.clock.Now()
	best := prenormalized
	cutoff := now.Add(-DownscaleStabilisationWindow)
	old := -1
	for i, r := range c.recommendations[key] {
		if r.timestamp.Before(cutoff) {
			old = i
		} else if r.recommendation > best {
			best = r.recommendation
		}
	}
	rec := timestampedRecommendation{prenormalized, now}
	if old >= 0 {
		c.recommendations[key][old] = rec
	} else {
		c.recommendations[key] = append(c.recommendations[key], rec)
	}
	return best
}

// convertDesiredReplicasWithRules models the function of that name.
func convertDesiredReplicasWithRules(current, desired, minReplicas, maxReplicas int32) (int32, string, string) {
	limit := int32(math.Max(scaleUpLimitFactor*float64(current), scaleUpLimitMinimum))
	maxAllowed, reason, message := maxReplicas, "TooManyReplicas", "the desired replica count is more than the maximum replica count"
	if maxReplicas > limit {
		maxAllowed, reason, message = limit, "ScaleUpLimit", "the desired replica count is increasing faster than the maximum scale rate"
	}
	if desired < minReplicas {
		return minReplicas, "TooFewReplicas", "the desired replica count is less than the minimum replica count"
	}
	if desired > maxAllowed {
		return maxAllowed, reason, message
	}
	return desired, "DesiredWithinRange", "the desired count is within the acceptable range"
}

func ptr[T any](v T) *T { return &v }

// setCondition models setCondition (setConditionInList): the transition
// time moves only when the status changes.
func (c *Controller) setCondition(h *api.HorizontalPodAutoscaler, t api.HorizontalPodAutoscalerConditionType, status api.ConditionStatus, reason, message string) {
	var cond *api.HorizontalPodAutoscalerCondition
	for i := range h.Status.Conditions {
		if h.Status.Conditions[i].Type == t {
			cond = &h.Status.Conditions[i]
		}
	}
	if cond == nil {
		h.Status.Conditions = append(h.Status.Conditions, api.HorizontalPodAutoscalerCondition{Type: t})
		cond = &h.Status.Conditions[len(h.Status.Conditions)-1]
	}
	if cond.Status != status {
		cond.LastTransitionTime = api.NewTime(c.clock.Now())
	}
	cond.Status, cond.Reason, cond.Message = status, reason, message
}

// setStatus models the function of that name.
func (c *Controller) setStatus(h *api.HorizontalPodAutoscaler, current, desired int32, metrics []api.MetricStatus, rescale bool) {
	gen := h.Generation
	h.Status = api.HorizontalPodAutoscalerStatus{CurrentReplicas: current, DesiredReplicas: desired,
		LastScaleTime: h.Status.LastScaleTime, CurrentMetrics: metrics, Conditions: h.Status.Conditions, ObservedGeneration: &gen}
	if rescale {
		h.Status.LastScaleTime = api.NewTimePtr(c.clock.Now())
	}
}

// updateStatusIfNeeded models the function of that name.
func (c *Controller) updateStatusIfNeeded(old *api.HorizontalPodAutoscalerStatus, h *api.HorizontalPodAutoscaler) {
	if api.SemanticEqual(*old, h.Status) {
		return
	}
	_, _ = c.server.UpdateStatus(h)
}

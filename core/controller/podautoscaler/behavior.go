package podautoscaler

import (
	"fmt"
	"math"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// This file models the HPA's behavior handling (horizontal.go:
// normalizeDesiredReplicasWithBehaviors, stabilizeRecommendationWithBehaviors,
// convertDesiredReplicasWithBehaviorRate, storeScaleEvent): per-direction
// stabilization windows and rate policies over the scale events of each
// policy's period.

// normalizeDesiredReplicasWithBehaviors models the function of that name.
func (c *Controller) normalizeDesiredReplicasWithBehaviors(h *api.HorizontalPodAutoscaler, key string, current, prenormalized, minReplicas int32, ds *controller.Decisions) int32 {
	up, down := h.Spec.Behavior.ScaleUp, h.Spec.Behavior.ScaleDown
	if up == nil {
		up = api.DefaultHPAScaleUpRules()
	}
	if down == nil {
		down = api.DefaultHPAScaleDownRules()
	}
	if down.StabilizationWindowSeconds == nil { // maybeInitScaleDownStabilizationWindow
		down = api.DeepCopy(down)
		down.StabilizationWindowSeconds = ptr(int32(DownscaleStabilisationWindow / time.Second))
	}
	stabilized, reason, message := c.stabilizeWithBehaviors(key, current, prenormalized, up, down)
	if stabilized != prenormalized {
		c.setCondition(h, api.AbleToScale, api.ConditionTrue, reason, message)
	} else {
		c.setCondition(h, api.AbleToScale, api.ConditionTrue, "ReadyForNewScale", "recommended size matches current size")
	}
	desired, reason, message := c.convertWithBehaviorRate(key, current, stabilized, minReplicas, h.Spec.MaxReplicas, up, down)
	status := api.ConditionFalse
	if desired != stabilized {
		status = api.ConditionTrue
	}
	c.setCondition(h, api.ScalingLimited, status, reason, message)
	say := limitMessage(reason, stabilized, desired)
	if say == nil {
		say = controller.Msg("podautoscaler.stabilizedWithBehavior", controller.Count("n", desired),
			controller.Count("up", *up.StabilizationWindowSeconds), controller.Count("down", *down.StabilizationWindowSeconds))
	}
	ds.Add("normalizeDesiredReplicasWithBehaviors", fmt.Sprintf("stabilized (up window %d s, down window %d s): %d", *up.StabilizationWindowSeconds,
		*down.StabilizationWindowSeconds, stabilized), fmt.Sprintf("%d (%s)", desired, reason)).
		SayMessage(say)
	return desired
}

// stabilizeWithBehaviors models stabilizeRecommendationWithBehaviors.
func (c *Controller) stabilizeWithBehaviors(key string, current, desired int32, up, down *api.HPAScalingRules) (int32, string, string) {
	now := c.clock.Now()
	upRec, downRec := desired, desired
	upCutoff := now.Add(-time.Duration(*up.StabilizationWindowSeconds) * time.Second)
	downCutoff := now.Add(-time.Duration(*down.StabilizationWindowSeconds) * time.Second)
	old := -1
	for i, r := range c.recommendations[key] {
		if r.timestamp.After(upCutoff) {
			upRec = min(r.recommendation, upRec)
		}
		if r.timestamp.After(downCutoff) {
			downRec = max(r.recommendation, downRec)
		}
		if r.timestamp.Before(upCutoff) && r.timestamp.Before(downCutoff) {
			old = i
		}
	}
	rec := max(current, upRec)
	rec = min(rec, downRec)
	entry := timestampedRecommendation{desired, now}
	if old >= 0 {
		c.recommendations[key][old] = entry
	} else {
		c.recommendations[key] = append(c.recommendations[key], entry)
	}
	if desired >= current {
		return rec, "ScaleUpStabilized", "recent recommendations were lower than current one, applying the lowest recent recommendation"
	}
	return rec, "ScaleDownStabilized", "recent recommendations were higher than current one, applying the highest recent recommendation"
}

// convertWithBehaviorRate models convertDesiredReplicasWithBehaviorRate.
func (c *Controller) convertWithBehaviorRate(key string, current, desired, minReplicas, maxReplicas int32, up, down *api.HPAScalingRules) (int32, string, string) {
	switch {
	case desired > current:
		limit := max(c.scaleLimit(key, current, up, true), current)
		maxAllowed, reason, message := maxReplicas, "TooManyReplicas", "the desired replica count is more than the maximum replica count"
		if maxReplicas > limit {
			maxAllowed, reason, message = limit, "ScaleUpLimit", "the desired replica count is increasing faster than the maximum scale rate"
		}
		if desired > maxAllowed {
			return maxAllowed, reason, message
		}
	case desired < current:
		limit := min(c.scaleLimit(key, current, down, false), current)
		minAllowed, reason, message := minReplicas, "TooFewReplicas", "the desired replica count is less than the minimum replica count"
		if minReplicas < limit {
			minAllowed, reason, message = limit, "ScaleDownLimit", "the desired replica count is decreasing faster than the maximum scale rate"
		}
		if desired < minAllowed {
			return minAllowed, reason, message
		}
	}
	return desired, "DesiredWithinRange", "the desired count is within the acceptable range"
}

// scaleLimit models calculateScaleUpLimitWithScalingRules (up) and
// calculateScaleDownLimitWithBehaviors (down).
func (c *Controller) scaleLimit(key string, current int32, rules *api.HPAScalingRules, up bool) int32 {
	sel := api.MaxChangePolicySelect
	if rules.SelectPolicy != nil {
		sel = *rules.SelectPolicy
	}
	if sel == api.DisabledPolicySelect {
		return current
	}
	// For scaling up the largest change is the highest limit; for scaling
	// down, the lowest. Min picks the other way.
	pickMax := up == (sel != api.MinChangePolicySelect)
	result := int32(math.MinInt32)
	if !pickMax {
		result = math.MaxInt32
	}
	for _, p := range rules.Policies {
		added := c.changePerPeriod(p.PeriodSeconds, c.scaleUpEvents[key])
		deleted := c.changePerPeriod(p.PeriodSeconds, c.scaleDownEvents[key])
		start := current - added + deleted
		var proposed int32
		switch {
		case p.Type == api.PodsScalingPolicy && up:
			proposed = start + p.Value
		case p.Type == api.PodsScalingPolicy:
			proposed = start - p.Value
		case up:
			proposed = int32(math.Ceil(float64(start) * (1 + float64(p.Value)/100)))
		default:
			proposed = int32(float64(start) * (1 - float64(p.Value)/100))
		}
		if pickMax {
			result = max(result, proposed)
		} else {
			result = min(result, proposed)
		}
	}
	return result
}

// changePerPeriod models getReplicasChangePerPeriod.
func (c *Controller) changePerPeriod(periodSeconds int32, events []timestampedScaleEvent) int32 {
	cutoff := c.clock.Now().Add(-time.Duration(periodSeconds) * time.Second)
	var n int32
	for _, e := range events {
		if e.timestamp.After(cutoff) {
			n += e.replicaChange
		}
	}
	return n
}

// storeScaleEvent models the function of that name: only HPAs with a
// behavior keep scale events.
func (c *Controller) storeScaleEvent(b *api.HorizontalPodAutoscalerBehavior, key string, prev, next int32) {
	if b == nil {
		return
	}
	events, rules, change := c.scaleUpEvents, b.ScaleUp, next-prev
	if next < prev {
		events, rules, change = c.scaleDownEvents, b.ScaleDown, prev-next
	}
	longest := int32(0)
	if rules != nil {
		for _, p := range rules.Policies {
			longest = max(longest, p.PeriodSeconds)
		}
	}
	now := c.clock.Now()
	cutoff := now.Add(-time.Duration(longest) * time.Second)
	list := events[key]
	old := -1
	for i := range list { // markScaleEventsOutdated
		if list[i].timestamp.Before(cutoff) {
			list[i].outdated = true
		}
		if list[i].outdated {
			old = i
		}
	}
	e := timestampedScaleEvent{change, now, false}
	if old >= 0 {
		list[old] = e
	} else {
		list = append(list, e)
	}
	events[key] = list
}

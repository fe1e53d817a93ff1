package describe

import (
	"fmt"
	"io"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// HorizontalPodAutoscaler prints `kubectl describe hpa`
// (describeHorizontalPodAutoscalerV2): reference, each metric's current
// and target, replica bounds, the behavior when set, the target's pods,
// the conditions and the events. events may be all events.
func HorizontalPodAutoscaler(w io.Writer, h *api.HorizontalPodAutoscaler, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", h.Name)
		pw.write(level0, "Namespace:\t%s\n", h.Namespace)
		printLabelsMultiline(pw, "Labels", h.Labels)
		printAnnotationsMultiline(pw, "Annotations", h.Annotations)
		pw.write(level0, "CreationTimestamp:\t%s\n", rfc1123z(h.CreationTimestamp))
		pw.write(level0, "Reference:\t%s/%s\n", h.Spec.ScaleTargetRef.Kind, h.Spec.ScaleTargetRef.Name)
		pw.write(level0, "Metrics:\t( current / target )\n")
		for i, m := range h.Spec.Metrics {
			var st *api.MetricStatus
			if i < len(h.Status.CurrentMetrics) {
				st = &h.Status.CurrentMetrics[i]
			}
			describeHPAMetric(pw, m, st)
		}
		minReplicas := "<unset>"
		if h.Spec.MinReplicas != nil {
			minReplicas = fmt.Sprint(*h.Spec.MinReplicas)
		}
		pw.write(level0, "Min replicas:\t%s\n", minReplicas)
		pw.write(level0, "Max replicas:\t%d\n", h.Spec.MaxReplicas)
		if b := h.Spec.Behavior; b != nil {
			pw.write(level0, "Behavior:\n")
			printDirectionBehavior(pw, "Scale Up", b.ScaleUp)
			printDirectionBehavior(pw, "Scale Down", b.ScaleDown)
		}
		pw.write(level0, "%s pods:\t", h.Spec.ScaleTargetRef.Kind)
		pw.write(level0, "%d current / %d desired\n", h.Status.CurrentReplicas, h.Status.DesiredReplicas)
		if len(h.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n")
			pw.write(level1, "Type\tStatus\tReason\tMessage\n")
			pw.write(level1, "----\t------\t------\t-------\n")
			for _, c := range h.Status.Conditions {
				pw.write(level1, "%v\t%v\t%v\t%v\n", c.Type, c.Status, c.Reason, c.Message)
			}
		}
		describeEvents(pw, EventsFor(events, h), now)
		return nil
	})
}

// describeHPAMetric is one metric line of describeHorizontalPodAutoscalerV2.
func describeHPAMetric(pw *prefixWriter, m api.MetricSpec, st *api.MetricStatus) {
	switch m.Type {
	case api.ExternalMetricSourceType:
		if m.External.Target.AverageValue != nil {
			cur := "<unknown>"
			if st != nil && st.External != nil && st.External.Current.AverageValue != nil {
				cur = st.External.Current.AverageValue.String()
			}
			pw.write(level1, "%q (target average value):\t%s / %s\n", m.External.Metric.Name, cur, m.External.Target.AverageValue.String())
		} else {
			cur := "<unknown>"
			if st != nil && st.External != nil {
				cur = quantityText(st.External.Current.Value)
			}
			pw.write(level1, "%q (target value):\t%s / %s\n", m.External.Metric.Name, cur, quantityText(m.External.Target.Value))
		}
	case api.PodsMetricSourceType:
		cur := "<unknown>"
		if st != nil && st.Pods != nil {
			cur = quantityText(st.Pods.Current.AverageValue)
		}
		pw.write(level1, "%q on pods:\t%s / %s\n", m.Pods.Metric.Name, cur, quantityText(m.Pods.Target.AverageValue))
	case api.ObjectMetricSourceType:
		pw.write(level1, "\"%s\" on %s/%s ", m.Object.Metric.Name, m.Object.DescribedObject.Kind, m.Object.DescribedObject.Name)
		cur := "<unknown>"
		if m.Object.Target.Type == api.AverageValueMetricType {
			if st != nil && st.Object != nil {
				cur = quantityText(st.Object.Current.AverageValue)
			}
			pw.write(level0, "(target average value):\t%s / %s\n", cur, quantityText(m.Object.Target.AverageValue))
		} else {
			if st != nil && st.Object != nil {
				cur = quantityText(st.Object.Current.Value)
			}
			pw.write(level0, "(target value):\t%s / %s\n", cur, quantityText(m.Object.Target.Value))
		}
	case api.ResourceMetricSourceType:
		pw.write(level1, "resource %s on pods", m.Resource.Name)
		var cur *api.MetricValueStatus
		if st != nil && st.Resource != nil {
			cur = &st.Resource.Current
		}
		describeResourceTarget(pw, m.Resource.Target, cur)
	case api.ContainerResourceMetricSourceType:
		pw.write(level1, "resource %s of container \"%s\" on pods", m.ContainerResource.Name, m.ContainerResource.Container)
		var cur *api.MetricValueStatus
		if st != nil && st.ContainerResource != nil {
			cur = &st.ContainerResource.Current
		}
		describeResourceTarget(pw, m.ContainerResource.Target, cur)
	default:
		pw.write(level1, "<unknown metric type %q>\n", string(m.Type))
	}
}

// describeResourceTarget ends a resource metric's line: a raw average
// value, or a utilization "(as a percentage of request)" on a line of its
// own, upstream's quirk of writing the second part at level 1.
func describeResourceTarget(pw *prefixWriter, t api.MetricTarget, cur *api.MetricValueStatus) {
	if t.AverageValue != nil {
		c := "<unknown>"
		if cur != nil {
			c = quantityText(cur.AverageValue)
		}
		pw.write(level0, ":\t%s / %s\n", c, t.AverageValue.String())
		return
	}
	c := "<unknown>"
	if cur != nil && cur.AverageUtilization != nil {
		c = fmt.Sprintf("%d%% (%s)", *cur.AverageUtilization, quantityText(cur.AverageValue))
	}
	target := "<auto>"
	if t.AverageUtilization != nil {
		target = fmt.Sprintf("%d%%", *t.AverageUtilization)
	}
	pw.write(level1, "(as a percentage of request):\t%s / %s\n", c, target)
}

// printDirectionBehavior models the function of that name.
func printDirectionBehavior(pw *prefixWriter, direction string, r *api.HPAScalingRules) {
	if r == nil {
		return
	}
	pw.write(level1, "%s:\n", direction)
	if r.StabilizationWindowSeconds != nil {
		pw.write(level2, "Stabilization Window: %d seconds\n", *r.StabilizationWindowSeconds)
	}
	if len(r.Policies) > 0 {
		sel := api.MaxChangePolicySelect
		if r.SelectPolicy != nil {
			sel = *r.SelectPolicy
		}
		pw.write(level2, "Select Policy: %s\n", sel)
		pw.write(level2, "Policies:\n")
		for _, p := range r.Policies {
			pw.write(level3, "- Type: %s\tValue: %d\tPeriod: %d seconds\n", p.Type, p.Value, p.PeriodSeconds)
		}
	}
}

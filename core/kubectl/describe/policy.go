package describe

import (
	"io"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// PodDisruptionBudget prints `kubectl describe pdb`
// (describePodDisruptionBudgetV1). events may be all events.
func PodDisruptionBudget(w io.Writer, p *api.PodDisruptionBudget, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", p.Name)
		pw.write(level0, "Namespace:\t%s\n", p.Namespace)
		if p.Spec.MinAvailable != nil {
			pw.write(level0, "Min available:\t%s\n", p.Spec.MinAvailable.String())
		} else if p.Spec.MaxUnavailable != nil {
			pw.write(level0, "Max unavailable:\t%s\n", p.Spec.MaxUnavailable.String())
		}
		if p.Spec.Selector != nil {
			pw.write(level0, "Selector:\t%s\n", labels.FormatLabelSelector(p.Spec.Selector))
		} else {
			pw.write(level0, "Selector:\t<unset>\n")
		}
		pw.write(level0, "Status:\n")
		pw.write(level2, "Allowed disruptions:\t%d\n", p.Status.DisruptionsAllowed)
		pw.write(level2, "Current:\t%d\n", p.Status.CurrentHealthy)
		pw.write(level2, "Desired:\t%d\n", p.Status.DesiredHealthy)
		pw.write(level2, "Total:\t%d\n", p.Status.ExpectedPods)
		describeEvents(pw, EventsFor(events, p), now)
		return nil
	})
}

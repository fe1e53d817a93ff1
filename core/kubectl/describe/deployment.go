package describe

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// Deployment prints `kubectl describe deployment` (describeDeployment).
// replicaSets may be every ReplicaSet of the namespace: the ones the
// Deployment owns are split into OldReplicaSets and NewReplicaSet as
// kubectl does. events may be all events: those about the Deployment are
// picked.
func Deployment(w io.Writer, d *api.Deployment, replicaSets []*api.ReplicaSet, events []*api.Event, now time.Time) error {
	selector, err := labels.SelectorFromLabelSelector(d.Spec.Selector)
	if err != nil {
		return err
	}
	newRS, oldRSs := splitReplicaSets(d, replicaSets)
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", d.Name)
		pw.write(level0, "Namespace:\t%s\n", d.Namespace)
		pw.write(level0, "CreationTimestamp:\t%s\n", rfc1123z(d.CreationTimestamp))
		printLabelsMultiline(pw, "Labels", d.Labels)
		printAnnotationsMultiline(pw, "Annotations", d.Annotations)
		pw.write(level0, "Selector:\t%s\n", selector.String())
		pw.write(level0, "Replicas:\t%d desired | %d updated | %d total | %d available | %d unavailable\n",
			int32Value(d.Spec.Replicas), d.Status.UpdatedReplicas, d.Status.Replicas, d.Status.AvailableReplicas,
			d.Status.UnavailableReplicas)
		pw.write(level0, "StrategyType:\t%s\n", d.Spec.Strategy.Type)
		pw.write(level0, "MinReadySeconds:\t%d\n", d.Spec.MinReadySeconds)
		if ru := d.Spec.Strategy.RollingUpdate; ru != nil {
			pw.write(level0, "RollingUpdateStrategy:\t%s max unavailable, %s max surge\n",
				intOrStringText(ru.MaxUnavailable), intOrStringText(ru.MaxSurge))
		}
		describePodTemplate(pw, &d.Spec.Template)
		if len(d.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n  Type\tStatus\tReason\n")
			pw.write(level1, "----\t------\t------\n")
			for _, c := range d.Status.Conditions {
				pw.write(level1, "%v \t%v\t%v\n", c.Type, c.Status, c.Reason)
			}
		}
		var newRSs []*api.ReplicaSet
		if newRS != nil {
			newRSs = []*api.ReplicaSet{newRS}
		}
		if len(oldRSs) > 0 || len(newRSs) > 0 {
			pw.write(level0, "OldReplicaSets:\t%s\n", replicaSetList(oldRSs))
			pw.write(level0, "NewReplicaSet:\t%s\n", replicaSetList(newRSs))
		}
		describeEvents(pw, EventsFor(events, d), now)
		return nil
	})
}

// replicaSetList is "web-6d4cf56db6 (3/3 replicas created), ..." or
// "<none>" (printReplicaSetsByLabels).
func replicaSetList(rss []*api.ReplicaSet) string {
	parts := make([]string, 0, len(rss))
	for _, rs := range rss {
		parts = append(parts, fmt.Sprintf("%s (%d/%d replicas created)", rs.Name, rs.Status.Replicas, int32Value(rs.Spec.Replicas)))
	}
	if len(parts) == 0 {
		return "<none>"
	}
	return strings.Join(parts, ", ")
}

// int32Value reads an optional count; unset is 0.
func int32Value(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}

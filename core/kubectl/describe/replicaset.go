package describe

import (
	"io"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// ReplicaSet prints `kubectl describe replicaset` (describeReplicaSet).
// pods may be every pod of the namespace: "Pods Status" counts, by phase,
// those matching the selector and controlled by the ReplicaSet
// (getPodStatusForController). events may be all events.
func ReplicaSet(w io.Writer, rs *api.ReplicaSet, pods []*api.Pod, events []*api.Event, now time.Time) error {
	selector, err := labels.SelectorFromLabelSelector(rs.Spec.Selector)
	if err != nil {
		return err
	}
	running, waiting, succeeded, failed := podPhases(rs.Namespace, rs.UID, selector, pods)
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", rs.Name)
		pw.write(level0, "Namespace:\t%s\n", rs.Namespace)
		pw.write(level0, "Selector:\t%s\n", labels.FormatLabelSelector(rs.Spec.Selector))
		printLabelsMultiline(pw, "Labels", rs.Labels)
		printAnnotationsMultiline(pw, "Annotations", rs.Annotations)
		if c := controlledBy(&rs.ObjectMeta); c != "" {
			pw.write(level0, "Controlled By:\t%s\n", c)
		}
		pw.write(level0, "Replicas:\t%d current / %d desired\n", rs.Status.Replicas, int32Value(rs.Spec.Replicas))
		pw.write(level0, "Pods Status:\t")
		pw.write(level0, "%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(pw, &rs.Spec.Template)
		if len(rs.Status.Conditions) > 0 {
			pw.write(level0, "Conditions:\n  Type\tStatus\tReason\n")
			pw.write(level1, "----\t------\t------\n")
			for _, c := range rs.Status.Conditions {
				pw.write(level1, "%v \t%v\t%v\n", c.Type, c.Status, c.Reason)
			}
		}
		describeEvents(pw, EventsFor(events, rs), now)
		return nil
	})
}

// podPhases counts the controller's pods by phase; Pending counts as
// Waiting.
func podPhases(namespace, uid string, selector labels.Selector, pods []*api.Pod) (running, waiting, succeeded, failed int) {
	for _, p := range pods {
		if p.Namespace != namespace || !selector.Matches(labels.Set(p.Labels)) || !p.IsControlledBy(uid) {
			continue
		}
		switch p.Status.Phase {
		case api.PodRunning:
			running++
		case api.PodPending:
			waiting++
		case api.PodSucceeded:
			succeeded++
		case api.PodFailed:
			failed++
		}
	}
	return
}

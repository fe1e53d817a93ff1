package describe

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// EventsFor picks the events kubectl describe shows for obj: those whose
// involvedObject has the object's namespace, name, kind and UID (the field
// selector of searchEvents). Pods are matched without their kind, as
// PodDescriber clears it; a Node's events are also found by its name in
// place of its UID, as the kubelet records them.
func EventsFor(events []*api.Event, obj api.Object) []*api.Event {
	m := obj.GetObjectMeta()
	kind := obj.GetTypeMeta().Kind
	if info := api.KindOf(obj); info != nil {
		kind = info.Kind
	}
	matches := func(e *api.Event, uid string) bool {
		o := e.InvolvedObject
		if o.Name != m.Name || o.Namespace != m.Namespace {
			return false
		}
		if kind != "Pod" && o.Kind != kind {
			return false
		}
		return uid == "" || o.UID == uid
	}
	out := []*api.Event{}
	for _, e := range events {
		if matches(e, m.UID) || (kind == "Node" && matches(e, m.Name)) {
			out = append(out, e)
		}
	}
	return out
}

// events prints a standalone Events section, as the end of every describe.
func events(w io.Writer, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		describeEvents(pw, events, now)
		return nil
	})
}

// describeEvents prints "Events:  <none>" or the events table, oldest
// first by last occurrence; a repeated event reads "12m (x3 over 20m)"
// (DescribeEvents). Upstream's Flush before the table is a no-op (the
// tabwriter's Flush has another signature), so the table is simply the
// next block of the output.
func describeEvents(w *prefixWriter, events []*api.Event, now time.Time) {
	if len(events) == 0 {
		w.write(level0, "Events:\t<none>\n")
		return
	}
	sorted := make([]*api.Event, len(events))
	copy(sorted, events)
	sort.Sort(byEventTime(sorted))
	w.write(level0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n")
	w.write(level1, "----\t------\t----\t----\t-------\n")
	for _, e := range sorted {
		first := since(e.FirstTimestamp, now)
		interval := first
		if e.Count > 1 {
			interval = fmt.Sprintf("%s (x%d over %s)", since(e.LastTimestamp, now), e.Count, first)
		}
		source := e.Source.Component
		if source == "" {
			source = e.ReportingComponent
		}
		message := strings.TrimSpace(e.Message)
		if e.InvolvedObject.FieldPath != "" {
			message = fmt.Sprintf("%s: %s", e.InvolvedObject.FieldPath, message)
		}
		w.write(level1, "%v\t%v\t%s\t%v\t%v\n", e.Type, e.Reason, interval, source, message)
	}
}

// byEventTime orders events by last occurrence (event.SortableEvents).
type byEventTime []*api.Event

func (l byEventTime) Len() int           { return len(l) }
func (l byEventTime) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }
func (l byEventTime) Less(i, j int) bool { return l[i].LastTimestamp.Before(l[j].LastTimestamp.Time) }

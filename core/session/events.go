package session

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// eventLog follows the cluster's Events with a watch, as a client does
// (list, then watch from the list's resourceVersion; relist on 410), and
// keeps the most recently written ones for the event stream. Listing every
// Event on every tick would cost O(all events ever); the watch costs
// O(new events).
type eventLog struct {
	api  *apiserver.Server
	w    *apiserver.Watcher
	byID map[string]*trackedEvent
	// order is the write order, oldest first; an entry whose seq no longer
	// matches its event's is stale (the event was written again later).
	order []orderEntry
	keep  int
}

type trackedEvent struct {
	ev  *api.Event
	seq uint64
}

type orderEntry struct {
	key string
	seq uint64
}

func newEventLog(s *apiserver.Server, keep int) *eventLog {
	l := &eventLog{api: s, keep: keep}
	l.relist()
	return l
}

// relist replaces what the log holds with a fresh List and watches from it.
func (l *eventLog) relist() {
	if l.w != nil {
		l.w.Stop()
		l.w = nil
	}
	l.byID = map[string]*trackedEvent{}
	l.order = l.order[:0]
	list, err := l.api.List(kindEvent, "", nil)
	if err != nil {
		return
	}
	type item struct {
		ev  *api.Event
		seq uint64
	}
	var items []item
	for _, o := range list.Items {
		e := o.(*api.Event)
		seq, _ := strconv.ParseUint(e.ResourceVersion, 10, 64)
		items = append(items, item{e, seq})
	}
	slices.SortFunc(items, func(a, b item) int {
		switch {
		case a.seq < b.seq:
			return -1
		case a.seq > b.seq:
			return 1
		}
		return 0
	})
	for _, it := range items {
		l.put(it.ev, it.seq)
	}
	l.w, _ = l.api.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{kindEvent}, ResourceVersion: list.ResourceVersion})
}

// sync reads the watch up to now.
func (l *eventLog) sync() {
	if l.w == nil {
		l.relist()
		return
	}
	for {
		e, ok := l.w.Next()
		if !ok {
			break
		}
		switch e.Type {
		case apiserver.Error:
			l.relist()
			return
		case apiserver.Deleted:
			ev := e.Object.(*api.Event)
			delete(l.byID, ev.Namespace+"/"+ev.Name)
		default:
			l.put(e.Object.(*api.Event), e.ResourceVersion)
		}
	}
	l.compact()
}

func (l *eventLog) put(ev *api.Event, seq uint64) {
	key := ev.Namespace + "/" + ev.Name
	l.byID[key] = &trackedEvent{ev: ev, seq: seq}
	l.order = append(l.order, orderEntry{key, seq})
}

// compact keeps the order list and the map within a few times keep.
func (l *eventLog) compact() {
	if len(l.order) <= 8*l.keep+64 {
		return
	}
	var live []orderEntry
	for i := len(l.order) - 1; i >= 0 && len(live) < 2*l.keep; i-- {
		o := l.order[i]
		if t, ok := l.byID[o.key]; ok && t.seq == o.seq {
			live = append(live, o)
		}
	}
	slices.Reverse(live)
	keep := make(map[string]*trackedEvent, len(live))
	for _, o := range live {
		keep[o.key] = l.byID[o.key]
	}
	l.byID, l.order = keep, append(l.order[:0], live...)
}

// view returns the n most recently written events, oldest first, with
// kubectl get events' columns computed at now.
func (l *eventLog) view(now time.Time, n int) []*Event {
	var picked []*api.Event
	for i := len(l.order) - 1; i >= 0 && len(picked) < n; i-- {
		o := l.order[i]
		if t, ok := l.byID[o.key]; ok && t.seq == o.seq {
			picked = append(picked, t.ev)
		}
	}
	out := make([]*Event, 0, len(picked))
	for i := len(picked) - 1; i >= 0; i-- {
		e := picked[i]
		last := e.LastTimestamp
		if last.IsZero() {
			last = e.FirstTimestamp
		}
		if last.IsZero() {
			last = e.CreationTimestamp
		}
		kind := strings.ToLower(e.InvolvedObject.Kind)
		out = append(out, &Event{
			LastSeen: printers.Age(last, now),
			Tick:     tickOf(last.Time, clock.Epoch),
			Type:     e.Type,
			Reason:   e.Reason,
			Object:   kind + "/" + e.InvolvedObject.Name,
			Message:  strings.TrimSpace(e.Message),
			Count:    max(e.Count, 1),
		})
	}
	return out
}

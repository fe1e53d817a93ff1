package apiserver

import (
	"slices"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/fields"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// EventType is watch.EventType.
type EventType string

// The watch event types.
const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
	Error    EventType = "ERROR"
)

// Event is one watch event, as a client receives it.
type Event struct {
	Type EventType
	// Kind is the object's kind (nil for ERROR).
	Kind *api.KindInfo
	// Object is the object after the write (for DELETED, its last state,
	// carrying the resourceVersion of the deletion); nil for ERROR. It is
	// a deep copy the receiver owns and may change, unless the watch is
	// Shared.
	Object api.Object
	// ResourceVersion is the global resourceVersion of the write.
	ResourceVersion uint64
	// Err is set for ERROR events: a 410 Expired StatusError telling a
	// watcher that fell too far behind to relist.
	Err *StatusError
}

// logEntry is one write in the log. obj and prev point at frozen store
// objects and are never handed out; watchers get copies.
type logEntry struct {
	typ  EventType
	kind *api.KindInfo
	obj  api.Object
	prev api.Object // the state before a MODIFIED or DELETED, for selector transitions
	rv   uint64
}

// Defaults for the watch log's bounds.
const (
	// DefaultWatchHistory is how many recent events are always kept, so a
	// new watch can start from a recent resourceVersion (the watch cache's
	// capacity plays this part upstream).
	DefaultWatchHistory = 1024
	// DefaultMaxWatchBacklog caps how many events a slow watcher may leave
	// unread; past it the oldest are dropped and that watcher expires.
	DefaultMaxWatchBacklog = 1 << 16
)

// watchLog is the ordered record of every write: one entry per
// resourceVersion, entries[i].rv == first+i. Memory is bounded by
// compaction, which runs on every write once more than history entries are
// held: an entry is dropped once every registered watcher has read it and
// it is older than the history window, or unconditionally once more than
// maxBacklog entries are held (a watcher that far behind gets a 410).
type watchLog struct {
	entries    []logEntry
	first      uint64 // rv of entries[0], or the next rv when empty
	watchers   []*Watcher
	history    int
	maxBacklog int
}

func (l *watchLog) init() {
	l.first = 1
	l.history = DefaultWatchHistory
	l.maxBacklog = DefaultMaxWatchBacklog
}

func (l *watchLog) append(e logEntry) {
	l.entries = append(l.entries, e)
	if len(l.entries) > l.history {
		l.compact()
	}
}

// compact drops the entries no one needs: those every watcher has read
// that are older than the history window, and then any beyond maxBacklog.
func (l *watchLog) compact() {
	last := l.first + uint64(len(l.entries)) - 1
	keepFrom := l.first
	if n := uint64(l.history); last+1 > l.first+n {
		keepFrom = last + 1 - n
	}
	for _, w := range l.watchers {
		if w.next < keepFrom {
			keepFrom = w.next
		}
	}
	if backlogFloor := last + 1 - min(uint64(l.maxBacklog), last+1-l.first); keepFrom < backlogFloor {
		keepFrom = backlogFloor
	}
	if keepFrom <= l.first {
		return
	}
	// Drop from the front by reslicing: O(1), and append's next
	// reallocation copies only the live entries. Clearing the dropped ones
	// lets their objects be collected now.
	drop := int(keepFrom - l.first)
	clear(l.entries[:drop])
	l.entries = l.entries[drop:]
	l.first = keepFrom
}

// setWatchLimits changes the watch log's bounds: history is how many recent
// events are always kept for new watches, maxBacklog how many unread
// events a watcher may fall behind before it expires. Values below 1 keep
// the current setting.
func (s *Server) setWatchLimits(history, maxBacklog int) {
	if history > 0 {
		s.log.history = history
	}
	if maxBacklog > 0 {
		s.log.maxBacklog = max(maxBacklog, s.log.history)
	}
	s.log.compact()
}

// oldestResourceVersion returns the oldest resourceVersion a watch can
// start from: a watch from any earlier version fails with 410 Expired.
func (s *Server) oldestResourceVersion() uint64 { return s.log.first - 1 }

// WatchOptions select what a watcher sees.
type WatchOptions struct {
	// Kinds limits the watch to some kinds; empty means every kind.
	Kinds []*api.KindInfo
	// Namespace limits the watch to one namespace; "" means all.
	Namespace string
	// LabelSelector limits the watch to matching objects; nil means all.
	// As upstream, an update that makes an object match is delivered as
	// ADDED, one that makes it stop matching as DELETED.
	LabelSelector labels.Selector
	// FieldSelector limits the watch as ListOptions.FieldSelector limits a
	// list, with the same transitions as LabelSelector; "" means all. It
	// is converted for each of Kinds, which must then be given.
	FieldSelector string
	// ResourceVersion is where to start: events with a greater version are
	// delivered. "" or "0" starts from now (no replay). An informer passes
	// its List's ResourceVersion.
	ResourceVersion string
	// Shared delivers the server's own frozen objects instead of a copy
	// per event: the receiver must never change them. The informers use
	// it, as client-go's shared informers hand every handler the same
	// cached object (controllers deep-copy before they modify one).
	Shared bool
}

// Watcher is a registered reader of the watch log: a cursor that delivers
// the writes after its start, in order, one at a time. Nothing is pushed;
// the owner pulls with Next or Drain when it runs, which keeps controllers
// deterministic. A watcher holds back compaction until Stop.
type Watcher struct {
	s        *Server
	next     uint64 // rv of the next entry to look at
	kinds    []*api.KindInfo
	ns       string
	selector labels.Selector
	fields   map[*api.KindInfo]fields.Selector // per kind; nil without a field selector
	shared   bool                              // events carry frozen objects, not copies
	stopped  bool
}

// Watch registers a watcher (the watch verb). It fails with 410 Expired
// (`too old resource version: 5 (12)`) if the log no longer holds the
// events after opts.ResourceVersion, and with a Timeout error if that
// version is in the future; with BadRequest, before either, for a field
// selector that does not parse or names a field a kind does not support.
func (s *Server) Watch(opts WatchOptions) (*Watcher, error) {
	s.expire()
	// As in handlers.ListResource, the field selector is read first.
	var fieldSels map[*api.KindInfo]fields.Selector
	if opts.FieldSelector != "" {
		if len(opts.Kinds) == 0 {
			return nil, NewBadRequest("a field selector needs the kinds to watch")
		}
		fieldSels = map[*api.KindInfo]fields.Selector{}
		for _, k := range opts.Kinds {
			sel, err := parseFieldSelector(k, opts.FieldSelector)
			if err != nil {
				return nil, err
			}
			fieldSels[k] = sel
		}
	}
	start := s.rv
	if rv := opts.ResourceVersion; rv != "" && rv != "0" {
		n, err := strconv.ParseUint(rv, 10, 64)
		if err != nil {
			return nil, NewBadRequest("invalid resource version: " + rv)
		}
		if n > s.rv {
			return nil, NewTooLargeResourceVersion(n, s.rv)
		}
		if n+1 < s.log.first {
			return nil, NewTooOldResourceVersion(n, s.log.first-1)
		}
		start = n
	}
	w := &Watcher{s: s, next: start + 1, kinds: slices.Clone(opts.Kinds), ns: opts.Namespace, selector: opts.LabelSelector, fields: fieldSels,
		shared: opts.Shared}
	s.log.watchers = append(s.log.watchers, w)
	return w, nil
}

// Next returns the next event for this watcher, or false when it has read
// everything written so far (or is stopped). A watcher that fell behind
// compaction gets one ERROR event (410 Expired) and is stopped: its owner
// must relist and watch again, as client-go's reflector does.
func (w *Watcher) Next() (Event, bool) {
	w.s.expire()
	l := &w.s.log
	for !w.stopped && w.next <= w.s.rv {
		if w.next < l.first {
			err := NewTooOldResourceVersion(w.next-1, l.first-1)
			w.Stop()
			return Event{Type: Error, Err: err}, true
		}
		e := l.entries[w.next-l.first]
		w.next++
		if ev, ok := w.filter(e); ok {
			return ev, true
		}
	}
	return Event{}, false
}

// Drain returns every pending event, in order.
func (w *Watcher) Drain() []Event {
	var evs []Event
	for {
		ev, ok := w.Next()
		if !ok {
			return evs
		}
		evs = append(evs, ev)
	}
}

// pending reports whether writes after the watcher's position exist (some
// may be filtered out).
func (w *Watcher) pending() bool {
	w.s.expire()
	return !w.stopped && w.next <= w.s.rv
}

// ResourceVersion is the version of the last write the watcher has passed.
func (w *Watcher) ResourceVersion() string { return strconv.FormatUint(w.next-1, 10) }

// Stop unregisters the watcher, releasing the events it held back.
func (w *Watcher) Stop() {
	if w.stopped {
		return
	}
	w.stopped = true
	l := &w.s.log
	l.watchers = slices.DeleteFunc(l.watchers, func(x *Watcher) bool { return x == w })
}

// filter turns a log entry into the event this watcher sees, if any
// (cacheWatcher.convertToWatchEvent).
func (w *Watcher) filter(e logEntry) (Event, bool) {
	if len(w.kinds) > 0 && !slices.Contains(w.kinds, e.kind) {
		return Event{}, false
	}
	if w.ns != "" && e.obj.GetObjectMeta().Namespace != w.ns {
		return Event{}, false
	}
	ev := Event{Type: e.typ, Kind: e.kind, ResourceVersion: e.rv}
	pred := newPredicate(w.selector, w.fields[e.kind])
	if pred.empty() {
		ev.Object = w.out(e.obj)
		return ev, true
	}
	cur := pred.matches(e.kind, e.obj)
	if e.typ != Modified {
		if !cur {
			return Event{}, false
		}
		ev.Object = w.out(e.obj)
		return ev, true
	}
	prev := pred.matches(e.kind, e.prev)
	switch {
	case cur && prev:
		ev.Object = w.out(e.obj)
	case cur:
		ev.Type, ev.Object = Added, w.out(e.obj)
	case prev:
		// The object left the selection: the watcher sees its previous
		// state deleted, at this write's version.
		ev.Type, ev.Object = Deleted, out(e.prev)
		ev.Object.GetObjectMeta().ResourceVersion = strconv.FormatUint(e.rv, 10)
	default:
		return Event{}, false
	}
	return ev, true
}

// out is the object an event carries: the frozen one itself for a shared
// watch (stored objects already carry their TypeMeta), else a copy.
func (w *Watcher) out(obj api.Object) api.Object {
	if w.shared {
		return obj
	}
	return out(obj)
}

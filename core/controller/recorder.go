package controller

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// The event correlator's limits, from client-go tools/record/events_cache.go.
const (
	lruCacheEntries        = 4096
	aggregateMaxEvents     = 10                // similar events before they are combined
	aggregateInterval      = 600 * time.Second // window for "similar"
	spamBurst              = 25                // events per source+object at once
	spamRefillEverySecond  = 1.0 / 300         // then one every five minutes
	aggregateMessagePrefix = "(combined from similar events): "
)

// Recorder is client-go's record.EventRecorder for one component
// ("deployment-controller", "kubelet" on a host): it writes core/v1 Events
// through the API server after the same correlation a real component does:
//   - a source may emit 25 events about one object at once, then one per 5
//     minutes (EventSourceObjectSpamFilter); the rest are dropped;
//   - once 10 events differing only in message arrive within 10 minutes,
//     later ones are folded into one "(combined from similar events): ..."
//     event (EventAggregator);
//   - an identical event bumps the existing event's count and
//     lastTimestamp instead of creating a new one (eventLogger).
type Recorder struct {
	component, host string
	// instance is the events' reportingInstance: the host for a core/v1
	// recorder, "<component>-<hostname>" for an events.k8s.io/v1 one.
	instance string
	// eventsAPI marks a recorder that writes through events.k8s.io/v1,
	// whose events have no source when read back as core/v1 Events.
	eventsAPI bool
	server    *apiserver.Server
	clock     clock.Source
	corr      *correlator
}

// correlator is shared by all recorders of a cluster, as one process's
// broadcaster is, and names events uniquely within a second.
type correlator struct {
	spam      *lru[*tokenBucket]
	aggregate *lru[*aggregateRecord]
	logged    *lru[loggedEvent]
	lastNano  int64
}

type aggregateRecord struct {
	localKeys map[string]bool
	last      time.Time
}

type loggedEvent struct {
	name  string
	count int32
	first api.Time
}

// newCorrelator returns the shared correlation state for a cluster's recorders.
func newCorrelator() *correlator {
	return &correlator{
		spam:      newLRU[*tokenBucket](lruCacheEntries),
		aggregate: newLRU[*aggregateRecord](lruCacheEntries),
		logged:    newLRU[loggedEvent](lruCacheEntries),
	}
}

// newRecorder returns a recorder for component (and host, for node agents).
func newRecorder(s *apiserver.Server, c clock.Source, corr *correlator, component, host string) *Recorder {
	return &Recorder{component: component, host: host, instance: host, server: s, clock: c, corr: corr}
}

// Eventf records an event about obj (record.EventRecorder.Eventf).
func (r *Recorder) Eventf(obj api.Object, eventType, reason, format string, args ...any) {
	r.Event(obj, eventType, reason, fmt.Sprintf(format, args...))
}

// Event records an event about obj. Failures to write are swallowed, as
// upstream's recorder only logs them: events are best effort.
func (r *Recorder) Event(obj api.Object, eventType, reason, message string) {
	r.FieldEvent(obj, "", eventType, reason, message)
}

// FieldEvent records an event about part of obj, named by fieldPath as an
// ObjectReference's fieldPath does: the kubelet's container events carry
// "spec.containers{nginx}", so two containers' identical messages stay
// separate events (kubectl get events -o wide shows it as SUBOBJECT).
func (r *Recorder) FieldEvent(obj api.Object, fieldPath, eventType, reason, message string) {
	now := api.NewTime(r.clock.Now())
	ev := r.makeEvent(obj, now, eventType, reason, message)
	ev.InvolvedObject.FieldPath = fieldPath
	if r.corr.spamFiltered(ev, now.Time) {
		return
	}
	ev, key := r.corr.aggregateEvent(ev, now.Time, r.uniqueName)
	// eventLogger.eventObserve: a repeat takes the earlier occurrence's
	// name and firstTimestamp with count+1, and the cache remembers it
	// before the write.
	prev, repeat := r.corr.logged.get(key)
	if repeat {
		ev.Name, ev.FirstTimestamp, ev.Count = prev.name, prev.first, prev.count+1
	}
	r.corr.logged.add(key, loggedEvent{name: ev.Name, count: ev.Count, first: ev.FirstTimestamp})
	if repeat {
		updated, err := r.bump(ev)
		if err == nil {
			r.remember(key, updated)
			return
		}
		if !apiserver.IsNotFound(err) {
			return
		}
		// recordEvent: the earlier event is gone (expired after
		// --event-ttl, or deleted), so it is created again under the
		// same name, with its count and firstTimestamp.
	}
	created, err := r.server.Create(ev)
	if err != nil {
		return
	}
	r.remember(key, created.(*api.Event))
}

// remember is EventCorrelator.UpdateState: the cache takes the stored event.
func (r *Recorder) remember(key string, ev *api.Event) {
	r.corr.logged.add(key, loggedEvent{name: ev.Name, count: ev.Count, first: ev.FirstTimestamp})
}

// bump writes a repeat over the stored occurrence: its count, lastTimestamp
// and message (the patch eventObserve computes).
func (r *Recorder) bump(ev *api.Event) (*api.Event, error) {
	cur, err := apiserver.GetAs[*api.Event](r.server, ev.Namespace, ev.Name)
	if err != nil {
		return nil, err
	}
	cur.Count = ev.Count
	cur.LastTimestamp = ev.LastTimestamp
	cur.Message = ev.Message
	cur.ResourceVersion = ""
	updated, err := r.server.Update(cur)
	if err != nil {
		return nil, err
	}
	return updated.(*api.Event), nil
}

// makeEvent is recorder.makeEvent: the event's namespace is the object's
// (default for cluster-scoped objects) and its name "<object>.<hex nanos>".
func (r *Recorder) makeEvent(obj api.Object, now api.Time, eventType, reason, message string) *api.Event {
	m := obj.GetObjectMeta()
	ref := ObjectReferenceTo(obj)
	ns := m.Namespace
	if ns == "" {
		ns = "default"
	}
	return &api.Event{
		ObjectMeta:         api.ObjectMeta{Name: r.uniqueName(m.Name, now.Time), Namespace: ns},
		InvolvedObject:     ref,
		Reason:             reason,
		Message:            message,
		Source:             r.source(),
		FirstTimestamp:     now,
		LastTimestamp:      now,
		Count:              1,
		Type:               eventType,
		ReportingComponent: r.component,
		ReportingInstance:  r.instance,
	}
}

// source is the core/v1 source of the recorder's events. An
// events.k8s.io/v1 event has none (its deprecatedSource stays empty in
// recorderImpl.makeEvent): kubectl shows its reportingController and
// reportingInstance instead.
func (r *Recorder) source() api.EventSource {
	if r.eventsAPI {
		return api.EventSource{}
	}
	return api.EventSource{Component: r.component, Host: r.host}
}

// uniqueName is "<name>.<hex UnixNano>". The virtual clock ticks in whole
// seconds, so events within one second take successive nanoseconds.
func (r *Recorder) uniqueName(name string, now time.Time) string {
	n := now.UnixNano()
	if n <= r.corr.lastNano {
		n = r.corr.lastNano + 1
	}
	r.corr.lastNano = n
	return fmt.Sprintf("%s.%x", name, n)
}

// ObjectReferenceTo is reference.GetReference: how an event points at obj.
func ObjectReferenceTo(obj api.Object) api.ObjectReference {
	m := obj.GetObjectMeta()
	tm := obj.GetTypeMeta()
	kind, apiVersion := tm.Kind, tm.APIVersion
	if k := api.KindOf(obj); k != nil {
		kind, apiVersion = k.Kind, k.APIVersion()
	}
	return api.ObjectReference{
		Kind: kind, Namespace: m.Namespace, Name: m.Name, UID: m.UID,
		APIVersion: apiVersion, ResourceVersion: m.ResourceVersion,
	}
}

func joinKey(parts ...string) string { return strings.Join(parts, "") }

// eventKey is getEventKey: everything that makes two events identical.
func eventKey(e *api.Event) string {
	o := e.InvolvedObject
	return joinKey(e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.FieldPath, o.UID,
		o.APIVersion, e.Type, e.Reason, e.Message)
}

// spamFiltered is EventSourceObjectSpamFilter.Filter.
func (c *correlator) spamFiltered(e *api.Event, now time.Time) bool {
	o := e.InvolvedObject
	key := joinKey(e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion)
	b, ok := c.spam.get(key)
	if !ok {
		b = &tokenBucket{tokens: spamBurst, last: now}
	}
	c.spam.add(key, b)
	return !b.take(now)
}

// aggregateEvent is EventAggregator.EventAggregate: it returns the event to
// write and the key under which its occurrences are counted.
func (c *correlator) aggregateEvent(e *api.Event, now time.Time, name func(string, time.Time) string) (*api.Event, string) {
	o := e.InvolvedObject
	aggKey := joinKey(e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion,
		e.Type, e.Reason, e.ReportingComponent, e.ReportingInstance)
	rec, ok := c.aggregate.get(aggKey)
	if !ok || now.Sub(rec.last) > aggregateInterval {
		rec = &aggregateRecord{localKeys: map[string]bool{}}
	}
	rec.localKeys[e.Message] = true
	rec.last = now
	c.aggregate.add(aggKey, rec)
	if len(rec.localKeys) < aggregateMaxEvents {
		return e, eventKey(e)
	}
	// Keep the set at its cap. Upstream pops an arbitrary member (Go map
	// order), so a repeated message may or may not be folded later; popping
	// the current message is one of upstream's possible outcomes, chosen
	// because it is deterministic.
	delete(rec.localKeys, e.Message)
	agg := *e
	agg.Name = name(o.Name, now)
	agg.Message = aggregateMessagePrefix + e.Message
	return &agg, aggKey
}

// tokenBucket is the rate limiter behind the spam filter: burst tokens,
// refilled continuously.
type tokenBucket struct {
	tokens float64
	last   time.Time
}

func (b *tokenBucket) take(now time.Time) bool {
	b.tokens = min(spamBurst, b.tokens+now.Sub(b.last).Seconds()*spamRefillEverySecond)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

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
	lruCacheEntries        = 4096              // maxLruCacheEntries, for each of the three caches
	aggregateMaxEvents     = 10                // defaultAggregateMaxEvents: similar events before they are combined
	aggregateInterval      = 600 * time.Second // defaultAggregateIntervalInSeconds: window for "similar"
	spamBurst              = 25                // defaultSpamBurst: events per source+object at once
	aggregateMessagePrefix = "(combined from similar events): "
)

// spamQPS is defaultSpamQPS (1/300: then one every five minutes) as the
// token bucket sees it: CorrelatorOptions.QPS is a float32, and
// flowcontrol.NewTokenBucketRateLimiterWithClock hands rate.Limit(qps) on.
var spamQPS = float64(float32(1.0 / 300.0))

// Recorder is client-go's record.EventRecorder for one component
// ("deployment-controller", "kubelet" on a host): it writes core/v1 Events
// through the API server after the same correlation a real component does
// (EventCorrelator.EventCorrelate, in upstream's order):
//   - once 10 events differing only in message arrive within 10 minutes,
//     later ones are folded into one "(combined from similar events): ..."
//     event (EventAggregator);
//   - an identical event bumps the existing event's count and
//     lastTimestamp instead of creating a new one (eventLogger);
//   - only then, a source may emit 25 events of one type about one object
//     at once, then one per 5 minutes (EventSourceObjectSpamFilter); the
//     rest are dropped,
//     but they were counted above, so the next one written carries them.
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
	names     *eventNames
	// client, if set, is the clientset the broadcaster's sink writes
	// through (EventSinkImpl{Interface: kubeClient.CoreV1().Events("")}):
	// each event written takes a token from the controller's own bucket.
	client *Client
}

// WithClient makes the recorder's writes take their tokens from c, the
// component's own client, and returns r.
func (r *Recorder) WithClient(c *Client) *Recorder {
	r.client = c
	return r
}

// correlator is one EventCorrelator: each component process has its own
// (StartRecordingToSink makes one per broadcaster; every kube-controller-
// manager controller, the scheduler and each node's kubelet make their own
// broadcaster), so each has its own 4096-entry caches.
type correlator struct {
	spam      *lru[*tokenBucket]
	aggregate *lru[*aggregateRecord]
	logged    *lru[loggedEvent]
}

// eventNames makes event names unique across the cluster: upstream's
// "<object>.<hex UnixNano>" is unique in practice because real clocks
// tick in nanoseconds; the virtual clock ticks in whole seconds.
type eventNames struct{ lastNano int64 }

type aggregateRecord struct {
	localKeys map[string]bool
	last      time.Time
}

// loggedEvent is eventLog: what the recorder believes about a stored event.
type loggedEvent struct {
	name  string
	count int32
	first api.Time
}

// newCorrelator is NewEventCorrelator with the default options.
func newCorrelator() *correlator {
	return &correlator{
		spam:      newLRU[*tokenBucket](lruCacheEntries),
		aggregate: newLRU[*aggregateRecord](lruCacheEntries),
		logged:    newLRU[loggedEvent](lruCacheEntries),
	}
}

// newRecorder returns a recorder for component (and host, for node agents).
func newRecorder(s *apiserver.Server, c clock.Source, corr *correlator, names *eventNames, component, host string) *Recorder {
	return &Recorder{component: component, host: host, instance: host, server: s, clock: c, corr: corr, names: names}
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
	// recorderImpl.generateEvent: util.ValidateEventType refuses any type
	// but Normal and Warning.
	if eventType != api.EventTypeNormal && eventType != api.EventTypeWarning {
		return
	}
	now := api.NewTime(r.clock.Now())
	ev := r.makeEvent(obj, now, eventType, reason, message)
	ev.InvolvedObject.FieldPath = fieldPath
	// EventCorrelator.EventCorrelate: aggregate, then observe (the logger's
	// cache counts the occurrence), and only then filter, so an occurrence
	// the spam filter drops is still counted.
	ev, key := r.aggregateEvent(ev, now.Time)
	ev = r.corr.observe(ev, key)
	if r.corr.spamFiltered(ev, now.Time) {
		return
	}
	r.recordEvent(ev)
}

// recordEvent is event.go recordEvent: a repeat (count > 1) patches the
// stored occurrence; a first occurrence, or a repeat whose stored event is
// gone (expired after --event-ttl, or deleted), is created, the latter
// under its old name with its count and firstTimestamp. A successful write
// updates the cache (EventCorrelator.UpdateState).
//
// Retries: recordToSink tries an event up to maxTriesPerEvent (12) times,
// sleeping ~10s between tries, but only after errors that are not API
// status errors (transport failures); a StatusError is "Server rejected
// event (will not retry!)". The in-process API server only answers with
// status errors, so every failure here is final and the event is dropped,
// which is also what keeps the recorder free of timers.
func (r *Recorder) recordEvent(ev *api.Event) {
	var stored *api.Event
	var err error
	update := ev.Count > 1
	if r.client != nil {
		// One request: a PATCH of the stored occurrence or a POST.
		r.client.Reserve()
	}
	if update {
		stored, err = r.patch(ev)
	}
	if !update || apiserver.IsNotFound(err) {
		var created api.Object
		if created, err = r.server.CreateShared(ev); err == nil {
			stored = created.(*api.Event)
		}
	}
	if err != nil {
		return
	}
	r.corr.updateState(stored)
}

// patch applies the patch eventObserve computes to the stored occurrence:
// only count, lastTimestamp and message differ between its two sides, so
// only they change.
func (r *Recorder) patch(ev *api.Event) (*api.Event, error) {
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
	if n <= r.names.lastNano {
		n = r.names.lastNano + 1
	}
	r.names.lastNano = n
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

// spamKey is getSpamKey (client-go v0.37 tools/record/events_cache.go): the
// source, the object and the event type, not the field path, reason or
// message. So Normal and Warning events about one object draw on separate
// buckets.
func spamKey(e *api.Event) string {
	o := e.InvolvedObject
	return joinKey(e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion, e.Type)
}

// spamFiltered is EventSourceObjectSpamFilter.Filter: it reports whether
// the event must be dropped.
func (c *correlator) spamFiltered(e *api.Event, now time.Time) bool {
	key := spamKey(e)
	b, ok := c.spam.get(key)
	if !ok {
		b = newTokenBucket(now)
	}
	c.spam.add(key, b)
	return !b.tryAccept(now)
}

// aggregateEvent is EventAggregator.EventAggregate with
// EventAggregatorByReasonFunc: it returns the event to write and the key
// under which its occurrences are counted.
func (r *Recorder) aggregateEvent(e *api.Event, now time.Time) (*api.Event, string) {
	o := e.InvolvedObject
	aggKey := joinKey(e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion,
		e.Type, e.Reason, e.ReportingComponent, e.ReportingInstance)
	rec, ok := r.corr.aggregate.get(aggKey)
	if !ok || now.Sub(rec.last) > aggregateInterval {
		rec = &aggregateRecord{localKeys: map[string]bool{}}
	}
	rec.localKeys[e.Message] = true
	rec.last = now
	r.corr.aggregate.add(aggKey, rec)
	if len(rec.localKeys) < aggregateMaxEvents {
		return e, eventKey(e)
	}
	// Keep the set at its cap. Upstream pops an arbitrary member (Go map
	// order), so a repeated message may or may not be folded later; popping
	// the current message is one of upstream's possible outcomes, chosen
	// because it is deterministic.
	delete(rec.localKeys, e.Message)
	// The combined event is built afresh from a few of the event's fields:
	// it has no annotations and no reportingComponent/reportingInstance.
	agg := &api.Event{
		ObjectMeta:     api.ObjectMeta{Name: r.uniqueName(o.Name, now), Namespace: e.Namespace},
		Count:          1,
		FirstTimestamp: api.NewTime(now),
		InvolvedObject: o,
		LastTimestamp:  api.NewTime(now),
		Message:        aggregateMessagePrefix + e.Message,
		Type:           e.Type,
		Reason:         e.Reason,
		Source:         e.Source,
	}
	if r.eventsAPI {
		// An events.k8s.io/v1 recorder has no EventAggregator upstream
		// (it keeps event series instead); this model still combines, and
		// keeps the reporting fields, its events' only source.
		agg.ReportingComponent, agg.ReportingInstance = e.ReportingComponent, e.ReportingInstance
	}
	return agg, aggKey
}

// observe is eventLogger.eventObserve: a repeat takes the earlier
// occurrence's name and firstTimestamp with count+1, and the cache
// remembers the occurrence before anything is written, or filtered.
func (c *correlator) observe(e *api.Event, key string) *api.Event {
	if prev, ok := c.logged.get(key); ok && prev.count > 0 {
		cp := *e
		cp.Name, cp.FirstTimestamp, cp.Count = prev.name, prev.first, prev.count+1
		e = &cp
	}
	c.logged.add(key, loggedEvent{name: e.Name, count: e.Count, first: e.FirstTimestamp})
	return e
}

// updateState is eventLogger.updateState: the cache takes the stored
// event, under the stored event's own key. For a combined event that is
// not the key it is counted under (the aggregate key), as upstream.
func (c *correlator) updateState(e *api.Event) {
	c.logged.add(eventKey(e), loggedEvent{name: e.Name, count: e.Count, first: e.FirstTimestamp})
}

// tokenBucket is the limiter behind the spam filter:
// flowcontrol.NewTokenBucketRateLimiterWithClock, a golang.org/x/time/rate
// Limiter that starts full and whose TryAccept is AllowN(now, 1).
type tokenBucket struct {
	tokens float64
	last   time.Time
}

func newTokenBucket(now time.Time) *tokenBucket {
	return &tokenBucket{tokens: spamBurst, last: now}
}

// tryAccept is rate.Limiter.AllowN(now, 1) (reserveN with no wait
// allowed): tokens refill from the last granted request, capped at the
// burst; a refused request leaves the limiter as it was.
func (b *tokenBucket) tryAccept(now time.Time) bool {
	last := b.last
	if now.Before(last) {
		last = now
	}
	tokens := min(float64(spamBurst), b.tokens+now.Sub(last).Seconds()*spamQPS) - 1
	var wait time.Duration
	if tokens < 0 {
		wait = time.Duration(float64(time.Second) * (-tokens / spamQPS))
	}
	if wait > 0 {
		return false
	}
	b.tokens, b.last = tokens, now
	return true
}

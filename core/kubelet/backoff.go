package kubelet

import "time"

// The kubelet's two back-offs (pkg/kubelet/kubelet.go NewMainKubelet):
// container restarts (crashLoopBackOff: flowcontrol.NewBackOff(backOffPeriod,
// MaxContainerBackOff)) and image pulls (imageBackOff:
// flowcontrol.NewBackOff(backOffPeriod, MaxImageBackOff)). Both start at
// 10 s and double to 300 s, without jitter. The ReduceDefaultCrashLoopBackOffDecay
// gate (1 s to 60 s) is alpha and off in v1.37.
const (
	backOffPeriod       = 10 * time.Second
	maxContainerBackOff = 300 * time.Second
	maxImageBackOff     = 300 * time.Second
)

// backoff models client-go's flowcontrol.Backoff with jitter 0: per-key
// exponential delays, forgotten once a key has been quiet for twice the
// maximum (hasExpired), so a container that ran for 10 minutes starts again
// from 10 s.
type backoff struct {
	initial, max time.Duration
	entries      map[string]*backoffEntry
}

type backoffEntry struct {
	backoff    time.Duration
	lastUpdate time.Time
}

func newBackoff(initial, max time.Duration) *backoff {
	return &backoff{initial: initial, max: max, entries: map[string]*backoffEntry{}}
}

// hasExpired models the function of that name: stable for 2×max.
func (b *backoff) hasExpired(eventTime, lastUpdate time.Time) bool {
	return eventTime.Sub(lastUpdate) > b.max*2
}

// Get models Backoff.Get: the current delay for key (0 if none).
func (b *backoff) Get(key string) time.Duration {
	if e, ok := b.entries[key]; ok {
		return e.backoff
	}
	return 0
}

// Next models Backoff.Next: start at initial, or double up to max; the
// entry is stamped with now (the clock), not eventTime.
func (b *backoff) Next(key string, eventTime, now time.Time) {
	e, ok := b.entries[key]
	if !ok || b.hasExpired(eventTime, e.lastUpdate) {
		e = &backoffEntry{backoff: b.initial}
		b.entries[key] = e
	} else {
		e.backoff = min(e.backoff*2, b.max)
	}
	e.lastUpdate = now
}

// IsInBackOffSince models Backoff.IsInBackOffSince: less than the delay
// has passed since eventTime (the crash-loop check, from the container's
// finishedAt).
func (b *backoff) IsInBackOffSince(key string, eventTime, now time.Time) bool {
	e, ok := b.entries[key]
	if !ok || b.hasExpired(eventTime, e.lastUpdate) {
		return false
	}
	return now.Sub(eventTime) < e.backoff
}

// IsInBackOffSinceUpdate models Backoff.IsInBackOffSinceUpdate: less than
// the delay has passed since the last Next (the image-pull check).
func (b *backoff) IsInBackOffSinceUpdate(key string, eventTime time.Time) bool {
	e, ok := b.entries[key]
	if !ok || b.hasExpired(eventTime, e.lastUpdate) {
		return false
	}
	return eventTime.Sub(e.lastUpdate) < e.backoff
}

// expiry is when IsInBackOffSince(key, eventTime) turns false.
func (b *backoff) expiry(key string, eventTime time.Time) time.Time {
	return eventTime.Add(b.Get(key))
}

// GC models Backoff.GC: drop entries quiet for 2×max.
func (b *backoff) GC(now time.Time) {
	for k, e := range b.entries {
		if b.hasExpired(now, e.lastUpdate) {
			delete(b.entries, k)
		}
	}
}

// DeleteByPrefix forgets the entries of one pod (a deleted pod's keys).
func (b *backoff) DeleteByPrefix(prefix string) {
	for k := range b.entries {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			delete(b.entries, k)
		}
	}
}

package controller

import (
	"sort"
	"time"

	"github.com/kubeplay/kubeplay/core/clock"
)

// Queue is a controller's work queue, modelled on client-go's rate-limited
// delaying queue but single-threaded and driven by the virtual clock:
//   - a key waiting in the queue is never queued twice (Add is idempotent);
//   - AddAfter parks a key until the clock reaches its due time;
//   - AddRateLimited backs off exponentially per key (by default 5ms doubling
//     to 1000s, client-go's DefaultControllerRateLimiter item limiter; see
//     WithBackOff), so a failing sync is retried at the next tick at the
//     earliest;
//   - every key that becomes ready takes a ticket from an Arrivals counter
//     the queues of one cluster share, so the cluster can run, across all
//     controllers, the key that has waited longest (see Head).
type Queue struct {
	clock    clock.Source
	arrivals *Arrivals
	order    []queued             // FIFO of ready keys
	queued   map[string]bool      // keys in order
	waiting  map[string]time.Time // parked keys and when they are due
	earliest time.Time            // the earliest due time in waiting, if any
	failures map[string]int
	base     time.Duration // first retry delay
	max      time.Duration // longest retry delay
}

// queued is a ready key and its arrival ticket.
type queued struct {
	key    string
	ticket uint64
}

// Arrivals hands out tickets in the order keys become ready. Queues that
// share one are ordered against each other by their heads' tickets: the
// single-threaded stand-in for controllers whose workers all run at once,
// where a key queued while another controller is busy waits its turn, and
// events that arrive meanwhile coalesce into the one queued key.
type Arrivals struct{ next uint64 }

func (a *Arrivals) take() uint64 {
	a.next++
	return a.next
}

// Rate limiter bounds, from client-go's ItemExponentialFailureRateLimiter
// defaults (DefaultControllerRateLimiter), which most kube-controller-manager
// controllers use.
const (
	baseRetryDelay = 5 * time.Millisecond
	maxRetryDelay  = 1000 * time.Second
)

// WithBackOff sets the first and the longest retry delay of AddRateLimited,
// for controllers whose upstream queue uses other bounds than client-go's
// defaults, and returns q.
func (q *Queue) WithBackOff(base, max time.Duration) *Queue {
	q.base, q.max = base, max
	return q
}

func newQueue(c clock.Source, a *Arrivals) *Queue {
	return &Queue{
		clock:    c,
		arrivals: a,
		queued:   map[string]bool{},
		waiting:  map[string]time.Time{},
		failures: map[string]int{},
		base:     baseRetryDelay,
		max:      maxRetryDelay,
	}
}

// Add queues key now unless it is already queued.
func (q *Queue) Add(key string) {
	if q.queued[key] {
		return
	}
	q.queued[key] = true
	q.order = append(q.order, queued{key, q.arrivals.take()})
}

// AddAfter queues key once d has passed. Like client-go, a key already parked
// keeps the earlier of its two due times; d <= 0 is Add.
func (q *Queue) AddAfter(key string, d time.Duration) {
	if d <= 0 {
		q.Add(key)
		return
	}
	due := q.clock.Now().Add(d)
	cur, ok := q.waiting[key]
	if ok && !due.Before(cur) {
		return
	}
	if len(q.waiting) == 0 || due.Before(q.earliest) {
		q.earliest = due
	}
	q.waiting[key] = due
}

// AddRateLimited requeues key after its exponential back-off and counts the
// failure (workqueue.RateLimitingInterface.AddRateLimited).
func (q *Queue) AddRateLimited(key string) {
	n := q.failures[key]
	q.failures[key] = n + 1
	d := q.max
	if n < 32 {
		if exp := q.base << n; exp > 0 && exp < q.max {
			d = exp
		}
	}
	q.AddAfter(key, d)
}

// Forget clears key's failure count after a successful sync.
func (q *Queue) Forget(key string) { delete(q.failures, key) }

// NumRequeues is how many times key has failed in a row.
func (q *Queue) NumRequeues(key string) int { return q.failures[key] }

// promote moves every parked key that is due into the FIFO, earliest first
// (ties by key) so the order never depends on map iteration. The cluster
// asks every queue's head before each step, so while nothing is due (the
// earliest due time is still ahead) it returns without scanning the parked
// keys: thousands of them (unschedulable pods backing off) would otherwise
// cost a full map walk per step.
func (q *Queue) promote() {
	now := q.clock.Now()
	if len(q.waiting) == 0 || q.earliest.After(now) {
		return
	}
	var due []string
	var next time.Time
	for k, t := range q.waiting {
		if !t.After(now) {
			due = append(due, k)
		} else if next.IsZero() || t.Before(next) {
			next = t
		}
	}
	q.earliest = next
	sort.Slice(due, func(i, j int) bool {
		ti, tj := q.waiting[due[i]], q.waiting[due[j]]
		if !ti.Equal(tj) {
			return ti.Before(tj)
		}
		return due[i] < due[j]
	})
	for _, k := range due {
		delete(q.waiting, k)
		q.Add(k)
	}
}

// Get pops the next ready key, promoting parked keys that are due first.
func (q *Queue) Get() (string, bool) {
	q.promote()
	if len(q.order) == 0 {
		return "", false
	}
	key := q.order[0].key
	q.order[0] = queued{}
	q.order = q.order[1:]
	delete(q.queued, key)
	return key, true
}

// Head reports the arrival ticket of the key Get would return, promoting
// parked keys that are due first; false when no key is ready.
func (q *Queue) Head() (uint64, bool) {
	q.promote()
	if len(q.order) == 0 {
		return 0, false
	}
	return q.order[0].ticket, true
}

// Len is the number of keys ready to run now.
func (q *Queue) Len() int {
	q.promote()
	return len(q.order)
}

// NextDue reports when the earliest parked key becomes due.
func (q *Queue) NextDue() (time.Time, bool) {
	if len(q.waiting) == 0 {
		return time.Time{}, false
	}
	return q.earliest, true
}

package nodelifecycle

import (
	"slices"
	"sort"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// UnreachableTaintTemplate and NotReadyTaintTemplate are the NoExecute
// taints of a node whose Ready condition is Unknown or False.
var (
	UnreachableTaintTemplate = api.Taint{Key: api.TaintNodeUnreachable, Effect: api.TaintEffectNoExecute}
	NotReadyTaintTemplate    = api.Taint{Key: api.TaintNodeNotReady, Effect: api.TaintEffectNoExecute}
)

// taintExists models taintutils.TaintExists (same key and effect).
func taintExists(taints []api.Taint, t api.Taint) bool {
	for _, x := range taints {
		if x.Key == t.Key && x.Effect == t.Effect {
			return true
		}
	}
	return false
}

// swapNodeControllerTaint models controllerutil.SwapNodeControllerTaint:
// add taintsToAdd (timeAdded = now; an existing taint with the same key
// and effect is replaced) and remove taintsToRemove, in one write of the
// node's spec through the API server. It reports success.
func swapNodeControllerTaint(s *apiserver.Server, nodeName string, toAdd, toRemove []api.Taint, now time.Time) bool {
	node, err := apiserver.GetAs[*api.Node](s, "", nodeName)
	if err != nil {
		return false
	}
	taints := slices.Clone(node.Spec.Taints)
	changed := false
	for _, t := range toAdd {
		t.TimeAdded = api.NewTimePtr(now)
		replaced := false
		for i := range taints {
			if taints[i].Key == t.Key && taints[i].Effect == t.Effect {
				if taints[i].Value != t.Value {
					taints[i] = t
					changed = true
				}
				replaced = true
				break
			}
		}
		if !replaced {
			taints = append(taints, t)
			changed = true
		}
	}
	for _, t := range toRemove {
		kept := taints[:0]
		for _, x := range taints {
			if x.Key == t.Key && x.Effect == t.Effect {
				changed = true
				continue
			}
			kept = append(kept, x)
		}
		taints = kept
	}
	if !changed {
		return true
	}
	node.Spec.Taints = taints
	if len(taints) == 0 {
		node.Spec.Taints = nil
	}
	_, err = s.Update(node)
	return err == nil
}

// tokenBucket models flowcontrol.NewTokenBucketRateLimiter(qps, burst 1)
// on the virtual clock, kept exact: the one token is back a whole period
// (1/qps) after it was taken. qps <= 0 never accepts
// (NewFakeNeverRateLimiter).
type tokenBucket struct {
	qps     float64
	period  time.Duration
	emptyAt time.Time // when the token was last taken; zero = full
	taken   bool
}

func newTokenBucket(qps float64) *tokenBucket {
	b := &tokenBucket{qps: qps}
	if qps > 0 {
		b.period = time.Duration(float64(time.Second) / qps)
	}
	return b
}

// tryAccept takes the token if it is there.
func (b *tokenBucket) tryAccept(now time.Time) bool {
	if b.qps <= 0 {
		return false
	}
	if b.taken && now.Sub(b.emptyAt) < b.period {
		return false
	}
	b.taken, b.emptyAt = true, now
	return true
}

// nextToken is when tryAccept will next succeed (the zero time: now).
func (b *tokenBucket) nextToken() (time.Time, bool) {
	if b.qps <= 0 {
		return time.Time{}, false
	}
	if !b.taken {
		return time.Time{}, true
	}
	return b.emptyAt.Add(b.period), true
}

// timedValue is scheduler.TimedValue.
type timedValue struct {
	value     string
	uid       string
	addedAt   time.Time
	processAt time.Time
}

// rateLimitedTimedQueue models scheduler.RateLimitedTimedQueue: a unique
// queue of node names ordered by processAt, drained by Try at the pace of
// a token bucket. A value stays in the set after it is processed
// (RemoveFromQueue) until Remove, so a node is tainted once per outage.
type rateLimitedTimedQueue struct {
	queue   []timedValue
	set     map[string]bool
	limiter *tokenBucket
}

func newRateLimitedTimedQueue(qps float64) *rateLimitedTimedQueue {
	return &rateLimitedTimedQueue{set: map[string]bool{}, limiter: newTokenBucket(qps)}
}

// add queues value unless it is in the set; it reports whether it did.
func (q *rateLimitedTimedQueue) add(value, uid string, now time.Time) bool {
	if q.set[value] {
		return false
	}
	q.set[value] = true
	q.queue = append(q.queue, timedValue{value: value, uid: uid, addedAt: now, processAt: now})
	q.sort()
	return true
}

// remove drops value from the queue and the set, reporting whether it was
// in the set.
func (q *rateLimitedTimedQueue) remove(value string) bool {
	q.removeFromQueue(value)
	had := q.set[value]
	delete(q.set, value)
	return had
}

func (q *rateLimitedTimedQueue) removeFromQueue(value string) {
	q.queue = slices.DeleteFunc(q.queue, func(v timedValue) bool { return v.value == value })
}

func (q *rateLimitedTimedQueue) sort() {
	sort.SliceStable(q.queue, func(i, j int) bool {
		if !q.queue[i].processAt.Equal(q.queue[j].processAt) {
			return q.queue[i].processAt.Before(q.queue[j].processAt)
		}
		return q.queue[i].value < q.queue[j].value
	})
}

// try models RateLimitedTimedQueue.Try: while a token is available and the
// head is due, run fn on it; fn reports success or a delay to retry after.
func (q *rateLimitedTimedQueue) try(now time.Time, fn func(timedValue) (bool, time.Duration)) {
	for len(q.queue) > 0 {
		if !q.limiter.tryAccept(now) {
			return
		}
		head := q.queue[0]
		if now.Before(head.processAt) {
			return
		}
		if ok, wait := fn(head); !ok {
			q.queue[0].processAt = now.Add(wait + time.Nanosecond)
			q.sort()
		} else {
			q.removeFromQueue(head.value)
		}
	}
}

// nextWake is when try could next do something, if ever.
func (q *rateLimitedTimedQueue) nextWake() (time.Time, bool) {
	if len(q.queue) == 0 {
		return time.Time{}, false
	}
	t, ok := q.limiter.nextToken()
	if !ok {
		return time.Time{}, false
	}
	if q.queue[0].processAt.After(t) {
		t = q.queue[0].processAt
	}
	return t, true
}

// swapLimiter models RateLimitedTimedQueue.SwapLimiter: a new token bucket
// at newQPS, drained if the old one had no token.
func (q *rateLimitedTimedQueue) swapLimiter(newQPS float64, now time.Time) {
	if q.limiter.qps == newQPS {
		return
	}
	nb := newTokenBucket(newQPS)
	if newQPS > 0 && !q.limiter.tryAccept(now) {
		nb.tryAccept(now)
	}
	q.limiter = nb
}

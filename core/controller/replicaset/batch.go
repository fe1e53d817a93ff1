// A sync of one ReplicaSet that its API client held back midway, and the
// slow start's loop kept as state so that it can stop and carry on.

package replicaset

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/controller"
)

// batch is a sync the client held back before it was done. Upstream's
// worker would still be inside syncReplicaSet: manageReplicas' creates or
// deletes blocked in the rate limiter's Wait, and after them the status
// computed from the pods the sync listed at its start (calculateStatus
// takes the same activePods manageReplicas did). Here a sync stops at the
// first request whose token is due past the tick, and the next sync of the
// key goes on with the same batch where it stopped, without listing the
// pods again, and ends it as upstream's sync ends. That is also what keeps
// a 10,000-pod rollout cheap: one pass over the pods per batch of up to
// burstReplicas, not one per tick the client waits.
type batch struct {
	// rs is the ReplicaSet as the sync read it: the creates' template and
	// owner, and the object whose status the sync writes.
	rs *api.ReplicaSet
	// selector and template are the ReplicaSet's selector and pod
	// template labels; claims are the pods the sync listed, for the status
	// it writes at its end.
	selector, template labels.Selector
	claims             *claims
	// want is spec.replicas when the sync began, for the records.
	want int32
	// creates is the slow start still running, nil for a scale-down.
	creates *slowStart
	// refused counts the creates the terminating namespace turned away.
	refused int
	// deletes are the chosen pods whose delete is not sent yet, of
	// deleteCount chosen.
	deletes     []*api.Pod
	deleteCount int
	// deleteErr is the first delete that failed other than by throttling.
	deleteErr error
	// sent says every request of manageReplicas went out (or the sync
	// made none): only the status write is left, with manageErr, what
	// manageReplicas returned.
	sent      bool
	manageErr error
}

// slowStart is slowStartBatch's loop kept as state: calls in batches of
// the initial size, then twice that, and so on, capped by what remains; a
// batch with a failure is the last. Upstream runs a batch's calls in
// parallel; here they run in order, and the first failure in that order is
// the error returned.
type slowStart struct {
	count     int   // the calls asked for
	remaining int   // calls not made yet, the current batch's included
	size      int   // the current batch's size
	made      int   // calls made in the current batch
	failed    error // the current batch's first failure
	successes int
	batches   []int // every batch size begun
}

func newSlowStart(count, initialBatchSize int) *slowStart {
	s := &slowStart{count: count, remaining: count, size: min(count, initialBatchSize)}
	if s.size > 0 {
		s.batches = []int{s.size}
	}
	return s
}

// run makes calls until all are made, or a batch ends with a failure (its
// first error, done), or fn is throttled (that error, not done: a later
// run starts again with the same call).
func (s *slowStart) run(fn func() error) (done bool, err error) {
	for s.size > 0 {
		for s.made < s.size {
			if e := fn(); e != nil {
				if _, ok := controller.IsThrottled(e); ok {
					return false, e
				}
				if s.failed == nil {
					s.failed = e
				}
			} else {
				s.successes++
			}
			s.made++
		}
		if s.failed != nil {
			return true, s.failed
		}
		s.remaining -= s.size
		s.size, s.made = min(2*s.size, s.remaining), 0
		if s.size > 0 {
			s.batches = append(s.batches, s.size)
		}
	}
	return true, nil
}

// attempted is how many calls were made.
func (s *slowStart) attempted() int { return s.count - s.remaining + s.made }

// resumeBatch carries b on: the requests not sent yet, then the status
// write, each as far as the client's bucket allows this tick.
func (rsc *ReplicaSetController) resumeBatch(key string, b *batch, ds *controller.Decisions) error {
	if !b.sent {
		var err error
		if b.creates != nil {
			err = rsc.resumeCreates(key, b, ds)
		} else {
			err = rsc.resumeDeletes(key, b, ds)
		}
		if _, ok := controller.IsThrottled(err); ok {
			rsc.holdStatus(key, ds, "the client is throttled")
			return nil
		}
		b.sent, b.manageErr = true, err
	}
	delete(rsc.batches, key)
	return rsc.finishSync(key, b, ds)
}

// resumeCreates sends the slow start's creates the client held back.
func (rsc *ReplicaSetController) resumeCreates(key string, b *batch, ds *controller.Decisions) error {
	n := b.creates.remaining - b.creates.made
	ds.Add("manageReplicas", fmt.Sprintf("diff = active %d − spec.replicas %d = %d, when the sync began", b.claims.replicas(), b.want, b.claims.replicas()-int(b.want)),
		fmt.Sprintf("the same sync goes on: send the %d creates the client held back", n),
		controller.Input{Name: "unsent creates of the batch", Value: fmt.Sprint(n)}).
		Say("replicaset.createResume", controller.Count("have", b.claims.replicas()), controller.Count("want", b.want), controller.Count("n", n))
	return rsc.sendCreates(key, b, ds)
}

// resumeDeletes sends the chosen pods' deletes the client held back.
func (rsc *ReplicaSetController) resumeDeletes(key string, b *batch, ds *controller.Decisions) error {
	n := len(b.deletes)
	ds.Add("manageReplicas", fmt.Sprintf("diff = active %d − spec.replicas %d = %d, when the sync began", b.claims.replicas(), b.want, b.claims.replicas()-int(b.want)),
		fmt.Sprintf("the same sync goes on: send the %d deletes the client held back", n),
		controller.Input{Name: "unsent deletes of the batch", Value: fmt.Sprint(n)}).
		Say("replicaset.deleteResume", controller.Count("have", b.claims.replicas()), controller.Count("want", b.want), controller.Count("n", n))
	return rsc.sendDeletes(key, b, ds)
}

// holdStatus records that the status write waits behind requests the
// client has not sent, and wakes the key for when it may send again.
func (rsc *ReplicaSetController) holdStatus(key string, ds *controller.Decisions, formula string) {
	ds.Add("updateReplicaSetStatus", formula, "status not written yet: the sync writes it once the client may send again").
		Say("replicaset.statusThrottled")
	rsc.queue.Add(key)
}

// finishSync is the end of syncReplicaSet, after manageReplicas: the
// status computed from the pods the sync listed, written, and the
// minReadySeconds re-check. A status write the client holds back keeps the
// batch, so the next sync writes the same status.
func (rsc *ReplicaSetController) finishSync(key string, b *batch, ds *controller.Decisions) error {
	rs := api.DeepCopy(b.rs)
	now := rsc.ctx.Clock.Now()
	counts := b.count(now)
	newStatus := calculateStatus(rs, counts, b.manageErr, now)
	oldStatus := rs.Status
	updatedRS, wrote, err := updateReplicaSetStatus(rsc.client, rs, newStatus)
	if te, ok := controller.IsThrottled(err); ok {
		rsc.batches[key] = b
		rsc.holdStatus(key, ds, fmt.Sprintf("the client's next request waits %s for a token", te.Wait.Round(time.Millisecond)))
		return nil
	}
	rsc.recordStatus(ds, rs, oldStatus, newStatus, counts, wrote)
	if err != nil {
		return err
	}
	rsc.Consistency.WroteAt(key, rs.UID, rsResource, updatedRS.ResourceVersion)

	if b.manageErr == nil && updatedRS.Spec.MinReadySeconds > 0 &&
		updatedRS.Status.ReadyReplicas != updatedRS.Status.AvailableReplicas {
		// The last line of defence against missing a pod turning available:
		// by default after minReadySeconds, or exactly when the first ready
		// pod will be available.
		mrs := updatedRS.Spec.MinReadySeconds
		next := time.Duration(mrs) * time.Second
		how := "minReadySeconds (fallback: no ready pod has a future availability time)"
		if d, ok := controller.FindMinNextPodAvailabilityCheck(controller.Pods(b.claims.activePods), mrs, now, rsc.ctx.Clock); ok {
			next, how = d, "the earliest moment a ready pod becomes available"
		}
		rsc.queue.AddAfter(key, next)
		ds.Add("FindMinNextPodAvailabilityCheck",
			fmt.Sprintf("minReadySeconds %d; readyReplicas %d ≠ availableReplicas %d", mrs, updatedRS.Status.ReadyReplicas, updatedRS.Status.AvailableReplicas),
			fmt.Sprintf("requeue after %s: %s", next, how)).
			Say("replicaset.availabilityCheck", controller.Duration("after", next), controller.Count("minReadySeconds", mrs))
	}
	return b.manageErr
}

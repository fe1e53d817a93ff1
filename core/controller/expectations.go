package controller

import (
	"fmt"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/clock"
)

// This file models the expectations of pkg/controller/controller_utils.go:
// after creating or deleting pods a controller stops managing replicas until
// its informer has seen the effects (or five minutes pass), so that it
// never acts twice on a stale cache.

// ExpectationsTimeout is controller.ExpectationsTimeout: expectations older
// than this are treated as satisfied, measured on the virtual clock.
const ExpectationsTimeout = 5 * time.Minute

// ControlleeExpectations models the type of that name: creations and
// deletions still to be observed for one controller key, and when they were
// set.
type ControlleeExpectations struct {
	add, del  int64
	key       string
	timestamp time.Time
}

// GetExpectations returns the outstanding creations and deletions.
func (e *ControlleeExpectations) GetExpectations() (add, del int64) { return e.add, e.del }

// Fulfilled models ControlleeExpectations.Fulfilled: nothing outstanding
// (counts may go negative when more is observed than was expected).
func (e *ControlleeExpectations) Fulfilled() bool { return e.add <= 0 && e.del <= 0 }

func (e *ControlleeExpectations) isExpired(now time.Time) bool {
	return now.Sub(e.timestamp) > ExpectationsTimeout
}

// String renders "add=2 del=0 (set 2026-01-01T00:00:03Z)" for decisions.
func (e *ControlleeExpectations) String() string {
	return fmt.Sprintf("add=%d del=%d (set %s)", e.add, e.del, e.timestamp.UTC().Format(time.RFC3339))
}

// ControllerExpectations models the type of that name: a store of
// ControlleeExpectations by controller key, timed by the virtual clock.
type ControllerExpectations struct {
	clock clock.Source
	store map[string]*ControlleeExpectations
}

// NewControllerExpectations models the function of that name.
func NewControllerExpectations(c clock.Source) *ControllerExpectations {
	return &ControllerExpectations{clock: c, store: map[string]*ControlleeExpectations{}}
}

// GetExpectations returns the expectations of a controller key.
func (r *ControllerExpectations) GetExpectations(key string) (*ControlleeExpectations, bool) {
	e, ok := r.store[key]
	return e, ok
}

// DeleteExpectations forgets a controller key.
func (r *ControllerExpectations) DeleteExpectations(key string) { delete(r.store, key) }

// SatisfiedExpectations models the method of that name: true when there are
// no expectations for key, when they are fulfilled, or when they are older
// than ExpectationsTimeout (strictly).
func (r *ControllerExpectations) SatisfiedExpectations(key string) bool {
	e, ok := r.store[key]
	if !ok {
		return true
	}
	return e.Fulfilled() || e.isExpired(r.clock.Now())
}

// SetExpectations replaces the expectations of key, stamped now.
func (r *ControllerExpectations) SetExpectations(key string, add, del int) {
	r.store[key] = &ControlleeExpectations{add: int64(add), del: int64(del), key: key, timestamp: r.clock.Now()}
}

// ExpectCreations models the method of that name.
func (r *ControllerExpectations) ExpectCreations(key string, adds int) {
	r.SetExpectations(key, adds, 0)
}

// ExpectDeletions models the method of that name.
func (r *ControllerExpectations) ExpectDeletions(key string, dels int) {
	r.SetExpectations(key, 0, dels)
}

// LowerExpectations models the method of that name; the timestamp stays.
func (r *ControllerExpectations) LowerExpectations(key string, add, del int) {
	if e, ok := r.store[key]; ok {
		e.add -= int64(add)
		e.del -= int64(del)
	}
}

// raiseExpectations models the method of that name; the timestamp stays.
func (r *ControllerExpectations) raiseExpectations(key string, add, del int) {
	if e, ok := r.store[key]; ok {
		e.add += int64(add)
		e.del += int64(del)
	}
}

// CreationObserved models the method of that name: one creation fewer.
func (r *ControllerExpectations) CreationObserved(key string) { r.LowerExpectations(key, 1, 0) }

// DeletionObserved models the method of that name: one deletion fewer.
func (r *ControllerExpectations) DeletionObserved(key string) { r.LowerExpectations(key, 0, 1) }

// UIDTrackingControllerExpectations models the type of that name, which the
// ReplicaSet controller uses: deletions are expected by pod key
// ("namespace/name"), so a pod counts once whether its deletion is first
// seen as a deletionTimestamp update or as the final delete.
type UIDTrackingControllerExpectations struct {
	*ControllerExpectations
	uids map[string]map[string]bool
}

// NewUIDTrackingControllerExpectations models the function of that name.
func NewUIDTrackingControllerExpectations(ce *ControllerExpectations) *UIDTrackingControllerExpectations {
	return &UIDTrackingControllerExpectations{ControllerExpectations: ce, uids: map[string]map[string]bool{}}
}

// getUIDs returns the pod keys whose deletion key still waits for, sorted,
// or nil.
func (u *UIDTrackingControllerExpectations) getUIDs(key string) []string {
	set, ok := u.uids[key]
	if !ok {
		return nil
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// ExpectDeletions models the method of that name: remember the pod keys
// (replacing earlier ones) and expect that many deletions.
func (u *UIDTrackingControllerExpectations) ExpectDeletions(key string, deletedKeys []string) {
	set := make(map[string]bool, len(deletedKeys))
	for _, k := range deletedKeys {
		set[k] = true
	}
	u.uids[key] = set
	u.ControllerExpectations.ExpectDeletions(key, len(set))
}

// DeletionObserved models the method of that name: count the deletion
// only if podKey was expected, and only once.
func (u *UIDTrackingControllerExpectations) DeletionObserved(key, podKey string) {
	if set := u.uids[key]; set[podKey] {
		u.ControllerExpectations.DeletionObserved(key)
		delete(set, podKey)
	}
}

// DeleteExpectations models the method of that name: forget the counts and
// the pod keys.
func (u *UIDTrackingControllerExpectations) DeleteExpectations(key string) {
	u.ControllerExpectations.DeleteExpectations(key)
	delete(u.uids, key)
}

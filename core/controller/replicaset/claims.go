// What a sync found of a ReplicaSet's pods, kept for the next sync while
// nothing it read has changed.

package replicaset

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/controller"
)

// claims is what one sync of a ReplicaSet found of its pods: upstream's
// FilterPodsByOwner, FilterActivePods and claimPods, and the claimed pods
// being deleted. Upstream lists and claims afresh at every sync. The
// answer depends only on the ReplicaSet's spec (its uid and generation
// name it, and whether it is being deleted) and on the cached pods (their
// PodsRevision), so while neither changed it is the same answer, and the
// next sync takes it without the walk. It is kept only when the claim
// adopted and released nothing: those are writes, and the next sync lists
// again after them.
//
// With 100,000 pods this is most syncs: the scheduler writes conditions on
// the pending pods all the time, each write wakes the ReplicaSet, and none
// changes what it reads.
type claims struct {
	uid        string
	generation int64
	deleting   bool
	rev        controller.PodsRevision
	// activePods are the claimed pods, in order; nil when the claims were
	// brought up to date from the pods' changes (see fromChanges), which
	// keeps only the counts.
	activePods []*controller.CachedPod
	// terminating is the count of claimed pods being deleted, nil with the
	// terminating-replicas gate off.
	terminating *int32
	// counted is countPods' answer once made, while it does not depend
	// on the clock (minReadySeconds 0).
	counted *statusCounts
}

// claimPods returns rs's claimed active pods and the count of its claimed
// pods being deleted, from the last sync's claims when they still hold.
func (rsc *ReplicaSetController) claimPods(key string, rs *api.ReplicaSet, selector, template labels.Selector, ds *controller.Decisions) (*claims, error) {
	rev := controller.CachedPodsRevision(rsc.podLister, &rs.ObjectMeta)
	if c := rsc.claims[key]; c != nil && c.uid == rs.UID && c.generation == rs.Generation &&
		c.deleting == (rs.DeletionTimestamp != nil) {
		if c.rev == rev {
			return c, nil
		}
		if next := rsc.fromChanges(c, rs, selector, template, rev); next != nil {
			rsc.claims[key] = next
			return next, nil
		}
	}
	delete(rsc.claims, key)
	allRSPods := controller.CachedPodsByOwner(rsc.podLister, &rs.ObjectMeta, rsc.kind.Kind, true)
	activePods, settled, err := controller.ClaimCachedPods(rsc.ctx, rs, selector, template, allRSPods, ds)
	if err != nil {
		return nil, err
	}
	c := &claims{uid: rs.UID, generation: rs.Generation, deleting: rs.DeletionTimestamp != nil, rev: rev, activePods: activePods}
	if rsc.EnableStatusTerminatingReplicas {
		// FilterClaimedPods(FilterTerminatingPods(allRSPods)): controlled
		// by this ReplicaSet (not an orphan), selected, being deleted.
		n := int32(0)
		for _, p := range allRSPods {
			if p.Terminating() && p.HasControllerRef() {
				if selects, _ := p.Matches(&rs.ObjectMeta, selector, template); selects {
					n++
				}
			}
		}
		c.terminating = &n
	}
	if settled {
		rsc.claims[key] = c
	}
	return c, nil
}

// fromChanges brings c up to rev from the changes of the pods since c.rev:
// each changed pod's old part in the counts is taken out and its new part
// put in, which is what listing and counting again would find. It gives up
// (nil) when the counts depend on the clock (minReadySeconds), when a
// change needs the RefManager (an active orphan the selector matches, to
// adopt; an active pod of rs's it no longer matches, to release), when the
// cache no longer has all the changes, and when the sync will create or
// delete pods (manageReplicas needs the pods themselves then).
func (rsc *ReplicaSetController) fromChanges(c *claims, rs *api.ReplicaSet, selector, template labels.Selector, rev controller.PodsRevision) *claims {
	if c.counted == nil || rs.Spec.MinReadySeconds != 0 {
		return nil
	}
	owned, orphans, ok := controller.CachedPodChanges(rsc.podLister, &rs.ObjectMeta, c.rev)
	if !ok {
		return nil
	}
	for _, ch := range orphans {
		if p := ch.New; p != nil && p.Active() && !c.deleting {
			if selects, _ := p.Matches(&rs.ObjectMeta, selector, template); selects {
				return nil
			}
		}
	}
	n := *c.counted
	if n.terminating != nil {
		t := *n.terminating
		n.terminating = &t
	}
	for _, ch := range owned {
		if ch.Old != nil {
			rsc.tally(&n, rs, selector, template, ch.Old, -1)
		}
		if ch.New != nil && !rsc.tally(&n, rs, selector, template, ch.New, +1) {
			return nil
		}
	}
	if n.replicas != specReplicas(rs) {
		return nil
	}
	return &claims{uid: c.uid, generation: c.generation, deleting: c.deleting, rev: rev, counted: &n}
}

// tally adds sign times p's part to the counts n (minReadySeconds 0, so
// available is ready), or says false for an active pod of rs's that its
// selector does not match: the claim would release it.
func (rsc *ReplicaSetController) tally(n *statusCounts, rs *api.ReplicaSet, selector, template labels.Selector, p *controller.CachedPod, sign int32) bool {
	if !p.OwnedBy(&rs.ObjectMeta, rsc.kind.Kind) {
		return true // FilterPodsByOwner leaves it out
	}
	selects, full := p.Matches(&rs.ObjectMeta, selector, template)
	if p.Terminating() && selects && n.terminating != nil {
		*n.terminating += sign
	}
	switch {
	case !p.Active():
	case !selects:
		return false
	default:
		n.replicas += sign
		if full {
			n.fullyLabeled += sign
		}
		if p.Ready() {
			n.ready += sign
			n.available += sign
		}
	}
	return true
}

// replicas is how many pods the claims hold.
func (c *claims) replicas() int {
	if c.activePods == nil && c.counted != nil {
		return int(c.counted.replicas)
	}
	return len(c.activePods)
}

// count is countPods over b's pods, remembered with their claims when the
// clock does not enter into it.
func (b *batch) count(now time.Time) statusCounts {
	var c statusCounts
	if b.claims.counted != nil {
		c = *b.claims.counted
	} else {
		c = countPods(b.rs, b.selector, b.template, b.claims.activePods, b.claims.terminating, now)
		if b.rs.Spec.MinReadySeconds == 0 {
			b.claims.counted = &c
		}
	}
	if c.terminating != nil {
		// Each status written gets its own, as when counted afresh.
		n := *c.terminating
		c.terminating = &n
	}
	return c
}

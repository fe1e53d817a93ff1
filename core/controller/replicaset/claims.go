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
		c.deleting == (rs.DeletionTimestamp != nil) && c.rev == rev {
		return c, nil
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

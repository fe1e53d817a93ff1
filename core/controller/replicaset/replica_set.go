// Package replicaset is the ReplicaSet controller, modelled on
// pkg/controller/replicaset/replica_set.go (v1.37): informer handlers
// enqueue ReplicaSets, syncReplicaSet claims pods, creates or deletes the
// difference (expectations, slow start, burst limit, deletion ranking) and
// writes the status. Every function cites the upstream one it models.
package replicaset

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's component name, the source of its events.
const Name = "replicaset-controller"

// The consistency store's resources (podGroupResource and
// replicaSetGroupResource, as GroupResource.String() prints them).
const (
	podResource = "pods"
	rsResource  = "replicasets.apps"
)

// BurstReplicas is the constant of that name: at most this many pods are
// created or deleted by one sync.
const BurstReplicas = 500

// SlowStartInitialBatchSize is controller.SlowStartInitialBatchSize.
const SlowStartInitialBatchSize = 1

// ReplicaSetController models the type of that name, for ReplicaSets (the
// ReplicationController variant is not served).
type ReplicaSetController struct {
	ctx        *controller.Context
	kind       *api.KindInfo
	rsLister   *controller.Store
	podLister  *controller.Store
	queue      *controller.Queue
	podControl controller.PodControl
	// client is the controller's own clientset
	// (ClientBuilder.ClientOrDie("replicaset-controller")): pod creates and
	// deletes, status writes and events all take tokens from its bucket.
	client *controller.Client
	// unsent is, per ReplicaSet, what the last manageReplicas still had
	// to send when the client held it back: creates (> 0) or deletes
	// (< 0). Upstream's sync would still be running, its workers blocked
	// in Wait; here the next syncs send the rest of that batch, and only
	// then write the status, before a new batch is started.
	unsent map[string]int

	expectations *controller.UIDTrackingControllerExpectations
	// Consistency is the StaleControllerConsistencyReplicaSet store (beta,
	// on by default since v1.36): the resourceVersions of the pods and
	// status this controller wrote for each ReplicaSet. nil turns the gate
	// off.
	Consistency *controller.ConsistencyStore

	// BurstReplicas bounds the pods created or deleted by one sync: the
	// constant replicaset.BurstReplicas (500) startReplicaSetController
	// passes, not a flag.
	BurstReplicas int
	// EnableStatusTerminatingReplicas is the DeploymentReplicaSetTerminatingReplicas
	// feature gate (beta, on by default since v1.35): status.terminatingReplicas
	// is written only when it is on.
	EnableStatusTerminatingReplicas bool
}

var _ controller.Controller = (*ReplicaSetController)(nil)

// New models NewReplicaSetController: it registers the ReplicaSet and Pod
// handlers on the shared informers (which replay what they already hold).
func New(ctx *controller.Context) *ReplicaSetController {
	rsKind := api.ReplicaSetKind
	podKind := api.PodKind
	client := ctx.Client(Name)
	rsc := &ReplicaSetController{
		client:                          client,
		unsent:                          map[string]int{},
		ctx:                             ctx,
		kind:                            rsKind,
		rsLister:                        ctx.Informers.Lister(rsKind),
		podLister:                       ctx.Informers.Lister(podKind),
		queue:                           ctx.NewQueue(),
		podControl:                      controller.PodControl{Server: ctx.Server, Recorder: ctx.Recorder(Name, "").WithClient(client), Client: client},
		expectations:                    controller.NewUIDTrackingControllerExpectations(controller.NewControllerExpectations(ctx.Clock)),
		BurstReplicas:                   BurstReplicas,
		EnableStatusTerminatingReplicas: true,
	}
	// NewReplicaSetController with the gate on: the store compares writes
	// with the pod and ReplicaSet caches, and PodControl reports every pod
	// it creates or patches under the pod's controller.
	rsc.Consistency = controller.NewConsistencyStore(map[string]*controller.Store{
		podResource: rsc.podLister, rsResource: rsc.rsLister,
	})
	rsc.podControl.OnWrite = func(pod *api.Pod, ref *api.OwnerReference) {
		if ref != nil {
			rsc.Consistency.WroteAt(pod.Namespace+"/"+ref.Name, ref.UID, podResource, pod.ResourceVersion)
		}
	}
	ctx.Informers.AddHandler(rsKind, controller.Handler{
		Add:    func(obj api.Object) { rsc.addRS(obj.(*api.ReplicaSet)) },
		Update: func(old, cur api.Object) { rsc.updateRS(old.(*api.ReplicaSet), cur.(*api.ReplicaSet)) },
		Delete: func(obj api.Object) { rsc.deleteRS(obj.(*api.ReplicaSet)) },
	})
	ctx.Informers.AddHandler(podKind, controller.Handler{
		Add:    func(obj api.Object) { rsc.addPod(obj.(*api.Pod)) },
		Update: func(old, cur api.Object) { rsc.updatePod(old.(*api.Pod), cur.(*api.Pod)) },
		Delete: func(obj api.Object) { rsc.deletePod(obj.(*api.Pod)) },
	})
	return rsc
}

// Name implements controller.Controller.
func (rsc *ReplicaSetController) Name() string { return Name }

// Queue implements controller.Controller.
func (rsc *ReplicaSetController) Queue() *controller.Queue { return rsc.queue }

// Client implements controller.ClientUser.
func (rsc *ReplicaSetController) Client() *controller.Client { return rsc.client }

// MaxRetries implements controller.Controller: upstream's worker requeues a
// failed ReplicaSet with back-off forever.
func (rsc *ReplicaSetController) MaxRetries() int { return 0 }

// Expectations exposes the controller's expectations (for tests and views).
func (rsc *ReplicaSetController) Expectations() *controller.UIDTrackingControllerExpectations {
	return rsc.expectations
}

// Sync implements controller.Controller with syncReplicaSet.
func (rsc *ReplicaSetController) Sync(key string, ds *controller.Decisions) error {
	return rsc.syncReplicaSet(key, ds)
}

// getReplicaSetsWithSameController models the method of that name: every
// ReplicaSet whose controller is rs's controller (by uid, as the
// controllerUID index), nil when rs has none.
func (rsc *ReplicaSetController) getReplicaSetsWithSameController(rs *api.ReplicaSet) []*api.ReplicaSet {
	ref := rs.ControllerRef()
	if ref == nil {
		return nil
	}
	var out []*api.ReplicaSet
	for _, r := range controller.ListAs[*api.ReplicaSet](rsc.rsLister, "", nil) {
		if c := r.ControllerRef(); c != nil && c.UID == ref.UID {
			out = append(out, r)
		}
	}
	return out
}

// getPodReplicaSets models the method of that name with the lister's
// GetPodReplicaSets: the ReplicaSets of the pod's namespace whose selector
// matches its labels; a pod without labels, and a nil, empty or invalid
// selector, match nothing.
func (rsc *ReplicaSetController) getPodReplicaSets(pod *api.Pod) []*api.ReplicaSet {
	if len(pod.Labels) == 0 {
		return nil
	}
	var out []*api.ReplicaSet
	for _, rs := range controller.ListAs[*api.ReplicaSet](rsc.rsLister, pod.Namespace, nil) {
		sel, err := labels.SelectorFromLabelSelector(rs.Spec.Selector)
		if err != nil || sel.Empty() || !sel.Matches(labels.Set(pod.Labels)) {
			continue
		}
		out = append(out, rs)
	}
	return out
}

// resolveControllerRef models the method of that name: the ReplicaSet a
// controller reference points to, if it is of our kind and still has the
// referenced uid.
func (rsc *ReplicaSetController) resolveControllerRef(namespace string, ref *api.OwnerReference) *api.ReplicaSet {
	if ref.Kind != rsc.kind.Kind {
		return nil
	}
	rs, ok := controller.GetAs[*api.ReplicaSet](rsc.rsLister, namespace, ref.Name)
	if !ok || rs.UID != ref.UID {
		return nil
	}
	return rs
}

// enqueueRS models the method of that name.
func (rsc *ReplicaSetController) enqueueRS(rs *api.ReplicaSet) { rsc.queue.Add(controller.KeyOf(rs)) }

// enqueueRSAfter models the method of that name. The key falls due exactly
// when the pod that just became ready turns available (IsPodAvailable
// counts that moment), so no extra delay is needed.
func (rsc *ReplicaSetController) enqueueRSAfter(rs *api.ReplicaSet, d time.Duration) {
	rsc.queue.AddAfter(controller.KeyOf(rs), d)
}

// addRS models the method of that name.
func (rsc *ReplicaSetController) addRS(rs *api.ReplicaSet) { rsc.enqueueRS(rs) }

// updateRS models the method of that name: a ReplicaSet recreated under the
// same name is first handled as the old one's deletion; every update is
// synced.
func (rsc *ReplicaSetController) updateRS(old, cur *api.ReplicaSet) {
	if cur.UID != old.UID {
		rsc.deleteRS(old)
	}
	rsc.enqueueRS(cur)
}

// deleteRS models the method of that name: forget the expectations so a
// ReplicaSet recreated with the same name starts clean, and sync the key.
func (rsc *ReplicaSetController) deleteRS(rs *api.ReplicaSet) {
	key := controller.KeyOf(rs)
	rsc.Consistency.Clear(key, rs.UID)
	rsc.expectations.DeleteExpectations(key)
	delete(rsc.unsent, key)
	rsc.queue.Add(key)
}

// addPod models the method of that name: a pod that is already being
// deleted is a deletion; a pod with a controller reference is a creation
// its ReplicaSet was waiting for; an orphan wakes every ReplicaSet that
// might adopt it (no creation observed).
func (rsc *ReplicaSetController) addPod(pod *api.Pod) {
	if pod.DeletionTimestamp != nil {
		rsc.deletePod(pod)
		return
	}
	if ref := pod.ControllerRef(); ref != nil {
		rs := rsc.resolveControllerRef(pod.Namespace, ref)
		if rs == nil {
			return
		}
		key := controller.KeyOf(rs)
		rsc.expectations.CreationObserved(key)
		rsc.queue.Add(key)
		return
	}
	for _, rs := range rsc.getPodReplicaSets(pod) {
		rsc.enqueueRS(rs)
	}
}

// updatePod models the method of that name: a deletionTimestamp counts as
// the deletion (so replacements start at once); a changed controller
// reference wakes the old owner too; an owned pod wakes its owner, and when
// it has just become ready under minReadySeconds the owner is checked again
// once that has passed; an orphan whose labels or reference changed wakes
// the ReplicaSets that might adopt it.
func (rsc *ReplicaSetController) updatePod(old, cur *api.Pod) {
	if cur.ResourceVersion == old.ResourceVersion {
		return // a resync, not a change
	}
	labelChanged := !equalLabels(cur.Labels, old.Labels)
	if cur.DeletionTimestamp != nil {
		rsc.deletePod(cur)
		if labelChanged {
			rsc.deletePod(old)
		}
		return
	}
	curRef, oldRef := cur.ControllerRef(), old.ControllerRef()
	refChanged := !sameRef(curRef, oldRef)
	if refChanged && oldRef != nil {
		if rs := rsc.resolveControllerRef(old.Namespace, oldRef); rs != nil {
			rsc.enqueueRS(rs)
		}
	}
	if curRef != nil {
		rs := rsc.resolveControllerRef(cur.Namespace, curRef)
		if rs == nil {
			return
		}
		rsc.enqueueRS(rs)
		if !controller.IsPodReady(old) && controller.IsPodReady(cur) && rs.Spec.MinReadySeconds > 0 {
			rsc.enqueueRSAfter(rs, time.Duration(rs.Spec.MinReadySeconds)*time.Second)
		}
		return
	}
	if labelChanged || refChanged {
		for _, rs := range rsc.getPodReplicaSets(cur) {
			rsc.enqueueRS(rs)
		}
	}
}

// deletePod models the method of that name: the deletion of a pod its
// ReplicaSet expected is observed, and the ReplicaSet synced.
func (rsc *ReplicaSetController) deletePod(pod *api.Pod) {
	ref := pod.ControllerRef()
	if ref == nil {
		return
	}
	rs := rsc.resolveControllerRef(pod.Namespace, ref)
	if rs == nil {
		return
	}
	key := controller.KeyOf(rs)
	rsc.expectations.DeletionObserved(key, controller.PodKey(pod))
	rsc.queue.Add(key)
}

func equalLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	// reflect.DeepEqual tells a nil map from an empty one.
	return (a == nil) == (b == nil)
}

func sameRef(a, b *api.OwnerReference) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.APIVersion == b.APIVersion && a.Kind == b.Kind && a.Name == b.Name && a.UID == b.UID &&
		eqBoolPtr(a.Controller, b.Controller) && eqBoolPtr(a.BlockOwnerDeletion, b.BlockOwnerDeletion)
}

func eqBoolPtr(a, b *bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// manageReplicas models the method of that name: create or delete the
// difference between the active pods and spec.replicas, at most
// BurstReplicas at a time, and set expectations for what it did.
func (rsc *ReplicaSetController) manageReplicas(activePods []*api.Pod, rs *api.ReplicaSet, ds *controller.Decisions) error {
	want := specReplicas(rs)
	diff := len(activePods) - int(want)
	key := controller.KeyOf(rs)
	inputs := []controller.Input{
		{Name: "active pods", Value: fmt.Sprint(len(activePods))},
		{Name: "spec.replicas", Value: fmt.Sprint(want)},
		{Name: "burstReplicas", Value: fmt.Sprint(rsc.BurstReplicas)},
	}
	formula := fmt.Sprintf("diff = active %d − spec.replicas %d = %d", len(activePods), want, diff)
	unsent, resuming := rsc.unsent[key]
	delete(rsc.unsent, key)
	switch {
	case diff < 0:
		n := min(-diff, rsc.BurstReplicas)
		if resuming && unsent > 0 {
			n = min(unsent, -diff)
			inputs = append(inputs, controller.Input{Name: "unsent creates of the throttled batch", Value: fmt.Sprint(unsent)})
			ds.Add("manageReplicas", formula, fmt.Sprintf("send the %d creates of the last batch the client held back (%d needed)", n, -diff), inputs...).
				Say("replicaset.createResume", controller.Count("have", len(activePods)), controller.Count("want", want), controller.Count("n", n))
		} else {
			ds.Add("manageReplicas", formula, createSentence(n, -diff, rsc.BurstReplicas), inputs...).
				Say("replicaset.create", controller.Count("have", len(activePods)), controller.Count("want", want), controller.Count("n", n))
		}
		// Expect every creation before making any: the informer may see
		// a pod before the create returns.
		rsc.expectations.ExpectCreations(key, n)
		ref := controller.NewControllerRef(rs)
		var created []string
		refused := 0
		successes, batches, err := slowStartBatch(n, SlowStartInitialBatchSize, func() error {
			pod, err := rsc.podControl.CreatePods(rs.Namespace, &rs.Spec.Template, rs, ref)
			if err != nil {
				if controller.HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating) {
					// Every create will fail while the namespace goes
					// away: upstream counts this one as done (no
					// FailedCreate event, no error, expectations kept).
					refused++
					return nil
				}
				return err
			}
			created = append(created, pod.Name)
			return nil
		})
		result := fmt.Sprintf("created %d of %d: %s", successes-refused, n, nameList(created))
		if refused > 0 {
			result += fmt.Sprintf("; %d refused because namespace %s is being terminated, counted as done (no FailedCreate, expectations kept)", refused, rs.Namespace)
		}
		te, throttled := controller.IsThrottled(err)
		if skipped := n - successes; skipped > 0 {
			// The informer will never see these: stop waiting for them.
			for range skipped {
				rsc.expectations.CreationObserved(key)
			}
			if throttled {
				rsc.unsent[key] = skipped
				result += fmt.Sprintf("; the client's next request waits %s for a token: %d not sent yet, expectations lowered by %d; the next sync creates them", te.Wait.Round(time.Millisecond), skipped, skipped)
			} else {
				result += fmt.Sprintf("; stopped at the first failed batch (%v); %d skipped, expectations lowered by %d", err, skipped, skipped)
			}
		}
		d := ds.Add("slowStartBatch", "batch sizes "+intList(batches)+" (start at 1, double after each batch that fully succeeds)", result)
		if throttled {
			// Upstream's workers would sit in Wait with the rest of the
			// batch; here the sync ends and the key waits for the bucket.
			d.Say("replicaset.slowStartThrottled", controller.Count("created", successes-refused), controller.Count("n", n))
		} else {
			d.Say("replicaset.slowStart", controller.Count("created", successes-refused), controller.Count("n", n))
		}
		return err
	case diff > 0:
		n := min(diff, rsc.BurstReplicas)
		if resuming && unsent < 0 {
			n = min(-unsent, diff)
			inputs = append(inputs, controller.Input{Name: "unsent deletes of the throttled batch", Value: fmt.Sprint(-unsent)})
			ds.Add("manageReplicas", formula, fmt.Sprintf("send the %d deletes of the last batch the client held back (%d to delete)", n, diff), inputs...).
				Say("replicaset.deleteResume", controller.Count("have", len(activePods)), controller.Count("want", want), controller.Count("n", n))
		} else {
			ds.Add("manageReplicas", formula, fmt.Sprintf("delete %d pods%s", n, burstNote(diff, rsc.BurstReplicas)), inputs...).
				Say("replicaset.delete", controller.Count("have", len(activePods)), controller.Count("want", want), controller.Count("n", n))
		}
		related := rsc.getIndirectlyRelatedPods(rs)
		toDelete, why := getPodsToDelete(activePods, related, n, rsc.ctx.Clock.Now())
		ds.Add("getPodsToDelete", why.formula, why.result).
			Say("replicaset.pickPodsToDelete", controller.Count("n", n))
		keys := make([]string, len(toDelete))
		for i, p := range toDelete {
			keys[i] = controller.PodKey(p)
		}
		// Expect the deletions by pod key, so each is counted once whether
		// it is first seen as a deletionTimestamp or as the delete itself.
		rsc.expectations.ExpectDeletions(key, keys)
		var firstErr error
		var throttled *controller.ThrottledError
		held := 0
		for _, p := range toDelete {
			if err := rsc.podControl.DeletePod(rs.Namespace, p.Name, rs); err != nil {
				// The informer will not see this deletion.
				rsc.expectations.DeletionObserved(key, controller.PodKey(p))
				if te, ok := controller.IsThrottled(err); ok {
					throttled = cmpOr(throttled, te)
					held++
					continue
				}
				if !apiserver.IsNotFound(err) && firstErr == nil {
					firstErr = err
				}
			}
		}
		if throttled != nil {
			rsc.unsent[key] = -held
			ds.Add("DeletePod", fmt.Sprintf("%d deletes sent", n-held),
				fmt.Sprintf("the client's next request waits %s for a token: %d deletes not sent yet, expectations lowered by %d; the next sync sends them", throttled.Wait.Round(time.Millisecond), held, held)).
				Say("replicaset.deleteThrottled", controller.Count("deleted", n-held), controller.Count("n", n))
			if firstErr == nil {
				return throttled
			}
		}
		return firstErr
	}
	ds.Add("manageReplicas", formula, "nothing to do", inputs...).
		Say("replicaset.inSync", controller.Count("want", want))
	return nil
}

func cmpOr(a, b *controller.ThrottledError) *controller.ThrottledError {
	if a != nil {
		return a
	}
	return b
}

func createSentence(n, missing, burst int) string {
	return fmt.Sprintf("create %d pods%s", n, burstNote(missing, burst))
}

func burstNote(want, burst int) string {
	if want > burst {
		return fmt.Sprintf(" (%d needed, capped at burstReplicas %d)", want, burst)
	}
	return ""
}

// syncReplicaSet models the method of that name.
func (rsc *ReplicaSetController) syncReplicaSet(key string, ds *controller.Decisions) error {
	if ds == nil {
		ds = &controller.Decisions{}
	}
	// Never sync from a cache older than this controller's own last
	// writes for the ReplicaSet (consistencyStore.EnsureReady): the error
	// requeues the key with rate limiting.
	if err := rsc.Consistency.EnsureReady(key); err != nil {
		ds.Add("EnsureReady", err.Error(), "the informers have not seen this controller's last writes: retry later").
			Say("replicaset.staleCache")
		return err
	}
	namespace, name := controller.SplitKey(key)
	rs, ok := controller.GetAs[*api.ReplicaSet](rsc.rsLister, namespace, name)
	if !ok {
		rsc.Consistency.Clear(key, "")
		rsc.expectations.DeleteExpectations(key)
		return nil
	}

	rsNeedsSync := rsc.expectations.SatisfiedExpectations(key)
	if !rsNeedsSync {
		exp, _ := rsc.expectations.GetExpectations(key)
		ds.Add("SatisfiedExpectations", "waiting for "+exp.String(),
			"pods are not created or deleted until the informer has seen the earlier ones (or 5m pass)").
			Say("replicaset.expectations")
	}
	selector, err := labels.SelectorFromLabelSelector(rs.Spec.Selector)
	if err != nil {
		// utilruntime.HandleError: an invalid selector is not retried.
		return nil
	}

	// The pods this ReplicaSet controls plus the orphans it might adopt.
	allRSPods, err := controller.FilterPodsByOwner(rsc.podLister, &rs.ObjectMeta, rsc.kind.Kind, true)
	if err != nil {
		return err
	}
	allActivePods := controller.FilterActivePods(allRSPods)
	activePods, err := rsc.claimPods(rs, selector, allActivePods, ds)
	if err != nil {
		return err
	}
	var terminatingPods []*api.Pod
	if rsc.EnableStatusTerminatingReplicas {
		terminatingPods = controller.FilterClaimedPods(&rs.ObjectMeta, selector, controller.FilterTerminatingPods(allRSPods))
	}

	var manageReplicasErr error
	// throttled is the request the client held back: the sync stops
	// sending, and the key waits for the client's bucket, not a back-off.
	var throttled *controller.ThrottledError
	switch {
	case rsNeedsSync && rs.DeletionTimestamp == nil:
		manageReplicasErr = rsc.manageReplicas(activePods, rs, ds)
		if te, ok := controller.IsThrottled(manageReplicasErr); ok {
			throttled, manageReplicasErr = te, nil
		}
	case rs.DeletionTimestamp != nil:
		ds.Add("syncReplicaSet", "deletionTimestamp is set", "no pods created or deleted; status only").
			Say("replicaset.beingDeleted")
	}

	rs = api.DeepCopy(rs)
	now := rsc.ctx.Clock.Now()
	newStatus, counts := calculateStatus(rs, activePods, terminatingPods, manageReplicasErr, rsc.EnableStatusTerminatingReplicas, now)
	oldStatus := rs.Status
	if throttled != nil {
		// The status write would wait behind the requests not sent.
		ds.Add("updateReplicaSetStatus", "the client is throttled", "status not written yet: the next sync writes it").
			Say("replicaset.statusThrottled")
		rsc.queue.Add(key)
		return nil
	}
	updatedRS, wrote, err := updateReplicaSetStatus(rsc.client, rs, newStatus)
	if te, ok := controller.IsThrottled(err); ok {
		ds.Add("updateReplicaSetStatus", fmt.Sprintf("the client's next request waits %s for a token", te.Wait.Round(time.Millisecond)),
			"status not written yet: the next sync writes it").
			Say("replicaset.statusThrottled")
		rsc.queue.Add(key)
		return nil
	}
	rsc.recordStatus(ds, rs, oldStatus, newStatus, counts, wrote)
	if err != nil {
		return err
	}
	rsc.Consistency.WroteAt(key, rs.UID, rsResource, updatedRS.ResourceVersion)

	if manageReplicasErr == nil && updatedRS.Spec.MinReadySeconds > 0 &&
		updatedRS.Status.ReadyReplicas != updatedRS.Status.AvailableReplicas {
		// The last line of defence against missing a pod turning available:
		// by default after minReadySeconds, or exactly when the first ready
		// pod will be available.
		mrs := updatedRS.Spec.MinReadySeconds
		next := time.Duration(mrs) * time.Second
		how := "minReadySeconds (fallback: no ready pod has a future availability time)"
		if d, ok := controller.FindMinNextPodAvailabilityCheck(activePods, mrs, now, rsc.ctx.Clock); ok {
			next, how = d, "the earliest moment a ready pod becomes available"
		}
		rsc.queue.AddAfter(key, next)
		ds.Add("FindMinNextPodAvailabilityCheck",
			fmt.Sprintf("minReadySeconds %d; readyReplicas %d ≠ availableReplicas %d", mrs, updatedRS.Status.ReadyReplicas, updatedRS.Status.AvailableReplicas),
			fmt.Sprintf("requeue after %s: %s", next, how)).
			Say("replicaset.availabilityCheck", controller.Duration("after", next), controller.Count("minReadySeconds", mrs))
	}
	return manageReplicasErr
}

// claimPods models the method of that name: adopt and release with a
// fresh-read canAdopt check (the ReplicaSet must still exist, with the same
// uid, and not be deleting).
func (rsc *ReplicaSetController) claimPods(rs *api.ReplicaSet, selector labels.Selector, pods []*api.Pod, ds *controller.Decisions) ([]*api.Pod, error) {
	return controller.ClaimPods(rsc.ctx, rs, selector, pods, ds)
}

// slowStartBatch models the function of that name: call fn count times in
// batches of initialBatchSize, 2×, 4×, ... (capped by what remains); a
// batch with any failure is the last. Upstream runs a batch's calls in
// parallel; here they run in order, and the first failure in that order is
// the error returned. It also returns the batch sizes attempted.
func slowStartBatch(count, initialBatchSize int, fn func() error) (successes int, batches []int, err error) {
	remaining := count
	for size := min(remaining, initialBatchSize); size > 0; size = min(2*size, remaining) {
		batches = append(batches, size)
		var batchErr error
		for range size {
			if e := fn(); e != nil {
				if batchErr == nil {
					batchErr = e
				}
				continue
			}
			successes++
		}
		if batchErr != nil {
			return successes, batches, batchErr
		}
		remaining -= size
	}
	return successes, batches, nil
}

// getIndirectlyRelatedPods models the method of that name: the pods
// selected by any ReplicaSet with the same controller as rs (each pod once).
func (rsc *ReplicaSetController) getIndirectlyRelatedPods(rs *api.ReplicaSet) []*api.Pod {
	var related []*api.Pod
	seen := map[string]bool{}
	for _, r := range rsc.getReplicaSetsWithSameController(rs) {
		sel, err := labels.SelectorFromLabelSelector(r.Spec.Selector)
		if err != nil {
			continue
		}
		for _, p := range controller.ListAs[*api.Pod](rsc.podLister, r.Namespace, sel) {
			if seen[p.UID] {
				continue
			}
			seen[p.UID] = true
			related = append(related, p)
		}
	}
	return related
}

// deletionExplanation is what getPodsToDelete decided, for the record.
type deletionExplanation struct{ formula, result string }

// getPodsToDelete models the function of that name: when only some pods
// go, rank them with ActivePodsWithRanks (ranks from related pods on the
// same node) and take the first diff; when all go, take them as they are.
// filteredPods is reordered in place, as upstream's sort.Sort does.
func getPodsToDelete(filteredPods, relatedPods []*api.Pod, diff int, now time.Time) ([]*api.Pod, deletionExplanation) {
	if diff >= len(filteredPods) {
		return filteredPods[:diff], deletionExplanation{
			formula: fmt.Sprintf("deleting all %d active pods: no ranking", len(filteredPods)),
			result:  "delete " + nameList(podNames(filteredPods[:diff])),
		}
	}
	ranked := getPodsRankedByRelatedPodsOnSameNode(filteredPods, relatedPods, now)
	sort.Sort(ranked)
	return filteredPods[:diff], explainDeletion(ranked, diff, now)
}

// getPodsRankedByRelatedPodsOnSameNode models the function of that name:
// each pod's rank is the number of active related pods on its node.
func getPodsRankedByRelatedPodsOnSameNode(podsToRank, relatedPods []*api.Pod, now time.Time) controller.ActivePodsWithRanks {
	podsOnNode := map[string]int{}
	for _, p := range relatedPods {
		if controller.IsPodActive(p) {
			podsOnNode[p.Spec.NodeName]++
		}
	}
	ranks := make([]int, len(podsToRank))
	for i, p := range podsToRank {
		ranks[i] = podsOnNode[p.Spec.NodeName]
	}
	return controller.ActivePodsWithRanks{Pods: podsToRank, Rank: ranks, Now: now}
}

// maxExplained bounds how many chosen pods a decision spells out.
const maxExplained = 10

// explainDeletion says, for each pod chosen, which ranking rule put it
// ahead of the first pod that stays.
func explainDeletion(s controller.ActivePodsWithRanks, diff int, now time.Time) deletionExplanation {
	keep := s.Pods[diff]
	var parts []string
	for i := range min(diff, maxExplained) {
		_, why := s.LessReason(i, diff)
		parts = append(parts, fmt.Sprintf("%s (%s)", s.Pods[i].Name, describeRank(s, i, diff, why, now)))
	}
	if diff > maxExplained {
		parts = append(parts, fmt.Sprintf("… and %d more", diff-maxExplained))
	}
	return deletionExplanation{
		formula: fmt.Sprintf("rank %d active pods with ActivePodsWithRanks, delete the first %d; compared with %s, the first pod kept", len(s.Pods), diff, keep.Name),
		result:  "delete " + strings.Join(parts, ", "),
	}
}

// describeRank renders the rule that put Pods[i] before Pods[j].
func describeRank(s controller.ActivePodsWithRanks, i, j int, why controller.RankReason, now time.Time) string {
	pi, pj := s.Pods[i], s.Pods[j]
	switch why {
	case controller.RankUnassigned:
		return "unassigned; kept pod is on " + pj.Spec.NodeName
	case controller.RankPhase:
		return fmt.Sprintf("%s < %s", phaseName(pi), phaseName(pj))
	case controller.RankNotReady:
		return "not ready"
	case controller.RankDeletionCost:
		ci, _ := controller.GetDeletionCostFromPodAnnotations(pi.Annotations)
		cj, _ := controller.GetDeletionCostFromPodAnnotations(pj.Annotations)
		return fmt.Sprintf("pod-deletion-cost %d < %d", ci, cj)
	case controller.RankColocated:
		return fmt.Sprintf("%d pods of the same owner on node %q vs %d", s.Rank[i], pi.Spec.NodeName, s.Rank[j])
	case controller.RankReadyTime, controller.RankReadyUID:
		ti, tj := controller.PodReadyTime(pi), controller.PodReadyTime(pj)
		return fmt.Sprintf("ready %s ago, log2 bucket %d vs %d%s", now.Sub(ti), controller.LogarithmicRank(ti, now),
			controller.LogarithmicRank(tj, now), uidNote(why == controller.RankReadyUID, pi, pj))
	case controller.RankRestarts:
		ri, si := controller.MaxContainerRestarts(pi)
		rj, sj := controller.MaxContainerRestarts(pj)
		if ri == rj {
			return fmt.Sprintf("%d restarts each; sidecar restarts %d vs %d", ri, si, sj)
		}
		return fmt.Sprintf("%d restarts vs %d", ri, rj)
	case controller.RankCreated, controller.RankCreatedUID:
		ti, tj := pi.CreationTimestamp.Time, pj.CreationTimestamp.Time
		return fmt.Sprintf("created %s ago, log2 bucket %d vs %d%s", now.Sub(ti), controller.LogarithmicRank(ti, now),
			controller.LogarithmicRank(tj, now), uidNote(why == controller.RankCreatedUID, pi, pj))
	}
	return "ranks equal to the kept pod: list order"
}

func uidNote(on bool, pi, pj *api.Pod) string {
	if !on {
		return ""
	}
	return fmt.Sprintf("; same bucket, uid %.8s < %.8s", pi.UID, pj.UID)
}

func phaseName(p *api.Pod) string {
	if p.Status.Phase == "" {
		return "Pending"
	}
	return string(p.Status.Phase)
}

// recordStatus records what calculateStatus found and what was written.
func (rsc *ReplicaSetController) recordStatus(ds *controller.Decisions, rs *api.ReplicaSet, old, st api.ReplicaSetStatus, c statusCounts, wrote bool) {
	term := "nil"
	if c.terminating != nil {
		term = fmt.Sprint(*c.terminating)
	}
	formula := fmt.Sprintf("replicas = %d active; fullyLabeled %d; ready %d; available %d (minReadySeconds %d: ready at least that long); terminating %s",
		c.replicas, c.fullyLabeled, c.ready, c.available, rs.Spec.MinReadySeconds, term)
	if !wrote {
		ds.Add("calculateStatus", formula, "status unchanged").
			Say("replicaset.statusUnchanged", controller.Count("replicas", c.replicas), controller.Count("ready", c.ready), controller.Count("available", c.available))
		return
	}
	var changes []string
	add := func(field string, a, b int32) {
		if a != b {
			changes = append(changes, fmt.Sprintf("%s %d→%d", field, a, b))
		}
	}
	add("replicas", old.Replicas, st.Replicas)
	add("fullyLabeledReplicas", old.FullyLabeledReplicas, st.FullyLabeledReplicas)
	add("readyReplicas", old.ReadyReplicas, st.ReadyReplicas)
	add("availableReplicas", old.AvailableReplicas, st.AvailableReplicas)
	if !equalInt32Ptr(old.TerminatingReplicas, st.TerminatingReplicas) {
		changes = append(changes, fmt.Sprintf("terminatingReplicas %s→%s", ptrString(old.TerminatingReplicas), term))
	}
	if old.ObservedGeneration != rs.Generation {
		changes = append(changes, fmt.Sprintf("observedGeneration %d→%d", old.ObservedGeneration, rs.Generation))
	}
	oldFail, newFail := GetCondition(old, api.ReplicaSetReplicaFailure), GetCondition(st, api.ReplicaSetReplicaFailure)
	switch {
	case oldFail == nil && newFail != nil:
		changes = append(changes, fmt.Sprintf("ReplicaFailure True %s: %s", newFail.Reason, newFail.Message))
	case oldFail != nil && newFail == nil:
		changes = append(changes, "ReplicaFailure removed")
	}
	ds.Add("updateReplicaSetStatus", formula, "status "+strings.Join(changes, ", ")).
		Say("replicaset.statusUpdated", controller.Count("replicas", c.replicas), controller.Count("ready", c.ready), controller.Count("available", c.available))
}

func ptrString(p *int32) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

func podNames(pods []*api.Pod) []string {
	out := make([]string, len(pods))
	for i, p := range pods {
		out[i] = p.Name
	}
	return out
}

// nameList joins names, eliding the middle of long lists.
func nameList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	if len(names) > 2*maxExplained {
		return strings.Join(names[:maxExplained], ", ") + fmt.Sprintf(", … (%d more)", len(names)-maxExplained)
	}
	return strings.Join(names, ", ")
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

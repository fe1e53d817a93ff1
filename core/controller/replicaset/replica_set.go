// Package replicaset is the ReplicaSet controller, modelled on
// pkg/controller/replicaset/replica_set.go (v1.37): informer handlers
// enqueue ReplicaSets, syncReplicaSet claims pods, creates or deletes the
// difference (expectations, slow start, burst limit, deletion ranking) and
// writes the status. Every function cites the upstream one it models.
package replicaset

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
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
	// batches are the syncs the client held back midway, by key: the
	// next sync of the key carries its batch on (batch.go).
	batches map[string]*batch
	// claims are the last sync's pods of each ReplicaSet, by key, while
	// they still hold (claims.go).
	claims map[string]*claims
	// rankSorter orders the pods a scale-down chooses from, its buffer
	// kept between syncs.
	rankSorter controller.PodRankSorter

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
		batches:                         map[string]*batch{},
		claims:                          map[string]*claims{},
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
	delete(rsc.batches, key)
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

// syncReplicaSet models the method of that name.
func (rsc *ReplicaSetController) syncReplicaSet(key string, ds *controller.Decisions) error {
	if ds == nil {
		ds = &controller.Decisions{}
	}
	if b := rsc.batches[key]; b != nil {
		// Upstream's worker is still inside this sync: no new look at
		// the caches until its batch is done.
		return rsc.resumeBatch(key, b, ds)
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
		delete(rsc.claims, key)
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

	// The pods this ReplicaSet controls plus the orphans it might adopt
	// (FilterPodsByOwner), active and claimed (FilterActivePods,
	// claimPods), as the cache's CachedPods.
	template := labels.SelectorFromSet(labels.Set(rs.Spec.Template.Labels))
	claims, err := rsc.claimPods(key, rs, selector, template, ds)
	if err != nil {
		return err
	}
	b := &batch{rs: rs, selector: selector, template: template, claims: claims, want: specReplicas(rs), sent: true}
	switch {
	case rsNeedsSync && rs.DeletionTimestamp == nil:
		err := rsc.manageReplicas(key, b, ds)
		if _, ok := controller.IsThrottled(err); ok {
			b.sent = false
			rsc.batches[key] = b
			rsc.holdStatus(key, ds, "the client is throttled")
			return nil
		}
		b.manageErr = err
	case rs.DeletionTimestamp != nil:
		ds.Add("syncReplicaSet", "deletionTimestamp is set", "no pods created or deleted; status only").
			Say("replicaset.beingDeleted")
	}
	return rsc.finishSync(key, b, ds)
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

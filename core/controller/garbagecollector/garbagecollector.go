package garbagecollector

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the collector's component name, the event source upstream gives
// its recorder (EventSource{Component: "garbage-collector-controller"}).
const Name = "garbage-collector-controller"

// GarbageCollector is upstream's GarbageCollector and GraphBuilder in one
// controller: informer handlers on every kind keep the owner → dependents
// graph, and Sync works the attemptToDelete and attemptToOrphan items.
type GarbageCollector struct {
	server *apiserver.Server
	queue  *controller.Queue
	gb     *graphBuilder
	// client is the collector's metadata client
	// (startGarbageCollectorController: metadata.NewForConfig of
	// ClientBuilder.ConfigOrDie("generic-garbage-collector"), a bucket of
	// its own): every Get, Delete and Patch it sends waits for a token.
	client *controller.Client
}

var _ controller.Controller = (*GarbageCollector)(nil)

// New returns a collector watching every kind the informers serve except
// Event (upstream ignores events). The informers must serve all other
// kinds, as cluster.New's do. Objects already in the caches enter the graph
// at once, in discovery order and then by key, as a monitor's initial list
// would.
func New(ctx *controller.Context) *GarbageCollector {
	gc := &GarbageCollector{server: ctx.Server, queue: ctx.NewQueue(), client: ctx.Client("generic-garbage-collector")}
	gc.gb = &graphBuilder{
		uidToNode:        uidToNode{},
		absentOwnerCache: newReferenceCache(absentOwnerCacheSize),
		queue:            gc.queue,
		recorder:         ctx.Recorder(Name, ""),
	}
	for _, k := range watchedKinds() {
		ctx.Informers.AddHandler(k, gc.gb.handler(k)) // replays cached objects as adds
	}
	return gc
}

// watchedKinds are the kinds the collector monitors: every served kind but
// events (upstream DefaultIgnoredResources).
func watchedKinds() []*api.KindInfo {
	var out []*api.KindInfo
	for _, k := range api.Kinds() {
		if k.Kind != "Event" {
			out = append(out, k)
		}
	}
	return out
}

// Name implements controller.Controller.
func (gc *GarbageCollector) Name() string { return Name }

// Client implements controller.ClientUser.
func (gc *GarbageCollector) Client() *controller.Client { return gc.client }

// Queue implements controller.Controller.
func (gc *GarbageCollector) Queue() *controller.Queue { return gc.queue }

// MaxRetries implements controller.Controller: upstream's queues retry a
// failed item forever, with back-off.
func (gc *GarbageCollector) MaxRetries() int { return 0 }

// graphHasUID reports whether the graph holds a node for uid (upstream's
// test helper of that name).
func (gc *GarbageCollector) graphHasUID(uid string) bool {
	_, ok := gc.gb.uidToNode.Read(uid)
	return ok
}

// Sync works one queue item: "delete/..." runs attemptToDeleteWorker,
// "orphan/..." attemptToOrphanWorker. The uid is the key's last segment.
func (gc *GarbageCollector) Sync(key string, ds *controller.Decisions) error {
	action, _, _ := strings.Cut(key, "/")
	uid := key[strings.LastIndex(key, "/")+1:]
	switch action {
	case keyDelete:
		return gc.attemptToDeleteWorker(key, uid, ds)
	case keyOrphan:
		return gc.attemptToOrphanWorker(key, uid, ds)
	}
	return nil
}

var (
	// errEnqueuedVirtualDelete: the item does not exist; the graph has
	// been told, and the item is done (upstream enqueuedVirtualDeleteEventErr).
	errEnqueuedVirtualDelete = errors.New("enqueued virtual delete event")
	// errNamespacedOwnerOfClusterScoped will not resolve on retry
	// (upstream namespacedOwnerOfClusterScopedObjectErr).
	errNamespacedOwnerOfClusterScoped = errors.New("cluster-scoped objects cannot refer to namespaced owners")
)

// attemptToDeleteWorker runs attemptToDeleteItem and decides what becomes
// of the item (upstream attemptToDeleteWorker). An error requeues it with
// back-off.
func (gc *GarbageCollector) attemptToDeleteWorker(key, uid string, ds *controller.Decisions) error {
	n, ok := gc.gb.uidToNode.Read(uid)
	if !ok {
		ds.Add("attemptToDeleteWorker", "", keyObject(key)+" is no longer in the graph (deleted): nothing to do").
			Say("garbagecollector.gone", controller.Name("object", keyObject(key)))
		return nil
	}
	err := gc.attemptToDeleteItem(n, ds)
	switch {
	case errors.Is(err, errEnqueuedVirtualDelete), errors.Is(err, errNamespacedOwnerOfClusterScoped):
		return nil
	case err != nil:
		ds.Add("attemptToDeleteWorker", "", "error syncing "+n.identity.short()+": "+err.Error()+"; retry with back-off").
			Say("garbagecollector.retry", controller.Name("object", n.identity.short()), controller.Text("message", err.Error()))
		return err
	case !n.isObserved():
		// The object exists but no informer event has shown it yet: look
		// again later so the virtual node cannot outlive it unseen.
		ds.Add("attemptToDeleteWorker", "", n.identity.short()+" has not been observed through an informer yet; requeue").
			Say("garbagecollector.notObserved", controller.Name("object", n.identity.short()))
		gc.queue.AddRateLimited(key)
	}
	return nil
}

// attemptToDeleteItem looks up the live object behind a node and deletes it
// if every owner is gone (upstream attemptToDeleteItem). Owners being
// deleted in the foreground count as gone for this purpose, and a
// dependent that has dependents of its own is then deleted in the
// foreground too, so the wait propagates down the tree.
func (gc *GarbageCollector) attemptToDeleteItem(item *node, ds *controller.Decisions) error {
	id := item.identity
	if item.isBeingDeleted() && !item.isDeletingDependents() {
		ds.Add("attemptToDeleteItem", "", id.short()+" is being deleted: wait for its final deletion").
			Say("garbagecollector.beingDeleted", controller.Name("object", id.short()))
		return nil
	}
	latest, err := gc.getObject(id)
	switch {
	case apiserver.IsNotFound(err):
		ds.Add("attemptToDeleteItem", "", id.short()+" not found: drop it from the graph (virtual delete event)").
			Say("garbagecollector.notFound", controller.Name("object", id.short()))
		gc.gb.enqueueVirtualDeleteEvent(id, "not found")
		return errEnqueuedVirtualDelete
	case err != nil:
		return err
	}
	meta := latest.GetObjectMeta()
	if meta.UID != id.UID {
		ds.Add("attemptToDeleteItem", fmt.Sprintf("uid %s ≠ live uid %s", id.UID, meta.UID),
			id.short()+" not found: drop it from the graph (virtual delete event)").
			Say("garbagecollector.uidChanged", controller.Name("object", id.short()))
		gc.gb.enqueueVirtualDeleteEvent(id, fmt.Sprintf("a %s %s exists with another uid, %s", id.Kind, id.Name, meta.UID))
		return errEnqueuedVirtualDelete
	}
	if item.isDeletingDependents() {
		return gc.processDeletingDependentsItem(item, ds)
	}

	owners := meta.OwnerReferences
	if len(owners) == 0 {
		ds.Add("attemptToDeleteItem", "", id.short()+" has no owner: nothing to collect").
			Say("garbagecollector.noOwner", controller.Name("object", id.short()))
		return nil
	}
	c, err := gc.classifyReferences(item, owners)
	if err != nil {
		return err
	}
	inputs := c.inputs()
	formula := c.formula()
	switch {
	case len(c.solid) != 0:
		if len(c.dangling) == 0 && len(c.waiting) == 0 {
			ds.Add("attemptToDeleteItem", formula, "keep "+id.short()+": at least one owner exists", inputs...).
				Say("garbagecollector.ownerExists", controller.Name("object", id.short()))
			return nil
		}
		// References to absent owners, and to owners waiting for their
		// dependents, go; otherwise those owners would wait forever.
		uids := append(refUIDs(c.dangling), refUIDs(c.waiting)...)
		patch, err := deleteOwnerRefPatch(meta, uids...)
		if err != nil {
			return err
		}
		owners := refNames(append(append([]api.OwnerReference{}, c.dangling...), c.waiting...))
		ds.Add("attemptToDeleteItem", formula, fmt.Sprintf("keep %s: at least one owner exists; remove its ownerReferences to %s",
			id.short(), owners), inputs...).
			Say("garbagecollector.removeOwnerRefs", controller.Name("object", id.short()), controller.Name("owners", owners))
		_, err = gc.patchObject(id, patch)
		return err

	case len(c.waiting) != 0 && item.dependentsLength() != 0:
		for _, dep := range item.getDependents() {
			if dep.isDeletingDependents() {
				// Owner and dependent both wait for dependents: unblock
				// this item's references so the two cannot wait on each
				// other forever.
				patch, err := unblockOwnerReferencesPatch(meta)
				if err != nil {
					return err
				}
				ds.Add("attemptToDeleteItem", "", fmt.Sprintf("%s and its dependent %s both wait for dependents: set blockOwnerDeletion=false on %s's ownerReferences",
					id.short(), dep.identity.short(), id.Name)).
					Say("garbagecollector.unblockOwners", controller.Name("object", id.short()), controller.Name("dependent", dep.identity.short()))
				if _, err := gc.patchObject(id, patch); err != nil {
					return err
				}
				break
			}
		}
		ds.Add("attemptToDeleteItem", formula, fmt.Sprintf("delete %s with propagationPolicy=Foreground: an owner is deleting its dependents in the foreground and %s has %d dependent(s) of its own",
			id.short(), id.Name, item.dependentsLength()), inputs...).
			Say("garbagecollector.deleteForeground", controller.Name("object", id.short()), controller.Count("n", item.dependentsLength()))
		return gc.deleteItem(item, meta, apiserver.DeletePropagationForeground)

	default:
		// No owner is left that would keep the item: collect it, honouring
		// a propagation finalizer it already carries.
		policy := apiserver.DeletePropagationBackground
		switch {
		case hasOrphanFinalizer(meta):
			policy = apiserver.DeletePropagationOrphan
		case hasDeleteDependentsFinalizer(meta):
			policy = apiserver.DeletePropagationForeground
		}
		ds.Add("attemptToDeleteItem", formula, fmt.Sprintf("delete %s with propagationPolicy=%s: %s",
			id.short(), policy, c.reason()), inputs...).
			Say("garbagecollector.delete", controller.Name("object", id.short()), controller.Name("policy", string(policy)))
		return gc.deleteItem(item, meta, policy)
	}
}

// deleteItem deletes an item at the state it was judged in; NotFound means
// it went meanwhile.
func (gc *GarbageCollector) deleteItem(item *node, meta *api.ObjectMeta, policy apiserver.DeletionPropagation) error {
	err := gc.deleteObject(item.identity, meta.ResourceVersion, meta.OwnerReferences, policy)
	if apiserver.IsNotFound(err) {
		gc.gb.enqueueVirtualDeleteEvent(item.identity, "not found")
		return errEnqueuedVirtualDelete
	}
	return err
}

// classification sorts an item's ownerReferences (upstream
// classifyReferences): solid owners exist and are not waiting for their
// dependents; dangling ones do not exist; waiting ones are being deleted
// with the foregroundDeletion finalizer.
type classification struct {
	solid, dangling, waiting []api.OwnerReference
	why                      map[string]string // owner uid → how it was classified
}

func (c *classification) inputs() []controller.Input {
	var in []controller.Input
	for _, group := range [][]api.OwnerReference{c.solid, c.dangling, c.waiting} {
		for _, ref := range group {
			in = append(in, controller.Input{Name: "owner " + ref.Kind + " " + ref.Name, Value: c.why[ref.UID]})
		}
	}
	return in
}

func (c *classification) formula() string {
	return fmt.Sprintf("owners: %d solid, %d dangling, %d waiting for dependents", len(c.solid), len(c.dangling), len(c.waiting))
}

// reason says why an item with no solid owner goes.
func (c *classification) reason() string {
	var parts []string
	for _, ref := range c.dangling {
		parts = append(parts, fmt.Sprintf("owner %s %s is %s", ref.Kind, ref.Name, c.why[ref.UID]))
	}
	for _, ref := range c.waiting {
		parts = append(parts, fmt.Sprintf("owner %s %s is %s", ref.Kind, ref.Name, c.why[ref.UID]))
	}
	return strings.Join(parts, "; ")
}

func (gc *GarbageCollector) classifyReferences(item *node, refs []api.OwnerReference) (*classification, error) {
	c := &classification{why: map[string]string{}}
	for _, ref := range refs {
		dangling, owner, why, err := gc.isDangling(ref, item)
		if err != nil {
			return nil, err
		}
		switch {
		case dangling:
			c.dangling = append(c.dangling, ref)
			c.why[ref.UID] = why
		case beingDeleted(owner.GetObjectMeta()) && hasDeleteDependentsFinalizer(owner.GetObjectMeta()):
			c.waiting = append(c.waiting, ref)
			c.why[ref.UID] = "being deleted in the foreground (foregroundDeletion finalizer)"
		default:
			c.solid = append(c.solid, ref)
			c.why[ref.UID] = "present (uid " + ref.UID + ")"
		}
	}
	return c, nil
}

// isDangling reports whether an ownerReference names an object that does
// not exist, asking the API server unless the absent-owner cache already
// knows; it returns the owner's live state otherwise (upstream isDangling).
// An owner of the right name but another uid is absent: it is a newer
// object.
func (gc *GarbageCollector) isDangling(ref api.OwnerReference, item *node) (bool, api.Object, string, error) {
	key := ownerReferenceCoordinates(ref, "")
	if why, ok := gc.gb.absentOwnerCache.Get(key); ok {
		return true, nil, "absent (" + why + ")", nil
	}
	key.Namespace = item.identity.Namespace
	if why, ok := gc.gb.absentOwnerCache.Get(key); ok {
		return true, nil, "absent (" + why + ")", nil
	}
	k, namespaced, err := apiResource(ref.APIVersion, ref.Kind)
	if err != nil {
		return false, nil, "", err
	}
	if !namespaced {
		key.Namespace = ""
	}
	if item.identity.Namespace == "" && namespaced {
		return false, nil, "", errNamespacedOwnerOfClusterScoped
	}
	gc.client.Wait()
	owner, err := gc.server.Get(k, resourceDefaultNamespace(namespaced, item.identity.Namespace), ref.Name)
	switch {
	case apiserver.IsNotFound(err):
		gc.gb.absentOwnerCache.Add(key, "not found")
		return true, nil, "absent (not found)", nil
	case err != nil:
		return false, nil, "", err
	}
	if uid := owner.GetObjectMeta().UID; uid != ref.UID {
		why := fmt.Sprintf("a %s %s exists with another uid, %s", ref.Kind, ref.Name, uid)
		gc.gb.absentOwnerCache.Add(key, why)
		return true, nil, "absent (" + why + ")", nil
	}
	return false, owner, "", nil
}

// processDeletingDependentsItem handles an owner being deleted in the
// foreground: it waits while dependents with blockOwnerDeletion=true
// remain, queueing them, and removes the foregroundDeletion finalizer once
// none is left, which lets the API server delete it (upstream
// processDeletingDependentsItem).
func (gc *GarbageCollector) processDeletingDependentsItem(item *node, ds *controller.Decisions) error {
	blocking := item.blockingDependents()
	if len(blocking) == 0 {
		err := gc.removeFinalizer(item, apiserver.FinalizerDeleteDependents)
		switch {
		case errors.Is(err, errFinalizerGone):
			ds.Add("processDeletingDependentsItem", "blocking dependents: 0", "finalizer "+apiserver.FinalizerDeleteDependents+" already gone from "+item.identity.short()).
				Say("garbagecollector.finalizerGone", controller.Name("finalizer", apiserver.FinalizerDeleteDependents), controller.Name("object", item.identity.short()))
			return nil
		case err != nil:
			return err
		}
		ds.Add("processDeletingDependentsItem", "blocking dependents: 0",
			"remove finalizer "+apiserver.FinalizerDeleteDependents+" from "+item.identity.short()+": the API server deletes it").
			Say("garbagecollector.removeForegroundFinalizer", controller.Name("finalizer", apiserver.FinalizerDeleteDependents), controller.Name("object", item.identity.short()))
		return nil
	}
	var names []string
	for _, dep := range blocking {
		names = append(names, dep.identity.short())
		if !dep.isDeletingDependents() {
			gc.gb.attemptToDelete(dep)
		}
	}
	waitingFor := strings.Join(names, ", ")
	ds.Add("processDeletingDependentsItem", fmt.Sprintf("blocking dependents: %d", len(blocking)),
		fmt.Sprintf("%s waits for %s (blockOwnerDeletion=true)", item.identity.short(), waitingFor)).
		Say("garbagecollector.waitForDependents", controller.Name("object", item.identity.short()), controller.Count("n", len(blocking)), controller.Name("dependents", waitingFor))
	return nil
}

// attemptToOrphanWorker handles an owner being deleted with the orphan
// finalizer: it removes the owner from every dependent's ownerReferences,
// then removes the finalizer, which lets the API server delete the owner
// (upstream attemptToOrphanWorker).
func (gc *GarbageCollector) attemptToOrphanWorker(key, uid string, ds *controller.Decisions) error {
	owner, ok := gc.gb.uidToNode.Read(uid)
	if !ok {
		ds.Add("attemptToOrphanWorker", "", keyObject(key)+" is no longer in the graph (deleted): nothing to do").
			Say("garbagecollector.gone", controller.Name("object", keyObject(key)))
		return nil
	}
	deps := owner.getDependents()
	orphaned, err := gc.orphanDependents(owner.identity, deps)
	if len(orphaned) > 0 {
		freed := strings.Join(orphaned, ", ")
		ds.Add("orphanDependents", fmt.Sprintf("dependents: %d", len(deps)),
			fmt.Sprintf("remove the ownerReference to %s from %s", owner.identity.short(), freed)).
			Say("garbagecollector.orphanDependents", controller.Name("object", owner.identity.short()), controller.Name("dependents", freed))
	}
	if err != nil {
		return err
	}
	err = gc.removeFinalizer(owner, apiserver.FinalizerOrphanDependents)
	switch {
	case errors.Is(err, errFinalizerGone):
		ds.Add("attemptToOrphanWorker", "", "finalizer "+apiserver.FinalizerOrphanDependents+" already gone from "+owner.identity.short()).
			Say("garbagecollector.finalizerGone", controller.Name("finalizer", apiserver.FinalizerOrphanDependents), controller.Name("object", owner.identity.short()))
		return nil
	case err != nil:
		return fmt.Errorf("removeOrphanFinalizer for %s failed with %v", owner.identity, err)
	}
	ds.Add("attemptToOrphanWorker", fmt.Sprintf("dependents: %d orphaned", len(orphaned)),
		"remove finalizer "+apiserver.FinalizerOrphanDependents+" from "+owner.identity.short()+": the API server deletes it; its dependents stay").
		Say("garbagecollector.removeOrphanFinalizer", controller.Name("finalizer", apiserver.FinalizerOrphanDependents), controller.Name("object", owner.identity.short()))
	return nil
}

// orphanDependents removes owner from each dependent's ownerReferences
// (upstream orphanDependents). A dependent that is gone, or no longer
// refers to owner, needs nothing. It returns the dependents it patched.
func (gc *GarbageCollector) orphanDependents(owner objectReference, deps []*node) ([]string, error) {
	var done []string
	var errs []string
	for _, dep := range deps {
		obj, err := gc.getObject(dep.identity)
		if apiserver.IsNotFound(err) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Sprintf("orphaning %s failed, %v", dep.identity, err))
			continue
		}
		m := obj.GetObjectMeta()
		if m.UID != dep.identity.UID || !refersTo(m.OwnerReferences, owner.UID) {
			continue
		}
		patch, err := deleteOwnerRefPatch(m, owner.UID)
		if err == nil {
			_, err = gc.patchObject(dep.identity, patch)
		}
		if err != nil && !apiserver.IsNotFound(err) {
			errs = append(errs, fmt.Sprintf("orphaning %s failed, %v", dep.identity, err))
			continue
		}
		done = append(done, dep.identity.short())
	}
	if len(errs) > 0 {
		return done, fmt.Errorf("failed to orphan dependents of owner %s, got errors: %s", owner, joinErrors(errs))
	}
	return done, nil
}

// joinErrors renders several errors as utilerrors.NewAggregate does.
func joinErrors(errs []string) string {
	if len(errs) == 1 {
		return errs[0]
	}
	return "[" + strings.Join(errs, ", ") + "]"
}

func refersTo(refs []api.OwnerReference, uid string) bool {
	for _, r := range refs {
		if r.UID == uid {
			return true
		}
	}
	return false
}

func refUIDs(refs []api.OwnerReference) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.UID
	}
	return out
}

func refNames(refs []api.OwnerReference) string {
	names := make([]string, len(refs))
	for i, r := range refs {
		names[i] = r.Kind + " " + r.Name
	}
	return strings.Join(names, ", ")
}

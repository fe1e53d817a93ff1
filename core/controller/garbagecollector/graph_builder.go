package garbagecollector

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// This file is upstream's graph_builder.go: informer events update the
// dependency graph (uidToNode) and put the objects that may now be
// collectable on the work queue. Upstream funnels the events through a
// graphChanges queue drained by one goroutine; here the informer handlers
// call processGraphChanges directly, which is the same single-threaded
// order without the hop.

type eventType int

const (
	addEvent eventType = iota
	updateEvent
	deleteEvent
)

// event is one change to the graph (upstream event). A virtual event did
// not come from an informer: the collector made it up after the API server
// said an object does not exist.
type event struct {
	virtual    bool
	eventType  eventType
	meta       *api.ObjectMeta // the object's metadata (shared; read only)
	oldMeta    *api.ObjectMeta // for updates: the metadata before
	apiVersion string
	kind       string
	// reason says, for a virtual delete, why the object is known absent.
	reason string
}

// graphBuilder owns the graph and the absent-owner cache, and is the
// producer of the attemptToDelete and attemptToOrphan work.
type graphBuilder struct {
	uidToNode        uidToNode
	absentOwnerCache *referenceCache
	queue            *controller.Queue
	recorder         *controller.Recorder
}

// Work-queue keys. Upstream has two queues of *node; Kubeplay has one queue
// of readable keys, "delete/<Kind>/<namespace>/<name>/<uid>" for
// attemptToDelete and "orphan/..." for attemptToOrphan (no namespace
// segment for cluster-scoped objects). The uid keeps two objects with the
// same name apart, such as a live owner and a stale reference to an
// earlier one.
const (
	keyDelete = "delete"
	keyOrphan = "orphan"
)

func itemKey(action string, id objectReference) string {
	if id.Namespace == "" {
		return action + "/" + id.Kind + "/" + id.Name + "/" + id.UID
	}
	return action + "/" + id.Kind + "/" + id.Namespace + "/" + id.Name + "/" + id.UID
}

// keyObject renders the object a key names as the decisions do:
// "delete/Pod/default/web-1/<uid>" → "Pod default/web-1".
func keyObject(key string) string {
	parts := strings.Split(key, "/")
	switch len(parts) {
	case 4:
		return parts[1] + " " + parts[2]
	case 5:
		return parts[1] + " " + parts[2] + "/" + parts[3]
	}
	return key
}

// attemptToDelete queues n for attemptToDeleteItem.
func (gb *graphBuilder) attemptToDelete(n *node) { gb.queue.Add(itemKey(keyDelete, n.identity)) }

// attemptToDeleteRateLimited requeues n after its back-off.
func (gb *graphBuilder) attemptToDeleteRateLimited(n *node) {
	gb.queue.AddRateLimited(itemKey(keyDelete, n.identity))
}

// attemptToOrphan queues n for attemptToOrphanWorker.
func (gb *graphBuilder) attemptToOrphan(n *node) { gb.queue.Add(itemKey(keyOrphan, n.identity)) }

// handler returns the informer handler for one kind (upstream
// controllerFor's ResourceEventHandlerFuncs).
func (gb *graphBuilder) handler(k *api.KindInfo) controller.Handler {
	ev := func(t eventType, obj, old api.Object) {
		e := &event{eventType: t, meta: obj.GetObjectMeta(), apiVersion: k.APIVersion(), kind: k.Kind}
		if old != nil {
			e.oldMeta = old.GetObjectMeta()
		}
		gb.processGraphChanges(e)
	}
	return controller.Handler{
		Add:    func(obj api.Object) { ev(addEvent, obj, nil) },
		Update: func(old, cur api.Object) { ev(updateEvent, cur, old) },
		Delete: func(obj api.Object) { ev(deleteEvent, obj, nil) },
	}
}

// enqueueVirtualDeleteEvent tells the graph that the API server has no
// object for ref (upstream enqueueVirtualDeleteEvent; processed at once).
// reason is kept in the absent-owner cache for the decision records.
func (gb *graphBuilder) enqueueVirtualDeleteEvent(ref objectReference, reason string) {
	gb.processGraphChanges(&event{
		virtual:    true,
		reason:     reason,
		eventType:  deleteEvent,
		meta:       &api.ObjectMeta{Namespace: ref.Namespace, Name: ref.Name, UID: ref.UID},
		apiVersion: ref.APIVersion,
		kind:       ref.Kind,
	})
}

func identityFromEvent(e *event) objectReference {
	return objectReference{APIVersion: e.apiVersion, Kind: e.kind, Name: e.meta.Name, UID: e.meta.UID, Namespace: e.meta.Namespace}
}

func beingDeleted(m *api.ObjectMeta) bool { return m.DeletionTimestamp != nil }

func hasFinalizer(m *api.ObjectMeta, f string) bool { return slices.Contains(m.Finalizers, f) }

func hasDeleteDependentsFinalizer(m *api.ObjectMeta) bool {
	return hasFinalizer(m, apiserver.FinalizerDeleteDependents)
}

func hasOrphanFinalizer(m *api.ObjectMeta) bool {
	return hasFinalizer(m, apiserver.FinalizerOrphanDependents)
}

// deletionStartsWithFinalizer reports whether this event is the one where
// the object is first seen being deleted with finalizer f (upstream
// deletionStartsWithFinalizer).
func deletionStartsWithFinalizer(old, cur *api.ObjectMeta, f string) bool {
	if !beingDeleted(cur) || !hasFinalizer(cur, f) {
		return false
	}
	if old == nil {
		return true
	}
	return !beingDeleted(old) || !hasFinalizer(old, f)
}

// processGraphChanges applies one event to the graph and queues what it
// makes collectable (upstream GraphBuilder.processGraphChanges).
func (gb *graphBuilder) processGraphChanges(e *event) {
	m := e.meta
	existing, found := gb.uidToNode.Read(m.UID)
	if found && !e.virtual && !existing.isObserved() {
		// First sight of an object the graph only knew from references.
		observed := identityFromEvent(e)
		if observed != existing.identity {
			// Dependents that named it by other coordinates may be
			// pointing at something that does not exist: re-check them.
			_, invalid := partitionDependents(existing.getDependents(), observed)
			for _, dep := range invalid {
				if observed.Namespace != "" && dep.identity.Namespace != observed.Namespace {
					gb.reportInvalidNamespaceOwnerRef(dep, observed.UID)
				}
				gb.attemptToDelete(dep)
			}
			// Upstream clones the node for its concurrent readers; a
			// single-threaded graph can relabel it in place.
			existing.identity = observed
		}
		existing.markObserved()
	}

	switch {
	case (e.eventType == addEvent || e.eventType == updateEvent) && !found:
		n := &node{
			identity:           identityFromEvent(e),
			dependents:         map[*node]struct{}{},
			owners:             slices.Clone(m.OwnerReferences),
			deletingDependents: beingDeleted(m) && hasDeleteDependentsFinalizer(m),
			beingDeleted:       beingDeleted(m),
		}
		gb.insertNode(n)
		gb.processTransitions(e.oldMeta, m, n)

	case e.eventType == addEvent || e.eventType == updateEvent:
		// Upstream also relabels a node whose apiVersion/kind changed;
		// every kind here is served at one version, so that cannot happen.
		added, removed, changed := referencesDiffs(existing.owners, m.OwnerReferences)
		if len(added) != 0 || len(removed) != 0 || len(changed) != 0 {
			gb.addUnblockedOwnersToDeleteQueue(removed, changed)
			existing.setOwners(m.OwnerReferences)
			gb.addDependentToOwners(existing, added)
			gb.removeDependentFromOwners(existing, removed)
		}
		if beingDeleted(m) {
			existing.markBeingDeleted()
		}
		gb.processTransitions(e.oldMeta, m, existing)

	case e.eventType == deleteEvent:
		if !found {
			return
		}
		gb.processDelete(e, existing)
	}
}

// processDelete is the delete branch of processGraphChanges.
func (gb *graphBuilder) processDelete(e *event, existing *node) {
	remove := true
	reason := "deleted"
	if e.virtual {
		reason = e.reason
		deleted := identityFromEvent(e)
		switch {
		case !existing.isObserved():
			// A virtual node: its dependents may disagree on who it is.
			matching, nonmatching := partitionDependents(existing.getDependents(), deleted)
			if len(nonmatching) > 0 {
				remove = false
				if len(matching) > 0 {
					gb.absentOwnerCache.Add(deleted, reason)
					for _, dep := range matching {
						gb.attemptToDelete(dep)
					}
				}
				if existing.identity == deleted {
					// Try the next identity the other dependents use.
					if alt := getAlternateOwnerIdentity(nonmatching, deleted); alt != nil {
						existing.identity = *alt
						gb.attemptToDeleteRateLimited(existing)
					}
				}
			}
		case existing.identity != deleted:
			// A real node is never removed on a virtual event for other
			// coordinates; only the dependents that used them are orphans.
			remove = false
			matching, _ := partitionDependents(existing.getDependents(), deleted)
			if len(matching) > 0 {
				gb.absentOwnerCache.Add(deleted, reason)
				for _, dep := range matching {
					gb.attemptToDelete(dep)
				}
			}
		}
	}
	if !remove {
		return
	}
	gb.removeNode(existing)
	deps := existing.getDependents()
	if len(deps) > 0 {
		gb.absentOwnerCache.Add(identityFromEvent(e), reason)
	}
	for _, dep := range deps {
		gb.attemptToDelete(dep)
	}
	for _, owner := range existing.owners {
		ownerNode, ok := gb.uidToNode.Read(owner.UID)
		if !ok || !ownerNode.isDeletingDependents() {
			continue
		}
		// Let a foreground-deleting owner check whether it still waits.
		gb.attemptToDelete(ownerNode)
	}
}

// processTransitions queues an object whose deletion just started with one
// of the collector's finalizers (upstream processTransitions).
func (gb *graphBuilder) processTransitions(old, cur *api.ObjectMeta, n *node) {
	if deletionStartsWithFinalizer(old, cur, apiserver.FinalizerOrphanDependents) {
		gb.attemptToOrphan(n)
		return
	}
	if deletionStartsWithFinalizer(old, cur, apiserver.FinalizerDeleteDependents) {
		n.markDeletingDependents()
		for _, dep := range n.getDependents() {
			gb.attemptToDelete(dep)
		}
		gb.attemptToDelete(n)
	}
}

// insertNode adds n to the graph and to its owners' dependents (upstream
// insertNode).
func (gb *graphBuilder) insertNode(n *node) {
	gb.uidToNode.Write(n)
	gb.addDependentToOwners(n, n.owners)
}

// addDependentToOwners records n as a dependent of each owner. An owner
// the graph has not seen becomes a virtual node, queued so that
// attemptToDeleteItem asks the API server whether it exists. A reference
// whose coordinates or namespace disagree with the owner the graph knows
// queues n itself for a check (upstream addDependentToOwners).
func (gb *graphBuilder) addDependentToOwners(n *node, owners []api.OwnerReference) {
	potentiallyInvalid := false
	for _, owner := range owners {
		ownerNode, ok := gb.uidToNode.Read(owner.UID)
		if !ok {
			ownerNode = &node{
				identity:   ownerReferenceCoordinates(owner, n.identity.Namespace),
				dependents: map[*node]struct{}{},
				virtual:    true,
			}
			gb.uidToNode.Write(ownerNode)
		}
		ownerNode.addDependent(n)
		switch {
		case !ok:
			gb.attemptToDelete(ownerNode)
		case potentiallyInvalid:
		default:
			ownerNamespaced := ownerNode.identity.Namespace != ""
			switch {
			case ownerNamespaced && ownerNode.identity.Namespace != n.identity.Namespace:
				if ownerNode.isObserved() {
					gb.reportInvalidNamespaceOwnerRef(n, owner.UID)
				}
				potentiallyInvalid = true
			case !ownerReferenceMatchesCoordinates(owner, ownerNode.identity):
				potentiallyInvalid = true
			case !ownerNamespaced && ownerNode.identity.Namespace != n.identity.Namespace && !ownerNode.isObserved():
				// A virtual cluster-scoped owner named from a namespaced
				// dependent may really be a missing namespaced object.
				potentiallyInvalid = true
			}
		}
	}
	if potentiallyInvalid {
		gb.attemptToDelete(n)
	}
}

// reportInvalidNamespaceOwnerRef records the OwnerRefInvalidNamespace
// warning on a dependent whose namespaced owner lives in another namespace
// (upstream reportInvalidNamespaceOwnerRef).
func (gb *graphBuilder) reportInvalidNamespaceOwnerRef(n *node, ownerUID string) {
	if gb.recorder == nil {
		return
	}
	i := slices.IndexFunc(n.owners, func(r api.OwnerReference) bool { return r.UID == ownerUID })
	if i < 0 {
		return
	}
	k, ok := api.LookupKind(n.identity.Kind)
	if !ok {
		return
	}
	obj := k.New()
	m := obj.GetObjectMeta()
	m.Name, m.Namespace, m.UID = n.identity.Name, n.identity.Namespace, n.identity.UID
	invalid := ownerReferenceCoordinates(n.owners[i], n.identity.Namespace)
	gb.recorder.Event(obj, api.EventTypeWarning, "OwnerRefInvalidNamespace",
		fmt.Sprintf("ownerRef %s does not exist in namespace %q", invalid, n.identity.Namespace))
}

// removeDependentFromOwners drops n from the owners' dependents.
func (gb *graphBuilder) removeDependentFromOwners(n *node, owners []api.OwnerReference) {
	for _, owner := range owners {
		if ownerNode, ok := gb.uidToNode.Read(owner.UID); ok {
			ownerNode.deleteDependent(n)
		}
	}
}

// removeNode takes n out of the graph (upstream removeNode).
func (gb *graphBuilder) removeNode(n *node) {
	gb.uidToNode.Delete(n.identity.UID)
	gb.removeDependentFromOwners(n, n.owners)
}

type ownerRefPair struct {
	oldRef, newRef api.OwnerReference
}

// referencesDiffs compares two ownerReference lists by uid (upstream
// referencesDiffs). removed keeps the old list's order.
func referencesDiffs(old, cur []api.OwnerReference) (added, removed []api.OwnerReference, changed []ownerRefPair) {
	if sameReferences(old, cur) {
		return nil, nil, nil // the common case: a status or spec update
	}
	oldByUID := make(map[string]api.OwnerReference, len(old))
	for _, r := range old {
		oldByUID[r.UID] = r
	}
	kept := map[string]bool{}
	for _, r := range cur {
		if o, ok := oldByUID[r.UID]; ok {
			if !reflect.DeepEqual(o, r) {
				changed = append(changed, ownerRefPair{oldRef: o, newRef: r})
			}
			kept[r.UID] = true
		} else {
			added = append(added, r)
		}
	}
	for _, r := range old {
		if !kept[r.UID] {
			removed = append(removed, r)
		}
	}
	return added, removed, changed
}

// sameReferences is a quick, allocation-free equality for unchanged lists.
func sameReferences(a, b []api.OwnerReference) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.APIVersion != y.APIVersion || x.Kind != y.Kind || x.Name != y.Name || x.UID != y.UID ||
			!sameBool(x.Controller, y.Controller) || !sameBool(x.BlockOwnerDeletion, y.BlockOwnerDeletion) {
			return false
		}
	}
	return true
}

func sameBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// addUnblockedOwnersToDeleteQueue queues owners that a dependent stopped
// blocking, by dropping the reference or clearing blockOwnerDeletion: a
// foreground deletion waiting on it may now finish (upstream
// addUnblockedOwnersToDeleteQueue).
func (gb *graphBuilder) addUnblockedOwnersToDeleteQueue(removed []api.OwnerReference, changed []ownerRefPair) {
	for _, ref := range removed {
		if isTrue(ref.BlockOwnerDeletion) {
			if n, ok := gb.uidToNode.Read(ref.UID); ok {
				gb.attemptToDelete(n)
			}
		}
	}
	for _, c := range changed {
		if isTrue(c.oldRef.BlockOwnerDeletion) && !isTrue(c.newRef.BlockOwnerDeletion) {
			if n, ok := gb.uidToNode.Read(c.newRef.UID); ok {
				gb.attemptToDelete(n)
			}
		}
	}
}

// partitionDependents splits dependents into those whose reference to the
// owner's uid matches identity exactly and those that name it otherwise
// (upstream partitionDependents). A dependent can be in both.
func partitionDependents(deps []*node, id objectReference) (matching, nonmatching []*node) {
	ownerNamespaced := id.Namespace != ""
	for _, dep := range deps {
		foundMatch, foundMismatch := false, false
		if ownerNamespaced && id.Namespace != dep.identity.Namespace {
			foundMismatch = true
		} else {
			for _, ref := range dep.owners {
				if ref.UID != id.UID {
					continue
				}
				if ownerReferenceMatchesCoordinates(ref, id) {
					foundMatch = true
				} else {
					foundMismatch = true
				}
			}
		}
		if foundMatch {
			matching = append(matching, dep)
		}
		if foundMismatch {
			nonmatching = append(nonmatching, dep)
		}
	}
	return matching, nonmatching
}

// getAlternateOwnerIdentity finds another identity the dependents use for
// the verified-absent owner's uid: the first following it in
// referenceLessThan order, else the first of all (upstream
// getAlternateOwnerIdentity).
func getAlternateOwnerIdentity(deps []*node, absent objectReference) *objectReference {
	clusterScoped := absent.Namespace == ""
	seen := map[objectReference]bool{absent: true}
	var first, firstFollowing *objectReference
	for _, dep := range deps {
		for _, ref := range dep.owners {
			if ref.UID != absent.UID {
				continue
			}
			if ownerReferenceMatchesCoordinates(ref, absent) && (clusterScoped || absent.Namespace == dep.identity.Namespace) {
				continue
			}
			alt := ownerReferenceCoordinates(ref, dep.identity.Namespace)
			if clusterScoped && alt.APIVersion == absent.APIVersion && alt.Kind == absent.Kind {
				alt.Namespace = ""
			}
			if seen[alt] {
				continue
			}
			seen[alt] = true
			if first == nil || referenceLessThan(alt, *first) {
				a := alt
				first = &a
			}
			if referenceLessThan(absent, alt) && (firstFollowing == nil || referenceLessThan(alt, *firstFollowing)) {
				a := alt
				firstFollowing = &a
			}
		}
	}
	if firstFollowing != nil {
		return firstFollowing
	}
	return first
}

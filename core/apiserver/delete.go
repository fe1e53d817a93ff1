package apiserver

import (
	"fmt"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Delete deletes an object (registry.Store.Delete) and returns a copy of
// its state afterwards and whether it is gone. nil options are {}: the
// default grace period and propagation, as client-go sends.
//
//   - Pods are deleted gracefully: the first delete sets deletionTimestamp
//     = now + grace and deletionGracePeriodSeconds = grace (from the options,
//     else spec.terminationGracePeriodSeconds) and bumps the generation; the
//     pod stays until a delete with grace 0 (the kubelet's confirmation). A
//     pod never scheduled, a finished pod, or grace 0 goes at once (after a
//     MODIFIED event recording the deletion, as upstream). A later delete
//     may only shorten the grace period.
//   - An object with finalizers is only marked (deletionTimestamp = now,
//     grace 0, generation bumped) and stays until an update removes the last
//     finalizer.
//   - Propagation policy Orphan or Foreground adds the garbage collector's
//     finalizer ("orphan" or "foregroundDeletion"); Background (the default)
//     adds none.
//   - Namespaces first turn Terminating, as the namespace store does; a
//     later delete removes one whose spec.finalizers are empty.
func (s *Server) Delete(k *api.KindInfo, namespace, name string, opts *DeleteOptions) (api.Object, bool, error) {
	obj, deleted, err := s.DeleteShared(k, namespace, name, opts)
	obj, err = copied(obj, err)
	return obj, deleted, err
}

// DeleteShared is Delete returning the stored object itself, not a copy:
// see the Shared verbs in shared.go.
func (s *Server) DeleteShared(k *api.KindInfo, namespace, name string, opts *DeleteOptions) (api.Object, bool, error) {
	if k == nil {
		return nil, false, NewBadRequest("no kind was provided")
	}
	s.expire()
	namespace = requestNamespace(k, namespace)
	o := DeleteOptions{}
	if opts != nil {
		o = *opts
	}
	a := &Attributes{Operation: OperationDelete, Kind: k, Namespace: namespace, Name: name}
	r := s.lookup(k, namespace, name)
	if r != nil {
		a.OldObject = r.obj
	}
	if err := s.admit(a); err != nil {
		return nil, false, err
	}
	if r == nil {
		return nil, false, NewNotFound(k, name)
	}
	if err := checkDeletePreconditions(k, r.obj, &o); err != nil {
		return nil, false, err
	}
	if k.Kind == "Namespace" && k.Group == "" {
		return s.deleteNamespace(k, r, &o)
	}
	return s.deleteObject(k, r, &o)
}

// checkDeletePreconditions is the start of rest.BeforeDelete: valid
// options and matching preconditions. Upstream names the kind, not the
// resource, in these conflicts (`Deployment.apps "web"`).
func checkDeletePreconditions(k *api.KindInfo, obj api.Object, o *DeleteOptions) error {
	if errs := validateDeleteOptions(o); len(errs) > 0 {
		return newInvalid(groupKind{"meta.k8s.io", "DeleteOptions"}, "", errs)
	}
	m := obj.GetObjectMeta()
	gr := groupResource{k.Group, k.Kind}
	if p := o.Preconditions; p != nil {
		if p.UID != nil && *p.UID != m.UID {
			return newConflict(gr, m.Name, fmt.Errorf("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", *p.UID, m.UID))
		}
		if p.ResourceVersion != nil && *p.ResourceVersion != m.ResourceVersion {
			return newConflict(gr, m.Name, fmt.Errorf("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). The object might have been modified", *p.ResourceVersion, m.ResourceVersion))
		}
	}
	if g := o.GracePeriodSeconds; g != nil && *g < 0 {
		one := int64(1)
		o.GracePeriodSeconds = &one
	}
	return nil
}

// deleteObject is registry.Store.Delete after the preconditions: the
// graceful-deletion decision (rest.BeforeDelete), the finalizer update
// (updateForGracefulDeletionAndFinalizers) and, if nothing holds it back,
// the removal. It returns the stored object.
func (s *Server) deleteObject(k *api.KindInfo, r *record, o *DeleteOptions) (api.Object, bool, error) {
	now := s.clock.Now()
	cur := r.obj.GetObjectMeta()
	var upd api.Object // the object as the delete leaves it, if it changes
	graceful, pending := false, false
	var period int64
	if supportsGracefulDeletion(k) {
		switch {
		case cur.DeletionTimestamp != nil:
			// Already being deleted: a grace period may only shrink. With
			// none left, fall through to an immediate delete.
			g := cur.DeletionGracePeriodSeconds
			switch {
			case g == nil || *g == 0:
			case o.GracePeriodSeconds == nil || *o.GracePeriodSeconds >= *g:
				pending = true
			default:
				period = *o.GracePeriodSeconds
				upd = metaCopy(r.obj)
				m := upd.GetObjectMeta()
				ts := cur.DeletionTimestamp.Add(-time.Duration(*g) * time.Second).Add(time.Duration(period) * time.Second)
				m.DeletionTimestamp = api.NewTimePtr(ts)
				m.DeletionGracePeriodSeconds = &period
				graceful = true
			}
		default:
			period = checkGracefulDelete(r.obj, o)
			upd = metaCopy(r.obj)
			m := upd.GetObjectMeta()
			m.DeletionTimestamp = api.NewTimePtr(now.Add(time.Duration(period) * time.Second))
			m.DeletionGracePeriodSeconds = &period
			if m.Generation > 0 {
				m.Generation++
			}
			graceful = true
		}
	}
	if pending {
		return r.obj, false, nil
	}
	changeFinalizers, finalizers := deletionFinalizersForGarbageCollection(cur.Finalizers, o)
	if graceful || len(cur.Finalizers) > 0 || changeFinalizers {
		if upd == nil {
			upd = metaCopy(r.obj)
		}
		m := upd.GetObjectMeta()
		if changeFinalizers {
			m.Finalizers = finalizers
		}
		pendingFinalizers := len(m.Finalizers) > 0
		if !graceful && pendingFinalizers {
			markAsDeleting(m, now)
		}
		if graceful || pendingFinalizers {
			s.writeIfChanged(k, r, upd)
			if pendingFinalizers || period > 0 {
				return r.obj, false, nil
			}
		}
	}
	// Like etcd3's Delete, return the object as it was stored; the watch
	// event carries the deletion's resourceVersion instead.
	prev := r.obj
	s.commitDelete(k, r)
	return prev, true, nil
}

// writeIfChanged stores obj over r unless it equals what is stored.
func (s *Server) writeIfChanged(k *api.KindInfo, r *record, obj api.Object) {
	if !api.SemanticEqual(obj, r.obj) {
		s.commitUpdate(k, r, obj)
	}
}

// markAsDeleting models registry.markAsDeleting: an object that cannot be
// deleted gracefully but has finalizers gets deletionTimestamp = now (unless
// it has an earlier one), grace 0, and one generation bump the first time.
func markAsDeleting(m *api.ObjectMeta, now time.Time) {
	if m.DeletionTimestamp == nil && m.Generation > 0 {
		m.Generation++
	}
	if m.DeletionTimestamp == nil || m.DeletionTimestamp.After(now) {
		m.DeletionTimestamp = api.NewTimePtr(now)
	}
	zero := int64(0)
	m.DeletionGracePeriodSeconds = &zero
}

// deletionFinalizersForGarbageCollection models the registry function of
// that name: the garbage collector's finalizers the options call for, and
// whether the set differs from the current one. Every served kind has
// garbage collection enabled and defaults to Background (apps/v1:
// DeleteDependents).
func deletionFinalizersForGarbageCollection(current []string, o *DeleteOptions) (bool, []string) {
	orphan, foreground := shouldOrphanDependents(current, o), shouldDeleteDependents(current, o)
	var next []string
	for _, f := range current {
		if f != FinalizerOrphanDependents && f != FinalizerDeleteDependents {
			next = append(next, f)
		}
	}
	if orphan {
		next = append(next, FinalizerOrphanDependents)
	}
	if foreground {
		next = append(next, FinalizerDeleteDependents)
	}
	if sameSet(current, next) {
		return false, current
	}
	return true, next
}

// shouldOrphanDependents models registry.shouldOrphanDependents: the
// options win, then an existing finalizer, then the kind's default (never
// Orphan for the kinds served here).
func shouldOrphanDependents(finalizers []string, o *DeleteOptions) bool {
	if o.OrphanDependents != nil {
		return *o.OrphanDependents
	}
	if p := o.PropagationPolicy; p != nil {
		switch *p {
		case DeletePropagationOrphan:
			return true
		case DeletePropagationBackground, DeletePropagationForeground:
			return false
		}
	}
	for _, f := range finalizers {
		switch f {
		case FinalizerOrphanDependents:
			return true
		case FinalizerDeleteDependents:
			return false
		}
	}
	return false
}

// shouldDeleteDependents models registry.shouldDeleteDependents.
func shouldDeleteDependents(finalizers []string, o *DeleteOptions) bool {
	if o.OrphanDependents != nil {
		return false
	}
	if p := o.PropagationPolicy; p != nil {
		return *p == DeletePropagationForeground
	}
	for _, f := range finalizers {
		switch f {
		case FinalizerDeleteDependents:
			return true
		case FinalizerOrphanDependents:
			return false
		}
	}
	return false
}

func sameSet(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// deleteNamespace models the namespace store's Delete
// (pkg/registry/core/namespace/storage): the first delete only sets
// deletionTimestamp and phase Terminating (and any garbage-collector
// finalizer the options ask for); the namespace controller then empties the
// namespace and clears spec.finalizers through FinalizeNamespace. A delete
// of a terminating namespace whose spec.finalizers are empty deletes it.
func (s *Server) deleteNamespace(k *api.KindInfo, r *record, o *DeleteOptions) (api.Object, bool, error) {
	ns := r.obj.(*api.Namespace)
	if ns.DeletionTimestamp == nil {
		upd := api.DeepCopy(ns)
		upd.DeletionTimestamp = api.NewTimePtr(s.clock.Now())
		upd.Status.Phase = api.NamespaceTerminating
		if change, finalizers := deletionFinalizersForGarbageCollection(upd.Finalizers, o); change {
			upd.Finalizers = finalizers
		}
		s.writeIfChanged(k, r, upd)
		return r.obj, false, nil
	}
	if len(ns.Spec.Finalizers) > 0 {
		return ns, false, nil
	}
	return s.deleteObject(k, r, o)
}

// DeleteCollection deletes every object of a kind in a namespace (the
// deletecollection verb with no selector; registry.Store.DeleteCollection):
// it lists them and deletes each, in name order, with the same options, as
// the registry's workers do. An object gone meanwhile is skipped; the first
// other error stops it. Services and namespaces, as upstream, do not serve
// the verb (405).
func (s *Server) DeleteCollection(k *api.KindInfo, namespace string, opts *DeleteOptions) error {
	if k == nil {
		return NewBadRequest("no kind was provided")
	}
	if !supportsDeleteCollection(k) {
		// No route is registered: the handler's generic 405.
		return &StatusError{Code: codeMethodNotAllowed, Reason: ReasonMethodNotAllowed,
			Message: "the server does not allow this method on the requested resource", Details: &StatusDetails{}}
	}
	s.expire()
	t := s.tables[k]
	if t == nil {
		return nil
	}
	if !k.Namespaced {
		namespace = ""
	}
	recs := slices.Clone(t.namespaceRange(namespace))
	for _, r := range recs {
		if _, _, err := s.Delete(k, r.key.namespace, r.key.name, opts); err != nil && !IsNotFound(err) {
			return err
		}
	}
	return nil
}

// supportsDeleteCollection reports whether a kind serves deletecollection:
// all but Services and Namespaces, whose REST storage has no
// DeleteCollection.
func supportsDeleteCollection(k *api.KindInfo) bool {
	return k.Group != "" || (k.Kind != "Service" && k.Kind != "Namespace")
}

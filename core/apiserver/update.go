package apiserver

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
)

// Update replaces an object through its main endpoint (PUT; registry.Store.Update)
// and returns a copy of what was stored. The argument is not modified.
//
//   - An empty resourceVersion updates unconditionally (every served kind
//     allows it, AllowUnconditionalUpdate); a stale one fails with 409
//     Conflict and OptimisticLockErrorMsg. A uid that differs from the
//     stored one fails the same way (a precondition).
//   - For kinds with a status subresource the status in obj is ignored.
//   - metadata.generation moves only when the spec changes (Deployments:
//     also annotations); uid, creationTimestamp and deletion fields keep
//     their stored values.
//   - An update that changes nothing writes nothing: no new
//     resourceVersion, no watch event.
//   - Removing the last finalizer of an object that is being deleted (with
//     no grace period left) deletes it (ShouldDeleteDuringUpdate).
func (s *Server) Update(obj api.Object) (api.Object, error) {
	return copied(s.updateFrom(obj, ""))
}

// UpdateStatus writes an object through its status subresource (PUT
// .../status): only the status (and, per kind, some metadata) changes; the
// spec is kept from the stored object and the generation does not move.
// Kinds without a status subresource answer 404 as a real server does.
func (s *Server) UpdateStatus(obj api.Object) (api.Object, error) {
	return copied(s.UpdateStatusShared(obj))
}

// UpdateStatusShared is UpdateStatus returning the stored object itself,
// not a copy: see the Shared verbs in shared.go.
func (s *Server) UpdateStatusShared(obj api.Object) (api.Object, error) {
	return s.updateFrom(obj, "status")
}

// FinalizeNamespace writes a namespace through namespaces/finalize, the
// only way to change spec.finalizers. Once a terminating namespace has no
// finalizers left it is deleted. The namespace controller uses it after
// emptying the namespace.
func (s *Server) FinalizeNamespace(ns *api.Namespace) (*api.Namespace, error) {
	obj, err := copied(s.updateFrom(ns, "finalize"))
	if err != nil {
		return nil, err
	}
	return obj.(*api.Namespace), nil
}

// updateFrom copies in, then updates. It returns the stored object.
func (s *Server) updateFrom(in api.Object, sub string) (api.Object, error) {
	k, err := kindFor(in)
	if err != nil {
		return nil, err
	}
	s.expire()
	return s.update(k, s.copyForUpdate(k, in, sub), sub, true)
}

// copyForUpdate is the server's own copy of an update's input. A Pod's
// status write (every kubelet status report) whose spec is the stored
// one's shares the stored, frozen spec instead of copying it: the status
// strategy keeps the stored spec anyway, and defaulting and admission read
// the same values either way. Copying whole pods was most of what a large
// rollout allocated.
func (s *Server) copyForUpdate(k *api.KindInfo, in api.Object, sub string) api.Object {
	p, ok := in.(*api.Pod)
	if !ok || sub != "status" {
		return in.DeepCopyObject()
	}
	r := s.lookup(k, requestNamespace(k, p.Namespace), p.Name)
	if r == nil {
		return in.DeepCopyObject()
	}
	stored := r.obj.(*api.Pod)
	if !reflect.DeepEqual(&p.Spec, &stored.Spec) {
		return in.DeepCopyObject()
	}
	cp := new(api.Pod)
	*cp = *p
	cp.Spec = stored.Spec
	p.ObjectMeta.DeepCopyInto(&cp.ObjectMeta)
	p.Status.DeepCopyInto(&cp.Status)
	return cp
}

// notFoundResource is the 404 for an endpoint that does not exist, such as
// the status subresource of a kind without one.
func notFoundResource() *StatusError {
	return &StatusError{Code: codeNotFound, Reason: ReasonNotFound,
		Message: "the server could not find the requested resource", Details: &StatusDetails{}}
}

// update runs an update on obj, which the server owns from here on, and
// returns the stored object (or, for an update that deletes, obj).
// uidPrecondition is false for patches, whose uid is checked by validation
// instead (DefaultUpdatedObjectInfo(nil, ...) has no preconditions).
func (s *Server) update(k *api.KindInfo, obj api.Object, sub string, uidPrecondition bool) (api.Object, error) {
	switch {
	case sub == "status" && !hasStatusSubresource(k),
		sub == "finalize" && k.Kind != "Namespace":
		return nil, notFoundResource()
	}
	m := obj.GetObjectMeta()
	if m.Name == "" {
		return nil, NewBadRequest("resource name may not be empty")
	}
	m.Namespace = requestNamespace(k, m.Namespace)
	r := s.lookup(k, m.Namespace, m.Name)
	if r == nil {
		return nil, NewNotFound(k, m.Name)
	}
	old := r.obj
	oldMeta := old.GetObjectMeta()
	if uidPrecondition && m.UID != "" && m.UID != oldMeta.UID {
		return nil, NewConflict(k, m.Name, fmt.Errorf(
			"Precondition failed: UID in precondition: %s, UID in object meta: %s", m.UID, oldMeta.UID))
	}
	switch m.ResourceVersion {
	case "": // unconditional update
		m.ResourceVersion = oldMeta.ResourceVersion
	case oldMeta.ResourceVersion:
	default:
		return nil, NewConflict(k, m.Name, fmt.Errorf("%s", OptimisticLockErrorMsg))
	}
	a := &Attributes{Operation: OperationUpdate, Kind: k, Namespace: m.Namespace, Name: m.Name,
		Subresource: sub, Object: obj, OldObject: old}
	if err := s.admit(a); err != nil {
		return nil, err
	}
	if shouldDeleteDuringUpdate(obj, old) {
		// deleteWithoutFinalizers: the object goes; the watch sees its
		// last stored state, the caller gets the object it sent, at the
		// deletion's resourceVersion (upstream answers with a Status, or
		// for namespaces the deleted object: never the unchanged one, so
		// `kubectl patch` says "patched").
		s.commitDelete(k, r)
		api.SetTypeMeta(obj)
		obj.GetObjectMeta().ResourceVersion = strconv.FormatUint(s.rv, 10)
		return obj, nil
	}
	api.SetTypeMeta(obj)
	if api.SemanticEqual(obj, old) {
		return old, nil
	}
	s.commitUpdate(k, r, obj)
	return obj, nil
}

// shouldDeleteDuringUpdate models registry.ShouldDeleteDuringUpdate (and
// the namespace store's extra condition): an update that leaves no
// finalizers on an object being deleted with no grace period left deletes
// it.
func shouldDeleteDuringUpdate(obj, old api.Object) bool {
	m, o := obj.GetObjectMeta(), old.GetObjectMeta()
	if len(m.Finalizers) > 0 || o.DeletionTimestamp == nil {
		return false
	}
	if o.DeletionGracePeriodSeconds != nil && *o.DeletionGracePeriodSeconds != 0 {
		return false
	}
	if ns, ok := obj.(*api.Namespace); ok && len(ns.Spec.Finalizers) > 0 {
		return false
	}
	return true
}

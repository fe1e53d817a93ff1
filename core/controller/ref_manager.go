package controller

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// This file models pkg/controller/controller_ref_manager.go: how a
// controller claims the objects its selector matches. Upstream has one
// manager per dependent kind (PodControllerRefManager,
// ReplicaSetControllerRefManager, ...) around a shared
// BaseControllerRefManager; here one RefManager serves every kind, since an
// object's kind is known from its Go type.
//
// Patches: upstream sends strategic merge patches that carry the
// dependent's uid (so a recreated object is not claimed by mistake) and
// merge ownerReferences by uid. The playground API server speaks JSON patch
// (RFC 6902), so the same intent is expressed as "test uid, test the
// ownerReferences we read, then replace them". A failed test is a 422
// Invalid, exactly what upstream gets when the uid does not match, and
// ReleaseObject ignores it just as ReleasePod does.

// RefManager is BaseControllerRefManager: an owner (the controller object),
// the selector its dependents must match, and the once-only canAdopt check
// made before the first adoption of a sync.
//
// Create a new RefManager for every sync: like upstream's, it remembers the
// canAdopt answer.
type RefManager struct {
	server     *apiserver.Server
	controller api.Object
	kind       *api.KindInfo
	selector   labels.Selector

	canAdoptFunc func() error
	canAdoptDone bool
	canAdoptErr  error

	// Decisions, if set, records every adoption and release.
	Decisions *Decisions
}

// NewRefManager models NewPodControllerRefManager and
// NewReplicaSetControllerRefManager: owner is the controller object (its
// kind is taken from its Go type), canAdopt runs at most once, before the
// first adoption; nil means adoption is always allowed.
func NewRefManager(s *apiserver.Server, owner api.Object, selector labels.Selector, canAdopt func() error) *RefManager {
	return &RefManager{server: s, controller: owner, kind: api.KindOf(owner), selector: selector, canAdoptFunc: canAdopt}
}

// CanAdopt models BaseControllerRefManager.CanAdopt: the check runs once,
// and its answer holds for the rest of the manager's life.
func (m *RefManager) CanAdopt() error {
	if !m.canAdoptDone {
		m.canAdoptDone = true
		if m.canAdoptFunc != nil {
			m.canAdoptErr = m.canAdoptFunc()
		}
	}
	return m.canAdoptErr
}

// ClaimObject models BaseControllerRefManager.ClaimObject. It reports
// whether the controller owns obj after the call:
//   - controlled by another owner: ignored (false);
//   - controlled by us and matching: ours (true), even while we are being
//     deleted, since keeping it takes no action;
//   - controlled by us, not matching: released unless we are being deleted;
//   - an orphan that matches: adopted, unless we or it are being deleted or
//     it lives in another namespace.
//
// A NotFound from adopt or release means the object is gone: not an error.
func (m *RefManager) ClaimObject(obj api.Object, match func(api.Object) bool, adopt, release func(api.Object) error) (bool, error) {
	owner := m.controller.GetObjectMeta()
	meta := obj.GetObjectMeta()
	if ref := meta.ControllerRef(); ref != nil {
		if ref.UID != owner.UID {
			return false, nil // owned by someone else
		}
		if match(obj) {
			return true, nil
		}
		if owner.DeletionTimestamp != nil {
			return false, nil
		}
		if err := release(obj); err != nil {
			if apiserver.IsNotFound(err) {
				return false, nil
			}
			return false, err
		}
		return false, nil
	}
	// An orphan.
	if owner.DeletionTimestamp != nil || !match(obj) {
		return false, nil
	}
	if meta.DeletionTimestamp != nil {
		return false, nil
	}
	if owner.Namespace != "" && owner.Namespace != meta.Namespace {
		return false, nil
	}
	if err := adopt(obj); err != nil {
		if apiserver.IsNotFound(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// ClaimPods models PodControllerRefManager.ClaimPods: adopt matching
// orphans, release owned pods that no longer match, and return the pods the
// controller owns. A pod matches when the selector does and every filter
// agrees. Errors are aggregated; the claimed list is still returned.
func (m *RefManager) ClaimPods(pods []*api.Pod, filters ...func(*api.Pod) bool) ([]*api.Pod, error) {
	match := func(obj api.Object) bool {
		pod := obj.(*api.Pod)
		if !m.selector.Matches(labels.Set(pod.Labels)) {
			return false
		}
		for _, f := range filters {
			if !f(pod) {
				return false
			}
		}
		return true
	}
	var claimed []*api.Pod
	if len(pods) > 0 {
		claimed = make([]*api.Pod, 0, len(pods)) // most are usually ours
	}
	var errs []error
	for _, pod := range pods {
		ok, err := m.ClaimObject(pod, match, m.AdoptObject, m.ReleaseObject)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ok {
			claimed = append(claimed, pod)
		}
	}
	return claimed, newAggregate(errs)
}

// ClaimReplicaSets models ReplicaSetControllerRefManager.ClaimReplicaSets.
func (m *RefManager) ClaimReplicaSets(rss []*api.ReplicaSet) ([]*api.ReplicaSet, error) {
	match := func(obj api.Object) bool {
		return m.selector.Matches(labels.Set(obj.GetObjectMeta().Labels))
	}
	var claimed []*api.ReplicaSet
	var errs []error
	for _, rs := range rss {
		ok, err := m.ClaimObject(rs, match, m.AdoptObject, m.ReleaseObject)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ok {
			claimed = append(claimed, rs)
		}
	}
	return claimed, newAggregate(errs)
}

// AdoptObject models AdoptPod / AdoptReplicaSet: after the canAdopt check,
// patch in a controller ownerReference (controller and blockOwnerDeletion
// true) to the owner, guarded by the dependent's uid.
func (m *RefManager) AdoptObject(obj api.Object) error {
	meta := obj.GetObjectMeta()
	kind := kindName(obj)
	if err := m.CanAdopt(); err != nil {
		return fmt.Errorf("can't adopt %s %s/%s (%s): %v", kind, meta.Namespace, meta.Name, meta.UID, err)
	}
	patch, err := OwnerRefControllerPatch(m.controller, meta)
	if err != nil {
		return err
	}
	if _, err := m.server.Patch(api.KindOf(obj), meta.Namespace, meta.Name, apiserver.JSONPatchType, patch); err != nil {
		return err
	}
	m.record("ClaimObject", fmt.Sprintf("orphan %s %s matches selector %s", kind, meta.Name, m.selector),
		fmt.Sprintf("adopted %s %s", kind, meta.Name)).
		Say("controller.adopt", Name("kind", kind), Name("object", meta.Name), Name("owner", m.controller.GetObjectMeta().Name))
	return nil
}

// ReleaseObject models ReleasePod / ReleaseReplicaSet: patch away every
// ownerReference to the owner. NotFound (the object is gone) and Invalid
// (its uid or ownerReferences changed under us) are not errors.
func (m *RefManager) ReleaseObject(obj api.Object) error {
	meta := obj.GetObjectMeta()
	patch, err := DeleteOwnerRefPatch(meta, m.controller.GetObjectMeta().UID)
	if err != nil {
		return err
	}
	_, err = m.server.Patch(api.KindOf(obj), meta.Namespace, meta.Name, apiserver.JSONPatchType, patch)
	if err != nil {
		if apiserver.IsNotFound(err) || apiserver.IsInvalid(err) {
			return nil
		}
		return err
	}
	kind := kindName(obj)
	m.record("ClaimObject", fmt.Sprintf("%s %s is controlled by %s but no longer matches selector %s",
		kind, meta.Name, m.controller.GetObjectMeta().Name, m.selector),
		fmt.Sprintf("released %s %s", kind, meta.Name)).
		Say("controller.release", Name("kind", kind), Name("object", meta.Name), Name("owner", m.controller.GetObjectMeta().Name))
	return nil
}

func (m *RefManager) record(upstream, formula, result string) *Decision {
	if m.Decisions == nil {
		return nil
	}
	return m.Decisions.Add(upstream, formula, result)
}

func kindName(obj api.Object) string {
	if k := api.KindOf(obj); k != nil {
		return k.Kind
	}
	return fmt.Sprintf("%T", obj)
}

// NewControllerRef models metav1.NewControllerRef: an ownerReference to
// owner with controller and blockOwnerDeletion set, apiVersion and kind from
// the owner's type.
func NewControllerRef(owner api.Object) *api.OwnerReference {
	m := owner.GetObjectMeta()
	t := true
	ref := &api.OwnerReference{Name: m.Name, UID: m.UID, Controller: &t, BlockOwnerDeletion: &t}
	if k := api.KindOf(owner); k != nil {
		ref.APIVersion, ref.Kind = k.APIVersion(), k.Kind
	} else {
		tm := owner.GetTypeMeta()
		ref.APIVersion, ref.Kind = tm.APIVersion, tm.Kind
	}
	return ref
}

// jsonPatchOp is one RFC 6902 operation.
type jsonPatchOp struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value,omitempty"`
}

// OwnerRefControllerPatch models ownerRefControllerPatch as a JSON patch:
// test the dependent's uid and the ownerReferences it was read with, then
// set them to those plus a controller reference to owner (an existing
// reference with the owner's uid is replaced, as a strategic merge by uid
// would).
func OwnerRefControllerPatch(owner api.Object, dependent *api.ObjectMeta) ([]byte, error) {
	ref := *NewControllerRef(owner)
	refs := make([]api.OwnerReference, 0, len(dependent.OwnerReferences)+1)
	replaced := false
	for _, r := range dependent.OwnerReferences {
		if r.UID == ref.UID {
			r, replaced = ref, true
		}
		refs = append(refs, r)
	}
	if !replaced {
		refs = append(refs, ref)
	}
	ops := []jsonPatchOp{{Op: "test", Path: "/metadata/uid", Value: dependent.UID}}
	if len(dependent.OwnerReferences) > 0 {
		ops = append(ops,
			jsonPatchOp{Op: "test", Path: "/metadata/ownerReferences", Value: dependent.OwnerReferences},
			jsonPatchOp{Op: "replace", Path: "/metadata/ownerReferences", Value: refs})
	} else {
		ops = append(ops, jsonPatchOp{Op: "add", Path: "/metadata/ownerReferences", Value: refs})
	}
	return json.Marshal(ops)
}

// DeleteOwnerRefPatch models GenerateDeleteOwnerRefStrategicMergeBytes as
// a JSON patch: test the dependent's uid and the ownerReferences it was read
// with, then drop every reference to ownerUID (removing the field when none
// is left).
func DeleteOwnerRefPatch(dependent *api.ObjectMeta, ownerUID string) ([]byte, error) {
	var keep []api.OwnerReference
	for _, r := range dependent.OwnerReferences {
		if r.UID != ownerUID {
			keep = append(keep, r)
		}
	}
	ops := []jsonPatchOp{{Op: "test", Path: "/metadata/uid", Value: dependent.UID}}
	if len(dependent.OwnerReferences) == 0 {
		// Nothing to remove: make the patch fail its test, as upstream's
		// patch of an object without references fails validation.
		ops = append(ops, jsonPatchOp{Op: "test", Path: "/metadata/ownerReferences", Value: []api.OwnerReference{}})
		return json.Marshal(ops)
	}
	ops = append(ops, jsonPatchOp{Op: "test", Path: "/metadata/ownerReferences", Value: dependent.OwnerReferences})
	if len(keep) == 0 {
		ops = append(ops, jsonPatchOp{Op: "remove", Path: "/metadata/ownerReferences"})
	} else {
		ops = append(ops, jsonPatchOp{Op: "replace", Path: "/metadata/ownerReferences", Value: keep})
	}
	return json.Marshal(ops)
}

// RecheckDeletionTimestamp models the function of that name: a canAdopt
// check that fetches the owner afresh and refuses adoption once it is being
// deleted.
func RecheckDeletionTimestamp(getObject func() (api.Object, error)) func() error {
	return func() error {
		obj, err := getObject()
		if err != nil {
			return fmt.Errorf("can't recheck DeletionTimestamp: %v", err)
		}
		m := obj.GetObjectMeta()
		if m.DeletionTimestamp != nil {
			return fmt.Errorf("%v/%v has just been deleted at %v", m.Namespace, m.Name, m.DeletionTimestamp)
		}
		return nil
	}
}

// RecheckOwner is the canAdopt function the Deployment and ReplicaSet
// controllers build (syncDeployment's and claimPods' canAdoptFunc): an
// uncached GET of the owner, which must still have the same uid, then
// RecheckDeletionTimestamp.
func RecheckOwner(s *apiserver.Server, owner api.Object) func() error {
	return RecheckDeletionTimestamp(func() (api.Object, error) {
		m := owner.GetObjectMeta()
		k := api.KindOf(owner)
		fresh, err := s.Get(k, m.Namespace, m.Name)
		if err != nil {
			return nil, err
		}
		if uid := fresh.GetObjectMeta().UID; uid != m.UID {
			return nil, fmt.Errorf("original %s %s/%s is gone: got uid %s, wanted %s", k.Kind, m.Namespace, m.Name, uid, m.UID)
		}
		return fresh, nil
	})
}

// ClaimReplicaSets is what the Deployment controller's getReplicaSetsForDeployment
// does with its ReplicaSetControllerRefManager: claim rss for owner, with
// RecheckOwner as the canAdopt check. rss are informer copies and are not
// changed. ds, if not nil, records adoptions and releases.
func ClaimReplicaSets(ctx *Context, owner api.Object, selector labels.Selector, rss []*api.ReplicaSet, ds *Decisions) ([]*api.ReplicaSet, error) {
	m := NewRefManager(ctx.Server, owner, selector, RecheckOwner(ctx.Server, owner))
	m.Decisions = ds
	return m.ClaimReplicaSets(rss)
}

// aggregate models utilerrors.Aggregate: one error reads as itself, several
// as "[a, b]" with duplicate messages dropped.
type aggregate []error

func newAggregate(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return aggregate(errs)
}

func (a aggregate) Error() string {
	if len(a) == 1 {
		return a[0].Error()
	}
	seen := map[string]bool{}
	var msgs []string
	for _, e := range a {
		msg := e.Error()
		if seen[msg] {
			continue
		}
		seen[msg] = true
		msgs = append(msgs, msg)
	}
	if len(msgs) == 1 {
		return msgs[0]
	}
	return "[" + strings.Join(msgs, ", ") + "]"
}

// Errors returns the aggregated errors.
func (a aggregate) Errors() []error { return a }

// Unwrap lets errors.Is and errors.As look inside.
func (a aggregate) Unwrap() []error { return a }

package garbagecollector

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// This file holds the collector's API calls (upstream operations.go). The
// collector talks to the API server only; it reads live objects with Get,
// as upstream's metadata client does, rather than trusting its caches.

// restMappingError is upstream's restMappingError: an ownerReference or
// object whose apiVersion/kind the server does not serve.
type restMappingError struct {
	kind, version string
}

func (r *restMappingError) Error() string {
	return fmt.Sprintf("unable to get REST mapping for %s/%s.", r.version, r.kind)
}

// apiResource maps an apiVersion and kind to the served kind and whether it
// is namespaced (upstream apiResource, the REST mapper lookup). Only the
// exact group/version a kind is served at maps.
func apiResource(apiVersion, kind string) (*api.KindInfo, bool, error) {
	group, version, found := strings.Cut(apiVersion, "/")
	if !found {
		group, version = "", apiVersion
	}
	k, ok := api.LookupKind(kind)
	if !ok || k.Group != group || k.Version != version {
		return nil, false, &restMappingError{kind: kind, version: apiVersion}
	}
	return k, k.Namespaced, nil
}

// resourceDefaultNamespace clears the namespace for cluster-scoped kinds
// (upstream resourceDefaultNamespace).
func resourceDefaultNamespace(namespaced bool, namespace string) string {
	if namespaced {
		return namespace
	}
	return ""
}

// getObject reads the live object behind an identity (upstream getObject).
func (gc *GarbageCollector) getObject(id objectReference) (api.Object, error) {
	k, namespaced, err := apiResource(id.APIVersion, id.Kind)
	if err != nil {
		return nil, err
	}
	gc.client.Wait()
	return gc.server.Get(k, resourceDefaultNamespace(namespaced, id.Namespace), id.Name)
}

// deleteObject deletes the object behind id with a propagation policy
// (upstream deleteObject). The delete carries the uid as a precondition, so
// a recreated object of the same name is never hit, and the
// resourceVersion the decision was made at; if that conflicts only because
// something other than the ownerReferences changed, it retries without it.
func (gc *GarbageCollector) deleteObject(id objectReference, resourceVersion string, ownersAtResourceVersion []api.OwnerReference, policy apiserver.DeletionPropagation) error {
	k, namespaced, err := apiResource(id.APIVersion, id.Kind)
	if err != nil {
		return err
	}
	ns := resourceDefaultNamespace(namespaced, id.Namespace)
	uid := id.UID
	pre := &apiserver.Preconditions{UID: &uid}
	if resourceVersion != "" {
		rv := resourceVersion
		pre.ResourceVersion = &rv
	}
	gc.client.Wait()
	_, _, err = gc.server.Delete(k, ns, id.Name, &apiserver.DeleteOptions{Preconditions: pre, PropagationPolicy: &policy})
	if apiserver.IsConflict(err) && resourceVersion != "" {
		gc.client.Wait()
		live, liveErr := gc.server.Get(k, ns, id.Name)
		if apiserver.IsNotFound(liveErr) {
			return liveErr
		}
		if liveErr == nil {
			m := live.GetObjectMeta()
			if m.UID == id.UID && m.ResourceVersion != resourceVersion && reflect.DeepEqual(m.OwnerReferences, ownersAtResourceVersion) {
				// Something else changed; the ownerReferences the decision
				// rests on did not.
				return gc.deleteObject(id, "", nil, policy)
			}
		}
	}
	return err
}

// patchObject applies a JSON merge patch to the object behind id (upstream
// patchObject).
func (gc *GarbageCollector) patchObject(id objectReference, patch []byte) (api.Object, error) {
	k, namespaced, err := apiResource(id.APIVersion, id.Kind)
	if err != nil {
		return nil, err
	}
	gc.client.Wait()
	return gc.server.Patch(k, resourceDefaultNamespace(namespaced, id.Namespace), id.Name, apiserver.MergePatchType, patch)
}

// retrySteps is retry.DefaultBackoff.Steps, how often removeFinalizer
// retries on a conflict.
const retrySteps = 4

// errFinalizerGone reports that removeFinalizer found nothing to remove.
var errFinalizerGone = errors.New("finalizer already removed")

// removeFinalizer removes one finalizer from the owner with a JSON merge
// patch guarded by the resourceVersion it read, retrying on conflicts
// (upstream removeFinalizer). An owner that is gone, or no longer has the
// finalizer, is success (errFinalizerGone tells the caller which).
func (gc *GarbageCollector) removeFinalizer(owner *node, target string) error {
	var err error
	for range retrySteps {
		var obj api.Object
		obj, err = gc.getObject(owner.identity)
		if apiserver.IsNotFound(err) {
			return errFinalizerGone
		}
		if err != nil {
			return fmt.Errorf("cannot finalize owner %s, because cannot get it: %v. The garbage collector will retry later", owner.identity, err)
		}
		m := obj.GetObjectMeta()
		if !slices.Contains(m.Finalizers, target) {
			return errFinalizerGone
		}
		var patch []byte
		patch, err = finalizersPatch(m.ResourceVersion, slices.DeleteFunc(slices.Clone(m.Finalizers), func(f string) bool { return f == target }))
		if err != nil {
			return fmt.Errorf("unable to finalize %s due to an error serializing patch: %v", owner.identity, err)
		}
		_, err = gc.patchObject(owner.identity, patch)
		if !apiserver.IsConflict(err) {
			return err
		}
	}
	return fmt.Errorf("updateMaxRetries(%d) has reached. The garbage collector will retry later for owner %v", retrySteps, owner.identity)
}

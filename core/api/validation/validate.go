package validation

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// ValidateObject validates an object on create, as the kind's registry
// strategy Validate does upstream. obj must already be defaulted
// (api.SetDefaults) and named (a generateName expanded into a name).
// Errors come in upstream's order: metadata first, then the spec.
func ValidateObject(obj api.Object) field.ErrorList {
	switch o := obj.(type) {
	case *api.Deployment:
		return validateDeployment(o)
	case *api.ReplicaSet:
		return validateReplicaSet(o)
	case *api.Pod:
		return validatePodCreate(o)
	case *api.Service:
		return validateService(o)
	case *api.Namespace:
		return validateNamespace(o)
	case *api.Node:
		return validateNode(o)
	case *api.ResourceQuota:
		return validateResourceQuota(o)
	case *api.Lease:
		return validateLease(o)
	case *api.RuntimeClass:
		return validateRuntimeClass(o)
	case *api.EndpointSlice:
		return validateEndpointSlice(o, false)
	case *api.Endpoints:
		return validateEndpoints(o)
	case *api.Event:
		return validateEvent(o)
	case *api.ConfigMap:
		return validateConfigMap(o)
	case *api.Secret:
		return validateSecret(o)
	case *api.ServiceAccount:
		return validateServiceAccount(o)
	}
	if errs, ok := validateKinds(obj); ok { // kinds.go
		return errs
	}
	return unknownKind(obj)
}

// ValidateObjectUpdate validates an update of old to obj, as the kind's
// strategy ValidateUpdate does: the metadata update rules (immutable name,
// namespace, uid, creationTimestamp; a resourceVersion is required), the
// spec rules of create, and the kind's immutable fields (a Deployment's or
// ReplicaSet's spec.selector, a Service's cluster IPs, ...). obj and old
// must be of the same kind.
func ValidateObjectUpdate(obj, old api.Object) field.ErrorList {
	switch o := obj.(type) {
	case *api.Deployment:
		if p, ok := old.(*api.Deployment); ok {
			return validateDeploymentUpdate(o, p)
		}
	case *api.ReplicaSet:
		if p, ok := old.(*api.ReplicaSet); ok {
			return validateReplicaSetUpdate(o, p)
		}
	case *api.Pod:
		if p, ok := old.(*api.Pod); ok {
			return validatePodUpdate(o, p)
		}
	case *api.Service:
		if p, ok := old.(*api.Service); ok {
			return validateServiceUpdate(o, p)
		}
	case *api.Namespace:
		if p, ok := old.(*api.Namespace); ok {
			return validateNamespaceUpdate(o, p)
		}
	case *api.Node:
		if p, ok := old.(*api.Node); ok {
			return validateNodeUpdate(o, p, true)
		}
	case *api.ResourceQuota:
		if p, ok := old.(*api.ResourceQuota); ok {
			return validateResourceQuotaUpdate(o, p)
		}
	case *api.Lease:
		if p, ok := old.(*api.Lease); ok {
			return validateLeaseUpdate(o, p)
		}
	case *api.RuntimeClass:
		if p, ok := old.(*api.RuntimeClass); ok {
			return validateRuntimeClassUpdate(o, p)
		}
	case *api.EndpointSlice:
		if p, ok := old.(*api.EndpointSlice); ok {
			return validateEndpointSliceUpdate(o, p)
		}
	case *api.Endpoints:
		if p, ok := old.(*api.Endpoints); ok {
			return validateEndpointsUpdate(o, p)
		}
	case *api.Event:
		if p, ok := old.(*api.Event); ok {
			return validateObjectMetaUpdate(&o.ObjectMeta, &p.ObjectMeta, true, field.NewPath("metadata"))
		}
	case *api.ConfigMap:
		if p, ok := old.(*api.ConfigMap); ok {
			return validateConfigMapUpdate(o, p)
		}
	case *api.Secret:
		if p, ok := old.(*api.Secret); ok {
			return validateSecretUpdate(o, p)
		}
	case *api.ServiceAccount:
		if p, ok := old.(*api.ServiceAccount); ok {
			return validateServiceAccountUpdate(o, p)
		}
	default:
		if errs, ok := validateKindsUpdate(obj, old); ok { // kinds.go
			return errs
		}
		return unknownKind(obj)
	}
	return kindMismatch(obj, old)
}

// ValidateStatusUpdate validates a write to the status subresource, as the
// kind's status strategy ValidateUpdate does: metadata update rules plus
// the status invariants (a Deployment's updated/ready/available replicas
// may not exceed replicas, available may not exceed ready, collisionCount
// may not decrease; a Namespace's phase follows its deletionTimestamp).
// Kinds without status rules get the metadata update rules only.
func ValidateStatusUpdate(obj, old api.Object) field.ErrorList {
	switch o := obj.(type) {
	case *api.Deployment:
		if p, ok := old.(*api.Deployment); ok {
			return validateDeploymentStatusUpdate(o, p)
		}
	case *api.ReplicaSet:
		if p, ok := old.(*api.ReplicaSet); ok {
			return validateReplicaSetStatusUpdate(o, p)
		}
	case *api.Pod:
		if p, ok := old.(*api.Pod); ok {
			return validatePodStatusUpdate(o, p)
		}
	case *api.Service:
		if p, ok := old.(*api.Service); ok {
			return validateServiceStatusUpdate(o, p)
		}
	case *api.Namespace:
		if p, ok := old.(*api.Namespace); ok {
			return validateNamespaceStatusUpdate(o, p)
		}
	case *api.Node:
		if p, ok := old.(*api.Node); ok {
			return validateNodeUpdate(o, p, false)
		}
	case *api.ResourceQuota:
		if p, ok := old.(*api.ResourceQuota); ok {
			return validateResourceQuotaStatusUpdate(o, p)
		}
	case nil:
		return unknownKind(obj)
	default:
		if errs, ok := validateKindsStatusUpdate(obj, old); ok { // kinds.go
			return errs
		}
		if old == nil || fmt.Sprintf("%T", obj) != fmt.Sprintf("%T", old) {
			return kindMismatch(obj, old)
		}
		if api.KindOf(obj) == nil {
			return unknownKind(obj)
		}
		return validateObjectMetaUpdate(obj.GetObjectMeta(), old.GetObjectMeta(), true, field.NewPath("metadata"))
	}
	return kindMismatch(obj, old)
}

func unknownKind(obj api.Object) field.ErrorList {
	return field.ErrorList{field.InternalError(field.NewPath("kind"), fmt.Errorf("no validation for %T", obj))}
}

func kindMismatch(obj, old api.Object) field.ErrorList {
	return field.ErrorList{field.InternalError(field.NewPath("kind"), fmt.Errorf("cannot update %T from %T", obj, old))}
}

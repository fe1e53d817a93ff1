package apiserver

import (
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

// This file holds the per-kind REST strategies: what the registry does to an
// object before validation on create, update and status update. Each case
// cites the upstream strategy it models (pkg/registry/<group>/<kind>/strategy.go).

// hasStatusSubresource reports whether a kind is served with a /status
// subresource, so that its main endpoint ignores status changes and its
// status endpoint ignores spec changes.
func hasStatusSubresource(k *api.KindInfo) bool {
	switch k.Kind {
	case "Deployment", "ReplicaSet", "Pod", "Service", "Node", "Namespace", "ResourceQuota":
		return true
	}
	return kindsHaveStatus(k) // strategy_kinds.go
}

// supportsGracefulDeletion reports whether a kind's strategy implements
// RESTGracefulDeleteStrategy (only pods do).
func supportsGracefulDeletion(k *api.KindInfo) bool { return k.Kind == "Pod" }

// prepareForCreate models each kind's Strategy.PrepareForCreate: clear the
// status users may not set and start the generation at 1 where the kind
// tracks one.
func prepareForCreate(obj api.Object) {
	switch o := obj.(type) {
	case *api.Deployment: // deploymentStrategy.PrepareForCreate
		o.Status = api.DeploymentStatus{}
		o.Generation = 1
		dropDisabledPodFields(&o.Spec.Template.Spec, nil)
	case *api.ReplicaSet: // rsStrategy.PrepareForCreate
		o.Status = api.ReplicaSetStatus{}
		o.Generation = 1
		dropDisabledPodFields(&o.Spec.Template.Spec, nil)
	case *api.Pod: // podStrategy.PrepareForCreate
		o.Generation = 1
		dropDisabledPodFields(&o.Spec, nil)
		o.Status = api.PodStatus{Phase: api.PodPending, QOSClass: string(api.ComputePodQOS(o))}
	case *api.Service: // svcStrategy.PrepareForCreate
		o.Status = api.ServiceStatus{}
	case *api.ResourceQuota: // resourcequotaStrategy.PrepareForCreate
		o.Status = api.ResourceQuotaStatus{}
	case *api.Namespace: // namespaceStrategy.PrepareForCreate
		o.Status = api.NamespaceStatus{Phase: api.NamespaceActive}
		if !slices.Contains(o.Spec.Finalizers, FinalizerKubernetes) {
			o.Spec.Finalizers = append(o.Spec.Finalizers, FinalizerKubernetes)
		}
	case *api.EndpointSlice: // endpointSliceStrategy.PrepareForCreate
		o.Generation = 1
	case *api.Node:
		// nodeStrategy.PrepareForCreate keeps the status: a kubelet
		// registers its node with capacity and conditions filled in.
	}
}

// FinalizerKubernetes is the namespace spec finalizer the namespace
// controller removes once a terminating namespace is empty
// (api.FinalizerKubernetes).
const FinalizerKubernetes = "kubernetes"

// prepareForUpdate models each kind's Strategy.PrepareForUpdate on the main
// endpoint: status changes are dropped for kinds with a status subresource,
// and the generation moves when the spec changes (for Deployments also when
// the annotations change, since they are copied to ReplicaSets). The
// caller has already reset obj's generation to old's (rest.BeforeUpdate).
func prepareForUpdate(obj, old api.Object) {
	switch o := obj.(type) {
	case *api.Deployment: // deploymentStrategy.PrepareForUpdate
		p := old.(*api.Deployment)
		o.Status = p.Status
		dropDisabledPodFields(&o.Spec.Template.Spec, &p.Spec.Template.Spec)
		if !api.SemanticEqual(o.Spec, p.Spec) || !api.SemanticEqual(o.Annotations, p.Annotations) {
			o.Generation = p.Generation + 1
		}
	case *api.ReplicaSet: // rsStrategy.PrepareForUpdate
		p := old.(*api.ReplicaSet)
		o.Status = p.Status
		dropDisabledPodFields(&o.Spec.Template.Spec, &p.Spec.Template.Spec)
		if !api.SemanticEqual(o.Spec, p.Spec) {
			o.Generation = p.Generation + 1
		}
	case *api.Pod: // podStrategy.PrepareForUpdate, updatePodGeneration
		p := old.(*api.Pod)
		o.Status = p.Status
		dropDisabledPodFields(&o.Spec, &p.Spec)
		if !api.SemanticEqual(o.Spec, p.Spec) {
			o.Generation = p.Generation + 1
		}
	case *api.Service: // svcStrategy.PrepareForUpdate
		o.Status = old.(*api.Service).Status
	case *api.Node: // nodeStrategy.PrepareForUpdate
		o.Status = old.(*api.Node).Status
	case *api.ResourceQuota: // resourcequotaStrategy.PrepareForUpdate
		o.Status = old.(*api.ResourceQuota).Status
	case *api.Namespace: // namespaceStrategy.PrepareForUpdate
		p := old.(*api.Namespace)
		o.Spec.Finalizers = p.Spec.Finalizers // only namespaces/finalize changes them
		o.Status = p.Status
	case *api.EndpointSlice: // endpointSliceStrategy.PrepareForUpdate
		p := old.(*api.EndpointSlice)
		if o.AddressType != p.AddressType || !api.SemanticEqual(o.Endpoints, p.Endpoints) ||
			!api.SemanticEqual(o.Ports, p.Ports) || !api.SemanticEqual(o.Labels, p.Labels) {
			o.Generation = p.Generation + 1
		}
	}
}

// prepareForStatusUpdate models each kind's StatusStrategy.PrepareForUpdate:
// a status write never changes the spec. Metadata follows upstream kind by
// kind: a Deployment's labels are kept from the stored object, a Pod's
// ownerReferences too, and other metadata changes (annotations, finalizers)
// go through — the Deployment controller relies on that to record the
// revision annotation with UpdateStatus.
func prepareForStatusUpdate(obj, old api.Object) {
	switch o := obj.(type) {
	case *api.Deployment: // deploymentStatusStrategy.PrepareForUpdate
		p := old.(*api.Deployment)
		o.Spec = p.Spec
		o.Labels = p.Labels
	case *api.ReplicaSet: // rsStatusStrategy.PrepareForUpdate
		o.Spec = old.(*api.ReplicaSet).Spec
	case *api.Pod: // podStatusStrategy.PrepareForUpdate
		p := old.(*api.Pod)
		o.Spec = p.Spec
		o.OwnerReferences = p.OwnerReferences
		if o.Status.QOSClass == "" {
			o.Status.QOSClass = p.Status.QOSClass
		}
	case *api.Service: // serviceStatusStrategy.PrepareForUpdate
		o.Spec = old.(*api.Service).Spec
	case *api.Node: // nodeStatusStrategy.PrepareForUpdate
		o.Spec = old.(*api.Node).Spec
	case *api.ResourceQuota: // resourcequotaStatusStrategy.PrepareForUpdate
		o.Spec = old.(*api.ResourceQuota).Spec
	case *api.Namespace: // namespaceStatusStrategy.PrepareForUpdate
		o.Spec = old.(*api.Namespace).Spec
	}
}

// prepareForFinalize models namespaceFinalizeStrategy.PrepareForUpdate: the
// namespaces/finalize subresource may change everything but the status.
func prepareForFinalize(obj, old api.Object) {
	obj.(*api.Namespace).Status = old.(*api.Namespace).Status
}

// checkGracefulDelete models podStrategy.CheckGracefulDelete: the grace
// period a pod deletion gets. The options' value wins over the pod's
// terminationGracePeriodSeconds (30 when unset, the API default); a pod
// never scheduled, or already finished, is deleted at once; negative
// periods count as 1.
func checkGracefulDelete(obj api.Object, opts *DeleteOptions) int64 {
	pod := obj.(*api.Pod)
	period := int64(defaultTerminationGracePeriodSeconds)
	switch {
	case opts.GracePeriodSeconds != nil:
		period = *opts.GracePeriodSeconds
	case pod.Spec.TerminationGracePeriodSeconds != nil:
		period = *pod.Spec.TerminationGracePeriodSeconds
	}
	if pod.Spec.NodeName == "" {
		period = 0
	}
	if pod.Status.Phase == api.PodFailed || pod.Status.Phase == api.PodSucceeded {
		period = 0
	}
	if period < 0 {
		period = 1
	}
	return period
}

// defaultTerminationGracePeriodSeconds is v1.DefaultTerminationGracePeriodSeconds.
const defaultTerminationGracePeriodSeconds = 30

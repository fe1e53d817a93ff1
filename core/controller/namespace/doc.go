// Package namespace is kube-controller-manager's namespace controller
// (pkg/controller/namespace): it empties a namespace that is being deleted
// and then releases it to the API server.
//
// The story of `kubectl delete namespace dev`, with the v1.37 timings:
//
//	t      the API server sets deletionTimestamp and phase Terminating;
//	       nothing new may be created in dev from now on (NamespaceLifecycle)
//	t+5s   the controller's first sync (namespaceDeletionGracePeriod): pods
//	       first (OrderedNamespaceDeletion, GA and locked on since v1.34):
//	       every pod is deleted gracefully; while any remains the sync stops
//	       there, writes the five Namespace* conditions and requeues after
//	       estimate/2+1 s, where the estimate is the longest
//	       terminationGracePeriodSeconds of the unfinished pods (30 s → 16 s)
//	       unless that much time has passed since t. The status write
//	       itself brings the namespace back 5 s later.
//	       The kubelets stop the containers; the pods go.
//	t+10s  no pods left: every other resource is deleted (background
//	       propagation); once nothing remains the `kubernetes` finalizer is
//	       removed through namespaces/finalize, and with spec.finalizers
//	       empty the API server deletes the namespace.
//
// Content that will not go (a finalizer nobody removes, pods on a node that
// is down) keeps the namespace Terminating, with the reason in its
// conditions: NamespaceContentRemaining, NamespaceFinalizersRemaining, or
// NamespaceDeletionContentFailure once the pods' grace estimate has run out.
//
// The controller records no events, as upstream. Files mirror upstream's:
// namespace_controller.go (queue, informer, worker), deleter.go
// (deletion/namespaced_resources_deleter.go) and conditions.go
// (deletion/status_condition_utils.go).
package namespace

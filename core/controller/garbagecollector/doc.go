// Package garbagecollector is the simulated kube-controller-manager's
// garbage collector (pkg/controller/garbagecollector): it deletes objects
// whose owners are gone and carries out the three deletion propagation
// policies.
//
//   - Background (the default): the API server deletes the owner at once;
//     its deletion leaves the dependents' ownerReferences dangling, and the
//     collector deletes each dependent whose owners are all gone.
//   - Foreground: the API server keeps the owner with a deletionTimestamp
//     and the foregroundDeletion finalizer; the collector deletes its
//     dependents (in the foreground too when they have dependents of their
//     own) and removes the finalizer once no dependent with
//     blockOwnerDeletion=true is left, so the owner goes last.
//   - Orphan: the API server keeps the owner with the orphan finalizer; the
//     collector removes the owner from every dependent's ownerReferences,
//     then removes the finalizer. The dependents keep running.
//
// Dangling owners are collected too: a dependent whose ownerReference names
// a uid the API server does not have (looked up by kind and name, then
// compared by uid) is deleted once all its owners are verified absent.
//
// Files mirror upstream's: garbagecollector.go (the workers:
// attemptToDeleteItem, isDangling, classifyReferences,
// processDeletingDependentsItem, attemptToOrphanWorker), graph_builder.go
// (processGraphChanges and the graph upkeep), graph.go (nodes),
// operations.go (API calls), patch.go (the patches), uid_cache.go (the
// absent-owner cache).
//
// Determinism: every walk over a node's dependents is in upstream's
// referenceLessThan order (kind, apiVersion, namespace, name, uid), the
// graph is updated synchronously from informer events in resourceVersion
// order, and each work item records what it decided in the Decisions.
package garbagecollector

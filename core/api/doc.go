// Package api holds Kubeplay's API objects: typed Go structs with the field
// names and JSON tags of the real Kubernetes APIs (core/v1, apps/v1,
// discovery.k8s.io/v1, coordination.k8s.io/v1, node.k8s.io/v1), the registry
// that maps kinds to resources, and defaulting.
//
// Optional scalars are pointers, as upstream, so that "unset" and "zero" stay
// distinguishable until defaulting runs. Nothing here performs I/O or reads the
// wall clock.
package api

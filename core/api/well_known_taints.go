package api

// The taints the control plane and the kubelet put on nodes
// (k8s.io/api/core/v1 well_known_taints.go): the node lifecycle controller
// from the node's conditions, the kubelet and kubectl cordon for an
// unschedulable node, an administrator for an out-of-service one.
const (
	TaintNodeNotReady           = "node.kubernetes.io/not-ready"
	TaintNodeUnreachable        = "node.kubernetes.io/unreachable"
	TaintNodeUnschedulable      = "node.kubernetes.io/unschedulable"
	TaintNodeMemoryPressure     = "node.kubernetes.io/memory-pressure"
	TaintNodeDiskPressure       = "node.kubernetes.io/disk-pressure"
	TaintNodeNetworkUnavailable = "node.kubernetes.io/network-unavailable"
	TaintNodePIDPressure        = "node.kubernetes.io/pid-pressure"
	TaintNodeOutOfService       = "node.kubernetes.io/out-of-service"
)

// Package nodelifecycle is the part of kube-controller-manager that watches
// nodes: the node lifecycle controller (node_lifecycle_controller.go), the
// taint eviction controller (taint_eviction.go) and the pod garbage
// collector (podgc.go), plus the kubelet's lease helper (lease.go) that the
// kubelet actors call to heartbeat.
//
// The story they tell together, with the v1.37 defaults:
//
//	t      the kubelet of node-2 stops (last lease renewal seen at t)
//	t+50s  grace period over; at the next 5-second health pass the node's
//	       conditions turn Unknown (NodeStatusUnknown, "Kubelet stopped
//	       posting node status."), NodeNotReady events, pods marked not
//	       Ready, taint node.kubernetes.io/unreachable:NoSchedule
//	+5s    next pass: taint node.kubernetes.io/unreachable:NoExecute
//	+300s  the pods' default toleration (DefaultTolerationSeconds) runs
//	       out: TaintManagerEviction "Marking for deletion Pod ...", the pods
//	       are deleted and stay Terminating (no kubelet confirms); their
//	       ReplicaSet replaces them on healthy nodes
//	       if the Node object is deleted, the pod garbage collector
//	       force-deletes its pods after a 40-second quarantine.
//
// Files: node_lifecycle_controller.go (health, taints, disruption), taints.go
// (taint and toleration helpers, the rate-limited tainting queue),
// taint_eviction.go, podgc.go, lease.go.
package nodelifecycle

// Package nodelifecycle is the node lifecycle controller of
// kube-controller-manager (pkg/controller/nodelifecycle), which watches the
// nodes' health and taints them (the kubelet's lease heartbeat is
// core/kubelet/nodelease). Two separate controllers act
// on its taints, as upstream: core/controller/tainteviction evicts the pods
// of a NoExecute-tainted node, core/controller/podgc collects the pods of a
// node that is gone.
//
// The story the three tell together, with the v1.37 defaults:
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
// Files: node_lifecycle_controller.go (options, Sync, the NoSchedule and
// label passes), node_health.go (monitorNodeHealth, the grace period, the
// NoExecute tainting it queues), zones.go (zone states, disruption, the
// per-zone tainting rate), controller_utils.go (MarkPodsNotReady and the
// node events), taints.go (taint helpers, the rate-limited tainting queue).
package nodelifecycle

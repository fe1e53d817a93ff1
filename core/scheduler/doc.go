// Package scheduler is the playground's kube-scheduler: a controller that
// binds pending pods to nodes with the default profile's filters and a
// small, documented score, and that reports failures the way a v1.37
// scheduler does (the FailedScheduling event and the PodScheduled=False
// Unschedulable condition, word for word).
//
// Files, in the order of a scheduling cycle (pkg/scheduler/schedule_one.go):
//
//	scheduler.go  the controller, the scheduling queue, scheduleOne, binding
//	              and handleSchedulingFailure
//	cache.go      what each node's pods request (the scheduler cache)
//	filter.go     NodeUnschedulable, TaintToleration, NodeAffinity
//	              (nodeSelector), NodePorts, NodeResourcesFit
//	score.go      least allocated + spreading of an owner's pods + PreferNoSchedule
//	              + preferred node affinity + inter-pod affinity
//	podtopologyspread.go  the pod's topologySpreadConstraints: DoNotSchedule
//	              filters, ScheduleAnyway scores
//	interpodaffinity.go   required pod affinity and anti-affinity (a filter)
//	interpodaffinityscore.go  preferred ones, and the existing pods' terms
//	              that match the pod (a score)
//	fiterror.go   "0/3 nodes are available: 3 Insufficient cpu. ..."
//	hints.go      which cluster events requeue an unschedulable pod
//
// Not modelled: preemption (the playground has no PriorityClasses, so no pod
// could preempt another — the message still says so as upstream does),
// DRA, and scheduling gates.
package scheduler

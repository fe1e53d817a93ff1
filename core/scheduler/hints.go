package scheduler

import (
	"maps"
	"sort"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/controller"
)

// This file holds the queueing hints (QueueingHintFn; SchedulerQueueingHints, on by default since v1.32): when
// a node or an assigned pod changes, each unschedulable pod asks the plugins
// that rejected it whether the change may make it schedulable, and only
// then is it retried (MoveAllToActiveOrBackoffQueue, isPodWorthRequeuing).
// A pod that no plugin rejected (there were no nodes) is retried on any
// event.

// nodeChanged is the node informer's handler: NodeAdd, or a NodeUpdate of
// what the filters read (spec.unschedulable, taints, labels, allocatable).
func (s *Scheduler) nodeChanged(old, cur *api.Node) {
	s.cache.setNode(cur)
	s.snapshot = nil
	if old != nil && !nodeSchedulingChanged(old, cur) {
		return
	}
	s.requeue(func(f *podFacts, plugin string) bool { return nodeHint(plugin, f, old, cur) })
}

// onAssignedPodDeleted handles AssignedPodDelete (a bound pod deleted, or
// turned terminal): its resources and host ports are free again.
func (s *Scheduler) onAssignedPodDeleted(gone *api.Pod) {
	goneFacts := newPodFacts(gone)
	s.requeue(func(f *podFacts, plugin string) bool {
		switch plugin {
		case pluginNodeResourcesFit:
			return true // noderesources isSchedulableAfterPodEvent
		case pluginNodePorts: // nodeports isSchedulableAfterPodDeleted
			for _, p := range f.ports {
				for _, q := range goneFacts.ports {
					if p.conflicts(q) {
						return true
					}
				}
			}
		case pluginPodTopologySpread:
			return spreadCounts(f.pod, gone)
		}
		return false
	})
}

// onAssignedPodAdded handles AssignedPodAdd for PodTopologySpread: a pod
// that one of a pending pod's constraints counts changes the skew.
func (s *Scheduler) onAssignedPodAdded(added *api.Pod) {
	s.requeue(func(f *podFacts, plugin string) bool {
		return plugin == pluginPodTopologySpread && spreadCounts(f.pod, added)
	})
}

// spreadCounts models podtopologyspread isSchedulableAfterPodChange: the
// changed pod is in pod's namespace and matches one of its constraints'
// selectors.
func spreadCounts(pod, changed *api.Pod) bool {
	if changed.Namespace != pod.Namespace {
		return false
	}
	for _, action := range []string{"DoNotSchedule", "ScheduleAnyway"} {
		for _, c := range spreadConstraints(pod, action) {
			if c.selector.Matches(labels.Set(changed.Labels)) {
				return true
			}
		}
	}
	return false
}

// requeue activates every unschedulable pod for which hint says Queue for
// one of its rejecting plugins, in key order.
//
// Every assigned pod's deletion calls it, thousands of times in a big
// rollout; while no pod is unschedulable it returns without walking the
// pending pods.
func (s *Scheduler) requeue(hint func(f *podFacts, plugin string) bool) {
	if !s.mayHaveUnschedulable {
		return
	}
	var keys []string
	for key, st := range s.states {
		if st.phase == phaseUnschedulable {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	left := 0
	for _, key := range keys {
		st := s.states[key]
		ns, name := controller.SplitKey(key)
		pod, ok := controller.GetAs[*api.Pod](s.pods, ns, name)
		if !ok {
			left++
			continue
		}
		f := newPodFacts(pod)
		worth := len(st.rejectors) == 0
		for plugin := range st.rejectors {
			if !worth && hint(f, plugin) {
				worth = true
			}
		}
		if worth {
			s.activate(key, st)
		} else {
			left++
		}
	}
	s.mayHaveUnschedulable = left > 0
}

// nodeSchedulingChanged reports whether an update touches what the
// scheduler's plugins read (the NodeUpdate event types UpdateNodeAllocatable,
// UpdateNodeLabel, UpdateNodeTaint and spec.unschedulable).
func nodeSchedulingChanged(old, cur *api.Node) bool {
	if old.Spec.Unschedulable != cur.Spec.Unschedulable || len(old.Spec.Taints) != len(cur.Spec.Taints) ||
		len(old.Labels) != len(cur.Labels) {
		return true
	}
	for i := range old.Spec.Taints {
		a, b := old.Spec.Taints[i], cur.Spec.Taints[i]
		if a.Key != b.Key || a.Value != b.Value || a.Effect != b.Effect {
			return true
		}
	}
	for k, v := range old.Labels {
		if cv, ok := cur.Labels[k]; !ok || cv != v {
			return true
		}
	}
	oa, op := allocatable(old)
	ca, cp := allocatable(cur)
	return oa != ca || op != cp
}

// nodeHint is each Filter plugin's isSchedulableAfterNodeChange; old is
// nil for NodeAdd.
func nodeHint(plugin string, f *podFacts, old, cur *api.Node) bool {
	switch plugin {
	case pluginNodeUnschedulable:
		return (old == nil || old.Spec.Unschedulable) && !cur.Spec.Unschedulable
	case pluginTaintToleration:
		wasUntolerated := true
		if old != nil {
			_, wasUntolerated = api.FindMatchingUntoleratedTaint(old.Spec.Taints, f.pod.Spec.Tolerations, doNotScheduleTaint)
		}
		_, isUntolerated := api.FindMatchingUntoleratedTaint(cur.Spec.Taints, f.pod.Spec.Tolerations, doNotScheduleTaint)
		return wasUntolerated && !isUntolerated
	case pluginNodeAffinity:
		return nodeMatchesSelector(f.pod, cur) && (old == nil || !nodeMatchesSelector(f.pod, old))
	case pluginNodePorts:
		return old == nil
	case pluginPodTopologySpread:
		// isSchedulableAfterNodeChange: a node added, or its labels changed.
		return old == nil || len(old.Labels) != len(cur.Labels) || !maps.Equal(old.Labels, cur.Labels)
	case pluginNodeResourcesFit:
		// The pod must fit the node's allocatable at all, and the node be
		// new or have more of something the pod asks for.
		ca, cp := allocatable(cur)
		if f.requests.milliCPU > ca.milliCPU || f.requests.memory > ca.memory || cp < 1 {
			return false
		}
		if old == nil {
			return true
		}
		oa, op := allocatable(old)
		return cp > op || (f.requests.milliCPU > 0 && ca.milliCPU > oa.milliCPU) ||
			(f.requests.memory > 0 && ca.memory > oa.memory)
	}
	return false
}

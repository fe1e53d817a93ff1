package apiserver

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// systemPriorityClass is one of the PriorityClasses every cluster has: the
// API server creates them at start (scheduling.SystemPriorityClasses,
// values SystemCriticalPriority = 2 × HighestUserDefinablePriority and
// 1000 more for node-critical pods), and their preemptionPolicy defaults
// to PreemptLowerPriority.
type systemPriorityClass struct {
	name  string
	value int32
}

var systemPriorityClasses = []systemPriorityClass{
	{"system-node-critical", 2000001000},
	{"system-cluster-critical", 2000000000},
}

// Priority models the Priority admission plugin
// (plugin/pkg/admission/priority/admission.go, Plugin.Admit and
// admitPod), on by default upstream. On a pod create through the main
// endpoint it resolves spec.priorityClassName into spec.priority and
// spec.preemptionPolicy:
//
//   - no class named and no globalDefault class: priority 0
//     (DefaultPriorityWhenNoDefaultClassExists) and PreemptLowerPriority;
//   - system-cluster-critical or system-node-critical: their values;
//   - any other name: `pods "x" is forbidden: no PriorityClass with name
//     high was found`.
//
// A priority or preemption policy the client wrote must equal the computed
// one, or the pod is refused. On update, a request without them keeps the
// stored values (validation then forbids changing them).
//
// The playground has no PriorityClass kind: the two system classes are the
// only ones, and none is the global default.
type Priority struct{}

// Name implements Plugin.
func (Priority) Name() string { return "Priority" }

// Admit implements Plugin.
func (Priority) Admit(a *Attributes) error {
	pod := admittedPod(a)
	if pod == nil {
		return nil
	}
	switch a.Operation {
	case OperationUpdate:
		old := a.OldObject.(*api.Pod)
		if pod.Spec.Priority == nil && old.Spec.Priority != nil {
			v := *old.Spec.Priority
			pod.Spec.Priority = &v
		}
		if pod.Spec.PreemptionPolicy == nil && old.Spec.PreemptionPolicy != nil {
			v := *old.Spec.PreemptionPolicy
			pod.Spec.PreemptionPolicy = &v
		}
		return nil
	case OperationCreate:
	default:
		return nil
	}
	priority, policy := int32(0), api.PreemptLowerPriority
	if name := pod.Spec.PriorityClassName; name != "" {
		found := false
		for _, pc := range systemPriorityClasses {
			if pc.name == name {
				priority, found = pc.value, true
			}
		}
		if !found {
			return NewForbidden(a.Kind, admissionName(a), fmt.Errorf("no PriorityClass with name %v was found", name))
		}
	}
	if p := pod.Spec.Priority; p != nil && *p != priority {
		return NewForbidden(a.Kind, admissionName(a), fmt.Errorf("the integer value of priority (%d) must not be provided in pod spec; priority admission controller computed %d from the given PriorityClass name", *p, priority))
	}
	pod.Spec.Priority = &priority
	if p := pod.Spec.PreemptionPolicy; p != nil && *p != policy {
		return NewForbidden(a.Kind, admissionName(a), fmt.Errorf("the string value of PreemptionPolicy (%s) must not be provided in pod spec; priority admission controller computed %s from the given PriorityClass name", *p, policy))
	}
	pod.Spec.PreemptionPolicy = &policy
	return nil
}

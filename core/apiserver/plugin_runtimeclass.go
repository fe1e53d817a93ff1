package apiserver

import (
	"fmt"
	"maps"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

// RuntimeClass models the RuntimeClass admission plugin
// (plugin/pkg/admission/runtimeclass/admission.go), on pod creation only:
//
//   - a pod naming a RuntimeClass that does not exist is rejected:
//     `pods "web-6cf59cb846-" is forbidden: pod rejected: RuntimeClass
//     "gvisor" not found` (prepareObjects; the name is the generateName
//     while none is generated yet, as NewForbidden's extractResourceName);
//   - the class's overhead becomes pod.spec.overhead, and a pod that sets
//     a different one is rejected (setOverhead), as is a pod that sets one
//     when the class has none (validateOverhead);
//   - the class's scheduling.nodeSelector is merged into the pod's, a key
//     the pod sets to another value being a conflict, and its tolerations
//     are merged with the pod's (setScheduling, tolerations.MergeTolerations).
//
// Upstream orders it after DefaultTolerationSeconds (AllOrderedPlugins).
type RuntimeClass struct{}

// Name implements Plugin.
func (RuntimeClass) Name() string { return "RuntimeClass" }

// Admit implements Plugin.
func (RuntimeClass) Admit(a *Attributes) error {
	if a.Operation != OperationCreate || a.Subresource != "" || a.Kind == nil || a.Kind.Kind != "Pod" || a.Kind.Group != "" {
		return nil
	}
	pod, ok := a.Object.(*api.Pod)
	if !ok {
		return nil
	}
	forbidden := func(format string, args ...any) error {
		return NewForbidden(a.Kind, admissionName(a), fmt.Errorf(format, args...))
	}
	var rc *api.RuntimeClass
	if name := pod.Spec.RuntimeClassName; name != nil {
		k := api.RuntimeClassKind
		obj, err := a.Store.Get(k, "", *name)
		switch {
		case IsNotFound(err):
			return forbidden("pod rejected: RuntimeClass %q not found", *name)
		case err != nil:
			return err
		}
		rc = obj.(*api.RuntimeClass)
	}
	// setOverhead.
	if rc != nil && rc.Overhead != nil {
		if len(pod.Spec.Overhead) > 0 && !api.SemanticEqual(rc.Overhead.PodFixed, pod.Spec.Overhead) {
			return forbidden("pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead")
		}
		pod.Spec.Overhead = *api.DeepCopy(&rc.Overhead.PodFixed)
	}
	// setScheduling.
	if rc != nil && rc.Scheduling != nil {
		sel := pod.Spec.NodeSelector
		if sel == nil {
			sel = map[string]string{}
			for k, v := range rc.Scheduling.NodeSelector {
				sel[k] = v
			}
			if len(sel) == 0 {
				sel = nil
			}
		} else {
			for _, k := range slices.Sorted(maps.Keys(rc.Scheduling.NodeSelector)) {
				v := rc.Scheduling.NodeSelector[k]
				if pv, ok := sel[k]; ok && pv != v {
					return forbidden("conflict: runtimeClass.scheduling.nodeSelector[%s] = %s; pod.spec.nodeSelector[%s] = %s", k, v, k, pv)
				}
				sel[k] = v
			}
		}
		pod.Spec.NodeSelector = sel
		pod.Spec.Tolerations = MergeTolerations(pod.Spec.Tolerations, rc.Scheduling.Tolerations)
	}
	// validateOverhead (the validating half).
	if (rc == nil || rc.Overhead == nil) && pod.Spec.Overhead != nil {
		return forbidden("pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead")
	}
	return nil
}

// MergeTolerations is pkg/util/tolerations MergeTolerations: both lists in
// order, without a toleration another one kept or to come covers.
func MergeTolerations(first, second []api.Toleration) []api.Toleration {
	all := append(append([]api.Toleration(nil), first...), second...)
	var merged []api.Toleration
next:
	for i, t := range all {
		for _, t2 := range merged {
			if isSuperset(t2, t) {
				continue next
			}
		}
		for _, t2 := range all[i+1:] {
			if !api.SemanticEqual(&t, &t2) && isSuperset(t2, t) {
				continue next
			}
		}
		merged = append(merged, t)
	}
	return merged
}

// isSuperset is tolerations.isSuperset: ss tolerates everything t does.
func isSuperset(ss, t api.Toleration) bool {
	if api.SemanticEqual(&t, &ss) {
		return true
	}
	if t.Key != ss.Key && (ss.Key != "" || ss.Operator != "Exists") {
		return false
	}
	if t.Effect != ss.Effect && ss.Effect != "" {
		return false
	}
	if ss.Effect == api.TaintEffectNoExecute && ss.TolerationSeconds != nil {
		if t.TolerationSeconds == nil || *t.TolerationSeconds > *ss.TolerationSeconds {
			return false
		}
	}
	switch ss.Operator {
	case "Equal", "":
		return t.Operator == "Equal" && t.Value == ss.Value
	case "Exists":
		return true
	}
	return false
}

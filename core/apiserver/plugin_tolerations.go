package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// DefaultTolerationSecondsValue is the admission plugin's default for both
// tolerations (--default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds).
const DefaultTolerationSecondsValue int64 = 300

// DefaultTolerationSeconds models the DefaultTolerationSeconds admission
// plugin (plugin/pkg/admission/defaulttolerationseconds, Plugin.Admit): on
// every create and update of a pod through its main endpoint it adds
//
//	{key: node.kubernetes.io/not-ready,   operator: Exists, effect: NoExecute, tolerationSeconds: 300}
//	{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 300}
//
// unless the pod already has a toleration for that taint (same key or an
// empty key, and effect NoExecute or empty). That is why an evicted pod
// lingers five minutes on a failed node before the taint eviction
// controller deletes it. Zero fields mean 300 seconds.
//
// It is a mutating plugin: upstream runs it after NamespaceLifecycle and
// before the registry's strategy and validation, so it belongs between
// NamespaceLifecycle and Registry in Server.Plugins.
type DefaultTolerationSeconds struct {
	NotReadySeconds    int64
	UnreachableSeconds int64
}

// Name implements Plugin.
func (DefaultTolerationSeconds) Name() string { return "DefaultTolerationSeconds" }

// Admit implements Plugin.
func (p DefaultTolerationSeconds) Admit(a *Attributes) error {
	if a.Kind == nil || a.Kind.Kind != "Pod" || a.Kind.Group != "" || a.Subresource != "" {
		return nil
	}
	if a.Operation != OperationCreate && a.Operation != OperationUpdate {
		return nil
	}
	pod, ok := a.Object.(*api.Pod)
	if !ok {
		return nil
	}
	toleratesNotReady, toleratesUnreachable := false, false
	for _, t := range pod.Spec.Tolerations {
		noExecute := t.Effect == api.TaintEffectNoExecute || t.Effect == ""
		if (t.Key == api.TaintNodeNotReady || t.Key == "") && noExecute {
			toleratesNotReady = true
		}
		if (t.Key == api.TaintNodeUnreachable || t.Key == "") && noExecute {
			toleratesUnreachable = true
		}
	}
	seconds := func(v int64) *int64 {
		if v == 0 {
			v = DefaultTolerationSecondsValue
		}
		return &v
	}
	if !toleratesNotReady {
		pod.Spec.Tolerations = append(pod.Spec.Tolerations, api.Toleration{Key: api.TaintNodeNotReady,
			Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: seconds(p.NotReadySeconds)})
	}
	if !toleratesUnreachable {
		pod.Spec.Tolerations = append(pod.Spec.Tolerations, api.Toleration{Key: api.TaintNodeUnreachable,
			Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: seconds(p.UnreachableSeconds)})
	}
	return nil
}

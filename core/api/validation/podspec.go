package validation

import (
	"fmt"
	"math"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// validatePodSpec models core ValidatePodSpec for the fields a playground
// PodSpec has, in upstream's order. resourceIsPod is
// PodValidationOptions.ResourceIsPod (true for a Pod, false for a template).
func validatePodSpec(spec *api.PodSpec, fldPath *field.Path, resourceIsPod bool) field.ErrorList {
	var errs field.ErrorList
	if spec.TerminationGracePeriodSeconds == nil {
		errs = append(errs, field.Required(fldPath.Child("terminationGracePeriodSeconds"), ""))
	}
	gracePeriod := spec.TerminationGracePeriodSeconds

	vols, vErrs := validateVolumes(spec.Volumes, fldPath.Child("volumes"))
	errs = append(errs, vErrs...)
	errs = append(errs, validateContainers(spec.Containers, vols, gracePeriod, fldPath.Child("containers"))...)
	errs = append(errs, validateInitContainers(spec.InitContainers, spec.Containers, vols, fldPath.Child("initContainers"))...)
	errs = append(errs, validateRestartPolicy(spec.RestartPolicy, fldPath.Child("restartPolicy"))...)
	errs = append(errs, validateDNSPolicy(spec.DNSPolicy, fldPath.Child("dnsPolicy"))...)
	errs = append(errs, validateLabels(spec.NodeSelector, fldPath.Child("nodeSelector"))...)
	errs = append(errs, validatePodSecurityContext(spec.SecurityContext, fldPath.Child("securityContext"))...)
	errs = append(errs, validatePodDNSConfig(spec.DNSPolicy, fldPath.Child("dnsConfig"))...)
	if spec.ServiceAccountName != "" {
		for _, msg := range nameIsDNSSubdomain(spec.ServiceAccountName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("serviceAccountName"), spec.ServiceAccountName, msg))
		}
	}
	if spec.NodeName != "" {
		for _, msg := range nameIsDNSSubdomain(spec.NodeName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("nodeName"), spec.NodeName, msg))
		}
	}
	if spec.ActiveDeadlineSeconds != nil {
		if v := *spec.ActiveDeadlineSeconds; v < 1 || v > math.MaxInt32 {
			errs = append(errs, field.Invalid(fldPath.Child("activeDeadlineSeconds"), v, inclusiveRangeError(1, math.MaxInt32)))
		}
	}
	if spec.Hostname != "" {
		errs = append(errs, validateDNS1123Label(spec.Hostname, fldPath.Child("hostname"))...)
	}
	if spec.Subdomain != "" {
		errs = append(errs, validateDNS1123Label(spec.Subdomain, fldPath.Child("subdomain"))...)
	}
	if len(spec.Tolerations) > 0 {
		errs = append(errs, validateTolerations(spec.Tolerations, fldPath.Child("tolerations"))...)
	}
	if spec.PriorityClassName != "" {
		for _, msg := range nameIsDNSSubdomain(spec.PriorityClassName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("priorityClassName"), spec.PriorityClassName, msg))
		}
	}
	if spec.RuntimeClassName != nil {
		for _, msg := range nameIsDNSSubdomain(*spec.RuntimeClassName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("runtimeClassName"), *spec.RuntimeClassName, msg))
		}
	}
	if spec.PreemptionPolicy != nil {
		errs = append(errs, validatePreemptionPolicy(spec.PreemptionPolicy, fldPath.Child("preemptionPolicy"))...)
	}
	return errs
}

// validateRestartPolicy models validateRestartPolicy.
func validateRestartPolicy(p api.RestartPolicy, fldPath *field.Path) field.ErrorList {
	switch p {
	case api.RestartPolicyAlways, api.RestartPolicyOnFailure, api.RestartPolicyNever:
		return nil
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	}
	valid := []api.RestartPolicy{api.RestartPolicyAlways, api.RestartPolicyOnFailure, api.RestartPolicyNever}
	return field.ErrorList{field.NotSupported(fldPath, p, valid)}
}

// validateDNSPolicy models validateDNSPolicy (its list is not sorted).
func validateDNSPolicy(p api.DNSPolicy, fldPath *field.Path) field.ErrorList {
	switch p {
	case "ClusterFirstWithHostNet", api.DNSClusterFirst, "Default", "None":
		return nil
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	}
	valid := []string{"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"}
	return field.ErrorList{field.NotSupported(fldPath, p, valid)}
}

// validatePodDNSConfig models the part of validatePodDNSConfig a playground
// pod can reach: dnsPolicy None needs a dnsConfig, which the playground's
// PodSpec does not model, so None is always rejected.
func validatePodDNSConfig(p api.DNSPolicy, fldPath *field.Path) field.ErrorList {
	if p == "None" {
		return field.ErrorList{field.Required(fldPath, "must provide `dnsConfig` when `dnsPolicy` is None")}
	}
	return nil
}

// validatePodSecurityContext models validatePodSpecSecurityContext for the
// fields the playground keeps.
func validatePodSecurityContext(sc *api.PodSecurityContext, fldPath *field.Path) field.ErrorList {
	if sc == nil {
		return nil
	}
	var errs field.ErrorList
	if sc.FSGroup != nil {
		for _, msg := range isValidGroupID(*sc.FSGroup) {
			errs = append(errs, field.Invalid(fldPath.Child("fsGroup"), *sc.FSGroup, msg))
		}
	}
	if sc.RunAsUser != nil {
		for _, msg := range isValidUserID(*sc.RunAsUser) {
			errs = append(errs, field.Invalid(fldPath.Child("runAsUser"), *sc.RunAsUser, msg))
		}
	}
	if sc.RunAsGroup != nil {
		for _, msg := range isValidGroupID(*sc.RunAsGroup) {
			errs = append(errs, field.Invalid(fldPath.Child("runAsGroup"), *sc.RunAsGroup, msg))
		}
	}
	return errs
}

// validateTolerations models ValidateTolerations.
func validateTolerations(tolerations []api.Toleration, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, t := range tolerations {
		idxPath := fldPath.Index(i)
		if t.Key != "" {
			errs = append(errs, validateLabelName(t.Key, idxPath.Child("key"))...)
		}
		// An empty key with operator Exists matches all taints.
		if t.Key == "" && t.Operator != "Exists" {
			errs = append(errs, field.Invalid(idxPath.Child("operator"), t.Operator,
				"operator must be Exists when `key` is empty, which means \"match all values and all keys\""))
		}
		if t.TolerationSeconds != nil && t.Effect != api.TaintEffectNoExecute {
			errs = append(errs, field.Invalid(idxPath.Child("effect"), t.Effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"))
		}
		switch t.Operator {
		case "Equal", "": // empty operator means Equal
			if msgs := naming.IsValidLabelValue(t.Value); len(msgs) != 0 {
				errs = append(errs, field.Invalid(idxPath.Child("operator"), t.Value, strings.Join(msgs, ";")))
			}
		case "Exists":
			if t.Value != "" {
				errs = append(errs, field.Invalid(idxPath.Child("operator"), t.Value, "value must be empty when `operator` is 'Exists'"))
			}
		default:
			errs = append(errs, field.NotSupported(idxPath.Child("operator"), t.Operator, []string{"Equal", "Exists"}))
		}
		if t.Effect != "" {
			errs = append(errs, validateTaintEffect(t.Effect, true, idxPath.Child("effect"))...)
		}
	}
	return errs
}

// validateTaintEffect models validateTaintEffect (its list is not sorted).
func validateTaintEffect(effect api.TaintEffect, allowEmpty bool, fldPath *field.Path) field.ErrorList {
	if !allowEmpty && effect == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	switch effect {
	case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
		return nil
	}
	valid := []api.TaintEffect{api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute}
	return field.ErrorList{field.NotSupported(fldPath, effect, valid)}
}

// checkHostPortConflicts models checkHostPortConflicts /
// AccumulateUniqueHostPorts: a protocol/hostIP/hostPort triple may be used
// once across the given containers.
func checkHostPortConflicts(containers []api.Container, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for ci, c := range containers {
		for pi, p := range c.Ports {
			if p.HostPort == 0 {
				continue
			}
			key := fmt.Sprintf("%s/%s/%d", p.Protocol, p.HostIP, p.HostPort)
			if seen[key] {
				errs = append(errs, field.Duplicate(fldPath.Index(ci).Child("ports").Index(pi).Child("hostPort"), key))
			} else {
				seen[key] = true
			}
		}
	}
	return errs
}

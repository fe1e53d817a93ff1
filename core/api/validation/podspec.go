package validation

import (
	"fmt"
	"math"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// validatePodSpec models core ValidatePodSpec, in upstream's order.
// podMeta is the pod's metadata (nil for a template); resourceIsPod is
// PodValidationOptions.ResourceIsPod (true for a Pod, false for a
// template).
func validatePodSpec(spec *api.PodSpec, podMeta *api.ObjectMeta, fldPath *field.Path, resourceIsPod bool) field.ErrorList {
	var errs field.ErrorList
	if spec.TerminationGracePeriodSeconds == nil {
		errs = append(errs, field.Required(fldPath.Child("terminationGracePeriodSeconds"), ""))
	}
	podName := ""
	if podMeta != nil {
		podName = podMeta.Name
	}
	vols, vErrs := validateVolumes(spec.Volumes, podName, fldPath.Child("volumes"))
	errs = append(errs, vErrs...)
	errs = append(errs, validatePodResourceClaims(spec.ResourceClaims, fldPath.Child("resourceClaims"))...)
	cc := containerContext{
		vols:          vols,
		gracePeriod:   spec.TerminationGracePeriodSeconds,
		restartPolicy: spec.RestartPolicy,
		hostUsers:     spec.HostUsers == nil || *spec.HostUsers,
	}
	errs = append(errs, validateContainers(spec.Containers, cc, fldPath.Child("containers"))...)
	errs = append(errs, validateInitContainers(spec.InitContainers, spec.Containers, cc, fldPath.Child("initContainers"))...)
	errs = append(errs, validateEphemeralContainers(spec.EphemeralContainers, spec.Containers, spec.InitContainers, cc, fldPath.Child("ephemeralContainers"))...)
	if spec.Resources != nil {
		errs = append(errs, validateContainerResourceRequirements(spec.Resources, fldPath.Child("resources"))...)
	}
	errs = append(errs, validatePodHostNetworkDeps(spec, fldPath, resourceIsPod)...)
	errs = append(errs, validateRestartPolicy(spec.RestartPolicy, fldPath.Child("restartPolicy"))...)
	errs = append(errs, validateDNSPolicy(spec.DNSPolicy, fldPath.Child("dnsPolicy"))...)
	errs = append(errs, validateLabels(spec.NodeSelector, fldPath.Child("nodeSelector"))...)
	errs = append(errs, validatePodSecurityContext(spec.SecurityContext, spec, fldPath.Child("securityContext"))...)
	if spec.ShareProcessNamespace != nil && *spec.ShareProcessNamespace && spec.HostPID {
		errs = append(errs, field.Invalid(fldPath.Child("shareProcessNamespace"), true, "ShareProcessNamespace and HostPID cannot both be enabled"))
	}
	errs = append(errs, validateImagePullSecrets(spec.ImagePullSecrets, fldPath.Child("imagePullSecrets"))...)
	errs = append(errs, validateAffinity(spec.Affinity, fldPath.Child("affinity"))...)
	errs = append(errs, validatePodDNSConfig(spec.DNSConfig, spec.DNSPolicy, fldPath.Child("dnsConfig"))...)
	for i, g := range spec.ReadinessGates {
		errs = append(errs, validateQualifiedName(string(g.ConditionType), fldPath.Child("readinessGates").Index(i).Child("conditionType"))...)
	}
	errs = append(errs, validateSchedulingGates(spec.SchedulingGates, fldPath.Child("schedulingGates"))...)
	errs = append(errs, validateTopologySpreadConstraints(spec.TopologySpreadConstraints, fldPath.Child("topologySpreadConstraints"))...)
	errs = append(errs, validateHostUsers(spec, fldPath)...)
	errs = append(errs, validatePodHostnameOverride(spec, fldPath)...)
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
	for i, ha := range spec.HostAliases {
		errs = append(errs, validateIP(fldPath.Child("hostAliases").Index(i).Child("ip"), ha.IP)...)
		for j, h := range ha.Hostnames {
			errs = append(errs, validateDNS1123Subdomain(h, fldPath.Child("hostAliases").Index(i).Child("hostnames").Index(j))...)
		}
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
	if spec.Overhead != nil {
		errs = append(errs, validateContainerResourceRequirements(&api.ResourceRequirements{Limits: spec.Overhead}, fldPath.Child("overhead"))...)
	}
	errs = append(errs, validatePodOS(spec, fldPath)...)
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

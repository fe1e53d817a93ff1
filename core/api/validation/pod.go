package validation

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// validatePodCreate models ValidatePodCreate: validatePodMetadataAndSpec
// plus the create-only checks (ephemeral containers come only through
// their subresource; a pod bound to a node has no scheduling gates left).
func validatePodCreate(p *api.Pod) field.ErrorList {
	errs := validatePodMetadataAndSpec(p)
	specPath := field.NewPath("spec")
	if len(p.Spec.EphemeralContainers) > 0 {
		errs = append(errs, field.Forbidden(specPath.Child("ephemeralContainers"), "cannot be set on create"))
	}
	if p.Spec.NodeName != "" && len(p.Spec.SchedulingGates) != 0 {
		errs = append(errs, field.Forbidden(specPath.Child("nodeName"), "cannot be set until all schedulingGates have been cleared"))
	}
	return errs
}

// validatePodMetadataAndSpec models validatePodMetadataAndSpec.
func validatePodMetadataAndSpec(p *api.Pod) field.ErrorList {
	metaPath, specPath := field.NewPath("metadata"), field.NewPath("spec")
	errs := validateObjectMeta(&p.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, metaPath)
	errs = append(errs, validatePodSpecificAnnotations(p.Annotations, &p.Spec, metaPath.Child("annotations"))...)
	errs = append(errs, validatePodSpec(&p.Spec, &p.ObjectMeta, specPath, true)...)
	// Pod-only (not template) checks: validateContainersOnlyForPod.
	errs = append(errs, validateContainersOnlyForPod(p.Spec.Containers, specPath.Child("containers"))...)
	errs = append(errs, validateContainersOnlyForPod(p.Spec.InitContainers, specPath.Child("initContainers"))...)
	return errs
}

// validateContainersOnlyForPod models validateContainersOnlyForPod.
func validateContainersOnlyForPod(containers []api.Container, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, c := range containers {
		if len(c.Image) != len(strings.TrimSpace(c.Image)) {
			errs = append(errs, field.Invalid(fldPath.Index(i).Child("image"), c.Image, "must not have leading or trailing whitespace"))
		}
	}
	return errs
}

// updatablePodSpecFields is upstream's list, quoted in the error for a
// forbidden pod spec change.
var updatablePodSpecFields = []string{
	"`spec.containers[*].image`",
	"`spec.initContainers[*].image`",
	"`spec.activeDeadlineSeconds`",
	"`spec.tolerations` (only additions to existing tolerations)",
	"`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
}

// validatePodUpdate models ValidatePodUpdate: only images, a lowered
// activeDeadlineSeconds and added tolerations may change.
func validatePodUpdate(p, old *api.Pod) field.ErrorList {
	metaPath, specPath := field.NewPath("metadata"), field.NewPath("spec")
	errs := validateObjectMetaUpdate(&p.ObjectMeta, &old.ObjectMeta, true, metaPath)
	errs = append(errs, validatePodMetadataAndSpec(p)...)
	errs = append(errs, validatePodSpecificAnnotationUpdates(p, old, metaPath.Child("annotations"))...)

	cErrs, stop := validateContainerUpdates(p.Spec.Containers, old.Spec.Containers, specPath.Child("containers"))
	errs = append(errs, cErrs...)
	if stop {
		return errs
	}
	cErrs, stop = validateContainerUpdates(p.Spec.InitContainers, old.Spec.InitContainers, specPath.Child("initContainers"))
	errs = append(errs, cErrs...)
	if stop {
		return errs
	}

	// activeDeadlineSeconds may go from nil to a value, or decrease.
	if p.Spec.ActiveDeadlineSeconds != nil {
		v := *p.Spec.ActiveDeadlineSeconds
		if v < 0 || v > math.MaxInt32 {
			return append(errs, field.Invalid(specPath.Child("activeDeadlineSeconds"), v, inclusiveRangeError(0, math.MaxInt32)))
		}
		if old.Spec.ActiveDeadlineSeconds != nil && *old.Spec.ActiveDeadlineSeconds < v {
			return append(errs, field.Invalid(specPath.Child("activeDeadlineSeconds"), v, "must be less than or equal to previous value"))
		}
	} else if old.Spec.ActiveDeadlineSeconds != nil {
		errs = append(errs, field.Invalid(specPath.Child("activeDeadlineSeconds"), p.Spec.ActiveDeadlineSeconds, "must not update from a positive integer to nil value"))
	}

	errs = append(errs, validateOnlyAddedTolerations(p.Spec.Tolerations, old.Spec.Tolerations, specPath.Child("tolerations"))...)

	if api.SemanticEqual(p.Spec, old.Spec) {
		return errs
	}
	// Munge the updatable fields back to their old values, then compare.
	munged := *api.DeepCopy(&p.Spec)
	for i := range munged.Containers {
		munged.Containers[i].Image = old.Spec.Containers[i].Image
	}
	for i := range munged.InitContainers {
		munged.InitContainers[i].Image = old.Spec.InitContainers[i].Image
	}
	munged.ActiveDeadlineSeconds = nil
	if old.Spec.ActiveDeadlineSeconds != nil {
		v := *old.Spec.ActiveDeadlineSeconds
		munged.ActiveDeadlineSeconds = &v
	}
	munged.Tolerations = old.Spec.Tolerations
	if old.Spec.TerminationGracePeriodSeconds != nil && *old.Spec.TerminationGracePeriodSeconds < 0 &&
		munged.TerminationGracePeriodSeconds != nil && *munged.TerminationGracePeriodSeconds == 1 {
		munged.TerminationGracePeriodSeconds = old.Spec.TerminationGracePeriodSeconds
	}
	if !api.SemanticEqual(munged, old.Spec) {
		msg := fmt.Sprintf("pod updates may not change fields other than %s\n%v", strings.Join(updatablePodSpecFields, ","), specDiff(old.Spec, munged))
		errs = append(errs, field.Forbidden(specPath, msg))
	}
	return errs
}

// specDiff summarises how two pod specs differ. Upstream appends
// cmp.Diff's rendering of the internal structs, which cannot be reproduced
// byte for byte; this lists the changed top-level JSON fields instead.
func specDiff(old, cur api.PodSpec) string {
	var a, b map[string]json.RawMessage
	oj, _ := json.Marshal(old)
	nj, _ := json.Marshal(cur)
	_ = json.Unmarshal(oj, &a)
	_ = json.Unmarshal(nj, &b)
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	names := sortedKeys(keys)
	var sb strings.Builder
	sb.WriteString("  api.PodSpec{\n")
	for _, k := range names {
		if string(a[k]) == string(b[k]) {
			continue
		}
		if a[k] != nil {
			fmt.Fprintf(&sb, "- \t%s: %s,\n", k, a[k])
		}
		if b[k] != nil {
			fmt.Fprintf(&sb, "+ \t%s: %s,\n", k, b[k])
		}
	}
	sb.WriteString("  }\n")
	return sb.String()
}

// validateContainerUpdates models ValidateContainerUpdates.
func validateContainerUpdates(newC, oldC []api.Container, fldPath *field.Path) (field.ErrorList, bool) {
	if len(newC) != len(oldC) {
		return field.ErrorList{field.Forbidden(fldPath, "pod updates may not add or remove containers")}, true
	}
	var errs field.ErrorList
	for i, c := range newC {
		if c.Image == "" {
			errs = append(errs, field.Required(fldPath.Index(i).Child("image"), ""))
		}
		if len(strings.TrimSpace(c.Image)) != len(c.Image) {
			errs = append(errs, field.Invalid(fldPath.Index(i).Child("image"), c.Image, "must not have leading or trailing whitespace"))
		}
	}
	return errs, false
}

// validatePodSpecificAnnotationUpdates models
// ValidatePodSpecificAnnotationUpdates: the mirror-pod and AppArmor
// annotations may not be added, changed or removed.
func validatePodSpecificAnnotationUpdates(p, old *api.Pod, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, k := range sortedKeys(old.Annotations) {
		if v, ok := p.Annotations[k]; ok && v == old.Annotations[k] {
			continue
		}
		if strings.HasPrefix(k, appArmorContainerAnnotationPref) {
			errs = append(errs, field.Forbidden(fldPath.Key(k), "may not remove or update AppArmor annotations"))
		}
		if k == mirrorPodAnnotationKey {
			errs = append(errs, field.Forbidden(fldPath.Key(k), "may not remove or update mirror pod annotation"))
		}
	}
	for _, k := range sortedKeys(p.Annotations) {
		if _, ok := old.Annotations[k]; ok {
			continue
		}
		if strings.HasPrefix(k, appArmorContainerAnnotationPref) {
			errs = append(errs, field.Forbidden(fldPath.Key(k), "may not add AppArmor annotations"))
		}
		if k == mirrorPodAnnotationKey {
			errs = append(errs, field.Forbidden(fldPath.Key(k), "may not add mirror pod annotation"))
		}
	}
	return append(errs, validatePodSpecificAnnotations(p.Annotations, &p.Spec, fldPath)...)
}

// validateOnlyAddedTolerations models validateOnlyAddedTolerations: every
// old toleration must still be there (its tolerationSeconds may change).
func validateOnlyAddedTolerations(newT, oldT []api.Toleration, fldPath *field.Path) field.ErrorList {
	for _, o := range oldT {
		found := false
		for _, n := range newT {
			o2 := o
			o2.TolerationSeconds = n.TolerationSeconds
			if api.SemanticEqual(o2, n) {
				found = true
				break
			}
		}
		if !found {
			return field.ErrorList{field.Forbidden(fldPath, "existing toleration can not be modified except its tolerationSeconds")}
		}
	}
	return validateTolerations(newT, fldPath)
}

// validatePodStatusUpdate models the parts of ValidatePodStatusUpdate that
// apply to playground pods: metadata, condition types, an unchanged
// nodeName, and no restart of a terminated container that may not restart.
func validatePodStatusUpdate(p, old *api.Pod) field.ErrorList {
	metaPath := field.NewPath("metadata")
	errs := validateObjectMetaUpdate(&p.ObjectMeta, &old.ObjectMeta, true, metaPath)
	errs = append(errs, validatePodSpecificAnnotationUpdates(p, old, metaPath.Child("annotations"))...)
	for i, c := range p.Status.Conditions {
		switch c.Type {
		case api.PodScheduled, api.PodReady, api.PodInitialized:
			continue
		}
		// Upstream's path here is metadata.conditions[i].Type.
		errs = append(errs, validateQualifiedName(string(c.Type), metaPath.Child("conditions").Index(i).Child("Type"))...)
	}
	statusPath := field.NewPath("status")
	if p.Spec.NodeName != old.Spec.NodeName {
		errs = append(errs, field.Forbidden(statusPath.Child("nodeName"), "may not be changed directly"))
	}
	errs = append(errs, validateImmutableString(p.Status.QOSClass, old.Status.QOSClass, statusPath, "qosClass")...)
	errs = append(errs, validateContainerStateTransition(p.Status.ContainerStatuses, old.Status.ContainerStatuses, statusPath.Child("containerStatuses"), old.Spec.RestartPolicy, nil)...)
	errs = append(errs, validateContainerStateTransition(p.Status.InitContainerStatuses, old.Status.InitContainerStatuses, statusPath.Child("initContainerStatuses"), old.Spec.RestartPolicy, old.Spec.InitContainers)...)
	for i, ip := range p.Status.PodIPs {
		errs = append(errs, validateIP(statusPath.Child("podIPs").Index(i), ip.IP)...)
	}
	return errs
}

// validateContainerStateTransition models ValidateContainerStateTransition
// and, given the init containers' specs, ValidateInitContainerStateTransition,
// which lets a restartable init container (a native sidecar) leave the
// terminated state whatever the pod's restartPolicy.
func validateContainerStateTransition(newS, oldS []api.ContainerStatus, fldPath *field.Path, policy api.RestartPolicy, inits []api.Container) field.ErrorList {
	if policy == api.RestartPolicyAlways {
		return nil
	}
	var errs field.ErrorList
	for i, o := range oldS {
		if o.State.Terminated == nil {
			continue
		}
		if o.State.Terminated.ExitCode != 0 && policy == api.RestartPolicyOnFailure {
			continue
		}
		if restartableInit(inits, o.Name) {
			continue
		}
		for _, n := range newS {
			if o.Name == n.Name && n.State.Terminated == nil {
				errs = append(errs, field.Forbidden(fldPath.Index(i).Child("state"), "may not be transitioned to non-terminated state"))
			}
		}
	}
	return errs
}

// restartableInit reports whether the init container named name has
// restartPolicy Always.
func restartableInit(inits []api.Container, name string) bool {
	for i := range inits {
		if inits[i].Name == name {
			p := inits[i].RestartPolicy
			return p != nil && *p == api.ContainerRestartPolicyAlways
		}
	}
	return false
}

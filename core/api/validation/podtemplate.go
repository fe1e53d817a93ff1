package validation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Well-known pod annotations checked by ValidatePodSpecificAnnotations.
const (
	mirrorPodAnnotationKey          = "kubernetes.io/config.mirror"
	podDeletionCostAnnotationKey    = "controller.kubernetes.io/pod-deletion-cost"
	seccompPodAnnotationKey         = "seccomp.security.alpha.kubernetes.io/pod"
	seccompContainerAnnotationPref  = "container.seccomp.security.alpha.kubernetes.io/"
	appArmorContainerAnnotationPref = "container.apparmor.security.beta.kubernetes.io/"
)

// validatePodTemplateSpec models core ValidatePodTemplateSpec. Note the
// label and annotation paths are <template>.labels and
// <template>.annotations, without "metadata", exactly as upstream.
func validatePodTemplateSpec(t *api.PodTemplateSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, validateLabels(t.Labels, fldPath.Child("labels"))...)
	errs = append(errs, validateAnnotations(t.Annotations, fldPath.Child("annotations"))...)
	errs = append(errs, validatePodSpecificAnnotations(t.Annotations, &t.Spec, fldPath.Child("annotations"))...)
	errs = append(errs, validatePodSpec(&t.Spec, nil, fldPath.Child("spec"), false)...)
	if len(t.Spec.EphemeralContainers) > 0 {
		errs = append(errs, field.Forbidden(fldPath.Child("spec", "ephemeralContainers"), "ephemeral containers not allowed in pod template"))
	}
	return errs
}

// validatePodSpecificAnnotations models ValidatePodSpecificAnnotations for
// the annotations a playground pod can carry: the mirror-pod marker, the
// pod deletion cost, and the legacy seccomp and AppArmor annotations.
func validatePodSpecificAnnotations(annotations map[string]string, spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if value, ok := annotations[mirrorPodAnnotationKey]; ok && spec.NodeName == "" {
		errs = append(errs, field.Invalid(fldPath.Key(mirrorPodAnnotationKey), value, "must set spec.nodeName if mirror pod annotation is set"))
	}
	if value, ok := annotations[podDeletionCostAnnotationKey]; ok && !validDeletionCost(value) {
		errs = append(errs, field.Invalid(fldPath.Key(podDeletionCostAnnotationKey), value, "must be a 32bit integer"))
	}
	// ValidateSeccompPodAnnotations (paths use Child, not Key, upstream).
	if p, ok := annotations[seccompPodAnnotationKey]; ok {
		errs = append(errs, validateSeccompProfile(p, fldPath.Child(seccompPodAnnotationKey))...)
	}
	for _, k := range sortedKeys(annotations) {
		if strings.HasPrefix(k, seccompContainerAnnotationPref) {
			errs = append(errs, validateSeccompProfile(annotations[k], fldPath.Child(k))...)
		}
	}
	// ValidateAppArmorPodAnnotations.
	for _, k := range sortedKeys(annotations) {
		if !strings.HasPrefix(k, appArmorContainerAnnotationPref) {
			continue
		}
		name := strings.TrimPrefix(k, appArmorContainerAnnotationPref)
		if !podSpecHasContainer(spec, name) {
			errs = append(errs, field.Invalid(fldPath.Key(k), name, "container not found"))
		}
		if p := annotations[k]; p != "" && p != "runtime/default" && p != "unconfined" && !strings.HasPrefix(p, "localhost/") {
			errs = append(errs, field.Invalid(fldPath.Key(k), p, fmt.Sprintf("invalid AppArmor profile name: %q", p)))
		}
	}
	return errs
}

// validDeletionCost models helper.GetDeletionCostFromPodAnnotations: an
// int32 without a plus sign or leading zeros.
func validDeletionCost(s string) bool {
	if s == "" || !(s[0] == '-' || s == "0" || (s[0] >= '1' && s[0] <= '9')) {
		return false
	}
	_, err := strconv.ParseInt(s, 10, 32)
	return err == nil
}

// validateSeccompProfile models ValidateSeccompProfile.
func validateSeccompProfile(p string, fldPath *field.Path) field.ErrorList {
	switch {
	case p == "runtime/default", p == "docker/default", p == "unconfined":
		return nil
	case strings.HasPrefix(p, "localhost/"):
		return validateLocalDescendingPath(strings.TrimPrefix(p, "localhost/"), fldPath)
	}
	return field.ErrorList{field.Invalid(fldPath, p, "must be a valid seccomp profile")}
}

// validateLocalDescendingPath models validateLocalDescendingPath: a
// relative path without ".." elements.
func validateLocalDescendingPath(target string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if strings.HasPrefix(target, "/") {
		errs = append(errs, field.Invalid(fldPath, target, "must be a relative path"))
	}
	for _, item := range strings.Split(target, "/") {
		if item == ".." {
			errs = append(errs, field.Invalid(fldPath, target, "must not contain '..'"))
			break
		}
	}
	return errs
}

func podSpecHasContainer(spec *api.PodSpec, name string) bool {
	for _, list := range [][]api.Container{spec.InitContainers, spec.Containers} {
		for _, c := range list {
			if c.Name == name {
				return true
			}
		}
	}
	return false
}

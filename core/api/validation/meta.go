package validation

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// totalAnnotationSizeLimitB is apimachinery's TotalAnnotationSizeLimitB.
const totalAnnotationSizeLimitB = 256 * (1 << 10)

// metaOptions says how an object's metadata is validated.
type metaOptions struct {
	namespaced bool
	nameFn     nameFunc
	// kubeFinalizers adds core's check that an unqualified finalizer is a
	// standard one (core ValidateObjectMeta wraps apimachinery's with it;
	// kinds validated by apimachinery's directly, such as Lease, skip it).
	kubeFinalizers bool
}

// validateObjectMeta models core ValidateObjectMeta (apimachinery's
// ValidateObjectMetaAccessor plus validateKubeFinalizerName). Name
// generation must already have happened: a generateName alone does not
// satisfy "name or generateName is required".
func validateObjectMeta(meta *api.ObjectMeta, opts metaOptions, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if meta.GenerateName != "" {
		for _, msg := range opts.nameFn(meta.GenerateName, true) {
			errs = append(errs, field.Invalid(fldPath.Child("generateName"), meta.GenerateName, msg))
		}
	}
	if meta.Name == "" {
		errs = append(errs, field.Required(fldPath.Child("name"), "name or generateName is required"))
	} else {
		for _, msg := range opts.nameFn(meta.Name, false) {
			errs = append(errs, field.Invalid(fldPath.Child("name"), meta.Name, msg))
		}
	}
	if opts.namespaced {
		if meta.Namespace == "" {
			errs = append(errs, field.Required(fldPath.Child("namespace"), ""))
		} else {
			for _, msg := range nameIsDNSLabel(meta.Namespace, false) {
				errs = append(errs, field.Invalid(fldPath.Child("namespace"), meta.Namespace, msg))
			}
		}
	} else if meta.Namespace != "" {
		errs = append(errs, field.Forbidden(fldPath.Child("namespace"), "not allowed on this type"))
	}
	if meta.Generation < 0 {
		errs = append(errs, validateNonnegative(meta.Generation, fldPath.Child("generation"))...)
	}
	errs = append(errs, validateMetaLists(meta, fldPath)...)
	if len(meta.Finalizers) > 0 {
		errs = append(errs, validateFinalizers(meta.Finalizers, fldPath.Child("finalizers"))...)
	}
	if opts.kubeFinalizers {
		for i, f := range meta.Finalizers {
			errs = append(errs, validateKubeFinalizerName(f, fldPath.Child("finalizers").Index(i))...)
		}
	}
	return errs
}

// validateObjectMetaUpdate models core ValidateObjectMetaUpdate
// (apimachinery's ValidateObjectMetaAccessorUpdate plus the kube finalizer
// names).
func validateObjectMetaUpdate(newMeta, oldMeta *api.ObjectMeta, kubeFinalizers bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if oldMeta.DeletionTimestamp != nil {
		errs = append(errs, validateNoNewFinalizers(newMeta.Finalizers, oldMeta.Finalizers, fldPath.Child("finalizers"))...)
	}
	if newMeta.ResourceVersion == "" {
		errs = append(errs, field.Invalid(fldPath.Child("resourceVersion"), newMeta.ResourceVersion, "must be specified for an update"))
	}
	if newMeta.Generation < oldMeta.Generation {
		errs = append(errs, field.Invalid(fldPath.Child("generation"), newMeta.Generation, "must not be decremented"))
	}
	errs = append(errs, validateImmutableString(newMeta.Name, oldMeta.Name, fldPath, "name")...)
	errs = append(errs, validateImmutableString(newMeta.Namespace, oldMeta.Namespace, fldPath, "namespace")...)
	errs = append(errs, validateImmutableString(newMeta.UID, oldMeta.UID, fldPath, "uid")...)
	errs = append(errs, validateImmutableField(newMeta.CreationTimestamp, oldMeta.CreationTimestamp, fldPath.Child("creationTimestamp"))...)
	errs = append(errs, validateImmutableField(newMeta.DeletionTimestamp, oldMeta.DeletionTimestamp, fldPath.Child("deletionTimestamp"))...)
	errs = append(errs, validateImmutableField(newMeta.DeletionGracePeriodSeconds, oldMeta.DeletionGracePeriodSeconds, fldPath.Child("deletionGracePeriodSeconds"))...)
	errs = append(errs, validateMetaLists(newMeta, fldPath)...)
	if kubeFinalizers {
		for i, f := range newMeta.Finalizers {
			errs = append(errs, validateKubeFinalizerName(f, fldPath.Child("finalizers").Index(i))...)
		}
	}
	return errs
}

// validateNoNewFinalizers models ValidateNoNewFinalizers.
func validateNoNewFinalizers(newFinalizers, oldFinalizers []string, fldPath *field.Path) field.ErrorList {
	old := map[string]bool{}
	for _, f := range oldFinalizers {
		old[f] = true
	}
	extraSet := map[string]bool{}
	for _, f := range newFinalizers {
		if !old[f] {
			extraSet[f] = true
		}
	}
	if len(extraSet) == 0 {
		return nil
	}
	extra := sortedKeys(extraSet)
	return field.ErrorList{field.Forbidden(fldPath, fmt.Sprintf("no new finalizers can be added if the object is being deleted, found new finalizers %#v", extra))}
}

// validateMetaLists validates the labels, annotations and owner references
// of meta (in that order), building each one's path only when it has
// entries: none of them finds fault with an empty list.
func validateMetaLists(meta *api.ObjectMeta, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(meta.Labels) > 0 {
		errs = append(errs, validateLabels(meta.Labels, fldPath.Child("labels"))...)
	}
	if len(meta.Annotations) > 0 {
		errs = append(errs, validateAnnotations(meta.Annotations, fldPath.Child("annotations"))...)
	}
	if len(meta.OwnerReferences) > 0 {
		errs = append(errs, validateOwnerReferences(meta.OwnerReferences, fldPath.Child("ownerReferences"))...)
	}
	return errs
}

// validateLabels models metav1 validation.ValidateLabels: each key must be
// a qualified name and each value a valid label value.
func validateLabels(labels map[string]string, fldPath *field.Path) field.ErrorList {
	if labelsValid(labels) {
		return nil // the common case, without sorting the keys
	}
	var errs field.ErrorList
	for _, k := range sortedKeys(labels) {
		errs = append(errs, validateLabelName(k, fldPath)...)
		for _, msg := range naming.IsValidLabelValue(labels[k]) {
			errs = append(errs, field.Invalid(fldPath, labels[k], msg))
		}
	}
	return errs
}

// labelsValid reports whether validateLabels finds no fault with labels.
func labelsValid(labels map[string]string) bool {
	for k, v := range labels {
		if len(naming.IsQualifiedName(k)) > 0 || len(naming.IsValidLabelValue(v)) > 0 {
			return false
		}
	}
	return true
}

// validateLabelName models metav1 validation.ValidateLabelName.
func validateLabelName(name string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range naming.IsQualifiedName(name) {
		errs = append(errs, field.Invalid(fldPath, name, msg))
	}
	return errs
}

// validateAnnotations models apimachinery ValidateAnnotations: keys are
// qualified names compared case-insensitively, and keys plus values may
// total at most 256 KiB.
func validateAnnotations(annotations map[string]string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	total := 0
	for _, k := range sortedKeys(annotations) {
		for _, msg := range naming.IsQualifiedName(strings.ToLower(k)) {
			errs = append(errs, field.Invalid(fldPath, k, msg))
		}
		total += len(k) + len(annotations[k])
	}
	if total > totalAnnotationSizeLimitB {
		errs = append(errs, field.TooLong(fldPath, "", totalAnnotationSizeLimitB))
	}
	return errs
}

// validateOwnerReferences models apimachinery ValidateOwnerReferences.
func validateOwnerReferences(refs []api.OwnerReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	firstController := ""
	for _, ref := range refs {
		errs = append(errs, validateOwnerReference(ref, fldPath)...)
		if ref.Controller != nil && *ref.Controller {
			cur := ref.Kind + "/" + ref.Name
			if firstController != "" {
				errs = append(errs, field.Invalid(fldPath, refs,
					fmt.Sprintf("Only one reference can have Controller set to true. Found \"true\" in references for %v and %v", firstController, cur)))
			} else {
				firstController = cur
			}
		}
	}
	return errs
}

// validateOwnerReference models apimachinery validateOwnerReference.
func validateOwnerReference(ref api.OwnerReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	group, version := parseGroupVersion(ref.APIVersion)
	if version == "" {
		errs = append(errs, field.Invalid(fldPath.Child("apiVersion"), ref.APIVersion, "version must not be empty"))
	}
	if ref.Kind == "" {
		errs = append(errs, field.Invalid(fldPath.Child("kind"), ref.Kind, "must not be empty"))
	}
	if ref.Name == "" {
		errs = append(errs, field.Invalid(fldPath.Child("name"), ref.Name, "must not be empty"))
	}
	if ref.UID == "" {
		errs = append(errs, field.Invalid(fldPath.Child("uid"), ref.UID, "must not be empty"))
	}
	// BannedOwners: core/v1 Events may not own anything.
	if group == "" && version == "v1" && ref.Kind == "Event" {
		errs = append(errs, field.Invalid(fldPath, ref, "/v1, Kind=Event is disallowed from being an owner"))
	}
	return errs
}

// parseGroupVersion models schema.FromAPIVersionAndKind's parsing: "v1",
// "apps/v1"; anything with more slashes yields an empty group/version.
func parseGroupVersion(apiVersion string) (group, version string) {
	switch parts := strings.Split(apiVersion, "/"); len(parts) {
	case 1:
		return "", parts[0]
	case 2:
		return parts[0], parts[1]
	default:
		return "", ""
	}
}

// validateFinalizers models apimachinery ValidateFinalizers. Note the path
// has no index, as upstream.
func validateFinalizers(finalizers []string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	orphan, foreground := false, false
	for _, f := range finalizers {
		errs = append(errs, validateQualifiedName(f, fldPath)...)
		switch f {
		case "orphan":
			orphan = true
		case "foregroundDeletion":
			foreground = true
		}
	}
	if orphan && foreground {
		errs = append(errs, field.Invalid(fldPath, finalizers, "finalizer orphan and foregroundDeletion cannot be both set"))
	}
	return errs
}

// validateKubeFinalizerName models core validateKubeFinalizerName: an
// unqualified finalizer must be one of the standard ones.
func validateKubeFinalizerName(name string, fldPath *field.Path) field.ErrorList {
	if strings.Contains(name, "/") {
		return nil
	}
	switch name {
	case "kubernetes", "orphan", "foregroundDeletion":
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, name, "name is neither a standard finalizer name nor is it fully qualified")}
}

// validateLabelSelector models metav1 validation.ValidateLabelSelector with
// AllowInvalidLabelValueInSelector false (workload selectors are always
// validated strictly).
func validateLabelSelector(ps *api.LabelSelector, fldPath *field.Path) field.ErrorList {
	if ps == nil {
		return nil
	}
	errs := validateLabels(ps.MatchLabels, fldPath.Child("matchLabels"))
	for i, expr := range ps.MatchExpressions {
		errs = append(errs, validateLabelSelectorRequirement(expr, fldPath.Child("matchExpressions").Index(i))...)
	}
	return errs
}

// validateLabelSelectorRequirement models ValidateLabelSelectorRequirement.
func validateLabelSelectorRequirement(sr api.LabelSelectorRequirement, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch sr.Operator {
	case api.LabelSelectorOpIn, api.LabelSelectorOpNotIn:
		if len(sr.Values) == 0 {
			errs = append(errs, field.Required(fldPath.Child("values"), "must be specified when `operator` is 'In' or 'NotIn'"))
		}
	case api.LabelSelectorOpExists, api.LabelSelectorOpDoesNotExist:
		if len(sr.Values) > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
		}
	default:
		errs = append(errs, field.Invalid(fldPath.Child("operator"), sr.Operator, "not a valid selector operator"))
	}
	errs = append(errs, validateLabelName(sr.Key, fldPath.Child("key"))...)
	for i, v := range sr.Values {
		for _, msg := range naming.IsValidLabelValue(v) {
			errs = append(errs, field.Invalid(fldPath.Child("values").Index(i), v, msg))
		}
	}
	return errs
}

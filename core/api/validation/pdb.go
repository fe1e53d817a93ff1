package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// PodDisruptionBudget validation (pkg/apis/policy/validation).

// validatePDB models ValidatePodDisruptionBudget, which checks only the
// spec; the registry's BeforeCreate then runs the generic metadata check
// with path-segment names (rest.BeforeCreate's ValidateObjectMetaAccessor),
// so metadata errors come after the spec's.
func validatePDB(p *api.PodDisruptionBudget) field.ErrorList {
	errs := validatePDBSpec(&p.Spec, field.NewPath("spec"))
	return append(errs, validateObjectMeta(&p.ObjectMeta, metaOptions{namespaced: true, nameFn: pathSegmentName}, field.NewPath("metadata"))...)
}

// validatePDBUpdate models podDisruptionBudgetStrategy.ValidateUpdate: the
// spec rules of create (the spec is mutable since v1.15).
func validatePDBUpdate(p, old *api.PodDisruptionBudget) field.ErrorList {
	errs := validatePDBSpec(&p.Spec, field.NewPath("spec"))
	return append(errs, validateObjectMetaUpdate(&p.ObjectMeta, &old.ObjectMeta, false, field.NewPath("metadata"))...)
}

// validatePDBSpec models ValidatePodDisruptionBudgetSpec.
func validatePDBSpec(s *api.PodDisruptionBudgetSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MinAvailable != nil && s.MaxUnavailable != nil {
		errs = append(errs, field.Invalid(fldPath, *s, "minAvailable and maxUnavailable cannot be both set"))
	}
	if s.MinAvailable != nil {
		errs = append(errs, validatePositiveIntOrPercent(*s.MinAvailable, fldPath.Child("minAvailable"))...)
		errs = append(errs, isNotMoreThan100Percent(*s.MinAvailable, fldPath.Child("minAvailable"))...)
	}
	if s.MaxUnavailable != nil {
		errs = append(errs, validatePositiveIntOrPercent(*s.MaxUnavailable, fldPath.Child("maxUnavailable"))...)
		errs = append(errs, isNotMoreThan100Percent(*s.MaxUnavailable, fldPath.Child("maxUnavailable"))...)
	}
	if s.Selector != nil {
		errs = append(errs, validateLabelSelector(s.Selector, fldPath.Child("selector"))...)
	}
	if p := s.UnhealthyPodEvictionPolicy; p != nil && *p != api.IfHealthyBudget && *p != api.AlwaysAllow {
		errs = append(errs, field.NotSupported(fldPath.Child("unhealthyPodEvictionPolicy"), *p, []string{"AlwaysAllow", "IfHealthyBudget"}))
	}
	return errs
}

// validatePDBStatusUpdate models ValidatePodDisruptionBudgetStatusUpdate
// (policy/v1): the counts are not negative.
func validatePDBStatusUpdate(p, old *api.PodDisruptionBudget) field.ErrorList {
	errs := validateObjectMetaUpdate(&p.ObjectMeta, &old.ObjectMeta, false, field.NewPath("metadata"))
	st := field.NewPath("status")
	errs = append(errs, validateNonnegative(int64(p.Status.DisruptionsAllowed), st.Child("disruptionsAllowed"))...)
	errs = append(errs, validateNonnegative(int64(p.Status.CurrentHealthy), st.Child("currentHealthy"))...)
	errs = append(errs, validateNonnegative(int64(p.Status.DesiredHealthy), st.Child("desiredHealthy"))...)
	return append(errs, validateNonnegative(int64(p.Status.ExpectedPods), st.Child("expectedPods"))...)
}

// pathSegmentName is path.ValidatePathSegmentName as a name function.
func pathSegmentName(name string, prefix bool) []string {
	if prefix {
		if name == "." || name == ".." {
			return nil
		}
	}
	return pathSegmentNameMessages(name)
}

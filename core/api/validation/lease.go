package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Lease validation (pkg/apis/coordination/validation).

// validateLease models coordination ValidateLease (apimachinery object
// meta, without the kube finalizer check).
func validateLease(l *api.Lease) field.ErrorList {
	errs := validateObjectMeta(&l.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain}, field.NewPath("metadata"))
	return append(errs, validateLeaseSpec(&l.Spec, field.NewPath("spec"))...)
}

// validateLeaseSpec models ValidateLeaseSpec.
func validateLeaseSpec(s *api.LeaseSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.LeaseDurationSeconds != nil && *s.LeaseDurationSeconds <= 0 {
		errs = append(errs, field.Invalid(fldPath.Child("leaseDurationSeconds"), s.LeaseDurationSeconds, "must be greater than 0"))
	}
	if s.LeaseTransitions != nil && *s.LeaseTransitions < 0 {
		errs = append(errs, field.Invalid(fldPath.Child("leaseTransitions"), s.LeaseTransitions, "must be greater than or equal to 0"))
	}
	return errs
}

// validateLeaseUpdate models ValidateLeaseUpdate.
func validateLeaseUpdate(l, old *api.Lease) field.ErrorList {
	errs := validateObjectMetaUpdate(&l.ObjectMeta, &old.ObjectMeta, false, field.NewPath("metadata"))
	return append(errs, validateLeaseSpec(&l.Spec, field.NewPath("spec"))...)
}

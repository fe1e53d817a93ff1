package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// ResourceQuota validation (pkg/apis/core/validation).

// validateResourceQuota models ValidateResourceQuota.
func validateResourceQuota(q *api.ResourceQuota) field.ErrorList {
	errs := validateObjectMeta(&q.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	errs = append(errs, validateResourceList(q.Spec.Hard, field.NewPath("spec", "hard"))...)
	errs = append(errs, validateResourceList(q.Status.Hard, field.NewPath("status", "hard"))...)
	return append(errs, validateResourceList(q.Status.Used, field.NewPath("status", "used"))...)
}

// validateResourceList checks quota resource names and quantities
// (ValidateResourceQuotaSpec / ValidateResourceQuotaStatus).
func validateResourceList(rl api.ResourceList, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, k := range sortedKeys(rl) {
		p := fldPath.Key(string(k))
		errs = append(errs, validateResourceQuotaResourceName(k, p)...)
		errs = append(errs, validateResourceQuantityValue(k, rl[k], p)...)
	}
	return errs
}

// validateResourceQuotaUpdate models ValidateResourceQuotaUpdate.
func validateResourceQuotaUpdate(q, old *api.ResourceQuota) field.ErrorList {
	errs := validateObjectMetaUpdate(&q.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateResourceList(q.Spec.Hard, field.NewPath("spec", "hard"))...)
}

// validateResourceQuotaStatusUpdate models
// ValidateResourceQuotaStatusUpdate.
func validateResourceQuotaStatusUpdate(q, old *api.ResourceQuota) field.ErrorList {
	errs := validateObjectMetaUpdate(&q.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	if q.ResourceVersion == "" {
		errs = append(errs, field.Required(field.NewPath("resourceVersion"), ""))
	}
	errs = append(errs, validateResourceList(q.Status.Hard, field.NewPath("status", "hard"))...)
	return append(errs, validateResourceList(q.Status.Used, field.NewPath("status", "used"))...)
}

package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// RuntimeClass validation (pkg/apis/node/validation).

// validateRuntimeClass models node ValidateRuntimeClass: the handler must
// be a DNS label.
func validateRuntimeClass(rc *api.RuntimeClass) field.ErrorList {
	errs := validateObjectMeta(&rc.ObjectMeta, metaOptions{nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	for _, msg := range nameIsDNSLabel(rc.Handler, false) {
		errs = append(errs, field.Invalid(field.NewPath("handler"), rc.Handler, msg))
	}
	if rc.Overhead != nil {
		// validateOverhead: the pod resource requirements' rules.
		errs = append(errs, validateResourceList(rc.Overhead.PodFixed, field.NewPath("overhead", "podFixed"))...)
	}
	if rc.Scheduling != nil {
		// validateScheduling: nodeSelector labels, tolerations.
		p := field.NewPath("scheduling")
		errs = append(errs, validateLabels(rc.Scheduling.NodeSelector, p.Child("nodeSelector"))...)
		errs = append(errs, validateTolerations(rc.Scheduling.Tolerations, p.Child("tolerations"))...)
	}
	return errs
}

// validateRuntimeClassUpdate models ValidateRuntimeClassUpdate: the handler
// is immutable.
func validateRuntimeClassUpdate(rc, old *api.RuntimeClass) field.ErrorList {
	errs := validateObjectMetaUpdate(&rc.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateImmutableField(rc.Handler, old.Handler, field.NewPath("handler"))...)
}

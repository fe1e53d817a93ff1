package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// validateReplicaSet models apps ValidateReplicaSet.
func validateReplicaSet(rs *api.ReplicaSet) field.ErrorList {
	errs := validateObjectMeta(&rs.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validateReplicaSetSpec(&rs.Spec, field.NewPath("spec"))...)
}

// validateReplicaSetUpdate models the ReplicaSet strategy's ValidateUpdate:
// ValidateReplicaSetUpdate, then an immutable spec.selector (apps/v1).
func validateReplicaSetUpdate(rs, old *api.ReplicaSet) field.ErrorList {
	errs := validateObjectMetaUpdate(&rs.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validateReplicaSetSpec(&rs.Spec, field.NewPath("spec"))...)
	return append(errs, validateImmutableField(rs.Spec.Selector, old.Spec.Selector, field.NewPath("spec").Child("selector"))...)
}

// validateReplicaSetSpec models ValidateReplicaSetSpec.
func validateReplicaSetSpec(spec *api.ReplicaSetSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	replicas := int32(0)
	if spec.Replicas != nil {
		replicas = *spec.Replicas
	}
	errs = append(errs, validateNonnegative(replicas, fldPath.Child("replicas"))...)
	errs = append(errs, validateNonnegative(spec.MinReadySeconds, fldPath.Child("minReadySeconds"))...)
	selector, selErrs := validateWorkloadSelector(spec.Selector, fldPath.Child("selector"))
	errs = append(errs, selErrs...)
	if selector != nil {
		errs = append(errs, validatePodTemplateSpecForReplicaSet(&spec.Template, selector, fldPath.Child("template"))...)
	}
	return errs
}

// validateReplicaSetStatus models ValidateReplicaSetStatus.
func validateReplicaSetStatus(st *api.ReplicaSetStatus, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, validateNonnegative(st.Replicas, fldPath.Child("replicas"))...)
	errs = append(errs, validateNonnegative(st.FullyLabeledReplicas, fldPath.Child("fullyLabeledReplicas"))...)
	errs = append(errs, validateNonnegative(st.ReadyReplicas, fldPath.Child("readyReplicas"))...)
	errs = append(errs, validateNonnegative(st.AvailableReplicas, fldPath.Child("availableReplicas"))...)
	errs = append(errs, validateNonnegative(st.ObservedGeneration, fldPath.Child("observedGeneration"))...)
	const msg = "cannot be greater than status.replicas"
	if st.FullyLabeledReplicas > st.Replicas {
		errs = append(errs, field.Invalid(fldPath.Child("fullyLabeledReplicas"), st.FullyLabeledReplicas, msg))
	}
	if st.ReadyReplicas > st.Replicas {
		errs = append(errs, field.Invalid(fldPath.Child("readyReplicas"), st.ReadyReplicas, msg))
	}
	if st.AvailableReplicas > st.Replicas {
		errs = append(errs, field.Invalid(fldPath.Child("availableReplicas"), st.AvailableReplicas, msg))
	}
	if st.AvailableReplicas > st.ReadyReplicas {
		errs = append(errs, field.Invalid(fldPath.Child("availableReplicas"), st.AvailableReplicas, "cannot be greater than readyReplicas"))
	}
	return errs
}

// validateReplicaSetStatusUpdate models ValidateReplicaSetStatusUpdate.
func validateReplicaSetStatusUpdate(rs, old *api.ReplicaSet) field.ErrorList {
	errs := validateObjectMetaUpdate(&rs.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateReplicaSetStatus(&rs.Status, field.NewPath("status"))...)
}

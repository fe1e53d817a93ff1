package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// validateDeployment models apps ValidateDeployment.
func validateDeployment(d *api.Deployment) field.ErrorList {
	errs := validateObjectMeta(&d.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validateDeploymentSpec(&d.Spec, field.NewPath("spec"))...)
}

// validateDeploymentUpdate models the Deployment strategy's ValidateUpdate:
// ValidateDeploymentUpdate (metadata update rules, then the whole spec),
// then, for apps/v1, an immutable spec.selector.
func validateDeploymentUpdate(d, old *api.Deployment) field.ErrorList {
	errs := validateObjectMetaUpdate(&d.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validateDeploymentSpec(&d.Spec, field.NewPath("spec"))...)
	return append(errs, validateImmutableField(d.Spec.Selector, old.Spec.Selector, field.NewPath("spec").Child("selector"))...)
}

// validateDeploymentSpec models ValidateDeploymentSpec.
func validateDeploymentSpec(spec *api.DeploymentSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	replicas := int32(0)
	if spec.Replicas != nil {
		replicas = *spec.Replicas
	}
	errs = append(errs, validateNonnegative(replicas, fldPath.Child("replicas"))...)

	selector, selErrs := validateWorkloadSelector(spec.Selector, fldPath.Child("selector"))
	errs = append(errs, selErrs...)
	if selector != nil {
		errs = append(errs, validatePodTemplateSpecForReplicaSet(&spec.Template, selector, fldPath.Child("template"))...)
	}

	errs = append(errs, validateDeploymentStrategy(&spec.Strategy, fldPath.Child("strategy"))...)
	errs = append(errs, validateNonnegative(spec.MinReadySeconds, fldPath.Child("minReadySeconds"))...)
	if spec.RevisionHistoryLimit != nil {
		// zero is a valid RevisionHistoryLimit
		errs = append(errs, validateNonnegative(*spec.RevisionHistoryLimit, fldPath.Child("revisionHistoryLimit"))...)
	}
	if spec.ProgressDeadlineSeconds != nil {
		errs = append(errs, validateNonnegative(*spec.ProgressDeadlineSeconds, fldPath.Child("progressDeadlineSeconds"))...)
		if *spec.ProgressDeadlineSeconds <= spec.MinReadySeconds {
			errs = append(errs, field.Invalid(fldPath.Child("progressDeadlineSeconds"), spec.ProgressDeadlineSeconds, "must be greater than minReadySeconds"))
		}
	}
	return errs
}

// internalDeploymentStrategy mirrors apps.DeploymentStrategy, the internal
// type upstream reports as the bad value of an unsupported strategy; it has
// no JSON tags, so it prints as {"Type":"Foo","RollingUpdate":null}.
type internalDeploymentStrategy struct {
	Type          api.DeploymentStrategyType
	RollingUpdate *internalRollingUpdateDeployment
}

type internalRollingUpdateDeployment struct {
	MaxUnavailable api.IntOrString
	MaxSurge       api.IntOrString
}

func toInternalStrategy(s *api.DeploymentStrategy) *internalDeploymentStrategy {
	out := &internalDeploymentStrategy{Type: s.Type}
	if ru := s.RollingUpdate; ru != nil {
		out.RollingUpdate = &internalRollingUpdateDeployment{MaxUnavailable: intOrZero(ru.MaxUnavailable), MaxSurge: intOrZero(ru.MaxSurge)}
	}
	return out
}

// validateDeploymentStrategy models ValidateDeploymentStrategy.
func validateDeploymentStrategy(s *api.DeploymentStrategy, fldPath *field.Path) field.ErrorList {
	switch s.Type {
	case api.RecreateDeploymentStrategyType:
		if s.RollingUpdate != nil {
			return field.ErrorList{field.Forbidden(fldPath.Child("rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'")}
		}
	case api.RollingUpdateDeploymentStrategyType:
		// This should never happen since it's set and checked in defaults.
		if s.RollingUpdate == nil {
			return field.ErrorList{field.Required(fldPath.Child("rollingUpdate"), "this should be defaulted and never be nil")}
		}
		return validateRollingUpdateDeployment(s.RollingUpdate, fldPath.Child("rollingUpdate"))
	default:
		valid := []string{string(api.RecreateDeploymentStrategyType), string(api.RollingUpdateDeploymentStrategyType)}
		return field.ErrorList{field.NotSupported(fldPath, toInternalStrategy(s), valid)}
	}
	return nil
}

// validateRollingUpdateDeployment models ValidateRollingUpdateDeployment.
// The zero check uses the raw numbers, so maxSurge 0% with maxUnavailable
// 1% passes even where 1% rounds down to 0 pods.
func validateRollingUpdateDeployment(ru *api.RollingUpdateDeployment, fldPath *field.Path) field.ErrorList {
	maxUnavailable, maxSurge := intOrZero(ru.MaxUnavailable), intOrZero(ru.MaxSurge)
	errs := validatePositiveIntOrPercent(maxUnavailable, fldPath.Child("maxUnavailable"))
	errs = append(errs, validatePositiveIntOrPercent(maxSurge, fldPath.Child("maxSurge"))...)
	if getIntOrPercentValue(maxUnavailable) == 0 && getIntOrPercentValue(maxSurge) == 0 {
		// Both MaxSurge and MaxUnavailable cannot be zero.
		errs = append(errs, field.Invalid(fldPath.Child("maxUnavailable"), maxUnavailable, "may not be 0 when `maxSurge` is 0"))
	}
	return append(errs, isNotMoreThan100Percent(maxUnavailable, fldPath.Child("maxUnavailable"))...)
}

// validateDeploymentStatus models ValidateDeploymentStatus.
func validateDeploymentStatus(st *api.DeploymentStatus, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, validateNonnegative(st.ObservedGeneration, fldPath.Child("observedGeneration"))...)
	errs = append(errs, validateNonnegative(st.Replicas, fldPath.Child("replicas"))...)
	errs = append(errs, validateNonnegative(st.UpdatedReplicas, fldPath.Child("updatedReplicas"))...)
	errs = append(errs, validateNonnegative(st.ReadyReplicas, fldPath.Child("readyReplicas"))...)
	errs = append(errs, validateNonnegative(st.AvailableReplicas, fldPath.Child("availableReplicas"))...)
	errs = append(errs, validateNonnegative(st.UnavailableReplicas, fldPath.Child("unavailableReplicas"))...)
	if st.CollisionCount != nil {
		errs = append(errs, validateNonnegative(*st.CollisionCount, fldPath.Child("collisionCount"))...)
	}
	const msg = "cannot be greater than status.replicas"
	if st.UpdatedReplicas > st.Replicas {
		errs = append(errs, field.Invalid(fldPath.Child("updatedReplicas"), st.UpdatedReplicas, msg))
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

// validateDeploymentStatusUpdate models ValidateDeploymentStatusUpdate.
func validateDeploymentStatusUpdate(d, old *api.Deployment) field.ErrorList {
	errs := validateObjectMetaUpdate(&d.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	fldPath := field.NewPath("status")
	errs = append(errs, validateDeploymentStatus(&d.Status, fldPath)...)
	if isDecremented(d.Status.CollisionCount, old.Status.CollisionCount) {
		value := int32(0)
		if d.Status.CollisionCount != nil {
			value = *d.Status.CollisionCount
		}
		errs = append(errs, field.Invalid(fldPath.Child("collisionCount"), value, "cannot be decremented"))
	}
	return errs
}

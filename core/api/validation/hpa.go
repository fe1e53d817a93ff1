package validation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation), with
// the options the v2 registry strategy passes: minReplicas at least 1 (the
// HPAScaleToZero gate is alpha, off), a scaleTargetRef apiVersion that may
// name the core group.

// The bounds of upstream's validation.
const (
	maxPeriodSeconds              = 1800
	maxStabilizationWindowSeconds = 3600
)

// validateHPA models ValidateHorizontalPodAutoscaler.
func validateHPA(h *api.HorizontalPodAutoscaler) field.ErrorList {
	errs := validateObjectMeta(&h.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validateHPASpec(&h.Spec, field.NewPath("spec"))...)
}

// validateHPAUpdate models ValidateHorizontalPodAutoscalerUpdate.
func validateHPAUpdate(h, old *api.HorizontalPodAutoscaler) field.ErrorList {
	errs := validateObjectMetaUpdate(&h.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateHPASpec(&h.Spec, field.NewPath("spec"))...)
}

// validateHPAStatusUpdate models ValidateHorizontalPodAutoscalerStatusUpdate.
func validateHPAStatusUpdate(h, old *api.HorizontalPodAutoscaler) field.ErrorList {
	errs := validateObjectMetaUpdate(&h.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	st := field.NewPath("status")
	for i, c := range h.Status.Conditions {
		if c.ObservedGeneration != nil {
			errs = append(errs, validateNonnegative(*c.ObservedGeneration, st.Child("conditions").Index(i).Child("observedGeneration"))...)
		}
	}
	errs = append(errs, validateNonnegative(int64(h.Status.CurrentReplicas), st.Child("currentReplicas"))...)
	return append(errs, validateNonnegative(int64(h.Status.DesiredReplicas), st.Child("desiredReplicas"))...)
}

// validateHPASpec models validateHorizontalPodAutoscalerSpec.
func validateHPASpec(s *api.HorizontalPodAutoscalerSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MinReplicas != nil && *s.MinReplicas < 1 {
		errs = append(errs, field.Invalid(fldPath.Child("minReplicas"), *s.MinReplicas, "must be greater than or equal to 1"))
	}
	if s.MaxReplicas == 0 {
		errs = append(errs, field.Required(fldPath.Child("maxReplicas"), "must be set and greater than 0"))
	} else if s.MaxReplicas < 0 {
		errs = append(errs, field.Invalid(fldPath.Child("maxReplicas"), s.MaxReplicas, "must be greater than or equal to 1"))
	}
	if s.MinReplicas != nil && s.MaxReplicas < *s.MinReplicas {
		errs = append(errs, field.Invalid(fldPath.Child("maxReplicas"), s.MaxReplicas, "must be greater than or equal to `minReplicas`"))
	}
	errs = append(errs, validateCrossVersionObjectReference(s.ScaleTargetRef, fldPath.Child("scaleTargetRef"), true)...)
	for i, m := range s.Metrics {
		errs = append(errs, validateMetricSpec(m, fldPath.Child("metrics").Index(i))...)
	}
	if b := s.Behavior; b != nil {
		errs = append(errs, validateScalingRules(b.ScaleUp, fldPath.Child("behavior", "scaleUp"))...)
		errs = append(errs, validateScalingRules(b.ScaleDown, fldPath.Child("behavior", "scaleDown"))...)
	}
	return errs
}

// validateCrossVersionObjectReference models ValidateCrossVersionObjectReference.
func validateCrossVersionObjectReference(ref api.CrossVersionObjectReference, fldPath *field.Path, allowEmptyGroup bool) field.ErrorList {
	errs := requiredPathSegment(ref.Kind, fldPath.Child("kind"))
	errs = append(errs, requiredPathSegment(ref.Name, fldPath.Child("name"))...)
	if msg := apiVersionError(ref.APIVersion, allowEmptyGroup); msg != "" {
		errs = append(errs, field.Invalid(fldPath.Child("apiVersion"), ref.APIVersion, msg))
	}
	return errs
}

// apiVersionError models ValidateAPIVersion (schema.ParseGroupVersion).
func apiVersionError(v string, allowEmptyGroup bool) string {
	if v == "" || v == "v1" {
		if allowEmptyGroup {
			return ""
		}
		return "apiVersion must specify API group"
	}
	if strings.Count(v, "/") != 1 {
		return fmt.Sprintf("unexpected GroupVersion string: %s", v)
	}
	g, _, _ := strings.Cut(v, "/")
	if g == "" && !allowEmptyGroup {
		return "apiVersion must specify API group"
	}
	return ""
}

// validateScalingRules models the function of that name.
func validateScalingRules(r *api.HPAScalingRules, fldPath *field.Path) field.ErrorList {
	if r == nil {
		return nil
	}
	var errs field.ErrorList
	if w := r.StabilizationWindowSeconds; w != nil && *w < 0 {
		errs = append(errs, field.Invalid(fldPath.Child("stabilizationWindowSeconds"), *w, "must be greater than or equal to zero"))
	}
	if w := r.StabilizationWindowSeconds; w != nil && *w > maxStabilizationWindowSeconds {
		errs = append(errs, field.Invalid(fldPath.Child("stabilizationWindowSeconds"), *w, fmt.Sprintf("must be less than or equal to %v", maxStabilizationWindowSeconds)))
	}
	if p := r.SelectPolicy; p != nil && *p != api.MaxChangePolicySelect && *p != api.MinChangePolicySelect && *p != api.DisabledPolicySelect {
		errs = append(errs, field.NotSupported(fldPath.Child("selectPolicy"), *p, []string{"Disabled", "Max", "Min"}))
	}
	pp := fldPath.Child("policies")
	if len(r.Policies) == 0 {
		errs = append(errs, field.Required(pp, "must specify at least one Policy"))
	}
	for i, p := range r.Policies { // validateScalingPolicy
		ip := pp.Index(i)
		if p.Type != api.PodsScalingPolicy && p.Type != api.PercentScalingPolicy {
			errs = append(errs, field.NotSupported(ip.Child("type"), p.Type, []string{"Percent", "Pods"}))
		}
		if p.Value <= 0 {
			errs = append(errs, field.Invalid(ip.Child("value"), p.Value, "must be greater than zero"))
		}
		if p.PeriodSeconds <= 0 {
			errs = append(errs, field.Invalid(ip.Child("periodSeconds"), p.PeriodSeconds, "must be greater than zero"))
		}
		if p.PeriodSeconds > maxPeriodSeconds {
			errs = append(errs, field.Invalid(ip.Child("periodSeconds"), p.PeriodSeconds, fmt.Sprintf("must be less than or equal to %v", maxPeriodSeconds)))
		}
	}
	if t := r.Tolerance; t != nil && t.Sign() < 0 {
		errs = append(errs, field.Invalid(fldPath.Child("tolerance"), t.String(), isNegativeErrorMsg))
	}
	return errs
}

var metricSourceTypes = []api.MetricSourceType{api.ContainerResourceMetricSourceType, api.ExternalMetricSourceType,
	api.ObjectMetricSourceType, api.PodsMetricSourceType, api.ResourceMetricSourceType}

// validateMetricSpec models the function of that name for the Resource
// and ContainerResource sources (the ones a cluster without a custom
// metrics adapter can serve); other sources get their type checks.
func validateMetricSpec(m api.MetricSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if m.Type == "" {
		errs = append(errs, field.Required(fldPath.Child("type"), "must specify a metric source type"))
	}
	known := false
	for _, t := range metricSourceTypes {
		known = known || t == m.Type
	}
	if !known {
		errs = append(errs, field.NotSupported(fldPath.Child("type"), m.Type, metricSourceTypes))
	}
	var present []string
	if m.Object != nil {
		present = append(present, "object")
	}
	if m.External != nil {
		present = append(present, "external")
	}
	if m.Pods != nil {
		present = append(present, "pods")
	}
	if m.Resource != nil {
		present = append(present, "resource")
		if len(present) == 1 {
			errs = append(errs, validateResourceSource(m.Resource.Name, "", false, m.Resource.Target, fldPath.Child("resource"))...)
		}
	}
	if m.ContainerResource != nil {
		present = append(present, "containerResource")
		if len(present) == 1 {
			cr := m.ContainerResource
			errs = append(errs, validateResourceSource(cr.Name, cr.Container, true, cr.Target, fldPath.Child("containerResource"))...)
		}
	}
	expected := map[api.MetricSourceType]string{api.ObjectMetricSourceType: "object", api.PodsMetricSourceType: "pods",
		api.ResourceMetricSourceType: "resource", api.ContainerResourceMetricSourceType: "containerResource",
		api.ExternalMetricSourceType: "external"}[m.Type]
	if expected != "" && !slices.Contains(present, expected) {
		errs = append(errs, field.Required(fldPath.Child(expected), "must populate information for the given metric source"))
	}
	if len(present) != 1 {
		slices.Sort(present)
		for _, p := range present {
			if p != expected {
				errs = append(errs, field.Forbidden(fldPath.Child(p), "must populate the given metric source only"))
			}
		}
	}
	return errs
}

// validateResourceSource models validateResourceSource and
// validateContainerResourceSource's common part.
func validateResourceSource(name api.ResourceName, container string, isContainer bool, t api.MetricTarget, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if name == "" {
		errs = append(errs, field.Required(fldPath.Child("name"), "must specify a resource name"))
	}
	if isContainer {
		if container == "" {
			errs = append(errs, field.Required(fldPath.Child("container"), "must specify a container"))
		} else {
			errs = append(errs, validateDNS1123Label(container, fldPath.Child("container"))...)
		}
	}
	errs = append(errs, validateMetricTarget(t, fldPath.Child("target"))...)
	if t.AverageUtilization == nil && t.AverageValue == nil {
		errs = append(errs, field.Required(fldPath.Child("target").Child("averageUtilization"), "must set either a target raw value or a target utilization"))
	}
	if t.AverageUtilization != nil && t.AverageValue != nil {
		errs = append(errs, field.Forbidden(fldPath.Child("target").Child("averageValue"), "may not set both a target raw value and a target utilization"))
	}
	return errs
}

// validateMetricTarget models the function of that name.
func validateMetricTarget(t api.MetricTarget, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if t.Type == "" {
		errs = append(errs, field.Required(fldPath.Child("type"), "must specify a metric target type"))
	}
	if t.Type != api.UtilizationMetricType && t.Type != api.ValueMetricType && t.Type != api.AverageValueMetricType {
		errs = append(errs, field.Invalid(fldPath.Child("type"), t.Type, "must be either Utilization, Value, or AverageValue"))
	}
	if t.Value != nil && t.Value.Sign() != 1 {
		errs = append(errs, field.Invalid(fldPath.Child("value"), t.Value, "must be positive"))
	}
	if t.AverageValue != nil && t.AverageValue.Sign() != 1 {
		errs = append(errs, field.Invalid(fldPath.Child("averageValue"), t.AverageValue, "must be positive"))
	}
	if t.AverageUtilization != nil && *t.AverageUtilization < 1 {
		errs = append(errs, field.Invalid(fldPath.Child("averageUtilization"), *t.AverageUtilization, "must be greater than 0"))
	}
	return errs
}

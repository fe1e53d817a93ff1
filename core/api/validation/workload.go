package validation

import (
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Helpers shared by the Deployment and ReplicaSet validators
// (pkg/apis/apps/validation).

// validateWorkloadSelector models the selector part of
// ValidateDeploymentSpec / ValidateReplicaSetSpec: the selector is
// required, validated strictly, and may not be empty. It returns the
// selector to match the template against, or nil when the selector does not
// convert (LabelSelectorAsSelector failed).
func validateWorkloadSelector(sel *api.LabelSelector, fldPath *field.Path) (labels.Selector, field.ErrorList) {
	var errs field.ErrorList
	if sel == nil {
		errs = append(errs, field.Required(fldPath, ""))
	} else {
		errs = append(errs, validateLabelSelector(sel, fldPath)...)
		if len(sel.MatchLabels)+len(sel.MatchExpressions) == 0 {
			// Upstream says "deployment" here for ReplicaSets too.
			errs = append(errs, field.Invalid(fldPath, sel, "empty selector is invalid for deployment"))
		}
	}
	selector, err := labelSelectorAsSelector(sel)
	if err != nil {
		errs = append(errs, field.Invalid(fldPath, sel, "invalid label selector"))
		return nil, errs
	}
	return selector, errs
}

// labelSelectorAsSelector models metav1.LabelSelectorAsSelector: a nil
// selector selects nothing, an empty one everything.
func labelSelectorAsSelector(sel *api.LabelSelector) (labels.Selector, error) {
	if sel == nil {
		return labels.Nothing(), nil
	}
	return labels.SelectorFromLabelSelector(sel)
}

// validatePodTemplateSpecForReplicaSet models upstream's function of that
// name, which Deployments use too: the selector must match the template's
// labels, the template must be a valid pod template, and its pods must
// restart Always and have no activeDeadlineSeconds.
func validatePodTemplateSpecForReplicaSet(template *api.PodTemplateSpec, selector labels.Selector, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if !selector.Empty() && !selector.Matches(labels.Set(template.Labels)) {
		errs = append(errs, field.Invalid(fldPath.Child("metadata", "labels"), template.Labels, "`selector` does not match template `labels`"))
	}
	errs = append(errs, validatePodTemplateSpec(template, fldPath)...)
	// RestartPolicy has already been first-order validated by
	// validatePodTemplateSpec; a valid but different one is rejected here.
	if template.Spec.RestartPolicy != api.RestartPolicyAlways {
		errs = append(errs, field.NotSupported(fldPath.Child("spec", "restartPolicy"), template.Spec.RestartPolicy, []string{string(api.RestartPolicyAlways)}))
	}
	if template.Spec.ActiveDeadlineSeconds != nil {
		// Upstream says "ReplicaSet" here for Deployments too.
		errs = append(errs, field.Forbidden(fldPath.Child("spec", "activeDeadlineSeconds"), "activeDeadlineSeconds in ReplicaSet is not Supported"))
	}
	return errs
}

// percentFmt is validation.IsValidPercent's pattern.
const percentFmt = "[0-9]+%"

// isValidPercent models validation.IsValidPercent.
func isValidPercent(s string) []string {
	if !matchPercent(s) {
		return []string{naming.RegexError("a valid percent string must be a numeric string followed by an ending '%'", percentFmt, "1%", "93%")}
	}
	return nil
}

func matchPercent(s string) bool {
	digits := strings.TrimSuffix(s, "%")
	if len(digits) == len(s) || digits == "" {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// intOrZero is the internal API's view of an optional IntOrString: an
// unset pointer converts to the integer 0.
func intOrZero(v *api.IntOrString) api.IntOrString {
	if v == nil {
		return api.IntOrString{}
	}
	return *v
}

// intValue models intstr.IntOrString.IntValue: a string is read with Atoi
// (0 when it is not a number).
func intValue(v api.IntOrString) int {
	if v.IsString {
		i, _ := strconv.Atoi(v.StrVal)
		return i
	}
	return int(v.IntVal)
}

// validatePositiveIntOrPercent models ValidatePositiveIntOrPercent.
func validatePositiveIntOrPercent(v api.IntOrString, fldPath *field.Path) field.ErrorList {
	if v.IsString {
		var errs field.ErrorList
		for _, msg := range isValidPercent(v.StrVal) {
			errs = append(errs, field.Invalid(fldPath, v, msg))
		}
		return errs
	}
	return validateNonnegative(intValue(v), fldPath)
}

// getPercentValue models getPercentValue: N for a valid "N%".
func getPercentValue(v api.IntOrString) (int, bool) {
	if !v.IsString || len(isValidPercent(v.StrVal)) != 0 {
		return 0, false
	}
	n, _ := strconv.Atoi(v.StrVal[:len(v.StrVal)-1])
	return n, true
}

// getIntOrPercentValue models getIntOrPercentValue: the percent number for
// a percent, else IntValue (so "abc" counts as 0).
func getIntOrPercentValue(v api.IntOrString) int {
	if n, ok := getPercentValue(v); ok {
		return n
	}
	return intValue(v)
}

// isNotMoreThan100Percent models IsNotMoreThan100Percent.
func isNotMoreThan100Percent(v api.IntOrString, fldPath *field.Path) field.ErrorList {
	n, ok := getPercentValue(v)
	if !ok || n <= 100 {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, v, "must not be greater than 100%")}
}

// isDecremented models apivalidation.IsDecremented for collisionCount.
func isDecremented(update, old *int32) bool {
	if update == nil && old != nil {
		return true
	}
	if update == nil || old == nil {
		return false
	}
	return *update < *old
}

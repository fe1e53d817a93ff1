package validation

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Scheduling constraints: affinity (validateAffinity and the node selector
// and pod affinity term checks under it) and topologySpreadConstraints
// (validateTopologySpreadConstraints), as pkg/apis/core/validation has them.

// validateAffinity models validateAffinity. Required node affinity values
// must be valid label values; preferred ones may be anything (they can
// still match on a one-node cluster), as upstream.
func validateAffinity(a *api.Affinity, fldPath *field.Path) field.ErrorList {
	if a == nil {
		return nil
	}
	var errs field.ErrorList
	if na := a.NodeAffinity; na != nil {
		naPath := fldPath.Child("nodeAffinity")
		if na.RequiredDuringSchedulingIgnoredDuringExecution != nil {
			errs = append(errs, validateNodeSelector(na.RequiredDuringSchedulingIgnoredDuringExecution, false,
				naPath.Child("requiredDuringSchedulingIgnoredDuringExecution"))...)
		}
		prefPath := naPath.Child("preferredDuringSchedulingIgnoredDuringExecution")
		for i, term := range na.PreferredDuringSchedulingIgnoredDuringExecution {
			if term.Weight <= 0 || term.Weight > 100 {
				errs = append(errs, field.Invalid(prefPath.Index(i).Child("weight"), term.Weight, "must be in the range 1-100"))
			}
			errs = append(errs, validateNodeSelectorTerm(term.Preference, true, prefPath.Index(i).Child("preference"))...)
		}
	}
	if pa := a.PodAffinity; pa != nil {
		errs = append(errs, validatePodAffinityRules(pa.RequiredDuringSchedulingIgnoredDuringExecution,
			pa.PreferredDuringSchedulingIgnoredDuringExecution, fldPath.Child("podAffinity"))...)
	}
	if pa := a.PodAntiAffinity; pa != nil {
		errs = append(errs, validatePodAffinityRules(pa.RequiredDuringSchedulingIgnoredDuringExecution,
			pa.PreferredDuringSchedulingIgnoredDuringExecution, fldPath.Child("podAntiAffinity"))...)
	}
	return errs
}

// validateNodeSelector models ValidateNodeSelector.
func validateNodeSelector(ns *api.NodeSelector, allowInvalidValues bool, fldPath *field.Path) field.ErrorList {
	termPath := fldPath.Child("nodeSelectorTerms")
	if len(ns.NodeSelectorTerms) == 0 {
		return field.ErrorList{field.Required(termPath, "must have at least one node selector term")}
	}
	var errs field.ErrorList
	for i, term := range ns.NodeSelectorTerms {
		errs = append(errs, validateNodeSelectorTerm(term, allowInvalidValues, termPath.Index(i))...)
	}
	return errs
}

// validateNodeSelectorTerm models ValidateNodeSelectorTerm.
func validateNodeSelectorTerm(term api.NodeSelectorTerm, allowInvalidValues bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for j, req := range term.MatchExpressions {
		errs = append(errs, validateNodeSelectorRequirement(req, allowInvalidValues, fldPath.Child("matchExpressions").Index(j))...)
	}
	for j, req := range term.MatchFields {
		errs = append(errs, validateNodeFieldSelectorRequirement(req, fldPath.Child("matchFields").Index(j))...)
	}
	return errs
}

// validateNodeSelectorRequirement models ValidateNodeSelectorRequirement.
func validateNodeSelectorRequirement(rq api.NodeSelectorRequirement, allowInvalidValues bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch rq.Operator {
	case "In", "NotIn":
		if len(rq.Values) == 0 {
			errs = append(errs, field.Required(fldPath.Child("values"), "must be specified when `operator` is 'In' or 'NotIn'"))
		}
	case "Exists", "DoesNotExist":
		if len(rq.Values) > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
		}
	case "Gt", "Lt":
		if len(rq.Values) != 1 {
			errs = append(errs, field.Required(fldPath.Child("values"), "must be specified single value when `operator` is 'Lt' or 'Gt'"))
		}
	default:
		errs = append(errs, field.Invalid(fldPath.Child("operator"), rq.Operator, "not a valid selector operator"))
	}
	errs = append(errs, validateLabelName(rq.Key, fldPath.Child("key"))...)
	if !allowInvalidValues {
		for i, v := range rq.Values {
			for _, msg := range naming.IsValidLabelValue(v) {
				errs = append(errs, field.Invalid(fldPath.Child("values").Index(i), v, msg))
			}
		}
	}
	return errs
}

// validateNodeFieldSelectorRequirement models ValidateNodeFieldSelectorRequirement:
// the one node field a term may match is metadata.name.
func validateNodeFieldSelectorRequirement(req api.NodeSelectorRequirement, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch req.Operator {
	case "In", "NotIn":
		if len(req.Values) != 1 {
			errs = append(errs, field.Required(fldPath.Child("values"),
				"must be only one value when `operator` is 'In' or 'NotIn' for node field selector"))
		}
	default:
		errs = append(errs, field.Invalid(fldPath.Child("operator"), req.Operator, "not a valid selector operator"))
	}
	if req.Key != "metadata.name" {
		errs = append(errs, field.Invalid(fldPath.Child("key"), req.Key, "not a valid field selector key"))
	} else {
		for i, v := range req.Values {
			for _, msg := range nameIsDNSSubdomain(v, false) {
				errs = append(errs, field.Invalid(fldPath.Child("values").Index(i), v, msg))
			}
		}
	}
	return errs
}

// validatePodAffinityRules models validatePodAffinity and
// validatePodAntiAffinity, which check the same two lists.
func validatePodAffinityRules(required []api.PodAffinityTerm, preferred []api.WeightedPodAffinityTerm, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	reqPath := fldPath.Child("requiredDuringSchedulingIgnoredDuringExecution")
	for i, term := range required {
		errs = append(errs, validatePodAffinityTerm(term, reqPath.Index(i))...)
	}
	prefPath := fldPath.Child("preferredDuringSchedulingIgnoredDuringExecution")
	for j, wt := range preferred {
		if wt.Weight <= 0 || wt.Weight > 100 {
			errs = append(errs, field.Invalid(prefPath.Index(j).Child("weight"), wt.Weight, "must be in the range 1-100"))
		}
		errs = append(errs, validatePodAffinityTerm(wt.PodAffinityTerm, prefPath.Index(j).Child("podAffinityTerm"))...)
	}
	return errs
}

// validatePodAffinityTerm models validatePodAffinityTerm. As upstream, a
// bad namespace is reported under "namespace", singular.
func validatePodAffinityTerm(term api.PodAffinityTerm, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if term.LabelSelector != nil {
		errs = append(errs, validateLabelSelector(term.LabelSelector, fldPath.Child("labelSelector"))...)
	}
	if term.NamespaceSelector != nil {
		errs = append(errs, validateLabelSelector(term.NamespaceSelector, fldPath.Child("namespaceSelector"))...)
	}
	for _, ns := range term.Namespaces {
		for _, msg := range nameIsDNSLabel(ns, false) {
			errs = append(errs, field.Invalid(fldPath.Child("namespace"), ns, msg))
		}
	}
	errs = append(errs, validateMatchLabelKeysAndMismatchLabelKeys(fldPath, term.MatchLabelKeys, term.MismatchLabelKeys, term.LabelSelector)...)
	if term.TopologyKey == "" {
		errs = append(errs, field.Required(fldPath.Child("topologyKey"), "can not be empty"))
	}
	return append(errs, validateLabelName(term.TopologyKey, fldPath.Child("topologyKey"))...)
}

// validateMatchLabelKeysAndMismatchLabelKeys models
// ValidateMatchLabelKeysAndMismatchLabelKeys, quirks included: a key of
// matchLabelKeys that a selector expression repeats after the selector
// already had it is reported at fldPath.Index(i), not under matchLabelKeys.
func validateMatchLabelKeysAndMismatchLabelKeys(fldPath *field.Path, match, mismatch []string, sel *api.LabelSelector) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, validateLabelKeys(fldPath.Child("matchLabelKeys"), match, sel)...)
	errs = append(errs, validateLabelKeys(fldPath.Child("mismatchLabelKeys"), mismatch, sel)...)
	if sel != nil {
		index := map[string]int{}
		for i, k := range match {
			index[k] = i
		}
		seen := map[string]bool{}
		for k := range sel.MatchLabels {
			seen[k] = true
		}
		for _, e := range sel.MatchExpressions {
			if i, ok := index[e.Key]; ok && seen[e.Key] {
				errs = append(errs, field.Invalid(fldPath.Index(i), e.Key, "exists in both matchLabelKeys and labelSelector"))
			}
			seen[e.Key] = true
		}
	}
	mm := map[string]bool{}
	for _, k := range mismatch {
		mm[k] = true
	}
	for i, k := range match {
		if mm[k] {
			errs = append(errs, field.Invalid(fldPath.Child("matchLabelKeys").Index(i), k, "exists in both matchLabelKeys and mismatchLabelKeys"))
		}
	}
	return errs
}

// validateLabelKeys models validateLabelKeys.
func validateLabelKeys(fldPath *field.Path, keys []string, sel *api.LabelSelector) field.ErrorList {
	if len(keys) == 0 {
		return nil
	}
	if sel == nil {
		return field.ErrorList{field.Forbidden(fldPath, "must not be specified when labelSelector is not set")}
	}
	var errs field.ErrorList
	for i, k := range keys {
		errs = append(errs, validateLabelName(k, fldPath.Index(i))...)
	}
	return errs
}

// The sorted value sets of a spread constraint's enums.
var (
	supportedScheduleActions       = []api.UnsatisfiableConstraintAction{"DoNotSchedule", "ScheduleAnyway"}
	supportedNodeInclusionPolicies = []api.NodeInclusionPolicy{"Honor", "Ignore"}
)

// validateTopologySpreadConstraints models validateTopologySpreadConstraints
// with v1.37's gates (MatchLabelKeysInPodTopologySpreadSelectorMerge on, so
// matchLabelKeys are checked as pod affinity's are).
func validateTopologySpreadConstraints(constraints []api.TopologySpreadConstraint, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, c := range constraints {
		p := fldPath.Index(i)
		if c.MaxSkew <= 0 {
			errs = append(errs, field.Invalid(p.Child("maxSkew"), int64(c.MaxSkew), "must be greater than zero"))
		}
		if c.TopologyKey == "" {
			errs = append(errs, field.Required(p.Child("topologyKey"), "can not be empty"))
		}
		if c.WhenUnsatisfiable != "DoNotSchedule" && c.WhenUnsatisfiable != "ScheduleAnyway" {
			errs = append(errs, field.NotSupported(p.Child("whenUnsatisfiable"), c.WhenUnsatisfiable, supportedScheduleActions))
		}
		for _, rest := range constraints[i+1:] {
			if c.TopologyKey == rest.TopologyKey && c.WhenUnsatisfiable == rest.WhenUnsatisfiable {
				errs = append(errs, field.Duplicate(p.Child("{topologyKey, whenUnsatisfiable}"),
					fmt.Sprintf("{%v, %v}", c.TopologyKey, c.WhenUnsatisfiable)))
				break
			}
		}
		if c.MinDomains != nil {
			if *c.MinDomains <= 0 {
				errs = append(errs, field.Invalid(p.Child("minDomains"), int64(*c.MinDomains), "must be greater than zero"))
			}
			if c.WhenUnsatisfiable != "DoNotSchedule" {
				errs = append(errs, field.Invalid(p.Child("minDomains"), *c.MinDomains,
					fmt.Sprintf("can only use minDomains if whenUnsatisfiable=DoNotSchedule, not %s", c.WhenUnsatisfiable)))
			}
		}
		for _, pol := range []struct {
			name string
			v    *api.NodeInclusionPolicy
		}{{"nodeAffinityPolicy", c.NodeAffinityPolicy}, {"nodeTaintsPolicy", c.NodeTaintsPolicy}} {
			if pol.v != nil && *pol.v != "Honor" && *pol.v != "Ignore" {
				errs = append(errs, field.NotSupported(p.Child(pol.name), *pol.v, supportedNodeInclusionPolicies))
			}
		}
		errs = append(errs, validateMatchLabelKeysAndMismatchLabelKeys(p, c.MatchLabelKeys, nil, c.LabelSelector)...)
		if c.LabelSelector != nil {
			errs = append(errs, validateLabelSelector(c.LabelSelector, p.Child("labelSelector"))...)
		}
	}
	return errs
}

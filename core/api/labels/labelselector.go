package labels

import (
	"fmt"
	"maps"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

// Conversions from the API's LabelSelector (metav1 helpers.go).

// SelectorFromLabelSelector converts a Deployment's or ReplicaSet's
// spec.selector into a Selector (metav1.LabelSelectorAsSelector):
//   - nil selects nothing;
//   - an empty selector (no matchLabels, no matchExpressions) selects
//     everything;
//   - matchLabels become "key=value" requirements, matchExpressions map
//     In/NotIn/Exists/DoesNotExist to in/notin/exists/!.
//
// The first invalid requirement's error is returned. Upstream walks
// matchLabels in Go's random map order; here the keys are walked sorted, so
// the same input always reports the same error.
func SelectorFromLabelSelector(ls *api.LabelSelector) (Selector, error) {
	if ls == nil {
		return Nothing(), nil
	}
	if len(ls.MatchLabels)+len(ls.MatchExpressions) == 0 {
		return Everything(), nil
	}
	reqs := make(reqSelector, 0, len(ls.MatchLabels)+len(ls.MatchExpressions))
	for _, k := range slices.Sorted(maps.Keys(ls.MatchLabels)) {
		r, err := NewRequirement(k, Equals, []string{ls.MatchLabels[k]})
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, *r)
	}
	for _, expr := range ls.MatchExpressions {
		op, ok := selectorOperators[expr.Operator]
		if !ok {
			return nil, fmt.Errorf("%q is not a valid label selector operator", expr.Operator)
		}
		// Values are copied so the selector never aliases the object.
		r, err := NewRequirement(expr.Key, op, append([]string(nil), expr.Values...))
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, *r)
	}
	sortByKey(reqs)
	return reqs, nil
}

// selectorOperators maps LabelSelector operators to selector operators.
var selectorOperators = map[api.LabelSelectorOperator]Operator{
	api.LabelSelectorOpIn:           In,
	api.LabelSelectorOpNotIn:        NotIn,
	api.LabelSelectorOpExists:       Exists,
	api.LabelSelectorOpDoesNotExist: DoesNotExist,
}

// FormatLabelSelector renders a LabelSelector the way kubectl shows it (the
// SELECTOR column of `get -o wide`, `describe`): the selector's canonical
// string, "<none>" when that is empty (nil or empty selector), "<error>"
// when it does not convert (metav1.FormatLabelSelector).
func FormatLabelSelector(ls *api.LabelSelector) string {
	sel, err := SelectorFromLabelSelector(ls)
	if err != nil {
		return "<error>"
	}
	if s := sel.String(); s != "" {
		return s
	}
	return "<none>"
}

// matchesLabelSelector reports whether the labels satisfy the
// LabelSelector: the check a controller makes for each pod it might own.
func matchesLabelSelector(ls *api.LabelSelector, labels map[string]string) (bool, error) {
	sel, err := SelectorFromLabelSelector(ls)
	if err != nil {
		return false, err
	}
	return sel.Matches(Set(labels)), nil
}

package scheduler

import (
	"slices"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
)

// Node selector terms (component-helpers nodeaffinity: NodeSelector.Match,
// and the scheduler's preferred terms): the terms are ORed, the
// requirements of a term ANDed; an empty term, or a term whose requirement
// cannot be parsed, matches nothing.

// nodeMatchesTerms reports whether node matches one of terms.
func nodeMatchesTerms(node *api.Node, terms []api.NodeSelectorTerm) bool {
	for _, t := range terms {
		if nodeMatchesTerm(node, t) {
			return true
		}
	}
	return false
}

// nodeMatchesTerm reports whether node meets every requirement of t.
func nodeMatchesTerm(node *api.Node, t api.NodeSelectorTerm) bool {
	if len(t.MatchExpressions) == 0 && len(t.MatchFields) == 0 {
		return false
	}
	for _, r := range t.MatchExpressions {
		v, ok := node.Labels[r.Key]
		if !requirementMatches(r, v, ok) {
			return false
		}
	}
	for _, r := range t.MatchFields {
		// metadata.name is the one field a term may match.
		if r.Key != "metadata.name" || !requirementMatches(r, node.Name, true) {
			return false
		}
	}
	return true
}

// requirementMatches is labels.Requirement.Matches for the node selector
// operators: In, NotIn (also true for a missing label), Exists,
// DoesNotExist, and Gt/Lt comparing integers.
func requirementMatches(r api.NodeSelectorRequirement, v string, present bool) bool {
	switch r.Operator {
	case "In":
		return present && slices.Contains(r.Values, v)
	case "NotIn":
		return !present || !slices.Contains(r.Values, v)
	case "Exists":
		return present
	case "DoesNotExist":
		return !present
	case "Gt", "Lt":
		if !present || len(r.Values) != 1 {
			return false
		}
		have, err1 := strconv.ParseInt(v, 10, 64)
		want, err2 := strconv.ParseInt(r.Values[0], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if r.Operator == "Gt" {
			return have > want
		}
		return have < want
	}
	return false
}

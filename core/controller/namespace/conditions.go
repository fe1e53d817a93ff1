package namespace

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// The namespace conditions, modelled on
// pkg/controller/namespace/deletion/status_condition_utils.go: every sync
// that deletes content writes all five, True with the trouble or False
// with the "ok" reason and message below.

// conditionTypes are the conditions the deleter maintains, in order.
var conditionTypes = []api.NamespaceConditionType{
	api.NamespaceDeletionDiscoveryFailure,
	api.NamespaceDeletionGVParsingFailure,
	api.NamespaceDeletionContentFailure,
	api.NamespaceContentRemaining,
	api.NamespaceFinalizersRemaining,
}

var okMessages = map[api.NamespaceConditionType]string{
	api.NamespaceDeletionDiscoveryFailure: "All resources successfully discovered",
	api.NamespaceDeletionGVParsingFailure: "All legacy kube types successfully parsed",
	api.NamespaceDeletionContentFailure:   "All content successfully deleted, may be waiting on finalization",
	api.NamespaceContentRemaining:         "All content successfully removed",
	api.NamespaceFinalizersRemaining:      "All content-preserving finalizers finished",
}

var okReasons = map[api.NamespaceConditionType]string{
	api.NamespaceDeletionDiscoveryFailure: "ResourcesDiscovered",
	api.NamespaceDeletionGVParsingFailure: "ParsedGroupVersions",
	api.NamespaceDeletionContentFailure:   "ContentDeleted",
	api.NamespaceContentRemaining:         "ContentRemoved",
	api.NamespaceFinalizersRemaining:      "ContentHasNoFinalizers",
}

// conditionUpdater models namespaceConditionUpdater: it gathers the
// failing conditions of one sync, then Update folds them into a
// namespace's status.
type conditionUpdater struct {
	now                 api.Time
	newConditions       []api.NamespaceCondition
	deleteContentErrors []error
}

// ProcessDeleteContentErr remembers a resource that could not be emptied.
func (u *conditionUpdater) ProcessDeleteContentErr(err error) {
	u.deleteContentErrors = append(u.deleteContentErrors, err)
}

// ProcessContentTotals models the function of that name: what remains, by
// resource ("pods. has 2 resource instances": resource.group, so the core
// group leaves a trailing dot) and by finalizer.
func (u *conditionUpdater) ProcessContentTotals(t allGVRDeletionMetadata) {
	if len(t.gvrToNumRemaining) > 0 {
		var remaining []string
		for k, n := range t.gvrToNumRemaining {
			if n > 0 {
				remaining = append(remaining, fmt.Sprintf("%s.%s has %d resource instances", k.Resource, k.Group, n))
			}
		}
		sort.Strings(remaining)
		u.newConditions = append(u.newConditions, api.NamespaceCondition{
			Type: api.NamespaceContentRemaining, Status: api.ConditionTrue, LastTransitionTime: u.now,
			Reason:  "SomeResourcesRemain",
			Message: "Some resources are remaining: " + strings.Join(remaining, ", "),
		})
	}
	if len(t.finalizersToNumRemaining) > 0 {
		var remaining []string
		for f, n := range t.finalizersToNumRemaining {
			if n > 0 {
				remaining = append(remaining, fmt.Sprintf("%s in %d resource instances", f, n))
			}
		}
		sort.Strings(remaining)
		u.newConditions = append(u.newConditions, api.NamespaceCondition{
			Type: api.NamespaceFinalizersRemaining, Status: api.ConditionTrue, LastTransitionTime: u.now,
			Reason:  "SomeFinalizersRemain",
			Message: "Some content in the namespace has finalizers remaining: " + strings.Join(remaining, ", "),
		})
	}
}

// Update models namespaceConditionUpdater.Update: the gathered conditions,
// the delete errors as NamespaceDeletionContentFailure, and the "ok"
// variant of every other type, written into ns; true if anything changed.
func (u *conditionUpdater) Update(ns *api.Namespace) bool {
	if getCondition(u.newConditions, api.NamespaceDeletionContentFailure) == nil {
		if c := u.makeDeleteContentCondition(); c != nil {
			u.newConditions = append(u.newConditions, *c)
		}
	}
	return u.updateConditions(&ns.Status)
}

// makeDeleteContentCondition models makeDeleteContentCondition.
func (u *conditionUpdater) makeDeleteContentCondition() *api.NamespaceCondition {
	if len(u.deleteContentErrors) == 0 {
		return nil
	}
	msgs := make([]string, 0, len(u.deleteContentErrors))
	for _, e := range u.deleteContentErrors {
		msgs = append(msgs, e.Error())
	}
	sort.Strings(msgs)
	return &api.NamespaceCondition{
		Type: api.NamespaceDeletionContentFailure, Status: api.ConditionTrue, LastTransitionTime: u.now,
		Reason:  "ContentDeletionFailed",
		Message: fmt.Sprintf("Failed to delete all resource types, %d remaining: %s", len(msgs), strings.Join(msgs, ", ")),
	}
}

// updateConditions models updateConditions: each type in order is added if
// missing, or rewritten if its status, reason or message changed (its
// lastTransitionTime moving only with the status).
func (u *conditionUpdater) updateConditions(status *api.NamespaceStatus) bool {
	changed := false
	for _, t := range conditionTypes {
		c := getCondition(u.newConditions, t)
		if c == nil {
			c = &api.NamespaceCondition{Type: t, Status: api.ConditionFalse, LastTransitionTime: u.now,
				Reason: okReasons[t], Message: okMessages[t]}
		}
		old := getCondition(status.Conditions, t)
		switch {
		case old == nil:
			status.Conditions = append(status.Conditions, *c)
			changed = true
		case old.Status != c.Status || old.Reason != c.Reason || old.Message != c.Message:
			if old.Status != c.Status {
				old.LastTransitionTime = u.now
			}
			old.Status, old.Reason, old.Message = c.Status, c.Reason, c.Message
			changed = true
		}
	}
	return changed
}

func getCondition(conds []api.NamespaceCondition, t api.NamespaceConditionType) *api.NamespaceCondition {
	for i := range conds {
		if conds[i].Type == t {
			return &conds[i]
		}
	}
	return nil
}

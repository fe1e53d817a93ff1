package apiserver

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// This file models the pods/eviction subresource (pkg/registry/core/pod/
// storage/eviction.go, EvictionREST.Create), which `kubectl drain` uses:
//
//   - a pod that is Pending, finished or already being deleted is deleted
//     at once (canIgnorePDB);
//   - otherwise the PodDisruptionBudgets of its namespace whose selector
//     matches it decide: none, and it is deleted; more than one is a 500
//     ("This pod has more than one PodDisruptionBudget, which the eviction
//     subresource does not support."); one, and checkAndDecrement: a
//     budget its controller has not processed yet, or with no disruption
//     allowed, refuses with 429 TooManyRequests "Cannot evict pod as it
//     would violate the pod's disruption budget." (a cause says why);
//     else disruptionsAllowed goes down by one and the pod is recorded in
//     status.disruptedPods before it is deleted. A pod that is not Ready
//     is deleted without spending the budget when the budget is met
//     (IfHealthyBudget) or its policy is AlwaysAllow;
//   - before the delete the pod gets the DisruptionTarget condition
//     (EvictionByEvictionAPI, "Eviction API: evicting").

// codeTooManyRequests is http.StatusTooManyRequests.
const codeTooManyRequests = 429

// ReasonTooManyRequests is metav1.StatusReasonTooManyRequests.
const ReasonTooManyRequests StatusReason = "TooManyRequests"

// CauseTypeDisruptionBudget is policyv1.DisruptionBudgetCause.
const CauseTypeDisruptionBudget = "DisruptionBudget"

// IsTooManyRequests models errors.IsTooManyRequests.
func IsTooManyRequests(err error) bool { return ReasonForError(err) == ReasonTooManyRequests }

func newPDBTooManyRequests(retryAfter int32, cause string) *StatusError {
	return &StatusError{Code: codeTooManyRequests, Reason: ReasonTooManyRequests,
		Message: "Cannot evict pod as it would violate the pod's disruption budget.",
		Details: &StatusDetails{RetryAfterSeconds: retryAfter, Causes: []StatusCause{{Type: CauseTypeDisruptionBudget, Message: cause}}}}
}

// Evict is POST pods/NAME/eviction with the given delete options.
func (s *Server) Evict(namespace, name string, opts *DeleteOptions) error {
	pod, err := GetAs[*api.Pod](s, namespace, name)
	if err != nil {
		return err
	}
	if canIgnorePDB(pod) {
		return s.addConditionAndDeletePod(pod, opts)
	}
	pdbs, _, _ := ListAs[*api.PodDisruptionBudget](s, namespace, nil)
	var mine []*api.PodDisruptionBudget
	for _, p := range pdbs {
		sel, err := labels.SelectorFromLabelSelector(p.Spec.Selector)
		if err != nil || p.Spec.Selector == nil || !sel.Matches(labels.Set(pod.Labels)) {
			continue
		}
		mine = append(mine, p)
	}
	switch len(mine) {
	case 0:
		return s.addConditionAndDeletePod(pod, opts)
	case 1:
	default:
		return &StatusError{Code: codeInternalServerError, Message: "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."}
	}
	pdb := mine[0]
	if !podReady(pod) {
		if p := pdb.Spec.UnhealthyPodEvictionPolicy; p != nil && *p == api.AlwaysAllow {
			return s.addConditionAndDeletePod(pod, opts)
		}
		if pdb.Status.CurrentHealthy >= pdb.Status.DesiredHealthy && pdb.Status.DesiredHealthy > 0 {
			return s.addConditionAndDeletePod(pod, opts)
		}
	}
	if err := s.checkAndDecrement(pod, pdb); err != nil {
		return err
	}
	return s.addConditionAndDeletePod(pod, opts)
}

// canIgnorePDB models the function of that name.
func canIgnorePDB(p *api.Pod) bool {
	return p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed || p.Status.Phase == api.PodPending ||
		p.DeletionTimestamp != nil
}

// checkAndDecrement models the function of that name.
func (s *Server) checkAndDecrement(pod *api.Pod, pdb *api.PodDisruptionBudget) error {
	if pdb.Status.ObservedGeneration < pdb.Generation {
		return newPDBTooManyRequests(10, fmt.Sprintf("The disruption budget %s is still being processed by the server.", pdb.Name))
	}
	if pdb.Status.DisruptionsAllowed < 0 {
		return NewForbidden(api.KindOf(pdb), pdb.Name, fmt.Errorf("pdb disruptions allowed is negative"))
	}
	if pdb.Status.DisruptionsAllowed == 0 {
		var cond *api.Condition
		for i := range pdb.Status.Conditions {
			if pdb.Status.Conditions[i].Type == api.DisruptionAllowedCondition {
				cond = &pdb.Status.Conditions[i]
			}
		}
		var msg string
		switch {
		case cond != nil && cond.Status == api.ConditionFalse && cond.Message != "" && cond.Reason == api.SyncFailedReason:
			msg = fmt.Sprintf("The disruption budget %s does not allow evicting pods currently because it failed sync: %s", pdb.Name, cond.Message)
		case pdb.Status.CurrentHealthy <= pdb.Status.DesiredHealthy:
			msg = fmt.Sprintf("The disruption budget %s needs %d healthy pods and has %d currently", pdb.Name, pdb.Status.DesiredHealthy, pdb.Status.CurrentHealthy)
		case cond != nil && cond.Status == api.ConditionFalse && cond.Message != "":
			msg = fmt.Sprintf("The disruption budget %s does not allow evicting pods currently (%s): %s", pdb.Name, cond.Reason, cond.Message)
		default:
			msg = fmt.Sprintf("The disruption budget %s does not allow evicting pods currently", pdb.Name)
		}
		return newPDBTooManyRequests(0, msg)
	}
	upd := api.DeepCopy(pdb)
	upd.Status.DisruptionsAllowed--
	if upd.Status.DisruptionsAllowed == 0 { // pdbhelper.UpdateDisruptionAllowedCondition
		api.SetDisruptionAllowedCondition(upd, s.clock.Now())
	}
	if upd.Status.DisruptedPods == nil {
		upd.Status.DisruptedPods = map[string]api.Time{}
	}
	upd.Status.DisruptedPods[pod.Name] = api.NewTime(s.clock.Now())
	_, err := s.UpdateStatus(upd)
	return err
}

// addConditionAndDeletePod models the function of that name.
func (s *Server) addConditionAndDeletePod(pod *api.Pod, opts *DeleteOptions) error {
	upd := api.DeepCopy(pod)
	if api.UpdatePodCondition(&upd.Status, api.PodCondition{Type: api.DisruptionTarget, Status: api.ConditionTrue,
		Reason: "EvictionByEvictionAPI", Message: "Eviction API: evicting", ObservedGeneration: pod.Generation}, s.clock.Now()) {
		if _, err := s.UpdateStatus(upd); err != nil {
			return err
		}
	}
	_, _, err := s.Delete(api.KindOf(pod), pod.Namespace, pod.Name, opts)
	return err
}

// podReady is podutil.IsPodReady.
func podReady(p *api.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady {
			return c.Status == api.ConditionTrue
		}
	}
	return false
}

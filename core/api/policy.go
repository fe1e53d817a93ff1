package api

import "time"

// policy/v1 PodDisruptionBudget (k8s.io/api/policy/v1/types.go) and the
// metav1.Condition its status uses.

// PodDisruptionBudget is policy/v1 PodDisruptionBudget.
type PodDisruptionBudget struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodDisruptionBudgetSpec   `json:"spec,omitempty"`
	Status     PodDisruptionBudgetStatus `json:"status,omitempty"`
}

// UnhealthyPodEvictionPolicyType says when unhealthy pods may be evicted.
type UnhealthyPodEvictionPolicyType string

// The unhealthy pod eviction policies (policy/v1).
const (
	IfHealthyBudget UnhealthyPodEvictionPolicyType = "IfHealthyBudget"
	AlwaysAllow     UnhealthyPodEvictionPolicyType = "AlwaysAllow"
)

// PodDisruptionBudgetSpec is policy/v1 PodDisruptionBudgetSpec.
type PodDisruptionBudgetSpec struct {
	MinAvailable               *IntOrString                    `json:"minAvailable,omitempty"`
	Selector                   *LabelSelector                  `json:"selector,omitempty"`
	MaxUnavailable             *IntOrString                    `json:"maxUnavailable,omitempty"`
	UnhealthyPodEvictionPolicy *UnhealthyPodEvictionPolicyType `json:"unhealthyPodEvictionPolicy,omitempty"`
}

// PodDisruptionBudgetStatus is policy/v1 PodDisruptionBudgetStatus.
type PodDisruptionBudgetStatus struct {
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	DisruptedPods      map[string]Time `json:"disruptedPods,omitempty"`
	DisruptionsAllowed int32           `json:"disruptionsAllowed"`
	CurrentHealthy     int32           `json:"currentHealthy"`
	DesiredHealthy     int32           `json:"desiredHealthy"`
	ExpectedPods       int32           `json:"expectedPods"`
	Conditions         []Condition     `json:"conditions,omitempty"`
}

// The PDB condition the disruption controller keeps (policy/v1).
const (
	DisruptionAllowedCondition = "DisruptionAllowed"
	SyncFailedReason           = "SyncFailed"
	SufficientPodsReason       = "SufficientPods"
	InsufficientPodsReason     = "InsufficientPods"
)

// Condition is metav1.Condition.
type Condition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	LastTransitionTime Time            `json:"lastTransitionTime"`
	Reason             string          `json:"reason"`
	Message            string          `json:"message"`
}

// DisruptionTarget is the pod condition the eviction API (and other
// disruptions) set before deleting a pod (v1.DisruptionTarget).
const DisruptionTarget PodConditionType = "DisruptionTarget"

// SetDisruptionAllowedCondition models pdbhelper.UpdateDisruptionAllowedCondition:
// DisruptionAllowed True (SufficientPods) while a disruption is allowed,
// False (InsufficientPods) otherwise, with an empty message.
func SetDisruptionAllowedCondition(p *PodDisruptionBudget, now time.Time) {
	c := Condition{Type: DisruptionAllowedCondition, Status: ConditionFalse, Reason: InsufficientPodsReason,
		ObservedGeneration: p.Status.ObservedGeneration, LastTransitionTime: NewTime(now)}
	if p.Status.DisruptionsAllowed > 0 {
		c.Status, c.Reason = ConditionTrue, SufficientPodsReason
	}
	setStatusCondition(&p.Status.Conditions, c)
}

// setStatusCondition models apimeta.SetStatusCondition: the transition
// time moves only when the status changes.
func setStatusCondition(conds *[]Condition, c Condition) {
	for i := range *conds {
		old := &(*conds)[i]
		if old.Type != c.Type {
			continue
		}
		if old.Status != c.Status {
			old.Status, old.LastTransitionTime = c.Status, c.LastTransitionTime
		}
		old.Reason, old.Message, old.ObservedGeneration = c.Reason, c.Message, c.ObservedGeneration
		return
	}
	*conds = append(*conds, c)
}

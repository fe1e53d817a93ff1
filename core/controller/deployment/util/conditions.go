package util

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Deployment conditions and the progress predicates (deployment_util.go).

// NewDeploymentCondition returns a condition whose lastUpdateTime and
// lastTransitionTime are now (upstream reads metav1.Now(); Kubeplay passes
// the virtual clock's time in).
func NewDeploymentCondition(condType api.DeploymentConditionType, status api.ConditionStatus, reason, message string, now time.Time) *api.DeploymentCondition {
	t := api.NewTime(now)
	return &api.DeploymentCondition{
		Type: condType, Status: status, Reason: reason, Message: message,
		LastUpdateTime: t, LastTransitionTime: t,
	}
}

// GetDeploymentCondition returns a copy of the condition of that type, or
// nil.
func GetDeploymentCondition(status api.DeploymentStatus, condType api.DeploymentConditionType) *api.DeploymentCondition {
	for i := range status.Conditions {
		if c := status.Conditions[i]; c.Type == condType {
			return &c
		}
	}
	return nil
}

// SetDeploymentCondition adds or replaces the condition of cond's type:
//   - same status and reason as the existing one: nothing changes, not even
//     the message or the timestamps;
//   - same status, new reason: replaced, keeping lastTransitionTime;
//   - the replaced condition is removed and the new one appended, so the
//     list's order drifts (typically ending Available, Progressing).
func SetDeploymentCondition(status *api.DeploymentStatus, cond api.DeploymentCondition) {
	cur := GetDeploymentCondition(*status, cond.Type)
	if cur != nil && cur.Status == cond.Status && cur.Reason == cond.Reason {
		return
	}
	if cur != nil && cur.Status == cond.Status {
		cond.LastTransitionTime = cur.LastTransitionTime
	}
	status.Conditions = append(filterOutCondition(status.Conditions, cond.Type), cond)
}

// RemoveDeploymentCondition drops the condition of that type.
func RemoveDeploymentCondition(status *api.DeploymentStatus, condType api.DeploymentConditionType) {
	status.Conditions = filterOutCondition(status.Conditions, condType)
}

// filterOutCondition returns a new list without conditions of that type
// (nil when none is left, as upstream).
func filterOutCondition(conditions []api.DeploymentCondition, condType api.DeploymentConditionType) []api.DeploymentCondition {
	var out []api.DeploymentCondition
	for _, c := range conditions {
		if c.Type != condType {
			out = append(out, c)
		}
	}
	return out
}

// ReplicaSetToDeploymentCondition promotes a ReplicaSet condition
// (ReplicaFailure) to the Deployment; both timestamps are the ReplicaSet's
// lastTransitionTime.
func ReplicaSetToDeploymentCondition(c api.ReplicaSetCondition) api.DeploymentCondition {
	return api.DeploymentCondition{
		Type: api.DeploymentConditionType(c.Type), Status: c.Status,
		LastTransitionTime: c.LastTransitionTime, LastUpdateTime: c.LastTransitionTime,
		Reason: c.Reason, Message: c.Message,
	}
}

// DeploymentComplete reports whether newStatus shows a finished rollout:
// every replica updated, no old pods, all available, and the latest spec
// observed.
func DeploymentComplete(d *api.Deployment, newStatus *api.DeploymentStatus) bool {
	replicas := Int32Value(d.Spec.Replicas)
	return newStatus.UpdatedReplicas == replicas &&
		newStatus.Replicas == replicas &&
		newStatus.AvailableReplicas == replicas &&
		newStatus.ObservedGeneration >= d.Generation
}

// DeploymentProgressing reports whether newStatus shows progress over the
// stored status: more updated pods, fewer old pods, more ready or more
// available pods.
func DeploymentProgressing(d *api.Deployment, newStatus *api.DeploymentStatus) bool {
	old := d.Status
	oldOld := old.Replicas - old.UpdatedReplicas
	newOld := newStatus.Replicas - newStatus.UpdatedReplicas
	return newStatus.UpdatedReplicas > old.UpdatedReplicas ||
		newOld < oldOld ||
		newStatus.ReadyReplicas > old.ReadyReplicas ||
		newStatus.AvailableReplicas > old.AvailableReplicas
}

// DeploymentTimedOut reports whether the rollout has exceeded its deadline
// at now: the Progressing condition's lastUpdateTime +
// progressDeadlineSeconds lies strictly before now. A completed rollout
// (NewReplicaSetAvailable) never times out; one already timed out stays so;
// without a deadline or a Progressing condition there is nothing to judge.
func DeploymentTimedOut(d *api.Deployment, newStatus *api.DeploymentStatus, now time.Time) bool {
	if !HasProgressDeadline(d) {
		return false
	}
	cond := GetDeploymentCondition(*newStatus, api.DeploymentProgressing)
	if cond == nil {
		return false
	}
	switch cond.Reason {
	case NewRSAvailableReason:
		return false
	case TimedOutReason:
		return true
	}
	deadline := cond.LastUpdateTime.Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second)
	return deadline.Before(now)
}

package replicaset

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// This file models pkg/controller/replicaset/replica_set_utils.go: the
// status a sync writes and the ReplicaFailure condition.

// statusUpdateRetries is the constant of that name: one retry, after a
// fresh GET, when the status write fails.
const statusUpdateRetries = 1

// Condition reasons of ReplicaFailure.
const (
	ReasonFailedCreate = "FailedCreate"
	ReasonFailedDelete = "FailedDelete"
)

// updateReplicaSetStatus models the function of that name: nothing is
// written when the counts, the conditions and observedGeneration are already
// current; otherwise the status (with observedGeneration = the generation
// this sync acted on) goes through the status subresource, retried once.
func updateReplicaSetStatus(c *controller.Client, rs *api.ReplicaSet, newStatus api.ReplicaSetStatus) (*api.ReplicaSet, bool, error) {
	if statusUnchanged(rs, newStatus) {
		return rs, false, nil
	}
	s := c.Server()
	newStatus.ObservedGeneration = rs.Generation
	var updateErr error
	cur := rs
	for i := 0; ; i++ {
		cur.Status = newStatus
		// rsClient.UpdateStatus: a request, so it waits for a token; one
		// not due this tick is not sent (a *ThrottledError).
		if _, err := c.TryWait(); err != nil {
			return nil, false, err
		}
		obj, err := s.UpdateStatusShared(cur)
		if err == nil {
			return obj.(*api.ReplicaSet), true, nil
		}
		updateErr = err
		if i >= statusUpdateRetries {
			break
		}
		if _, err := c.TryWait(); err != nil { // rsClient.Get
			return nil, false, err
		}
		fresh, getErr := apiserver.GetAs[*api.ReplicaSet](s, rs.Namespace, rs.Name)
		if getErr != nil {
			return nil, false, getErr
		}
		cur = fresh
	}
	return nil, false, updateErr
}

// statusUnchanged is updateReplicaSetStatus's steady-state test.
func statusUnchanged(rs *api.ReplicaSet, st api.ReplicaSetStatus) bool {
	return rs.Status.Replicas == st.Replicas &&
		rs.Status.FullyLabeledReplicas == st.FullyLabeledReplicas &&
		rs.Status.ReadyReplicas == st.ReadyReplicas &&
		rs.Status.AvailableReplicas == st.AvailableReplicas &&
		equalInt32Ptr(rs.Status.TerminatingReplicas, st.TerminatingReplicas) &&
		rs.Generation == rs.Status.ObservedGeneration &&
		conditionsEqual(rs.Status.Conditions, st.Conditions)
}

func equalInt32Ptr(a, b *int32) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// conditionsEqual is reflect.DeepEqual on the condition lists (nil and
// empty differ, as they do there).
func conditionsEqual(a, b []api.ReplicaSetCondition) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// statusCounts are the numbers calculateStatus derives from the pods, kept
// for the decision record.
type statusCounts struct {
	replicas, fullyLabeled, ready, available int32
	terminating                              *int32
}

// countPods is calculateStatus's pass over the pods. activePods are the
// claimed, active pods; terminating counts the claimed pods being deleted
// (nil when the DeploymentReplicaSetTerminatingReplicas gate is off:
// terminatingReplicas is nil then). selector and templateLabel are rs's,
// for the pods' remembered label matches (fullyLabeledReplicas). now
// matters only with minReadySeconds (available is ready for that long).
func countPods(rs *api.ReplicaSet, selector, templateLabel labels.Selector, activePods []*controller.CachedPod, terminating *int32, now time.Time) statusCounts {
	c := statusCounts{replicas: int32(len(activePods)), terminating: terminating}
	for _, pod := range activePods {
		if _, full := pod.Matches(&rs.ObjectMeta, selector, templateLabel); full {
			c.fullyLabeled++
		}
		if pod.Ready() {
			c.ready++
			if pod.Available(rs.Spec.MinReadySeconds, now) {
				c.available++
			}
		}
	}
	return c
}

// calculateStatus models the function of that name, over countPods' counts
// c. A manageReplicas error adds ReplicaFailure (FailedCreate when pods are
// missing, FailedDelete when there are too many) unless one is already
// there; a clean sync removes it.
func calculateStatus(rs *api.ReplicaSet, c statusCounts, manageReplicasErr error, now time.Time) api.ReplicaSetStatus {
	newStatus := rs.Status
	failureCond := GetCondition(rs.Status, api.ReplicaSetReplicaFailure)
	switch {
	case manageReplicasErr != nil && failureCond == nil:
		var reason string
		if diff := int(c.replicas) - int(specReplicas(rs)); diff < 0 {
			reason = ReasonFailedCreate
		} else if diff > 0 {
			reason = ReasonFailedDelete
		}
		SetCondition(&newStatus, NewReplicaSetCondition(api.ReplicaSetReplicaFailure, api.ConditionTrue, reason, manageReplicasErr.Error(), now))
	case manageReplicasErr == nil && failureCond != nil:
		RemoveCondition(&newStatus, api.ReplicaSetReplicaFailure)
	}

	newStatus.Replicas = c.replicas
	newStatus.FullyLabeledReplicas = c.fullyLabeled
	newStatus.ReadyReplicas = c.ready
	newStatus.AvailableReplicas = c.available
	newStatus.TerminatingReplicas = c.terminating
	return newStatus
}

// NewReplicaSetCondition models the function of that name, stamped with the
// virtual clock's now.
func NewReplicaSetCondition(t api.ReplicaSetConditionType, status api.ConditionStatus, reason, msg string, now time.Time) api.ReplicaSetCondition {
	return api.ReplicaSetCondition{Type: t, Status: status, LastTransitionTime: api.NewTime(now), Reason: reason, Message: msg}
}

// GetCondition models the function of that name (a copy, or nil).
func GetCondition(status api.ReplicaSetStatus, t api.ReplicaSetConditionType) *api.ReplicaSetCondition {
	for i := range status.Conditions {
		if c := status.Conditions[i]; c.Type == t {
			return &c
		}
	}
	return nil
}

// SetCondition models the function of that name: a condition with the
// same status and reason as the current one changes nothing; otherwise the
// old one is removed and the new one appended.
func SetCondition(status *api.ReplicaSetStatus, c api.ReplicaSetCondition) {
	if cur := GetCondition(*status, c.Type); cur != nil && cur.Status == c.Status && cur.Reason == c.Reason {
		return
	}
	status.Conditions = append(filterOutCondition(status.Conditions, c.Type), c)
}

// RemoveCondition models the function of that name.
func RemoveCondition(status *api.ReplicaSetStatus, t api.ReplicaSetConditionType) {
	status.Conditions = filterOutCondition(status.Conditions, t)
}

// filterOutCondition models the function of that name: a new slice (nil
// when nothing is left).
func filterOutCondition(conds []api.ReplicaSetCondition, t api.ReplicaSetConditionType) []api.ReplicaSetCondition {
	var out []api.ReplicaSetCondition
	for _, c := range conds {
		if c.Type != t {
			out = append(out, c)
		}
	}
	return out
}

// specReplicas is *rs.Spec.Replicas; the API server defaults it to 1.
func specReplicas(rs *api.ReplicaSet) int32 {
	if rs.Spec.Replicas == nil {
		return 1
	}
	return *rs.Spec.Replicas
}

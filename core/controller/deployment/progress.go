package deployment

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models pkg/controller/deployment/progress.go: the Progressing
// condition of a rolling or recreating Deployment, ReplicaFailure, and the
// delayed re-check that notices a missed deadline without any event.

// syncRolloutStatus writes the status with the Progressing condition
// re-evaluated. With no deadline the condition is removed. A rollout whose
// stored condition already says NewReplicaSetAvailable and that has no old
// pods left is not re-evaluated (a finished rollout stays finished). Else
// the first that holds wins: complete → NewReplicaSetAvailable; progress
// since the stored status → ReplicaSetUpdated (always rewritten, so its
// lastUpdateTime restarts the deadline); deadline passed →
// ProgressDeadlineExceeded. ReplicaFailure mirrors the ReplicaSets'. If
// nothing changed, a re-check is scheduled for just after the deadline.
func (dc *DeploymentController) syncRolloutStatus(allRSs []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) error {
	newStatus := dc.calculateStatus(allRSs, newRS, d, ds)
	now := dc.now()

	if !deploymentutil.HasProgressDeadline(d) {
		deploymentutil.RemoveDeploymentCondition(&newStatus, api.DeploymentProgressing)
	}

	currentCond := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing)
	isCompleteDeployment := newStatus.Replicas == newStatus.UpdatedReplicas && currentCond != nil && currentCond.Reason == deploymentutil.NewRSAvailableReason
	if deploymentutil.HasProgressDeadline(d) && !isCompleteDeployment {
		subject := fmt.Sprintf("Deployment %q", d.Name)
		if newRS != nil {
			subject = fmt.Sprintf("ReplicaSet %q", newRS.Name)
		}
		switch {
		case deploymentutil.DeploymentComplete(d, &newStatus):
			c := deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.NewRSAvailableReason, subject+" has successfully progressed.", now)
			deploymentutil.SetDeploymentCondition(&newStatus, *c)
			dc.recordProgressing(ds, currentCond, c, fmt.Sprintf("complete: updated %d = total %d = available %d = replicas %d; observedGeneration %d ≥ %d",
				newStatus.UpdatedReplicas, newStatus.Replicas, newStatus.AvailableReplicas, deploymentutil.Int32Value(d.Spec.Replicas),
				newStatus.ObservedGeneration, d.Generation)).
				Say("deployment.rolloutComplete", controller.Count("replicas", deploymentutil.Int32Value(d.Spec.Replicas)))

		case deploymentutil.DeploymentProgressing(d, &newStatus):
			c := deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.ReplicaSetUpdatedReason, subject+" is progressing.", now)
			// Unlike SetDeploymentCondition, progress always refreshes
			// lastUpdateTime; only lastTransitionTime survives a True → True.
			if currentCond != nil {
				if currentCond.Status == api.ConditionTrue {
					c.LastTransitionTime = currentCond.LastTransitionTime
				}
				deploymentutil.RemoveDeploymentCondition(&newStatus, api.DeploymentProgressing)
			}
			deploymentutil.SetDeploymentCondition(&newStatus, *c)
			dc.recordProgressing(ds, currentCond, c, progressFormula(d, &newStatus)).
				Say("deployment.rolloutProgressed", controller.Count("deadline", *d.Spec.ProgressDeadlineSeconds))

		case deploymentutil.DeploymentTimedOut(d, &newStatus, now):
			formula := timedOutFormula(d, &newStatus, now)
			c := deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionFalse, deploymentutil.TimedOutReason, subject+" has timed out progressing.", now)
			deploymentutil.SetDeploymentCondition(&newStatus, *c)
			dc.recordProgressing(ds, currentCond, c, formula).
				Say("deployment.rolloutTimedOut", controller.Count("deadline", *d.Spec.ProgressDeadlineSeconds))
		}
	}

	// Only one ReplicaFailure condition is ever promoted.
	prevFailure := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentReplicaFailure)
	if failures := dc.getReplicaFailures(allRSs, newRS); len(failures) > 0 {
		deploymentutil.SetDeploymentCondition(&newStatus, failures[0])
		if prevFailure == nil {
			ds.Add("getReplicaFailures", "a ReplicaSet reports ReplicaFailure: "+failures[0].Message,
				fmt.Sprintf("ReplicaFailure=%s %s", failures[0].Status, failures[0].Reason)).
				Say("deployment.replicaFailure", controller.Text("message", failures[0].Message))
		}
	} else {
		deploymentutil.RemoveDeploymentCondition(&newStatus, api.DeploymentReplicaFailure)
		if prevFailure != nil {
			ds.Add("getReplicaFailures", "no ReplicaSet reports ReplicaFailure any more", "remove ReplicaFailure").
				Say("deployment.replicaFailureGone")
		}
	}

	if api.SemanticEqual(d.Status, newStatus) {
		dc.requeueStuckDeployment(d, newStatus, ds)
		return nil
	}
	d.Status = newStatus
	_, err := dc.client.UpdateStatusShared(d)
	return err
}

// recordProgressing records a Progressing verdict when it changes the
// condition (ReplicaSetUpdated refreshes count too: they restart the
// deadline clock).
func (dc *DeploymentController) recordProgressing(ds *controller.Decisions, prev, c *api.DeploymentCondition, formula string) *controller.Decision {
	if prev != nil && prev.Status == c.Status && prev.Reason == c.Reason && c.Reason != deploymentutil.ReplicaSetUpdatedReason {
		return nil
	}
	result := fmt.Sprintf("Progressing=%s %s", c.Status, c.Reason)
	if c.Reason == deploymentutil.ReplicaSetUpdatedReason {
		result += " (lastUpdateTime = now: the deadline clock restarts)"
	}
	return ds.Add("syncRolloutStatus", formula, result)
}

// getReplicaFailures returns the new ReplicaSet's ReplicaFailure condition
// as a Deployment condition, else the first old one's, else none.
func (dc *DeploymentController) getReplicaFailures(allRSs []*api.ReplicaSet, newRS *api.ReplicaSet) []api.DeploymentCondition {
	var conds []api.DeploymentCondition
	if newRS != nil {
		for _, c := range newRS.Status.Conditions {
			if c.Type == api.ReplicaSetReplicaFailure {
				conds = append(conds, deploymentutil.ReplicaSetToDeploymentCondition(c))
			}
		}
	}
	if len(conds) > 0 {
		return conds
	}
	for _, rs := range allRSs {
		if rs == nil {
			continue
		}
		for _, c := range rs.Status.Conditions {
			if c.Type == api.ReplicaSetReplicaFailure {
				conds = append(conds, deploymentutil.ReplicaSetToDeploymentCondition(c))
			}
		}
	}
	return conds
}

// requeueStuckDeployment schedules a re-check for a rollout that made no
// progress this sync, since nothing else would wake it when the deadline
// passes: after = lastUpdateTime + deadline − now; under a second → now
// (rate limited), else after + 1s (the extra second avoids waking a hair
// early). It returns after, −1 when no re-check is needed.
func (dc *DeploymentController) requeueStuckDeployment(d *api.Deployment, newStatus api.DeploymentStatus, ds *controller.Decisions) time.Duration {
	cond := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing)
	if !deploymentutil.HasProgressDeadline(d) || cond == nil {
		return -1
	}
	if deploymentutil.DeploymentComplete(d, &newStatus) || cond.Reason == deploymentutil.TimedOutReason {
		return -1
	}
	now := dc.now()
	deadline := cond.LastUpdateTime.Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second)
	after := deadline.Sub(now)
	formula := fmt.Sprintf("no progress; lastUpdateTime %s + %ds − now %s = %s",
		clockString(cond.LastUpdateTime.Time), *d.Spec.ProgressDeadlineSeconds, clockString(now), after)
	if after < time.Second {
		ds.Add("requeueStuckDeployment", formula, "deadline reached: re-check now (rate limited)").
			Say("deployment.deadlineReached")
		dc.enqueueRateLimited(d)
		return 0
	}
	ds.Add("requeueStuckDeployment", formula, fmt.Sprintf("re-check in %s (deadline + 1s)", after+time.Second)).
		Say("deployment.recheckAt", controller.Duration("after", after+time.Second), controller.Count("deadline", *d.Spec.ProgressDeadlineSeconds))
	dc.enqueueAfter(d, after+time.Second)
	return after
}

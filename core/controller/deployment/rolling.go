package deployment

import (
	"fmt"
	"sort"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models pkg/controller/deployment/rolling.go: one step of a
// RollingUpdate. A sync either scales up, or scales down, never both —
// unless the scale-up was a no-op (for instance because the new ReplicaSet
// was just created at its final size).

// rolloutRolling finds or creates the new ReplicaSet, tries to grow it,
// else tries to shrink the old ones, cleans up once the stored status says
// the rollout is complete, and updates the status.
func (dc *DeploymentController) rolloutRolling(d *api.Deployment, rsList []*api.ReplicaSet, ds *controller.Decisions) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, true, ds)
	if err != nil {
		return err
	}
	allRSs := append(oldRSs[:len(oldRSs):len(oldRSs)], newRS)

	scaledUp, err := dc.reconcileNewReplicaSet(allRSs, newRS, d, ds)
	if err != nil {
		return err
	}
	if scaledUp {
		return dc.syncRolloutStatus(allRSs, newRS, d, ds)
	}

	scaledDown, err := dc.reconcileOldReplicaSets(allRSs, controller.FilterActiveReplicaSets(oldRSs), newRS, d, ds)
	if err != nil {
		return err
	}
	if scaledDown {
		return dc.syncRolloutStatus(allRSs, newRS, d, ds)
	}

	// Cleanup reads the status stored before this sync, so old ReplicaSets
	// go one sync after the rollout completes.
	if deploymentutil.DeploymentComplete(d, &d.Status) {
		if err := dc.cleanupDeployment(oldRSs, d, ds); err != nil {
			return err
		}
	}
	return dc.syncRolloutStatus(allRSs, newRS, d, ds)
}

// reconcileNewReplicaSet sizes the new ReplicaSet: down to spec.replicas
// if larger, else up to NewRSNewReplicas.
func (dc *DeploymentController) reconcileNewReplicaSet(allRSs []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) (bool, error) {
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	if deploymentutil.SpecReplicas(newRS) == replicas {
		return false, nil
	}
	if deploymentutil.SpecReplicas(newRS) > replicas {
		ds.Add("reconcileNewReplicaSet", fmt.Sprintf("new RS %s has %d > spec.replicas %d", newRS.Name, deploymentutil.SpecReplicas(newRS), replicas),
			fmt.Sprintf("scale new RS %s %d → %d", newRS.Name, deploymentutil.SpecReplicas(newRS), replicas)).
			Say("deployment.newRSTooBig", controller.Name("rs", newRS.Name), controller.Count("from", deploymentutil.SpecReplicas(newRS)), controller.Count("to", replicas))
		scaled, _, err := dc.scaleReplicaSet(newRS, replicas, d, false)
		return scaled, err
	}
	newReplicas, err := deploymentutil.NewRSNewReplicas(d, allRSs, newRS)
	if err != nil {
		return false, err
	}
	result := fmt.Sprintf("scale new RS %s %d → %d", newRS.Name, deploymentutil.SpecReplicas(newRS), newReplicas)
	say := controller.Msg("deployment.newRSGrows", controller.Name("rs", newRS.Name),
		controller.Count("from", deploymentutil.SpecReplicas(newRS)), controller.Count("to", newReplicas))
	if newReplicas == deploymentutil.SpecReplicas(newRS) {
		result = fmt.Sprintf("keep new RS %s at %d (no room to surge)", newRS.Name, newReplicas)
		say = controller.Msg("deployment.newRSNoRoom", controller.Name("rs", newRS.Name), controller.Count("n", newReplicas))
	}
	ds.Add("NewRSNewReplicas", newRSNewReplicasFormula(d, allRSs, newRS), result,
		in("replicas", replicas), in("maxSurge", surgeString(d))).SayMessage(say)
	scaled, _, err := dc.scaleReplicaSet(newRS, newReplicas, d, false)
	return scaled, err
}

// reconcileOldReplicaSets shrinks the old ReplicaSets as far as
// availability allows: maxScaledDown = Σ spec − minAvailable − the new
// ReplicaSet's unavailable pods. Unhealthy old replicas go first, then
// available ones while more than minAvailable pods are available.
//
// Like upstream, errors inside the two helpers are swallowed: the sync
// reports "nothing scaled" and the Deployment is retried on the next event.
func (dc *DeploymentController) reconcileOldReplicaSets(allRSs, oldRSs []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) (bool, error) {
	oldPods := deploymentutil.GetReplicaCountForReplicaSets(oldRSs)
	if oldPods == 0 {
		return false, nil // nothing left to scale down
	}
	allPods := deploymentutil.GetReplicaCountForReplicaSets(allRSs)
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	maxUnavailable := deploymentutil.MaxUnavailable(d)
	minAvailable := replicas - maxUnavailable
	newUnavailable := deploymentutil.SpecReplicas(newRS) - newRS.Status.AvailableReplicas
	maxScaledDown := allPods - minAvailable - newUnavailable
	formula := fmt.Sprintf("%s; minAvailable = %d − %d = %d; new RS unavailable = %d − %d = %d; maxScaledDown = %d − %d − %d = %d",
		unavailableString(d), replicas, maxUnavailable, minAvailable,
		deploymentutil.SpecReplicas(newRS), newRS.Status.AvailableReplicas, newUnavailable,
		allPods, minAvailable, newUnavailable, maxScaledDown)
	if maxScaledDown <= 0 {
		ds.Add("reconcileOldReplicaSets", formula, "cannot scale down old RSs: wait for new pods to become available").
			Say("deployment.oldRSsWait", controller.Count("minAvailable", minAvailable))
		return false, nil
	}
	ds.Add("reconcileOldReplicaSets", formula, fmt.Sprintf("may scale down old RSs by up to %d", maxScaledDown)).
		Say("deployment.oldRSsMayShrink", controller.Count("n", maxScaledDown), controller.Count("minAvailable", minAvailable))

	// Unhealthy replicas first: they would otherwise block the rollout.
	oldRSs, cleaned, err := dc.cleanupUnhealthyReplicas(oldRSs, d, maxScaledDown, ds)
	if err != nil {
		return false, nil
	}
	allRSs = append(oldRSs[:len(oldRSs):len(oldRSs)], newRS)
	scaledDown, err := dc.scaleDownOldReplicaSetsForRollingUpdate(allRSs, oldRSs, d, ds)
	if err != nil {
		return false, nil
	}
	return cleaned+scaledDown > 0, nil
}

// cleanupUnhealthyReplicas removes old replicas that are not available,
// oldest ReplicaSet first, at most maxCleanupCount in total: deleting them
// cannot lower availability. It returns oldRSs with the written versions.
func (dc *DeploymentController) cleanupUnhealthyReplicas(oldRSs []*api.ReplicaSet, d *api.Deployment, maxCleanupCount int32, ds *controller.Decisions) ([]*api.ReplicaSet, int32, error) {
	sort.Sort(controller.ReplicaSetsByCreationTimestamp(oldRSs))
	var total int32
	for i, rs := range oldRSs {
		if total >= maxCleanupCount {
			break
		}
		spec := deploymentutil.SpecReplicas(rs)
		if spec == 0 || spec == rs.Status.AvailableReplicas {
			continue // nothing to scale, or no unhealthy replicas
		}
		count := min(maxCleanupCount-total, spec-rs.Status.AvailableReplicas)
		newCount := spec - count
		if newCount > spec {
			return nil, 0, fmt.Errorf("when cleaning up unhealthy replicas, got invalid request to scale down %s/%s %d -> %d",
				rs.Namespace, rs.Name, spec, newCount)
		}
		ds.Add("cleanupUnhealthyReplicas", fmt.Sprintf("old RS %s: %d − %d available = %d unhealthy; min(%d − %d, %d) = %d",
			rs.Name, spec, rs.Status.AvailableReplicas, spec-rs.Status.AvailableReplicas,
			maxCleanupCount, total, spec-rs.Status.AvailableReplicas, count),
			fmt.Sprintf("scale old RS %s %d → %d", rs.Name, spec, newCount)).
			Say("deployment.oldRSUnhealthy", controller.Name("rs", rs.Name), controller.Count("from", spec), controller.Count("to", newCount))
		_, updated, err := dc.scaleReplicaSet(rs, newCount, d, false)
		if err != nil {
			return nil, total, err
		}
		total += count
		oldRSs[i] = updated
	}
	return oldRSs, total, nil
}

// scaleDownOldReplicaSetsForRollingUpdate removes available old replicas
// while more than minAvailable pods are available (statuses as read at the
// start of the sync), oldest ReplicaSet first.
func (dc *DeploymentController) scaleDownOldReplicaSetsForRollingUpdate(allRSs, oldRSs []*api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) (int32, error) {
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	minAvailable := replicas - deploymentutil.MaxUnavailable(d)
	available := deploymentutil.GetAvailableReplicaCountForReplicaSets(allRSs)
	if available <= minAvailable {
		ds.Add("scaleDownOldReplicaSetsForRollingUpdate", fmt.Sprintf("available %d ≤ minAvailable %d", available, minAvailable),
			"cannot remove available old pods").
			Say("deployment.oldPodsNeeded", controller.Count("available", available), controller.Count("minAvailable", minAvailable))
		return 0, nil
	}
	sort.Sort(controller.ReplicaSetsByCreationTimestamp(oldRSs))
	totalToScaleDown := available - minAvailable
	var total int32
	for _, rs := range oldRSs {
		if total >= totalToScaleDown {
			break
		}
		spec := deploymentutil.SpecReplicas(rs)
		if spec == 0 {
			continue
		}
		count := min(spec, totalToScaleDown-total)
		newCount := spec - count
		if newCount > spec {
			return 0, fmt.Errorf("when scaling down old RS, got invalid request to scale down %s/%s %d -> %d",
				rs.Namespace, rs.Name, spec, newCount)
		}
		ds.Add("scaleDownOldReplicaSetsForRollingUpdate", fmt.Sprintf("available %d − minAvailable %d = %d may go; %d gone so far; old RS %s has %d",
			available, minAvailable, totalToScaleDown, total, rs.Name, spec),
			fmt.Sprintf("scale old RS %s %d → %d", rs.Name, spec, newCount)).
			Say("deployment.oldRSShrinks", controller.Name("rs", rs.Name), controller.Count("from", spec), controller.Count("to", newCount))
		if _, _, err := dc.scaleReplicaSet(rs, newCount, d, false); err != nil {
			return total, err
		}
		total += count
	}
	return total, nil
}

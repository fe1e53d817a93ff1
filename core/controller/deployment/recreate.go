package deployment

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models pkg/controller/deployment/recreate.go: kill every old
// pod, wait until none is left (terminating ones included), then create the
// new ReplicaSet at full size.

// rolloutRecreate runs one step of a Recreate rollout.
func (dc *DeploymentController) rolloutRecreate(d *api.Deployment, rsList []*api.ReplicaSet, podMap map[string][]*api.Pod, ds *controller.Decisions) error {
	// Do not create the new ReplicaSet yet: scaling up before the old pods
	// are gone is exactly what Recreate promises not to do.
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false, ds)
	if err != nil {
		return err
	}
	allRSs := append(oldRSs[:len(oldRSs):len(oldRSs)], newRS)
	activeOldRSs := controller.FilterActiveReplicaSets(oldRSs)

	scaledDown, err := dc.scaleDownOldReplicaSetsForRecreate(activeOldRSs, d, ds)
	if err != nil {
		return err
	}
	if scaledDown {
		return dc.syncRolloutStatus(allRSs, newRS, d, ds)
	}

	if running, why := oldPodsRunning(newRS, oldRSs, podMap); running {
		ds.Add("oldPodsRunning", why, "wait: the new ReplicaSet starts only once no old pod is left").
			Say("deployment.recreateWaits")
		return dc.syncRolloutStatus(allRSs, newRS, d, ds)
	}

	if newRS == nil {
		newRS, oldRSs, err = dc.getAllReplicaSetsAndSyncRevision(d, rsList, true, ds)
		if err != nil {
			return err
		}
		allRSs = append(oldRSs[:len(oldRSs):len(oldRSs)], newRS)
	}

	if _, err := dc.scaleUpNewReplicaSetForRecreate(newRS, d, ds); err != nil {
		return err
	}

	if deploymentutil.DeploymentComplete(d, &d.Status) {
		if err := dc.cleanupDeployment(oldRSs, d, ds); err != nil {
			return err
		}
	}
	return dc.syncRolloutStatus(allRSs, newRS, d, ds)
}

// scaleDownOldReplicaSetsForRecreate scales every active old ReplicaSet to
// 0 and reports whether any was scaled.
func (dc *DeploymentController) scaleDownOldReplicaSetsForRecreate(oldRSs []*api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) (bool, error) {
	scaled := false
	for i, rs := range oldRSs {
		if deploymentutil.SpecReplicas(rs) == 0 {
			continue
		}
		ds.Add("scaleDownOldReplicaSetsForRecreate", fmt.Sprintf("old RS %s has %d replicas", rs.Name, deploymentutil.SpecReplicas(rs)),
			fmt.Sprintf("scale old RS %s %d → 0", rs.Name, deploymentutil.SpecReplicas(rs))).
			Say("deployment.recreateScalesDown", controller.Name("rs", rs.Name), controller.Count("from", deploymentutil.SpecReplicas(rs)))
		did, updated, err := dc.scaleReplicaSet(rs, 0, d, false)
		if err != nil {
			return false, err
		}
		if did {
			oldRSs[i] = updated
			scaled = true
		}
	}
	return scaled, nil
}

// oldPodsRunning reports whether an old pod may still run: an old
// ReplicaSet reports pods, or a pod in the map that is not the new
// ReplicaSet's has not finished (Unknown counts; terminating pods count,
// since they are still in the map). The second result says why.
func oldPodsRunning(newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet, podMap map[string][]*api.Pod) (bool, string) {
	if n := deploymentutil.GetActualReplicaCountForReplicaSets(oldRSs); n > 0 {
		return true, fmt.Sprintf("old ReplicaSets still report Σ status.replicas = %d", n)
	}
	// Walk the map in a fixed order so the explanation is deterministic.
	uids := make([]string, 0, len(podMap))
	for uid := range podMap {
		uids = append(uids, uid)
	}
	sort.Strings(uids)
	var names []string
	for _, uid := range uids {
		if newRS != nil && newRS.UID == uid {
			continue
		}
		for _, pod := range podMap[uid] {
			switch pod.Status.Phase {
			case api.PodFailed, api.PodSucceeded:
				continue
			}
			names = append(names, podState(pod))
		}
	}
	if len(names) == 0 {
		return false, ""
	}
	return true, fmt.Sprintf("%d old pods not finished: %s", len(names), strings.Join(names, ", "))
}

func podState(pod *api.Pod) string {
	state := string(pod.Status.Phase)
	if pod.DeletionTimestamp != nil {
		state = "Terminating"
	}
	return pod.Name + " (" + state + ")"
}

// scaleUpNewReplicaSetForRecreate gives the new ReplicaSet every replica.
func (dc *DeploymentController) scaleUpNewReplicaSetForRecreate(newRS *api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) (bool, error) {
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	if deploymentutil.SpecReplicas(newRS) != replicas {
		ds.Add("scaleUpNewReplicaSetForRecreate", "no old pod is left",
			fmt.Sprintf("scale new RS %s %d → %d", newRS.Name, deploymentutil.SpecReplicas(newRS), replicas)).
			Say("deployment.recreateScalesUp", controller.Name("rs", newRS.Name), controller.Count("to", replicas))
	}
	scaled, _, err := dc.scaleReplicaSet(newRS, replicas, d, false)
	return scaled, err
}

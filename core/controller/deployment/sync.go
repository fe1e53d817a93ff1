package deployment

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models pkg/controller/deployment/sync.go: the scale-only sync
// used for scaling events and paused Deployments, finding or creating the
// new ReplicaSet (revisions, hash, name), proportional scaling, cleanup of
// old ReplicaSets, and the status calculation.

// syncStatusOnly only updates the status; a Deployment being deleted takes
// no other action.
func (dc *DeploymentController) syncStatusOnly(d *api.Deployment, rsList []*api.ReplicaSet, ds *controller.Decisions) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false, ds)
	if err != nil {
		return err
	}
	return dc.syncDeploymentStatus(append(oldRSs, newRS), newRS, d, ds)
}

// sync reconciles scaling events and paused Deployments: scale (maybe
// proportionally), clean up when paused, update the status. It never
// creates a ReplicaSet and never touches the Progressing condition.
func (dc *DeploymentController) sync(d *api.Deployment, rsList []*api.ReplicaSet, ds *controller.Decisions) error {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false, ds)
	if err != nil {
		return err
	}
	if err := dc.scale(d, newRS, oldRSs, ds); err != nil {
		// The Deployment is requeued; abort this sync.
		return err
	}
	// Clean up while paused, unless a rollback is pending.
	if d.Spec.Paused && getRollbackTo(d) == nil {
		if err := dc.cleanupDeployment(oldRSs, d, ds); err != nil {
			return err
		}
	}
	return dc.syncDeploymentStatus(append(oldRSs, newRS), newRS, d, ds)
}

// checkPausedConditions records pausing and resuming as Progressing=Unknown
// (DeploymentPaused / DeploymentResumed), so that time spent paused never
// counts against the progress deadline. Only with a deadline, and never over
// a ProgressDeadlineExceeded verdict.
//
// Like upstream, the write goes out with d's resourceVersion and d is not
// refreshed, so a later status write in the same sync conflicts and the
// sync is retried.
func (dc *DeploymentController) checkPausedConditions(d *api.Deployment, ds *controller.Decisions) error {
	if !deploymentutil.HasProgressDeadline(d) {
		return nil
	}
	cond := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing)
	if cond != nil && cond.Reason == deploymentutil.TimedOutReason {
		return nil
	}
	pausedCondExists := cond != nil && cond.Reason == deploymentutil.PausedDeployReason
	var c *api.DeploymentCondition
	var say *controller.Message
	switch {
	case d.Spec.Paused && !pausedCondExists:
		c = deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionUnknown, deploymentutil.PausedDeployReason, "Deployment is paused", dc.now())
		say = controller.Msg("deployment.pausedCondition")
	case !d.Spec.Paused && pausedCondExists:
		c = deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionUnknown, deploymentutil.ResumedDeployReason, "Deployment is resumed", dc.now())
		say = controller.Msg("deployment.resumedCondition")
	default:
		return nil
	}
	deploymentutil.SetDeploymentCondition(&d.Status, *c)
	ds.Add("checkPausedConditions", fmt.Sprintf("spec.paused = %t; Progressing reason was %s", d.Spec.Paused, condReason(cond)),
		fmt.Sprintf("Progressing=Unknown %s (the deadline clock restarts from now)", c.Reason)).
		SayMessage(say)
	_, err := dc.client.UpdateStatusShared(d)
	return err
}

// getAllReplicaSetsAndSyncRevision splits rsList into the new ReplicaSet
// (created if allowed and missing) and all the old ones, bringing the new
// ReplicaSet's and the Deployment's revision up to date.
func (dc *DeploymentController) getAllReplicaSetsAndSyncRevision(d *api.Deployment, rsList []*api.ReplicaSet, createIfNotExisted bool, ds *controller.Decisions) (*api.ReplicaSet, []*api.ReplicaSet, error) {
	_, allOldRSs := deploymentutil.FindOldReplicaSets(d, rsList)
	newRS, err := dc.getNewReplicaSet(d, rsList, allOldRSs, createIfNotExisted, ds)
	if err != nil {
		return nil, nil, err
	}
	return newRS, allOldRSs, nil
}

// generateReplicaSetName is "<deployment>-<hash>"; when that would exceed
// the 253-character name limit, the Deployment part is cut to fit (the
// newest upstream; a hash too long to leave room leaves the name as is).
func generateReplicaSetName(deploymentName, hash string) string {
	const maxNameLength = 253 // validation.DNS1123SubdomainMaxLength
	room := maxNameLength - len(hash) - 1
	if len(deploymentName) > room && room > 0 {
		deploymentName = deploymentName[:room]
	}
	return deploymentName + "-" + hash
}

// getNewReplicaSet returns the ReplicaSet matching d's template, bringing
// its annotations and revision (and d's revision) up to date; or, with
// createIfNotExisted, creates it. See reference §5 for every branch.
func (dc *DeploymentController) getNewReplicaSet(d *api.Deployment, rsList, oldRSs []*api.ReplicaSet, createIfNotExisted bool, ds *controller.Decisions) (*api.ReplicaSet, error) {
	existing := deploymentutil.FindNewReplicaSet(d, rsList)
	maxOldRevision := deploymentutil.MaxRevision(oldRSs)
	newRevision := strconv.FormatInt(maxOldRevision+1, 10)

	if existing != nil {
		rsCopy := api.DeepCopy(existing)
		oldRevision := rsCopy.Annotations[deploymentutil.RevisionAnnotation]
		annotationsUpdated := deploymentutil.SetNewReplicaSetAnnotations(d, rsCopy, newRevision, true, maxRevHistoryLengthInChars)
		minReadySecondsNeedsUpdate := rsCopy.Spec.MinReadySeconds != d.Spec.MinReadySeconds
		if annotationsUpdated || minReadySecondsNeedsUpdate {
			rsCopy.Spec.MinReadySeconds = d.Spec.MinReadySeconds
			if rev := rsCopy.Annotations[deploymentutil.RevisionAnnotation]; rev != oldRevision && oldRevision != "" {
				ds.Add("getNewReplicaSet", fmt.Sprintf("template matches existing ReplicaSet %s (revision %s); max old revision %d + 1 = %s",
					rsCopy.Name, oldRevision, maxOldRevision, newRevision),
					fmt.Sprintf("reuse %s as the new ReplicaSet: revision %s → %s, revision-history %s",
						rsCopy.Name, oldRevision, rev, rsCopy.Annotations[deploymentutil.RevisionHistoryAnnotation])).
					Say("deployment.reuseReplicaSet", controller.Name("rs", rsCopy.Name), controller.Name("revision", rev))
			}
			// Update and return at once: the Deployment's revision follows on
			// a later sync, once this write has been observed.
			updated, err := dc.client.Update(rsCopy)
			if err != nil {
				return nil, err
			}
			return updated.(*api.ReplicaSet), nil
		}

		needsUpdate := deploymentutil.SetDeploymentRevision(d, rsCopy.Annotations[deploymentutil.RevisionAnnotation])
		// A Deployment that gained a deadline without ever having had a
		// Progressing condition starts its clock when its new ReplicaSet is
		// first noticed.
		if cond := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing); deploymentutil.HasProgressDeadline(d) && cond == nil {
			msg := fmt.Sprintf("Found new replica set %q", rsCopy.Name)
			deploymentutil.SetDeploymentCondition(&d.Status, *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.FoundNewRSReason, msg, dc.now()))
			needsUpdate = true
		}
		if needsUpdate {
			if _, err := dc.client.UpdateStatusShared(d); err != nil {
				return nil, err
			}
		}
		return rsCopy, nil
	}

	if !createIfNotExisted {
		return nil, nil
	}

	// Create the new ReplicaSet: the hash goes into its name, selector,
	// labels and template labels.
	template := api.DeepCopy(&d.Spec.Template)
	hash := controller.ComputeHash(template, d.Status.CollisionCount)
	template.Labels = cloneAndAddLabel(d.Spec.Template.Labels, deploymentutil.DefaultDeploymentUniqueLabelKey, hash)
	selector := cloneSelectorAndAddLabel(d.Spec.Selector, deploymentutil.DefaultDeploymentUniqueLabelKey, hash)
	zero := int32(0)
	newRS := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{
			Name:            generateReplicaSetName(d.Name, hash),
			Namespace:       d.Namespace,
			OwnerReferences: []api.OwnerReference{*controller.NewControllerRef(d)},
			Labels:          template.Labels,
		},
		Spec: api.ReplicaSetSpec{
			Replicas:        &zero,
			MinReadySeconds: d.Spec.MinReadySeconds,
			Selector:        selector,
			Template:        *template,
		},
	}
	allRSs := append(oldRSs[:len(oldRSs):len(oldRSs)], newRS)
	newReplicasCount, err := deploymentutil.NewRSNewReplicas(d, allRSs, newRS)
	if err != nil {
		return nil, err
	}
	sizing := newRSNewReplicasFormula(d, allRSs, newRS)
	*newRS.Spec.Replicas = newReplicasCount
	deploymentutil.SetNewReplicaSetAnnotations(d, newRS, newRevision, false, maxRevHistoryLengthInChars)
	ds.Add("getNewReplicaSet", fmt.Sprintf("no ReplicaSet matches the template; pod-template-hash %s (collisionCount %s); revision = max old %d + 1 = %s; %s",
		hash, optionalInt(d.Status.CollisionCount), maxOldRevision, newRevision, sizing),
		fmt.Sprintf("create new RS %s with %d replicas", newRS.Name, newReplicasCount),
		in("template-hash", hash), in("revision", newRevision)).
		Say("deployment.createReplicaSet", controller.Name("rs", newRS.Name), controller.Count("n", newReplicasCount), controller.Name("revision", newRevision))

	alreadyExists := false
	created, err := dc.client.Create(newRS)
	var createdRS *api.ReplicaSet
	switch {
	case apiserver.IsAlreadyExists(err):
		alreadyExists = true
		rs, ok := controller.GetAs[*api.ReplicaSet](dc.rsLister, newRS.Namespace, newRS.Name)
		if !ok {
			return nil, apiserver.NewNotFound(dc.rsKind, newRS.Name)
		}
		// Ours, with our template: the create had already happened (a slow
		// cache). Adopt it silently.
		if ref := rs.ControllerRef(); ref != nil && ref.UID == d.UID && deploymentutil.EqualIgnoreHash(&d.Spec.Template, &rs.Spec.Template) {
			createdRS = rs
			err = nil
			break
		}
		// A hash collision: bump collisionCount so the retry hashes anew.
		if d.Status.CollisionCount == nil {
			d.Status.CollisionCount = new(int32)
		}
		before := *d.Status.CollisionCount
		*d.Status.CollisionCount++
		ds.Add("getNewReplicaSet", fmt.Sprintf("ReplicaSet %s exists with another template", newRS.Name),
			fmt.Sprintf("hash collision: status.collisionCount %d → %d, retry", before, *d.Status.CollisionCount)).
			Say("deployment.hashCollision", controller.Name("rs", newRS.Name))
		_, _ = dc.client.UpdateStatusShared(d)
		return nil, err
	case controller.HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating):
		return nil, err
	case err != nil:
		msg := fmt.Sprintf("Failed to create new replica set %q: %v", newRS.Name, err)
		if deploymentutil.HasProgressDeadline(d) {
			deploymentutil.SetDeploymentCondition(&d.Status, *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionFalse, deploymentutil.FailedRSCreateReason, msg, dc.now()))
			_, _ = dc.client.UpdateStatusShared(d) // the bigger issue is reported below
		}
		dc.recorder.Eventf(d, "Warning", deploymentutil.FailedRSCreateReason, "%s", msg)
		ds.Add("getNewReplicaSet", err.Error(), "ReplicaSetCreateError: "+msg).
			Say("deployment.createReplicaSetFailed", controller.Text("message", msg))
		return nil, err
	default:
		createdRS = created.(*api.ReplicaSet)
	}
	if !alreadyExists && newReplicasCount > 0 {
		dc.recorder.Eventf(d, "Normal", "ScalingReplicaSet", "Scaled up replica set %s from 0 to %d", createdRS.Name, newReplicasCount)
	}

	needsUpdate := deploymentutil.SetDeploymentRevision(d, newRevision)
	if !alreadyExists && deploymentutil.HasProgressDeadline(d) {
		msg := fmt.Sprintf("Created new replica set %q", createdRS.Name)
		deploymentutil.SetDeploymentCondition(&d.Status, *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.NewReplicaSetReason, msg, dc.now()))
		needsUpdate = true
	}
	if needsUpdate {
		_, err = dc.client.UpdateStatusShared(d)
	}
	return createdRS, err
}

// cloneAndAddLabel is labelsutil.CloneAndAddLabel: a copy of m with
// key=value (an empty key returns m as is).
func cloneAndAddLabel(m map[string]string, key, value string) map[string]string {
	if key == "" {
		return m
	}
	out := make(map[string]string, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	out[key] = value
	return out
}

// cloneSelectorAndAddLabel is labelsutil.CloneSelectorAndAddLabel: a copy
// of the selector with key=value added to matchLabels.
func cloneSelectorAndAddLabel(sel *api.LabelSelector, key, value string) *api.LabelSelector {
	if key == "" {
		return sel
	}
	out := &api.LabelSelector{MatchLabels: map[string]string{}}
	if sel != nil {
		c := api.DeepCopy(sel)
		out.MatchExpressions = c.MatchExpressions
		for k, v := range c.MatchLabels {
			out.MatchLabels[k] = v
		}
	}
	out.MatchLabels[key] = value
	return out
}

// scale scales the ReplicaSets for a scaling event or a paused Deployment:
//  1. at most one active ReplicaSet → it (or the newest) takes all replicas;
//  2. a saturated new ReplicaSet → every old one goes to 0;
//  3. RollingUpdate → the difference to replicas + maxSurge is spread over
//     the active ReplicaSets in proportion to their size, the rounding
//     leftover going to the largest.
func (dc *DeploymentController) scale(d *api.Deployment, newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet, ds *controller.Decisions) error {
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	if target := deploymentutil.FindActiveOrLatest(newRS, oldRSs); target != nil {
		if deploymentutil.SpecReplicas(target) == replicas {
			return nil
		}
		ds.Add("scale", fmt.Sprintf("at most one active ReplicaSet: %s has %d, deployment wants %d", target.Name, deploymentutil.SpecReplicas(target), replicas),
			fmt.Sprintf("scale RS %s %d → %d", target.Name, deploymentutil.SpecReplicas(target), replicas)).
			Say("deployment.scaleOnlyReplicaSet", controller.Name("rs", target.Name), controller.Count("from", deploymentutil.SpecReplicas(target)), controller.Count("to", replicas))
		_, _, err := dc.scaleReplicaSet(target, replicas, d, false)
		return err
	}

	if deploymentutil.IsSaturated(d, newRS) {
		ds.Add("scale", fmt.Sprintf("new RS %s is saturated: %d replicas, desired-replicas %d, %d available",
			newRS.Name, deploymentutil.SpecReplicas(newRS), replicas, newRS.Status.AvailableReplicas), "scale every active old RS to 0").
			Say("deployment.saturated", controller.Name("rs", newRS.Name))
		for _, old := range controller.FilterActiveReplicaSets(oldRSs) {
			if _, _, err := dc.scaleReplicaSet(old, 0, d, false); err != nil {
				return err
			}
		}
		return nil
	}

	// Several active ReplicaSets and an unfinished new one: proportional
	// scaling, for RollingUpdate only (Recreate has nothing to do here).
	if !deploymentutil.IsRollingUpdate(d) {
		return nil
	}
	allRSs := controller.FilterActiveReplicaSets(append(oldRSs[:len(oldRSs):len(oldRSs)], newRS))
	current := deploymentutil.GetReplicaCountForReplicaSets(allRSs)
	var allowed int32
	if replicas > 0 {
		allowed = replicas + deploymentutil.MaxSurge(d)
	}
	toAdd := allowed - current
	order := "no sort"
	switch {
	case toAdd > 0:
		sort.Sort(controller.ReplicaSetsBySizeNewer(allRSs))
		order = "largest first, newer first on ties"
	case toAdd < 0:
		sort.Sort(controller.ReplicaSetsBySizeOlder(allRSs))
		order = "largest first, older first on ties"
	}
	ds.Add("scale", fmt.Sprintf("allowed = %s; current = Σ spec = %d; toAdd = %d − %d = %+d; order: %s",
		allowedFormula(d, replicas, allowed), current, allowed, current, toAdd, order),
		fmt.Sprintf("proportional scaling of %d active ReplicaSets by %+d", len(allRSs), toAdd)).
		Say("deployment.proportionalScaling", controller.Count("n", len(allRSs)), controller.Count("from", current), controller.Count("to", allowed))

	added := int32(0)
	nameToSize := make(map[string]int32, len(allRSs))
	for _, rs := range allRSs {
		if toAdd == 0 {
			nameToSize[rs.Name] = deploymentutil.SpecReplicas(rs)
			continue
		}
		proportion := deploymentutil.GetReplicaSetProportion(rs, d, toAdd, added)
		ds.Add("GetReplicaSetProportion", proportionFormula(rs, d, toAdd, added, proportion),
			fmt.Sprintf("%s %d → %d", rs.Name, deploymentutil.SpecReplicas(rs), deploymentutil.SpecReplicas(rs)+proportion)).
			Say("deployment.proportion", controller.Name("rs", rs.Name), controller.Count("from", deploymentutil.SpecReplicas(rs)), controller.Count("to", deploymentutil.SpecReplicas(rs)+proportion))
		nameToSize[rs.Name] = deploymentutil.SpecReplicas(rs) + proportion
		added += proportion
	}
	for i, rs := range allRSs {
		if i == 0 && toAdd != 0 {
			leftover := toAdd - added
			size := max(nameToSize[rs.Name]+leftover, 0)
			if leftover != 0 {
				ds.Add("scale", fmt.Sprintf("leftover = toAdd %+d − added %+d = %+d, to the first (largest) RS", toAdd, added, leftover),
					fmt.Sprintf("%s %d → %d", rs.Name, nameToSize[rs.Name], size)).
					Say("deployment.leftover", controller.Name("rs", rs.Name), controller.Count("n", leftover))
			}
			nameToSize[rs.Name] = size
		}
		if _, _, err := dc.scaleReplicaSet(rs, nameToSize[rs.Name], d, true); err != nil {
			return err // the Deployment is requeued
		}
	}
	return nil
}

// scaleReplicaSet models sync.go scaleReplicaSet (v1.37), which has two
// modes:
//   - lazy (forceUpdate false; every caller but the proportional-scaling
//     loop): nothing happens unless the size changes, however stale the
//     desired-/max-replicas annotations are;
//   - forced (the proportional loop in scale): the ReplicaSet is written
//     when its size or its annotations need it.
//
// A write sets newScale and both annotations; only a size change emits
// ScalingReplicaSet ("Scaled up replica set X from A to B", v1.32+ wording,
// direction per ReplicaSet). It returns the ReplicaSet as written (rs
// itself if nothing was).
func (dc *DeploymentController) scaleReplicaSet(rs *api.ReplicaSet, newScale int32, d *api.Deployment, forceUpdate bool) (bool, *api.ReplicaSet, error) {
	if !forceUpdate && deploymentutil.SpecReplicas(rs) == newScale {
		return false, rs, nil
	}
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	maxReplicas := replicas + deploymentutil.MaxSurge(d)
	sizeNeedsUpdate := deploymentutil.SpecReplicas(rs) != newScale
	annotationsNeedUpdate := deploymentutil.ReplicasAnnotationsNeedUpdate(rs, replicas, maxReplicas)
	if !sizeNeedsUpdate && !annotationsNeedUpdate {
		return false, rs, nil
	}
	oldScale := deploymentutil.SpecReplicas(rs)
	rsCopy := api.DeepCopy(rs)
	rsCopy.Spec.Replicas = &newScale
	deploymentutil.SetReplicasAnnotations(rsCopy, replicas, maxReplicas)
	obj, err := dc.client.Update(rsCopy)
	if err != nil {
		return false, nil, err
	}
	updated := obj.(*api.ReplicaSet)
	scaled := false
	if sizeNeedsUpdate {
		direction := "down"
		if oldScale < newScale {
			direction = "up"
		}
		scaled = true
		dc.recorder.Eventf(d, "Normal", "ScalingReplicaSet", "Scaled %s replica set %s from %d to %d", direction, updated.Name, oldScale, newScale)
	}
	return scaled, updated, nil
}

// cleanupDeployment deletes old ReplicaSets beyond revisionHistoryLimit:
// of the live old ReplicaSets, sorted by revision, only the first
// count − limit are considered, and each is deleted only if it is empty
// (spec and status 0), its status is current and it is not already being
// deleted. Skipped ones are not replaced by later ones.
//
// v1.37 (sync.go cleanupDeployment) does not look at terminatingReplicas:
// an old ReplicaSet whose last pods are still shutting down is deleted, and
// the garbage collector then deletes those pods (already terminating) too.
func (dc *DeploymentController) cleanupDeployment(oldRSs []*api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) error {
	if !deploymentutil.HasRevisionHistoryLimit(d) {
		return nil
	}
	cleanable := controller.FilterReplicaSets(oldRSs, func(rs *api.ReplicaSet) bool {
		return rs != nil && rs.DeletionTimestamp == nil
	})
	limit := *d.Spec.RevisionHistoryLimit
	diff := int32(len(cleanable)) - limit
	if diff <= 0 {
		return nil
	}
	sort.Sort(deploymentutil.ReplicaSetsByRevision(cleanable))
	for i := range diff {
		rs := cleanable[i]
		why := ""
		var keep *controller.Message
		switch {
		case rs.Status.Replicas != 0:
			why = fmt.Sprintf("still has %d pods", rs.Status.Replicas)
			keep = controller.Msg("deployment.keepOldRSHasPods", controller.Name("rs", rs.Name), controller.Count("n", rs.Status.Replicas))
		case deploymentutil.SpecReplicas(rs) != 0:
			why = fmt.Sprintf("spec.replicas is %d", deploymentutil.SpecReplicas(rs))
			keep = controller.Msg("deployment.keepOldRSWantsPods", controller.Name("rs", rs.Name), controller.Count("n", deploymentutil.SpecReplicas(rs)))
		case rs.Generation > rs.Status.ObservedGeneration:
			why = "its status is not current"
			keep = controller.Msg("deployment.keepOldRSNotObserved", controller.Name("rs", rs.Name))
		case rs.DeletionTimestamp != nil:
			why = "already being deleted"
			keep = controller.Msg("deployment.keepOldRSDeleting", controller.Name("rs", rs.Name))
		}
		formula := fmt.Sprintf("%d live old RSs − revisionHistoryLimit %d = %d to consider; #%d by revision: %s (revision %s)",
			len(cleanable), limit, diff, i+1, rs.Name, revisionString(rs))
		if why != "" {
			ds.Add("cleanupDeployment", formula, fmt.Sprintf("keep %s: %s", rs.Name, why)).SayMessage(keep)
			continue
		}
		ds.Add("cleanupDeployment", formula, fmt.Sprintf("delete old RS %s", rs.Name)).
			Say("deployment.deleteOldRS", controller.Name("rs", rs.Name), controller.Count("limit", limit))
		if _, _, err := dc.client.Delete(dc.rsKind, rs.Namespace, rs.Name, nil); err != nil && !apiserver.IsNotFound(err) {
			// Stop at the first failure rather than hammer the API server.
			return err
		}
	}
	return nil
}

// syncDeploymentStatus writes the calculated status if it changed (no
// Progressing evaluation: that is syncRolloutStatus's job).
func (dc *DeploymentController) syncDeploymentStatus(allRSs []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) error {
	newStatus := dc.calculateStatus(allRSs, newRS, d, ds)
	if api.SemanticEqual(d.Status, newStatus) {
		return nil
	}
	d.Status = newStatus
	_, err := dc.client.UpdateStatusShared(d)
	return err
}

// calculateStatus derives the status from the ReplicaSets: replicas (pods
// that exist), updatedReplicas (the new ReplicaSet's), ready, available,
// unavailable = Σ spec − available (never negative), terminatingReplicas,
// the stored conditions, and the Available condition (available ≥ replicas
// − maxUnavailable).
func (dc *DeploymentController) calculateStatus(allRSs []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment, ds *controller.Decisions) api.DeploymentStatus {
	available := deploymentutil.GetAvailableReplicaCountForReplicaSets(allRSs)
	total := deploymentutil.GetReplicaCountForReplicaSets(allRSs)
	unavailable := max(total-available, 0)
	status := api.DeploymentStatus{
		ObservedGeneration:  d.Generation,
		Replicas:            deploymentutil.GetActualReplicaCountForReplicaSets(allRSs),
		UpdatedReplicas:     deploymentutil.GetActualReplicaCountForReplicaSets([]*api.ReplicaSet{newRS}),
		ReadyReplicas:       deploymentutil.GetReadyReplicaCountForReplicaSets(allRSs),
		AvailableReplicas:   available,
		UnavailableReplicas: unavailable,
		CollisionCount:      d.Status.CollisionCount,
		// DeploymentReplicaSetTerminatingReplicas is on (beta, v1.35+).
		TerminatingReplicas: deploymentutil.GetTerminatingReplicaCountForReplicaSets(allRSs),
	}
	// Copy the conditions so the stored ones are not changed.
	status.Conditions = append(status.Conditions, d.Status.Conditions...)

	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	minAvailable := replicas - deploymentutil.MaxUnavailable(d)
	var c *api.DeploymentCondition
	var say *controller.Message
	if available >= minAvailable {
		c = deploymentutil.NewDeploymentCondition(api.DeploymentAvailable, api.ConditionTrue, deploymentutil.MinimumReplicasAvailable, "Deployment has minimum availability.", dc.now())
		say = controller.Msg("deployment.available", controller.Count("available", available), controller.Count("minAvailable", minAvailable))
	} else {
		c = deploymentutil.NewDeploymentCondition(api.DeploymentAvailable, api.ConditionFalse, deploymentutil.MinimumReplicasUnavailable, "Deployment does not have minimum availability.", dc.now())
		say = controller.Msg("deployment.unavailable", controller.Count("available", available), controller.Count("minAvailable", minAvailable))
	}
	prev := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentAvailable)
	deploymentutil.SetDeploymentCondition(&status, *c)
	if prev == nil || prev.Status != c.Status || prev.Reason != c.Reason {
		ds.Add("calculateStatus", fmt.Sprintf("available %d %s replicas %d − maxUnavailable %d = %d",
			available, cmpSign(available >= minAvailable), replicas, deploymentutil.MaxUnavailable(d), minAvailable),
			fmt.Sprintf("Available=%s %s", c.Status, c.Reason)).SayMessage(say)
	}
	return status
}

// isScalingEvent reports whether spec.replicas changed since the active
// ReplicaSets last saw it: any active ReplicaSet whose desired-replicas
// annotation parses and differs. (It may write, as it syncs revisions.)
func (dc *DeploymentController) isScalingEvent(d *api.Deployment, rsList []*api.ReplicaSet, ds *controller.Decisions) (bool, error) {
	newRS, oldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, false, ds)
	if err != nil {
		return false, err
	}
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	for _, rs := range controller.FilterActiveReplicaSets(append(oldRSs, newRS)) {
		desired, ok := deploymentutil.GetDesiredReplicasAnnotation(rs)
		if !ok {
			continue
		}
		if desired != replicas {
			ds.Add("isScalingEvent", fmt.Sprintf("RS %s desired-replicas %d ≠ spec.replicas %d", rs.Name, desired, replicas),
				"scaling event: scale only, no rollout step").
				Say("deployment.scalingEvent", controller.Name("rs", rs.Name), controller.Count("from", desired), controller.Count("to", replicas))
			return true, nil
		}
	}
	return false, nil
}

package deployment

import (
	"fmt"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models pkg/controller/deployment/rollback.go: the controller
// side rollback that only the deprecated "deprecated.deployment.rollback.to"
// annotation (the old extensions/v1beta1 spec.rollbackTo) triggers. A modern
// `kubectl rollout undo` patches the template client side instead
// (core/kubectl/rollback.go) and never produces these events.

// rollback copies the template of the requested revision (0 = the previous
// one) into the Deployment and clears the annotation, whatever happens.
func (dc *DeploymentController) rollback(d *api.Deployment, rsList []*api.ReplicaSet, ds *controller.Decisions) error {
	newRS, allOldRSs, err := dc.getAllReplicaSetsAndSyncRevision(d, rsList, true, ds)
	if err != nil {
		return err
	}
	allRSs := append(allOldRSs[:len(allOldRSs):len(allOldRSs)], newRS)
	toRevision := getRollbackTo(d)
	if toRevision.revision == 0 {
		if toRevision.revision = deploymentutil.LastRevision(allRSs); toRevision.revision == 0 {
			dc.recorder.Eventf(d, "Warning", deploymentutil.RollbackRevisionNotFound, "Unable to find last revision.")
			ds.Add("rollback", "rollback to revision 0 = the last revision; none found", "give up, clear the annotation").
				Say("deployment.rollbackNoRevision")
			return dc.updateDeploymentAndClearRollbackTo(d)
		}
	}
	for _, rs := range allRSs {
		if rs == nil {
			continue
		}
		v, err := deploymentutil.Revision(rs)
		if err != nil || v != toRevision.revision {
			continue
		}
		performed, err := dc.rollbackToTemplate(d, rs, ds)
		if performed && err == nil {
			dc.recorder.Eventf(d, "Normal", deploymentutil.RollbackDone, "Rolled back deployment %q to revision %d", d.Name, toRevision.revision)
		}
		return err
	}
	dc.recorder.Eventf(d, "Warning", deploymentutil.RollbackRevisionNotFound, "Unable to find the revision to rollback to.")
	ds.Add("rollback", fmt.Sprintf("no ReplicaSet has revision %d", toRevision.revision), "give up, clear the annotation").
		Say("deployment.rollbackRevisionNotFound", controller.Count("revision", toRevision.revision))
	return dc.updateDeploymentAndClearRollbackTo(d)
}

// rollbackToTemplate copies rs's template and annotations into d when they
// differ from d's, and clears the annotation either way.
func (dc *DeploymentController) rollbackToTemplate(d *api.Deployment, rs *api.ReplicaSet, ds *controller.Decisions) (bool, error) {
	performed := false
	if !deploymentutil.EqualIgnoreHash(&d.Spec.Template, &rs.Spec.Template) {
		deploymentutil.SetFromReplicaSetTemplate(d, rs.Spec.Template)
		// Take the old ReplicaSet's annotations too, or the current
		// change-cause would be copied onto the rolled-back ReplicaSet.
		deploymentutil.SetDeploymentAnnotationsTo(d, rs)
		performed = true
		ds.Add("rollbackToTemplate", fmt.Sprintf("template of %s differs from the Deployment's", rs.Name),
			fmt.Sprintf("copy the template of %s (revision %s) into the Deployment", rs.Name, revisionString(rs))).
			Say("deployment.rollbackCopiesTemplate", controller.Name("rs", rs.Name), controller.Name("revision", revisionString(rs)))
	} else {
		dc.recorder.Eventf(d, "Warning", deploymentutil.RollbackTemplateUnchanged, "The rollback revision contains the same template as current deployment %q", d.Name)
		ds.Add("rollbackToTemplate", fmt.Sprintf("template of %s equals the Deployment's", rs.Name), "nothing to roll back").
			Say("deployment.rollbackSameTemplate", controller.Name("rs", rs.Name))
	}
	return performed, dc.updateDeploymentAndClearRollbackTo(d)
}

// updateDeploymentAndClearRollbackTo removes the annotation and writes d.
func (dc *DeploymentController) updateDeploymentAndClearRollbackTo(d *api.Deployment) error {
	setRollbackTo(d, nil)
	_, err := dc.client.Update(d)
	return err
}

// rollbackConfig is extensions.RollbackConfig.
type rollbackConfig struct{ revision int64 }

// getRollbackTo reads the deprecated annotation; absent or unparsable is
// nil.
func getRollbackTo(d *api.Deployment) *rollbackConfig {
	v := d.Annotations[deploymentutil.DeprecatedRollbackTo]
	if v == "" {
		return nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return nil
	}
	return &rollbackConfig{revision: n}
}

// setRollbackTo writes or (nil) removes the deprecated annotation.
func setRollbackTo(d *api.Deployment, rb *rollbackConfig) {
	if rb == nil {
		delete(d.Annotations, deploymentutil.DeprecatedRollbackTo)
		return
	}
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations[deploymentutil.DeprecatedRollbackTo] = strconv.FormatInt(rb.revision, 10)
}

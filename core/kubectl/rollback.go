package kubectl

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models kubectl's DeploymentRollbacker (kubectl
// pkg/polymorphichelpers/rollback.go, v1.37): `kubectl rollout undo` for
// apps/v1 is a client-side operation. kubectl finds the ReplicaSet of the
// wanted revision and patches its template (and annotations) back into the
// Deployment with one JSON patch; the controller then sees an old
// ReplicaSet match the template again and rolls forward to it.

// Undo rolls the Deployment back to toRevision (0 = the previous revision)
// as `kubectl rollout undo deployment/<name> [--to-revision=N]` does, and
// returns the line kubectl prints:
//
//	deployment.apps/web rolled back
//	deployment.apps/web skipped rollback (current template already matches revision 2)
//
// Errors carry kubectl's texts ("unable to find specified revision 5 in
// history", "no rollout history found for deployment \"web\"", "you cannot
// rollback a paused deployment; ...") without the CLI's "error: " prefix.
// A missing Deployment returns the API server's NotFound error, which
// kubectl hits while resolving the argument.
//
// With serverDryRun every check runs but nothing is written (the patch
// upstream sends with dryRun=All); a client dry run is undoTemplate.
func Undo(server *apiserver.Server, namespace, name string, toRevision int64, serverDryRun bool) (string, error) {
	d, rs, err := undoTarget(server, namespace, name, toRevision)
	if err != nil {
		return "", err
	}
	if d.Spec.Paused {
		return "", fmt.Errorf("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again")
	}
	prefix := resourcePrefix(d)
	if deploymentutil.EqualIgnoreHash(&rs.Spec.Template, &d.Spec.Template) {
		// kubectl prints the revision it was asked for (0 for a plain undo).
		return fmt.Sprintf("%s skipped rollback (current template already matches revision %d)", prefix, toRevision), nil
	}

	template := api.DeepCopy(&rs.Spec.Template)
	delete(template.Labels, deploymentutil.DefaultDeploymentUniqueLabelKey)
	// The Deployment keeps its own skip-list annotations (revision, ...)
	// and takes every other annotation of the ReplicaSet, so the old
	// change-cause comes back.
	annotations := map[string]string{}
	for k, v := range d.Annotations {
		if deploymentutil.SkipCopyAnnotation(k) {
			annotations[k] = v
		}
	}
	for k, v := range rs.Annotations {
		if !deploymentutil.SkipCopyAnnotation(k) {
			annotations[k] = v
		}
	}
	patch, err := json.Marshal([]map[string]any{
		{"op": "replace", "path": "/spec/template", "value": template},
		{"op": "replace", "path": "/metadata/annotations", "value": annotations},
	})
	if err != nil {
		return "", fmt.Errorf("failed restoring revision %d: %v", toRevision, err)
	}
	if serverDryRun {
		return prefix + " rolled back", nil
	}
	k := api.DeploymentKind
	if _, err := server.Patch(k, namespace, name, apiserver.JSONPatchType, patch); err != nil {
		return "", fmt.Errorf("failed restoring revision %d: %v", toRevision, err)
	}
	return prefix + " rolled back", nil
}

// undoTemplate is `kubectl rollout undo --dry-run=client`: the pod
// template of the revision Undo would restore, which kubectl describes
// (printTemplate) instead of patching. As upstream, a client dry run skips
// the paused and already-matching checks.
func undoTemplate(server *apiserver.Server, namespace, name string, toRevision int64) (*api.PodTemplateSpec, error) {
	_, rs, err := undoTarget(server, namespace, name, toRevision)
	if err != nil {
		return nil, err
	}
	return &rs.Spec.Template, nil
}

// undoTarget finds the Deployment and the ReplicaSet of the wanted revision.
func undoTarget(server *apiserver.Server, namespace, name string, toRevision int64) (*api.Deployment, *api.ReplicaSet, error) {
	if toRevision < 0 {
		return nil, nil, revisionNotFoundErr(toRevision)
	}
	d, err := apiserver.GetAs[*api.Deployment](server, namespace, name)
	if err != nil {
		return nil, nil, err
	}
	rs, err := deploymentRevision(server, d, toRevision)
	if err != nil {
		return nil, nil, err
	}
	return d, rs, nil
}

// resourcePrefix is how kubectl's name printer shows the object:
// "deployment.apps/web".
func resourcePrefix(d *api.Deployment) string {
	k := api.KindOf(d)
	return strings.ToLower(k.Kind) + "." + k.Group + "/" + d.Name
}

func revisionNotFoundErr(r int64) error {
	return fmt.Errorf("unable to find specified revision %d in history", r)
}

// deploymentRevision finds the ReplicaSet for toRevision among the
// Deployment's ReplicaSets (listed live by selector, filtered to those it
// controls); 0 means the second highest revision.
func deploymentRevision(server *apiserver.Server, d *api.Deployment, toRevision int64) (*api.ReplicaSet, error) {
	sel, err := labels.SelectorFromLabelSelector(d.Spec.Selector)
	if err != nil {
		return nil, fmt.Errorf("failed to retrieve replica sets from deployment %s: %v", d.Name, err)
	}
	listed, _, err := apiserver.ListAs[*api.ReplicaSet](server, d.Namespace, sel)
	if err != nil {
		return nil, fmt.Errorf("failed to retrieve replica sets from deployment %s: %v", d.Name, err)
	}
	owned := controller.FilterReplicaSetsByUID(listed, d.UID)
	// kubectl walks the old ReplicaSets, then the new one.
	_, allOld := deploymentutil.FindOldReplicaSets(d, owned)
	all := allOld
	if newRS := deploymentutil.FindNewReplicaSet(d, owned); newRS != nil {
		all = append(all, newRS)
	}

	var latest, previous *api.ReplicaSet
	latestRevision, previousRevision := int64(-1), int64(-1)
	for _, rs := range all {
		v, err := deploymentutil.Revision(rs)
		if err != nil {
			continue
		}
		if toRevision != 0 {
			if v == toRevision {
				return rs, nil
			}
			continue
		}
		switch {
		case latestRevision < v:
			previous, previousRevision = latest, latestRevision
			latest, latestRevision = rs, v
		case previousRevision < v:
			previous, previousRevision = rs, v
		}
	}
	if toRevision > 0 {
		return nil, revisionNotFoundErr(toRevision)
	}
	if previous == nil {
		return nil, fmt.Errorf("no rollout history found for deployment %q", d.Name)
	}
	return previous, nil
}

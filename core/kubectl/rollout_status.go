package kubectl

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// errWaitTimeout is wait.ErrWaitTimeout's text, which kubectl prints when a
// watch's deadline passes.
var errWaitTimeout = errors.New("timed out waiting for the condition")

// runRolloutStatus is `kubectl rollout status` (staging/src/k8s.io/kubectl/
// pkg/cmd/rollout/rollout_status.go): for each object, print the status
// viewer's line for the current state (the informer's ADDED), then one
// line per MODIFIED event — repeated lines included, as upstream — until
// the rollout is done, fails, the object is deleted or --timeout passes.
// Simulated time advances one tick at a time meanwhile.
func runRolloutStatus(e *env, c *command, fs *flagSet, args []string) error {
	if err := requireRolloutResource(fs, args); err != nil {
		return err
	}
	revision := fs.int("revision")
	if revision < 0 {
		return fmt.Errorf("revision must be a positive integer: %v", revision)
	}
	r, err := e.resolve(selection{args: args, filenames: fs.strings("filename"), selector: fs.string("selector"), latest: true})
	if err != nil {
		return err
	}
	if len(r.kinds) > 1 {
		return errors.New("you may only specify a single resource type")
	}
	if len(r.errs) > 0 {
		return newAggregate(r.errs)
	}
	if len(r.infos) == 0 {
		return fmt.Errorf("rollout status is only supported on individual resources and resource collections - %d resources were found", len(r.infos))
	}
	for _, in := range r.infos {
		if err := e.rolloutStatusOne(in, revision, fs.bool("watch"), fs.duration("timeout")); err != nil {
			return err
		}
	}
	return nil
}

func (e *env) rolloutStatusOne(in *info, revision int64, watch bool, timeout time.Duration) error {
	if in.kind.Kind != "Deployment" {
		return fmt.Errorf("no status viewer has been implemented for %s", in.kind.GroupKind())
	}
	w, err := e.watchKind(in.kind, in.namespace)
	if err != nil {
		return err
	}
	defer w.Stop()
	d, ok := in.obj.(*api.Deployment)
	if !ok {
		return notFound(in.kind, in.name)
	}
	status, done, err := deploymentStatus(d, revision)
	if err != nil {
		return err
	}
	io.WriteString(e.out, status)
	if done || !watch {
		return nil
	}
	timedOut, err := e.poll(e.limit(timeout), func() (bool, error) {
		for _, ev := range w.Drain() {
			d, ok := ev.Object.(*api.Deployment)
			if !ok || d.Name != in.name {
				continue
			}
			if ev.Type == apiserver.Deleted {
				return true, errors.New("object has been deleted")
			}
			status, done, err := deploymentStatus(d, revision)
			if err != nil {
				return true, err
			}
			io.WriteString(e.out, status)
			if done {
				return true, nil
			}
		}
		return false, nil
	})
	if timedOut {
		return errWaitTimeout
	}
	return err
}

// RolloutStatus is the verdict kubectl rollout status prints for d as it
// is now, without its newline: a progress line, "successfully rolled out",
// or the error of a Deployment past its progress deadline. The page shows
// it on the Deployment's card.
func RolloutStatus(d *api.Deployment) string {
	status, _, err := deploymentStatus(d, 0)
	if err != nil {
		return err.Error()
	}
	return strings.TrimSuffix(status, "\n")
}

// deploymentStatus is DeploymentStatusViewer.Status
// (staging/src/k8s.io/kubectl/pkg/polymorphichelpers/rollout_status.go).
func deploymentStatus(d *api.Deployment, revision int64) (string, bool, error) {
	if revision > 0 {
		rev, err := deploymentutil.Revision(d)
		if err != nil {
			return "", false, fmt.Errorf("cannot get the revision of deployment %q: %v", d.Name, err)
		}
		if revision != rev {
			return "", false, fmt.Errorf("desired revision (%d) is different from the running revision (%d)", revision, rev)
		}
	}
	if d.Generation <= d.Status.ObservedGeneration {
		cond := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing)
		if cond != nil && cond.Reason == "ProgressDeadlineExceeded" {
			return "", false, fmt.Errorf("deployment %q exceeded its progress deadline", d.Name)
		}
		if d.Spec.Replicas != nil && d.Status.UpdatedReplicas < *d.Spec.Replicas {
			return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d out of %d new replicas have been updated...\n", d.Name, d.Status.UpdatedReplicas, *d.Spec.Replicas), false, nil
		}
		if d.Status.Replicas > d.Status.UpdatedReplicas {
			return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d old replicas are pending termination...\n", d.Name, d.Status.Replicas-d.Status.UpdatedReplicas), false, nil
		}
		if d.Status.AvailableReplicas < d.Status.UpdatedReplicas {
			return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d of %d updated replicas are available...\n", d.Name, d.Status.AvailableReplicas, d.Status.UpdatedReplicas), false, nil
		}
		return fmt.Sprintf("deployment %q successfully rolled out\n", d.Name), true, nil
	}
	return "Waiting for deployment spec update to be observed...\n", false, nil
}

package kubectl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
	"github.com/kubeplay/kubeplay/core/kubectl/describe"
)

// errNoRolloutResource is the rollout subcommands' Validate error when
// neither a resource nor a file is named.
var errNoRolloutResource = errors.New("required resource not specified")

// requireRolloutResource is the check every rollout subcommand's Validate
// starts with (len(o.Resources) == 0 && cmdutil.IsFilenameSliceEmpty).
func requireRolloutResource(fs *flagSet, args []string) error {
	if len(args) == 0 && len(fs.strings("filename")) == 0 && fs.string("kustomize") == "" {
		return errNoRolloutResource
	}
	return nil
}

// rolloutTargets resolves the arguments of rollout history, undo, pause,
// resume and restart (ResourceTypeOrNameArgs, ContinueOnError, Latest).
func (e *env) rolloutTargets(fs *flagSet, args []string) (*result, error) {
	return e.resolve(selection{args: args, filenames: fs.strings("filename"), selector: fs.string("selector"), latest: true})
}

// runRolloutHistory is `kubectl rollout history` (rollout_history.go and
// DeploymentHistoryViewer.ViewHistory in polymorphichelpers/history.go).
// The table goes through the name printer as its "operation", hence the
// header line "deployment.apps/web " with a trailing space and the blank
// line after the table.
func runRolloutHistory(e *env, c *command, fs *flagSet, args []string) error {
	if err := requireRolloutResource(fs, args); err != nil {
		return err
	}
	revision := fs.int("revision")
	if revision < 0 {
		return fmt.Errorf("revision must be a positive integer: %v", revision)
	}
	r, err := e.rolloutTargets(fs, args)
	if err != nil {
		return err
	}
	errs := r.errs
	for _, in := range r.infos {
		d, ok := in.obj.(*api.Deployment)
		if !ok {
			errs = append(errs, fmt.Errorf("no history viewer has been implemented for %s", in.kind.GroupKind()))
			continue
		}
		history, err := e.viewHistory(d, revision)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		withRevision := ""
		if revision > 0 {
			withRevision = fmt.Sprintf("with revision #%v", revision)
		}
		if err := e.printName(in, d, withRevision+"\n"+history, fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

// viewHistory is DeploymentHistoryViewer.ViewHistory: the revisions of the
// Deployment's ReplicaSets with their change-cause, or one revision's pod
// template.
func (e *env) viewHistory(d *api.Deployment, revision int64) (string, error) {
	rss, _, err := apiserver.ListAs[*api.ReplicaSet](e.cluster.Server(), d.Namespace, nil)
	if err != nil {
		return "", err
	}
	history := map[int64]*api.PodTemplateSpec{}
	for _, rs := range rss {
		if !rs.IsControlledBy(d.UID) {
			continue
		}
		v, err := deploymentutil.Revision(rs)
		if err != nil {
			continue
		}
		t := api.DeepCopy(&rs.Spec.Template)
		if t.Annotations == nil {
			t.Annotations = map[string]string{}
		}
		if cause := rs.Annotations["kubernetes.io/change-cause"]; cause != "" {
			t.Annotations["kubernetes.io/change-cause"] = cause
		}
		history[v] = t
	}
	if revision > 0 {
		t, ok := history[revision]
		if !ok {
			return "", errors.New("unable to find the specified revision")
		}
		var buf bytes.Buffer
		if err := describe.PodTemplate(&buf, t); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	if len(history) == 0 {
		return "No rollout history found.", nil
	}
	revisions := make([]int64, 0, len(history))
	for v := range history {
		revisions = append(revisions, v)
	}
	sort.Slice(revisions, func(i, j int) bool { return revisions[i] < revisions[j] })
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "REVISION\tCHANGE-CAUSE\n")
	for _, v := range revisions {
		cause := history[v].Annotations["kubernetes.io/change-cause"]
		if cause == "" {
			cause = "<none>"
		}
		fmt.Fprintf(tw, "%d\t%s\n", v, cause)
	}
	tw.Flush()
	return buf.String(), nil
}

// runRolloutUndo is `kubectl rollout undo` (rollout_undo.go and
// DeploymentRollbacker in polymorphichelpers/rollback.go, which
// Undo implements, in rollback.go).
func runRolloutUndo(e *env, c *command, fs *flagSet, args []string) error {
	if err := requireRolloutResource(fs, args); err != nil {
		return err
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	r, err := e.rolloutTargets(fs, args)
	if err != nil {
		return err
	}
	errs := r.errs
	for _, in := range r.infos {
		if in.kind.Kind != "Deployment" {
			errs = append(errs, fmt.Errorf("no rollbacker has been implemented for %s", in.kind.GroupKind()))
			continue
		}
		if dry == dryRunClient {
			// RunUndo prints the name with the described template as the
			// operation (DeploymentRollbacker.Rollback's printTemplate).
			t, err := undoTemplate(e.cluster.Server(), in.namespace, in.name, fs.int("to-revision"))
			if err != nil {
				errs = append(errs, err)
				continue
			}
			var desc strings.Builder
			describe.PodTemplate(&desc, t)
			fmt.Fprintf(e.out, "%s %s%s\n", in.resourceName(), desc.String(), dry.suffix())
			continue
		}
		msg, err := Undo(e.cluster.Server(), in.namespace, in.name, fs.int("to-revision"), dry == dryRunServer)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		io.WriteString(e.out, msg+dry.suffix()+"\n")
	}
	return newAggregate(errs)
}

// pauser and resumer are polymorphichelpers.defaultObjectPauser and
// defaultObjectResumer; restarter is defaultObjectRestarter.
func pauseDeployment(pause bool) func(obj api.Object) error {
	return func(obj api.Object) error {
		d, ok := obj.(*api.Deployment)
		if !ok {
			if pause {
				return errors.New("pausing is not supported")
			}
			return errors.New("resuming is not supported")
		}
		if pause && d.Spec.Paused {
			return errors.New("is already paused")
		}
		if !pause && !d.Spec.Paused {
			return errors.New("is not paused")
		}
		d.Spec.Paused = pause
		return nil
	}
}

// runRolloutPause is `kubectl rollout pause` (rollout_pause.go).
func runRolloutPause(e *env, c *command, fs *flagSet, args []string) error {
	return e.rolloutPatch(fs, args, pauseDeployment(true), "paused", "already paused")
}

// runRolloutResume is `kubectl rollout resume` (rollout_resume.go).
func runRolloutResume(e *env, c *command, fs *flagSet, args []string) error {
	return e.rolloutPatch(fs, args, pauseDeployment(false), "resumed", "already resumed")
}

// rolloutPatch is the shared body of pause and resume: a patch per
// object, "error: deployments.apps "web" is already paused" for a refusal.
func (e *env) rolloutPatch(fs *flagSet, args []string, mutate func(api.Object) error, done, unchanged string) error {
	if err := requireRolloutResource(fs, args); err != nil {
		return err
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	r, err := e.rolloutTargets(fs, args)
	if err != nil {
		return err
	}
	errs := r.errs
	for _, in := range r.infos {
		_, patch, err := calculatePatch(in, mutate)
		if err != nil {
			errs = append(errs, fmt.Errorf("error: %s %q %v", in.kind.GroupResource(), in.name, err))
			continue
		}
		if emptyPatch(patch) {
			if err := e.printName(in, nil, unchanged, fs.string("output")); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		obj, err := e.sendPatch(in, patch)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to patch: %v", err))
			continue
		}
		if err := e.printName(in, obj, done, fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

// runRolloutRestart is `kubectl rollout restart` (rollout_restart.go): the
// template annotation kubectl.kubernetes.io/restartedAt, the virtual
// clock's time in RFC 3339, makes a new ReplicaSet.
func runRolloutRestart(e *env, c *command, fs *flagSet, args []string) error {
	if err := requireRolloutResource(fs, args); err != nil {
		return err
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	r, err := e.rolloutTargets(fs, args)
	if err != nil {
		return err
	}
	errs := r.errs
	now := e.cluster.Now().Format("2006-01-02T15:04:05Z07:00")
	for _, in := range r.infos {
		_, patch, err := calculatePatch(in, func(obj api.Object) error {
			d, ok := obj.(*api.Deployment)
			if !ok {
				return errors.New("restarting is not supported")
			}
			if d.Spec.Paused {
				return errors.New("can't restart paused deployment (run rollout resume first)")
			}
			if d.Spec.Template.Annotations == nil {
				d.Spec.Template.Annotations = map[string]string{}
			}
			d.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = now
			return nil
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("error: %s %q %v", in.kind.GroupResource(), in.name, err))
			continue
		}
		if emptyPatch(patch) {
			errs = append(errs, fmt.Errorf("failed to create patch for %v: if restart has already been triggered within the past second, please wait before attempting to trigger another", in.name))
			continue
		}
		obj, err := e.sendPatch(in, patch)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to patch: %v", err))
			continue
		}
		if err := e.printName(in, obj, "restarted", fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

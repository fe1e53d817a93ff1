package kubectl

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/apiserver"
)

// runDelete is `kubectl delete` (staging/src/k8s.io/kubectl/pkg/cmd/delete/
// delete.go: Complete, Validate, DeleteResult, PrintObj, and the --wait
// that follows through cmd/wait's IsDeleted): by file, TYPE NAME...,
// TYPE/NAME, -l or --all; --cascade, --grace-period, --now, --force; then,
// unless --wait=false, simulated time runs until every deleted object is
// gone (a pod's grace period, the garbage collector's foreground deletion).
func runDelete(e *env, c *command, fs *flagSet, args []string) error {
	grace := int(fs.int("grace-period"))
	all, selector := fs.bool("all"), fs.string("selector")
	ignoreNotFound := fs.bool("ignore-not-found")
	if (all || selector != "" || fs.string("field-selector") != "") && !fs.changed("ignore-not-found") {
		ignoreNotFound = true
	}
	if fs.bool("now") {
		if grace != -1 {
			return errors.New("--now and --grace-period cannot be specified together")
		}
		grace = 1
	}
	force := fs.bool("force")
	if grace == 0 && !force {
		grace = 1
	}
	if force && grace < 0 {
		grace = 0
	}
	policy, err := cascadePolicy(e, fs.string("cascade"))
	if err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	// Validate
	output := fs.string("output")
	if output != "" && output != "name" {
		return fmt.Errorf("unexpected -o output mode: %v. We only support '-o name'", output)
	}
	if all && selector != "" {
		return errors.New("cannot set --all and --selector at the same time")
	}
	if all && fs.string("field-selector") != "" {
		return errors.New("cannot set --all and --field-selector at the same time")
	}
	switch {
	case grace == 0 && force:
		fmt.Fprintf(e.errOut, "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n")
	case force:
		fmt.Fprintf(e.errOut, "warning: --force is ignored because --grace-period is not 0.\n")
	}
	if fs.bool("interactive") {
		return errors.New("--interactive is not available in the playground")
	}
	r, err := e.resolve(selection{args: args, filenames: fs.strings("filename"), selector: selector,
		fieldSelector: fs.string("field-selector"), all: all, allNS: fs.bool("all-namespaces"), requireNames: true, latest: true})
	if err != nil {
		return err
	}
	var errs []error
	for _, err := range r.errs {
		if !(ignoreNotFound && apiserver.IsNotFound(err)) {
			errs = append(errs, err)
		}
	}
	opts := &apiserver.DeleteOptions{PropagationPolicy: &policy}
	if grace >= 0 {
		g := int64(grace)
		opts.GracePeriodSeconds = &g
	}
	found := 0
	var deleted []*info
	for _, in := range r.infos {
		found++
		if dry == dryRunNone {
			if _, _, err := e.cluster.Server().Delete(in.kind, in.namespace, in.name, opts); err != nil {
				if ignoreNotFound && apiserver.IsNotFound(err) {
					continue
				}
				errs = append(errs, addSourceToErr("deleting", in.source, err))
				continue
			}
			deleted = append(deleted, in)
		}
		e.printDeleted(in, grace, dry, output)
	}
	if found == 0 && len(errs) == 0 {
		fmt.Fprintf(e.out, "No resources found\n")
		return nil
	}
	if fs.bool("wait") && dry == dryRunNone && len(deleted) > 0 {
		timeout := fs.duration("timeout")
		for _, in := range deleted {
			if e.waitGone(in, timeout) {
				errs = append(errs, fmt.Errorf("%s on %s/%s", errWaitTimeout, in.kind.Resource, in.name))
			}
		}
	}
	return newAggregate(errs)
}

// cascadePolicy is GetCascadingStrategy.
func cascadePolicy(e *env, v string) (apiserver.DeletionPropagation, error) {
	switch strings.ToLower(v) {
	case "background", "":
		return apiserver.DeletePropagationBackground, nil
	case "foreground":
		return apiserver.DeletePropagationForeground, nil
	case "orphan":
		return apiserver.DeletePropagationOrphan, nil
	case "true":
		fmt.Fprintf(e.errOut, "warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.\n")
		return apiserver.DeletePropagationBackground, nil
	case "false":
		fmt.Fprintf(e.errOut, "warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n")
		return apiserver.DeletePropagationOrphan, nil
	}
	return "", fmt.Errorf(`invalid cascade value (%v). Must be "background", "foreground", or "orphan".`, v)
}

// printDeleted is DeleteOptions.PrintObj: `deployment.apps "web" deleted
// from default namespace` (v1.34+ names the namespace), `force deleted`
// for a zero grace period, -o name's "deployment.apps/web".
func (e *env) printDeleted(in *info, grace int, dry dryRun, output string) {
	kind := in.resourceName()[:len(in.resourceName())-len(in.name)-1]
	if output == "name" {
		fmt.Fprintf(e.out, "%s/%s\n", kind, in.name)
		return
	}
	operation := "deleted"
	if grace == 0 {
		operation = "force deleted"
	}
	fmt.Fprintf(e.out, "%s %q %s%s%s\n", kind, in.name, operation, namespaceSuffix(in), dry.suffix())
}

// namespaceSuffix is " from NS namespace" for namespaced objects.
func namespaceSuffix(in *info) string {
	if !in.kind.Namespaced {
		return ""
	}
	return fmt.Sprintf(" from %s namespace", in.namespace)
}

// waitGone advances simulated time until the object (this very object:
// same uid) no longer exists, and reports whether the limit ran out first
// (cmd/wait's IsDeleted).
func (e *env) waitGone(in *info, timeout time.Duration) bool {
	uid := in.obj.GetObjectMeta().UID
	timedOut, _ := e.poll(e.limit(timeout), func() (bool, error) {
		obj, err := e.cluster.Server().Get(in.kind, in.namespace, in.name)
		if err != nil {
			return apiserver.IsNotFound(err), nil
		}
		return uid != "" && obj.GetObjectMeta().UID != uid, nil
	})
	return timedOut
}

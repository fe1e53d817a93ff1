package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/fields"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// This file is `kubectl cordon`, `uncordon` and `drain`
// (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go and
// staging/src/k8s.io/kubectl/pkg/drain: cordon.go, filters.go, drain.go).

// nodeTargets resolves NODE arguments or -l (DrainCmdOptions.Complete).
func (e *env) nodeTargets(c *command, fs *flagSet, args []string) ([]*info, error) {
	selector := fs.string("selector")
	if len(args) == 0 && !fs.changed("selector") {
		return nil, usageErrorf(c, "USAGE: %s NODE [flags]", c.name)
	}
	if len(args) > 0 && selector != "" {
		return nil, usageErrorf(c, "error: cannot specify both a node name and a --selector option")
	}
	nodeArgs := append([]string{"nodes"}, args...)
	r, err := e.resolve(selection{args: nodeArgs, selector: selector, all: selector != "", latest: true})
	if err != nil {
		return nil, err
	}
	if len(r.errs) > 0 {
		return nil, newAggregate(r.errs)
	}
	return r.infos, nil
}

// cordonOne sets spec.unschedulable and prints "node/x cordoned" or
// "node/x already cordoned" (RunCordonOrUncordon).
func (e *env) cordonOne(in *info, desired bool, dry dryRun) error {
	n, ok := in.obj.(*api.Node)
	if !ok {
		return fmt.Errorf("%s is not a node", in.name)
	}
	verb := "cordoned"
	if !desired {
		verb = "uncordoned"
	}
	if n.Spec.Unschedulable == desired {
		return e.printName(in, n, "already "+verb, "")
	}
	if dry == dryRunNone {
		_, patch, err := calculatePatch(in, func(o api.Object) error { o.(*api.Node).Spec.Unschedulable = desired; return nil })
		if err != nil {
			return err
		}
		if _, err := e.sendPatch(in, patch); err != nil {
			return fmt.Errorf("unable to %s node %q: %v", strings.TrimSuffix(verb, "ed"), in.name, err)
		}
	}
	return e.printName(in, n, verb+dry.suffix(), "")
}

func runCordon(e *env, c *command, fs *flagSet, args []string) error {
	return e.cordon(c, fs, args, true)
}

func runUncordon(e *env, c *command, fs *flagSet, args []string) error {
	return e.cordon(c, fs, args, false)
}

func (e *env) cordon(c *command, fs *flagSet, args []string, desired bool) error {
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	nodes, err := e.nodeTargets(c, fs, args)
	if err != nil {
		return err
	}
	var errs []error
	for _, in := range nodes {
		if err := e.cordonOne(in, desired, dry); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

// runDrain cordons each node, then evicts its pods (filters.go decides
// which: pods without a controller need --force), prints "evicting pod
// NS/NAME" for each, "pod/NAME evicted" as each disappears while simulated
// time runs, and "node/NAME drained".
func runDrain(e *env, c *command, fs *flagSet, args []string) error {
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	nodes, err := e.nodeTargets(c, fs, args)
	if err != nil {
		return err
	}
	for _, in := range nodes {
		if err := e.cordonOne(in, true, dry); err != nil {
			return err
		}
	}
	for i, in := range nodes {
		if err := e.drainOne(in, fs, dry); err != nil {
			fmt.Fprintf(e.errOut, "error: unable to drain node %q due to error: %s, continuing command...\n", in.name, err)
			fmt.Fprintf(e.errOut, "There are pending nodes to be drained:\n")
			for _, rest := range nodes[i:] {
				fmt.Fprintf(e.errOut, " %s\n", rest.name)
			}
			return err
		}
		if err := e.printName(in, nil, "drained"+dry.suffix(), ""); err != nil {
			return err
		}
	}
	return nil
}

func (e *env) drainOne(in *info, fs *flagSet, dry dryRun) error {
	var podSel labels.Selector
	if s := fs.string("pod-selector"); s != "" {
		var err error
		if podSel, err = labels.Parse(s); err != nil {
			return err
		}
	}
	// drain.GetPodsForDeletion: the node's pods, by field selector.
	list, err := e.cluster.Server().ListWithOptions(api.KindOf(&api.Pod{}), "", apiserver.ListOptions{LabelSelector: podSel,
		FieldSelector: fields.OneTermEqualSelector("spec.nodeName", in.name).String()})
	if err != nil {
		return err
	}
	var evict []*api.Pod
	var unmanaged []string
	for _, obj := range list.Items {
		p := obj.(*api.Pod)
		if p.ControllerRef() == nil && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
			unmanaged = append(unmanaged, p.Namespace+"/"+p.Name)
			if !fs.bool("force") {
				continue
			}
		}
		evict = append(evict, p)
	}
	if len(unmanaged) > 0 {
		if !fs.bool("force") {
			return fmt.Errorf("cannot delete Pods that declare no controller (use --force to override): %s", strings.Join(unmanaged, ", "))
		}
		fmt.Fprintf(e.errOut, "Warning: deleting Pods that declare no controller: %s\n", strings.Join(unmanaged, ", "))
	}
	if dry != dryRunNone {
		for _, p := range evict {
			fmt.Fprintf(e.out, "evicting pod %s/%s%s\n", p.Namespace, p.Name, dry.suffix())
		}
		return nil
	}
	kind := api.PodKind
	opts := &apiserver.DeleteOptions{}
	if g := fs.int("grace-period"); g >= 0 {
		opts.GracePeriodSeconds = &g
	}
	verb := "evicted"
	if fs.bool("disable-eviction") {
		verb = "deleted"
	}
	// evictPods / deletePods: with eviction, each pod is retried every 5 s
	// while its PodDisruptionBudget refuses (429 TooManyRequests); the
	// pods are handled side by side, as kubectl's goroutines are.
	s := e.cluster.Server()
	type attempt struct {
		pod  *api.Pod
		next time.Time // zero once the eviction or delete went through
	}
	var waiting []*attempt
	var pending []*info
	for _, p := range evict {
		waiting = append(waiting, &attempt{pod: p, next: e.cluster.Now()})
	}
	try := func() error {
		now := e.cluster.Now()
		var left []*attempt
		for _, a := range waiting {
			if now.Before(a.next) {
				left = append(left, a)
				continue
			}
			p := a.pod
			var err error
			if verb == "evicted" {
				fmt.Fprintf(e.out, "evicting pod %s/%s\n", p.Namespace, p.Name)
				err = s.Evict(p.Namespace, p.Name, opts)
			} else {
				_, _, err = s.Delete(kind, p.Namespace, p.Name, opts)
			}
			switch {
			case err == nil:
				pending = append(pending, &info{kind: kind, namespace: p.Namespace, name: p.Name, obj: p})
			case apiserver.IsNotFound(err):
			case verb == "evicted" && apiserver.IsTooManyRequests(err):
				fmt.Fprintf(e.errOut, "error when evicting pods/%q -n %q (will retry after 5s): %v\n", p.Name, p.Namespace, err)
				a.next = now.Add(5 * time.Second)
				left = append(left, a)
			case verb == "evicted":
				return fmt.Errorf("error when evicting pods/%q -n %q: %v", p.Name, p.Namespace, err)
			default:
				return err
			}
		}
		waiting = left
		return nil
	}
	if err := try(); err != nil {
		return err
	}
	timeout := fs.duration("timeout")
	timedOut, err := e.poll(e.limit(timeout), func() (bool, error) {
		if err := try(); err != nil {
			return false, err
		}
		var left []*info
		var gone []string
		for _, pi := range pending {
			obj, err := e.cluster.Server().Get(kind, pi.namespace, pi.name)
			if apiserver.IsNotFound(err) || (err == nil && obj.GetObjectMeta().UID != pi.obj.GetObjectMeta().UID) {
				gone = append(gone, pi.name)
				continue
			}
			left = append(left, pi)
		}
		sort.Strings(gone)
		for _, name := range gone {
			fmt.Fprintf(e.out, "pod/%s %s\n", name, verb)
		}
		pending = left
		return len(pending) == 0 && len(waiting) == 0, nil
	})
	if err != nil {
		return err
	}
	if timedOut {
		if timeout == 0 {
			timeout = e.in.MaxWait
		}
		if len(waiting) > 0 && verb == "evicted" {
			// evictPods: each pod still refused gives up at the global timeout.
			var errs []error
			for _, a := range waiting {
				errs = append(errs, fmt.Errorf("error when evicting pods/%q -n %q: global timeout reached: %v", a.pod.Name, a.pod.Namespace, timeout))
			}
			return newAggregate(errs)
		}
		return fmt.Errorf("drain did not complete within %v", timeout)
	}
	return nil
}

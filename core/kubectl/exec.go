package kubectl

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// execUsage is exec.go's execUsageStr.
const execUsage = "expected 'exec (POD | TYPE/NAME) COMMAND [ARG1] [ARG2] ... [ARGN]'.\nPOD or TYPE/NAME is a required argument for the exec command"

// runExec is `kubectl exec POD [-c CONTAINER] -- COMMAND` (staging/src/
// k8s.io/kubectl/pkg/cmd/exec/exec.go). The simulated containers run no
// processes, so the commands are `env` and `printenv [NAME...]`, answered
// from the environment the kubelet gives the container
// (Cluster.ContainerEnv) — enough to see the service variables.
func runExec(e *env, c *command, fs *flagSet, args []string) error {
	dash := fs.argsLenAtDash
	if len(args) == 0 || dash == 0 {
		return usageErrorf(c, execUsage)
	}
	if dash == -1 && len(args) > 1 || dash > 1 {
		return usageErrorf(c, "exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead")
	}
	command := args[1:]
	if len(command) == 0 {
		return errors.New("you must specify at least one command for the container")
	}
	pod, err := e.attachablePod(args[0])
	if err != nil {
		return err
	}
	if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
		return fmt.Errorf("cannot exec into a container in a completed pod; current phase is %s", pod.Status.Phase)
	}
	container := fs.string("container")
	if container == "" {
		container = defaultContainer(pod)
		if len(pod.Spec.Containers) > 1 && !fs.bool("quiet") {
			var names []string
			for _, ct := range pod.Spec.Containers {
				names = append(names, ct.Name)
			}
			fmt.Fprintf(e.errOut, "Defaulted container %q out of: %s\n", container, strings.Join(names, ", "))
		}
	}
	vars, err := e.cluster.ContainerEnv(pod.Namespace, pod.Name, container)
	if err != nil {
		return err
	}
	switch command[0] {
	case "env", "/usr/bin/env", "printenv", "/usr/bin/printenv":
	default:
		return &exitCodeError{code: 126, msg: fmt.Sprintf("error: the playground's containers can only run env and printenv, not %q\ncommand terminated with exit code 126", command[0])}
	}
	if strings.HasSuffix(command[0], "printenv") && len(command) > 1 {
		missing := false
		for _, name := range command[1:] {
			found := false
			for _, v := range vars {
				if v.Name == name {
					fmt.Fprintln(e.out, v.Value)
					found = true
					break
				}
			}
			missing = missing || !found
		}
		if missing {
			return &exitCodeError{code: 1, msg: "command terminated with exit code 1"}
		}
		return nil
	}
	for _, v := range vars {
		fmt.Fprintf(e.out, "%s=%s\n", v.Name, v.Value)
	}
	return nil
}

// defaultContainer is the kubectl.kubernetes.io/default-container
// annotation's container, or the first one.
func defaultContainer(pod *api.Pod) string {
	if name := pod.Annotations["kubectl.kubernetes.io/default-container"]; name != "" {
		for _, ct := range pod.Spec.Containers {
			if ct.Name == name {
				return name
			}
		}
	}
	if len(pod.Spec.Containers) > 0 {
		return pod.Spec.Containers[0].Name
	}
	return ""
}

// attachablePod resolves POD or TYPE/NAME to a pod
// (polymorphichelpers.AttachablePodForObject): a Deployment or ReplicaSet
// names its first pod, running and ready ones first, then the oldest.
func (e *env) attachablePod(arg string) (*api.Pod, error) {
	s := e.cluster.Server()
	if !strings.Contains(arg, "/") {
		return apiserver.GetAs[*api.Pod](s, e.namespace, arg)
	}
	r, err := e.resolve(selection{args: []string{arg}, latest: true})
	if err != nil {
		return nil, err
	}
	if len(r.errs) > 0 {
		return nil, r.errs[0]
	}
	var sel *api.LabelSelector
	switch o := r.infos[0].obj.(type) {
	case *api.Pod:
		return o, nil
	case *api.Deployment:
		sel = o.Spec.Selector
	case *api.ReplicaSet:
		sel = o.Spec.Selector
	case *api.Service:
		sel = &api.LabelSelector{MatchLabels: o.Spec.Selector}
	default:
		return nil, fmt.Errorf("cannot attach to %s: not implemented", r.infos[0].kind.GroupKind())
	}
	selector, err := labels.SelectorFromLabelSelector(sel)
	if err != nil {
		return nil, err
	}
	pods, _, err := apiserver.ListAs[*api.Pod](s, e.namespace, selector)
	if err != nil {
		return nil, err
	}
	if len(pods) == 0 {
		return nil, fmt.Errorf("pods not found")
	}
	sort.SliceStable(pods, func(i, j int) bool {
		ri, rj := podRunningReady(pods[i]), podRunningReady(pods[j])
		if ri != rj {
			return ri
		}
		return pods[i].CreationTimestamp.Before(pods[j].CreationTimestamp.Time)
	})
	return pods[0], nil
}

func podRunningReady(p *api.Pod) bool {
	if p.Status.Phase != api.PodRunning {
		return false
	}
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady {
			return c.Status == api.ConditionTrue
		}
	}
	return false
}

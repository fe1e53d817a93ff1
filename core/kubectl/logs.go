package kubectl

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

func init() {
	// NewCmdLogs' logsLong and logsExample, as the templater normalises
	// them (see helpText): the Long's two lines are one paragraph, and
	// the Example's stray spaces are trimmed. The Use line is the
	// command's usage.
	helpTexts["kubectl logs"] = helpText{
		long: "Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.",
		example: "  # Return snapshot logs from pod nginx with only one container\n" +
			"  kubectl logs nginx\n" +
			"  \n" +
			"  # Return snapshot logs from pod nginx, prefixing each line with the source pod and container name\n" +
			"  kubectl logs nginx --prefix\n" +
			"  \n" +
			"  # Return snapshot logs from pod nginx, limiting output to 500 bytes\n" +
			"  kubectl logs nginx --limit-bytes=500\n" +
			"  \n" +
			"  # Return snapshot logs from pod nginx, waiting up to 20 seconds for it to start running.\n" +
			"  kubectl logs nginx --pod-running-timeout=20s\n" +
			"  \n" +
			"  # Return snapshot logs from pod nginx with multi containers\n" +
			"  kubectl logs nginx --all-containers=true\n" +
			"  \n" +
			"  # Return snapshot logs from all pods in the deployment nginx\n" +
			"  kubectl logs deployment/nginx --all-pods=true\n" +
			"  \n" +
			"  # Return snapshot logs from all containers in pods defined by label app=nginx\n" +
			"  kubectl logs -l app=nginx --all-containers=true\n" +
			"  \n" +
			"  # Return snapshot logs from all pods defined by label app=nginx, limiting concurrent log requests to 10 pods\n" +
			"  kubectl logs -l app=nginx --max-log-requests=10\n" +
			"  \n" +
			"  # Return snapshot of previous terminated ruby container logs from pod web-1\n" +
			"  kubectl logs -p -c ruby web-1\n" +
			"  \n" +
			"  # Begin streaming the logs from pod nginx, continuing even if errors occur\n" +
			"  kubectl logs nginx -f --ignore-errors=true\n" +
			"  \n" +
			"  # Begin streaming the logs of the ruby container in pod web-1\n" +
			"  kubectl logs -f -c ruby web-1\n" +
			"  \n" +
			"  # Begin streaming the logs from all containers in pods defined by label app=nginx\n" +
			"  kubectl logs -f -l app=nginx --all-containers=true\n" +
			"  \n" +
			"  # Display only the most recent 20 lines of output in pod nginx\n" +
			"  kubectl logs --tail=20 nginx\n" +
			"  \n" +
			"  # Show all logs from pod nginx written in the last hour\n" +
			"  kubectl logs --since=1h nginx\n" +
			"  \n" +
			"  # Show all logs with timestamps from pod nginx starting from August 30, 2024, at 06:00:00 UTC\n" +
			"  kubectl logs nginx --since-time=2024-08-30T06:00:00Z --timestamps=true\n" +
			"  \n" +
			"  # Show logs from a kubelet with an expired serving certificate\n" +
			"  kubectl logs --insecure-skip-tls-verify-backend nginx\n" +
			"  \n" +
			"  # Return snapshot logs from first container of a job named hello\n" +
			"  kubectl logs job/hello\n" +
			"  \n" +
			"  # Return snapshot logs from container nginx-1 of a deployment named nginx\n" +
			"  kubectl logs deployment/nginx -c nginx-1",
	}
}

// logsUsage is logs.go's logsUsageErrStr.
const logsUsage = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command"

// logsCommand is NewCmdLogs (staging/src/k8s.io/kubectl/pkg/cmd/logs).
func logsCommand() *command {
	return &command{name: "logs", short: "Print the logs for a container in a pod", run: runLogs,
		usage: "kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]",
		flags: flags(selectorFlag,
			flagDef{name: "all-pods", kind: kindBool},
			flagDef{name: "all-containers", kind: kindBool},
			flagDef{name: "follow", shorthand: "f", kind: kindBool},
			flagDef{name: "timestamps", kind: kindBool},
			flagDef{name: "limit-bytes", kind: kindInt64, def: "0"},
			flagDef{name: "previous", shorthand: "p", kind: kindBool},
			flagDef{name: "tail", kind: kindInt64, def: "-1"},
			flagDef{name: "ignore-errors", kind: kindBool},
			flagDef{name: "since-time", kind: kindString},
			flagDef{name: "since", kind: kindDuration, def: "0s"},
			flagDef{name: "container", shorthand: "c", kind: kindString},
			flagDef{name: "insecure-skip-tls-verify-backend", kind: kindBool},
			flagDef{name: "pod-running-timeout", kind: kindDuration, def: "20s"},
			flagDef{name: "max-log-requests", kind: kindInt, def: "5"},
			flagDef{name: "prefix", kind: kindBool})}
}

// logRequest is one container's log to read (the ObjectReference and
// ResponseWrapper of LogsForObject's map).
type logRequest struct {
	pod       *api.Pod
	container string
}

// runLogs is LogsOptions' Complete, Validate and RunLogs. The simulated
// containers print nothing, so a log that exists is empty and kubectl
// prints nothing for it; what learners meet are the errors, worded as
// upstream's. Two departures, both for the browser:
//   - -f/--follow cannot stream: it prints the log as it is now (empty)
//     and returns, after the same selection and the same errors.
//   - LogsForObject keeps its requests in a map, so with several
//     containers or pods upstream reads them (and meets the first error)
//     in random order; here they are read in the pods' order, each pod's
//     init containers then containers.
func runLogs(e *env, c *command, fs *flagSet, args []string) error {
	container, selector := fs.string("container"), fs.string("selector")
	var resourceArg string
	switch len(args) {
	case 0:
		if selector == "" {
			return usageErrorf(c, "%s", logsUsage)
		}
	case 1:
		resourceArg = args[0]
		if selector != "" {
			return usageErrorf(c, "only a selector (-l) or a POD name is allowed")
		}
	case 2:
		resourceArg, container = args[0], args[1]
	default:
		return usageErrorf(c, "%s", logsUsage)
	}
	allPods := fs.bool("all-pods")
	// cmdutil.GetPodRunningTimeoutFlag.
	timeout := fs.duration("pod-running-timeout")
	if timeout <= 0 {
		return errors.New("--pod-running-timeout must be higher than zero")
	}
	// ToLogOptions: util.ParseRFC3339.
	if st := fs.string("since-time"); st != "" {
		if _, err := time.Parse(time.RFC3339Nano, st); err != nil {
			if _, err := time.Parse(time.RFC3339, st); err != nil {
				return err
			}
		}
	}
	pods, target, err := e.logsObject(resourceArg, selector)
	if err != nil {
		return err
	}
	// Validate.
	since := fs.duration("since")
	switch {
	case fs.string("since-time") != "" && since != 0:
		return errors.New("at most one of `sinceTime` or `sinceSeconds` may be specified")
	case fs.bool("all-containers") && container != "":
		return fmt.Errorf("--all-containers=true should not be specified with container name %s", container)
	case fs.changed("container") && len(args) == 2:
		return errors.New("only one of -c or an inline [CONTAINER] arg is allowed")
	case fs.int("limit-bytes") < 0:
		return errors.New("--limit-bytes must be greater than 0")
	case since.Round(time.Second) < 0:
		return errors.New("--since must be greater than 0")
	case fs.int("tail") < -1:
		return errors.New("--tail must be greater than or equal to -1")
	}
	// RunLogs.
	if target != nil {
		if pods, err = e.podsForObject(target, timeout, allPods); err != nil {
			return err
		}
	}
	lf := logsFor{e: e, container: container, allContainers: fs.bool("all-containers"), allPods: allPods}
	var requests []logRequest
	for _, pod := range pods {
		reqs, err := lf.forPod(pod)
		if err != nil {
			return err
		}
		requests = append(requests, reqs...)
	}
	if fs.bool("follow") && len(requests) > 1 && int64(len(requests)) > fs.int("max-log-requests") {
		return fmt.Errorf("you are attempting to follow %d log streams, but maximum allowed concurrency is %d, use --max-log-requests to increase the limit",
			len(requests), fs.int("max-log-requests"))
	}
	// sequentialConsumeRequest (and parallelConsumeRequest, for -f).
	// --prefix would put "[pod/NAME/CONTAINER] " before each line; there
	// are none.
	for _, r := range requests {
		text, err := e.cluster.Server().PodLog(r.pod.Namespace, r.pod.Name,
			apiserver.PodLogOptions{Container: r.container, Previous: fs.bool("previous")})
		if err != nil {
			if !fs.bool("ignore-errors") {
				return err
			}
			fmt.Fprintf(e.out, "error: %v\n", err)
			continue
		}
		fmt.Fprint(e.out, text)
	}
	return nil
}

// logsObject is Complete's builder: POD, TYPE/NAME, or -l over pods. It
// returns the pods to read, or the object whose pods are to be found.
func (e *env) logsObject(arg, selector string) ([]*api.Pod, api.Object, error) {
	s := e.cluster.Server()
	if selector != "" {
		sel, err := labels.Parse(strings.TrimSpace(selector))
		if err != nil {
			return nil, nil, err
		}
		pods, _, err := apiserver.ListAs[*api.Pod](s, e.namespace, sel)
		if err != nil {
			return nil, nil, err
		}
		if len(pods) == 0 {
			fmt.Fprintf(e.errOut, "No resources found in %s namespace.\n", e.namespace)
		}
		return pods, nil, nil
	}
	var obj api.Object
	if !strings.Contains(arg, "/") {
		pod, err := apiserver.GetAs[*api.Pod](s, e.namespace, arg)
		if err != nil {
			return nil, nil, logsNotFound(err, e.namespace)
		}
		obj = pod
	} else {
		r, err := e.resolve(selection{args: []string{arg}})
		if err != nil {
			return nil, nil, err
		}
		if len(r.errs) > 0 {
			return nil, nil, logsNotFound(r.errs[0], e.namespace)
		}
		obj = r.infos[0].obj
	}
	if pod, ok := obj.(*api.Pod); ok {
		return []*api.Pod{pod}, nil, nil
	}
	return nil, obj, nil
}

// logsNotFound is Complete's wrapping of a NotFound from the builder:
// fmt.Errorf("error from server (NotFound): %w in namespace %q"). The
// wrapped error is no APIStatus to CheckErr, which prints it after
// "error: ".
func logsNotFound(err error, namespace string) error {
	if apiserver.IsNotFound(err) {
		return fmt.Errorf("error from server (NotFound): %v in namespace %q", err, namespace)
	}
	return err
}

// podsForObject is logsForObjectWithClient's branch for an object with a
// pod selector: SelectorsForObject, then GetFirstPod (pods sorted
// ByLogging; with none, a watch for one until --pod-running-timeout).
// Without --all-pods the first pod is used, saying so on stderr when
// there were more.
func (e *env) podsForObject(obj api.Object, timeout time.Duration, allPods bool) ([]*api.Pod, error) {
	k := api.KindOf(obj)
	var sel labels.Selector
	var err error
	switch o := obj.(type) {
	case *api.Deployment:
		sel, err = labels.SelectorFromLabelSelector(o.Spec.Selector)
	case *api.ReplicaSet:
		sel, err = labels.SelectorFromLabelSelector(o.Spec.Selector)
	case *api.Service:
		if len(o.Spec.Selector) == 0 {
			err = fmt.Errorf("invalid service '%s': Service is defined without a selector", o.Name)
		} else {
			sel, err = labels.SelectorFromLabelSelector(&api.LabelSelector{MatchLabels: o.Spec.Selector})
		}
	default:
		err = fmt.Errorf("selector for *%s.%s not implemented", k.Version, k.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot get the logs from *%s.%s: %v", k.Version, k.Kind, err)
	}
	namespace := obj.GetObjectMeta().Namespace
	var pods []*api.Pod
	// GetPodList: list, and with nothing listed watch for a pod to be
	// added or modified. (Upstream then indexes the list it read before
	// the watch, still empty; here the pods found then are used.)
	timedOut, err := e.poll(e.limit(timeout), func() (bool, error) {
		pods, _, err = apiserver.ListAs[*api.Pod](e.cluster.Server(), namespace, sel)
		return len(pods) > 0, err
	})
	if err != nil {
		return nil, err
	}
	if timedOut {
		return nil, errors.New("timed out waiting for the condition")
	}
	sort.Sort(byLogging(pods))
	if len(pods) > 1 && !allPods {
		fmt.Fprintf(e.errOut, "Found %v pods, using pod/%v\n", len(pods), pods[0].Name)
		return pods[:1], nil
	}
	return pods, nil
}

// logsFor is logsForObjectWithClient for pods.
type logsFor struct {
	e             *env
	container     string
	allContainers bool
	allPods       bool
}

// forPod picks a pod's containers: all of them with --all-containers
// (init containers first), else the named one, the
// kubectl.kubernetes.io/default-container annotation's, or the first.
func (lf logsFor) forPod(pod *api.Pod) ([]logRequest, error) {
	if lf.allContainers {
		var out []logRequest
		for _, list := range [][]api.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
			for _, c := range list {
				out = append(out, logRequest{pod: pod, container: c.Name})
			}
		}
		return out, nil
	}
	name := lf.container
	if name == "" {
		if def := pod.Annotations["kubectl.kubernetes.io/default-container"]; def != "" {
			if findPodContainer(pod, def) {
				name = def
			} else {
				fmt.Fprintf(lf.e.errOut, "Default container name %q not found in pod %s\n", def, pod.Name)
			}
		}
	}
	if name == "" {
		name = pod.Spec.Containers[0].Name
		if (len(pod.Spec.Containers) > 1 || len(pod.Spec.InitContainers) > 0) && !lf.allPods {
			fmt.Fprintf(lf.e.errOut, "Defaulted container %q out of: %s\n", name, allContainerNames(pod))
		}
	}
	if !findPodContainer(pod, name) {
		return nil, fmt.Errorf("container %s is not valid for pod %s out of: %s", name, pod.Name, allContainerNames(pod))
	}
	return []logRequest{{pod: pod, container: name}}, nil
}

// findPodContainer is podcmd.FindContainerByName.
func findPodContainer(pod *api.Pod, name string) bool {
	for _, list := range [][]api.Container{pod.Spec.Containers, pod.Spec.InitContainers} {
		for _, c := range list {
			if c.Name == name {
				return true
			}
		}
	}
	return false
}

// allContainerNames is podcmd.AllContainerNames: the containers, then
// the init containers marked "(init)".
func allContainerNames(pod *api.Pod) string {
	var names []string
	for _, c := range pod.Spec.Containers {
		names = append(names, c.Name)
	}
	for _, c := range pod.Spec.InitContainers {
		names = append(names, c.Name+" (init)")
	}
	return strings.Join(names, ", ")
}

// byLogging is podutils.ByLogging: the pod best to read logs from first —
// assigned before unassigned; Running, Unknown, then Pending; ready
// before not; ready longer before ready less long; more restarts before
// fewer; older before newer.
type byLogging []*api.Pod

func (s byLogging) Len() int      { return len(s) }
func (s byLogging) Swap(i, j int) { s[i], s[j] = s[j], s[i] }
func (s byLogging) Less(i, j int) bool {
	a, b := s[i], s[j]
	if a.Spec.NodeName != b.Spec.NodeName && (a.Spec.NodeName == "" || b.Spec.NodeName == "") {
		return a.Spec.NodeName != ""
	}
	rank := map[api.PodPhase]int{api.PodRunning: 0, api.PodUnknown: 1, api.PodPending: 2}
	if rank[a.Status.Phase] != rank[b.Status.Phase] {
		return rank[a.Status.Phase] < rank[b.Status.Phase]
	}
	ra, rb := podReadyTime(a), podReadyTime(b)
	if (ra != nil) != (rb != nil) {
		return ra != nil
	}
	if ra != nil && rb != nil && !ra.Equal(*rb) {
		return afterOrZero(*rb, *ra)
	}
	if ma, mb := maxRestarts(a), maxRestarts(b); ma != mb {
		return ma > mb
	}
	if ca, cb := a.CreationTimestamp.Time, b.CreationTimestamp.Time; !ca.Equal(cb) {
		return afterOrZero(cb, ca)
	}
	return false
}

// podReadyTime is the Ready condition's lastTransitionTime when the pod
// is ready, nil when it is not.
func podReadyTime(p *api.Pod) *time.Time {
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady && c.Status == api.ConditionTrue {
			t := c.LastTransitionTime.Time
			return &t
		}
	}
	return nil
}

// afterOrZero is podutils.afterOrZero: a zero time counts as after any
// other.
func afterOrZero(t1, t2 time.Time) bool {
	if t1.IsZero() || t2.IsZero() {
		return t1.IsZero()
	}
	return t1.After(t2)
}

func maxRestarts(p *api.Pod) int32 {
	var n int32
	for _, cs := range p.Status.ContainerStatuses {
		n = max(n, cs.RestartCount)
	}
	return n
}

package apiserver

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// PodLogOptions are the parts of PodLogOptions that decide which log the
// pods/log subresource streams, or why it cannot. (tailLines, sinceSeconds,
// sinceTime, limitBytes and timestamps only trim a log, and every log here
// is empty.)
type PodLogOptions struct {
	Container string
	Previous  bool
}

// PodLog is GET pods/NAME/log (pkg/registry/core/pod/rest/log.go
// LogREST.Get): the pod's LogLocation, then the kubelet's answer. The
// simulated containers write nothing to stdout or stderr, so every log
// that exists is empty; what this models is each reason a log does not
// exist, worded as the API server and the kubelet word them.
func (s *Server) PodLog(namespace, name string, opts PodLogOptions) (string, error) {
	pod, err := GetAs[*api.Pod](s, namespace, name)
	if err != nil {
		return "", err
	}
	container, err := validateLogContainer(opts.Container, pod)
	if err != nil {
		return "", err
	}
	// LogLocation: a pod not yet assigned a node has no location, and the
	// LocationStreamer answers a nil location with an empty stream.
	if pod.Spec.NodeName == "" {
		return "", nil
	}
	// The kubelet's server answers GetKubeletContainerLogs' errors with
	// 400, which the API server passes on as a BadRequest. Its status
	// manager's copy of the pod status is the one it wrote to the API.
	if err := validateContainerLogStatus(pod.Name, &pod.Status, container, opts.Previous); err != nil {
		return "", NewBadRequest(err.Error())
	}
	return "", nil
}

// validateLogContainer is strategy.go validateContainer: with no container
// named, a pod of one container means that one; a named container must be
// one of the pod's (init containers included).
func validateLogContainer(container string, pod *api.Pod) (string, error) {
	if container == "" {
		switch len(pod.Spec.Containers) {
		case 1:
			return pod.Spec.Containers[0].Name, nil
		case 0:
			return "", NewBadRequest(fmt.Sprintf("a container name must be specified for pod %s", pod.Name))
		}
		// podutil.VisitContainers: init containers, then containers.
		var names []string
		for _, c := range pod.Spec.InitContainers {
			names = append(names, c.Name)
		}
		for _, c := range pod.Spec.Containers {
			names = append(names, c.Name)
		}
		return "", NewBadRequest(fmt.Sprintf("a container name must be specified for pod %s, choose one of: %s", pod.Name, names))
	}
	for _, list := range [][]api.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for _, c := range list {
			if c.Name == container {
				return container, nil
			}
		}
	}
	return "", NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", container, pod.Name))
}

// validateContainerLogStatus is the kubelet's (pkg/kubelet/kubelet_pods.go):
// which container instance's log to read, judged from the container's
// status, or why there is none. The order of the cases is upstream's: a
// container waiting to restart after a crash still has its last
// instance's log.
func validateContainerLogStatus(podName string, status *api.PodStatus, containerName string, previous bool) error {
	cs := findContainerStatus(status.ContainerStatuses, containerName)
	if cs == nil {
		cs = findContainerStatus(status.InitContainerStatuses, containerName)
	}
	if cs == nil {
		return fmt.Errorf("container %q in pod %q is not available", containerName, podName)
	}
	last := cs.LastTerminationState.Terminated
	state := cs.State
	switch {
	case previous:
		if last == nil || last.ContainerID == "" {
			return fmt.Errorf("previous terminated container %q in pod %q not found", containerName, podName)
		}
	case state.Running != nil:
	case state.Terminated != nil:
		if state.Terminated.ContainerID == "" && (last == nil || last.ContainerID == "") {
			return fmt.Errorf("container %q in pod %q is terminated", containerName, podName)
		}
	case last != nil:
		if last.ContainerID == "" {
			return fmt.Errorf("container %q in pod %q is terminated", containerName, podName)
		}
	case state.Waiting != nil:
		switch reason := state.Waiting.Reason; reason {
		case "ErrImagePull":
			return fmt.Errorf("container %q in pod %q is waiting to start: image can't be pulled", containerName, podName)
		case "ImagePullBackOff":
			return fmt.Errorf("container %q in pod %q is waiting to start: trying and failing to pull image", containerName, podName)
		default:
			return fmt.Errorf("container %q in pod %q is waiting to start: %v", containerName, podName, reason)
		}
	default:
		return fmt.Errorf("container %q in pod %q is waiting to start - no logs yet", containerName, podName)
	}
	return nil
}

func findContainerStatus(statuses []api.ContainerStatus, name string) *api.ContainerStatus {
	for i := range statuses {
		if statuses[i].Name == name {
			return &statuses[i]
		}
	}
	return nil
}

package apiserver

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// PodLog answers each container state as the kubelet's
// validateContainerLogStatus does, after strategy.go's validateContainer.
func TestPodLog(t *testing.T) {
	s := newTestServer(1)
	waiting := func(reason string) api.ContainerState {
		return api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: reason}}
	}
	exited := &api.ContainerStateTerminated{ExitCode: 1, Reason: "Error", ContainerID: "containerd://1"}
	pod := testPod("web", "node-1")
	pod.Spec.InitContainers = []api.Container{{Name: "init", Image: "busybox"}}
	pod.Spec.Containers = nil
	for _, name := range []string{"running", "creating", "pull", "backoff", "crashing", "restarted", "done", "unstarted", "lost", "blank", "missing"} {
		pod.Spec.Containers = append(pod.Spec.Containers, api.Container{Name: name, Image: "nginx"})
	}
	pod.Status.InitContainerStatuses = []api.ContainerStatus{
		{Name: "init", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{Reason: "Completed", ContainerID: "containerd://0"}}},
	}
	pod.Status.ContainerStatuses = []api.ContainerStatus{
		{Name: "running", ContainerID: "containerd://2", State: api.ContainerState{Running: &api.ContainerStateRunning{}}},
		{Name: "creating", State: waiting("ContainerCreating")},
		{Name: "pull", State: waiting("ErrImagePull")},
		{Name: "backoff", State: waiting("ImagePullBackOff")},
		{Name: "crashing", State: waiting("CrashLoopBackOff"), LastTerminationState: api.ContainerState{Terminated: exited}},
		{Name: "restarted", ContainerID: "containerd://3", State: api.ContainerState{Running: &api.ContainerStateRunning{}},
			LastTerminationState: api.ContainerState{Terminated: exited}},
		{Name: "done", State: api.ContainerState{Terminated: exited}},
		{Name: "unstarted", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: 137, Reason: "ContainerStatusUnknown"}}},
		{Name: "lost", State: waiting("CrashLoopBackOff"), LastTerminationState: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: 137}}},
		{Name: "blank"},
	}
	status := pod.Status
	created, err := s.Create(pod)
	if err != nil {
		t.Fatal(err)
	}
	pod = created.(*api.Pod)
	pod.Status = status
	if _, err := s.UpdateStatus(pod); err != nil {
		t.Fatal(err)
	}
	pending := testPod("pending", "")
	pending.Spec.Containers = append(pending.Spec.Containers, api.Container{Name: "side", Image: "nginx"})
	if _, err := s.Create(pending); err != nil {
		t.Fatal(err)
	}
	got, err := GetAs[*api.Pod](s, "default", "web")
	if err != nil || len(got.Status.ContainerStatuses) != 10 {
		t.Fatalf("the pod was stored without its status: %v", err)
	}
	const prefix = "BadRequest: "
	for _, tc := range []struct {
		pod, container string
		previous       bool
		want           string
	}{
		{"web", "running", false, ""},
		{"web", "running", true, prefix + `previous terminated container "running" in pod "web" not found`},
		{"web", "init", false, ""},
		{"web", "creating", false, prefix + `container "creating" in pod "web" is waiting to start: ContainerCreating`},
		{"web", "pull", false, prefix + `container "pull" in pod "web" is waiting to start: image can't be pulled`},
		{"web", "backoff", false, prefix + `container "backoff" in pod "web" is waiting to start: trying and failing to pull image`},
		{"web", "backoff", true, prefix + `previous terminated container "backoff" in pod "web" not found`},
		{"web", "crashing", false, ""},
		{"web", "crashing", true, ""},
		{"web", "restarted", true, ""},
		{"web", "done", false, ""},
		{"web", "done", true, prefix + `previous terminated container "done" in pod "web" not found`},
		{"web", "unstarted", false, prefix + `container "unstarted" in pod "web" is terminated`},
		{"web", "lost", false, prefix + `container "lost" in pod "web" is terminated`},
		{"web", "lost", true, prefix + `previous terminated container "lost" in pod "web" not found`},
		{"web", "blank", false, prefix + `container "blank" in pod "web" is waiting to start - no logs yet`},
		{"web", "missing", false, prefix + `container "missing" in pod "web" is not available`},
		{"web", "nope", false, prefix + `container nope is not valid for pod web`},
		{"web", "", false, prefix + `a container name must be specified for pod web, choose one of: [init running creating pull backoff crashing restarted done unstarted lost blank missing]`},
		{"pending", "side", false, ""},
		{"pending", "", false, prefix + `a container name must be specified for pod pending, choose one of: [app side]`},
		{"nope", "", false, `NotFound: pods "nope" not found`},
	} {
		text, err := s.PodLog("default", tc.pod, PodLogOptions{Container: tc.container, Previous: tc.previous})
		msg := ""
		if err != nil {
			msg = string(ReasonForError(err)) + ": " + err.Error()
		}
		if text != "" || msg != tc.want {
			t.Errorf("log of %s/%s (previous %v): %q, %q; want %q", tc.pod, tc.container, tc.previous, text, msg, tc.want)
		}
	}
}

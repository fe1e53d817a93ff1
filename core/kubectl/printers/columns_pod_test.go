package printers

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func containers(n int) []api.Container { return make([]api.Container, n) }

func terminatedAgo(d time.Duration) api.ContainerState {
	return api.ContainerState{Terminated: &api.ContainerStateTerminated{FinishedAt: ago(d)}}
}

var (
	running = api.ContainerState{Running: &api.ContainerStateRunning{}}
	waiting = api.ContainerState{Waiting: &api.ContainerStateWaiting{}}
)

func waitingFor(reason string) api.ContainerState {
	return api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: reason}}
}

func terminatedWith(reason string, code, signal int32) api.ContainerState {
	return api.ContainerState{Terminated: &api.ContainerStateTerminated{Reason: reason, ExitCode: code, Signal: signal}}
}

// The vectors of upstream's TestPrintPod (printers_test.go), plus the
// error-reason cases of v1.35 (kubernetes#124766) and the wait reasons a
// rollout shows.
func TestPodSummary(t *testing.T) {
	deleted := ago(10 * time.Second)
	readyCond := []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}
	tests := []struct {
		name string
		pod  api.Pod
		want PodRow
	}{
		{"restarts and readiness", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "podPhase",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: running}, {RestartCount: 3}},
		}}, PodRow{"1/2", "podPhase", "6"}},
		{"container waiting reason overrides phase", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "podPhase",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: running},
				{State: waitingFor("ContainerWaitingReason"), RestartCount: 3}},
		}}, PodRow{"1/2", "ContainerWaitingReason", "6"}},
		{"first container wins", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "podPhase",
			ContainerStatuses: []api.ContainerStatus{
				{State: waitingFor("ContainerWaitingReason"), RestartCount: 3},
				{State: terminatedWith("ContainerTerminatedReason", 0, 0), RestartCount: 3}},
		}}, PodRow{"0/2", "ContainerWaitingReason", "6"}},
		{"ready is not enough for running", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "podPhase",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: running}, {Ready: true, RestartCount: 3}},
		}}, PodRow{"1/2", "podPhase", "6"}},
		{"pod reason", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Reason: "podReason", Phase: "podPhase",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: running}, {Ready: true, RestartCount: 3}},
		}}, PodRow{"1/2", "podReason", "6"}},
		{"completed and running, not ready", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "Running",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: terminatedWith("Completed", 0, 0)},
				{Ready: true, RestartCount: 3, State: running}},
		}}, PodRow{"1/2", "NotReady", "6"}},
		{"completed and running, ready", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "Running", Conditions: readyCond,
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: terminatedWith("Completed", 0, 0)},
				{Ready: true, RestartCount: 3, State: running}},
		}}, PodRow{"1/2", "Running", "6"}},
		{"init container restarting", api.Pod{Spec: api.PodSpec{InitContainers: containers(1), Containers: containers(1)}, Status: api.PodStatus{
			Phase:                 "podPhase",
			InitContainerStatuses: []api.ContainerStatus{{RestartCount: 3, State: running, LastTerminationState: terminatedAgo(10 * time.Second)}},
			ContainerStatuses:     []api.ContainerStatus{{State: waiting}},
		}}, PodRow{"0/1", "Init:0/1", "3 (10s ago)"}},
		{"two init containers, first restarting", api.Pod{Spec: api.PodSpec{InitContainers: containers(2), Containers: containers(1)}, Status: api.PodStatus{
			Phase: "podPhase",
			InitContainerStatuses: []api.ContainerStatus{
				{RestartCount: 3, State: running, LastTerminationState: terminatedAgo(10 * time.Second)},
				{State: waiting}},
			ContainerStatuses: []api.ContainerStatus{{State: waiting}},
		}}, PodRow{"0/1", "Init:0/2", "3 (10s ago)"}},
		{"first init done, second restarting", api.Pod{Spec: api.PodSpec{InitContainers: containers(2), Containers: containers(1)}, Status: api.PodStatus{
			Phase: "podPhase",
			InitContainerStatuses: []api.ContainerStatus{
				{State: api.ContainerState{Terminated: &api.ContainerStateTerminated{}}},
				{RestartCount: 3, State: running, LastTerminationState: terminatedAgo(10 * time.Second)}},
			ContainerStatuses: []api.ContainerStatus{{State: waiting}},
		}}, PodRow{"0/1", "Init:1/2", "3 (10s ago)"}},
		{"first init done with restarts", api.Pod{Spec: api.PodSpec{InitContainers: containers(2), Containers: containers(1)}, Status: api.PodStatus{
			Phase: "podPhase",
			InitContainerStatuses: []api.ContainerStatus{
				{RestartCount: 2, State: api.ContainerState{Terminated: &api.ContainerStateTerminated{}}, LastTerminationState: terminatedAgo(2 * time.Minute)},
				{RestartCount: 3, State: running, LastTerminationState: terminatedAgo(10 * time.Second)}},
			ContainerStatuses: []api.ContainerStatus{{State: waiting}},
		}}, PodRow{"0/1", "Init:1/2", "5 (10s ago)"}},
		{"initialized: init restarts no longer count", api.Pod{Spec: api.PodSpec{InitContainers: containers(1), Containers: containers(1)}, Status: api.PodStatus{
			Phase: "Running",
			InitContainerStatuses: []api.ContainerStatus{
				{RestartCount: 2, State: api.ContainerState{Terminated: &api.ContainerStateTerminated{}}, LastTerminationState: terminatedAgo(2 * time.Minute)}},
			ContainerStatuses: []api.ContainerStatus{
				{RestartCount: 4, State: running, LastTerminationState: terminatedAgo(20 * time.Second)}},
		}}, PodRow{"0/1", "Running", "4 (20s ago)"}},
		{"restarted 5d ago", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase: "Running",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 3, State: running, LastTerminationState: terminatedAgo(5 * 24 * time.Hour)}},
		}}, PodRow{"1/1", "Running", "3 (5d ago)"}},
		{"one never restarted, one 10d ago", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "Running",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, State: running},
				{Ready: true, RestartCount: 3, State: running, LastTerminationState: terminatedAgo(10 * 24 * time.Hour)}},
		}}, PodRow{"2/2", "Running", "3 (10d ago)"}},
		{"latest restart wins", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: "Running",
			ContainerStatuses: []api.ContainerStatus{
				{Ready: true, RestartCount: 6, State: running, LastTerminationState: terminatedAgo(5 * 24 * time.Hour)},
				{Ready: true, RestartCount: 3, State: running, LastTerminationState: terminatedAgo(20 * 24 * time.Hour)}},
		}}, PodRow{"2/2", "Running", "9 (5d ago)"}},
		{"scheduling gated", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase:      "podPhase",
			Conditions: []api.PodCondition{{Type: api.PodScheduled, Status: api.ConditionFalse, Reason: "SchedulingGated"}},
		}}, PodRow{"0/2", "SchedulingGated", "0"}},
		{"succeeded", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase:             api.PodSucceeded,
			ContainerStatuses: []api.ContainerStatus{{State: terminatedWith("Completed", 0, 0)}},
		}}, PodRow{"0/1", "Completed", "0"}},
		{"failed", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase:             api.PodFailed,
			ContainerStatuses: []api.ContainerStatus{{State: terminatedWith("Error", 1, 0)}},
		}}, PodRow{"0/1", "Error", "0"}},
		// printPod (v1.37): a deletionTimestamp shows Terminating unless the
		// phase is terminal, and Unknown when status.reason is NodeLost
		// (node.NodeUnreachablePodReason), whatever the phase.
		{"succeeded and deleted stays Completed", api.Pod{ObjectMeta: api.ObjectMeta{DeletionTimestamp: &deleted},
			Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
				Phase:             api.PodSucceeded,
				ContainerStatuses: []api.ContainerStatus{{State: terminatedWith("Completed", 0, 0)}},
			}}, PodRow{"0/1", "Completed", "0"}},
		{"running and deleted", api.Pod{ObjectMeta: api.ObjectMeta{DeletionTimestamp: &deleted},
			Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
				Phase:             api.PodRunning,
				ContainerStatuses: []api.ContainerStatus{{State: running}},
			}}, PodRow{"0/1", "Terminating", "0"}},
		{"pending and deleted", api.Pod{ObjectMeta: api.ObjectMeta{DeletionTimestamp: &deleted},
			Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{Phase: api.PodPending}},
			PodRow{"0/1", "Terminating", "0"}},
		{"node lost", api.Pod{ObjectMeta: api.ObjectMeta{DeletionTimestamp: &deleted},
			Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{Phase: api.PodRunning, Reason: "NodeLost"}},
			PodRow{"0/1", "Unknown", "0"}},
		// v1.35: a container that failed shows its reason instead of Completed.
		{"completed and errored", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: api.PodFailed,
			ContainerStatuses: []api.ContainerStatus{
				{State: terminatedWith("Completed", 0, 0)},
				{State: terminatedWith("Error", 1, 0)}},
		}}, PodRow{"0/2", "Error", "0"}},
		{"completed and killed by signal", api.Pod{Spec: api.PodSpec{Containers: containers(2)}, Status: api.PodStatus{
			Phase: api.PodRunning,
			ContainerStatuses: []api.ContainerStatus{
				{State: terminatedWith("Completed", 0, 0)},
				{State: terminatedWith("", 137, 9)}},
		}}, PodRow{"0/2", "Signal:9", "0"}},
		{"completed, errored and running", api.Pod{Spec: api.PodSpec{Containers: containers(3)}, Status: api.PodStatus{
			Phase: api.PodRunning, Conditions: readyCond,
			ContainerStatuses: []api.ContainerStatus{
				{State: terminatedWith("Completed", 0, 0)},
				{State: terminatedWith("Error", 1, 0)},
				{Ready: true, State: running}},
		}}, PodRow{"1/3", "Running", "0"}},
		{"exit code without reason", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase:             api.PodRunning,
			ContainerStatuses: []api.ContainerStatus{{State: terminatedWith("", 2, 0)}},
		}}, PodRow{"0/1", "ExitCode:2", "0"}},
		{"init failed", api.Pod{Spec: api.PodSpec{InitContainers: containers(1), Containers: containers(1)}, Status: api.PodStatus{
			Phase:                 api.PodPending,
			InitContainerStatuses: []api.ContainerStatus{{State: terminatedWith("", 1, 0)}},
		}}, PodRow{"0/1", "Init:ExitCode:1", "0"}},
		{"init crash looping", api.Pod{Spec: api.PodSpec{InitContainers: containers(1), Containers: containers(1)}, Status: api.PodStatus{
			Phase:                 api.PodPending,
			InitContainerStatuses: []api.ContainerStatus{{State: waitingFor("CrashLoopBackOff"), RestartCount: 1, LastTerminationState: terminatedAgo(5 * time.Second)}},
		}}, PodRow{"0/1", "Init:CrashLoopBackOff", "1 (5s ago)"}},
		{"image pull back-off", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase:             api.PodPending,
			ContainerStatuses: []api.ContainerStatus{{State: waitingFor("ImagePullBackOff")}},
		}}, PodRow{"0/1", "ImagePullBackOff", "0"}},
		{"creating", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase:             api.PodPending,
			ContainerStatuses: []api.ContainerStatus{{State: waitingFor("ContainerCreating")}},
		}}, PodRow{"0/1", "ContainerCreating", "0"}},
		{"crash loop", api.Pod{Spec: api.PodSpec{Containers: containers(1)}, Status: api.PodStatus{
			Phase: api.PodRunning,
			ContainerStatuses: []api.ContainerStatus{{State: waitingFor("CrashLoopBackOff"), RestartCount: 4,
				LastTerminationState: terminatedAgo(75 * time.Second)}},
		}}, PodRow{"0/1", "CrashLoopBackOff", "4 (75s ago)"}},
	}
	for _, tt := range tests {
		if got := PodSummary(&tt.pod, now); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// The vectors of upstream's TestPrintPodWithRestartableInitContainer
// (pkg/printers/internalversion/printers_test.go, v1.37), which check how
// printPod counts native sidecars: among READY's containers, their restarts
// always in RESTARTS, and their last termination in its "(10s ago)" suffix
// even once the pod is initialized. The last vector has statuses without a
// spec, which count as plain init containers.
func TestPodSummaryRestartableInitContainers(t *testing.T) {
	always := api.ContainerRestartPolicyAlways
	yes, no := true, false
	sidecars := func(names ...string) []api.Container {
		var cs []api.Container
		for _, n := range names {
			cs = append(cs, api.Container{Name: n, RestartPolicy: &always})
		}
		return cs
	}
	// twoSidecars is the pod of upstream's first four vectors: sidecars
	// sc-1 and sc-2, then one container.
	twoSidecars := func(phase api.PodPhase, init api.ConditionStatus, sc1, sc2, app api.ContainerStatus) api.Pod {
		sc1.Name, sc2.Name = "sc-1", "sc-2"
		return api.Pod{
			Spec: api.PodSpec{InitContainers: sidecars("sc-1", "sc-2"), Containers: containers(1)},
			Status: api.PodStatus{
				Phase: phase, Conditions: []api.PodCondition{{Type: api.PodInitialized, Status: init}},
				InitContainerStatuses: []api.ContainerStatus{sc1, sc2},
				ContainerStatuses:     []api.ContainerStatus{app},
			}}
	}
	restarted := func(state api.ContainerState, started bool) api.ContainerStatus {
		return api.ContainerStatus{RestartCount: 3, State: state, Started: &started, LastTerminationState: terminatedAgo(10 * time.Second)}
	}
	failed := terminatedWith("Error", 137, 0)
	tests := []struct {
		name string
		pod  api.Pod
		want PodRow
	}{
		{"first sidecar running, not started", twoSidecars("Pending", api.ConditionFalse,
			restarted(running, false), api.ContainerStatus{State: waiting, Started: &no}, api.ContainerStatus{State: waiting}),
			PodRow{"0/3", "Init:0/2", "3 (10s ago)"}},
		{"first sidecar started, second running", twoSidecars("Pending", api.ConditionFalse,
			restarted(running, true), api.ContainerStatus{State: running, Started: &no}, api.ContainerStatus{State: waiting}),
			PodRow{"0/3", "Init:1/2", "3 (10s ago)"}},
		{"sidecars started, container running", twoSidecars("Running", api.ConditionTrue,
			restarted(running, true), api.ContainerStatus{State: running, Started: &yes},
			api.ContainerStatus{Ready: true, RestartCount: 4, State: running, LastTerminationState: terminatedAgo(20 * time.Second)}),
			PodRow{"1/3", "Running", "7 (10s ago)"}},
		{"sidecars failed, container completed", twoSidecars("Succeeded", api.ConditionTrue,
			restarted(failed, false), api.ContainerStatus{State: failed, Started: &no},
			api.ContainerStatus{RestartCount: 4, State: terminatedWith("Completed", 0, 0), LastTerminationState: terminatedAgo(20 * time.Second)}),
			PodRow{"0/3", "Completed", "7 (10s ago)"}},
		{"statuses without a spec", api.Pod{
			Spec: api.PodSpec{
				InitContainers: append([]api.Container{{Name: "init1"}}, sidecars("sidecar1")...),
				Containers:     []api.Container{{Name: "container1"}}},
			Status: api.PodStatus{
				Phase:                 "Running",
				InitContainerStatuses: []api.ContainerStatus{{Name: "initinvalid"}, {Name: "init1"}, {Name: "sidecar1"}},
				ContainerStatuses:     []api.ContainerStatus{{Name: "containerinvalid"}, {Name: "container1"}},
			}}, PodRow{"0/2", "Init:0/2", "0"}},
		// Beyond upstream's table: a ready pod whose only restarts are its
		// sidecar's shows them with the sidecar's last termination.
		{"only the sidecar restarted", api.Pod{
			Spec: api.PodSpec{InitContainers: sidecars("proxy"), Containers: containers(1)},
			Status: api.PodStatus{
				Phase: "Running", Conditions: []api.PodCondition{
					{Type: api.PodInitialized, Status: api.ConditionTrue}, {Type: api.PodReady, Status: api.ConditionTrue}},
				InitContainerStatuses: []api.ContainerStatus{
					{Name: "proxy", Ready: true, RestartCount: 2, State: running, Started: &yes, LastTerminationState: terminatedAgo(5 * time.Minute)}},
				ContainerStatuses: []api.ContainerStatus{{Ready: true, State: running}},
			}}, PodRow{"2/2", "Running", "2 (5m ago)"}},
	}
	for _, tt := range tests {
		if got := PodSummary(&tt.pod, now); got != tt.want {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

package printers

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// podHandler: NAME READY STATUS RESTARTS AGE, and with -o wide IP NODE
// NOMINATED NODE READINESS GATES (printPod).
var podHandler = handler{
	columns: []column{nameCol, col("Ready"), col("Status"), col("Restarts"), col("Age"),
		wide("IP"), wide("Node"), wide("Nominated Node"), wide("Readiness Gates")},
	row: func(obj api.Object, now time.Time) []string {
		pod := obj.(*api.Pod)
		s := PodSummary(pod, now)
		ip := "<none>"
		if len(pod.Status.PodIPs) > 0 && pod.Status.PodIPs[0].IP != "" {
			ip = pod.Status.PodIPs[0].IP
		}
		node := pod.Spec.NodeName
		if node == "" {
			node = "<none>"
		}
		// printPod: readiness gates as "true conditions/gates". The
		// playground has no nominated nodes (no preemption).
		gates := "<none>"
		if n := len(pod.Spec.ReadinessGates); n > 0 {
			ok := 0
			for _, g := range pod.Spec.ReadinessGates {
				for _, c := range pod.Status.Conditions {
					if c.Type == g.ConditionType && c.Status == api.ConditionTrue {
						ok++
					}
				}
			}
			gates = fmt.Sprintf("%d/%d", ok, n)
		}
		return []string{pod.Name, s.Ready, s.Status, s.Restarts, Age(pod.CreationTimestamp, now),
			ip, node, "<none>", gates}
	},
}

// PodRow is what `kubectl get pods` shows for a pod beyond its name and age.
type PodRow struct {
	Ready    string // "1/2": ready containers / containers
	Status   string // phase, overridden by a container reason, Init:..., Terminating
	Restarts string // "3" or "3 (10s ago)"
}

// PodSummary computes the READY, STATUS and RESTARTS cells of a pod, as
// kubectl v1.35+'s printPod does:
//
//   - STATUS starts from status.reason or the phase, "SchedulingGated" when
//     the PodScheduled condition says so;
//   - the first unfinished init container turns it into Init:<reason>,
//     Init:ExitCode:N, Init:Signal:N or Init:i/n;
//   - otherwise the containers, last to first, override it with a waiting or
//     terminated reason (ExitCode:N, Signal:N without one); "Completed" gives
//     way to Running (a container runs and the pod is Ready), to the reason of
//     a container that failed, or to NotReady;
//   - a pod being deleted is Terminating (Unknown when its node was lost),
//     unless it already finished.
//
// Native sidecars (init containers with restartPolicy Always; printPod in
// pkg/printers/internalversion/printers.go, v1.37) count among the
// containers in READY; once started they are ready or not and do not
// hold up initialization.
//
// RESTARTS counts the restarts of the containers shown (plain init
// containers only while initializing, sidecars always) and, when there were
// any, how long ago the last of those containers terminated.
func PodSummary(pod *api.Pod, now time.Time) PodRow {
	restarts := 0
	ready := 0
	total := len(pod.Spec.Containers)
	var lastRestart time.Time
	noteRestart := func(last *time.Time, cs api.ContainerStatus) {
		if t := cs.LastTerminationState.Terminated; t != nil && last.Before(t.FinishedAt.Time) {
			*last = t.FinishedAt.Time
		}
	}

	reason := string(pod.Status.Phase)
	if pod.Status.Reason != "" {
		reason = pod.Status.Reason
	}
	for _, c := range pod.Status.Conditions {
		if c.Type == api.PodScheduled && c.Reason == "SchedulingGated" {
			reason = "SchedulingGated"
		}
	}

	// The sidecars by name, as printPod's podutil.IsRestartableInitContainer
	// looks each status up; a status without a spec is no sidecar.
	sidecars := map[string]bool{}
	for _, c := range pod.Spec.InitContainers {
		if c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways {
			sidecars[c.Name] = true
			total++
		}
	}
	sidecarRestarts := 0
	var lastSidecarRestart time.Time

	initializing := false
	for i, cs := range pod.Status.InitContainerStatuses {
		restarts += int(cs.RestartCount)
		noteRestart(&lastRestart, cs)
		if sidecars[cs.Name] {
			sidecarRestarts += int(cs.RestartCount)
			noteRestart(&lastSidecarRestart, cs)
		}
		term, wait := cs.State.Terminated, cs.State.Waiting
		switch {
		case term != nil && term.ExitCode == 0:
			continue
		case sidecars[cs.Name] && cs.Started != nil && *cs.Started:
			// A started sidecar, ready or not, lets the next init container run.
			if cs.Ready {
				ready++
			}
			continue
		case term != nil:
			switch {
			case term.Reason != "":
				reason = "Init:" + term.Reason
			case term.Signal != 0:
				reason = fmt.Sprintf("Init:Signal:%d", term.Signal)
			default:
				reason = fmt.Sprintf("Init:ExitCode:%d", term.ExitCode)
			}
		case wait != nil && wait.Reason != "" && wait.Reason != "PodInitializing":
			reason = "Init:" + wait.Reason
		default:
			reason = fmt.Sprintf("Init:%d/%d", i, len(pod.Spec.InitContainers))
		}
		initializing = true
		break
	}

	if !initializing || conditionTrue(pod, api.PodInitialized) {
		// Once the pod is initialized, of the init containers only the
		// sidecars' restarts, and their last termination, still count.
		restarts, lastRestart = sidecarRestarts, lastSidecarRestart
		hasRunning := false
		errorReason := ""
		for i := len(pod.Status.ContainerStatuses) - 1; i >= 0; i-- {
			cs := pod.Status.ContainerStatuses[i]
			restarts += int(cs.RestartCount)
			noteRestart(&lastRestart, cs)
			term, wait := cs.State.Terminated, cs.State.Waiting
			switch {
			case wait != nil && wait.Reason != "":
				reason = wait.Reason
			case term != nil:
				switch {
				case term.Reason != "":
					reason = term.Reason
				case term.Signal != 0:
					reason = fmt.Sprintf("Signal:%d", term.Signal)
				default:
					reason = fmt.Sprintf("ExitCode:%d", term.ExitCode)
				}
				if term.ExitCode != 0 {
					errorReason = reason
				}
			case cs.Ready && cs.State.Running != nil:
				hasRunning = true
				ready++
			}
		}
		if reason == "Completed" {
			switch {
			case hasRunning && conditionTrue(pod, api.PodReady):
				reason = "Running"
			case errorReason != "":
				reason = errorReason
			case hasRunning:
				reason = "NotReady"
			}
		}
	}

	if pod.DeletionTimestamp != nil && pod.Status.Reason == "NodeLost" {
		reason = "Unknown"
	} else if pod.DeletionTimestamp != nil && pod.Status.Phase != api.PodSucceeded && pod.Status.Phase != api.PodFailed {
		reason = "Terminating"
	}

	restartsText := strconv.Itoa(restarts)
	if restarts != 0 && !lastRestart.IsZero() {
		restartsText = fmt.Sprintf("%d (%s ago)", restarts, Age(api.Time{Time: lastRestart}, now))
	}
	return PodRow{Ready: fmt.Sprintf("%d/%d", ready, total), Status: reason, Restarts: restartsText}
}

// conditionTrue reports whether the pod has the condition with status True.
func conditionTrue(pod *api.Pod, t api.PodConditionType) bool {
	for _, c := range pod.Status.Conditions {
		if c.Type == t {
			return c.Status == api.ConditionTrue
		}
	}
	return false
}

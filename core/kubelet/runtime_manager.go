// What the container runtime manager decides at each sync, as
// kuberuntime/kuberuntime_manager.go has it: computePodActions and the
// SyncPod steps after it, the crash-loop back-off (doBackOff), and the
// pod's kill (KillPod, and kubelet.go's syncTerminatingPod). The pod
// worker that calls them is pod_worker.go.

package kubelet

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// computePodActions models kuberuntime_manager.go computePodActions and
// the SyncPod steps that follow it: init containers one at a time, then
// every app container that is not running and should be; running
// containers that failed their liveness or startup probe are killed. It
// reports whether it started or killed anything.
func (k *Kubelet) computePodActions(w *podWorker, now time.Time, ds *controller.Decisions) bool {
	if !w.sandboxUp {
		return false
	}
	if d := w.pod.Spec.ActiveDeadlineSeconds; d != nil && !now.Before(w.startTime.Add(time.Duration(*d)*time.Second)) {
		// activeDeadlineHandler.ShouldEvict.
		w.deadline = true
		k.recorder.Event(w.pod, api.EventTypeNormal, reasonDeadlineExceeded, deadlineMessage)
		ds.Add("activeDeadlineHandler.ShouldEvict", fmt.Sprintf("now - startTime >= %ds", *d), "kill the pod: "+deadlineMessage).
			Say("kubelet.activeDeadline", controller.Count("deadline", *d))
		return true
	}
	if w.podKilled {
		// KillPod is under way: the sidecars stop, in reverse order, and
		// none starts again (InitContainersToStart = nil); the sandbox
		// goes once nothing runs.
		before := w.terminated
		k.killPod(w, now)
		return w.terminated != before
	}
	policy := w.pod.Spec.RestartPolicy
	if w.initialized && hasSidecar(w.pod) && appContainersDone(w) {
		return k.killPodWithSidecars(w, now, ds)
	}
	initialized, acted, killed := k.computeInitContainerActions(w, now, ds)
	if killed || !initialized {
		return acted
	}
	keep, toStart := 0, 0
	for _, c := range w.app {
		if c.lastImage != "" && c.spec.Image != c.lastImage && c.phase == phaseIdle {
			// A new image: the old attempt's back-off does not apply
			// (the back-off key carries the container's hash).
			c.retryAt, c.lastImage = time.Time{}, c.spec.Image
		}
		if in := c.inst; in != nil && c.phase == phaseIdle && in.state == instRunning && in.specImage != c.spec.Image &&
			c.restartAfterStopMsg == "" {
			msg := fmt.Sprintf("Container %s definition changed, will be restarted", c.name)
			c.restartAfterStopMsg = msg
			k.killContainer(w, c, msg, reasonUnknown, now)
			ds.Add("computePodActions", "containerChanged: image "+in.specImage+" → "+c.spec.Image, msg).
				Say("kubelet.imageChanged", controller.Name("container", c.name), controller.Name("from", in.specImage), controller.Name("to", c.spec.Image))
			acted, toStart = true, toStart+1
			continue
		}
		if in := c.inst; in != nil && c.phase == phaseIdle && in.state == instRunning &&
			(c.livenessFailed || c.startupFailed) && c.restartAfterStopMsg == "" {
			probe := "liveness"
			why := reasonLivenessProbe
			if !c.livenessFailed {
				probe, why = "startup", reasonStartupProbe
			}
			msg := fmt.Sprintf("Container %s failed %s probe", c.name, probe)
			say := controller.Msg("kubelet.probeFailedNoRestart", controller.Name("probe", probe+"Probe"), controller.Name("container", c.name))
			if policy != api.RestartPolicyNever {
				msg += ", will be restarted"
				say = controller.Msg("kubelet.probeFailedRestart", controller.Name("probe", probe+"Probe"), controller.Name("container", c.name))
				c.restartAfterStopMsg = msg
				toStart++
			}
			k.killContainer(w, c, msg, why, now)
			ds.Add("computePodActions", probe+" probe failed", msg).SayMessage(say)
			acted = true
			continue
		}
		if c.busy() {
			keep++
			if c.restartAfterStopMsg != "" {
				toStart++
			}
			continue
		}
		if c.exited() && !shouldContainerBeRestarted(w.pod, c) {
			continue
		}
		toStart++
		if now.Before(c.retryAt) {
			continue
		}
		if c.exited() && k.doBackOff(w, c, c.inst.finishedAt, now) {
			backoff := k.crashBackOff.Get(k.stableKey(w, c))
			ds.Add("doBackOff", fmt.Sprintf("now - finishedAt < back-off %v", backoff),
				"CrashLoopBackOff: "+c.name).
				Say("kubelet.crashLoopBackOff", controller.Name("container", c.name), controller.Duration("backoff", backoff), controller.Duration("max", maxContainerBackOff))
			continue
		}
		verb, say := "start", controller.Msg("kubelet.startContainer", controller.Name("container", c.name))
		if c.inst != nil {
			verb, say = "restart", controller.Msg("kubelet.restartContainer", controller.Name("container", c.name))
		}
		ds.Add("computePodActions", "container not running and should be", verb+" container "+c.name).SayMessage(say)
		k.startContainer(w, c, now)
		acted = true
	}
	if keep == 0 && toStart == 0 {
		if hasSidecar(w.pod) {
			return k.killPodWithSidecars(w, now, ds) || acted
		}
		// Every container finished and none restarts: KillPod.
		k.killPod(w, now)
		ds.Add("computePodActions", "keepCount == 0 && len(ContainersToStart) == 0", "KillPod: the pod is done").
			Say("kubelet.podDone")
		return true
	}
	return acted
}

const deadlineMessage = "Pod was active on the node longer than the specified deadline"

// shouldContainerBeRestarted models kubecontainer.ShouldContainerBeRestarted.
func shouldContainerBeRestarted(pod *api.Pod, c *container) bool {
	if pod.DeletionTimestamp != nil {
		return false
	}
	switch pod.Spec.RestartPolicy {
	case api.RestartPolicyNever:
		return false
	case api.RestartPolicyOnFailure:
		return c.inst.exitCode != 0
	}
	return true
}

// stableKey models getStableKey: name_namespace_uid_container_hash.
func (k *Kubelet) stableKey(w *podWorker, c *container) string {
	return fmt.Sprintf("%s_%s_%s_%s_%08x", w.pod.Name, w.pod.Namespace, w.uid, c.name, hashString(c.spec.Image))
}

func hashString(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// doBackOff models kuberuntime_manager.go doBackOff: in back-off since
// the last exit, it records the BackOff event and the CrashLoopBackOff
// reason and reports true; otherwise it moves the back-off on (Next) and
// reports false. It runs at every sync that finds the container exited,
// so a container held by its back-off gets a BackOff event at each one.
//
// When the next sync is: doBackOff returns ErrCrashLoopBackOff wrapped in
// a BackoffError carrying the expiry (finishedAt + back-off), and
// pod_workers.go completeWork requeues the pod at that expiry
// (kubecontainer.MinBackoffExpiration), no later than resyncInterval
// (kubernetes#133066, v1.35; before it the worker retried every
// backOffPeriod, 10 s). So the restart happens at the expiry itself, and
// a long back-off is re-checked, and its event re-emitted, every minute.
func (k *Kubelet) doBackOff(w *podWorker, c *container, finishedAt, now time.Time) bool {
	key := k.stableKey(w, c)
	if k.crashBackOff.IsInBackOffSince(key, finishedAt, now) {
		k.containerEvent(w, c, api.EventTypeWarning, reasonBackOff, msgBackOffRestart(c.name, w.pod))
		c.reason = waitingCrashLoopBackOff
		c.message = msgCrashLoop(k.crashBackOff.Get(key), c.name, w.pod)
		c.retryAt = requeueAtBackOff(now, k.crashBackOff.expiry(key, finishedAt))
		return true
	}
	k.crashBackOff.Next(key, finishedAt, now)
	return false
}

// killPod stops the pod's sandbox once nothing runs (KillPod →
// StopPodSandbox): the pod is terminal.
func (k *Kubelet) killPod(w *podWorker, now time.Time) {
	for _, c := range w.all() {
		if c.busy() {
			return
		}
	}
	if w.sandboxUp {
		k.criLog(w, now, "StopPodSandbox", "", w.sandboxID[:13])
	}
	w.sandboxUp = false
	w.terminated = true
}

// syncTerminatingPod: kill every container with the pod's grace period,
// then stop the sandbox. It reports whether it acted.
func (k *Kubelet) syncTerminating(w *podWorker, now time.Time, ds *controller.Decisions) bool {
	acted := false
	if !w.terminating {
		w.terminating = true
		acted = true
		for _, c := range w.all() {
			if c.phase != phaseIdle {
				c.phase = phaseIdle // pulls and starts in flight are abandoned
			}
			c.retryAt = time.Time{}
			c.restartAfterStopMsg = ""
		}
		if hasSidecar(w.pod) {
			k.killPodContainers(w, now)
		} else {
			for _, c := range w.all() {
				if in := c.inst; in != nil && (in.state == instRunning || in.state == instPostStart) {
					k.killContainer(w, c, "", reasonUnknown, now)
				}
			}
		}
		grace, say := "-", controller.Msg("kubelet.stopAllContainers")
		if g := w.pod.DeletionGracePeriodSeconds; g != nil {
			grace, say = fmt.Sprint(*g), controller.Msg("kubelet.stopAllContainersGrace", controller.Count("grace", *g))
		}
		ds.Add("syncTerminatingPod", "deletionGracePeriodSeconds = "+grace, "kill every container").SayMessage(say)
	}
	if !w.terminated {
		before := w.terminated
		k.killPod(w, now)
		acted = acted || w.terminated != before
	}
	return acted
}

package kubelet

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// This file is the init containers' half of computePodActions, native
// sidecars (initContainers[].restartPolicy: Always, GA since v1.33)
// included, and the termination ordering that stops sidecars after the
// main containers (kuberuntime_container.go computeInitContainerActions,
// kuberuntime_termination_order.go).
//
// The timing, in the playground's one-second PLEG model:
//
//   - a regular init container that exits at E is seen at E+1, when the
//     next one starts (as before);
//   - a sidecar that starts running at T counts as started for the next
//     init container (and the main containers) at T+1, the relist that
//     sees it running; with a startupProbe, at the sync its success
//     triggers (the startup manager's update). A readinessProbe does not
//     hold the next container: upstream only waits for startup;
//   - a sidecar that exits at E, during initialization or after it,
//     shows terminated at E and is started again at E+1, whatever the
//     Pod's restartPolicy, under the crash-loop back-off of any container
//     (doBackOff: none after its first exit, then 10 s doubling);
//   - a sidecar that fails its liveness or startup probe is killed
//     ("Init container NAME failed liveness probe") and started again
//     once it stopped, the back-off checked against the exit before;
//   - once every main container has finished and none restarts, the
//     kubelet kills the Pod (KillPod): sidecars are not started again
//     and stop in reverse order, each after the main containers and the
//     sidecars after it (terminationOrdering.waitForTurn), their Killing
//     events and preStop hooks at once; the Pod is Running until they
//     stopped, then Succeeded or Failed by its main containers alone
//     (getPhase ignores terminated sidecars);
//   - a deleted Pod stops the same way: the main containers get SIGTERM
//     at once, each sidecar when its turn comes, with the grace period
//     left after its preStop hook and its wait (at least 2 s).

// computeInitContainerActions models kuberuntime_container.go
// computeInitContainerActions followed by SyncPod's step 6 (start init
// containers): it starts the next init container, keeps the sidecars
// running (restarting those that exited, killing those that failed a
// liveness or startup probe, or whose image changed), and reports whether
// the pod is initialized, whether it acted, and whether it killed the pod
// (a failed init container with restartPolicy Never).
func (k *Kubelet) computeInitContainerActions(w *podWorker, now time.Time, ds *controller.Decisions) (initialized, acted, killed bool) {
	policy := w.pod.Spec.RestartPolicy
	for i, c := range w.init {
		if isSidecar(c.spec) {
			started, a := k.keepSidecar(w, c, now, ds)
			acted = acted || a
			if !started && !w.initialized && !laterInitCreated(w, i) {
				// The next init container waits for this one to start.
				return false, acted, false
			}
			continue
		}
		if w.initialized {
			// After initialization, only sidecars are kept running.
			continue
		}
		if c.succeeded() {
			if now.Before(c.retryAt) {
				return false, acted, false // the kubelet learns of the exit a PLEG relist later
			}
			continue
		}
		if c.busy() {
			return false, acted, false
		}
		if c.exited() { // failed
			if policy == api.RestartPolicyNever {
				w.podKilled = true
				k.killPodContainers(w, now)
				k.killPod(w, now)
				ds.Add("computePodActions", "init container "+c.name+" failed && restartPolicy == Never", "pod failed").
					Say("kubelet.initFailed", controller.Name("container", c.name))
				return false, true, true
			}
			if now.Before(c.retryAt) {
				return false, acted, false
			}
			if k.doBackOff(w, c, c.inst.finishedAt, now) {
				return false, acted, false
			}
		} else if now.Before(c.retryAt) {
			return false, acted, false
		}
		ds.Add("computePodActions", "next init container", "start init container "+c.name).
			Say("kubelet.startInit", controller.Name("container", c.name))
		k.startContainer(w, c, now)
		return false, true, false
	}
	w.initialized = true
	return true, acted, false
}

// laterInitCreated reports whether an init container after the i-th has
// been created: the one at i was initialized before (isPreviouslyInitialized),
// so a sidecar restarting there does not hold the ones after it.
func laterInitCreated(w *podWorker, i int) bool {
	for _, c := range w.init[i+1:] {
		if c.inst != nil || c.phase != phaseIdle {
			return true
		}
	}
	return false
}

// keepSidecar is computeInitContainerActions for one restartable init
// container: it reports whether the sidecar counts as started (the next
// init container may start) and whether it acted.
func (k *Kubelet) keepSidecar(w *podWorker, c *container, now time.Time, ds *controller.Decisions) (started, acted bool) {
	if in := c.inst; in != nil && c.phase == phaseIdle && in.state == instRunning {
		if c.spec.StartupProbe != nil && !c.started {
			if !c.startupFailed || c.restartAfterStopMsg != "" {
				return false, false // wait for the startup probe
			}
			msg := k.restartSidecar(w, c, "failed startup probe", reasonStartupProbe, now)
			ds.Add("computeInitContainerActions", "restartable init container failed its startup probe", msg).
				Say("kubelet.sidecarProbeFailed", controller.Name("probe", "startupProbe"), controller.Name("container", c.name))
			return false, true
		}
		// Started: the PLEG relist a second after the start saw it
		// running, or the startup probe's success triggered this sync.
		started = c.spec.StartupProbe != nil || !now.Before(in.startedAt.Add(plegDelay))
		if c.restartAfterStopMsg != "" {
			return started, false
		}
		if in.specImage != c.spec.Image {
			msg := k.restartSidecar(w, c, "definition changed", reasonUnknown, now)
			ds.Add("computeInitContainerActions", "containerChanged: image "+in.specImage+" → "+c.spec.Image, msg).
				Say("kubelet.imageChanged", controller.Name("container", c.name), controller.Name("from", in.specImage), controller.Name("to", c.spec.Image))
			return started, true
		}
		if c.livenessFailed {
			// A restartable init container's liveness does not hold the
			// next init container; a failure restarts it.
			msg := k.restartSidecar(w, c, "failed liveness probe", reasonLivenessProbe, now)
			ds.Add("computeInitContainerActions", "restartable init container failed its liveness probe", msg).
				Say("kubelet.sidecarProbeFailed", controller.Name("probe", "livenessProbe"), controller.Name("container", c.name))
			return started, true
		}
		return started, false
	}
	if c.busy() || now.Before(c.retryAt) {
		// Pulling, starting, in its postStart hook or stopping; or exited
		// and not yet seen by the PLEG relist; or held by a back-off
		// until the pod worker's next sync.
		return false, false
	}
	if c.lastImage != "" && c.spec.Image != c.lastImage {
		c.lastImage = c.spec.Image
	}
	if c.exited() && k.doBackOff(w, c, c.inst.finishedAt, now) {
		backoff := k.crashBackOff.Get(k.stableKey(w, c))
		ds.Add("doBackOff", fmt.Sprintf("now - finishedAt < back-off %v", backoff), "CrashLoopBackOff: "+c.name).
			Say("kubelet.crashLoopBackOff", controller.Name("container", c.name), controller.Duration("backoff", backoff), controller.Duration("max", maxContainerBackOff))
		return false, false
	}
	if c.inst != nil {
		ds.Add("computeInitContainerActions", "restartable init container exited", "restart sidecar "+c.name).
			Say("kubelet.restartSidecar", controller.Name("container", c.name))
	} else {
		ds.Add("computePodActions", "next init container is a sidecar (restartPolicy Always)", "start sidecar "+c.name).
			Say("kubelet.startSidecar", controller.Name("container", c.name))
	}
	k.startContainer(w, c, now)
	return false, true
}

// restartSidecar kills a running sidecar with computeInitContainerActions'
// message ("Init container NAME failed liveness probe") and has it started
// again once it stopped (InitContainersToStart).
func (k *Kubelet) restartSidecar(w *podWorker, c *container, why string, reason containerKillReason, now time.Time) string {
	msg := fmt.Sprintf("Init container %s %s", c.name, why)
	c.restartAfterStopMsg = msg
	k.killContainer(w, c, msg, reason, now)
	return msg
}

// appContainersDone reports computePodActions' keepCount == 0 &&
// len(ContainersToStart) == 0 for the main containers: every one has
// exited and the Pod's restartPolicy starts none again.
func appContainersDone(w *podWorker) bool {
	for _, c := range w.app {
		if c.busy() || c.inst == nil || shouldContainerBeRestarted(w.pod, c) {
			return false
		}
	}
	return true
}

// killPodWithSidecars is computePodActions' KillPod for a pod with
// sidecars once its main containers are done: InitContainersToStart is
// emptied (a sidecar must not keep the pod alive) and killPodWithSyncResult
// stops what still runs, sidecars in reverse order.
func (k *Kubelet) killPodWithSidecars(w *podWorker, now time.Time, ds *controller.Decisions) bool {
	w.podKilled = true
	for _, c := range w.init {
		c.retryAt, c.restartAfterStopMsg = time.Time{}, ""
		if c.phase != phaseIdle {
			c.phase = phaseIdle // a start in flight is abandoned
		}
	}
	k.killPodContainers(w, now)
	k.killPod(w, now)
	ds.Add("computePodActions", "keepCount == 0 && len(ContainersToStart) == 0; InitContainersToStart = nil",
		"KillPod: the main containers are done; the sidecars stop, last first").
		Say("kubelet.podDoneSidecars")
	return true
}

// killPodContainers models killContainersWithSyncResult: every running
// container is killed at once (the Killing events and preStop hooks at
// once); with sidecars, a terminationOrdering makes each sidecar wait for
// the main containers and the sidecars after it. The main containers are
// killed first, then the sidecars, last first: the order of the Killing
// events, whose goroutines upstream race.
func (k *Kubelet) killPodContainers(w *podWorker, now time.Time) {
	ordered := hasSidecar(w.pod)
	kill := func(c *container) {
		if in := c.inst; in != nil && (in.state == instRunning || in.state == instPostStart) {
			k.killContainerOrdered(w, c, "", reasonUnknown, now, ordered && c.isInit && isSidecar(c.spec))
		}
	}
	for _, c := range w.app {
		kill(c)
	}
	for i := len(w.init) - 1; i >= 0; i-- {
		kill(w.init[i])
	}
}

// takeTurn models terminationOrdering.waitForTurn for a sidecar being
// killed: once every main container and every later sidecar that ran has
// exited, or the grace period left after its preStop hook ran out, it
// gets SIGTERM with what is left of the grace period (the wait truncated
// to whole seconds, at least 2 s). It reports whether the turn came.
func (k *Kubelet) takeTurn(w *podWorker, c *container, now time.Time) bool {
	in := c.inst
	deadline := in.turnFrom.Add(in.turnGrace)
	last := in.turnFrom
	done := true
	consider := func(o *container) {
		switch {
		case o.inst == nil:
		case o.inst.state != instExited:
			done = false
		case o.inst.finishedAt.After(last):
			last = o.inst.finishedAt
		}
	}
	for _, o := range w.app {
		consider(o)
	}
	for _, o := range w.init[c.index+1:] {
		if isSidecar(o.spec) {
			consider(o)
		}
	}
	if !done {
		if now.Before(deadline) {
			return false
		}
		last = deadline
	}
	if last.After(deadline) {
		last = deadline
	}
	grace := in.turnGrace - last.Sub(in.turnFrom).Truncate(time.Second)
	if grace < minimumGracePeriod {
		grace = minimumGracePeriod
	}
	in.waitTurn = false
	k.sigterm(w, c, in, last, grace)
	return true
}

// hasSidecar is types.HasRestartableInitContainer.
func hasSidecar(pod *api.Pod) bool {
	for i := range pod.Spec.InitContainers {
		if isSidecar(&pod.Spec.InitContainers[i]) {
			return true
		}
	}
	return false
}

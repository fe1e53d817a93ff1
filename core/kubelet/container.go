package kubelet

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// containerKillReason models kuberuntime_container.go containerKillReason:
// it picks the grace period a kill gets.
type containerKillReason int

const (
	reasonUnknown containerKillReason = iota
	reasonStartupProbe
	reasonLivenessProbe
	reasonFailedPostStartHook
)

// startContainer models the first step of kuberuntime_container.go
// startContainer, EnsureImageExists (images/image_manager.go): honour the
// pull policy, the image back-off and the node's image store, then pull
// or go straight to creating the container. Failures set the container's
// waiting reason and a retry time.
func (k *Kubelet) startContainer(w *podWorker, c *container, now time.Time) {
	image := c.spec.Image
	c.lastImage = image
	if _, err := images.ParseReference(image); err != nil {
		msg := msgInvalidImage(image, err)
		k.containerEvent(w, c, api.EventTypeWarning, reasonInspectFailed, msg)
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailed, msgError(waitingInvalidImageName))
		c.reason, c.message, c.retryAt = waitingInvalidImageName, msg, requeueAfterError(w, now)
		return
	}
	policy := c.spec.ImagePullPolicy
	if policy == "" {
		policy = api.DefaultPullPolicy(image)
	}
	cached, present := k.cache.Get(image)
	if policy == api.PullNever && !present {
		msg := msgNeverPull(image)
		k.containerEvent(w, c, api.EventTypeWarning, reasonErrImageNeverPull, msg)
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailed, msgError(waitingErrImageNeverPull))
		c.reason, c.message, c.retryAt = waitingErrImageNeverPull, msg, requeueAfterError(w, now)
		return
	}
	if present && policy != api.PullAlways {
		k.containerEvent(w, c, api.EventTypeNormal, reasonPulled, msgAlreadyPresent(image))
		k.beginStart(w, c, cached, now)
		return
	}
	// pullImage. Every sync that meets the back-off emits BackOff here and
	// "Error: ImagePullBackOff" in startContainer. ErrImagePullBackOff
	// carries no expiry (unlike doBackOff's BackoffError), so completeWork
	// requeues the pod backOffPeriod (10 s) later, and the next attempt is
	// at the first of those syncs at or after the back-off's expiry.
	key := w.uid + "_" + image
	if k.imageBackOff.IsInBackOffSinceUpdate(key, now) {
		msg := msgBackOffPull(image)
		k.containerEvent(w, c, api.EventTypeNormal, reasonBackOff, msg)
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailed, msgError(waitingImagePullBackOff))
		if c.prevPullErr != "" {
			msg += ": " + c.prevPullErr
		}
		c.reason, c.message, c.retryAt = waitingImagePullBackOff, msg, requeueAfterError(w, now)
		return
	}
	c.prevPullErr = ""
	k.containerEvent(w, c, api.EventTypeNormal, reasonPulling, msgPulling(image))
	k.criLog(w, now, "PullImage", c.name, images.Normalize(image))
	img, err := k.reg.Lookup(image)
	if err != nil {
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailed, msgFailedToPull(image, err))
		k.imageBackOff.Next(key, now, now)
		// The actual error, kept for the back-off message
		// (prevPullErrMsg: "%s: %s", err, msg).
		c.prevPullErr = waitingErrImagePull + ": " + err.Error()
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailed, msgError(waitingErrImagePull))
		// The pod worker syncs again 10 s later (a second later in the
		// pod's first sync); a sync inside the back-off reports
		// ImagePullBackOff.
		c.reason, c.message, c.retryAt = waitingErrImagePull, err.Error(), requeueAfterError(w, now)
		return
	}
	t := k.reg.Timing(image, k.opts.Timing)
	d := t.Pull
	if present && d > time.Second {
		d = time.Second // Always on a cached image: only the manifest is fetched
	}
	done := now.Add(d)
	if inflight, ok := k.pulls[img.Ref()]; ok && inflight.After(now) {
		done = inflight // containerd joins the pull already under way
	}
	k.pulls[img.Ref()] = done
	c.phase, c.phaseDone, c.pullStart, c.img = phasePulling, done, now, img
}

// pullDone completes a pull: the image joins the node's store and the
// Pulled event reports the time taken.
func (k *Kubelet) pullDone(w *podWorker, c *container, now time.Time) {
	img := c.img
	k.cache.Add(img)
	if k.pulls[img.Ref()].Equal(c.phaseDone) {
		delete(k.pulls, img.Ref())
	}
	d := c.phaseDone.Sub(c.pullStart).Truncate(time.Millisecond)
	k.containerEvent(w, c, api.EventTypeNormal, reasonPulled, msgPulled(c.spec.Image, d, d, img.Size))
	k.imageBackOff.GC(now)
	k.beginStart(w, c, img, c.phaseDone)
}

// beginStart: the image is present; creating and starting the container
// takes the start time. First comes generateContainerConfig, whose
// environment needs every ConfigMap, Secret and key the container names:
// a missing one fails the start with CreateContainerConfigError (Failed
// "Error: configmap \"x\" not found"), and the pod worker tries again
// after its back-off, until the object appears.
func (k *Kubelet) beginStart(w *podWorker, c *container, img *images.Image, at time.Time) {
	if _, err := k.containerEnv(w.pod, c.spec, w.podIP); err != nil {
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailed, msgError(err.Error()))
		c.phase = phaseIdle
		c.reason, c.message, c.retryAt = waitingCreateContainerConfigError, err.Error(), requeueAfterError(w, at)
		return
	}
	t := k.reg.Timing(c.spec.Image, k.opts.Timing)
	c.phase, c.phaseDone, c.img = phaseStarting, at.Add(t.Start), img
}

// createAndStart models the rest of startContainer: CreateContainer (the
// environment is computed now, so only Services that exist at this moment
// appear in it), StartContainer, the Created and Started events, then the
// postStart hook, during which the pod worker is blocked.
func (k *Kubelet) createAndStart(w *podWorker, c *container, now time.Time) {
	at := c.phaseDone
	c.phase = phaseIdle
	attempt := int32(0)
	if c.inst != nil {
		attempt = c.inst.attempt + 1
		c.prev = c.inst
	}
	in := &instance{id: k.newID(), attempt: attempt, specImage: c.spec.Image, img: c.img, startedAt: at, state: instRunning}
	// The sources were there a start time ago; one deleted since then
	// leaves its variables out rather than failing a start under way.
	in.env, _ = k.containerEnv(w.pod, c.spec, w.podIP)
	b := k.reg.Behavior(c.spec.Image)
	in.proc = newProcess(c.spec, c.img, b, at)
	c.inst = in
	k.criLog(w, at, "CreateContainer", c.name, fmt.Sprintf("id=%s attempt=%d image=%s", in.id[:13], attempt, c.img.Ref()))
	k.containerEvent(w, c, api.EventTypeNormal, reasonCreatedContainer, msgCreated)
	k.criLog(w, at, "StartContainer", c.name, in.id[:13])
	k.containerEvent(w, c, api.EventTypeNormal, reasonStartedContainer, msgStarted)
	if lc := c.spec.Lifecycle; lc != nil && lc.PostStart != nil {
		d, failed, msg := k.runHook(w, c, in, lc.PostStart, b.FailPostStart, at)
		in.state, in.hookDone, in.hookFailed, in.hookMsg = instPostStart, at.Add(d), failed, msg
		return
	}
	k.running(w, c, at, now)
}

// postStartDone: the hook returned. A failed hook kills the container
// (FailedPostStartHook) and leaves PostStartHookError as its reason.
func (k *Kubelet) postStartDone(w *podWorker, c *container, now time.Time) {
	in := c.inst
	if in.hookFailed {
		// Upstream withholds the hook's output from the event.
		k.containerEvent(w, c, api.EventTypeWarning, reasonFailedPostStart, "PostStartHook failed")
		in.state, in.hidden = instRunning, true
		k.killContainer(w, c, "FailedPostStartHook", reasonFailedPostStartHook, in.hookDone)
		return
	}
	k.running(w, c, in.hookDone, now)
}

// running: the start succeeded; the reason cache entry goes and the probe
// workers start.
func (k *Kubelet) running(w *podWorker, c *container, at, now time.Time) {
	in := c.inst
	in.state = instRunning
	c.reason, c.message, c.retryAt = "", "", time.Time{}
	c.livenessFailed, c.startupFailed = false, false
	k.startProbes(w, c, in, now)
}

// killContainer models kuberuntime_container.go killContainer: the
// Killing event, the preStop hook (bounded by the grace period), SIGTERM
// with what is left of it (at least 2 s), and SIGKILL when that runs out.
// The exit is scheduled; advance completes it.
func (k *Kubelet) killContainer(w *podWorker, c *container, message string, why containerKillReason, now time.Time) {
	k.killContainerOrdered(w, c, message, why, now, false)
}

// killContainerOrdered is killContainer with a termination ordering: a
// sidecar killed with the pod (ordered) runs its preStop hook at once,
// then waits for its turn (takeTurn) before SIGTERM.
func (k *Kubelet) killContainerOrdered(w *podWorker, c *container, message string, why containerKillReason, now time.Time, ordered bool) {
	in := c.inst
	grace := terminationGracePeriod(w.pod, c.spec, why)
	if message == "" {
		message = msgStopping(c.name)
	}
	k.containerEvent(w, c, api.EventTypeNormal, reasonKilling, message)
	b := k.reg.Behavior(c.spec.Image)
	elapsed := time.Duration(0)
	if lc := c.spec.Lifecycle; lc != nil && lc.PreStop != nil && grace > 0 {
		d, failed, _ := k.runHook(w, c, in, lc.PreStop, b.FailPreStop, now)
		elapsed = min(d, grace).Truncate(time.Second)
		if failed && d <= grace {
			in.preStopFailAt = now.Add(d)
			if d == 0 {
				in.preStopFailAt = now
			}
		}
		grace -= elapsed
	}
	in.state = instStopping
	if ordered && grace > 0 {
		in.waitTurn, in.turnFrom, in.turnGrace = true, now.Add(elapsed), grace
		in.exitAt = time.Time{}
		k.takeTurn(w, c, now)
		return
	}
	if grace < minimumGracePeriod {
		grace = minimumGracePeriod
	}
	k.sigterm(w, c, in, now.Add(elapsed), grace)
}

// sigterm is StopContainer with a timeout of grace at at: the app stops
// after its stop time unless it ignores SIGTERM or takes longer than the
// grace period, when SIGKILL ends it (137).
func (k *Kubelet) sigterm(w *podWorker, c *container, in *instance, at time.Time, grace time.Duration) {
	in.sigtermAt = at
	b := k.reg.Behavior(c.spec.Image)
	stop := k.reg.Timing(c.spec.Image, k.opts.Timing).Stop
	ignores := in.img.IgnoresSIGTERM
	if b.IgnoreSIGTERM != nil {
		ignores = *b.IgnoreSIGTERM
	}
	if in.proc.exited {
		in.exitAt, in.stopCode = in.sigtermAt, in.proc.exitCode
	} else if !ignores && stop <= grace {
		in.exitAt, in.stopCode = in.sigtermAt.Add(stop), 0
	} else {
		in.exitAt, in.stopCode = in.sigtermAt.Add(grace), 137 // SIGKILL
	}
	in.state = instStopping
	k.criLog(w, in.sigtermAt, "StopContainer", c.name, fmt.Sprintf("%s timeout=%ds", in.id[:13], int64(grace/time.Second)))
	// Readiness keeps being probed while the container stops; liveness
	// and startup probes do not act any more.
}

// terminationGracePeriod models setTerminationGracePeriod: the pod's
// deletion grace period wins, then the probe's own
// terminationGracePeriodSeconds for probe kills, then the pod spec's.
func terminationGracePeriod(pod *api.Pod, c *api.Container, why containerKillReason) time.Duration {
	if g := pod.DeletionGracePeriodSeconds; g != nil {
		return time.Duration(*g) * time.Second
	}
	if g := pod.Spec.TerminationGracePeriodSeconds; g != nil {
		switch why {
		case reasonStartupProbe:
			if p := c.StartupProbe; p != nil && p.TerminationGracePeriodSeconds != nil {
				return time.Duration(*p.TerminationGracePeriodSeconds) * time.Second
			}
		case reasonLivenessProbe:
			if p := c.LivenessProbe; p != nil && p.TerminationGracePeriodSeconds != nil {
				return time.Duration(*p.TerminationGracePeriodSeconds) * time.Second
			}
		}
		return time.Duration(*g) * time.Second
	}
	return minimumGracePeriod
}

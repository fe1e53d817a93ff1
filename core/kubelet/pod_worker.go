package kubelet

import (
	"fmt"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// pleDelay is how long after a container exits the kubelet acts on it: the
// PLEG relist period (pkg/kubelet/pleg/generic.go, 1 s). In that second the
// pod shows the container terminated (STATUS Error or Completed).
const plegDelay = time.Second

// podWorkerBackOff is how long the pod worker waits before syncing again
// after a sync that failed with an error carrying no back-off expiry
// (pod_workers.go completeWork: backOffPeriod; upstream adds up to 50%
// jitter, the playground none): ErrImagePull, ImagePullBackOff,
// ErrImageNeverPull, InvalidImageName.
const podWorkerBackOff = 10 * time.Second

// resyncInterval is the kubelet's --sync-frequency (1 min), the pod
// worker's resyncInterval: the longest it waits for a back-off's expiry
// before syncing again (completeWork caps the delay with it).
const resyncInterval = time.Minute

// minimumGracePeriod is kuberuntime_container.go
// minimumGracePeriodInSeconds: a container always gets 2 s after SIGTERM.
const minimumGracePeriod = 2 * time.Second

// podWorker is the kubelet's state for one pod: its sandbox and containers
// as the simulated runtime holds them, plus what the pod worker, the
// prober and the status manager remember.
type podWorker struct {
	key, uid string
	pod      *api.Pod // latest from the informer; shared, never modified
	init     []*container
	app      []*container

	startTime time.Time
	sandboxAt time.Time // when RunPodSandbox created the sandbox
	sandboxID string
	podIP     string
	sandboxUp bool
	// sandboxRetry is when a RunPodSandbox that failed for want of a
	// runtime handler is tried again (zero: it did not fail).
	sandboxRetry time.Time
	initialized  bool

	terminating bool      // killing everything (deleted or deadline)
	podKilled   bool      // KillPod of a finished or failed pod: nothing starts again
	terminated  bool      // all stopped, sandbox stopped: phase is terminal
	confirmed   bool      // the kubelet deleted the pod with grace 0
	deadline    bool      // active deadline exceeded
	wakeAt      time.Time // pending sync
	lastRV      string    // resourceVersion of our last status write
	removed     bool
	cri         []CRICall

	// The volume manager's mounts (volumes.go): the sandbox waits for
	// all of them.
	volumes      []*volumeMount
	waitStart    time.Time
	volumesReady bool
}

// container is one container of the pod spec and its instances.
type container struct {
	name   string
	index  int
	isInit bool
	spec   *api.Container // in w.pod's spec at the last sync

	inst *instance // the latest instance (created container), or nil
	prev *instance // the one before it (lastState)

	// phase is what the runtime is doing towards the next instance.
	phase     startPhase
	phaseDone time.Time
	pullStart time.Time
	img       *images.Image

	retryAt   time.Time // no start attempt before this
	lastImage string    // the image of the last start attempt
	// reason and message are the kubelet's reasonCache entry: why the last
	// start failed, shown as the waiting state until a start succeeds.
	reason, message string
	prevPullErr     string

	ready, started      bool
	livenessFailed      bool
	startupFailed       bool
	probes              []*probeWorker
	hasStartup          bool
	restartAfterStopMsg string // kill for a restart (liveness, startup)
}

type startPhase int

const (
	phaseIdle     startPhase = iota
	phasePulling             // PullImage until phaseDone
	phaseStarting            // CreateContainer + StartContainer complete at phaseDone
)

type instState int

const (
	instPostStart instState = iota // started; postStart hook until hookDone
	instRunning
	instStopping
	instExited
)

// instance is one created container.
type instance struct {
	id        string
	attempt   int32
	specImage string // spec.containers[].image it was created from
	img       *images.Image
	state     instState
	startedAt time.Time
	proc      *process
	env       []api.EnvVar

	hookDone   time.Time
	hookFailed bool
	hidden     bool // killed by its failed postStart hook: never seen running
	hookMsg    string

	// stopping
	sigtermAt, exitAt time.Time
	// waitTurn: a sidecar killed with its pod waits, from turnFrom (after
	// its preStop hook) for at most turnGrace, for the main containers
	// and the later sidecars to exit (terminationOrdering).
	waitTurn      bool
	turnFrom      time.Time
	turnGrace     time.Duration
	preStopFailAt time.Time
	stopCode      int32

	finishedAt time.Time
	exitCode   int32
	reason     string
}

func (c *container) busy() bool {
	if c.phase != phaseIdle {
		return true
	}
	return c.inst != nil && c.inst.state != instExited
}

func (c *container) exited() bool {
	return c.phase == phaseIdle && c.inst != nil && c.inst.state == instExited
}

func (c *container) succeeded() bool { return c.exited() && c.inst.exitCode == 0 }

func (k *Kubelet) newWorker(pod *api.Pod, now time.Time, ds *controller.Decisions) (*podWorker, error) {
	w := &podWorker{key: podKey(pod), uid: pod.UID, pod: pod, startTime: now}
	for i := range pod.Spec.InitContainers {
		w.init = append(w.init, &container{name: pod.Spec.InitContainers[i].Name, index: i, isInit: true})
	}
	for i := range pod.Spec.Containers {
		w.app = append(w.app, &container{name: pod.Spec.Containers[i].Name, index: i})
	}
	k.workers[w.key] = w
	if pod.DeletionTimestamp != nil {
		return w, nil // never started: syncTerminatingPod finds nothing to kill
	}
	if !k.mountVolumes(w, now, ds) {
		return w, nil
	}
	w.volumesReady = true
	if err := k.createSandbox(w, now, ds); err != nil {
		return nil, err
	}
	return w, nil
}

// createSandbox models createPodSandbox, once the pod's volumes are
// mounted: the RuntimeClass's handler, then RunPodSandbox, with the CNI's
// IP (or the node's, on the host's network).
func (k *Kubelet) createSandbox(w *podWorker, now time.Time, ds *controller.Decisions) error {
	pod := w.pod
	handler, ok := k.sandboxHandler(w, now, ds)
	if !ok {
		return nil
	}
	if k.ipam == nil {
		if err := k.initIPAM(); err != nil {
			return err
		}
	}
	if pod.Spec.HostNetwork {
		// A pod on the host's network has no network namespace of its
		// own: its IP is the node's (kuberuntime's determinePodSandboxIPs
		// for host-network sandboxes), and the CNI allocates nothing.
		w.sandboxID, w.podIP, w.sandboxUp, w.sandboxAt = k.newID(), k.hostIP, true, now
		k.criLog(w, now, "RunPodSandbox", "", fmt.Sprintf("id=%s hostNetwork ip=%s", w.sandboxID[:13], k.hostIP))
		ds.Add("createPodSandbox", "spec.hostNetwork", fmt.Sprintf("sandbox %s on %s, the node's IP %s", w.sandboxID[:13], k.nodeName, k.hostIP)).
			Say("kubelet.sandboxHostNetwork", controller.Name("node", k.nodeName), controller.Name("ip", k.hostIP))
		return nil
	}
	ip, err := k.ipam.allocate(pod.UID)
	if err != nil {
		k.recorder.Eventf(pod, api.EventTypeWarning, reasonFailedCreatePodSbx,
			"Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type=\"host-local\" failed (add): %v", err)
		return nil
	}
	w.sandboxID, w.podIP, w.sandboxUp, w.sandboxAt = k.newID(), ip, true, now
	detail := fmt.Sprintf("id=%s ip=%s", w.sandboxID[:13], ip)
	if handler != "" {
		detail += " handler=" + handler
	}
	k.criLog(w, now, "RunPodSandbox", "", detail)
	ds.Add("createPodSandbox", "", fmt.Sprintf("sandbox %s on %s, pod IP %s", w.sandboxID[:13], k.nodeName, ip),
		controller.Input{Name: "node", Value: k.nodeName}).
		Say("kubelet.sandboxCreated", controller.Name("node", k.nodeName), controller.Name("ip", ip))
	return nil
}

// forget drops a pod the API server no longer has (HandlePodRemoves):
// whatever still runs is gone with the sandbox.
func (k *Kubelet) forget(w *podWorker) {
	if w.sandboxID != "" {
		k.criLog(w, k.clock.Now(), "RemovePodSandbox", "", w.sandboxID[:13])
	}
	if w.podIP != "" && k.ipam != nil && !w.pod.Spec.HostNetwork {
		k.ipam.release(w.podIP)
	}
	k.imageBackOff.DeleteByPrefix(w.uid + "_")
	k.crashBackOff.DeleteByPrefix(w.pod.Name + "_" + w.pod.Namespace + "_" + w.uid + "_")
	w.removed = true
	k.archiveCRILog(w)
	for _, c := range w.all() {
		for _, p := range c.probes {
			p.stopped = true
		}
	}
	delete(k.workers, w.key)
}

func (w *podWorker) all() []*container {
	return append(append([]*container{}, w.init...), w.app...)
}

// specOf returns the container's spec in the current pod.
func (w *podWorker) specOf(c *container) *api.Container {
	if c.isInit {
		return &w.pod.Spec.InitContainers[c.index]
	}
	return &w.pod.Spec.Containers[c.index]
}

// syncPod is one sync: advance the runtime, act, write status.
func (k *Kubelet) syncPod(w *podWorker, now time.Time, ds *controller.Decisions) error {
	for _, c := range w.all() {
		c.spec = w.specOf(c)
	}
	if !w.volumesReady && w.pod.DeletionTimestamp == nil && k.mountVolumes(w, now, ds) {
		w.volumesReady = true
		if err := k.createSandbox(w, now, ds); err != nil {
			return err
		}
	}
	if !w.sandboxRetry.IsZero() && !now.Before(w.sandboxRetry) && w.pod.DeletionTimestamp == nil {
		w.sandboxRetry = time.Time{}
		if err := k.createSandbox(w, now, ds); err != nil {
			return err
		}
	}
	for range 16 { // actions that take no time settle within a few rounds
		changed := k.advance(w, now)
		if w.pod.DeletionTimestamp != nil || w.deadline {
			changed = k.syncTerminating(w, now, ds) || changed
		} else if !w.terminated {
			changed = k.computePodActions(w, now, ds) || changed
		}
		if !changed {
			break
		}
	}
	held, err := k.writeStatus(w, now, ds)
	if err != nil {
		return err
	}
	// The status manager deletes the pod only after writing its final
	// status: a held-back write holds the delete back too.
	if w.terminated && w.pod.DeletionTimestamp != nil && !w.confirmed && !held && k.takeToken(w, now, ds, "delete") {
		// The status manager deletes a terminated pod with grace 0 once
		// its resources are reclaimed (status_manager.go syncPod).
		zero := int64(0)
		uid := w.uid
		_, _, err := k.server.DeleteShared(podKind, w.pod.Namespace, w.pod.Name,
			&apiserver.DeleteOptions{GracePeriodSeconds: &zero, Preconditions: &apiserver.Preconditions{UID: &uid}})
		if err != nil && !apiserver.IsNotFound(err) && !apiserver.IsConflict(err) {
			return err
		}
		w.confirmed = true
		ds.Add("status_manager.syncPod", "terminated && deletionTimestamp set", "pod deleted with grace 0").
			Say("kubelet.podDeleted")
	}
	k.scheduleNext(w, now)
	return nil
}

// scheduleNext sets the worker's next wake-up: the earliest pending
// runtime event.
func (k *Kubelet) scheduleNext(w *podWorker, now time.Time) {
	var next time.Time
	consider := func(t time.Time) {
		if !t.IsZero() && t.After(now) && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	for _, c := range w.all() {
		if c.phase != phaseIdle {
			consider(c.phaseDone)
		}
		consider(c.retryAt)
		if in := c.inst; in != nil {
			switch in.state {
			case instPostStart:
				consider(in.hookDone)
			case instRunning:
				if c.isInit && !w.initialized {
					// A sidecar's start is seen a PLEG relist later,
					// when the next container starts.
					consider(in.startedAt.Add(plegDelay))
				}
				if t, ok := in.proc.nextChange(); ok {
					if !t.After(now) {
						t = now.Add(time.Second)
					}
					consider(t)
				}
			case instStopping:
				consider(in.preStopFailAt)
				consider(in.exitAt)
				if in.waitTurn {
					consider(in.turnFrom.Add(in.turnGrace))
					if t, ok := in.proc.nextChange(); ok {
						consider(t)
					}
				}
			case instExited:
				consider(in.finishedAt.Add(plegDelay))
			}
		}
	}
	if d := w.pod.Spec.ActiveDeadlineSeconds; d != nil && !w.terminating {
		consider(w.startTime.Add(time.Duration(*d) * time.Second))
	}
	if !w.volumesReady && w.volumes != nil && w.pod.DeletionTimestamp == nil {
		consider(w.nextMountWake())
	}
	if !next.IsZero() {
		k.wake(w, next)
	}
}

// advance applies every runtime transition due by now: pulls and starts
// completing, hooks finishing, processes exiting, stops completing. It
// reports whether anything changed.
func (k *Kubelet) advance(w *podWorker, now time.Time) bool {
	changed := false
	for _, c := range w.all() {
		for range 8 {
			if !k.advanceContainer(w, c, now) {
				break
			}
			changed = true
		}
	}
	return changed
}

func (k *Kubelet) advanceContainer(w *podWorker, c *container, now time.Time) bool {
	switch c.phase {
	case phasePulling:
		if c.phaseDone.After(now) {
			return false
		}
		k.pullDone(w, c, now)
		return true
	case phaseStarting:
		if c.phaseDone.After(now) {
			return false
		}
		k.createAndStart(w, c, now)
		return true
	}
	in := c.inst
	if in == nil {
		return false
	}
	switch in.state {
	case instPostStart:
		if in.hookDone.After(now) {
			return false
		}
		k.postStartDone(w, c, now)
		return true
	case instRunning:
		in.proc.advance(now, k.serviceExists(w))
		if in.proc.exited {
			reason := terminatedCompleted
			if in.proc.exitCode != 0 {
				reason = terminatedError
			}
			k.containerExited(w, c, in.proc.exitAt, in.proc.exitCode, reason)
			return true
		}
	case instStopping:
		changed := false
		if !in.preStopFailAt.IsZero() && !in.preStopFailAt.After(now) {
			// executePreStopHook: "PreStopHook failed" when the hook errs.
			k.containerEvent(w, c, api.EventTypeWarning, reasonFailedPreStop, "PreStopHook failed")
			in.preStopFailAt = time.Time{}
			changed = true
		}
		if in.waitTurn {
			// A sidecar waiting for its turn still runs.
			in.proc.advance(now, k.serviceExists(w))
			if in.proc.exited {
				in.waitTurn = false
				reason := terminatedCompleted
				if in.proc.exitCode != 0 {
					reason = terminatedError
				}
				k.containerExited(w, c, in.proc.exitAt, in.proc.exitCode, reason)
				return true
			}
			return k.takeTurn(w, c, now) || changed
		}
		if in.exitAt.After(now) {
			return changed
		}
		reason := terminatedCompleted
		if in.stopCode != 0 {
			reason = terminatedError
		}
		restart := c.restartAfterStopMsg != ""
		prevExit := time.Time{}
		if c.inst != nil && c.prev != nil && c.prev.state == instExited {
			prevExit = c.prev.finishedAt
		}
		k.containerExited(w, c, in.exitAt, in.stopCode, reason)
		if restart && w.pod.DeletionTimestamp == nil && !w.deadline && !w.podKilled {
			// killContainer returned; SyncPod goes on to start the
			// container in the same sync, checking the back-off against
			// the exit before this one.
			c.restartAfterStopMsg = ""
			c.retryAt = time.Time{}
			if prevExit.IsZero() || !k.doBackOff(w, c, prevExit, now) {
				k.startContainer(w, c, now)
			}
		}
		return true
	}
	return false
}

// containerExited records an instance's end.
func (k *Kubelet) containerExited(w *podWorker, c *container, at time.Time, code int32, reason string) {
	in := c.inst
	in.state, in.finishedAt, in.exitCode, in.reason = instExited, at, code, reason
	if in.hidden {
		// startContainer returned ErrPostStartHook once the kill was done.
		c.reason, c.message = waitingPostStartHookErr, in.hookMsg
	}
	c.ready, c.started, c.livenessFailed, c.startupFailed = false, false, false, false
	for _, p := range c.probes {
		p.stopped = true
	}
	c.probes = nil
	c.retryAt = at.Add(plegDelay)
	k.criLog(w, at, "ContainerStatus", c.name, fmt.Sprintf("exited code=%d", code))
}

// serviceExists answers `nslookup NAME` from the pod's namespace.
func (k *Kubelet) serviceExists(w *podWorker) func(string) bool {
	return func(name string) bool {
		ns := w.pod.Namespace
		host := name
		if i := indexByte(name, '.'); i >= 0 {
			host = name[:i]
			rest := name[i+1:]
			if j := indexByte(rest, '.'); j >= 0 {
				ns = rest[:j]
			} else if rest != "" {
				ns = rest
			}
		}
		_, ok := k.services.Get(ns + "/" + host)
		return ok
	}
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// requeueAtBackOff is completeWork for a sync that failed with a
// BackoffError expiring at expiry: the pod worker syncs again then, or
// resyncInterval from now if that is sooner.
func requeueAtBackOff(now, expiry time.Time) time.Time {
	if next := now.Add(resyncInterval); next.Before(expiry) {
		return next
	}
	return expiry
}

// requeueAfterError is completeWork for a sync that failed with an error
// carrying no expiry: backOffPeriod later, unless a PLEG event wakes the
// worker sooner. The one such event the playground has while no
// container runs is the relist that first sees the pod's new sandbox
// (ContainerStarted for the sandbox, a sync-worthy event), one relist
// period after the sync that created it: so a pull that fails in the
// pod's first sync meets its back-off a second later.
func requeueAfterError(w *podWorker, now time.Time) time.Time {
	next := now.Add(podWorkerBackOff)
	if t := w.sandboxAt.Add(plegDelay); !w.sandboxAt.IsZero() && t.After(now) && t.Before(next) {
		return t
	}
	return next
}

// ---------------------------------------------------------------- events

// containerEvent records an event about a container of the pod
// (recordContainerEvent): its reference carries the container's fieldPath,
// so identical messages about two containers stay two events.
func (k *Kubelet) containerEvent(w *podWorker, c *container, eventType, reason, message string) {
	k.recorder.FieldEvent(w.pod, containerFieldPath(c), eventType, reason, message)
}

// containerFieldPath models kubecontainer.GenerateContainerRef's fieldPath:
// spec.containers{name} or spec.initContainers{name}.
func containerFieldPath(c *container) string {
	if c.isInit {
		return "spec.initContainers{" + c.name + "}"
	}
	return "spec.containers{" + c.name + "}"
}

func sortStrings(s []string) { slices.Sort(s) }

// isSidecar reports whether an init container is restartable
// (restartPolicy: Always), a native sidecar.
func isSidecar(c *api.Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways
}

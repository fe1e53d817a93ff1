package kubelet

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// PodReadyToStartContainers is the kubelet-owned condition that the pod's
// sandbox exists with its network (PodReadyToStartContainersCondition, on
// by default since v1.29).
const PodReadyToStartContainers api.PodConditionType = "PodReadyToStartContainers"

// Condition reasons of pkg/kubelet/status/generate.go.
const (
	reasonUnknownContainerStatuses = "UnknownContainerStatuses"
	reasonPodCompleted             = "PodCompleted"
	reasonPodFailed                = "PodFailed"
	reasonContainersNotReady       = "ContainersNotReady"
	reasonContainersNotInitialized = "ContainersNotInitialized"
)

// kubeletConditions are the condition types the kubelet owns
// (kubetypes.PodConditionsByKubelet), in the order generateAPIPodStatus
// appends them.
var kubeletConditions = []api.PodConditionType{PodReadyToStartContainers, api.PodInitialized, api.PodReady, api.ContainersReady, api.PodScheduled}

// generateStatus models kubelet_pods.go generateAPIPodStatus and the
// status manager's merge (mergePodStatus, updateLastTransitionTime): the
// phase, the kubelet-owned conditions (then the others as they are),
// addresses, start time and container statuses.
func (k *Kubelet) generateStatus(w *podWorker, now time.Time) api.PodStatus {
	pod := w.pod
	s := api.PodStatus{
		// CalculatePodStatusObservedGeneration: the generation synced.
		ObservedGeneration: pod.Generation,
		HostIP:             k.hostIP,
		HostIPs:            []api.HostIP{{IP: k.hostIP}},
		StartTime:          api.NewTimePtr(w.startTime),
		QOSClass:           pod.Status.QOSClass,
	}
	if w.podIP != "" {
		s.PodIP, s.PodIPs = w.podIP, []api.PodIP{{IP: w.podIP}}
	}
	hasInit := len(pod.Spec.InitContainers) > 0
	for _, c := range w.init {
		s.InitContainerStatuses = append(s.InitContainerStatuses, k.containerStatus(w, c, hasInit))
	}
	for _, c := range w.app {
		s.ContainerStatuses = append(s.ContainerStatuses, k.containerStatus(w, c, hasInit))
	}
	// normalizeStatus sorts app container statuses by name.
	slices.SortStableFunc(s.ContainerStatuses, func(a, b api.ContainerStatus) int { return strings.Compare(a.Name, b.Name) })

	s.Phase = getPhase(pod, s.InitContainerStatuses, s.ContainerStatuses, w.terminated, hasAnyActiveRegularContainer(w))
	if w.deadline {
		s.Phase, s.Reason, s.Message = api.PodFailed, reasonDeadlineExceeded, deadlineMessage
	}
	all := append(append([]api.ContainerStatus{}, s.InitContainerStatuses...), s.ContainerStatuses...)
	conds := []api.PodCondition{
		readyToStartContainersCondition(w),
		initializedCondition(pod, all, s.Phase),
		readyCondition(pod, all, s.Phase),
		containersReadyCondition(pod, all, s.Phase),
		{Type: api.PodScheduled, Status: api.ConditionTrue}, // a pod on a node is scheduled
	}
	for i := range conds {
		conds[i].LastTransitionTime = transitionTime(pod.Status.Conditions, conds[i], now)
		conds[i].ObservedGeneration = pod.Generation // CalculatePodConditionObservedGeneration
	}
	// mergePodStatus: the conditions the kubelet does not own first, as
	// they were, then its own.
	var others []api.PodCondition
	for _, c := range pod.Status.Conditions {
		if !slices.Contains(kubeletConditions, c.Type) {
			others = append(others, c)
		}
	}
	s.Conditions = append(others, conds...)
	return s
}

// transitionTime models updateLastTransitionTime: keep the old time when
// the status did not change.
func transitionTime(old []api.PodCondition, c api.PodCondition, now time.Time) api.Time {
	for _, o := range old {
		if o.Type == c.Type && o.Status == c.Status && !o.LastTransitionTime.IsZero() {
			return o.LastTransitionTime
		}
	}
	return api.NewTime(now)
}

// containerStatus models convertToAPIContainerStatuses for one container:
// the latest instance's state (running or terminated), the one before as
// lastState, the reason cache overriding the state with a waiting reason
// (ErrImagePull, CrashLoopBackOff, …), or the default waiting state for a
// container never created (ContainerCreating, PodInitializing with init
// containers).
func (k *Kubelet) containerStatus(w *podWorker, c *container, hasInit bool) api.ContainerStatus {
	spec := c.spec
	cs := api.ContainerStatus{Name: c.name, Image: spec.Image, Started: new(bool)}
	v, prev := c.inst, c.prev
	if v != nil && (v.state == instPostStart || v.hidden && v.state != instExited) {
		// The pod worker is blocked in the hook: nothing new is reported.
		v, prev = c.prev, nil
	}
	if v == nil {
		reason := waitingContainerCreating
		if hasInit {
			reason = waitingPodInitializing
		}
		cs.State.Waiting = &api.ContainerStateWaiting{Reason: reason}
		if c.reason != "" {
			cs.State.Waiting = &api.ContainerStateWaiting{Reason: c.reason, Message: c.message}
		}
		if c.inst != nil {
			cs.RestartCount = c.inst.attempt
		}
		return cs
	}
	cs.Image, cs.ImageID = v.img.Ref(), v.img.ImageID()
	cs.ContainerID = "containerd://" + v.id
	cs.RestartCount = v.attempt
	if prev != nil {
		cs.LastTerminationState.Terminated = terminatedState(prev)
	}
	switch v.state {
	case instRunning, instStopping:
		cs.State.Running = &api.ContainerStateRunning{StartedAt: api.NewTime(v.startedAt)}
		cs.Ready = c.ready && (!c.isInit || isSidecar(spec))
		*cs.Started = c.started
	case instExited:
		cs.State.Terminated = terminatedState(v)
		// prober_manager.go UpdatePodStatus: a regular init container is
		// ready once it has completed successfully; a sidecar only
		// while it runs.
		cs.Ready = c.isInit && !isSidecar(spec) && v.exitCode == 0
		if c.reason != "" && !w.terminated {
			cs.LastTerminationState.Terminated = cs.State.Terminated
			cs.State = api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: c.reason, Message: c.message}}
		}
	}
	return cs
}

func terminatedState(in *instance) *api.ContainerStateTerminated {
	return &api.ContainerStateTerminated{
		ExitCode:    in.exitCode,
		Reason:      in.reason,
		StartedAt:   api.NewTime(in.startedAt),
		FinishedAt:  api.NewTime(in.finishedAt),
		ContainerID: "containerd://" + in.id,
	}
}

// getPhase models kubelet_pods.go getPhase: regular init containers
// first, then the sidecars (restartable init containers), counted with
// the main containers as running, and ignored once terminated; a sidecar
// not yet started keeps the pod Pending only before it has initialized
// (podHasInitialized: a main container was created).
func getPhase(pod *api.Pod, initStatuses, statuses []api.ContainerStatus, podIsTerminal, podHasInitialized bool) api.PodPhase {
	pendingInit, pendingSidecars, failedInit := 0, 0, 0
	unknown, running, waiting, stopped, succeeded := 0, 0, 0, 0, 0
	for i := range pod.Spec.InitContainers {
		ic := &pod.Spec.InitContainers[i]
		s := findStatus(initStatuses, ic.Name)
		if isSidecar(ic) {
			switch {
			case s == nil:
				pendingSidecars++
				unknown++
			case s.State.Running != nil:
				if s.Started == nil || !*s.Started {
					pendingSidecars++
				}
				running++
			case s.State.Terminated != nil:
				// Terminated sidecars do not count.
			case s.State.Waiting != nil:
				if s.LastTerminationState.Terminated == nil {
					pendingSidecars++
					waiting++
				}
			default:
				pendingSidecars++
				unknown++
			}
			continue
		}
		switch {
		case s == nil:
			pendingInit++
		case s.State.Running != nil:
			pendingInit++
		case s.State.Terminated != nil:
			if s.State.Terminated.ExitCode != 0 {
				failedInit++
			}
		case s.State.Waiting != nil:
			if t := s.LastTerminationState.Terminated; t != nil {
				if t.ExitCode != 0 {
					failedInit++
				}
			} else {
				pendingInit++
			}
		default:
			pendingInit++
		}
	}
	for i := range pod.Spec.Containers {
		s := findStatus(statuses, pod.Spec.Containers[i].Name)
		switch {
		case s == nil:
			unknown++
		case s.State.Running != nil:
			running++
		case s.State.Terminated != nil:
			stopped++
			if s.State.Terminated.ExitCode == 0 {
				succeeded++
			}
		case s.State.Waiting != nil:
			if s.LastTerminationState.Terminated != nil {
				stopped++
			} else {
				waiting++
			}
		default:
			unknown++
		}
	}
	if failedInit > 0 && pod.Spec.RestartPolicy == api.RestartPolicyNever {
		return api.PodFailed
	}
	switch {
	case pendingInit > 0 || (pendingSidecars > 0 && !podHasInitialized):
		return api.PodPending
	case waiting > 0:
		return api.PodPending
	case running > 0 && unknown == 0:
		return api.PodRunning
	case running == 0 && stopped > 0 && unknown == 0:
		if podIsTerminal {
			if stopped == succeeded {
				return api.PodSucceeded
			}
			return api.PodFailed
		}
		if pod.Spec.RestartPolicy == api.RestartPolicyAlways {
			return api.PodRunning
		}
		if stopped == succeeded {
			return api.PodSucceeded
		}
		if pod.Spec.RestartPolicy == api.RestartPolicyNever {
			return api.PodFailed
		}
		return api.PodRunning
	}
	return api.PodPending
}

// hasAnyActiveRegularContainer is podHasInitialized's input to getPhase
// (kubecontainer.HasAnyActiveRegularContainerStarted): a main container
// was created and started in the pod's sandbox.
func hasAnyActiveRegularContainer(w *podWorker) bool {
	for _, c := range w.app {
		if c.inst != nil {
			return true
		}
	}
	return false
}

func findStatus(statuses []api.ContainerStatus, name string) *api.ContainerStatus {
	for i := range statuses {
		if statuses[i].Name == name {
			return &statuses[i]
		}
	}
	return nil
}

// readyToStartContainersCondition models GeneratePodReadyToStartContainersCondition.
func readyToStartContainersCondition(w *podWorker) api.PodCondition {
	if w.sandboxUp {
		return api.PodCondition{Type: PodReadyToStartContainers, Status: api.ConditionTrue}
	}
	return api.PodCondition{Type: PodReadyToStartContainers, Status: api.ConditionFalse}
}

// initializedCondition models GeneratePodInitializedCondition.
func initializedCondition(pod *api.Pod, all []api.ContainerStatus, phase api.PodPhase) api.PodCondition {
	var unknown, incomplete []string
	for _, ic := range pod.Spec.InitContainers {
		s := findStatus(all, ic.Name)
		if s == nil {
			unknown = append(unknown, ic.Name)
			continue
		}
		// isInitContainerInitialized: a sidecar once it has started
		// (its startup probe succeeded), a regular one once it completed.
		if isSidecar(&ic) {
			if s.Started == nil || !*s.Started {
				incomplete = append(incomplete, ic.Name)
			}
			continue
		}
		if s.State.Terminated == nil || s.State.Terminated.ExitCode != 0 {
			incomplete = append(incomplete, ic.Name)
		}
	}
	// A succeeded pod whose init containers are all known is PodCompleted.
	if phase == api.PodSucceeded && len(unknown) == 0 {
		return api.PodCondition{Type: api.PodInitialized, Status: api.ConditionTrue, Reason: reasonPodCompleted}
	}
	if len(pod.Spec.InitContainers) == 0 {
		return api.PodCondition{Type: api.PodInitialized, Status: api.ConditionTrue}
	}
	// A regular container that has started means initialization is done.
	for _, c := range pod.Spec.Containers {
		if s := findStatus(all, c.Name); s != nil && (s.State.Running != nil || s.State.Terminated != nil || s.LastTerminationState.Terminated != nil) {
			return api.PodCondition{Type: api.PodInitialized, Status: api.ConditionTrue}
		}
	}
	var msgs []string
	if len(unknown) > 0 {
		msgs = append(msgs, fmt.Sprintf("containers with unknown status: %v", unknown))
	}
	if len(incomplete) > 0 {
		msgs = append(msgs, fmt.Sprintf("containers with incomplete status: %v", incomplete))
	}
	if len(msgs) > 0 {
		return api.PodCondition{Type: api.PodInitialized, Status: api.ConditionFalse,
			Reason: reasonContainersNotInitialized, Message: strings.Join(msgs, ", ")}
	}
	return api.PodCondition{Type: api.PodInitialized, Status: api.ConditionTrue}
}

// containersReadyCondition models GenerateContainersReadyCondition.
func containersReadyCondition(pod *api.Pod, all []api.ContainerStatus, phase api.PodPhase) api.PodCondition {
	var unknown, unready []string
	count := func(c *api.Container) {
		s := findStatus(all, c.Name)
		if s == nil {
			unknown = append(unknown, c.Name)
		} else if !s.Ready {
			unready = append(unready, c.Name)
		}
	}
	// The sidecars count first (IsRestartableInitContainer), then the
	// main containers.
	for i := range pod.Spec.InitContainers {
		if c := &pod.Spec.InitContainers[i]; isSidecar(c) {
			count(c)
		}
	}
	for i := range pod.Spec.Containers {
		count(&pod.Spec.Containers[i])
	}
	switch {
	case phase == api.PodSucceeded && len(unknown) == 0:
		return api.PodCondition{Type: api.ContainersReady, Status: api.ConditionFalse, Reason: reasonPodCompleted}
	case phase == api.PodFailed:
		return api.PodCondition{Type: api.ContainersReady, Status: api.ConditionFalse, Reason: reasonPodFailed}
	}
	var msgs []string
	if len(unknown) > 0 {
		msgs = append(msgs, fmt.Sprintf("containers with unknown status: %v", unknown))
	}
	if len(unready) > 0 {
		msgs = append(msgs, fmt.Sprintf("containers with unready status: %v", unready))
	}
	if len(msgs) > 0 {
		return api.PodCondition{Type: api.ContainersReady, Status: api.ConditionFalse,
			Reason: reasonContainersNotReady, Message: strings.Join(msgs, ", ")}
	}
	return api.PodCondition{Type: api.ContainersReady, Status: api.ConditionTrue}
}

// readyCondition models GeneratePodReadyCondition: ContainersReady, and
// then every readiness gate's condition True in the pod's status (set by
// whatever controller owns the gate; with none, the pod never gets Ready).
func readyCondition(pod *api.Pod, all []api.ContainerStatus, phase api.PodPhase) api.PodCondition {
	cr := containersReadyCondition(pod, all, phase)
	if cr.Status != api.ConditionTrue {
		return api.PodCondition{Type: api.PodReady, Status: cr.Status, Reason: cr.Reason, Message: cr.Message}
	}
	var unready []string
	for _, g := range pod.Spec.ReadinessGates {
		var found *api.PodCondition
		for i := range pod.Status.Conditions {
			if pod.Status.Conditions[i].Type == g.ConditionType {
				found = &pod.Status.Conditions[i]
			}
		}
		switch {
		case found == nil:
			unready = append(unready, fmt.Sprintf("corresponding condition of pod readiness gate %q does not exist.", string(g.ConditionType)))
		case found.Status != api.ConditionTrue:
			unready = append(unready, fmt.Sprintf("the status of pod readiness gate %q is not \"True\", but %v", string(g.ConditionType), found.Status))
		}
	}
	if len(unready) > 0 {
		return api.PodCondition{Type: api.PodReady, Status: api.ConditionFalse, Reason: "ReadinessGatesNotReady", Message: strings.Join(unready, ", ")}
	}
	return api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue}
}

// writeStatus writes the pod's status through the status subresource when
// it differs from what the API server has (status_manager.go syncPod with
// needsUpdate).
func (k *Kubelet) writeStatus(w *podWorker, now time.Time, ds *controller.Decisions) (held bool, err error) {
	if w.confirmed {
		return false, nil
	}
	s := k.generateStatus(w, now)
	if reflect.DeepEqual(normalize(s), normalize(w.pod.Status)) {
		return false, nil
	}
	if !k.takeToken(w, now, ds, "status write") {
		return true, nil
	}
	p := &k.statusPod
	*p = *w.pod // shallow: the server deep-copies its input
	p.Status = s
	p.ResourceVersion = ""
	obj, err := k.server.UpdateStatusShared(p)
	*p = api.Pod{} // hold on to nothing of it
	if err != nil {
		if apiserver.IsNotFound(err) {
			return false, nil
		}
		return false, err
	}
	w.lastRV = obj.GetObjectMeta().ResourceVersion
	w.pod = obj.(*api.Pod)
	return false, nil
}

// normalize clears the differences DeepEqual would see but the API does
// not keep (empty slices versus nil).
func normalize(s api.PodStatus) api.PodStatus {
	if len(s.Conditions) == 0 {
		s.Conditions = nil
	}
	if len(s.InitContainerStatuses) == 0 {
		s.InitContainerStatuses = nil
	}
	if len(s.ContainerStatuses) == 0 {
		s.ContainerStatuses = nil
	}
	if len(s.PodIPs) == 0 {
		s.PodIPs = nil
	}
	if len(s.HostIPs) == 0 {
		s.HostIPs = nil
	}
	return s
}

// takeToken asks the kubelet's client for a request's token (what is "status
// write" or "delete"). A token due past this tick is not taken: the
// request waits, and the pod is synced again at the tick the token is due,
// when the status manager writes the latest status it holds.
func (k *Kubelet) takeToken(w *podWorker, now time.Time, ds *controller.Decisions, what string) bool {
	_, err := k.apiClient.TryWait()
	te, throttled := controller.IsThrottled(err)
	if !throttled {
		return true
	}
	resume := controller.ResumeAfter(te.Wait)
	k.wake(w, now.Add(resume))
	ds.Add("status_manager.syncPod", "client kubelet: "+k.apiClient.Connection().String(),
		fmt.Sprintf("the pod's %s waits %s for a token (client-side throttling): sent at %s",
			what, te.Wait.Round(time.Millisecond), now.Add(resume).UTC().Format(time.TimeOnly))).
		Say("kubelet.throttled", controller.Duration("wait", te.Wait.Round(time.Millisecond)), controller.Duration("resume", resume))
	return false
}

// Package fakekubelet is a stand-in for the scheduler and the kubelets,
// small on purpose, so that the controllers can be tested end to end before
// the real ones exist.
//
// DELETE THIS PACKAGE when core/scheduler and core/kubelet land (the
// nodes/kubelet issue): nothing in core/ outside tests and scenario wiring
// should import it, and it imports nothing but the API types, the API
// server, the clock and the controller framework.
//
// Each tick it looks at every pod (sorted by namespace/name) and:
//
//  1. binds an unscheduled pod to the next of Options.Nodes, round-robin
//     (default node-1, node-2, node-3), through the pods/binding
//     subresource, as a scheduler would;
//  2. writes the pod's status through UpdateStatus, as a kubelet would:
//     phase Pending with a ContainerCreating container, then, ReadyAfter
//     ticks after the pod was created, phase Running with running, ready
//     containers and the conditions PodReadyToStartContainers,
//     Initialized, Ready, ContainersReady and PodScheduled (the binding
//     sets it; the kubelet reports it too), a podIP from the node's range (node i of Options.Nodes gets
//     10.244.i.0/24, addresses handed out from .2 upwards in binding
//     order), hostIP 172.18.0.(i+1) and startTime. An image marked
//     NeverReady cannot be pulled: its container alternates between
//     ErrImagePull (at each pull attempt) and ImagePullBackOff, with the
//     kubelet's image back-off of 10 s doubling to 300 s, and the pod stays
//     Pending and unready;
//  3. removes a pod being deleted (Delete with grace 0, as a kubelet
//     confirms a pod it has stopped) once its containers have stopped:
//     StopAfter ticks after the deletion began, or at the deletionTimestamp
//     if that comes first (Termination StopPromptly, the default), or only
//     at the deletionTimestamp (Termination WaitForGracePeriod).
//
// It acts only on ticks (it is a cluster.Actor, not a controller), so a pod
// created during a tick is bound at the next one, where a real scheduler
// takes milliseconds. It records no events, leaves a terminating pod's
// status alone, and runs no probes, restarts, hooks or leases. Its
// only state is the round-robin position and the address counters; all
// timing derives from the pods' timestamps and the virtual clock, so two
// runs with the same seed are identical.
package fakekubelet

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the actor's name.
const Name = "fake-kubelet"

// Termination says when the containers of a pod being deleted stop.
type Termination int

const (
	// StopPromptly: the app exits StopAfter ticks after SIGTERM, bounded
	// by the grace period (nginx and most servers behave so).
	StopPromptly Termination = iota
	// WaitForGracePeriod: the app ignores SIGTERM and is killed when the
	// grace period runs out, at the deletionTimestamp.
	WaitForGracePeriod
)

// ImageBehavior overrides how containers of one image (the exact
// spec.containers[].image string) behave.
type ImageBehavior struct {
	// NeverReady: the image cannot be pulled (a tag that does not exist,
	// like nginx:1.161). The container waits in ErrImagePull /
	// ImagePullBackOff forever and the pod never becomes ready.
	NeverReady bool
	// ReadyAfter overrides Options.ReadyAfter for this image (0 = no
	// override). For a NeverReady image it is when the first pull fails.
	ReadyAfter int
}

// Options configure the actor. The zero value is the default behaviour.
type Options struct {
	// ReadyAfter is how many ticks after its creation a pod becomes
	// Running and Ready (0 = 2: a 2 s image pull, then start).
	ReadyAfter int
	// StopAfter is how many ticks after the deletion began the containers
	// of a terminating pod have stopped (0 = 1), under StopPromptly.
	StopAfter int
	// Termination chooses between StopAfter and the full grace period.
	Termination Termination
	// Images gives per-image behaviour, keyed by the image string.
	Images map[string]ImageBehavior
	// Nodes are the node names pods are bound to, round-robin
	// (nil = node-1, node-2, node-3).
	Nodes []string
}

// DefaultNodes are the nodes pods are bound to unless Options.Nodes is set.
var DefaultNodes = []string{"node-1", "node-2", "node-3"}

// Image pull back-off of the kubelet (flowcontrol.NewBackOff(10s, 300s)).
const (
	imageBackOffInitial = 10 * time.Second
	imageBackOffMax     = 300 * time.Second
)

// FakeKubelet is the actor. Register it with cluster.AddActor.
type FakeKubelet struct {
	server    *apiserver.Server
	informers *controller.Informers
	pods      *controller.Store
	clock     clock.Source
	opts      Options

	next       int                     // round-robin position in opts.Nodes
	lastIP     map[int]int             // node index → last host number handed out
	pullErrors map[string]pullMessages // image → its waiting messages (a cache)
}

// New returns the actor for a cluster's context.
func New(ctx *controller.Context, opts Options) *FakeKubelet {
	if opts.ReadyAfter <= 0 {
		opts.ReadyAfter = 2
	}
	if opts.StopAfter <= 0 {
		opts.StopAfter = 1
	}
	if len(opts.Nodes) == 0 {
		opts.Nodes = DefaultNodes
	}
	podKind := api.PodKind
	return &FakeKubelet{
		server:     ctx.Server,
		informers:  ctx.Informers,
		pods:       ctx.Informers.Lister(podKind),
		clock:      ctx.Clock,
		opts:       opts,
		lastIP:     map[int]int{},
		pullErrors: map[string]pullMessages{},
	}
}

// Name implements cluster.Actor.
func (k *FakeKubelet) Name() string { return Name }

// Tick implements cluster.Actor: one pass over every pod, in key order.
// Write errors (a pod deleted meanwhile, a conflict) are left for the next
// tick, as a kubelet's next sync would retry.
func (k *FakeKubelet) Tick() {
	// cluster.Tick pumps the informers after each actor but not before the
	// first, so writes made since the last Settle would be invisible here.
	k.informers.Pump()
	now := k.clock.Now()
	for _, pod := range controller.ListAs[*api.Pod](k.pods, "", nil) {
		switch {
		case pod.DeletionTimestamp != nil:
			k.terminate(pod, now)
		case pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed:
		case pod.Spec.NodeName == "":
			bound, err := k.server.Bind(pod.Namespace, pod.Name, k.opts.Nodes[k.next%len(k.opts.Nodes)])
			if err != nil {
				continue
			}
			k.next++
			k.sync(bound, now)
		default:
			k.sync(pod, now)
		}
	}
}

// terminate confirms the deletion of a pod whose containers have stopped.
func (k *FakeKubelet) terminate(pod *api.Pod, now time.Time) {
	g := pod.DeletionGracePeriodSeconds
	if g == nil || *g == 0 {
		return // nothing to confirm: only finalizers hold it
	}
	deadline := pod.DeletionTimestamp.Time
	stopAt := deadline
	if k.opts.Termination == StopPromptly {
		began := deadline.Add(-time.Duration(*g) * time.Second)
		if t := began.Add(ticks(k.opts.StopAfter)); t.Before(stopAt) {
			stopAt = t
		}
	}
	if now.Before(stopAt) {
		return
	}
	zero := int64(0)
	uid := pod.UID
	k.server.Delete(podKindInfo(), pod.Namespace, pod.Name, &apiserver.DeleteOptions{
		GracePeriodSeconds: &zero, Preconditions: &apiserver.Preconditions{UID: &uid}})
}

// sync writes the status a kubelet would report now, if it differs.
func (k *FakeKubelet) sync(pod *api.Pod, now time.Time) {
	if k.upToDate(pod, now) {
		return
	}
	want := k.desired(pod, now)
	if statusEqual(&pod.Status, want) {
		return
	}
	upd := api.DeepCopy(pod)
	upd.Status = *want
	k.server.UpdateStatus(upd)
}

// upToDate is the cheap check that the pod's containers already show the
// states they have now: the common case, a steady pod, writes nothing and
// builds nothing.
func (k *FakeKubelet) upToDate(pod *api.Pod, now time.Time) bool {
	st := &pod.Status
	if st.PodIP == "" || len(st.Conditions) != 5 || len(st.ContainerStatuses) != len(pod.Spec.Containers) {
		return false
	}
	for i := range pod.Spec.Containers {
		want := k.containerAt(pod, &pod.Spec.Containers[i], now)
		got := &st.ContainerStatuses[i].State
		switch {
		case want.reason != "":
			if got.Waiting == nil || got.Waiting.Reason != want.reason || got.Waiting.Message != want.message {
				return false
			}
		case got.Running == nil || !got.Running.StartedAt.Equal(want.started):
			return false
		}
	}
	return true
}

func ticks(n int) time.Duration { return time.Duration(n) * time.Second }

func podKindInfo() *api.KindInfo {
	k := api.PodKind
	return k
}

// containerState is where one container is at a given time.
type containerState struct {
	reason  string // waiting reason, "" when running
	message string
	started time.Time // when running
}

// containerAt derives a container's state from the pod's creation time.
func (k *FakeKubelet) containerAt(pod *api.Pod, c *api.Container, now time.Time) containerState {
	b := k.opts.Images[c.Image]
	after := k.opts.ReadyAfter
	if b.ReadyAfter > 0 {
		after = b.ReadyAfter
	}
	t0 := pod.CreationTimestamp.Add(ticks(after))
	switch {
	case now.Before(t0):
		return containerState{reason: "ContainerCreating"}
	case !b.NeverReady:
		return containerState{started: t0}
	}
	m, ok := k.pullErrors[c.Image]
	if !ok {
		m.pull = pullErrorMessage(c.Image)
		m.backOff = fmt.Sprintf("Back-off pulling image %q: ErrImagePull: %s", withDefaultTag(c.Image), m.pull)
		k.pullErrors[c.Image] = m
	}
	if isPullAttempt(now.Sub(t0)) {
		return containerState{reason: "ErrImagePull", message: m.pull}
	}
	return containerState{reason: "ImagePullBackOff", message: m.backOff}
}

// pullMessages are the two waiting messages of an image that cannot be
// pulled, made once per image.
type pullMessages struct{ pull, backOff string }

// isPullAttempt reports whether a pull is attempted elapsed after the
// first one: at 0, then after each back-off (10 s, 20 s, 40 s, ... 300 s).
func isPullAttempt(elapsed time.Duration) bool {
	at, d := time.Duration(0), imageBackOffInitial
	for at < elapsed {
		at += d
		d = min(2*d, imageBackOffMax)
	}
	return at == elapsed
}

// pullErrorMessage is the error containerd reports for a tag that does not
// exist, as the kubelet puts it in the ErrImagePull waiting message.
func pullErrorMessage(image string) string {
	ref := normalizeImage(image)
	return fmt.Sprintf("rpc error: code = NotFound desc = failed to pull and unpack image %q: failed to resolve reference %q: %s: not found", ref, ref, ref)
}

// withDefaultTag is the kubelet's applyDefaultImageTag: ":latest" when the
// image names no tag or digest.
func withDefaultTag(image string) string {
	if strings.Contains(image, "@") {
		return image
	}
	last := image[strings.LastIndex(image, "/")+1:]
	if !strings.Contains(last, ":") {
		return image + ":latest"
	}
	return image
}

// normalizeImage is the runtime's fully qualified name for an image:
// "nginx:1.27" → "docker.io/library/nginx:1.27".
func normalizeImage(image string) string {
	image = withDefaultTag(image)
	first, _, hasSlash := strings.Cut(image, "/")
	switch {
	case !hasSlash:
		return "docker.io/library/" + image
	case !strings.ContainsAny(first, ".:") && first != "localhost":
		return "docker.io/" + image
	}
	return image
}

// digest is a stable fake sha256 for a string.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// desired is the status the kubelet reports for a bound pod at now. Times
// of conditions that keep their status are kept.
func (k *FakeKubelet) desired(pod *api.Pod, now time.Time) *api.PodStatus {
	st := &api.PodStatus{
		QOSClass:   pod.Status.QOSClass,
		HostIP:     pod.Status.HostIP,
		HostIPs:    pod.Status.HostIPs,
		PodIP:      pod.Status.PodIP,
		PodIPs:     pod.Status.PodIPs,
		StartTime:  pod.Status.StartTime,
		Conditions: nil,
	}
	if st.StartTime == nil {
		st.StartTime = api.NewTimePtr(now)
	}
	if st.PodIP == "" {
		i := k.nodeIndex(pod.Spec.NodeName)
		host := fmt.Sprintf("172.18.0.%d", i+1)
		ip := k.allocateIP(i)
		st.HostIP, st.HostIPs = host, []api.HostIP{{IP: host}}
		st.PodIP, st.PodIPs = ip, []api.PodIP{{IP: ip}}
	}

	var unready []string
	for i := range pod.Spec.Containers {
		c := &pod.Spec.Containers[i]
		cs := k.containerAt(pod, c, now)
		s := api.ContainerStatus{Name: c.Name, Image: c.Image, Started: ptr(false)}
		if cs.reason != "" {
			s.State.Waiting = &api.ContainerStateWaiting{Reason: cs.reason, Message: cs.message}
			unready = append(unready, c.Name)
		} else {
			ref := normalizeImage(c.Image)
			s.State.Running = &api.ContainerStateRunning{StartedAt: api.NewTime(cs.started)}
			s.Ready, s.Started = true, ptr(true)
			s.Image = ref
			s.ImageID = ref[:strings.LastIndexAny(ref, ":@")] + "@sha256:" + digest(ref)
			s.ContainerID = "containerd://" + digest(pod.UID+"/"+c.Name)
		}
		st.ContainerStatuses = append(st.ContainerStatuses, s)
	}

	// getPhase: Pending while any container has not started.
	st.Phase = api.PodRunning
	ready := api.ConditionTrue
	reason, message := "", ""
	if len(unready) > 0 {
		st.Phase = api.PodPending
		ready = api.ConditionFalse
		reason = "ContainersNotReady"
		message = fmt.Sprintf("containers with unready status: [%s]", strings.Join(unready, " "))
	}
	cond := func(t api.PodConditionType, s api.ConditionStatus, reason, message string) {
		c := api.PodCondition{Type: t, Status: s, Reason: reason, Message: message, LastTransitionTime: api.NewTime(now)}
		if old := findCondition(pod.Status.Conditions, t); old != nil && old.Status == s {
			c.LastTransitionTime = old.LastTransitionTime
		}
		st.Conditions = append(st.Conditions, c)
	}
	// The kubelet's order (generateAPIPodStatus). It reports PodScheduled
	// True too, keeping the binding's transition time: a pod it runs is
	// scheduled, even one created with spec.nodeName set.
	cond("PodReadyToStartContainers", api.ConditionTrue, "", "")
	cond(api.PodInitialized, api.ConditionTrue, "", "")
	cond(api.PodReady, ready, reason, message)
	cond(api.ContainersReady, ready, reason, message)
	cond(api.PodScheduled, api.ConditionTrue, "", "")
	return st
}

func ptr[T any](v T) *T { return &v }

func findCondition(cs []api.PodCondition, t api.PodConditionType) *api.PodCondition {
	for i := range cs {
		if cs[i].Type == t {
			return &cs[i]
		}
	}
	return nil
}

// nodeIndex is a node's 1-based position in Options.Nodes (0 if unknown),
// which picks its pod range 10.244.<index>.0/24.
func (k *FakeKubelet) nodeIndex(node string) int {
	for i, n := range k.opts.Nodes {
		if n == node {
			return i + 1
		}
	}
	return 0
}

// allocateIP hands out the next address of a node's /24, from .2 to .254,
// then around again.
func (k *FakeKubelet) allocateIP(node int) string {
	n := k.lastIP[node] + 1
	if n < 2 || n > 254 {
		n = 2
	}
	k.lastIP[node] = n
	return fmt.Sprintf("10.244.%d.%d", node, n)
}

// statusEqual compares the fields this actor writes.
func statusEqual(a, b *api.PodStatus) bool {
	if a.Phase != b.Phase || a.PodIP != b.PodIP || a.HostIP != b.HostIP ||
		len(a.Conditions) != len(b.Conditions) || len(a.ContainerStatuses) != len(b.ContainerStatuses) ||
		(a.StartTime == nil) != (b.StartTime == nil) {
		return false
	}
	for i := range a.Conditions {
		x, y := a.Conditions[i], b.Conditions[i]
		if x.Type != y.Type || x.Status != y.Status || x.Reason != y.Reason || x.Message != y.Message ||
			!x.LastTransitionTime.Equal(y.LastTransitionTime.Time) {
			return false
		}
	}
	for i := range a.ContainerStatuses {
		x, y := a.ContainerStatuses[i], b.ContainerStatuses[i]
		if x.Name != y.Name || x.Ready != y.Ready || x.Image != y.Image || x.ImageID != y.ImageID ||
			stateKey(x.State) != stateKey(y.State) {
			return false
		}
	}
	return true
}

func stateKey(s api.ContainerState) string {
	switch {
	case s.Waiting != nil:
		return "waiting/" + s.Waiting.Reason + "/" + s.Waiting.Message
	case s.Running != nil:
		return "running/" + s.Running.StartedAt.String()
	case s.Terminated != nil:
		return "terminated/" + s.Terminated.Reason
	}
	return ""
}

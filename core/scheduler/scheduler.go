package scheduler

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the scheduler's name: the spec.schedulerName it serves and the
// component its events carry.
const Name = "default-scheduler"

// Hostname is the host kube-scheduler runs on, which names the
// reportingInstance of its events ("default-scheduler-kubeplay-control-plane",
// shown by kubectl get events -o wide as SOURCE "default-scheduler,
// default-scheduler-kubeplay-control-plane"; describe shows only the
// component). The playground draws no control-plane node: this is the name
// kind gives the control-plane node of a cluster called "kubeplay", the
// scheduler's hostname there since it runs with hostNetwork.
const Hostname = "kubeplay-control-plane"

// Event reasons and the PodScheduled condition reasons (v1.PodReason*).
const (
	EventScheduled          = "Scheduled"
	EventFailedScheduling   = "FailedScheduling"
	ReasonUnschedulable     = "Unschedulable"
	ReasonSchedulerError    = "SchedulerError"
	scheduledMessageFormat  = "Successfully assigned %v/%v to %v"
	bindPluginErrorFormat   = "running Bind plugin %q: %v"
	defaultBinderPluginName = "DefaultBinder"
)

// Queue timings of the scheduling queue (pkg/scheduler/backend/queue).
const (
	// PodInitialBackoff and PodMaxBackoff bound the back-off of a pod
	// whose attempt failed with an error (podInitialBackoffDurationSeconds 1,
	// podMaxBackoffDurationSeconds 10): 1s, 2s, 4s, 8s, 10s, 10s, ...
	PodInitialBackoff = 1 * time.Second
	PodMaxBackoff     = 10 * time.Second
	// PodMaxInUnschedulablePods is how long an unschedulable pod waits for
	// a cluster event before it is retried anyway
	// (DefaultPodMaxInUnschedulablePodsDuration, 5 minutes) ...
	PodMaxInUnschedulablePods = 5 * time.Minute
	// ... checked by flushUnschedulablePodsLeftover every 30 seconds from
	// the scheduler's start.
	UnschedulableFlushPeriod = 30 * time.Second
)

// Scheduler is kube-scheduler with the default profile, as a controller: its
// work queue holds the keys of pods waiting for a node, and Sync is one
// scheduling cycle plus the binding cycle (scheduleOne).
//
// The scheduling queue (PriorityQueue) is modelled on top of the work queue:
//
//   - a new pending pod, or one whose spec or labels change, is active: it
//     is queued at once;
//   - a pod no node fits is unschedulable: it waits for a cluster event that
//     one of the plugins that rejected it says may help (queueing hints,
//     see hints.go), or for the 5-minute leftover flush, which runs every
//     30 s; then it is retried at once. (Upstream moves it to the backoff
//     queue, but since v1.33 pops the backoff queue whenever the active
//     queue is empty — SchedulerPopFromBackoffQ — which in a one-at-a-time
//     simulation is always);
//   - a pod whose attempt failed with an error (binding failed) backs off
//     1 s, doubling per attempt up to 10 s; these are never popped early.
//
// A retried pod that still fits nowhere records another FailedScheduling
// event, which the event recorder counts ("(x2 over 5m)").
type Scheduler struct {
	ctx      *controller.Context
	queue    *controller.Queue
	recorder *controller.Recorder
	pods     *controller.Store
	nodes    *controller.Store
	cache    *cache
	// states is the scheduling queue's knowledge of each pending pod.
	states map[string]*queuedPod
	// start is when the scheduler started; the leftover flush runs every
	// 30 s from then.
	start time.Time
	// snapshot is the nodes in name order with their cache entries
	// (Cache.UpdateSnapshot), rebuilt after any node event.
	snapshot []snapshotNode
	// mayHaveUnschedulable is false only when no pod in states is
	// unschedulable, so requeue can skip its scan (set when a pod is parked
	// unschedulable, cleared by a scan that leaves none).
	mayHaveUnschedulable bool
	// volumes is the VolumeBinding plugin (volumebinding.go).
	volumes *volumeBinder
	// client is the scheduler's clientset (createClients:
	// clientset.NewForConfig(AddUserAgent(kubeConfig, "scheduler")), QPS 50,
	// burst 100): bindings and status writes wait for its tokens. Its
	// events go through a second clientset (eventClient), not limited here.
	client *controller.Client
	// scratch is scheduleOne's per-node lists, reused from pod to pod: a
	// rollout on 100 nodes schedules thousands of pods, and fresh lists
	// for each were a tenth of its allocations.
	scratch struct {
		feasible []*api.Node
		infos    []*nodeInfo
		scores   []nodeScore
	}
}

type snapshotNode struct {
	node *api.Node
	info *nodeInfo
}

// nodeSnapshot returns the current snapshot.
func (s *Scheduler) nodeSnapshot() []snapshotNode {
	if s.snapshot == nil {
		nodes := controller.ListAs[*api.Node](s.nodes, "", nil)
		s.snapshot = make([]snapshotNode, len(nodes))
		for i, n := range nodes {
			s.snapshot[i] = snapshotNode{node: n, info: s.cache.node(n.Name)}
		}
	}
	return s.snapshot
}

// queuePhase says where a pending pod is in the scheduling queue.
type queuePhase int

const (
	phaseActive        queuePhase = iota // activeQ: try now
	phaseUnschedulable                   // unschedulablePods: wait for an event
	phaseBackoff                         // podErrorBackoffQ: wait out the back-off
)

// queuedPod is framework.QueuedPodInfo's queue bookkeeping.
type queuedPod struct {
	phase    queuePhase
	attempts int
	// timestamp is when the pod last entered the queue after an attempt.
	timestamp time.Time
	// due is when a parked pod may be tried: the end of its back-off, or
	// the leftover flush that will move it.
	due time.Time
	// rejectors are the plugins that rejected the pod in its last attempt
	// (UnschedulablePlugins), which decide which events requeue it.
	rejectors map[string]bool
}

var (
	podKind  = api.KindOf(&api.Pod{})
	nodeKind = api.KindOf(&api.Node{})
)

// New returns the scheduler, registered with the context's informers, with
// every pending pod already in the cache queued.
func New(ctx *controller.Context) *Scheduler {
	s := &Scheduler{
		ctx:      ctx,
		queue:    ctx.NewQueue(),
		recorder: ctx.EventsRecorder(Name, Hostname),
		pods:     ctx.Informers.Lister(podKind),
		nodes:    ctx.Informers.Lister(nodeKind),
		cache:    newCache(),
		states:   map[string]*queuedPod{},
		start:    ctx.Clock.Now(),
		client:   controller.NewClient("scheduler", ctx.Server, ctx.Clock, controller.KubeSchedulerClient),
	}
	ctx.Informers.AddHandler(podKind, controller.Handler{
		Add:    func(obj api.Object) { s.podChanged(nil, obj.(*api.Pod)) },
		Update: func(old, cur api.Object) { s.podChanged(old.(*api.Pod), cur.(*api.Pod)) },
		Delete: func(obj api.Object) { s.podChanged(obj.(*api.Pod), nil) },
	})
	ctx.Informers.AddHandler(nodeKind, controller.Handler{
		Add:    func(obj api.Object) { s.nodeChanged(nil, obj.(*api.Node)) },
		Update: func(old, cur api.Object) { s.nodeChanged(old.(*api.Node), cur.(*api.Node)) },
		Delete: func(api.Object) { s.snapshot = nil },
	})
	s.volumes = newVolumeBinder(s)
	return s
}

// Name implements controller.Controller.
func (s *Scheduler) Name() string { return Name }

// Queue implements controller.Controller.
func (s *Scheduler) Queue() *controller.Queue { return s.queue }

// Client implements controller.ClientUser.
func (s *Scheduler) Client() *controller.Client { return s.client }

// MaxRetries implements controller.Controller: failures are handled by the
// scheduling queue itself, so Sync never asks for a rate-limited retry.
func (s *Scheduler) MaxRetries() int { return 0 }

// responsibleFor reports whether pod waits for this scheduler: unassigned,
// for default-scheduler, not being deleted (skipPodSchedule) and not
// finished.
func responsibleFor(pod *api.Pod) bool {
	return pod.Spec.NodeName == "" && (pod.Spec.SchedulerName == Name || pod.Spec.SchedulerName == "") &&
		pod.DeletionTimestamp == nil && !isTerminal(pod)
}

// podChanged is the pod informer's handler (addAllEventHandlers): assigned
// pods feed the cache, pending ones the queue.
func (s *Scheduler) podChanged(old, cur *api.Pod) {
	var key string
	if cur != nil {
		key = controller.KeyOf(cur)
	} else {
		key = controller.KeyOf(old)
	}
	s.cache.set(key, cur)
	wasAssigned := old != nil && old.Spec.NodeName != "" && !isTerminal(old)
	isAssigned := cur != nil && cur.Spec.NodeName != "" && !isTerminal(cur)
	if wasAssigned && !isAssigned {
		// The scheduler's informer sees a pod turning terminal as a
		// deletion (its field selector drops it): AssignedPodDelete.
		s.onAssignedPodDeleted(old)
	}
	if isAssigned && !wasAssigned {
		s.onAssignedPodAdded(cur)
	}
	if cur == nil || !responsibleFor(cur) {
		delete(s.states, key)
		return
	}
	st := s.states[key]
	switch {
	case st == nil:
		s.states[key] = &queuedPod{phase: phaseActive, timestamp: s.ctx.Clock.Now()}
		s.queue.Add(key)
	case st.phase != phaseActive && old != nil && isPodUpdated(old, cur):
		// The pod itself changed (new tolerations, labels, selector):
		// UpdatePodToleration and friends requeue it.
		s.activate(key, st)
	}
}

// isPodUpdated models the scheduling queue's isPodUpdated: a change other
// than to the status, resourceVersion or generation.
func isPodUpdated(old, cur *api.Pod) bool {
	strip := func(p *api.Pod) *api.Pod {
		c := *p
		c.ResourceVersion, c.Generation, c.Status = "", 0, api.PodStatus{}
		return &c
	}
	return !reflect.DeepEqual(strip(old), strip(cur))
}

// activate moves a parked pod to the active queue.
func (s *Scheduler) activate(key string, st *queuedPod) {
	st.phase = phaseActive
	st.due = time.Time{}
	s.queue.Add(key)
}

// Sync implements controller.Controller: one attempt to schedule the pod
// named by key, if it is still pending and due.
func (s *Scheduler) Sync(key string, ds *controller.Decisions) error {
	ns, name := controller.SplitKey(key)
	pod, ok := controller.GetAs[*api.Pod](s.pods, ns, name)
	if !ok || !responsibleFor(pod) {
		delete(s.states, key)
		delete(s.volumes.waiting, key)
		return nil
	}
	now := s.ctx.Clock.Now()
	st := s.states[key]
	if st == nil {
		st = &queuedPod{phase: phaseActive, timestamp: now}
		s.states[key] = st
	}
	if st.phase != phaseActive {
		if now.Before(st.due) {
			// An earlier wake-up of this key; wait for the right one.
			s.queue.AddAfter(key, st.due.Sub(now))
			return nil
		}
		if st.phase == phaseUnschedulable {
			ds.Add("flushUnschedulablePodsLeftover",
				fmt.Sprintf("unschedulable since %s; now - since > %s", formatTime(st.timestamp), PodMaxInUnschedulablePods),
				"move "+key+" to the active queue (UnschedulableTimeout)").
				Say("scheduler.flushUnschedulable", controller.Duration("max", PodMaxInUnschedulablePods))
		}
		st.phase = phaseActive
	}
	st.attempts++
	s.scheduleOne(key, pod, st, ds)
	return nil
}

// scheduleOne models Scheduler.scheduleOne: a scheduling cycle (filter,
// score, select) and, on success, the binding cycle; on failure,
// handleSchedulingFailure.
func (s *Scheduler) scheduleOne(key string, pod *api.Pod, st *queuedPod, ds *controller.Decisions) {
	nodes := s.nodeSnapshot()
	if len(nodes) == 0 {
		ds.Add("schedulePod", "", "no nodes: "+ErrNoNodesAvailable).
			Say("scheduler.noNodes")
		s.handleFailure(key, pod, st, ReasonUnschedulable, ErrNoNodesAvailable, nil, ds)
		return
	}
	claims, preMsg := s.volumes.preFilter(pod)
	if preMsg != "" {
		ds.Add("RunPreFilterPlugins", pluginVolumeBinding, preMsg).
			Say("scheduler.preFilterFailed", controller.Text("message", preMsg))
		s.handleFailure(key, pod, st, ReasonUnschedulable, preFilterErrorMessage(len(nodes), preMsg),
			map[string]bool{pluginVolumeBinding: true}, ds)
		return
	}
	if node, ok := s.volumes.waiting[key]; ok {
		// A binding cycle waiting for its claims (BindPodVolumes).
		if !s.volumes.preBind(key, pod, claims, node, ds) {
			return
		}
		s.bind(key, pod, st, node, ds)
		return
	}
	f := newPodFacts(pod)
	f.affinity = newAffinityState(pod, s.pods, s.cache.antiPods, s.nodes)
	if len(pod.Spec.TopologySpreadConstraints) > 0 {
		f.pods = newSpreadPods(pod, s.pods)
		f.spread = newSpreadState(pod, nodes, f.pods)
	}
	detailed := len(nodes) <= maxDetailedNodes
	feasible, infos := s.scratch.feasible[:0], s.scratch.infos[:0]
	defer func() { s.scratch.feasible, s.scratch.infos = clear0(feasible), clear0(infos) }()
	var (
		failed   []*status
		inputs   []controller.Input
		rejected = map[string]bool{}
	)
	for _, sn := range nodes {
		n, ni := sn.node, sn.info
		st := runFilters(f, n, ni, detailed)
		if st == nil {
			st = s.volumes.filter(claims, n)
		}
		if st != nil {
			failed = append(failed, st)
			rejected[st.plugin] = true
			if detailed {
				inputs = append(inputs, controller.Input{Name: n.Name,
					Value: st.plugin + ": " + strings.Join(st.reasons, ", ") + " (" + st.detail + ")"})
			}
			continue
		}
		feasible = append(feasible, n)
		infos = append(infos, ni)
		if detailed {
			inputs = append(inputs, controller.Input{Name: n.Name, Value: "fits"})
		}
	}
	if !detailed {
		// A large cluster: the reasons' histogram, not one line per node.
		// Count by plugin and reason first: building the "plugin: reason"
		// name once per kind of failure, not once per node, keeps a full
		// cluster's every pending pod from allocating a string per node.
		type failure struct{ plugin, reason string }
		byFailure := map[failure]int{}
		for _, st := range failed {
			for _, r := range st.reasons {
				byFailure[failure{st.plugin, r}]++
			}
		}
		counts := make(map[string]int, len(byFailure))
		for f, n := range byFailure {
			counts[f.plugin+": "+f.reason] = n
		}
		for _, k := range sortedKeys(counts) {
			inputs = append(inputs, controller.Input{Name: k, Value: strconv.Itoa(counts[k]) + " nodes"})
		}
	}
	ds.Add("findNodesThatFitPod",
		fmt.Sprintf("pod requests cpu %s, memory %s; filters %s, %s, %s, %s, %s",
			formatCPU(f.requests.milliCPU), formatMemory(f.requests.memory), pluginNodeUnschedulable,
			pluginTaintToleration, pluginNodeAffinity, pluginNodePorts, pluginNodeResourcesFit),
		fmt.Sprintf("%d/%d nodes fit", len(feasible), len(nodes)), inputs...).
		SayMessage(fitSentence(len(feasible), len(nodes)))
	if len(feasible) == 0 {
		msg := fitErrorMessage(len(nodes), failed)
		s.handleFailure(key, pod, st, ReasonUnschedulable, msg, rejected, ds)
		return
	}

	f.podScore = newTopologyScore(pod, s.podAffinityCandidates(pod), s.nodeByName(nodes))
	scores := scoreNodes(s.scratch.scores[:0], f, feasible, infos, nodes)
	defer func() { s.scratch.scores = clear0(scores) }()
	best := selectHost(scores)
	target := scores[best].node.Name
	ds.Add("prioritizeNodes", scoreFormula(f),
		fmt.Sprintf("%s scores %d, the highest (ties go to the first name)", target, scores[best].total),
		scoreInputs(scores, best)...).
		Say("scheduler.pickNode", controller.Name("node", target), controller.Count("score", scores[best].total))

	if !s.volumes.preBind(key, pod, claims, target, ds) {
		return
	}
	s.bind(key, pod, st, target, ds)
}

// clear0 returns list emptied, its backing array kept and cleared so it
// holds on to nothing the next use does not set.
func clear0[T any](list []T) []T {
	clear(list)
	return list[:0]
}

// podAffinityCandidates are the pods InterPodAffinity's PreScore reads:
// every assigned pod when the incoming pod has preferred pod affinity or
// anti-affinity terms, else only the pods with a pod affinity of their own
// (the scheduler cache's, so terminating pods count and finished ones do
// not).
func (s *Scheduler) podAffinityCandidates(pod *api.Pod) []*api.Pod {
	affinity, anti := preferredTerms(pod)
	if len(affinity) == 0 && len(anti) == 0 {
		out := make([]*api.Pod, 0, len(s.cache.affinityPods))
		for _, p := range s.cache.affinityPods {
			out = append(out, p) // the scores are sums: the order does not matter
		}
		return out
	}
	var out []*api.Pod
	for _, p := range controller.ListAs[*api.Pod](s.pods, "", nil) {
		if p.Spec.NodeName != "" && !isTerminal(p) {
			out = append(out, p)
		}
	}
	return out
}

// nodeByName looks a node up in the snapshot.
func (s *Scheduler) nodeByName(nodes []snapshotNode) func(string) *api.Node {
	var byName map[string]*api.Node
	return func(name string) *api.Node {
		if byName == nil {
			byName = make(map[string]*api.Node, len(nodes))
			for _, sn := range nodes {
				byName[sn.node.Name] = sn.node
			}
		}
		return byName[name]
	}
}

// fitSentence says how many nodes passed the filters.
func fitSentence(fit, nodes int) *controller.Message {
	if fit == 0 {
		return controller.Msg("scheduler.noNodeFits", controller.Count("nodes", nodes))
	}
	return controller.Msg("scheduler.nodesFit", controller.Count("fit", fit), controller.Count("nodes", nodes))
}

// bind is the binding cycle's Bind step (DefaultBinder.Bind: POST
// pods/binding) and the Scheduled event.
func (s *Scheduler) bind(key string, pod *api.Pod, st *queuedPod, target string, ds *controller.Decisions) {
	s.client.Wait()
	if _, err := s.ctx.Server.BindShared(pod.Namespace, pod.Name, target); err != nil {
		if apiserver.IsNotFound(err) {
			ds.Add("bind", "", "pod "+key+" is gone").
				Say("scheduler.podGone")
			delete(s.states, key)
			return
		}
		msg := fmt.Sprintf(bindPluginErrorFormat, defaultBinderPluginName, err)
		ds.Add("bind", "POST pods/binding "+target, "error: "+err.Error()).
			Say("scheduler.bindFailed", controller.Name("node", target), controller.Text("message", err.Error()))
		s.handleFailure(key, pod, st, ReasonSchedulerError, msg, nil, ds)
		return
	}
	delete(s.states, key)
	delete(s.volumes.waiting, key)
	ds.Add("bind", "POST pods/binding", key+" → "+target).
		Say("scheduler.bound", controller.Name("node", target))
	s.recorder.Eventf(pod, api.EventTypeNormal, EventScheduled, scheduledMessageFormat, pod.Namespace, pod.Name, target)
}

// handleFailure models handleSchedulingFailure: a FailedScheduling event,
// the PodScheduled=False condition (written only if it changes), and the
// pod parked as unschedulable (reason Unschedulable) or backing off (an
// error).
func (s *Scheduler) handleFailure(key string, pod *api.Pod, st *queuedPod, reason, msg string, rejectors map[string]bool, ds *controller.Decisions) {
	now := s.ctx.Clock.Now()
	s.recorder.Event(pod, api.EventTypeWarning, EventFailedScheduling, truncateMessage(msg))
	s.updatePodScheduledCondition(pod, reason, msg)
	st.timestamp = now
	st.rejectors = rejectors
	if reason == ReasonUnschedulable {
		st.phase = phaseUnschedulable
		s.mayHaveUnschedulable = true
		st.due = s.leftoverFlushAfter(now)
		s.queue.AddAfter(key, st.due.Sub(now))
		ds.Add("handleSchedulingFailure", "",
			fmt.Sprintf("%s: %s; unschedulable until a cluster event helps, or the leftover flush at %s",
				reason, msg, formatTime(st.due))).
			Say("scheduler.unschedulable", controller.Text("message", msg), controller.Duration("after", st.due.Sub(now)))
		return
	}
	backoff := backoffDuration(st.attempts)
	st.phase = phaseBackoff
	st.due = now.Add(backoff)
	s.queue.AddAfter(key, backoff)
	ds.Add("handleSchedulingFailure", fmt.Sprintf("attempt %d: back-off 1s doubling, at most 10s", st.attempts),
		fmt.Sprintf("%s: %s; retry in %s", reason, msg, backoff)).
		Say("scheduler.backOff", controller.Name("reason", reason), controller.Text("message", msg), controller.Duration("after", backoff))
}

// leftoverFlushAfter is the first run of flushUnschedulablePodsLeftover
// (every 30 s from the start) at which a pod that became unschedulable at t
// has waited more than 5 minutes.
func (s *Scheduler) leftoverFlushAfter(t time.Time) time.Time {
	waited := t.Add(PodMaxInUnschedulablePods).Sub(s.start)
	k := waited/UnschedulableFlushPeriod + 1
	return s.start.Add(k * UnschedulableFlushPeriod)
}

// backoffDuration models calculateBackoffDuration: 1s doubled for each
// attempt after the first, at most 10s.
func backoffDuration(attempts int) time.Duration {
	d := PodInitialBackoff
	for i := 1; i < attempts; i++ {
		if d > PodMaxBackoff-d {
			return PodMaxBackoff
		}
		d += d
	}
	return d
}

// updatePodScheduledCondition models updatePod: PodScheduled=False with
// the reason and message, through the status subresource, only when the
// condition changes (podutil.UpdatePodCondition).
func (s *Scheduler) updatePodScheduledCondition(pod *api.Pod, reason, msg string) {
	now := api.NewTime(s.ctx.Clock.Now())
	// Only the conditions change, and the server copies what it keeps:
	// copying the whole pod for every failed attempt was wasted.
	upd := *pod
	upd.Status.Conditions = slices.Clone(pod.Status.Conditions)
	c := api.PodCondition{Type: api.PodScheduled, Status: api.ConditionFalse, Reason: reason, Message: msg,
		LastTransitionTime: now, ObservedGeneration: pod.Generation}
	changed := true
	found := false
	for i := range upd.Status.Conditions {
		old := &upd.Status.Conditions[i]
		if old.Type != api.PodScheduled {
			continue
		}
		found = true
		if old.Status == c.Status {
			c.LastTransitionTime = old.LastTransitionTime
		}
		changed = *old != c
		*old = c
	}
	if !found {
		upd.Status.Conditions = append(upd.Status.Conditions, c)
	}
	if !changed {
		return
	}
	upd.ResourceVersion = "" // a patch: no precondition
	s.client.Wait()
	_, _ = s.ctx.Server.UpdateStatusShared(&upd)
}

// maxDetailedNodes is the cluster size up to which a decision lists every
// node; beyond it, filters are summed up by reason and scores shown for the
// best nodes only, so a 100-node cluster's record stays readable.
const maxDetailedNodes = 10

// scoreInputs lists each node's score, or in a large cluster the chosen
// node and the next best ones.
func scoreInputs(scores []nodeScore, best int) []controller.Input {
	line := func(sc nodeScore) controller.Input {
		v := strconv.FormatInt(sc.fit, 10) + "×1 + " + strconv.FormatInt(sc.spread, 10) + "×2 + " + strconv.FormatInt(sc.taint, 10) + "×3"
		if sc.affinity >= 0 {
			v += " + " + strconv.FormatInt(sc.affinity, 10) + "×2"
		}
		if sc.podAffinity >= 0 {
			v += " + " + strconv.FormatInt(sc.podAffinity, 10) + "×2"
		}
		return controller.Input{Name: sc.node.Name, Value: v + " = " + strconv.FormatInt(sc.total, 10)}
	}
	if len(scores) <= maxDetailedNodes {
		out := make([]controller.Input, len(scores))
		for i, sc := range scores {
			out[i] = line(sc)
		}
		return out
	}
	// The best few, highest first (ties by name, the order scores has).
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]].total > scores[order[b]].total })
	out := make([]controller.Input, 0, maxDetailedNodes/2+1)
	for _, i := range order[:maxDetailedNodes/2] {
		out = append(out, line(scores[i]))
	}
	out = append(out, controller.Input{Name: "others", Value: strconv.Itoa(len(scores)-maxDetailedNodes/2) + " nodes score less or equal"})
	return out
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// formatCPU renders milli-cpus as a quantity ("1500m", "2").
func formatCPU(m int64) string { return resource.NewMilliQuantity(m, resource.DecimalSI).String() }

// formatMemory renders bytes as a binary quantity ("256Mi").
func formatMemory(b int64) string { return resource.NewQuantity(b, resource.BinarySI).String() }

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

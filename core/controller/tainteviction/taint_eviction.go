// Package tainteviction models the taint eviction controller of
// kube-controller-manager (pkg/controller/tainteviction).
package tainteviction

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the taint eviction controller's name and event
// source (names.Controller; a separate controller since the
// SeparateTaintEvictionController feature, GA in v1.34).
const Name = "taint-eviction-controller"

// The pod condition and event the taint eviction controller writes.
const (
	// ReasonDeletionByTaintManager and its message mark an evicted pod
	// (addConditionAndDeletePod).
	ReasonDeletionByTaintManager  = "DeletionByTaintManager"
	MessageDeletionByTaintManager = "Taint manager: deleting due to NoExecute taint"
	// EventTaintManagerEviction is the reason of both eviction events:
	// "Marking for deletion Pod default/web-x" and "Cancelling deletion of
	// Pod default/web-x".
	EventTaintManagerEviction = "TaintManagerEviction"
)

const (
	tePrefixNode  = "node/"
	tePrefixPod   = "pod/"
	tePrefixEvict = "evict/"
)

// timedWork is a scheduled eviction (TimedWorker); fired work stays in the
// map so the same pod is not scheduled twice (getWrappedWorkerFunc keeps
// the key with a nil worker).
type timedWork struct {
	createdAt time.Time
	fireAt    time.Time
	fired     bool
}

// Controller models pkg/controller/tainteviction: pods on a
// node with NoExecute taints are deleted — at once if they do not tolerate
// every such taint, else after the shortest tolerationSeconds of the
// tolerations used (counted from when the controller saw the taint). The
// DefaultTolerationSeconds admission plugin gives every pod 300 s for
// node.kubernetes.io/not-ready and unreachable, which is why pods leave a
// failed node five minutes after it is tainted. Before deleting it records
// "Marking for deletion Pod <ns>/<name>" and adds the condition
// DisruptionTarget=True (DeletionByTaintManager); the deletion is a normal
// graceful one, so a pod on a dead node stays Terminating.
type Controller struct {
	ctx      *controller.Context
	queue    *controller.Queue
	recorder *controller.Recorder
	pods     *controller.Store
	nodes    *controller.Store

	taintedNodes map[string][]api.Taint
	work         map[string]*timedWork // by "namespace/name"
}

// New returns the controller, registered with the
// context's informers.
func New(ctx *controller.Context) *Controller {
	tc := &Controller{
		ctx:          ctx,
		queue:        ctx.NewQueue(),
		recorder:     ctx.Recorder(Name, ""),
		pods:         ctx.Informers.Lister(api.PodKind),
		nodes:        ctx.Informers.Lister(api.NodeKind),
		taintedNodes: map[string][]api.Taint{},
		work:         map[string]*timedWork{},
	}
	ctx.Informers.AddHandler(api.PodKind, controller.Handler{
		Add:    func(obj api.Object) { tc.podUpdated(nil, obj.(*api.Pod)) },
		Update: func(old, cur api.Object) { tc.podUpdated(old.(*api.Pod), cur.(*api.Pod)) },
		Delete: func(obj api.Object) { tc.podUpdated(obj.(*api.Pod), nil) },
	})
	ctx.Informers.AddHandler(api.NodeKind, controller.Handler{
		Add:    func(obj api.Object) { tc.nodeUpdated(nil, obj.(*api.Node)) },
		Update: func(old, cur api.Object) { tc.nodeUpdated(old.(*api.Node), cur.(*api.Node)) },
		Delete: func(obj api.Object) { tc.nodeUpdated(obj.(*api.Node), nil) },
	})
	for _, obj := range tc.nodes.List("", nil) {
		tc.nodeUpdated(nil, obj.(*api.Node))
	}
	for _, obj := range tc.pods.List("", nil) {
		tc.podUpdated(nil, obj.(*api.Pod))
	}
	return tc
}

// Name implements controller.Controller.
func (tc *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (tc *Controller) Queue() *controller.Queue { return tc.queue }

// MaxRetries implements controller.Controller.
func (tc *Controller) MaxRetries() int { return 0 }

// podUpdated models Controller.PodUpdated: only a change of tolerations or
// node matters.
func (tc *Controller) podUpdated(old, cur *api.Pod) {
	if old != nil && cur != nil && old.Spec.NodeName == cur.Spec.NodeName &&
		reflect.DeepEqual(old.Spec.Tolerations, cur.Spec.Tolerations) {
		return
	}
	p := cur
	if p == nil {
		p = old
	}
	tc.queue.Add(tePrefixPod + controller.KeyOf(p))
}

// nodeUpdated models Controller.NodeUpdated: only a change of NoExecute
// taints matters.
func (tc *Controller) nodeUpdated(old, cur *api.Node) {
	if old != nil && cur != nil && reflect.DeepEqual(noExecuteTaints(old.Spec.Taints), noExecuteTaints(cur.Spec.Taints)) {
		return
	}
	n := cur
	if n == nil {
		n = old
	}
	tc.queue.Add(tePrefixNode + n.Name)
}

func noExecuteTaints(taints []api.Taint) []api.Taint {
	out := []api.Taint{}
	for _, t := range taints {
		if t.Effect == api.TaintEffectNoExecute {
			out = append(out, t)
		}
	}
	return out
}

// Sync implements controller.Controller.
func (tc *Controller) Sync(key string, ds *controller.Decisions) error {
	switch {
	case strings.HasPrefix(key, tePrefixNode):
		tc.handleNodeUpdate(strings.TrimPrefix(key, tePrefixNode), ds)
	case strings.HasPrefix(key, tePrefixPod):
		tc.handlePodUpdate(strings.TrimPrefix(key, tePrefixPod), ds)
	case strings.HasPrefix(key, tePrefixEvict):
		tc.fire(strings.TrimPrefix(key, tePrefixEvict), ds)
	}
	return nil
}

// handleNodeUpdate models Controller.handleNodeUpdate.
func (tc *Controller) handleNodeUpdate(name string, ds *controller.Decisions) {
	node, ok := controller.GetAs[*api.Node](tc.nodes, "", name)
	if !ok {
		delete(tc.taintedNodes, name)
		return
	}
	taints := noExecuteTaints(node.Spec.Taints)
	if len(taints) == 0 {
		delete(tc.taintedNodes, name)
	} else {
		tc.taintedNodes[name] = taints
	}
	now := tc.ctx.Clock.Now()
	for _, p := range controller.ListAs[*api.Pod](tc.pods, "", nil) {
		if p.Spec.NodeName != name {
			continue
		}
		key := controller.KeyOf(p)
		if len(taints) == 0 {
			tc.cancelWorkWithEvent(key, ds)
			continue
		}
		tc.processPodOnNode(key, name, p.Spec.Tolerations, taints, now, ds)
	}
}

// handlePodUpdate models Controller.handlePodUpdate.
func (tc *Controller) handlePodUpdate(key string, ds *controller.Decisions) {
	ns, name := controller.SplitKey(key)
	pod, ok := controller.GetAs[*api.Pod](tc.pods, ns, name)
	if !ok {
		tc.cancelWorkWithEvent(key, ds)
		return
	}
	if pod.Spec.NodeName == "" {
		return
	}
	taints, ok := tc.taintedNodes[pod.Spec.NodeName]
	if !ok {
		return
	}
	tc.processPodOnNode(key, pod.Spec.NodeName, pod.Spec.Tolerations, taints, tc.ctx.Clock.Now(), ds)
}

// processPodOnNode models Controller.processPodOnNode.
func (tc *Controller) processPodOnNode(key, nodeName string, tolerations []api.Toleration, taints []api.Taint, now time.Time, ds *controller.Decisions) {
	if len(taints) == 0 {
		tc.cancelWorkWithEvent(key, ds)
	}
	allTolerated, used := getMatchingTolerations(taints, tolerations)
	if !allTolerated {
		tc.cancelWorkWithEvent(key, ds)
		tc.addWork(key, now, now)
		have := controller.FormatTaints(taints)
		ds.AddAbout(key, "processPodOnNode", fmt.Sprintf("node %s has NoExecute taints %s", nodeName, have),
			"pod "+key+" does not tolerate them all: evict now").
			Say("tainteviction.evictNow", controller.Name("pod", key), controller.Name("node", nodeName), controller.Name("taints", have))
		return
	}
	minTime := getMinTolerationTime(used)
	if minTime < 0 {
		tc.cancelWorkWithEvent(key, ds)
		return
	}
	start, trigger := now, now.Add(minTime)
	if w := tc.work[key]; w != nil && !w.fired {
		start = w.createdAt
		if start.Add(minTime).Before(trigger) {
			return
		}
		tc.cancelWorkWithEvent(key, ds)
	}
	if tc.addWork(key, start, start.Add(minTime)) {
		ds.AddAbout(key, "processPodOnNode",
			fmt.Sprintf("node %s has NoExecute taints %s; shortest tolerationSeconds %d", nodeName,
				controller.FormatTaints(taints), int64(minTime/time.Second)),
			fmt.Sprintf("evict pod %s at %s", key, start.Add(minTime).UTC().Format(time.RFC3339))).
			Say("tainteviction.evictLater", controller.Name("pod", key), controller.Name("node", nodeName), controller.Count("seconds", int64(minTime/time.Second)))
	}
}

// addWork models TimedWorkerQueue.AddWork: nothing if work for the pod
// exists (scheduled or already fired).
func (tc *Controller) addWork(key string, createdAt, fireAt time.Time) bool {
	if _, exists := tc.work[key]; exists {
		return false
	}
	tc.work[key] = &timedWork{createdAt: createdAt, fireAt: fireAt}
	tc.queue.AddAfter(tePrefixEvict+key, fireAt.Sub(tc.ctx.Clock.Now()))
	return true
}

// cancelWorkWithEvent models Controller.cancelWorkWithEvent: scheduled
// (not yet fired) work is cancelled with "Cancelling deletion of Pod".
func (tc *Controller) cancelWorkWithEvent(key string, ds *controller.Decisions) {
	w, ok := tc.work[key]
	if !ok {
		return
	}
	delete(tc.work, key)
	if w.fired {
		return
	}
	ns, name := controller.SplitKey(key)
	tc.recorder.Eventf(podRef(ns, name), api.EventTypeNormal, EventTaintManagerEviction, "Cancelling deletion of Pod %s", key)
	ds.AddAbout(key, "cancelWorkWithEvent", "", "eviction of "+key+" cancelled").
		Say("tainteviction.cancel", controller.Name("pod", key))
}

// fire runs a due eviction (deletePodHandler, addConditionAndDeletePod).
func (tc *Controller) fire(key string, ds *controller.Decisions) {
	w := tc.work[key]
	if w == nil || w.fired {
		return
	}
	now := tc.ctx.Clock.Now()
	if now.Before(w.fireAt) {
		tc.queue.AddAfter(tePrefixEvict+key, w.fireAt.Sub(now))
		return
	}
	ns, name := controller.SplitKey(key)
	tc.recorder.Eventf(podRef(ns, name), api.EventTypeNormal, EventTaintManagerEviction, "Marking for deletion Pod %s", key)
	err := tc.addConditionAndDeletePod(ns, name, now)
	if err != nil {
		delete(tc.work, key)
	} else {
		w.fired = true
	}
	say := controller.Msg("tainteviction.evict", controller.Name("pod", key))
	if err != nil {
		say = controller.Msg("tainteviction.evictFailed", controller.Name("pod", key), controller.Text("message", err.Error()))
	}
	ds.AddAbout(key, "deletePodHandler", "", fmt.Sprintf("evict %s: DisruptionTarget=True (%s), delete (err=%v)", key, ReasonDeletionByTaintManager, err)).
		SayMessage(say)
}

// addConditionAndDeletePod models the function of that name.
func (tc *Controller) addConditionAndDeletePod(ns, name string, now time.Time) error {
	s := tc.ctx.Server
	pod, err := apiserver.GetAs[*api.Pod](s, ns, name)
	if err != nil {
		return err
	}
	if api.UpdatePodCondition(&pod.Status, api.PodCondition{Type: api.DisruptionTarget, Status: api.ConditionTrue,
		Reason: ReasonDeletionByTaintManager, Message: MessageDeletionByTaintManager, ObservedGeneration: pod.Generation}, now) {
		pod.ResourceVersion = ""
		if _, err := s.UpdateStatus(pod); err != nil {
			return err
		}
	}
	_, _, err = s.Delete(api.PodKind, ns, name, &apiserver.DeleteOptions{})
	return err
}

// podRef is the bare reference upstream's eviction events point at
// (APIVersion v1, Kind Pod, namespace and name, no uid).
func podRef(ns, name string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Namespace: ns, Name: name}}
}

// getMatchingTolerations models v1helper.GetMatchingTolerations: whether
// every taint is tolerated, and the first toleration matching each.
func getMatchingTolerations(taints []api.Taint, tolerations []api.Toleration) (bool, []api.Toleration) {
	if len(taints) == 0 {
		return true, nil
	}
	var used []api.Toleration
	for i := range taints {
		found := false
		for j := range tolerations {
			if tolerations[j].ToleratesTaint(&taints[i]) {
				used = append(used, tolerations[j])
				found = true
				break
			}
		}
		if !found {
			return false, nil
		}
	}
	return true, used
}

// getMinTolerationTime models tainteviction.getMinTolerationTime: the
// shortest tolerationSeconds among the tolerations used (0 if there are
// none, or one is <= 0), or -1 when they all tolerate forever.
func getMinTolerationTime(tolerations []api.Toleration) time.Duration {
	if len(tolerations) == 0 {
		return 0
	}
	minSeconds := int64(math.MaxInt64)
	for _, t := range tolerations {
		if t.TolerationSeconds == nil {
			continue
		}
		if *t.TolerationSeconds <= 0 {
			return 0
		}
		minSeconds = min(minSeconds, *t.TolerationSeconds)
	}
	if minSeconds == math.MaxInt64 {
		return -1
	}
	return time.Duration(minSeconds) * time.Second
}

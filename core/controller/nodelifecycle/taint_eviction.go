package nodelifecycle

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// TaintEvictionName is the taint eviction controller's name and event
// source (names.TaintEvictionController; a separate controller since the
// SeparateTaintEvictionController feature, GA in v1.34).
const TaintEvictionName = "taint-eviction-controller"

// The pod condition and event the taint eviction controller writes.
const (
	// DisruptionTarget is v1.DisruptionTarget.
	DisruptionTarget api.PodConditionType = "DisruptionTarget"
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

// TaintEvictionController models pkg/controller/tainteviction: pods on a
// node with NoExecute taints are deleted — at once if they do not tolerate
// every such taint, else after the shortest tolerationSeconds of the
// tolerations used (counted from when the controller saw the taint). The
// DefaultTolerationSeconds admission plugin gives every pod 300 s for
// node.kubernetes.io/not-ready and unreachable, which is why pods leave a
// failed node five minutes after it is tainted. Before deleting it records
// "Marking for deletion Pod <ns>/<name>" and adds the condition
// DisruptionTarget=True (DeletionByTaintManager); the deletion is a normal
// graceful one, so a pod on a dead node stays Terminating.
type TaintEvictionController struct {
	ctx      *controller.Context
	queue    *controller.Queue
	recorder *controller.Recorder
	pods     *controller.Store
	nodes    *controller.Store

	taintedNodes map[string][]api.Taint
	work         map[string]*timedWork // by "namespace/name"
}

// NewTaintEvictionController returns the controller, registered with the
// context's informers.
func NewTaintEvictionController(ctx *controller.Context) *TaintEvictionController {
	tc := &TaintEvictionController{
		ctx:          ctx,
		queue:        ctx.NewQueue(),
		recorder:     ctx.Recorder(TaintEvictionName, ""),
		pods:         ctx.Informers.Lister(podKind),
		nodes:        ctx.Informers.Lister(nodeKind),
		taintedNodes: map[string][]api.Taint{},
		work:         map[string]*timedWork{},
	}
	ctx.Informers.AddHandler(podKind, controller.Handler{
		Add:    func(obj api.Object) { tc.podUpdated(nil, obj.(*api.Pod)) },
		Update: func(old, cur api.Object) { tc.podUpdated(old.(*api.Pod), cur.(*api.Pod)) },
		Delete: func(obj api.Object) { tc.podUpdated(obj.(*api.Pod), nil) },
	})
	ctx.Informers.AddHandler(nodeKind, controller.Handler{
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
func (tc *TaintEvictionController) Name() string { return TaintEvictionName }

// Queue implements controller.Controller.
func (tc *TaintEvictionController) Queue() *controller.Queue { return tc.queue }

// MaxRetries implements controller.Controller.
func (tc *TaintEvictionController) MaxRetries() int { return 0 }

// podUpdated models Controller.PodUpdated: only a change of tolerations or
// node matters.
func (tc *TaintEvictionController) podUpdated(old, cur *api.Pod) {
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
func (tc *TaintEvictionController) nodeUpdated(old, cur *api.Node) {
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
func (tc *TaintEvictionController) Sync(key string, ds *controller.Decisions) error {
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
func (tc *TaintEvictionController) handleNodeUpdate(name string, ds *controller.Decisions) {
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
func (tc *TaintEvictionController) handlePodUpdate(key string, ds *controller.Decisions) {
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
func (tc *TaintEvictionController) processPodOnNode(key, nodeName string, tolerations []api.Toleration, taints []api.Taint, now time.Time, ds *controller.Decisions) {
	if len(taints) == 0 {
		tc.cancelWorkWithEvent(key, ds)
	}
	allTolerated, used := getMatchingTolerations(taints, tolerations)
	if !allTolerated {
		tc.cancelWorkWithEvent(key, ds)
		tc.addWork(key, now, now)
		about(ds, key, "processPodOnNode", fmt.Sprintf("node %s has NoExecute taints %s", nodeName, formatTaints(taints)),
			"pod "+key+" does not tolerate them all: evict now")
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
		about(ds, key, "processPodOnNode",
			fmt.Sprintf("node %s has NoExecute taints %s; shortest tolerationSeconds %d", nodeName,
				formatTaints(taints), int64(minTime/time.Second)),
			fmt.Sprintf("evict pod %s at %s", key, start.Add(minTime).UTC().Format(time.RFC3339)))
	}
}

// addWork models TimedWorkerQueue.AddWork: nothing if work for the pod
// exists (scheduled or already fired).
func (tc *TaintEvictionController) addWork(key string, createdAt, fireAt time.Time) bool {
	if _, exists := tc.work[key]; exists {
		return false
	}
	tc.work[key] = &timedWork{createdAt: createdAt, fireAt: fireAt}
	tc.queue.AddAfter(tePrefixEvict+key, fireAt.Sub(tc.ctx.Clock.Now()))
	return true
}

// cancelWorkWithEvent models Controller.cancelWorkWithEvent: scheduled
// (not yet fired) work is cancelled with "Cancelling deletion of Pod".
func (tc *TaintEvictionController) cancelWorkWithEvent(key string, ds *controller.Decisions) {
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
	about(ds, key, "cancelWorkWithEvent", "", "eviction of "+key+" cancelled")
}

// fire runs a due eviction (deletePodHandler, addConditionAndDeletePod).
func (tc *TaintEvictionController) fire(key string, ds *controller.Decisions) {
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
	about(ds, key, "deletePodHandler", "", fmt.Sprintf("evict %s: DisruptionTarget=True (%s), delete (err=%v)", key, ReasonDeletionByTaintManager, err))
}

// addConditionAndDeletePod models the function of that name.
func (tc *TaintEvictionController) addConditionAndDeletePod(ns, name string, now time.Time) error {
	s := tc.ctx.Server
	pod, err := apiserver.GetAs[*api.Pod](s, ns, name)
	if err != nil {
		return err
	}
	if api.UpdatePodCondition(&pod.Status, api.PodCondition{Type: DisruptionTarget, Status: api.ConditionTrue,
		Reason: ReasonDeletionByTaintManager, Message: MessageDeletionByTaintManager, ObservedGeneration: pod.Generation}, now) {
		pod.ResourceVersion = ""
		if _, err := s.UpdateStatus(pod); err != nil {
			return err
		}
	}
	_, _, err = s.Delete(podKind, ns, name, &apiserver.DeleteOptions{})
	return err
}

// podRef is the bare reference upstream's eviction events point at
// (APIVersion v1, Kind Pod, namespace and name, no uid).
func podRef(ns, name string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Namespace: ns, Name: name}}
}

// Package podgc models the pod garbage collector of kube-controller-manager
// (pkg/controller/podgc/gc_controller.go).
package podgc

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// PodGCName is the pod garbage collector's name
// (names.PodGarbageCollectorController). It records no events.
const PodGCName = "pod-garbage-collector-controller"

// Timings and limits of pkg/controller/podgc.
const (
	// GCCheckPeriod is gcCheckPeriod: one pass every 20 s.
	GCCheckPeriod = 20 * time.Second
	// QuarantineTime is quarantineTime: how long a node must stay missing
	// before its pods are collected (then confirmed with a GET).
	QuarantineTime = 40 * time.Second
	// DefaultTerminatedPodThreshold is --terminated-pod-gc-threshold.
	DefaultTerminatedPodThreshold = 12500
)

// The condition podgc writes on the pods of a deleted node.
const (
	ReasonDeletionByPodGC  = "DeletionByPodGC"
	MessageDeletionByPodGC = "PodGC: node no longer exists"
)

const keyGC = "gc"

// PodGCController models the pod garbage collector
// (pkg/controller/podgc/gc_controller.go), every 20 s:
//
//   - gcOrphaned: a pod bound to a node that no longer exists is
//     quarantined 40 s (the node may reappear), then, the node confirmed
//     gone, set to phase Failed with DisruptionTarget=True
//     ("DeletionByPodGC", "PodGC: node no longer exists") and force-deleted
//     (grace period 0): the pods of a deleted node vanish 40-60 s later;
//   - gcTerminating: a terminating pod on a not-Ready node tainted
//     node.kubernetes.io/out-of-service is force-deleted;
//   - gcUnscheduledTerminating: a terminating pod never bound is
//     force-deleted;
//   - gcTerminated: beyond 12,500 finished pods the oldest are deleted.
type PodGCController struct {
	ctx       *controller.Context
	queue     *controller.Queue
	pods      *controller.Store
	nodes     *controller.Store
	threshold int
	// quarantine holds node names seen missing and when their quarantine
	// ends (the delaying nodeQueue).
	quarantine map[string]time.Time
}

// NewPodGC returns the pod garbage collector; its first pass runs at once.
// threshold <= 0 takes DefaultTerminatedPodThreshold.
func NewPodGC(ctx *controller.Context, threshold int) *PodGCController {
	if threshold <= 0 {
		threshold = DefaultTerminatedPodThreshold
	}
	gc := &PodGCController{
		ctx:        ctx,
		queue:      ctx.NewQueue(),
		pods:       ctx.Informers.Lister(api.PodKind),
		nodes:      ctx.Informers.Lister(api.NodeKind),
		threshold:  threshold,
		quarantine: map[string]time.Time{},
	}
	gc.queue.Add(keyGC)
	return gc
}

// Name implements controller.Controller.
func (gc *PodGCController) Name() string { return PodGCName }

// Queue implements controller.Controller.
func (gc *PodGCController) Queue() *controller.Queue { return gc.queue }

// MaxRetries implements controller.Controller.
func (gc *PodGCController) MaxRetries() int { return 0 }

// Sync implements controller.Controller: one gc pass.
func (gc *PodGCController) Sync(key string, ds *controller.Decisions) error {
	if key != keyGC {
		return nil
	}
	pods := controller.ListAs[*api.Pod](gc.pods, "", nil)
	nodes := controller.ListAs[*api.Node](gc.nodes, "", nil)
	gc.gcTerminated(pods, ds)
	gc.gcTerminating(pods, ds)
	gc.gcOrphaned(pods, nodes, ds)
	gc.gcUnscheduledTerminating(pods, ds)
	gc.queue.AddAfter(keyGC, GCCheckPeriod)
	return nil
}

// gcTerminated models PodGCController.gcTerminated.
func (gc *PodGCController) gcTerminated(pods []*api.Pod, ds *controller.Decisions) {
	var terminated []*api.Pod
	for _, p := range pods {
		if p.Status.Phase != api.PodPending && p.Status.Phase != api.PodRunning && p.Status.Phase != api.PodUnknown {
			terminated = append(terminated, p)
		}
	}
	n := len(terminated) - gc.threshold
	if n <= 0 {
		return
	}
	// byEvictionAndCreationTimestamp: evicted first, then oldest, then name.
	sort.SliceStable(terminated, func(i, j int) bool {
		ei, ej := terminated[i].Status.Reason == "Evicted", terminated[j].Status.Reason == "Evicted"
		if ei != ej {
			return ei
		}
		ti, tj := terminated[i].CreationTimestamp.Time, terminated[j].CreationTimestamp.Time
		if !ti.Equal(tj) {
			return ti.Before(tj)
		}
		return terminated[i].Name < terminated[j].Name
	})
	for _, p := range terminated[:n] {
		gc.markFailedAndDeletePod(p, nil)
	}
	ds.Add("gcTerminated", fmt.Sprintf("%d finished pods > threshold %d", len(terminated), gc.threshold),
		fmt.Sprintf("deleted the %d oldest", n)).
		Say("podgc.tooManyFinished", controller.Count("finished", len(terminated)), controller.Count("threshold", gc.threshold), controller.Count("n", n))
}

// gcTerminating models PodGCController.gcTerminating.
func (gc *PodGCController) gcTerminating(pods []*api.Pod, ds *controller.Decisions) {
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			continue
		}
		node, ok := controller.GetAs[*api.Node](gc.nodes, "", p.Spec.NodeName)
		if !ok {
			continue
		}
		ready := api.GetNodeCondition(&node.Status, api.NodeReady)
		if (ready == nil || ready.Status != api.ConditionTrue) &&
			hasTaintKey(node.Spec.Taints, api.TaintNodeOutOfService) {
			gc.markFailedAndDeletePod(p, nil)
			ds.AddAbout(controller.KeyOf(p), "gcTerminating", "terminating pod on a not-Ready node tainted "+api.TaintNodeOutOfService,
				"force-deleted "+controller.KeyOf(p)).
				Say("podgc.outOfService", controller.Name("pod", controller.KeyOf(p)), controller.Name("node", p.Spec.NodeName), controller.Name("taint", api.TaintNodeOutOfService))
		}
	}
}

func hasTaintKey(taints []api.Taint, key string) bool {
	for _, t := range taints {
		if t.Key == key {
			return true
		}
	}
	return false
}

// gcOrphaned models PodGCController.gcOrphaned and discoverDeletedNodes.
func (gc *PodGCController) gcOrphaned(pods []*api.Pod, nodes []*api.Node, ds *controller.Decisions) {
	now := gc.ctx.Clock.Now()
	existing := map[string]bool{}
	for _, n := range nodes {
		existing[n.Name] = true
	}
	for _, p := range pods {
		if p.Spec.NodeName != "" && !existing[p.Spec.NodeName] {
			if _, waiting := gc.quarantine[p.Spec.NodeName]; !waiting {
				gc.quarantine[p.Spec.NodeName] = now.Add(QuarantineTime)
			}
		}
	}
	deleted := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(gc.quarantine)) {
		if gc.quarantine[name].After(now) {
			continue // still in quarantine
		}
		delete(gc.quarantine, name)
		if existing[name] {
			continue
		}
		if _, err := apiserver.GetAs[*api.Node](gc.ctx.Server, "", name); apiserver.IsNotFound(err) {
			deleted[name] = true
		}
	}
	for _, p := range pods {
		if !deleted[p.Spec.NodeName] {
			continue
		}
		err := gc.markFailedAndDeletePod(p, &api.PodCondition{Type: api.DisruptionTarget, Status: api.ConditionTrue,
			Reason: ReasonDeletionByPodGC, Message: MessageDeletionByPodGC})
		ds.AddAbout(controller.KeyOf(p), "gcOrphaned", fmt.Sprintf("node %s is gone (quarantine %s over, GET NotFound)", p.Spec.NodeName, QuarantineTime),
			fmt.Sprintf("Failed, DisruptionTarget=True (%s), force-deleted %s (err=%v)", ReasonDeletionByPodGC, controller.KeyOf(p), err)).
			SayMessage(deletedMessage(err, controller.Msg("podgc.orphaned", controller.Name("pod", controller.KeyOf(p)), controller.Name("node", p.Spec.NodeName))))
	}
}

// gcUnscheduledTerminating models PodGCController.gcUnscheduledTerminating.
func (gc *PodGCController) gcUnscheduledTerminating(pods []*api.Pod, ds *controller.Decisions) {
	for _, p := range pods {
		if p.DeletionTimestamp == nil || p.Spec.NodeName != "" {
			continue
		}
		err := gc.markFailedAndDeletePod(p, nil)
		ds.AddAbout(controller.KeyOf(p), "gcUnscheduledTerminating", "terminating pod never bound to a node",
			fmt.Sprintf("force-deleted %s (err=%v)", controller.KeyOf(p), err)).
			SayMessage(deletedMessage(err, controller.Msg("podgc.unscheduledTerminating", controller.Name("pod", controller.KeyOf(p)))))
	}
}

// deletedMessage is say, or the failure's sentence when the deletion
// failed.
func deletedMessage(err error, say *controller.Message) *controller.Message {
	if err != nil {
		return controller.Msg("podgc.deleteFailed", controller.Text("message", err.Error()))
	}
	return say
}

// markFailedAndDeletePod models markFailedAndDeletePodWithCondition: a pod
// not yet finished is set to Failed (with the condition, if any) through
// the status subresource, then deleted with grace period 0.
func (gc *PodGCController) markFailedAndDeletePod(p *api.Pod, cond *api.PodCondition) error {
	s := gc.ctx.Server
	if p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
		pod := api.DeepCopy(p)
		pod.Status.Phase = api.PodFailed
		if cond != nil {
			c := *cond
			c.ObservedGeneration = pod.Generation
			api.UpdatePodCondition(&pod.Status, c, gc.ctx.Clock.Now())
		}
		pod.ResourceVersion = ""
		if _, err := s.UpdateStatus(pod); err != nil {
			return err
		}
	}
	zero := int64(0)
	_, _, err := s.Delete(api.PodKind, p.Namespace, p.Name, &apiserver.DeleteOptions{GracePeriodSeconds: &zero})
	return err
}

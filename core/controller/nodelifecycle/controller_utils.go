// The node controller's helpers of pkg/controller/util/node/controller_utils.go
// that write through the API server and the recorder: MarkPodsNotReady,
// RecordNodeEvent and RecordNodeStatusChange (SwapNodeControllerTaint is in
// taints.go).

package nodelifecycle

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// markPodsNotReady models controllerutil.MarkPodsNotReady: each pod's
// Ready condition becomes False, with a NodeNotReady warning on the pod.
// It reports whether every write succeeded.
func (nc *Controller) markPodsNotReady(pods []*api.Pod, nodeName string, ds *controller.Decisions) bool {
	now := api.NewTime(nc.ctx.Clock.Now())
	okAll := true
	var marked []string
	for _, p := range pods {
		if p.Spec.NodeName != nodeName {
			continue
		}
		pod := api.DeepCopy(p)
		for i := range pod.Status.Conditions {
			c := &pod.Status.Conditions[i]
			if c.Type != api.PodReady {
				continue
			}
			if c.Status == api.ConditionFalse {
				break // unchanged: UpdatePodCondition reports no change
			}
			c.Status = api.ConditionFalse
			c.LastTransitionTime = now
			c.ObservedGeneration = pod.Generation
			pod.ResourceVersion = ""
			if _, err := nc.ctx.Server.UpdateStatus(pod); err != nil {
				if apiserver.IsNotFound(err) {
					break
				}
				okAll = false
			}
			nc.recorder.Event(pod, api.EventTypeWarning, "NodeNotReady", "Node is not ready")
			marked = append(marked, controller.KeyOf(pod))
			break
		}
	}
	if len(marked) > 0 {
		notReady := strings.Join(marked, ", ")
		ds.AddAbout("node/"+nodeName, "MarkPodsNotReady", "node "+nodeName+" is not Ready", "Ready=False on "+notReady).
			Say("nodelifecycle.podsNotReady", controller.Name("node", nodeName), controller.Name("pods", notReady))
	}
	return okAll
}

// recordNodeEvent models controllerutil.RecordNodeEvent: an event about
// the node, "Node <name> event: <message>".
func (nc *Controller) recordNodeEvent(name, uid, reason, message string) {
	ref := &api.Node{ObjectMeta: api.ObjectMeta{Name: name, UID: uid}}
	nc.recorder.Eventf(ref, api.EventTypeNormal, reason, "Node %s event: %s", name, message)
}

// recordNodeStatusChange models controllerutil.RecordNodeStatusChange.
func (nc *Controller) recordNodeStatusChange(node *api.Node, newStatus string) {
	ref := &api.Node{ObjectMeta: api.ObjectMeta{Name: node.Name, UID: node.UID}}
	nc.recorder.Eventf(ref, api.EventTypeNormal, newStatus, "Node %s status is now: %s", node.Name, newStatus)
}

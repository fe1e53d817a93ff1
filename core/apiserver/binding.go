package apiserver

import (
	"fmt"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// bind assigns a pending pod to a node through the pods/binding
// subresource and returns a copy of the bound pod, as the scheduler's DefaultBinder does (POST
// /api/v1/namespaces/NS/pods/NAME/binding). It models BindingREST.Create,
// assignPod and setPodHostAndAnnotations (pkg/registry/core/pod/storage):
//
//   - the binding is validated first (ValidatePodBinding): an empty node
//     name is `Binding "web" is invalid: target.name: Required value`;
//   - a missing pod is `pods "web" not found`;
//   - a pod being deleted, or one already assigned, is a 409 Conflict on
//     pods/binding: `Operation cannot be fulfilled on pods/binding "web":
//     pod web is already assigned to node "node-1"`;
//   - otherwise spec.nodeName is set and the PodScheduled condition becomes
//     True (podutil.UpdatePodCondition: its lastTransitionTime moves only if
//     the status changes; reason and message are cleared).
//
// Like the registry's GuaranteedUpdate the write bypasses the pod strategy:
// no admission plugin runs, spec.nodeName changes although pod updates may
// not change it, and the generation does not move. The node need not exist,
// as upstream.
func (s *Server) bind(namespace, podName, nodeName string) (*api.Pod, error) {
	pod, err := s.BindShared(namespace, podName, nodeName)
	if err != nil {
		return nil, err
	}
	return out(pod).(*api.Pod), nil
}

// BindShared is Bind returning the stored pod itself, not a copy: see the
// Shared verbs in shared.go.
func (s *Server) BindShared(namespace, podName, nodeName string) (*api.Pod, error) {
	if nodeName == "" {
		return nil, newInvalid(groupKind{Kind: "Binding"}, podName,
			field.ErrorList{field.Required(field.NewPath("target", "name"), "")})
	}
	if s.past {
		return nil, s.refusePast()
	}
	s.expire()
	k := api.KindOf(&api.Pod{})
	r := s.lookup(k, requestNamespace(k, namespace), podName)
	if r == nil {
		return nil, NewNotFound(k, podName)
	}
	cur := r.obj.(*api.Pod)
	binding := groupResource{Resource: "pods/binding"}
	if cur.DeletionTimestamp != nil {
		return nil, newConflict(binding, podName, fmt.Errorf("pod %s is being deleted, cannot be assigned to a host", cur.Name))
	}
	if cur.Spec.NodeName != "" {
		return nil, newConflict(binding, podName, fmt.Errorf("pod %v is already assigned to node %q", cur.Name, cur.Spec.NodeName))
	}
	// Copy on write: the bound pod shares with the frozen one every part
	// the binding leaves alone (all of it frozen), and gets its own
	// conditions, which UpdatePodCondition changes in place.
	pod := new(api.Pod)
	*pod = *cur
	pod.Status.Conditions = slices.Clone(cur.Status.Conditions)
	pod.Spec.NodeName = nodeName
	api.UpdatePodCondition(&pod.Status, api.PodCondition{Type: api.PodScheduled, Status: api.ConditionTrue, ObservedGeneration: pod.Generation},
		s.clock.Now())
	s.commitUpdate(k, r, pod)
	return pod, nil
}

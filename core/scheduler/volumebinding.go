package scheduler

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// This file models the VolumeBinding plugin
// (pkg/scheduler/framework/plugins/volumebinding) for the claims a pod
// mounts:
//
//   - PreFilter: a claim that does not exist, or is being deleted, rejects
//     the pod on every node ("persistentvolumeclaim \"data\" not found");
//     so does an unbound claim whose class binds at once (or that names no
//     class): "pod has unbound immediate PersistentVolumeClaims", both
//     UnschedulableAndUnresolvable;
//   - Filter: a bound claim's volume must allow the node (its node
//     affinity): "node(s) had volume node affinity conflict". An unbound
//     claim of a WaitForFirstConsumer class can be provisioned anywhere (the
//     local-path class has no allowedTopologies);
//   - PreBind: the chosen node is written to each such claim as
//     volume.kubernetes.io/selected-node, and the binding waits until the
//     persistent volume controller has bound every claim (BindPodVolumes'
//     wait); the pod stays Pending, with no event, until then.

// The VolumeBinding plugin's reasons and the selected-node annotation.
const (
	pluginVolumeBinding             = "VolumeBinding"
	ErrReasonBindConflict           = "pod has unbound immediate PersistentVolumeClaims"
	ErrReasonNodeConflict           = "node(s) had volume node affinity conflict"
	AnnSelectedNode                 = "volume.kubernetes.io/selected-node"
	annBindCompleted                = "pv.kubernetes.io/bind-completed"
	hostnameLabel                   = "kubernetes.io/hostname"
	volumeBindingWaitDecisionPrefix = "BindPodVolumes"
)

// volumeBinder is the plugin's view of claims, volumes and classes, and the
// pods whose binding waits for their claims (pod key → chosen node).
type volumeBinder struct {
	s       *Scheduler
	claims  *controller.Store
	volumes *controller.Store
	classes *controller.Store
	waiting map[string]string
}

var (
	pvcKind = api.KindOf(&api.PersistentVolumeClaim{})
	pvKind  = api.KindOf(&api.PersistentVolume{})
	scKind  = api.KindOf(&api.StorageClass{})
)

func newVolumeBinder(s *Scheduler) *volumeBinder {
	in := s.ctx.Informers
	vb := &volumeBinder{s: s, claims: in.Lister(pvcKind), volumes: in.Lister(pvKind), classes: in.Lister(scKind),
		waiting: map[string]string{}}
	// A claim's change may unblock a pod: PvcAdd and PvcUpdate are
	// VolumeBinding's queueing events; a binding waiting for it resumes.
	in.AddHandler(pvcKind, controller.Handler{
		Add:    func(obj api.Object) { vb.claimChanged(obj.(*api.PersistentVolumeClaim)) },
		Update: func(_, cur api.Object) { vb.claimChanged(cur.(*api.PersistentVolumeClaim)) },
	})
	return vb
}

// claimChanged requeues the pending pods that mount the claim.
func (vb *volumeBinder) claimChanged(c *api.PersistentVolumeClaim) {
	keys := make([]string, 0, len(vb.s.states))
	for k := range vb.s.states {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		ns, name := controller.SplitKey(key)
		if ns != c.Namespace {
			continue
		}
		pod, ok := controller.GetAs[*api.Pod](vb.s.pods, ns, name)
		if !ok || !slices.Contains(claimNames(pod), c.Name) {
			continue
		}
		if st := vb.s.states[key]; st.phase != phaseActive {
			vb.s.activate(key, st)
		} else {
			vb.s.queue.Add(key)
		}
	}
}

// claimNames lists the claims a pod mounts, in volume order.
func claimNames(pod *api.Pod) []string {
	var names []string
	for _, v := range pod.Spec.Volumes {
		if v.PersistentVolumeClaim != nil {
			names = append(names, v.PersistentVolumeClaim.ClaimName)
		}
	}
	return names
}

// podClaims is the PreFilter state: the bound claims' volumes and the
// unbound claims waiting for a node.
type podClaims struct {
	bound   []*api.PersistentVolume
	delayed []*api.PersistentVolumeClaim
}

// preFilter models VolumeBinding.PreFilter (podHasPVCs, GetPodVolumeClaims):
// the claims' state, or the message that rejects the pod everywhere.
func (vb *volumeBinder) preFilter(pod *api.Pod) (*podClaims, string) {
	pc := &podClaims{}
	for _, name := range claimNames(pod) {
		c, ok := controller.GetAs[*api.PersistentVolumeClaim](vb.claims, pod.Namespace, name)
		if !ok {
			return nil, fmt.Sprintf("persistentvolumeclaim %q not found", name)
		}
		if c.DeletionTimestamp != nil {
			return nil, fmt.Sprintf("persistentvolumeclaim %q is being deleted", name)
		}
		if c.Spec.VolumeName != "" && c.Annotations[annBindCompleted] != "" {
			if v, ok := controller.GetAs[*api.PersistentVolume](vb.volumes, "", c.Spec.VolumeName); ok {
				pc.bound = append(pc.bound, v)
			}
			continue
		}
		if !vb.delayBinding(c) {
			return nil, ErrReasonBindConflict
		}
		pc.delayed = append(pc.delayed, c)
	}
	return pc, ""
}

// delayBinding models IsDelayBindingMode: the claim's class exists and
// binds WaitForFirstConsumer.
func (vb *volumeBinder) delayBinding(c *api.PersistentVolumeClaim) bool {
	if c.Spec.StorageClassName == nil || *c.Spec.StorageClassName == "" {
		return false
	}
	sc, ok := controller.GetAs[*api.StorageClass](vb.classes, "", *c.Spec.StorageClassName)
	return ok && sc.VolumeBindingMode != nil && *sc.VolumeBindingMode == api.VolumeBindingWaitForFirstConsumer
}

// filter models VolumeBinding.Filter for bound claims (FindPodVolumes'
// checkBoundClaims): every volume's node affinity must match the node.
func (vb *volumeBinder) filter(pc *podClaims, node *api.Node) *status {
	for _, v := range pc.bound {
		if !volumeAllowsNode(v, node) {
			return newStatus(pluginVolumeBinding, unresolvable, ErrReasonNodeConflict,
				"volume "+v.Name+" is pinned to other nodes")
		}
	}
	return nil
}

// volumeAllowsNode models CheckNodeAffinity for the In and NotIn
// operators on node labels (what provisioners write).
func volumeAllowsNode(v *api.PersistentVolume, node *api.Node) bool {
	if v.Spec.NodeAffinity == nil || v.Spec.NodeAffinity.Required == nil {
		return true
	}
	for _, term := range v.Spec.NodeAffinity.Required.NodeSelectorTerms {
		ok := true
		for _, r := range term.MatchExpressions {
			val, has := node.Labels[r.Key]
			switch r.Operator {
			case api.NodeSelectorOpIn:
				ok = ok && has && slices.Contains(r.Values, val)
			case api.NodeSelectorOpNotIn:
				ok = ok && !(has && slices.Contains(r.Values, val))
			case api.NodeSelectorOpExists:
				ok = ok && has
			case api.NodeSelectorOpDoesNotExist:
				ok = ok && !has
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// preBind models VolumeBinding.PreBind (BindPodVolumes): the node goes to
// each unbound claim; true when every claim is bound and the pod may be
// bound now.
func (vb *volumeBinder) preBind(key string, pod *api.Pod, pc *podClaims, node string, ds *controller.Decisions) bool {
	if len(pc.delayed) == 0 {
		delete(vb.waiting, key)
		return true
	}
	var pending []string
	for _, c := range pc.delayed {
		pending = append(pending, c.Name)
		if c.Annotations[AnnSelectedNode] == node {
			continue
		}
		patch, _ := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": map[string]string{AnnSelectedNode: node}}})
		if _, err := vb.s.ctx.Server.Patch(pvcKind, c.Namespace, c.Name, apiserver.StrategicMergePatchType, patch); err != nil {
			ds.Add(volumeBindingWaitDecisionPrefix, "", "annotate claim "+c.Name+": "+err.Error()).
				Say("scheduler.annotateClaimFailed", controller.Name("claim", c.Name), controller.Name("node", node), controller.Text("message", err.Error()))
		}
	}
	vb.waiting[key] = node
	ds.Add(volumeBindingWaitDecisionPrefix, "claims "+strings.Join(pending, ", ")+" bind WaitForFirstConsumer",
		fmt.Sprintf("%s=%s on each; pod %s waits for them to be bound before binding to %s", AnnSelectedNode, node, key, node)).
		Say("scheduler.waitForClaims", controller.Name("claims", strings.Join(pending, ", ")), controller.Name("node", node))
	return false
}

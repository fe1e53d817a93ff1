// The view of each object kind, from its API object: podView (and the
// STATUS column podState), deploymentView with its ReplicaSets, nodeView,
// serviceView. build.go decides which objects a View holds and reuses
// these where nothing changed.

package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

func podView(p *api.Pod, now time.Time) *Pod {
	row := printers.PodSummary(p, now)
	restarts := int32(0)
	if f := strings.Fields(row.Restarts); len(f) > 0 {
		if n, err := strconv.Atoi(f[0]); err == nil {
			restarts = int32(n)
		}
	}
	pv := &Pod{
		Name:        p.Name,
		Namespace:   p.Namespace,
		Node:        p.Spec.NodeName,
		Phase:       string(p.Status.Phase),
		Ready:       controller.IsPodReady(p),
		ReadyText:   row.Ready,
		Status:      row.Status,
		Restarts:    restarts,
		Terminating: p.DeletionTimestamp != nil,
		IP:          p.Status.PodIP,
		Hash:        p.Labels["pod-template-hash"],
	}
	if ref := controllerRef(&p.ObjectMeta); ref != nil && ref.Kind == "ReplicaSet" {
		pv.Owner = ref.Name
	}
	pv.State = podState(pv)
	return pv
}

// podState decides how a pod is drawn. An unready pod is never "ready".
func podState(p *Pod) string {
	switch {
	case p.Status == "Unknown":
		return StateUnknown
	case p.Terminating:
		return StateTerminating
	case p.Phase == string(api.PodFailed) || isFailureReason(p.Status):
		return StateFailed
	case p.Phase == string(api.PodSucceeded) || p.Status == "Completed":
		return StateSucceeded
	case p.Phase == string(api.PodRunning) && p.Ready:
		return StateReady
	case p.Phase == string(api.PodRunning):
		return StateNotReady
	}
	return StatePending
}

func controllerRef(m *api.ObjectMeta) *api.OwnerReference {
	for i := range m.OwnerReferences {
		if r := &m.OwnerReferences[i]; r.Controller != nil && *r.Controller {
			return r
		}
	}
	return nil
}

func deploymentView(d *api.Deployment, rss []*api.ReplicaSet, uses []*Use, now time.Time) *Deployment {
	dv := &Deployment{
		Name:               d.Name,
		Namespace:          d.Namespace,
		Replicas:           deref(d.Spec.Replicas, 1),
		Current:            d.Status.Replicas,
		Updated:            d.Status.UpdatedReplicas,
		Ready:              d.Status.ReadyReplicas,
		Available:          d.Status.AvailableReplicas,
		Unavailable:        d.Status.UnavailableReplicas,
		Terminating:        deref(d.Status.TerminatingReplicas, 0),
		Strategy:           string(d.Spec.Strategy.Type),
		MinReadySeconds:    d.Spec.MinReadySeconds,
		Paused:             d.Spec.Paused,
		Revision:           d.Annotations[deploymentutil.RevisionAnnotation],
		Generation:         d.Generation,
		ObservedGeneration: d.Status.ObservedGeneration,
		Selector:           labels.FormatLabelSelector(d.Spec.Selector),
		Images:             images(&d.Spec.Template),
		Uses:               uses,
		Conditions:         []*Condition{},
		ReplicaSets:        []*ReplicaSet{},
	}
	if ru := d.Spec.Strategy.RollingUpdate; ru != nil && d.Spec.Strategy.Type == api.RollingUpdateDeploymentStrategyType {
		if ru.MaxSurge != nil {
			dv.MaxSurge = ru.MaxSurge.String()
		}
		if ru.MaxUnavailable != nil {
			dv.MaxUnavailable = ru.MaxUnavailable.String()
		}
		dv.StrategySummary = fmt.Sprintf("RollingUpdate: maxSurge %s, maxUnavailable %s", or(dv.MaxSurge, "25%"), or(dv.MaxUnavailable, "25%"))
	} else {
		dv.StrategySummary = or(dv.Strategy, "RollingUpdate")
	}
	for _, c := range d.Status.Conditions {
		dv.Conditions = append(dv.Conditions, &Condition{
			Type: string(c.Type), Status: string(c.Status), Reason: c.Reason, Message: c.Message,
			LastUpdate: rfc3339(c.LastUpdateTime.Time), LastUpdateTick: tickOf(c.LastUpdateTime.Time, clock.Epoch),
			LastTransition: rfc3339(c.LastTransitionTime.Time),
		})
	}
	newRS := deploymentutil.FindNewReplicaSet(d, rss)
	// Newest revision first, as kubectl describe lists them.
	sorted := slices.Clone(rss)
	slices.SortStableFunc(sorted, func(a, b *api.ReplicaSet) int {
		ra, rb := revisionOf(a), revisionOf(b)
		if ra != rb {
			if ra > rb {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	for _, rs := range sorted {
		dv.ReplicaSets = append(dv.ReplicaSets, replicaSetView(rs, d.Name, newRS != nil && rs.UID == newRS.UID, now))
	}
	dv.Rollout = kubectl.RolloutStatus(d)
	return dv
}

func replicaSetView(rs *api.ReplicaSet, owner string, isNew bool, now time.Time) *ReplicaSet {
	rv := &ReplicaSet{
		Name:        rs.Name,
		Namespace:   rs.Namespace,
		Deployment:  owner,
		Revision:    rs.Annotations[deploymentutil.RevisionAnnotation],
		Hash:        rs.Labels["pod-template-hash"],
		Desired:     deref(rs.Spec.Replicas, 1),
		Current:     rs.Status.Replicas,
		Ready:       rs.Status.ReadyReplicas,
		Available:   rs.Status.AvailableReplicas,
		Terminating: deref(rs.Status.TerminatingReplicas, 0),
		New:         isNew,
		Images:      images(&rs.Spec.Template),
	}
	for _, c := range rs.Status.Conditions {
		rv.Conditions = append(rv.Conditions, &Condition{
			Type: string(c.Type), Status: string(c.Status), Reason: c.Reason, Message: c.Message,
			LastTransition: rfc3339(c.LastTransitionTime.Time), LastUpdateTick: tickOf(c.LastTransitionTime.Time, clock.Epoch),
		})
	}
	return rv
}

func revisionOf(rs *api.ReplicaSet) int64 {
	n, _ := strconv.ParseInt(rs.Annotations[deploymentutil.RevisionAnnotation], 10, 64)
	return n
}

func images(t *api.PodTemplateSpec) []string {
	out := make([]string, 0, len(t.Spec.Containers))
	for _, c := range t.Spec.Containers {
		out = append(out, c.Image)
	}
	return out
}

func nodeView(n *api.Node, perNode map[string]int) *Node {
	nv := &Node{
		Name:     n.Name,
		Ready:    "Unknown",
		Status:   printers.NodeStatus(n),
		Cordoned: n.Spec.Unschedulable,
		Taints:   []string{},
		Pods:     perNode[n.Name],
		PodCIDR:  n.Spec.PodCIDR,
	}
	for _, c := range n.Status.Conditions {
		if c.Type == api.NodeReady {
			nv.Ready = string(c.Status)
		}
	}
	for _, t := range n.Spec.Taints {
		s := t.Key
		if t.Value != "" {
			s += "=" + t.Value
		}
		nv.Taints = append(nv.Taints, s+":"+string(t.Effect))
	}
	if q, ok := n.Status.Allocatable[api.ResourcePods]; ok {
		nv.PodCapacity = q.String()
	}
	if q, ok := n.Status.Allocatable[api.ResourceCPU]; ok {
		nv.CPU = q.String()
	}
	if q, ok := n.Status.Allocatable[api.ResourceMemory]; ok {
		nv.Memory = q.String()
	}
	return nv
}

func serviceView(svc *api.Service, eps []*api.EndpointSlice) *Service {
	sv := &Service{
		Name:      svc.Name,
		Namespace: svc.Namespace,
		Type:      or(string(svc.Spec.Type), "ClusterIP"),
		ClusterIP: or(svc.Spec.ClusterIP, "<none>"),
		Ports:     []string{},
		Selector:  labels.FormatLabels(svc.Spec.Selector),
		Endpoints: []*Endpoint{},
	}
	if svc.Spec.Type == api.ServiceTypeExternalName {
		sv.External = svc.Spec.ExternalName
	}
	for _, in := range svc.Status.LoadBalancer.Ingress {
		sv.External = or(in.IP, in.Hostname)
	}
	for _, p := range svc.Spec.Ports {
		s := strconv.Itoa(int(p.Port))
		if p.NodePort != 0 {
			s += ":" + strconv.Itoa(int(p.NodePort))
		}
		sv.Ports = append(sv.Ports, s+"/"+or(string(p.Protocol), "TCP"))
	}
	for _, es := range eps {
		for _, e := range es.Endpoints {
			ev := &Endpoint{
				Ready:       e.Conditions.Ready == nil || *e.Conditions.Ready,
				Serving:     e.Conditions.Serving == nil || *e.Conditions.Serving,
				Terminating: e.Conditions.Terminating != nil && *e.Conditions.Terminating,
			}
			if len(e.Addresses) > 0 {
				ev.IP = e.Addresses[0]
			}
			if e.TargetRef != nil {
				ev.Pod = e.TargetRef.Name
			}
			if e.NodeName != nil {
				ev.Node = *e.NodeName
			}
			sv.Endpoints = append(sv.Endpoints, ev)
		}
	}
	slices.SortFunc(sv.Endpoints, func(a, b *Endpoint) int {
		return strings.Compare(a.Pod+"/"+a.IP, b.Pod+"/"+b.IP)
	})
	return sv
}

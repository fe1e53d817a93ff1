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
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// Bounds on what one view carries, so a busy cluster cannot make a view (or
// its JSON) unbounded.
const (
	// maxViewDecisions is how many decision records of one tick a view
	// keeps (the last ones); the rest are counted in DecisionsOmitted.
	maxViewDecisions = 300
	// maxViewEvents is how many recent events a view shows.
	maxViewEvents = 100
)

var (
	kindDeployment    = api.KindOf(&api.Deployment{})
	kindReplicaSet    = api.KindOf(&api.ReplicaSet{})
	kindPod           = api.KindOf(&api.Pod{})
	kindNode          = api.KindOf(&api.Node{})
	kindService       = api.KindOf(&api.Service{})
	kindEndpointSlice = api.KindOf(&api.EndpointSlice{})
	kindEvent         = api.KindOf(&api.Event{})
)

// builder turns the cluster's informer caches into Views. It remembers the
// Pod view it made for each (uid, resourceVersion), so a pod that did not
// change is not rebuilt and consecutive views share it: building is O(pods)
// map look-ups, and the history's memory grows with what changed.
type builder struct {
	pods  map[string]podCacheEntry
	stamp uint64
}

type podCacheEntry struct {
	rv    string
	view  *Pod
	stamp uint64
}

func newBuilder() *builder { return &builder{pods: map[string]podCacheEntry{}} }

// build makes the view of w as it is now. Head and Live are left for the
// session to set when it serves the view.
func (b *builder) build(w *world, _ int64, chart *Chart) *View {
	b.stamp++
	s := w.sim
	now := s.Now()
	tick := s.CurrentTick()
	in := s.Informers
	v := &View{
		Tick:   tick,
		Head:   tick,
		Time:   rfc3339(now),
		Seed:   s.Seed(),
		Live:   true,
		Chart:  chart,
		Counts: map[string]int{},
	}

	// Pods, indexed by their controlling ReplicaSet's uid.
	podObjs := in.Lister(kindPod).List("", nil)
	v.Pods = make([]*Pod, 0, len(podObjs))
	perNode := map[string]int{}
	for _, o := range podObjs {
		p := o.(*api.Pod)
		pv := b.pod(p, now)
		v.Pods = append(v.Pods, pv)
		v.Counts[pv.State]++
		if pv.Node != "" {
			perNode[pv.Node]++
		}
	}
	b.sweep(len(podObjs))

	// ReplicaSets, grouped by their controlling Deployment's uid.
	rsObjs := in.Lister(kindReplicaSet).List("", nil)
	rsByOwner := map[string][]*api.ReplicaSet{}
	for _, o := range rsObjs {
		rs := o.(*api.ReplicaSet)
		if ref := controllerRef(&rs.ObjectMeta); ref != nil && ref.Kind == "Deployment" {
			rsByOwner[ref.UID] = append(rsByOwner[ref.UID], rs)
		} else {
			v.ReplicaSets = append(v.ReplicaSets, replicaSetView(rs, "", false, now))
		}
	}
	for _, o := range in.Lister(kindDeployment).List("", nil) {
		d := o.(*api.Deployment)
		v.Deployments = append(v.Deployments, deploymentView(d, rsByOwner[d.UID], now))
	}

	for _, o := range in.Lister(kindNode).List("", nil) {
		v.Nodes = append(v.Nodes, nodeView(o.(*api.Node), perNode))
	}

	bySvc := map[string][]*api.EndpointSlice{}
	for _, o := range in.Lister(kindEndpointSlice).List("", nil) {
		es := o.(*api.EndpointSlice)
		if svc := es.Labels["kubernetes.io/service-name"]; svc != "" {
			key := es.Namespace + "/" + svc
			bySvc[key] = append(bySvc[key], es)
		}
	}
	for _, o := range in.Lister(kindService).List("", nil) {
		svc := o.(*api.Service)
		v.Services = append(v.Services, serviceView(svc, bySvc[svc.Namespace+"/"+svc.Name]))
	}

	v.Events = w.events.view(now, maxViewEvents)
	v.Decisions, v.DecisionsOmitted = decisionsOf(s.Decisions(tick), tick)

	// Empty lists encode as [] rather than null, so the page never checks.
	if v.Deployments == nil {
		v.Deployments = []*Deployment{}
	}
	if v.ReplicaSets == nil {
		v.ReplicaSets = []*ReplicaSet{}
	}
	if v.Nodes == nil {
		v.Nodes = []*Node{}
	}
	if v.Services == nil {
		v.Services = []*Service{}
	}
	return v
}

// sweep forgets cached pod views that the last build did not use, once the
// cache holds twice as many as there are pods.
func (b *builder) sweep(live int) {
	if len(b.pods) <= 2*live+64 {
		return
	}
	for uid, e := range b.pods {
		if e.stamp != b.stamp {
			delete(b.pods, uid)
		}
	}
}

// pod returns the view of p, reusing the one made for the same
// resourceVersion. Nothing in a Pod view depends on the time, only on the
// object, so reuse is exact.
func (b *builder) pod(p *api.Pod, now time.Time) *Pod {
	if e, ok := b.pods[p.UID]; ok && e.rv == p.ResourceVersion && p.UID != "" {
		e.stamp = b.stamp
		b.pods[p.UID] = e
		return e.view
	}
	pv := podView(p, now)
	b.pods[p.UID] = podCacheEntry{rv: p.ResourceVersion, view: pv, stamp: b.stamp}
	return pv
}

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

func deploymentView(d *api.Deployment, rss []*api.ReplicaSet, now time.Time) *Deployment {
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
		Revision:           d.Annotations[deployment.RevisionAnnotation],
		Generation:         d.Generation,
		ObservedGeneration: d.Status.ObservedGeneration,
		Selector:           labels.FormatLabelSelector(d.Spec.Selector),
		Images:             images(&d.Spec.Template),
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
	newRS := deployment.FindNewReplicaSet(d, rss)
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
	dv.Rollout = rolloutStatus(d)
	return dv
}

// rolloutStatus is kubectl rollout status's verdict for a Deployment
// (DeploymentStatusViewer.Status in kubectl's polymorphichelpers).
func rolloutStatus(d *api.Deployment) string {
	if d.Generation > d.Status.ObservedGeneration {
		return "Waiting for deployment spec update to be observed..."
	}
	if c := deployment.GetDeploymentCondition(d.Status, api.DeploymentProgressing); c != nil && c.Reason == deployment.TimedOutReason {
		return fmt.Sprintf("deployment %q exceeded its progress deadline", d.Name)
	}
	replicas := deref(d.Spec.Replicas, 1)
	switch {
	case d.Status.UpdatedReplicas < replicas:
		return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d out of %d new replicas have been updated...", d.Name, d.Status.UpdatedReplicas, replicas)
	case d.Status.Replicas > d.Status.UpdatedReplicas:
		return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d old replicas are pending termination...", d.Name, d.Status.Replicas-d.Status.UpdatedReplicas)
	case d.Status.AvailableReplicas < d.Status.UpdatedReplicas:
		return fmt.Sprintf("Waiting for deployment %q rollout to finish: %d of %d updated replicas are available...", d.Name, d.Status.AvailableReplicas, d.Status.UpdatedReplicas)
	}
	return fmt.Sprintf("deployment %q successfully rolled out", d.Name)
}

func replicaSetView(rs *api.ReplicaSet, owner string, isNew bool, now time.Time) *ReplicaSet {
	rv := &ReplicaSet{
		Name:        rs.Name,
		Namespace:   rs.Namespace,
		Deployment:  owner,
		Revision:    rs.Annotations[deployment.RevisionAnnotation],
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
	n, _ := strconv.ParseInt(rs.Annotations[deployment.RevisionAnnotation], 10, 64)
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

// decisionsOf returns the records of one tick from the sim's kept ones (all
// made at or after it), at most maxViewDecisions of them: the last ones.
func decisionsOf(all []controller.Decision, tick int64) ([]*Decision, int) {
	end := len(all)
	for i, d := range all {
		if d.Tick > tick {
			end = i
			break
		}
	}
	all = all[:end]
	omitted := 0
	if len(all) > maxViewDecisions {
		omitted = len(all) - maxViewDecisions
		all = all[omitted:]
	}
	out := make([]*Decision, 0, len(all))
	for _, d := range all {
		d.Inputs = slices.Clone(d.Inputs) // the sim's records are reused
		out = append(out, &Decision{Decision: d, Text: d.String()})
	}
	return out, omitted
}

func deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

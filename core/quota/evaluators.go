package quota

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Lister lists the objects of a kind in a namespace, for usage
// recalculation (the evaluators' ListFuncByNamespace). The quota
// controller passes its informer caches.
type Lister func(k *api.KindInfo, namespace string) []api.Object

// Evaluator models quota.Evaluator for one kind: which quota resources it
// charges and how much an object uses.
type Evaluator interface {
	// Kind is the kind evaluated.
	Kind() *api.KindInfo
	// Handles reports whether a write with this operation and subresource
	// can change usage (podEvaluator: creates; serviceEvaluator: creates
	// and updates; object count: creates).
	Handles(op, subresource string) bool
	// MatchingResources returns the names in input this evaluator charges.
	MatchingResources(input []api.ResourceName) []api.ResourceName
	// Constraints checks the object against the required resources.
	Constraints(required []api.ResourceName, obj api.Object) error
	// Usage is what the object uses at time now.
	Usage(obj api.Object, now time.Time) api.ResourceList
}

// Registry holds the evaluators by kind (generic.Registry with the core
// evaluators and an object-count evaluator for every other kind).
type Registry struct {
	byKind map[*api.KindInfo]Evaluator
	order  []*api.KindInfo
}

// NewRegistry returns the evaluators of a v1.37 cluster for the served
// kinds: pods and services have their own; resourcequotas count under
// "count/resourcequotas" and the legacy "resourcequotas"; every other
// namespaced kind counts under "count/<resource>[.<group>]". Events are
// ignored, as install.DefaultIgnoredResources ignores them.
func NewRegistry() *Registry {
	r := &Registry{byKind: map[*api.KindInfo]Evaluator{}}
	for _, k := range api.Kinds() {
		if !k.Namespaced || k.Kind == "Event" {
			continue
		}
		var e Evaluator
		switch k.Kind {
		case "Pod":
			e = podEvaluator{kind: k}
		case "Service":
			e = serviceEvaluator{kind: k}
		case "ResourceQuota":
			e = objectCountEvaluator{kind: k, alias: ResourceQuotas}
		default:
			e = objectCountEvaluator{kind: k}
		}
		r.byKind[k] = e
		r.order = append(r.order, k)
	}
	return r
}

// Get returns the evaluator of a kind, or nil for an ignored kind.
func (r *Registry) Get(k *api.KindInfo) Evaluator { return r.byKind[k] }

// List returns the evaluators in discovery order.
func (r *Registry) List() []Evaluator {
	out := make([]Evaluator, len(r.order))
	for i, k := range r.order {
		out[i] = r.byKind[k]
	}
	return out
}

// podResources are the names the pod evaluator charges (podResources).
var podResources = []api.ResourceName{
	"count/pods",
	ResourceCPU, ResourceMemory, ResourceEphemeralStorage,
	ResourceRequestsCPU, ResourceRequestsMemory, ResourceRequestsEphemeralStorage,
	ResourceLimitsCPU, ResourceLimitsMemory, ResourceLimitsEphemeralStorage,
	ResourcePods,
}

// validationSet is the set of that name: a quota on any of these requires
// every container to set it ("it was a mistake, but ...").
var validationSet = []api.ResourceName{
	ResourceCPU, ResourceMemory, ResourceRequestsCPU, ResourceRequestsMemory, ResourceLimitsCPU, ResourceLimitsMemory,
}

// podEvaluator models the type of that name.
type podEvaluator struct{ kind *api.KindInfo }

func (e podEvaluator) Kind() *api.KindInfo { return e.kind }

// Handles models podEvaluator.Handles: pod creation (in-place resize,
// the other case upstream, is not served).
func (podEvaluator) Handles(op, subresource string) bool { return subresource == "" && op == "CREATE" }

// MatchingResources models podEvaluator.MatchingResources, including the
// hugepages-* and requests.<extended> names.
func (podEvaluator) MatchingResources(input []api.ResourceName) []api.ResourceName {
	out := Intersection(input, podResources)
	for _, n := range input {
		s := string(n)
		if strings.HasPrefix(s, "hugepages-") || strings.HasPrefix(s, "requests.hugepages-") ||
			(strings.HasPrefix(s, "requests.") && strings.Contains(s, "/")) {
			out = append(out, n)
		}
	}
	return out
}

// Constraints models podEvaluator.Constraints: with a quota on cpu or
// memory, requests or limits, every container and init container must
// set them: "must specify limits.cpu for: nginx; limits.memory for: nginx".
func (podEvaluator) Constraints(required []api.ResourceName, obj api.Object) error {
	pod := obj.(*api.Pod)
	requiredSet := Intersection(required, validationSet)
	missing := map[api.ResourceName][]string{}
	check := func(c *api.Container) {
		usage := podComputeUsageHelper(c.Resources.Requests, c.Resources.Limits)
		for _, r := range requiredSet {
			if _, ok := usage[r]; !ok && !slices.Contains(missing[r], c.Name) {
				missing[r] = append(missing[r], c.Name)
			}
		}
	}
	for i := range pod.Spec.Containers {
		check(&pod.Spec.Containers[i])
	}
	for i := range pod.Spec.InitContainers {
		check(&pod.Spec.InitContainers[i])
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, 0, len(missing))
	for r := range missing {
		names = append(names, string(r))
	}
	slices.Sort(names)
	msgs := make([]string, len(names))
	for i, r := range names {
		containers := slices.Clone(missing[api.ResourceName(r)])
		slices.Sort(containers)
		msgs[i] = fmt.Sprintf("%s for: %s", r, strings.Join(containers, ","))
	}
	return fmt.Errorf("must specify %s", strings.Join(msgs, "; "))
}

// Usage models PodUsageFunc: count/pods always; pods and the compute
// resources only while the pod is charged (QuotaV1Pod).
func (podEvaluator) Usage(obj api.Object, now time.Time) api.ResourceList {
	pod := obj.(*api.Pod)
	out := api.ResourceList{"count/pods": one()}
	if !QuotaV1Pod(pod, now) {
		return out
	}
	return Add(out, podComputeUsageHelper(PodRequests(pod), PodLimits(pod)))
}

// QuotaV1Pod models the function of that name: a pod is charged unless it
// has finished (Succeeded or Failed) or it is being deleted and its
// deletion time plus its grace period has passed (a pod stuck terminating
// on a lost node stops counting).
func QuotaV1Pod(pod *api.Pod, now time.Time) bool {
	if pod.Status.Phase == api.PodFailed || pod.Status.Phase == api.PodSucceeded {
		return false
	}
	if pod.DeletionTimestamp != nil && pod.DeletionGracePeriodSeconds != nil {
		grace := time.Duration(*pod.DeletionGracePeriodSeconds) * time.Second
		if now.After(pod.DeletionTimestamp.Add(grace)) {
			return false
		}
	}
	return true
}

// podComputeUsageHelper models the function of that name.
func podComputeUsageHelper(requests, limits api.ResourceList) api.ResourceList {
	out := api.ResourceList{ResourcePods: one()}
	if q, ok := requests[ResourceCPU]; ok {
		out[ResourceCPU] = q
		out[ResourceRequestsCPU] = q
	}
	if q, ok := limits[ResourceCPU]; ok {
		out[ResourceLimitsCPU] = q
	}
	if q, ok := requests[ResourceMemory]; ok {
		out[ResourceMemory] = q
		out[ResourceRequestsMemory] = q
	}
	if q, ok := limits[ResourceMemory]; ok {
		out[ResourceLimitsMemory] = q
	}
	if q, ok := requests[ResourceEphemeralStorage]; ok {
		out[ResourceEphemeralStorage] = q
		out[ResourceRequestsEphemeralStorage] = q
	}
	if q, ok := limits[ResourceEphemeralStorage]; ok {
		out[ResourceLimitsEphemeralStorage] = q
	}
	for n, q := range requests {
		s := string(n)
		if strings.HasPrefix(s, "hugepages-") {
			out[n] = q
			out[api.ResourceName("requests."+s)] = q
		} else if strings.Contains(s, "/") && !strings.HasPrefix(s, "kubernetes.io/") && !strings.HasPrefix(s, "requests.") {
			out[api.ResourceName("requests."+s)] = q // extended resources
		}
	}
	return out
}

// PodRequests models resourcehelper.PodRequests for pods without sidecars:
// the containers' requests summed, then per resource the larger of that
// sum and each init container's request (init containers run one at a
// time, before the others), plus the pod's overhead.
func PodRequests(pod *api.Pod) api.ResourceList {
	sum := podResourceList(pod, func(c *api.Container) api.ResourceList { return c.Resources.Requests })
	if pod.Spec.Overhead != nil {
		sum = Add(sum, pod.Spec.Overhead)
	}
	return sum
}

// PodLimits models resourcehelper.PodLimits the same way for limits; the
// overhead is added only to the resources some container limits.
func PodLimits(pod *api.Pod) api.ResourceList {
	sum := podResourceList(pod, func(c *api.Container) api.ResourceList { return c.Resources.Limits })
	for n, q := range pod.Spec.Overhead {
		if cur, ok := sum[n]; ok {
			cur.Add(q)
			sum[n] = cur
		}
	}
	return sum
}

func podResourceList(pod *api.Pod, of func(*api.Container) api.ResourceList) api.ResourceList {
	sum := api.ResourceList{}
	for i := range pod.Spec.Containers {
		sum = Add(sum, of(&pod.Spec.Containers[i]))
	}
	for i := range pod.Spec.InitContainers {
		for n, q := range of(&pod.Spec.InitContainers[i]) { // maxResourceList
			if cur, ok := sum[n]; !ok || q.Cmp(cur) > 0 {
				sum[n] = q.DeepCopy()
			}
		}
	}
	return sum
}

// serviceResources are the names the service evaluator charges.
var serviceResources = []api.ResourceName{"count/services", ResourceServices, ResourceServicesNodePorts, ResourceServicesLoadBalancers}

// serviceEvaluator models the type of that name.
type serviceEvaluator struct{ kind *api.KindInfo }

func (e serviceEvaluator) Kind() *api.KindInfo { return e.kind }

// Handles models serviceEvaluator.Handles: creates and updates, since the
// type may change.
func (serviceEvaluator) Handles(op, _ string) bool { return op == "CREATE" || op == "UPDATE" }

func (serviceEvaluator) MatchingResources(input []api.ResourceName) []api.ResourceName {
	return Intersection(input, serviceResources)
}

func (serviceEvaluator) Constraints([]api.ResourceName, api.Object) error { return nil }

// Usage models serviceEvaluator.Usage: one service; its ports as node
// ports for NodePort and LoadBalancer (only the explicitly set ones when a
// LoadBalancer opts out of node ports); one load balancer.
func (serviceEvaluator) Usage(obj api.Object, _ time.Time) api.ResourceList {
	svc := obj.(*api.Service)
	out := api.ResourceList{
		"count/services":              one(),
		ResourceServices:              one(),
		ResourceServicesLoadBalancers: zeroDecimal(),
		ResourceServicesNodePorts:     zeroDecimal(),
	}
	ports := int64(len(svc.Spec.Ports))
	switch svc.Spec.Type {
	case api.ServiceTypeNodePort:
		out[ResourceServicesNodePorts] = quantity(ports)
	case api.ServiceTypeLoadBalancer:
		if a := svc.Spec.AllocateLoadBalancerNodePorts; a != nil && !*a {
			n := int64(0)
			for _, p := range svc.Spec.Ports {
				if p.NodePort != 0 {
					n++
				}
			}
			out[ResourceServicesNodePorts] = quantity(n)
		} else {
			out[ResourceServicesNodePorts] = quantity(ports)
		}
		out[ResourceServicesLoadBalancers] = one()
	}
	return out
}

// QuotaServiceType models GetQuotaServiceType: the types quota tracks.
func QuotaServiceType(svc *api.Service) api.ServiceType {
	switch svc.Spec.Type {
	case api.ServiceTypeNodePort, api.ServiceTypeLoadBalancer:
		return svc.Spec.Type
	}
	return ""
}

// objectCountEvaluator models generic.objectCountEvaluator: one
// "count/<resource>" (and a legacy alias) per object, charged on create.
type objectCountEvaluator struct {
	kind  *api.KindInfo
	alias api.ResourceName
}

func (e objectCountEvaluator) Kind() *api.KindInfo { return e.kind }

func (objectCountEvaluator) Handles(op, _ string) bool { return op == "CREATE" }

func (e objectCountEvaluator) names() []api.ResourceName {
	n := []api.ResourceName{ObjectCountName(e.kind)}
	if e.alias != "" {
		n = append(n, e.alias)
	}
	return n
}

func (e objectCountEvaluator) MatchingResources(input []api.ResourceName) []api.ResourceName {
	return Intersection(input, e.names())
}

func (objectCountEvaluator) Constraints([]api.ResourceName, api.Object) error { return nil }

func (e objectCountEvaluator) Usage(api.Object, time.Time) api.ResourceList {
	out := api.ResourceList{}
	for _, n := range e.names() {
		out[n] = one()
	}
	return out
}

// CalculateUsage models quota.CalculateUsage with
// generic.CalculateUsageStats: for the hard resources some evaluator
// charges, the sum over the namespace's objects (each tracked resource
// starting at 0).
func CalculateUsage(r *Registry, namespace string, hard api.ResourceList, list Lister, now time.Time) api.ResourceList {
	hardNames := ResourceNames(hard)
	var potential []api.ResourceName
	for _, e := range r.List() {
		potential = append(potential, e.MatchingResources(hardNames)...)
	}
	matched := Intersection(hardNames, potential)
	usage := api.ResourceList{}
	for _, e := range r.List() {
		names := e.MatchingResources(matched)
		if len(names) == 0 {
			continue
		}
		stats := api.ResourceList{}
		for _, n := range names {
			stats[n] = zeroDecimal()
		}
		for _, obj := range list(e.Kind(), namespace) {
			stats = Add(stats, e.Usage(obj, now))
		}
		usage = Add(usage, stats)
	}
	return Mask(usage, matched)
}

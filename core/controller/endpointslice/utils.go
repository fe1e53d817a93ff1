package endpointslice

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/naming"
	"github.com/kubeplay/kubeplay/core/controller"
)

// The well-known EndpointSlice labels and annotation
// (k8s.io/api/discovery/v1 and core/v1 well_known_labels.go).
const (
	// LabelServiceName names the Service a slice belongs to.
	LabelServiceName = "kubernetes.io/service-name"
	// LabelManagedBy names the controller that manages a slice.
	LabelManagedBy = "endpointslice.kubernetes.io/managed-by"
	// LabelIsHeadlessService marks the slices of a headless Service.
	LabelIsHeadlessService = "service.kubernetes.io/headless"
	// AnnotationLastChangeTriggerTime is v1.EndpointsLastChangeTriggerTime.
	AnnotationLastChangeTriggerTime = "endpoints.kubernetes.io/last-change-trigger-time"
	// LabelTopologyZone is the node label an endpoint's zone comes from.
	LabelTopologyZone = "topology.kubernetes.io/zone"
)

// podToEndpoint models the function of that name (k8s.io/endpointslice
// utils.go): serving is the pod's readiness, terminating its deletion, and
// ready is serving and not terminating (or always, with
// publishNotReadyAddresses).
func podToEndpoint(pod *api.Pod, node *api.Node, svc *api.Service) api.Endpoint {
	serving := controller.IsPodReady(pod)
	terminating := pod.DeletionTimestamp != nil
	ready := svc.Spec.PublishNotReadyAddresses || (serving && !terminating)
	ep := api.Endpoint{
		Addresses:  getEndpointAddresses(&pod.Status),
		Conditions: api.EndpointConditions{Ready: &ready, Serving: &serving, Terminating: &terminating},
		TargetRef:  &api.ObjectReference{Kind: "Pod", Namespace: pod.Namespace, Name: pod.Name, UID: pod.UID},
	}
	if pod.Spec.NodeName != "" {
		n := pod.Spec.NodeName
		ep.NodeName = &n
	}
	if node != nil && node.Labels[LabelTopologyZone] != "" {
		z := node.Labels[LabelTopologyZone]
		ep.Zone = &z
	}
	if ShouldSetHostname(pod, svc) {
		h := pod.Spec.Hostname
		ep.Hostname = &h
	}
	return ep
}

// ShouldSetHostname models endpointsliceutil.ShouldSetHostname: a pod
// with a hostname whose subdomain names this Service.
func ShouldSetHostname(pod *api.Pod, svc *api.Service) bool {
	return pod.Spec.Hostname != "" && pod.Spec.Subdomain == svc.Name && svc.Namespace == pod.Namespace
}

// getEndpointAddresses models the function of that name for the IPv4
// address type: the pod's IPv4 addresses, normalised.
func getEndpointAddresses(st *api.PodStatus) []string {
	addrs := []string{}
	for _, ip := range st.PodIPs {
		if a, ok := parseIPv4(ip.IP); ok {
			addrs = append(addrs, a)
		}
	}
	return addrs
}

func parseIPv4(s string) (string, bool) {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return "", false
	}
	out := make([]string, 4)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 255 {
			return "", false
		}
		out[i] = strconv.Itoa(n)
	}
	return strings.Join(out, "."), true
}

// getEndpointPorts models the function of that name: one EndpointPort per
// service port whose targetPort resolves in this pod. A named targetPort
// the pod does not declare drops that port, for this pod only, so pods
// that resolve differently end up in different slices.
func getEndpointPorts(svc *api.Service, pod *api.Pod) []api.EndpointPort {
	ports := []api.EndpointPort{}
	if len(svc.Spec.Ports) == 0 && svc.Spec.ClusterIP == "None" {
		return ports
	}
	for i := range svc.Spec.Ports {
		sp := &svc.Spec.Ports[i]
		num, err := FindPort(pod, sp)
		if err != nil {
			continue
		}
		name, proto, port := sp.Name, sp.Protocol, int32(num)
		ports = append(ports, api.EndpointPort{Name: &name, Port: &port, Protocol: &proto, AppProtocol: sp.AppProtocol})
	}
	return ports
}

// FindPort models the function of that name: a numeric targetPort is used
// as is; a named one is looked up among the containers' ports (then the
// restartable init containers', which this playground does not model) with
// the service port's protocol.
func FindPort(pod *api.Pod, sp *api.ServicePort) (int, error) {
	tp := sp.TargetPort
	if tp.IsString {
		for _, c := range pod.Spec.Containers {
			for _, p := range c.Ports {
				proto := p.Protocol
				if proto == "" {
					proto = api.ProtocolTCP
				}
				if p.Name == tp.StrVal && proto == sp.Protocol {
					return int(p.ContainerPort), nil
				}
			}
		}
		return 0, fmt.Errorf("no suitable port for manifest: %s", pod.UID)
	}
	return int(tp.IntVal), nil
}

// newEndpointSlice models the function of that name: an empty slice owned
// by the Service (controller reference), named by the API server from
// generateName "<service>-", with the Service's labels plus the reserved
// ones.
func newEndpointSlice(svc *api.Service, meta *endpointMeta, controllerName string) *api.EndpointSlice {
	s := &api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{
			Labels:          map[string]string{},
			GenerateName:    getEndpointSlicePrefix(svc.Name),
			OwnerReferences: []api.OwnerReference{*controller.NewControllerRef(svc)},
			Namespace:       svc.Namespace,
		},
		Ports:       meta.ports,
		AddressType: meta.addressType,
		Endpoints:   []api.Endpoint{},
	}
	s.Labels, _ = setEndpointSliceLabels(s, svc, controllerName)
	return s
}

// getEndpointSlicePrefix models the function of that name: "<name>-",
// unless that is not a valid DNS subdomain prefix.
func getEndpointSlicePrefix(name string) string {
	prefix := name + "-"
	// NameIsDNSSubdomain(prefix, true) masks the trailing dash.
	if len(naming.IsDNS1123Subdomain(name+"a")) != 0 {
		prefix = name
	}
	return prefix
}

// ownedBy models the function of that name.
func ownedBy(s *api.EndpointSlice, svc *api.Service) bool {
	for _, o := range s.OwnerReferences {
		if o.UID == svc.UID && o.Kind == "Service" && o.APIVersion == "v1" {
			return true
		}
	}
	return false
}

// getSliceToFill models the function of that name: the slice that will be
// closest to full after taking numEndpoints more.
func getSliceToFill(slices []*api.EndpointSlice, numEndpoints, maxEndpoints int) *api.EndpointSlice {
	closestDiff := maxEndpoints
	var closest *api.EndpointSlice
	for _, s := range slices {
		d := maxEndpoints - (numEndpoints + len(s.Endpoints))
		if d >= 0 && d < closestDiff {
			closestDiff, closest = d, s
			if d == 0 {
				return closest
			}
		}
	}
	return closest
}

// addTriggerTimeAnnotation models the function of that name.
func addTriggerTimeAnnotation(s *api.EndpointSlice, t time.Time) {
	if s.Annotations == nil {
		s.Annotations = map[string]string{}
	}
	if !t.IsZero() {
		s.Annotations[AnnotationLastChangeTriggerTime] = t.UTC().Format(time.RFC3339Nano)
	} else {
		delete(s.Annotations, AnnotationLastChangeTriggerTime)
	}
}

// setEndpointSliceLabels models the function of that name: the Service's
// labels (less the reserved keys), the headless marker when the Service
// has no cluster IP, and the service-name and managed-by labels. The bool
// reports whether the slice's non-reserved labels differ from the
// Service's.
func setEndpointSliceLabels(s *api.EndpointSlice, svc *api.Service, controllerName string) (map[string]string, bool) {
	epLabels, svcLabels := map[string]string{}, map[string]string{}
	for k, v := range s.Labels {
		if !isReservedLabelKey(k) {
			epLabels[k] = v
		}
	}
	for k, v := range svc.Labels {
		if !isReservedLabelKey(k) {
			svcLabels[k] = v
		}
	}
	updated := !maps.Equal(epLabels, svcLabels)
	if !isServiceIPSet(svc) {
		svcLabels[LabelIsHeadlessService] = ""
	}
	svcLabels[LabelServiceName] = svc.Name
	svcLabels[LabelManagedBy] = controllerName
	return svcLabels, updated
}

func isReservedLabelKey(k string) bool {
	return k == LabelServiceName || k == LabelManagedBy || k == LabelIsHeadlessService
}

// isServiceIPSet models the helper of that name.
func isServiceIPSet(svc *api.Service) bool {
	return svc.Spec.ClusterIP != "None" && svc.Spec.ClusterIP != ""
}

// getAddressTypesForService models the function of that name: one address
// type per IP family; a Service without families falls back to its
// cluster IP's family, or both for a headless one.
func getAddressTypesForService(svc *api.Service) []api.AddressType {
	var out []api.AddressType
	for _, f := range svc.Spec.IPFamilies {
		switch f {
		case api.IPv4Protocol:
			out = append(out, api.AddressTypeIPv4)
		case "IPv6":
			out = append(out, "IPv6")
		}
	}
	if len(out) > 0 {
		return out
	}
	if svc.Spec.ClusterIP != "" && svc.Spec.ClusterIP != "None" {
		if strings.Contains(svc.Spec.ClusterIP, ":") {
			return []api.AddressType{"IPv6"}
		}
		return []api.AddressType{api.AddressTypeIPv4}
	}
	return []api.AddressType{api.AddressTypeIPv4, "IPv6"}
}

// endpointKey models endpointsliceutil's hashEndpoint: an endpoint is the
// same endpoint while its addresses, hostname and target pod are, so
// condition changes update it in place.
func endpointKey(ep *api.Endpoint) string {
	addrs := slices.Clone(ep.Addresses)
	slices.Sort(addrs)
	var b strings.Builder
	b.WriteString(strings.Join(addrs, ","))
	b.WriteByte('|')
	if ep.Hostname != nil {
		b.WriteString(*ep.Hostname)
	}
	b.WriteByte('|')
	if ep.TargetRef != nil {
		b.WriteString(ep.TargetRef.Namespace)
		b.WriteByte('/')
		b.WriteString(ep.TargetRef.Name)
	}
	return b.String()
}

// endpointSet models endpointsliceutil.EndpointSet, keeping insertion
// order so that PopAny is deterministic: upstream pops in Go map order; the
// playground pops in the order the pods were listed (by name).
type endpointSet struct {
	byKey map[string]*api.Endpoint
	order []string
}

func newEndpointSet() *endpointSet { return &endpointSet{byKey: map[string]*api.Endpoint{}} }

func (s *endpointSet) insert(ep *api.Endpoint) {
	k := endpointKey(ep)
	if _, ok := s.byKey[k]; !ok {
		s.order = append(s.order, k)
	}
	s.byKey[k] = ep
}

func (s *endpointSet) get(ep *api.Endpoint) *api.Endpoint { return s.byKey[endpointKey(ep)] }

func (s *endpointSet) delete(ep *api.Endpoint) { delete(s.byKey, endpointKey(ep)) }

func (s *endpointSet) len() int { return len(s.byKey) }

func (s *endpointSet) popAny() *api.Endpoint {
	for len(s.order) > 0 {
		k := s.order[0]
		s.order = s.order[1:]
		if ep, ok := s.byKey[k]; ok {
			delete(s.byKey, k)
			return ep
		}
	}
	return nil
}

// endpointsEqualBeyondHash models the function of that name: the fields
// the key leaves out (node, zone, conditions, target uid).
func endpointsEqualBeyondHash(a, b *api.Endpoint) bool {
	return strPtrEq(a.NodeName, b.NodeName) && strPtrEq(a.Zone, b.Zone) &&
		boolPtrEq(a.Conditions.Ready, b.Conditions.Ready) &&
		boolPtrEq(a.Conditions.Serving, b.Conditions.Serving) &&
		boolPtrEq(a.Conditions.Terminating, b.Conditions.Terminating) &&
		targetRefEq(a.TargetRef, b.TargetRef)
}

func strPtrEq(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func boolPtrEq(a, b *bool) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// targetRefEq compares references ignoring resourceVersion.
func targetRefEq(a, b *api.ObjectReference) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	x, y := *a, *b
	x.ResourceVersion, y.ResourceVersion = "", ""
	return x == y
}

// portMapKey models endpointsliceutil.NewPortMapKey: the identity of a set
// of ports, independent of their order.
func portMapKey(ports []api.EndpointPort) string {
	keys := make([]string, len(ports))
	for i, p := range ports {
		keys[i] = fmt.Sprintf("%s/%s/%d/%s", deref(p.Name), derefProto(p.Protocol), derefInt(p.Port), deref(p.AppProtocol))
	}
	slices.Sort(keys)
	return strings.Join(keys, ";")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func derefProto(p *api.Protocol) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

func derefInt(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}

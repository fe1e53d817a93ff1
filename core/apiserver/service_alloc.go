package apiserver

import (
	"fmt"
	"net/netip"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/validation"
)

// This file is the Service registry's address allocation: ClusterIPs from
// the service CIDR and NodePorts from the node-port range, as
// pkg/registry/core/service/storage (rest.go beginCreate / beginUpdate,
// alloc.go) does with the ipallocator and portallocator packages.
//
// Upstream keeps the allocations in their own store (IPAddress objects, a
// port bitmap in etcd) and reverts them when a write fails after
// allocating. Here the allocations are derived from the stored Services
// on every request: an address is in use exactly when a stored Service
// holds it. So a write that fails later in the chain (validation, quota)
// leaks nothing, a delete releases its addresses the moment the Service
// leaves the store, and a snapshot of the store is a snapshot of the
// allocators. What is allocated, in which order, with which random draws
// from the server's seeded source, and the errors are upstream's.

// ServiceAllocator is the Service registry's allocation step as a plugin,
// to run right after Registry and before Validation: upstream the
// service REST's BeginCreate / BeginUpdate hooks allocate before the
// strategy validates (genericregistry.Store.Create calls BeginCreate before
// rest.BeforeCreate). It also applies the Service strategy's
// dropTypeDependentFields on update (strategy.go's PrepareForUpdate, which
// is owned elsewhere here). Status writes pass untouched.
type ServiceAllocator struct{}

// Name implements Plugin.
func (ServiceAllocator) Name() string { return "ServiceAllocator" }

// Admit implements Plugin.
func (ServiceAllocator) Admit(a *Attributes) error {
	svc, ok := a.Object.(*api.Service)
	if !ok || a.Subresource != "" {
		return nil
	}
	al := newServiceAllocations(a.server, a.Namespace, a.Name, a.Operation == OperationUpdate)
	switch a.Operation {
	case OperationCreate: // REST.beginCreate
		normalizeClusterIPs(svc, nil)
		return al.allocateCreate(a.Kind, svc)
	case OperationUpdate: // REST.beginUpdate
		old := a.OldObject.(*api.Service)
		patchAllocatedValues(svc, old)
		normalizeClusterIPs(svc, old)
		if err := al.allocateUpdate(a.Kind, svc, old); err != nil {
			return err
		}
		dropTypeDependentFields(svc, old)
	}
	return nil
}

// InstallServiceAllocator puts ServiceAllocator into the server's chain
// right after Registry (or first, if the chain has no Registry), unless
// it is there already.
func InstallServiceAllocator(s *Server) {
	if s.FindPlugin(ServiceAllocator{}.Name()) != nil {
		return
	}
	at := 0
	for i, p := range s.Plugins {
		if p.Name() == (Registry{}).Name() {
			at = i + 1
		}
	}
	s.Plugins = slices.Insert(s.Plugins, at, Plugin(ServiceAllocator{}))
}

// serviceAllocations is what the stored Services hold: their cluster IPs
// and node ports, less the Service being updated (whose addresses are its
// own), plus what this request has allocated so far.
type serviceAllocations struct {
	s     *Server
	ips   map[uint32]bool
	ports map[int]bool
}

func newServiceAllocations(s *Server, namespace, name string, excludeSelf bool) *serviceAllocations {
	al := &serviceAllocations{s: s, ips: map[uint32]bool{}, ports: map[int]bool{}}
	k := api.ServiceKind
	t := s.tables[k]
	if t == nil {
		return al
	}
	for _, r := range t.namespaceRange("") {
		if excludeSelf && r.key.namespace == namespace && r.key.name == name {
			continue
		}
		svc := r.obj.(*api.Service)
		for _, ip := range svc.Spec.ClusterIPs {
			if a, err := netip.ParseAddr(ip); err == nil && a.Is4() {
				al.ips[addrToUint32(a)] = true
			}
		}
		for _, p := range svc.Spec.Ports {
			if p.NodePort != 0 {
				al.ports[int(p.NodePort)] = true
			}
		}
	}
	return al
}

// allocateCreate models Allocators.allocateCreate: the IP family fields,
// then the cluster IPs, then the node ports.
func (al *serviceAllocations) allocateCreate(k *api.KindInfo, svc *api.Service) error {
	if err := initIPFamilyFields(k, svc, nil); err != nil {
		return err
	}
	if err := al.allocClusterIPs(k, svc); err != nil {
		return err
	}
	if needsNodePort(svc) {
		return al.initNodePorts(k, svc)
	}
	return nil
}

// allocateUpdate models Allocators.allocateUpdate. Releases need no work:
// an address the updated Service no longer holds is free once it is
// stored.
func (al *serviceAllocations) allocateUpdate(k *api.KindInfo, svc, old *api.Service) error {
	if err := initIPFamilyFields(k, svc, old); err != nil {
		return err
	}
	// updateClusterIPs, case A: ExternalName to a type with cluster IPs
	// allocates them all. (Case B, the reverse, only releases; cases C and
	// D are dual-stack upgrades and downgrades, which a single-stack
	// cluster refuses in initIPFamilyFields.)
	if old.Spec.Type == api.ServiceTypeExternalName && svc.Spec.Type != api.ServiceTypeExternalName {
		if err := al.allocClusterIPs(k, svc); err != nil {
			return err
		}
	}
	if needsNodePort(svc) {
		return al.updateNodePorts(k, svc, old)
	}
	return nil
}

// initIPFamilyFields models Allocators.initIPFamilyFields on a cluster
// configured for IPv4 only.
func initIPFamilyFields(k *api.KindInfo, svc, old *api.Service) error {
	if svc.Spec.Type == api.ServiceTypeExternalName {
		return nil
	}
	if svc.Spec.IPFamilyPolicy == nil {
		var p api.IPFamilyPolicy
		switch {
		case old != nil && old.Spec.IPFamilyPolicy != nil:
			p = *old.Spec.IPFamilyPolicy
		case svc.Spec.ClusterIP == clusterIPNone && len(svc.Spec.Selector) == 0:
			// Headless and selectorless: the user's endpoints may be of
			// either family, so it is dual-stack even on this cluster.
			p = ipFamilyPolicyRequireDualStack
		default:
			p = api.IPFamilyPolicySingleStack
		}
		svc.Spec.IPFamilyPolicy = &p
	}
	// The loose pre-validation: ValidateServiceClusterIPsRelatedFields.
	if errs := clusterIPsRelatedErrors(svc); len(errs) > 0 {
		return NewInvalid(k, svc.Name, errs)
	}
	policy := *svc.Spec.IPFamilyPolicy
	var errs field.ErrorList
	policyPath := field.NewPath("spec", "ipFamilyPolicy")
	if old != nil {
		if policy == api.IPFamilyPolicySingleStack {
			if sameClusterIPs(old, svc) && len(svc.Spec.ClusterIPs) > 1 {
				svc.Spec.ClusterIPs = svc.Spec.ClusterIPs[0:1]
			}
			if slices.Equal(old.Spec.IPFamilies, svc.Spec.IPFamilies) && len(svc.Spec.IPFamilies) > 1 {
				svc.Spec.IPFamilies = svc.Spec.IPFamilies[0:1]
			}
		} else {
			if len(svc.Spec.ClusterIPs) < len(old.Spec.ClusterIPs) && len(svc.Spec.ClusterIPs) > 0 {
				errs = append(errs, field.Invalid(policyPath, svc.Spec.IPFamilyPolicy, "must be 'SingleStack' to release the secondary cluster IP"))
			}
			if len(svc.Spec.IPFamilies) < len(old.Spec.IPFamilies) && len(svc.Spec.IPFamilies) > 0 {
				errs = append(errs, field.Invalid(policyPath, svc.Spec.IPFamilyPolicy, "must be 'SingleStack' to release the secondary IP family"))
			}
		}
	}
	if policy == api.IPFamilyPolicySingleStack {
		if len(svc.Spec.ClusterIPs) == 2 {
			errs = append(errs, field.Invalid(policyPath, svc.Spec.IPFamilyPolicy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"))
		}
		if len(svc.Spec.IPFamilies) == 2 {
			errs = append(errs, field.Invalid(policyPath, svc.Spec.IPFamilyPolicy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"))
		}
	}
	// Infer ipFamilies from the cluster IPs given.
	for i, ip := range svc.Spec.ClusterIPs {
		if ip == clusterIPNone {
			break
		}
		if i >= len(svc.Spec.IPFamilies) {
			fam := familyOf(ip)
			if fam != api.IPv4Protocol {
				errs = append(errs, field.Invalid(field.NewPath("spec", "clusterIPs").Index(i), svc.Spec.ClusterIPs,
					fmt.Sprintf("%s is not configured on this cluster", fam)))
			} else {
				svc.Spec.IPFamilies = append(svc.Spec.IPFamilies, fam)
			}
		}
	}
	if len(errs) > 0 {
		return NewInvalid(k, svc.Name, errs)
	}
	if svc.Spec.ClusterIP == clusterIPNone && len(svc.Spec.Selector) == 0 {
		if len(svc.Spec.IPFamilies) == 0 {
			svc.Spec.IPFamilies = []api.IPFamily{api.IPv4Protocol}
		}
		if len(svc.Spec.IPFamilies) < 2 && policy != api.IPFamilyPolicySingleStack {
			if svc.Spec.IPFamilies[0] == api.IPv4Protocol {
				svc.Spec.IPFamilies = append(svc.Spec.IPFamilies, ipv6Protocol)
			} else {
				svc.Spec.IPFamilies = append(svc.Spec.IPFamilies, api.IPv4Protocol)
			}
		}
		return nil
	}
	if policy == ipFamilyPolicyRequireDualStack {
		errs = append(errs, field.Invalid(policyPath, svc.Spec.IPFamilyPolicy, "this cluster is not configured for dual-stack services"))
	}
	for i, f := range svc.Spec.IPFamilies {
		if f != api.IPv4Protocol {
			errs = append(errs, field.Invalid(field.NewPath("spec", "ipFamilies").Index(i), f, "not configured on this cluster"))
		}
	}
	if len(errs) > 0 {
		return NewInvalid(k, svc.Name, errs)
	}
	if len(svc.Spec.IPFamilies) == 0 {
		svc.Spec.IPFamilies = []api.IPFamily{api.IPv4Protocol}
	}
	return nil
}

// The values the api package does not name.
const (
	clusterIPNone                  = "None"
	ipv6Protocol                   = api.IPFamily("IPv6")
	ipFamilyPolicyRequireDualStack = api.IPFamilyPolicy("RequireDualStack")
)

func familyOf(ip string) api.IPFamily {
	if a, err := netip.ParseAddr(ip); err == nil && a.Is6() && !a.Is4In6() {
		return ipv6Protocol
	}
	return api.IPv4Protocol
}

// clusterIPsRelatedErrors returns what validation.ValidateServiceClusterIPsRelatedFields
// reports: the errors of full Service validation on spec.clusterIPs,
// spec.ipFamilies and spec.ipFamilyPolicy, less the per-type "None" checks
// ValidateService makes on the same paths.
func clusterIPsRelatedErrors(svc *api.Service) field.ErrorList {
	var out field.ErrorList
	for _, e := range validation.ValidateObject(svc) {
		switch {
		case e.Detail == "may not be set to 'None' for LoadBalancer services",
			e.Detail == "may not be set to 'None' for NodePort services":
			continue
		case hasPathPrefix(e.Field, "spec.clusterIPs"),
			hasPathPrefix(e.Field, "spec.ipFamilies"),
			e.Field == "spec.ipFamilyPolicy":
			out = append(out, e)
		}
	}
	return out
}

func hasPathPrefix(path, prefix string) bool {
	if len(path) < len(prefix) || path[:len(prefix)] != prefix {
		return false
	}
	return len(path) == len(prefix) || path[len(prefix)] == '['
}

// allocClusterIPs models Allocators.allocClusterIPs and allocIPs: none for
// ExternalName or headless Services; otherwise the chosen address, checked,
// or a random one, written to clusterIPs and clusterIP.
func (al *serviceAllocations) allocClusterIPs(k *api.KindInfo, svc *api.Service) error {
	if svc.Spec.Type == api.ServiceTypeExternalName {
		return nil
	}
	if len(svc.Spec.ClusterIPs) > 0 && svc.Spec.ClusterIPs[0] == clusterIPNone {
		return nil
	}
	if svc.Spec.ClusterIPs == nil {
		svc.Spec.ClusterIPs = make([]string, 0, len(svc.Spec.IPFamilies))
	}
	for i := range svc.Spec.IPFamilies {
		if i > len(svc.Spec.ClusterIPs)-1 {
			svc.Spec.ClusterIPs = append(svc.Spec.ClusterIPs, "")
		}
	}
	ip := svc.Spec.ClusterIPs[0]
	if ip == "" {
		next, err := al.allocateNextIP()
		if err != nil {
			return NewInternalError(fmt.Errorf("failed to allocate a serviceIP: %v", err))
		}
		ip = next
	} else if err := al.allocateIP(ip); err != nil {
		return NewInvalid(k, svc.Name, field.ErrorList{field.Invalid(field.NewPath("spec", "clusterIPs"),
			svc.Spec.ClusterIPs, fmt.Sprintf("failed to allocate IP %v: %v", ip, err))})
	}
	svc.Spec.ClusterIPs[0] = ip
	svc.Spec.ClusterIP = ip
	return nil
}

// needsNodePort models the function of that name: NodePort and
// LoadBalancer Services have node ports.
func needsNodePort(svc *api.Service) bool {
	return svc.Spec.Type == api.ServiceTypeNodePort || svc.Spec.Type == api.ServiceTypeLoadBalancer
}

// shouldAllocateNodePorts models the function of that name: a
// LoadBalancer may opt out with allocateLoadBalancerNodePorts: false (its
// explicitly chosen ports are still honoured).
func shouldAllocateNodePorts(svc *api.Service) bool {
	switch svc.Spec.Type {
	case api.ServiceTypeNodePort:
		return true
	case api.ServiceTypeLoadBalancer:
		return svc.Spec.AllocateLoadBalancerNodePorts == nil || *svc.Spec.AllocateLoadBalancerNodePorts
	}
	return false
}

// initNodePorts models the function of that name: each service port gets
// its requested node port (checked) or the next free one; service ports
// sharing a port number (TCP and UDP on 53) share the node port.
func (al *serviceAllocations) initNodePorts(k *api.KindInfo, svc *api.Service) error {
	byServicePort := map[int32]int32{}
	for i := range svc.Spec.Ports {
		sp := &svc.Spec.Ports[i]
		if sp.NodePort == 0 && !shouldAllocateNodePorts(svc) {
			continue
		}
		path := field.NewPath("spec", "ports").Index(i).Child("nodePort")
		allocated := byServicePort[sp.Port]
		switch {
		case allocated == 0:
			if np := findRequestedNodePort(sp.Port, svc.Spec.Ports); np != 0 {
				if err := al.allocatePort(int(np)); err != nil {
					return NewInvalid(k, svc.Name, field.ErrorList{field.Invalid(path, int64(np), err.Error())})
				}
				sp.NodePort = np
			} else {
				np, err := al.allocateNextPort()
				if err != nil {
					return NewInternalError(fmt.Errorf("failed to allocate a nodePort: %v", err))
				}
				sp.NodePort = int32(np)
			}
			byServicePort[sp.Port] = sp.NodePort
		case sp.NodePort != allocated:
			if sp.NodePort == 0 {
				sp.NodePort = allocated
			} else if err := al.allocatePort(int(sp.NodePort)); err != nil {
				return NewInvalid(k, svc.Name, field.ErrorList{field.Invalid(path, sp.NodePort, err.Error())})
			}
		}
	}
	return nil
}

// findRequestedNodePort models the function of that name: the first
// node port requested for a service port number.
func findRequestedNodePort(port int32, ports []api.ServicePort) int32 {
	for _, p := range ports {
		if p.Port == port && p.NodePort != 0 {
			return p.NodePort
		}
	}
	return 0
}

// updateNodePorts models Allocators.updateNodePorts: node ports the
// Service already held stay; new requests are checked; missing ones are
// allocated.
func (al *serviceAllocations) updateNodePorts(k *api.KindInfo, svc, old *api.Service) error {
	var oldPorts []int32
	for _, p := range old.Spec.Ports {
		if p.NodePort != 0 {
			oldPorts = append(oldPorts, p.NodePort)
		}
	}
	type protoPort struct {
		proto api.Protocol
		port  int32
	}
	seen := map[protoPort]bool{}
	allocated := map[int32]bool{} // portAllocated: requests granted by this update
	for i := range svc.Spec.Ports {
		sp := &svc.Spec.Ports[i]
		if sp.NodePort == 0 && !shouldAllocateNodePorts(svc) {
			continue
		}
		if sp.NodePort != 0 {
			if !slices.Contains(oldPorts, sp.NodePort) && !allocated[sp.NodePort] {
				if err := al.allocatePort(int(sp.NodePort)); err != nil {
					return NewInvalid(k, svc.Name, field.ErrorList{field.Invalid(
						field.NewPath("spec", "ports").Index(i).Child("nodePort"), sp.NodePort, err.Error())})
				}
				allocated[sp.NodePort] = true
			}
		} else {
			np, err := al.allocateNextPort()
			if err != nil {
				return NewInternalError(fmt.Errorf("failed to allocate a nodePort: %v", err))
			}
			sp.NodePort = int32(np)
		}
		key := protoPort{sp.Protocol, sp.NodePort}
		if seen[key] {
			// A plain error upstream, which the handler serves as a 500.
			return newServerError(fmt.Sprintf("duplicate nodePort: {%s %d}", sp.Protocol, sp.NodePort))
		}
		seen[key] = true
	}
	return nil
}

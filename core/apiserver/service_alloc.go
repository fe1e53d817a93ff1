package apiserver

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strconv"

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

// The cluster's service address ranges (kube-apiserver
// --service-cluster-ip-range and --service-node-port-range defaults, which
// kubeadm and kind use).
const (
	ServiceClusterIPRange = "10.96.0.0/12"
	ServiceNodePortRange  = "30000-32767"
)

// KubernetesServiceIP is the first address of the service range, which the
// API server reserves for the `kubernetes` Service in `default`
// (controlplane ServiceIPRange → apiServerServiceIP).
const KubernetesServiceIP = "10.96.0.1"

// KubernetesServicePort and KubernetesServiceTargetPort are the `kubernetes`
// Service's port (443, "https") and the API server's secure port (6443,
// which kubeadm and kind bind).
const (
	KubernetesServicePort       = 443
	KubernetesServiceTargetPort = 6443
)

// APIServerAdvertiseAddress is the address the `kubernetes` EndpointSlice
// lists. The playground has no control-plane node; this is an address in
// kind's docker network (172.18.0.0/16) that no worker can take: workers
// get 172.18.0.(N+1) for node-N, N <= 253 (core/cluster), and the load
// balancer pool is 172.18.255.200-250 (core/cloud).
const APIServerAdvertiseAddress = "172.18.1.1"

// The allocator errors (ipallocator and portallocator packages). The
// messages are upstream's.
var (
	errIPFull          = errors.New("range is full")
	errIPAllocated     = errors.New("provided IP is already allocated")
	errMismatchedRange = errors.New("the provided network does not match the current range")
	errPortFull        = errors.New("range is full")
	errPortAllocated   = errors.New("provided port is already allocated")
)

// errPortNotInRange models portallocator.ErrNotInRange.
type errPortNotInRange struct{ validPorts string }

func (e *errPortNotInRange) Error() string {
	return fmt.Sprintf("provided port is not in the valid range. The range of valid ports is %s", e.validPorts)
}

// ipRange is the service CIDR as the IPAddress-backed ipallocator sees it
// (ipallocator.NewIPAllocator): the network and broadcast addresses are
// never handed out; the first rangeOffset addresses form the lower
// ("static") band, the rest the upper ("dynamic") band.
type ipRange struct {
	prefix      netip.Prefix
	first, last uint32 // first and last usable address
	offset      uint32 // first address of the upper band
	size        uint64 // usable addresses (hostsPerNetwork)
	rangeOffset uint64 // size of the lower band (calculateRangeOffset)
}

var serviceIPRange = newIPRange(ServiceClusterIPRange)

func newIPRange(cidr string) ipRange {
	p := netip.MustParsePrefix(cidr).Masked()
	base := addrToUint32(p.Addr())
	hostBits := 32 - p.Bits()
	cidrSize := uint64(1) << hostBits
	r := ipRange{prefix: p, first: base + 1, last: base + uint32(cidrSize-1) - 1, size: cidrSize - 2}
	r.rangeOffset = ipRangeOffset(cidrSize)
	r.offset = r.first + uint32(r.rangeOffset)
	return r
}

// ipRangeOffset models ipallocator.calculateRangeOffset (KEP-3070): the
// lower band is min(max(16, cidrSize/16), 256) addresses, none for a range
// of 16 or fewer. For 10.96.0.0/12 it is 256: 10.96.0.1-10.96.1.0 are the
// static band, from which nothing is allocated at random until the upper
// band is full.
func ipRangeOffset(cidrSize uint64) uint64 {
	const minOffset, maxOffset, step = 16, 256, 16
	if cidrSize <= minOffset {
		return 0
	}
	return min(max(cidrSize/step, minOffset), maxOffset)
}

// contains models servicecidr.PrefixContainsIP as the MetaAllocator's
// getAllocator uses it: inside the prefix, and neither its network nor its
// broadcast address.
func (r ipRange) contains(a netip.Addr) bool {
	if !a.Is4() || !r.prefix.Contains(a) {
		return false
	}
	v := addrToUint32(a)
	return v >= r.first && v <= r.last
}

func addrToUint32(a netip.Addr) uint32 {
	b := a.As4()
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

func uint32ToAddr(v uint32) netip.Addr {
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

// portRange is the node-port range with its static band (portallocator
// with randomScanStrategyWithOffset).
type portRange struct {
	base, size int
	offset     int // size of the lower band (calculateRangeOffset)
}

var serviceNodePortRange = newPortRange(30000, 32767)

func newPortRange(lo, hi int) portRange {
	r := portRange{base: lo, size: hi - lo + 1}
	r.offset = portRangeOffset(r.size)
	return r
}

// portRangeOffset models portallocator.calculateRangeOffset:
// min(max(16, size/32), 128). For 30000-32767 (2768 ports) it is 86, so
// 30000-30085 is the static band.
func portRangeOffset(size int) int {
	const minOffset, maxOffset, step = 16, 128, 32
	if size <= minOffset {
		return 0
	}
	return min(max(size/step, minOffset), maxOffset)
}

func (r portRange) String() string {
	return strconv.Itoa(r.base) + "-" + strconv.Itoa(r.base+r.size-1)
}

// NodePortStaticBand returns the lower ("static") band of the node-port range:
// ports users should pick when they choose one, since random allocation
// takes them only once the upper band is full.
func NodePortStaticBand() (lo, hi int) {
	return serviceNodePortRange.base, serviceNodePortRange.base + serviceNodePortRange.offset - 1
}

// ClusterIPStaticBand returns the lower ("static") band of the service
// CIDR (10.96.0.1-10.96.1.0).
func ClusterIPStaticBand() (lo, hi string) {
	r := serviceIPRange
	return uint32ToAddr(r.first).String(), uint32ToAddr(r.offset - 1).String()
}

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

// allocateIP models Allocator.AllocateService for a chosen address.
func (al *serviceAllocations) allocateIP(ip string) error {
	a, err := netip.ParseAddr(ip)
	if err != nil || !serviceIPRange.contains(a) {
		return errMismatchedRange
	}
	v := addrToUint32(a)
	if al.ips[v] {
		return errIPAllocated
	}
	al.ips[v] = true
	return nil
}

// allocateNextIP models Allocator.allocateNextService: a random start in
// the upper band (rand.Int63n of its size), then the first free address
// scanning up and wrapping within the band; only if the upper band is full,
// the same in the lower band (rand.Intn of its size).
func (al *serviceAllocations) allocateNextIP() (string, error) {
	r := serviceIPRange
	scan := func(first, last uint32, start uint64) (uint32, bool) {
		n := uint64(last-first) + 1
		for i := range n {
			v := first + uint32((start+i)%n)
			if !al.ips[v] {
				return v, true
			}
		}
		return 0, false
	}
	upper := r.size - r.rangeOffset
	if upper > 0 {
		if v, ok := scan(r.offset, r.last, uint64(al.s.rng.Int64N(int64(upper)))); ok {
			al.ips[v] = true
			return uint32ToAddr(v).String(), nil
		}
	}
	if r.rangeOffset > 0 {
		if v, ok := scan(r.first, r.offset-1, uint64(al.s.rng.IntN(int(r.rangeOffset)))); ok {
			al.ips[v] = true
			return uint32ToAddr(v).String(), nil
		}
	}
	return "", errIPFull
}

// allocatePort models PortAllocator.Allocate.
func (al *serviceAllocations) allocatePort(port int) error {
	r := serviceNodePortRange
	if port < r.base || port >= r.base+r.size {
		return &errPortNotInRange{validPorts: r.String()}
	}
	if al.ports[port] {
		return errPortAllocated
	}
	al.ports[port] = true
	return nil
}

// allocateNextPort models PortAllocator.AllocateNext with
// randomScanStrategyWithOffset: a random start in the upper band
// (rand.Intn), the first free port scanning up and wrapping within the
// band, then the same in the lower band.
func (al *serviceAllocations) allocateNextPort() (int, error) {
	r := serviceNodePortRange
	upper := r.size - r.offset
	start := al.s.rng.IntN(upper)
	for i := range upper {
		if p := r.base + r.offset + (start+i)%upper; !al.ports[p] {
			al.ports[p] = true
			return p, nil
		}
	}
	if r.offset > 0 {
		start = al.s.rng.IntN(r.offset)
		for i := range r.offset {
			if p := r.base + (start+i)%r.offset; !al.ports[p] {
				al.ports[p] = true
				return p, nil
			}
		}
	}
	return 0, errPortFull
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

// normalizeClusterIPs models the function of that name (storage.go):
// clusterIP and clusterIPs kept in step for clients that set only one.
func normalizeClusterIPs(svc, old *api.Service) {
	if old == nil {
		if svc.Spec.ClusterIP != "" && len(svc.Spec.ClusterIPs) == 0 {
			svc.Spec.ClusterIPs = []string{svc.Spec.ClusterIP}
		}
		return
	}
	if len(old.Spec.ClusterIPs) > 0 && len(svc.Spec.ClusterIPs) == 0 && old.Spec.ClusterIP == svc.Spec.ClusterIP {
		svc.Spec.ClusterIPs = old.Spec.ClusterIPs
	}
	if old.Spec.ClusterIP != svc.Spec.ClusterIP {
		if old.Spec.ClusterIP != "" && svc.Spec.ClusterIP == "" {
			if slices.Equal(old.Spec.ClusterIPs, svc.Spec.ClusterIPs) {
				svc.Spec.ClusterIPs = nil
			}
		} else if slices.Equal(old.Spec.ClusterIPs, svc.Spec.ClusterIPs) {
			svc.Spec.ClusterIPs = []string{svc.Spec.ClusterIP}
		}
	}
}

// patchAllocatedValues models the function of that name (storage.go): a
// client that resubmits its manifest without the allocated clusterIP or
// nodePorts keeps them, so `kubectl replace` of the original YAML works.
func patchAllocatedValues(svc, old *api.Service) {
	if needsClusterIP(old) && needsClusterIP(svc) {
		if svc.Spec.ClusterIP == "" {
			svc.Spec.ClusterIP = old.Spec.ClusterIP
		}
		if len(svc.Spec.ClusterIPs) == 0 && len(old.Spec.ClusterIPs) > 0 {
			svc.Spec.ClusterIPs = old.Spec.ClusterIPs
		}
	}
	if needsNodePort(old) && needsNodePort(svc) {
		used := map[int32]bool{}
		inNew := map[int32]bool{}
		for _, p := range svc.Spec.Ports {
			if p.NodePort != 0 {
				inNew[p.NodePort] = true
			}
		}
		byName := map[string]int32{}
		for _, p := range old.Spec.Ports {
			byName[p.Name] = p.NodePort
			if p.NodePort != 0 && inNew[p.NodePort] {
				used[p.NodePort] = true
			}
		}
		for i := range svc.Spec.Ports {
			p := &svc.Spec.Ports[i]
			if p.NodePort == 0 {
				if v := byName[p.Name]; !used[v] {
					p.NodePort = v
				}
			}
		}
	}
}

func needsClusterIP(svc *api.Service) bool { return svc.Spec.Type != api.ServiceTypeExternalName }

func sameClusterIPs(a, b *api.Service) bool {
	return a.Spec.ClusterIP == b.Spec.ClusterIP && slices.Equal(a.Spec.ClusterIPs, b.Spec.ClusterIPs)
}

// dropTypeDependentFields models the Service strategy's function of that
// name (pkg/registry/core/service/strategy.go, PrepareForUpdate): fields
// a type change makes meaningless are wiped when the user left them as
// they were, so `kubectl edit` from NodePort to ClusterIP, or to
// ExternalName, just works; the addresses go back to the pools.
func dropTypeDependentFields(svc, old *api.Service) {
	if needsClusterIP(old) && !needsClusterIP(svc) {
		if sameClusterIPs(old, svc) {
			svc.Spec.ClusterIP = ""
			svc.Spec.ClusterIPs = nil
		}
		if slices.Equal(old.Spec.IPFamilies, svc.Spec.IPFamilies) {
			svc.Spec.IPFamilies = nil
		}
		if policyString(old) == policyString(svc) {
			svc.Spec.IPFamilyPolicy = nil
		}
	}
	if needsNodePort(old) && !needsNodePort(svc) && sameNodePorts(old, svc) {
		for i := range svc.Spec.Ports {
			svc.Spec.Ports[i].NodePort = 0
		}
	}
	if old.Spec.Type == api.ServiceTypeLoadBalancer && svc.Spec.Type != api.ServiceTypeLoadBalancer &&
		svc.Spec.AllocateLoadBalancerNodePorts != nil && old.Spec.AllocateLoadBalancerNodePorts != nil &&
		*svc.Spec.AllocateLoadBalancerNodePorts == *old.Spec.AllocateLoadBalancerNodePorts {
		svc.Spec.AllocateLoadBalancerNodePorts = nil
	}
	if api.ServiceExternallyAccessible(old) && !api.ServiceExternallyAccessible(svc) &&
		old.Spec.ExternalTrafficPolicy == svc.Spec.ExternalTrafficPolicy {
		svc.Spec.ExternalTrafficPolicy = ""
	}
	if svc.Spec.Type != api.ServiceTypeLoadBalancer {
		svc.Status.LoadBalancer = api.LoadBalancerStatus{}
	}
}

func policyString(svc *api.Service) string {
	if svc.Spec.IPFamilyPolicy == nil {
		return ""
	}
	return string(*svc.Spec.IPFamilyPolicy)
}

// sameNodePorts models the function of that name: the update adds no node
// port the Service did not have.
func sameNodePorts(old, svc *api.Service) bool {
	have := map[int32]bool{}
	for _, p := range old.Spec.Ports {
		if p.NodePort != 0 {
			have[p.NodePort] = true
		}
	}
	for _, p := range svc.Spec.Ports {
		if p.NodePort != 0 && !have[p.NodePort] {
			return false
		}
	}
	return true
}

func serviceKindInfo() *api.KindInfo {
	k := api.ServiceKind
	return k
}

// BootstrapKubernetesService creates what the API server's own controllers
// keep in `default` on every cluster:
//
//   - the `kubernetes` Service (controlplane/controller/kubernetesservice
//     CreateOrUpdateMasterServiceIfNeeded): labels component=apiserver and
//     provider=kubernetes, no selector, clusterIP 10.96.0.1, port "https"
//     443/TCP to the API server's 6443;
//   - its Endpoints `kubernetes` (the endpoint reconciler, through
//     EndpointsAdapter.Sync and updateEndpoints, which writes it before
//     the slice): label endpointslice.kubernetes.io/skip-mirror=true, one
//     subset with the address APIServerAdvertiseAddress and port "https"
//     6443/TCP. The Endpoints controller leaves it alone, since the
//     Service has no selector;
//   - its EndpointSlice `kubernetes` (updateEndpointSlice): label
//     kubernetes.io/service-name=kubernetes, one ready endpoint at
//     APIServerAdvertiseAddress, port "https" 6443/TCP. The EndpointSlice
//     controller leaves it alone, since the Service has no selector.
//
// Call it once, after the server is built and (if wanted)
// InstallServiceAllocator has run. An existing object is left as it is.
func BootstrapKubernetesService(s *Server) error {
	svc := &api.Service{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{"component": "apiserver", "provider": "kubernetes"}},
		Spec: api.ServiceSpec{
			Ports: []api.ServicePort{{Name: "https", Protocol: api.ProtocolTCP, Port: KubernetesServicePort,
				TargetPort: api.FromInt(KubernetesServiceTargetPort)}},
			ClusterIP:       KubernetesServiceIP,
			SessionAffinity: api.ServiceAffinityNone,
			Type:            api.ServiceTypeClusterIP,
		},
	}
	// As the controller does, look first: a create of an existing Service
	// with a fixed clusterIP fails on the address, not with AlreadyExists.
	if _, err := s.Get(serviceKindInfo(), "default", "kubernetes"); IsNotFound(err) {
		if _, err := s.Create(svc); err != nil {
			return err
		}
	}
	name, port, proto, ready := "https", int32(KubernetesServiceTargetPort), api.ProtocolTCP, true
	ep := &api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{api.LabelSkipMirror: "true"}},
		Subsets: []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: APIServerAdvertiseAddress}},
			Ports: []api.CoreEndpointPort{{Name: name, Port: port, Protocol: proto}}}},
	}
	if _, err := s.Create(ep); err != nil && !IsAlreadyExists(err) {
		return err
	}
	slice := &api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{"kubernetes.io/service-name": "kubernetes"}},
		AddressType: api.AddressTypeIPv4,
		Endpoints: []api.Endpoint{{Addresses: []string{APIServerAdvertiseAddress},
			Conditions: api.EndpointConditions{Ready: &ready}}},
		Ports: []api.EndpointPort{{Name: &name, Port: &port, Protocol: &proto}},
	}
	if _, err := s.Create(slice); err != nil && !IsAlreadyExists(err) {
		return err
	}
	return nil
}

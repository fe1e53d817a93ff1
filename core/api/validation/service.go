package validation

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Service annotations checked by ValidateService.
const (
	annotationTopologyAwareHints = "service.kubernetes.io/topology-aware-hints"
	annotationTopologyMode       = "service.kubernetes.io/topology-mode"
	annotationLBSourceRanges     = "service.beta.kubernetes.io/load-balancer-source-ranges"
	clusterIPNone                = "None"
)

// effectiveClusterIPs is spec.clusterIPs as the Service strategy's
// PrepareForCreate/PrepareForUpdate leaves it: when only clusterIP is set,
// clusterIPs becomes [clusterIP] (normalizeClusterIPs). Validation sees the
// normalized value upstream, so it is applied here.
func effectiveClusterIPs(s *api.Service) []string {
	if len(s.Spec.ClusterIPs) == 0 && s.Spec.ClusterIP != "" {
		return []string{s.Spec.ClusterIP}
	}
	return s.Spec.ClusterIPs
}

func isHeadlessService(s *api.Service) bool {
	ips := effectiveClusterIPs(s)
	return len(ips) == 1 && ips[0] == clusterIPNone
}

// validateService models ValidateService, in upstream's order.
func validateService(s *api.Service) field.ErrorList {
	metaPath := field.NewPath("metadata")
	errs := validateObjectMeta(&s.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNS1035Label, kubeFinalizers: true}, metaPath)

	hints, hintsSet := s.Annotations[annotationTopologyAwareHints]
	mode, modeSet := s.Annotations[annotationTopologyMode]
	if hintsSet && modeSet && hints != mode {
		errs = append(errs, field.Invalid(metaPath.Child("annotations").Key(annotationTopologyMode), mode,
			fmt.Sprintf("must match annotations[%s] when both are specified", annotationTopologyAwareHints)))
	}

	specPath := field.NewPath("spec")
	clusterIPs := effectiveClusterIPs(s)
	if len(s.Spec.Ports) == 0 && !isHeadlessService(s) && s.Spec.Type != api.ServiceTypeExternalName {
		errs = append(errs, field.Required(specPath.Child("ports"), ""))
	}
	switch s.Spec.Type {
	case api.ServiceTypeLoadBalancer:
		if isHeadlessService(s) {
			errs = append(errs, field.Invalid(specPath.Child("clusterIPs").Index(0), clusterIPs[0], "may not be set to 'None' for LoadBalancer services"))
		}
	case api.ServiceTypeNodePort:
		if isHeadlessService(s) {
			errs = append(errs, field.Invalid(specPath.Child("clusterIPs").Index(0), clusterIPs[0], "may not be set to 'None' for NodePort services"))
		}
	case api.ServiceTypeExternalName:
		if len(clusterIPs) > 0 {
			errs = append(errs, field.Forbidden(specPath.Child("clusterIPs"), "may not be set for ExternalName services"))
		}
		if len(s.Spec.IPFamilies) > 0 {
			errs = append(errs, field.Forbidden(specPath.Child("ipFamilies"), "may not be set for ExternalName services"))
		}
		if s.Spec.IPFamilyPolicy != nil {
			errs = append(errs, field.Forbidden(specPath.Child("ipFamilyPolicy"), "may not be set for ExternalName services"))
		}
		// A CNAME may end in '.' to mark it fully qualified.
		if cname := strings.TrimSuffix(s.Spec.ExternalName, "."); cname != "" {
			errs = append(errs, validateDNS1123Subdomain(cname, specPath.Child("externalName"))...)
		} else {
			errs = append(errs, field.Required(specPath.Child("externalName"), ""))
		}
	}

	names := map[string]bool{}
	for i := range s.Spec.Ports {
		errs = append(errs, validateServicePort(&s.Spec.Ports[i], len(s.Spec.Ports) > 1, names, specPath.Child("ports").Index(i))...)
	}
	if s.Spec.Selector != nil {
		errs = append(errs, validateLabels(s.Spec.Selector, specPath.Child("selector"))...)
	}
	switch s.Spec.SessionAffinity {
	case "":
		errs = append(errs, field.Required(specPath.Child("sessionAffinity"), ""))
	case "ClientIP", api.ServiceAffinityNone:
	default:
		errs = append(errs, field.NotSupported(specPath.Child("sessionAffinity"), s.Spec.SessionAffinity, []string{"ClientIP", "None"}))
	}

	errs = append(errs, validateServiceClusterIPsRelatedFields(s)...)

	for i, ip := range s.Spec.ExternalIPs {
		idxPath := specPath.Child("externalIPs").Index(i)
		if ipErrs := validateIP(idxPath, ip); len(ipErrs) != 0 {
			errs = append(errs, ipErrs...)
		} else {
			errs = append(errs, validateNonSpecialIP(ip, idxPath)...)
		}
	}

	switch s.Spec.Type {
	case "":
		errs = append(errs, field.Required(specPath.Child("type"), ""))
	case api.ServiceTypeClusterIP, api.ServiceTypeNodePort, api.ServiceTypeLoadBalancer, api.ServiceTypeExternalName:
	default:
		errs = append(errs, field.NotSupported(specPath.Child("type"), s.Spec.Type, []string{"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"}))
	}
	if s.Spec.Type == api.ServiceTypeClusterIP {
		for i := range s.Spec.Ports {
			if s.Spec.Ports[i].NodePort != 0 {
				errs = append(errs, field.Forbidden(specPath.Child("ports").Index(i).Child("nodePort"), "may not be used when `type` is 'ClusterIP'"))
			}
		}
	}

	// Duplicate node ports, then duplicate (protocol, port) pairs.
	type protoPort struct {
		proto api.Protocol
		port  int32
	}
	nodePorts := map[protoPort]bool{}
	for i, p := range s.Spec.Ports {
		if p.NodePort == 0 {
			continue
		}
		key := protoPort{p.Protocol, p.NodePort}
		if nodePorts[key] {
			errs = append(errs, field.Duplicate(specPath.Child("ports").Index(i).Child("nodePort"), p.NodePort))
		}
		nodePorts[key] = true
	}
	ports := map[protoPort]bool{}
	for i, p := range s.Spec.Ports {
		key := protoPort{p.Protocol, p.Port}
		if ports[key] {
			errs = append(errs, field.Duplicate(specPath.Child("ports").Index(i), internalServicePort{Protocol: p.Protocol, Port: p.Port}))
		}
		ports[key] = true
	}

	if val, ok := s.Annotations[annotationLBSourceRanges]; ok {
		fldPath := metaPath.Child("annotations").Key(annotationLBSourceRanges)
		if s.Spec.Type != api.ServiceTypeLoadBalancer {
			errs = append(errs, field.Forbidden(fldPath, "may only be used when `type` is 'LoadBalancer'"))
		}
		if val = strings.TrimSpace(val); val != "" {
			for _, cidr := range strings.Split(val, ",") {
				errs = append(errs, validateCIDR(fldPath, strings.TrimSpace(cidr))...)
			}
		}
	}
	if s.Spec.AllocateLoadBalancerNodePorts != nil && s.Spec.Type != api.ServiceTypeLoadBalancer {
		errs = append(errs, field.Forbidden(specPath.Child("allocateLoadBalancerNodePorts"), "may only be used when `type` is 'LoadBalancer'"))
	}
	if s.Spec.Type == api.ServiceTypeLoadBalancer && s.Spec.AllocateLoadBalancerNodePorts == nil {
		// Upstream's path has no "spec." here.
		errs = append(errs, field.Required(field.NewPath("allocateLoadBalancerNodePorts"), ""))
	}
	errs = append(errs, validateServiceExternalTrafficPolicy(s)...)
	errs = append(errs, validateServiceInternalTrafficPolicy(s)...)
	return errs
}

// internalServicePort mirrors core.ServicePort (no JSON tags), the value
// upstream reports for a duplicate protocol/port pair.
type internalServicePort struct {
	Name        string
	Protocol    api.Protocol
	AppProtocol *string
	Port        int32
	TargetPort  api.IntOrString
	NodePort    int32
}

// validateServicePort models validateServicePort.
func validateServicePort(sp *api.ServicePort, requireName bool, names map[string]bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if requireName && sp.Name == "" {
		errs = append(errs, field.Required(fldPath.Child("name"), ""))
	} else if sp.Name != "" {
		errs = append(errs, validateDNS1123Label(sp.Name, fldPath.Child("name"))...)
		if names[sp.Name] {
			errs = append(errs, field.Duplicate(fldPath.Child("name"), sp.Name))
		} else {
			names[sp.Name] = true
		}
	}
	for _, msg := range naming.IsValidPortNum(int(sp.Port)) {
		errs = append(errs, field.Invalid(fldPath.Child("port"), sp.Port, msg))
	}
	errs = append(errs, validateProtocol(sp.Protocol, fldPath.Child("protocol"))...)
	errs = append(errs, validatePortNumOrName(sp.TargetPort, fldPath.Child("targetPort"))...)
	if sp.AppProtocol != nil {
		errs = append(errs, validateQualifiedName(*sp.AppProtocol, fldPath.Child("appProtocol"))...)
	}
	return errs
}

// validateServiceExternalTrafficPolicy models
// validateServiceExternalTrafficPolicy (without healthCheckNodePort, which
// the playground does not model).
func validateServiceExternalTrafficPolicy(s *api.Service) field.ErrorList {
	fldPath := field.NewPath("spec").Child("externalTrafficPolicy")
	p := s.Spec.ExternalTrafficPolicy
	if !api.ServiceExternallyAccessible(s) {
		if p != "" {
			return field.ErrorList{field.Invalid(fldPath, p, "may only be set for externally-accessible services")}
		}
		return nil
	}
	switch p {
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	case "Cluster", "Local":
		return nil
	}
	return field.ErrorList{field.NotSupported(fldPath, p, []string{"Cluster", "Local"})}
}

// validateServiceInternalTrafficPolicy models
// validateServiceInternalTrafficFieldsValue.
func validateServiceInternalTrafficPolicy(s *api.Service) field.ErrorList {
	fldPath := field.NewPath("spec").Child("internalTrafficPolicy")
	p := s.Spec.InternalTrafficPolicy
	if p == nil {
		switch s.Spec.Type {
		case api.ServiceTypeNodePort, api.ServiceTypeLoadBalancer, api.ServiceTypeClusterIP:
			return field.ErrorList{field.Required(fldPath, "")}
		}
		return nil
	}
	if *p != "Cluster" && *p != "Local" {
		return field.ErrorList{field.NotSupported(fldPath, *p, []string{"Cluster", "Local"})}
	}
	return nil
}

// validateServiceClusterIPsRelatedFields models
// ValidateServiceClusterIPsRelatedFields.
func validateServiceClusterIPsRelatedFields(s *api.Service) field.ErrorList {
	if s.Spec.Type == api.ServiceTypeExternalName {
		return nil
	}
	var errs field.ErrorList
	specPath := field.NewPath("spec")
	ipsPath, famPath, polPath := specPath.Child("clusterIPs"), specPath.Child("ipFamilies"), specPath.Child("ipFamilyPolicy")
	clusterIPs := effectiveClusterIPs(s)

	if s.Spec.ClusterIP != "" {
		if len(clusterIPs) == 0 {
			errs = append(errs, field.Required(ipsPath, ""))
		} else if clusterIPs[0] != s.Spec.ClusterIP {
			errs = append(errs, field.Invalid(ipsPath, clusterIPs, "first value must match `clusterIP`"))
		}
	} else if len(clusterIPs) != 0 {
		errs = append(errs, field.Invalid(ipsPath, clusterIPs, "must be empty when `clusterIP` is not specified"))
	}

	seen := map[api.IPFamily]bool{}
	for i, f := range s.Spec.IPFamilies {
		if f != "IPv4" && f != "IPv6" {
			errs = append(errs, field.NotSupported(famPath.Index(i), f, []string{"IPv4", "IPv6"}))
		}
		if seen[f] {
			errs = append(errs, field.Duplicate(famPath.Index(i), f))
		}
		seen[f] = true
	}
	if p := s.Spec.IPFamilyPolicy; p != nil {
		switch *p {
		case "SingleStack", "PreferDualStack", "RequireDualStack":
		default:
			errs = append(errs, field.NotSupported(polPath, p, []string{"PreferDualStack", "RequireDualStack", "SingleStack"}))
		}
	}

	invalidIPs := false
	for i, ip := range clusterIPs {
		if i == 0 && ip == clusterIPNone {
			if len(clusterIPs) > 1 {
				invalidIPs = true
				errs = append(errs, field.Invalid(ipsPath, clusterIPs, "'None' must be the first and only value"))
			}
			continue
		}
		ipErrs := validateIP(ipsPath.Index(i), ip)
		invalidIPs = invalidIPs || len(ipErrs) != 0
		errs = append(errs, ipErrs...)
	}
	if len(clusterIPs) > 2 {
		errs = append(errs, field.Invalid(ipsPath, clusterIPs, "may only hold up to 2 values"))
	}
	if invalidIPs {
		return errs
	}
	if len(clusterIPs) > 1 && !isDualStack(clusterIPs) {
		errs = append(errs, field.Invalid(ipsPath, clusterIPs, "may specify no more than one IP for each IP family"))
	}
	if !isHeadlessService(s) && len(clusterIPs) > 0 && len(s.Spec.IPFamilies) > 0 {
		for i, ip := range clusterIPs {
			if i > len(s.Spec.IPFamilies)-1 {
				break
			}
			v6 := isIPv6(ip)
			if s.Spec.IPFamilies[i] == "IPv4" && v6 {
				errs = append(errs, field.Invalid(ipsPath.Index(i), ip, fmt.Sprintf("expected an IPv4 value as indicated by `ipFamilies[%v]`", i)))
			}
			if s.Spec.IPFamilies[i] == "IPv6" && !v6 {
				errs = append(errs, field.Invalid(ipsPath.Index(i), ip, fmt.Sprintf("expected an IPv6 value as indicated by `ipFamilies[%v]`", i)))
			}
		}
	}
	return errs
}

// validateServiceUpdate models ValidateServiceUpdate: metadata update
// rules, cluster IPs and families that may not change once set, then the
// whole Service.
func validateServiceUpdate(s, old *api.Service) field.ErrorList {
	errs := validateObjectMetaUpdate(&s.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validateUpgradeDowngradeClusterIPs(old, s)...)
	errs = append(errs, validateUpgradeDowngradeIPFamilies(old, s)...)
	return append(errs, validateService(s)...)
}

// validateUpgradeDowngradeClusterIPs models the function of that name.
func validateUpgradeDowngradeClusterIPs(old, s *api.Service) field.ErrorList {
	if s.Spec.Type == api.ServiceTypeExternalName || old.Spec.Type == api.ServiceTypeExternalName {
		return nil
	}
	if isHeadlessService(old) && isHeadlessService(s) {
		return nil
	}
	var errs field.ErrorList
	oldIPs, newIPs := effectiveClusterIPs(old), effectiveClusterIPs(s)
	path := field.NewPath("spec", "clusterIPs")
	switch {
	case len(oldIPs) == len(newIPs):
		for i, ip := range oldIPs {
			if ip != newIPs[i] {
				errs = append(errs, field.Invalid(path.Index(i), newIPs, "may not change once set"))
			}
		}
	case len(oldIPs) > len(newIPs):
		if len(newIPs) == 0 {
			errs = append(errs, field.Invalid(path.Index(0), newIPs, "primary clusterIP can not be unset"))
		}
		if len(oldIPs) > 0 && len(newIPs) > 0 && newIPs[0] != oldIPs[0] {
			errs = append(errs, field.Invalid(path.Index(0), newIPs, "may not change once set"))
		}
		if len(newIPs) == 1 && (s.Spec.IPFamilyPolicy == nil || *s.Spec.IPFamilyPolicy != api.IPFamilyPolicySingleStack) {
			errs = append(errs, field.Invalid(field.NewPath("spec", "ipFamilyPolicy"), s.Spec.IPFamilyPolicy, "must be set to 'SingleStack' when releasing the secondary clusterIP"))
		}
	default:
		if len(oldIPs) > 0 && newIPs[0] != oldIPs[0] {
			errs = append(errs, field.Invalid(path.Index(0), newIPs, "may not change once set"))
		}
	}
	return errs
}

// validateUpgradeDowngradeIPFamilies models the function of that name.
func validateUpgradeDowngradeIPFamilies(old, s *api.Service) field.ErrorList {
	if s.Spec.Type == api.ServiceTypeExternalName || old.Spec.Type == api.ServiceTypeExternalName {
		return nil
	}
	if isHeadlessService(old) != isHeadlessService(s) || isHeadlessService(s) {
		return nil
	}
	var errs field.ErrorList
	path := field.NewPath("spec", "ipFamilies")
	oldF, newF := old.Spec.IPFamilies, s.Spec.IPFamilies
	switch {
	case len(oldF) == len(newF):
		for i, f := range oldF {
			if f != newF[i] {
				errs = append(errs, field.Invalid(path.Index(0), newF, "may not change once set"))
			}
		}
	case len(oldF) > len(newF):
		if len(effectiveClusterIPs(s)) == 0 {
			errs = append(errs, field.Invalid(path.Index(0), newF, "primary ipFamily can not be unset"))
		}
		if len(newF) > 0 && newF[0] != oldF[0] {
			errs = append(errs, field.Invalid(path.Index(0), effectiveClusterIPs(s), "may not change once set"))
		}
		if len(newF) == 1 && (s.Spec.IPFamilyPolicy == nil || *s.Spec.IPFamilyPolicy != api.IPFamilyPolicySingleStack) {
			errs = append(errs, field.Invalid(field.NewPath("spec", "ipFamilyPolicy"), s.Spec.IPFamilyPolicy, "must be set to 'SingleStack' when releasing the secondary ipFamily"))
		}
	default:
		if len(oldF) > 0 && len(newF) > 0 && newF[0] != oldF[0] {
			errs = append(errs, field.Invalid(path.Index(0), effectiveClusterIPs(s), "may not change once set"))
		}
	}
	return errs
}

// validateServiceStatusUpdate models ValidateServiceStatusUpdate: load
// balancer ingress points only for LoadBalancer Services, with valid IPs.
func validateServiceStatusUpdate(s, old *api.Service) field.ErrorList {
	errs := validateObjectMetaUpdate(&s.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	ingPath := field.NewPath("status", "loadBalancer").Child("ingress")
	if s.Spec.Type != api.ServiceTypeLoadBalancer && len(s.Status.LoadBalancer.Ingress) != 0 {
		return append(errs, field.Forbidden(ingPath, "may only be used when `spec.type` is 'LoadBalancer'"))
	}
	for i, ing := range s.Status.LoadBalancer.Ingress {
		idxPath := ingPath.Index(i)
		if ing.IP != "" {
			errs = append(errs, validateIP(idxPath.Child("ip"), ing.IP)...)
		}
		if ing.Hostname != "" {
			errs = append(errs, validateDNS1123Subdomain(ing.Hostname, idxPath.Child("hostname"))...)
			if _, ok := parseIP(ing.Hostname); ok {
				errs = append(errs, field.Invalid(idxPath.Child("hostname"), ing.Hostname, "must be a DNS name, not an IP address"))
			}
		}
	}
	return errs
}

// validateNonSpecialIP models ValidateNonSpecialIP.
func validateNonSpecialIP(ipAddress string, fldPath *field.Path) field.ErrorList {
	ip, ok := parseIP(ipAddress)
	if !ok {
		return field.ErrorList{field.Invalid(fldPath, ipAddress, "must be a valid IP address")}
	}
	var errs field.ErrorList
	if ip.IsUnspecified() {
		errs = append(errs, field.Invalid(fldPath, ipAddress, fmt.Sprintf("may not be unspecified (%v)", ipAddress)))
	}
	if ip.IsLoopback() {
		errs = append(errs, field.Invalid(fldPath, ipAddress, "may not be in the loopback range (127.0.0.0/8, ::1/128)"))
	}
	if ip.IsLinkLocalUnicast() {
		errs = append(errs, field.Invalid(fldPath, ipAddress, "may not be in the link-local range (169.254.0.0/16, fe80::/10)"))
	}
	if ip.IsLinkLocalMulticast() {
		errs = append(errs, field.Invalid(fldPath, ipAddress, "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)"))
	}
	return errs
}

// validateCIDR models validation.IsValidCIDR.
func validateCIDR(fldPath *field.Path, value string) field.ErrorList {
	if _, err := netip.ParsePrefix(value); err != nil {
		return field.ErrorList{field.Invalid(fldPath, value, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)")}
	}
	return nil
}

func isIPv6(s string) bool {
	ip, ok := parseIP(s)
	return ok && !ip.Is4()
}

// isDualStack models netutils.IsDualStackIPStrings: at least one IPv4 and
// one IPv6 address.
func isDualStack(ips []string) bool {
	v4, v6 := false, false
	for _, s := range ips {
		if isIPv6(s) {
			v6 = true
		} else {
			v4 = true
		}
	}
	return v4 && v6
}

package validation

import (
	"net/netip"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// NetworkPolicy validation (pkg/apis/networking/validation).

// validateNetworkPolicy models ValidateNetworkPolicy.
func validateNetworkPolicy(np *api.NetworkPolicy) field.ErrorList {
	errs := validateObjectMeta(&np.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validateNetworkPolicySpec(&np.Spec, field.NewPath("spec"))...)
}

// validateNetworkPolicyUpdate models ValidateNetworkPolicyUpdate.
func validateNetworkPolicyUpdate(np, old *api.NetworkPolicy) field.ErrorList {
	errs := validateObjectMetaUpdate(&np.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateNetworkPolicySpec(&np.Spec, field.NewPath("spec"))...)
}

// validateNetworkPolicySpec models ValidateNetworkPolicySpec.
func validateNetworkPolicySpec(spec *api.NetworkPolicySpec, fldPath *field.Path) field.ErrorList {
	errs := validateLabelSelector(&spec.PodSelector, fldPath.Child("podSelector"))
	for i, in := range spec.Ingress {
		p := fldPath.Child("ingress").Index(i)
		for j := range in.Ports {
			errs = append(errs, validateNetworkPolicyPort(&in.Ports[j], p.Child("ports").Index(j))...)
		}
		for j := range in.From {
			errs = append(errs, validateNetworkPolicyPeer(&in.From[j], p.Child("from").Index(j))...)
		}
	}
	for i, eg := range spec.Egress {
		p := fldPath.Child("egress").Index(i)
		for j := range eg.Ports {
			errs = append(errs, validateNetworkPolicyPort(&eg.Ports[j], p.Child("ports").Index(j))...)
		}
		for j := range eg.To {
			errs = append(errs, validateNetworkPolicyPeer(&eg.To[j], p.Child("to").Index(j))...)
		}
	}
	if len(spec.PolicyTypes) > 2 {
		return append(errs, field.Invalid(fldPath.Child("policyTypes"), &spec.PolicyTypes, "may not specify more than two policyTypes"))
	}
	for i, t := range spec.PolicyTypes {
		if t != api.PolicyTypeIngress && t != api.PolicyTypeEgress {
			errs = append(errs, field.NotSupported(fldPath.Child("policyTypes").Index(i), t, []string{"Ingress", "Egress"}))
		}
	}
	return errs
}

// validateNetworkPolicyPort models ValidateNetworkPolicyPort.
func validateNetworkPolicyPort(port *api.NetworkPolicyPort, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if p := port.Protocol; p != nil && *p != api.ProtocolTCP && *p != api.ProtocolUDP && *p != api.ProtocolSCTP {
		errs = append(errs, field.NotSupported(fldPath.Child("protocol"), *p, []string{"TCP", "UDP", "SCTP"}))
	}
	switch {
	case port.Port == nil:
		if port.EndPort != nil {
			errs = append(errs, field.Invalid(fldPath.Child("endPort"), *port.EndPort, "may not be specified when `port` is not specified"))
		}
	case !port.Port.IsString:
		for _, msg := range naming.IsValidPortNum(int(port.Port.IntVal)) {
			errs = append(errs, field.Invalid(fldPath.Child("port"), port.Port.IntVal, msg))
		}
		if port.EndPort != nil {
			if *port.EndPort < port.Port.IntVal {
				errs = append(errs, field.Invalid(fldPath.Child("endPort"), *port.EndPort, "must be greater than or equal to `port`"))
			}
			for _, msg := range naming.IsValidPortNum(int(*port.EndPort)) {
				errs = append(errs, field.Invalid(fldPath.Child("endPort"), *port.EndPort, msg))
			}
		}
	default:
		if port.EndPort != nil {
			errs = append(errs, field.Invalid(fldPath.Child("endPort"), *port.EndPort, "may not be specified when `port` is non-numeric"))
		}
		for _, msg := range naming.IsValidPortName(port.Port.StrVal) {
			errs = append(errs, field.Invalid(fldPath.Child("port"), port.Port.StrVal, msg))
		}
	}
	return errs
}

// validateNetworkPolicyPeer models ValidateNetworkPolicyPeer.
func validateNetworkPolicyPeer(peer *api.NetworkPolicyPeer, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	n := 0
	if peer.PodSelector != nil {
		n++
		errs = append(errs, validateLabelSelector(peer.PodSelector, fldPath.Child("podSelector"))...)
	}
	if peer.NamespaceSelector != nil {
		n++
		errs = append(errs, validateLabelSelector(peer.NamespaceSelector, fldPath.Child("namespaceSelector"))...)
	}
	if peer.IPBlock != nil {
		n++
		errs = append(errs, validateIPBlock(peer.IPBlock, fldPath.Child("ipBlock"))...)
	}
	if n == 0 {
		errs = append(errs, field.Required(fldPath, "must specify a peer"))
	} else if n > 1 && peer.IPBlock != nil {
		errs = append(errs, field.Forbidden(fldPath, "may not specify both ipBlock and another peer"))
	}
	return errs
}

// validateIPBlock models ValidateIPBlock with strict CIDR validation
// (StrictIPCIDRValidation is on in v1.37).
func validateIPBlock(b *api.IPBlock, fldPath *field.Path) field.ErrorList {
	if b.CIDR == "" {
		return field.ErrorList{field.Required(fldPath.Child("cidr"), "")}
	}
	cidr, errs := parseCIDRStrict(fldPath.Child("cidr"), b.CIDR)
	if !cidr.IsValid() {
		return errs
	}
	for i, s := range b.Except {
		p := fldPath.Child("except").Index(i)
		ex, exErrs := parseCIDRStrict(p, s)
		errs = append(errs, exErrs...)
		if !ex.IsValid() {
			continue
		}
		if !cidr.Contains(ex.Addr()) || cidr.Bits() >= ex.Bits() {
			errs = append(errs, field.Invalid(p, s, "must be a strict subset of `cidr`"))
		}
	}
	return errs
}

// parseCIDRStrict models apimachinery's parseCIDR with strict validation.
// The prefix returned is the masked network, or invalid.
func parseCIDRStrict(fldPath *field.Path, value string) (netip.Prefix, field.ErrorList) {
	p, err := netip.ParsePrefix(value)
	if err != nil {
		return netip.Prefix{}, field.ErrorList{field.Invalid(fldPath, value, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)")}
	}
	var errs field.ErrorList
	if p.Addr().Is4In6() {
		errs = append(errs, field.Invalid(fldPath, value, "must not have an IPv4-mapped IPv6 address"))
	} else if p.Addr() != p.Masked().Addr() {
		errs = append(errs, field.Invalid(fldPath, value, "must not have bits set beyond the prefix length"))
	}
	return p.Masked(), errs
}

package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// EndpointSlice validation (pkg/apis/discovery/validation).

// EndpointSlice limits (pkg/apis/discovery/validation).
const (
	maxEndpointAddresses = 100
	maxEndpointPorts     = 100
	maxEndpoints         = 1000
)

// validateEndpointSlice models discovery ValidateEndpointSlice.
func validateEndpointSlice(s *api.EndpointSlice, update bool) field.ErrorList {
	errs := validateObjectMeta(&s.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	atPath := field.NewPath("addressType")
	switch s.AddressType {
	case "":
		errs = append(errs, field.Required(atPath, ""))
	case "IPv4", "IPv6", "FQDN":
	default:
		valid := []string{"FQDN", "IPv4", "IPv6"}
		if update {
			valid = []string{"FQDN", "IP", "IPv4", "IPv6"}
		}
		if !(update && s.AddressType == "IP") {
			errs = append(errs, field.NotSupported(atPath, s.AddressType, valid))
		}
	}
	epPath := field.NewPath("endpoints")
	if len(s.Endpoints) > maxEndpoints {
		errs = append(errs, field.TooMany(epPath, len(s.Endpoints), maxEndpoints))
	} else {
		for i, ep := range s.Endpoints {
			addrPath := epPath.Index(i).Child("addresses")
			if len(ep.Addresses) == 0 {
				errs = append(errs, field.Required(addrPath, "must contain at least 1 address"))
			} else if len(ep.Addresses) > maxEndpointAddresses {
				errs = append(errs, field.TooMany(addrPath, len(ep.Addresses), maxEndpointAddresses))
			}
			for j, a := range ep.Addresses {
				switch s.AddressType {
				case "IPv4":
					if ip, ok := parseIP(a); !ok || !ip.Is4() {
						errs = append(errs, field.Invalid(addrPath.Index(j), a, "must be a valid IPv4 address"))
					} else {
						errs = append(errs, validateNonSpecialIP(a, addrPath.Index(j))...)
					}
				case "IPv6":
					if ip, ok := parseIP(a); !ok || ip.Is4() {
						errs = append(errs, field.Invalid(addrPath.Index(j), a, "must be a valid IPv6 address"))
					} else {
						errs = append(errs, validateNonSpecialIP(a, addrPath.Index(j))...)
					}
				}
			}
			if ep.Hostname != nil {
				errs = append(errs, validateDNS1123Label(*ep.Hostname, epPath.Index(i).Child("hostname"))...)
			}
		}
	}
	portsPath := field.NewPath("ports")
	if len(s.Ports) > maxEndpointPorts {
		return append(errs, field.TooMany(portsPath, len(s.Ports), maxEndpointPorts))
	}
	names := map[string]bool{}
	for i, p := range s.Ports {
		idxPath := portsPath.Index(i)
		name := ""
		if p.Name != nil {
			name = *p.Name
		}
		if name != "" {
			errs = append(errs, validateDNS1123Label(name, idxPath.Child("name"))...)
		}
		if names[name] {
			errs = append(errs, field.Duplicate(idxPath.Child("name"), p.Name))
		} else {
			names[name] = true
		}
		if p.Protocol == nil {
			errs = append(errs, field.Required(idxPath.Child("protocol"), ""))
		} else if !isSupportedProtocol(*p.Protocol) {
			errs = append(errs, field.NotSupported(idxPath.Child("protocol"), *p.Protocol, supportedPortProtocols))
		}
		if p.AppProtocol != nil {
			for _, e := range validateQualifiedName(*p.AppProtocol, idxPath.Child("appProtocol")) {
				e.BadValue = p.AppProtocol
				errs = append(errs, e)
			}
		}
	}
	return errs
}

// validateEndpointSliceUpdate models ValidateEndpointSliceUpdate (with the
// metadata update rules the registry strategy adds).
func validateEndpointSliceUpdate(s, old *api.EndpointSlice) field.ErrorList {
	errs := validateObjectMetaUpdate(&s.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validateEndpointSlice(s, true)...)
	return append(errs, validateImmutableField(s.AddressType, old.AddressType, field.NewPath("addressType"))...)
}

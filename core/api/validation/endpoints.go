package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// Endpoints validation (pkg/apis/core/validation: ValidateEndpoints and
// its helpers).

// validateEndpoints models ValidateEndpoints (ValidateEndpointsCreate): the
// name is a DNS subdomain, every subset has an address, and every address
// and port is well formed.
func validateEndpoints(e *api.Endpoints) field.ErrorList {
	errs := validateObjectMeta(&e.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validateEndpointSubsets(e.Subsets, field.NewPath("subsets"))...)
}

// validateEndpointsUpdate models ValidateEndpointsUpdate.
func validateEndpointsUpdate(e, old *api.Endpoints) field.ErrorList {
	errs := validateObjectMetaUpdate(&e.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateEndpoints(e)...)
}

// validateEndpointSubsets models the function of that name. A subset may
// lack ports (a headless Service's), but not addresses; with more than one
// port, every port needs a name.
func validateEndpointSubsets(subsets []api.EndpointSubset, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i := range subsets {
		ss := &subsets[i]
		idxPath := fldPath.Index(i)
		if len(ss.Addresses) == 0 && len(ss.NotReadyAddresses) == 0 {
			errs = append(errs, field.Required(idxPath, "must specify `addresses` or `notReadyAddresses`"))
		}
		for j := range ss.Addresses {
			errs = append(errs, validateEndpointAddress(&ss.Addresses[j], idxPath.Child("addresses").Index(j))...)
		}
		for j := range ss.NotReadyAddresses {
			errs = append(errs, validateEndpointAddress(&ss.NotReadyAddresses[j], idxPath.Child("notReadyAddresses").Index(j))...)
		}
		for j := range ss.Ports {
			errs = append(errs, validateEndpointPort(&ss.Ports[j], len(ss.Ports) > 1, idxPath.Child("ports").Index(j))...)
		}
	}
	return errs
}

// validateEndpointAddress models the function of that name: a valid IP, a
// DNS-label hostname, a valid node name; only then the special ranges
// (ValidateEndpointIP: unspecified, loopback, link-local).
func validateEndpointAddress(a *api.EndpointAddress, fldPath *field.Path) field.ErrorList {
	errs := validateIP(fldPath.Child("ip"), a.IP)
	if a.Hostname != "" {
		errs = append(errs, validateDNS1123Label(a.Hostname, fldPath.Child("hostname"))...)
	}
	if a.NodeName != nil {
		for _, msg := range nameIsDNSSubdomain(*a.NodeName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("nodeName"), *a.NodeName, msg))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return validateNonSpecialIP(a.IP, fldPath.Child("ip"))
}

// validateEndpointPort models the function of that name.
func validateEndpointPort(p *api.CoreEndpointPort, requireName bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if requireName && p.Name == "" {
		errs = append(errs, field.Required(fldPath.Child("name"), ""))
	} else if p.Name != "" {
		errs = append(errs, validateDNS1123Label(p.Name, fldPath.Child("name"))...)
	}
	for _, msg := range naming.IsValidPortNum(int(p.Port)) {
		errs = append(errs, field.Invalid(fldPath.Child("port"), p.Port, msg))
	}
	errs = append(errs, validateProtocol(p.Protocol, fldPath.Child("protocol"))...)
	if p.AppProtocol != nil {
		errs = append(errs, validateQualifiedName(*p.AppProtocol, fldPath.Child("appProtocol"))...)
	}
	return errs
}

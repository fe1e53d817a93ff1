package validation

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// Resource-name classes of pkg/apis/core/helper.
var (
	standardContainerResources = map[string]bool{"cpu": true, "memory": true, "ephemeral-storage": true}
	standardResources          = map[string]bool{
		"cpu": true, "memory": true, "ephemeral-storage": true,
		"requests.cpu": true, "requests.memory": true, "requests.ephemeral-storage": true,
		"limits.cpu": true, "limits.memory": true, "limits.ephemeral-storage": true,
		"pods": true, "resourcequotas": true, "services": true, "replicationcontrollers": true,
		"secrets": true, "configmaps": true, "persistentvolumeclaims": true, "storage": true,
		"requests.storage": true, "services.nodeports": true, "services.loadbalancers": true,
	}
	standardQuotaResources = map[string]bool{
		"cpu": true, "memory": true, "ephemeral-storage": true,
		"requests.cpu": true, "requests.memory": true, "requests.storage": true, "requests.ephemeral-storage": true,
		"limits.cpu": true, "limits.memory": true, "limits.ephemeral-storage": true,
		"pods": true, "resourcequotas": true, "services": true, "replicationcontrollers": true,
		"secrets": true, "persistentvolumeclaims": true, "configmaps": true,
		"services.nodeports": true, "services.loadbalancers": true,
	}
	integerResources = map[string]bool{
		"pods": true, "resourcequotas": true, "services": true, "replicationcontrollers": true,
		"secrets": true, "configmaps": true, "persistentvolumeclaims": true,
		"services.nodeports": true, "services.loadbalancers": true,
	}
)

func isHugePageResourceName(n api.ResourceName) bool {
	return strings.HasPrefix(string(n), "hugepages-")
}

func isQuotaHugePageResourceName(n api.ResourceName) bool {
	return strings.HasPrefix(string(n), "hugepages-") || strings.HasPrefix(string(n), "requests.hugepages-")
}

// isNativeResource: unprefixed or in the kubernetes.io domain.
func isNativeResource(n api.ResourceName) bool {
	return !strings.Contains(string(n), "/") || strings.Contains(string(n), "kubernetes.io/")
}

// isExtendedResourceName: a non-native, domain-prefixed name such as
// example.com/gpu.
func isExtendedResourceName(n api.ResourceName) bool {
	if isNativeResource(n) || strings.HasPrefix(string(n), "requests.") {
		return false
	}
	return len(naming.IsQualifiedName("requests."+string(n))) == 0
}

// isOvercommitAllowed: requests may be below limits only for native,
// non-hugepage resources.
func isOvercommitAllowed(n api.ResourceName) bool {
	return isNativeResource(n) && !isHugePageResourceName(n)
}

func isIntegerResourceName(n api.ResourceName) bool {
	return integerResources[string(n)] || isExtendedResourceName(n)
}

// validateResourceName models validateResourceName.
func validateResourceName(n api.ResourceName, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range naming.IsQualifiedName(string(n)) {
		errs = append(errs, field.Invalid(fldPath, n, msg))
	}
	if len(errs) != 0 {
		return errs
	}
	if !strings.Contains(string(n), "/") && !standardResources[string(n)] && !isQuotaHugePageResourceName(n) {
		errs = append(errs, field.Invalid(fldPath, n, "must be a standard resource type or fully qualified"))
	}
	return errs
}

// validateContainerResourceName models validateContainerResourceName.
func validateContainerResourceName(n api.ResourceName, fldPath *field.Path) field.ErrorList {
	errs := validateResourceName(n, fldPath)
	if !strings.Contains(string(n), "/") {
		if !standardContainerResources[string(n)] && !isHugePageResourceName(n) {
			return append(errs, field.Invalid(fldPath, n, "must be a standard resource for containers"))
		}
	} else if !isNativeResource(n) && !isExtendedResourceName(n) {
		return append(errs, field.Invalid(fldPath, n, "doesn't follow extended resource name standard"))
	}
	return errs
}

// validateResourceQuotaResourceName models
// ValidateResourceQuotaResourceName.
func validateResourceQuotaResourceName(n api.ResourceName, fldPath *field.Path) field.ErrorList {
	errs := validateResourceName(n, fldPath)
	if !strings.Contains(string(n), "/") && !standardQuotaResources[string(n)] && !isQuotaHugePageResourceName(n) {
		return append(errs, field.Invalid(fldPath, n, isInvalidQuotaResource))
	}
	return errs
}

// validateResourceQuantityValue models ValidateResourceQuantityValue: not
// negative, and whole for integer resources.
func validateResourceQuantityValue(n api.ResourceName, q resource.Quantity, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if q.Sign() < 0 {
		errs = append(errs, field.Invalid(fldPath, q.String(), isNegativeErrorMsg))
	}
	if isIntegerResourceName(n) && q.MilliValue()%1000 != 0 {
		errs = append(errs, field.Invalid(fldPath, &q, isNotIntegerErrorMsg))
	}
	return errs
}

// validateContainerResourceRequirements models
// ValidateContainerResourceRequirements (validateResourceRequirements with
// container resource names). Note that a request above its limit is
// reported at "requests", not "requests[cpu]", as upstream.
func validateContainerResourceRequirements(r *api.ResourceRequirements, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	limPath, reqPath := fldPath.Child("limits"), fldPath.Child("requests")
	limCPUOrMem, reqCPUOrMem, limHuge, reqHuge := false, false, false, false
	for _, name := range sortedKeys(r.Limits) {
		q := r.Limits[name]
		p := limPath.Key(string(name))
		errs = append(errs, validateContainerResourceName(name, p)...)
		errs = append(errs, validateResourceQuantityValue(name, q, p)...)
		if isHugePageResourceName(name) {
			limHuge = true
		}
		if name == api.ResourceCPU || name == api.ResourceMemory {
			limCPUOrMem = true
		}
	}
	for _, name := range sortedKeys(r.Requests) {
		q := r.Requests[name]
		p := reqPath.Key(string(name))
		errs = append(errs, validateContainerResourceName(name, p)...)
		errs = append(errs, validateResourceQuantityValue(name, q, p)...)
		if limit, ok := r.Limits[name]; ok {
			// For non-overcommitable resources requests must equal limits.
			if q.Cmp(limit) != 0 && !isOvercommitAllowed(name) {
				errs = append(errs, field.Invalid(reqPath, q.String(), fmt.Sprintf("must be equal to %s limit of %s", name, limit.String())))
			} else if q.Cmp(limit) > 0 {
				errs = append(errs, field.Invalid(reqPath, q.String(), fmt.Sprintf("must be less than or equal to %s limit of %s", name, limit.String())))
			}
		} else if !isOvercommitAllowed(name) {
			errs = append(errs, field.Required(limPath, "Limit must be set for non overcommitable resources"))
		}
		if isHugePageResourceName(name) {
			reqHuge = true
		}
		if name == api.ResourceCPU || name == api.ResourceMemory {
			reqCPUOrMem = true
		}
	}
	if !limCPUOrMem && !reqCPUOrMem && (reqHuge || limHuge) {
		errs = append(errs, field.Forbidden(fldPath, "HugePages require cpu or memory"))
	}
	return errs
}

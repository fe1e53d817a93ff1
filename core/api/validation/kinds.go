package validation

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// The dispatch for the autoscaling, networking, policy and storage kinds,
// kept apart from validate.go's switch so each kind's rules live in their
// own file. Each reports false for a kind that is not one of them.

func validateKinds(obj api.Object) (field.ErrorList, bool) {
	switch o := obj.(type) {
	case *api.Ingress:
		return validateIngressCreate(o), true
	case *api.IngressClass:
		return validateIngressClass(o), true
	case *api.NetworkPolicy:
		return validateNetworkPolicy(o), true
	case *api.HorizontalPodAutoscaler:
		return validateHPA(o), true
	case *api.PodDisruptionBudget:
		return validatePDB(o), true
	case *api.PersistentVolumeClaim:
		return validatePVC(o), true
	case *api.PersistentVolume:
		return validatePV(o), true
	case *api.StorageClass:
		return validateStorageClass(o), true
	}
	return nil, false
}

func validateKindsUpdate(obj, old api.Object) (field.ErrorList, bool) {
	if fmt.Sprintf("%T", obj) != fmt.Sprintf("%T", old) {
		if _, ok := validateKinds(obj); ok {
			return kindMismatch(obj, old), true
		}
		return nil, false
	}
	switch o := obj.(type) {
	case *api.Ingress:
		return validateIngressUpdate(o, old.(*api.Ingress)), true
	case *api.IngressClass:
		return validateIngressClassUpdate(o, old.(*api.IngressClass)), true
	case *api.NetworkPolicy:
		return validateNetworkPolicyUpdate(o, old.(*api.NetworkPolicy)), true
	case *api.HorizontalPodAutoscaler:
		return validateHPAUpdate(o, old.(*api.HorizontalPodAutoscaler)), true
	case *api.PodDisruptionBudget:
		return validatePDBUpdate(o, old.(*api.PodDisruptionBudget)), true
	case *api.PersistentVolumeClaim:
		return validatePVCUpdate(o, old.(*api.PersistentVolumeClaim)), true
	case *api.PersistentVolume:
		return validatePVUpdate(o, old.(*api.PersistentVolume)), true
	case *api.StorageClass:
		return validateStorageClassUpdate(o, old.(*api.StorageClass)), true
	}
	return nil, false
}

func validateKindsStatusUpdate(obj, old api.Object) (field.ErrorList, bool) {
	if fmt.Sprintf("%T", obj) != fmt.Sprintf("%T", old) {
		return nil, false
	}
	switch o := obj.(type) {
	case *api.Ingress:
		return validateIngressStatusUpdate(o, old.(*api.Ingress)), true
	case *api.HorizontalPodAutoscaler:
		return validateHPAStatusUpdate(o, old.(*api.HorizontalPodAutoscaler)), true
	case *api.PodDisruptionBudget:
		return validatePDBStatusUpdate(o, old.(*api.PodDisruptionBudget)), true
	}
	return nil, false
}

// pathSegmentNameMessages models content.IsPathSegmentName: a name that
// becomes one segment of a URL path.
func pathSegmentNameMessages(name string) []string {
	if name == "." || name == ".." {
		return []string{fmt.Sprintf("may not be '%s'", name)}
	}
	var msgs []string
	for _, bad := range []string{"/", "%"} {
		if strings.Contains(name, bad) {
			msgs = append(msgs, fmt.Sprintf("may not contain '%s'", bad))
		}
	}
	return msgs
}

const wildcardDNS1123SubdomainFmt = "\\*\\." + "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"

// wildcardDNS1123SubdomainMessages models IsWildcardDNS1123Subdomain.
func wildcardDNS1123SubdomainMessages(value string) []string {
	var msgs []string
	if len(value) > naming.DNS1123SubdomainMaxLength {
		msgs = append(msgs, naming.MaxLenError(naming.DNS1123SubdomainMaxLength))
	}
	rest, ok := strings.CutPrefix(value, "*.")
	if !ok || len(naming.IsDNS1123Subdomain(rest)) != 0 {
		msgs = append(msgs, naming.RegexError("a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character",
			wildcardDNS1123SubdomainFmt, "*.example.com"))
	}
	return msgs
}

// validatePositiveQuantity models ValidatePositiveQuantityValue.
func validatePositiveQuantity(q resource.Quantity, fldPath *field.Path) field.ErrorList {
	if q.Sign() <= 0 {
		return field.ErrorList{field.Invalid(fldPath, q.String(), "must be greater than zero")}
	}
	return nil
}

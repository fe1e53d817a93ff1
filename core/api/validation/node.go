package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Node validation (pkg/apis/core/validation).

// validateNode models ValidateNode.
func validateNode(n *api.Node) field.ErrorList {
	metaPath := field.NewPath("metadata")
	errs := validateObjectMeta(&n.ObjectMeta, metaOptions{nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, metaPath)
	if len(n.Spec.Taints) > 0 {
		// Upstream reports taints under metadata.taints.
		errs = append(errs, validateNodeTaints(n.Spec.Taints, metaPath.Child("taints"))...)
	}
	errs = append(errs, validateNodeResources(n)...)
	if len(n.Spec.PodCIDRs) > 0 {
		path := field.NewPath("spec", "podCIDRs")
		for i, c := range n.Spec.PodCIDRs {
			errs = append(errs, validateCIDR(path.Index(i), c)...)
		}
		if len(n.Spec.PodCIDRs) > 1 {
			if !isDualStackCIDRs(n.Spec.PodCIDRs) || len(n.Spec.PodCIDRs) > 2 {
				errs = append(errs, field.Invalid(path, n.Spec.PodCIDRs, "may specify no more than one CIDR for each IP family"))
			}
			seen := map[string]bool{}
			for i, c := range n.Spec.PodCIDRs {
				if seen[c] {
					errs = append(errs, field.Duplicate(path.Index(i), c))
				}
				seen[c] = true
			}
		}
	}
	return errs
}

func isDualStackCIDRs(cidrs []string) bool {
	ips := make([]string, 0, len(cidrs))
	for _, c := range cidrs {
		ip := c
		for i := 0; i < len(c); i++ {
			if c[i] == '/' {
				ip = c[:i]
				break
			}
		}
		ips = append(ips, ip)
	}
	return isDualStack(ips)
}

// internalTaint mirrors core.Taint, reported as a duplicate's value.
type internalTaint struct {
	Key       string
	Value     string
	Effect    api.TaintEffect
	TimeAdded *api.Time
}

// validateNodeTaints models validateNodeTaints.
func validateNodeTaints(taints []api.Taint, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	unique := map[api.TaintEffect]map[string]bool{}
	for i, t := range taints {
		idxPath := fldPath.Index(i)
		errs = append(errs, validateLabelName(t.Key, idxPath.Child("key"))...)
		if msgs := labelValueMessages(t.Value); msgs != "" {
			errs = append(errs, field.Invalid(idxPath.Child("value"), t.Value, msgs))
		}
		errs = append(errs, validateTaintEffect(t.Effect, false, idxPath.Child("effect"))...)
		if unique[t.Effect][t.Key] {
			dup := field.Duplicate(idxPath, internalTaint{Key: t.Key, Value: t.Value, Effect: t.Effect, TimeAdded: t.TimeAdded})
			dup.Detail = "taints must be unique by key and effect pair"
			errs = append(errs, dup)
			continue
		}
		if unique[t.Effect] == nil {
			unique[t.Effect] = map[string]bool{}
		}
		unique[t.Effect][t.Key] = true
	}
	return errs
}

// validateNodeResources models ValidateNodeResources (paths use Child, so
// "status.capacity.cpu").
func validateNodeResources(n *api.Node) field.ErrorList {
	var errs field.ErrorList
	for _, k := range sortedKeys(n.Status.Capacity) {
		errs = append(errs, validateResourceQuantityValue(k, n.Status.Capacity[k], field.NewPath("status", "capacity", string(k)))...)
	}
	for _, k := range sortedKeys(n.Status.Allocatable) {
		errs = append(errs, validateResourceQuantityValue(k, n.Status.Allocatable[k], field.NewPath("status", "allocatable", string(k)))...)
	}
	return errs
}

// internalNodeAddress mirrors core.NodeAddress.
type internalNodeAddress struct {
	Type    api.NodeAddressType
	Address string
}

// validateNodeUpdate models the node strategy's ValidateUpdate
// (ValidateNode, then ValidateNodeUpdate); the status strategy uses
// ValidateNodeUpdate alone.
func validateNodeUpdate(n, old *api.Node, withCreate bool) field.ErrorList {
	var errs field.ErrorList
	if withCreate {
		errs = validateNode(n)
	}
	metaPath := field.NewPath("metadata")
	errs = append(errs, validateObjectMetaUpdate(&n.ObjectMeta, &old.ObjectMeta, true, metaPath)...)
	errs = append(errs, validateNodeResources(n)...)
	seen := map[api.NodeAddress]bool{}
	for i, a := range n.Status.Addresses {
		if seen[a] {
			errs = append(errs, field.Duplicate(field.NewPath("status", "addresses").Index(i), internalNodeAddress(a)))
		}
		seen[a] = true
	}
	// ValidateNodeUpdate: the providerID is set once (by the cloud
	// controller manager), then neither changed nor cleared.
	switch {
	case old.Spec.ProviderID != "" && n.Spec.ProviderID != "" && n.Spec.ProviderID != old.Spec.ProviderID:
		errs = append(errs, field.Invalid(field.NewPath("spec", "providerID"), nil, "field cannot be modified once set"))
	case old.Spec.ProviderID != "" && n.Spec.ProviderID == "":
		errs = append(errs, field.Invalid(field.NewPath("spec", "providerID"), nil, "field cannot be cleared once set"))
	}
	if len(old.Spec.PodCIDRs) > 0 {
		const msg = "node updates may not change podCIDR except from \"\" to valid"
		if len(old.Spec.PodCIDRs) != len(n.Spec.PodCIDRs) {
			errs = append(errs, field.Forbidden(field.NewPath("spec", "podCIDRs"), msg))
		} else {
			for i, c := range old.Spec.PodCIDRs {
				if c != n.Spec.PodCIDRs[i] {
					errs = append(errs, field.Forbidden(field.NewPath("spec", "podCIDRs"), msg))
				}
			}
		}
	}
	if len(n.Spec.Taints) > 0 {
		errs = append(errs, validateNodeTaints(n.Spec.Taints, metaPath.Child("taints"))...)
	}
	return errs
}

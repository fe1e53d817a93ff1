// Package quota is ResourceQuota's arithmetic: which resources an object
// uses (the evaluators of pkg/quota/v1/evaluator/core and the generic
// object-count evaluator of k8s.io/apiserver/pkg/quota/v1/generic), how
// resource lists add up and compare (k8s.io/apiserver/pkg/quota/v1
// resources.go), the admission check the API server's ResourceQuota
// plugin runs (admission.go, from
// k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go), and
// the usage the resource quota controller recalculates (CalculateUsage).
//
// Every quantity, name and message is upstream's; `kubectl describe
// quota` and the Forbidden errors read the same as on a real cluster.
package quota

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// The resource names quotas track (k8s.io/api/core/v1 types.go).
const (
	ResourcePods                     api.ResourceName = "pods"
	ResourceCPU                      api.ResourceName = "cpu"
	ResourceMemory                   api.ResourceName = "memory"
	ResourceEphemeralStorage         api.ResourceName = "ephemeral-storage"
	ResourceRequestsCPU              api.ResourceName = "requests.cpu"
	ResourceRequestsMemory           api.ResourceName = "requests.memory"
	ResourceRequestsEphemeralStorage api.ResourceName = "requests.ephemeral-storage"
	ResourceLimitsCPU                api.ResourceName = "limits.cpu"
	ResourceLimitsMemory             api.ResourceName = "limits.memory"
	ResourceLimitsEphemeralStorage   api.ResourceName = "limits.ephemeral-storage"
	ResourceServices                 api.ResourceName = "services"
	ResourceServicesNodePorts        api.ResourceName = "services.nodeports"
	ResourceServicesLoadBalancers    api.ResourceName = "services.loadbalancers"
	ResourceQuotas                   api.ResourceName = "resourcequotas"
)

// ObjectCountName models generic.ObjectCountQuotaResourceNameFor:
// "count/pods", "count/deployments.apps".
func ObjectCountName(k *api.KindInfo) api.ResourceName {
	return api.ResourceName("count/" + k.GroupResource())
}

// Add models quota.Add: the sum of a and b, key by key.
func Add(a, b api.ResourceList) api.ResourceList {
	out := api.ResourceList{}
	for k, v := range a {
		q := v.DeepCopy()
		if o, ok := b[k]; ok {
			q.Add(o)
		}
		out[k] = q
	}
	for k, v := range b {
		if _, ok := out[k]; !ok {
			out[k] = v.DeepCopy()
		}
	}
	return out
}

// Subtract models quota.Subtract: a - b, key by key (keys only in b come
// out negative).
func Subtract(a, b api.ResourceList) api.ResourceList {
	out := api.ResourceList{}
	for k, v := range a {
		q := v.DeepCopy()
		if o, ok := b[k]; ok {
			q.Sub(o)
		}
		out[k] = q
	}
	for k, v := range b {
		if _, ok := out[k]; !ok {
			q := v.DeepCopy()
			q.Neg()
			out[k] = q
		}
	}
	return out
}

// SubtractWithNonNegativeResult models the function of that name: a - b,
// each key clamped at zero.
func SubtractWithNonNegativeResult(a, b api.ResourceList) api.ResourceList {
	zero := resource.MustParse("0")
	out := api.ResourceList{}
	for k, v := range a {
		q := v.DeepCopy()
		if o, ok := b[k]; ok {
			q.Sub(o)
		}
		if q.Sign() < 0 {
			q = zero.DeepCopy()
		}
		out[k] = q
	}
	for k := range b {
		if _, ok := out[k]; !ok {
			out[k] = zero.DeepCopy()
		}
	}
	return out
}

// Mask models quota.Mask: the entries of list named in names.
func Mask(list api.ResourceList, names []api.ResourceName) api.ResourceList {
	out := api.ResourceList{}
	for _, n := range names {
		if v, ok := list[n]; ok {
			out[n] = v.DeepCopy()
		}
	}
	return out
}

// LessThanOrEqual models quota.LessThanOrEqual: whether every entry of a
// that b also has is at most b's, and the names that are not (sorted).
func LessThanOrEqual(a, b api.ResourceList) (bool, []api.ResourceName) {
	var exceeded []api.ResourceName
	for _, k := range ResourceNames(a) {
		if o, ok := b[k]; ok && a[k].Cmp(o) > 0 {
			exceeded = append(exceeded, k)
		}
	}
	return len(exceeded) == 0, exceeded
}

// ResourceNames models quota.ResourceNames, sorted.
func ResourceNames(list api.ResourceList) []api.ResourceName {
	out := make([]api.ResourceName, 0, len(list))
	for k := range list {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Intersection models quota.Intersection: the names of a also in b, in a's
// order.
func Intersection(a, b []api.ResourceName) []api.ResourceName {
	var out []api.ResourceName
	for _, n := range a {
		if slices.Contains(b, n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// RemoveZeros models quota.RemoveZeros.
func RemoveZeros(list api.ResourceList) api.ResourceList {
	out := api.ResourceList{}
	for k, v := range list {
		if !v.IsZero() {
			out[k] = v
		}
	}
	return out
}

// IsNegative models quota.IsNegative: the names with a negative value.
func IsNegative(list api.ResourceList) []api.ResourceName {
	var out []api.ResourceName
	for _, k := range ResourceNames(list) {
		if list[k].Sign() < 0 {
			out = append(out, k)
		}
	}
	return out
}

// Equals models quota.Equals: the same names with equal values.
func Equals(a, b api.ResourceList) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		o, ok := b[k]
		if !ok || v.Cmp(o) != 0 {
			return false
		}
	}
	return true
}

// PrettyPrint models prettyPrint: "limits.cpu=1,pods=2", sorted by name.
func PrettyPrint(list api.ResourceList) string {
	parts := make([]string, 0, len(list))
	for _, k := range ResourceNames(list) {
		parts = append(parts, string(k)+"="+list[k].String())
	}
	return strings.Join(parts, ",")
}

// prettyPrintResourceNames models the function of that name.
func prettyPrintResourceNames(names []api.ResourceName) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	slices.Sort(s)
	return strings.Join(s, ",")
}

func one() resource.Quantity { return *resource.NewQuantity(1, resource.DecimalSI) }

func zeroDecimal() resource.Quantity { return resource.Quantity{Format: resource.DecimalSI} }

func quantity(n int64) resource.Quantity { return *resource.NewQuantity(n, resource.DecimalSI) }

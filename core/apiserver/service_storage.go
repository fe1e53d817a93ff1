// The Service REST storage's and strategy's field fix-ups around
// allocation (pkg/registry/core/service/storage/storage.go and strategy.go):
// clusterIP and clusterIPs kept in step, allocated values carried over an
// update that left them out, and the fields a type change drops.

package apiserver

import (
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

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

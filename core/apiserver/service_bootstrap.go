// The `kubernetes` Service in `default`, its Endpoints and EndpointSlice,
// which the API server's own controllers keep
// (pkg/controlplane/controller/kubernetesservice), and the addresses they
// use.

package apiserver

import (
	"github.com/kubeplay/kubeplay/core/api"
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

package describe

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func webService() (*api.Service, []*api.EndpointSlice) {
	single := api.IPFamilyPolicySingleStack
	cluster := api.ServiceInternalTrafficPolicyCluster
	svc := &api.Service{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default", UID: "svc-uid", CreationTimestamp: ago(time.Hour),
			Labels: map[string]string{"app": "web"}},
		Spec: api.ServiceSpec{
			Type: api.ServiceTypeNodePort, Selector: map[string]string{"app": "web"},
			ClusterIP: "10.96.12.34", ClusterIPs: []string{"10.96.12.34"},
			IPFamilies: []api.IPFamily{api.IPv4Protocol}, IPFamilyPolicy: &single,
			Ports: []api.ServicePort{
				{Name: "http", Port: 80, TargetPort: api.FromInt(8080), NodePort: 30080, Protocol: api.ProtocolTCP},
				{Name: "metrics", Port: 9090, TargetPort: api.FromString("metrics"), NodePort: 30090, Protocol: api.ProtocolTCP},
			},
			SessionAffinity: api.ServiceAffinityNone, ExternalTrafficPolicy: api.ServiceExternalTrafficPolicyCluster,
			InternalTrafficPolicy: &cluster,
		},
	}
	api.SetTypeMeta(svc)
	str := func(s string) *string { return &s }
	port := func(p int32) *int32 { return &p }
	tcp := api.ProtocolTCP
	ready, notReady := true, false
	es := &api.EndpointSlice{
		ObjectMeta:  api.ObjectMeta{Name: "web-abc12", Namespace: "default", Labels: map[string]string{"kubernetes.io/service-name": "web"}},
		AddressType: api.AddressTypeIPv4,
		Ports:       []api.EndpointPort{{Name: str("http"), Port: port(8080), Protocol: &tcp}, {Name: str("metrics"), Port: port(9090), Protocol: &tcp}},
		Endpoints: []api.Endpoint{
			{Addresses: []string{"10.244.1.5"}, Conditions: api.EndpointConditions{Ready: &ready}},
			{Addresses: []string{"10.244.2.7"}, Conditions: api.EndpointConditions{Ready: &ready}},
			{Addresses: []string{"10.244.1.9"}, Conditions: api.EndpointConditions{Ready: &notReady}},
			{Addresses: []string{"10.244.2.8"}},
			{Addresses: []string{"10.244.1.10"}, Conditions: api.EndpointConditions{Ready: &ready}},
		},
	}
	other := &api.EndpointSlice{ObjectMeta: api.ObjectMeta{Name: "api-xyz", Namespace: "default",
		Labels: map[string]string{"kubernetes.io/service-name": "api"}}, Ports: es.Ports, Endpoints: es.Endpoints[:1]}
	return svc, []*api.EndpointSlice{es, other}
}

func kindWorker() (*api.Node, []*api.Pod, *api.Lease) {
	n := &api.Node{
		ObjectMeta: api.ObjectMeta{Name: "kind-worker", UID: "node-uid", CreationTimestamp: ago(10 * 24 * time.Hour),
			Labels: map[string]string{"kubernetes.io/hostname": "kind-worker", "kubernetes.io/os": "linux"},
			Annotations: map[string]string{"node.alpha.kubernetes.io/ttl": "0",
				"volumes.kubernetes.io/controller-managed-attach-detach": "true"}},
		Spec: api.NodeSpec{PodCIDR: "10.244.1.0/24", PodCIDRs: []string{"10.244.1.0/24"}, Unschedulable: true,
			Taints: []api.Taint{{Key: "node.kubernetes.io/unschedulable", Effect: api.TaintEffectNoSchedule},
				{Key: "dedicated", Value: "web", Effect: api.TaintEffectNoSchedule}}},
		Status: api.NodeStatus{
			Capacity: api.ResourceList{"cpu": quantity("4"), "memory": quantity("8Gi"), "pods": quantity("110"),
				"ephemeral-storage": quantity("100Gi")},
			Allocatable: api.ResourceList{"cpu": quantity("4"), "memory": quantity("8Gi"), "pods": quantity("110"),
				"ephemeral-storage": quantity("100Gi")},
			Conditions: []api.NodeCondition{
				{Type: api.NodeMemoryPressure, Status: api.ConditionFalse, LastHeartbeatTime: ago(time.Minute),
					LastTransitionTime: ago(10 * 24 * time.Hour), Reason: "KubeletHasSufficientMemory", Message: "kubelet has sufficient memory available"},
				{Type: api.NodeReady, Status: api.ConditionTrue, LastHeartbeatTime: ago(time.Minute),
					LastTransitionTime: ago(10 * 24 * time.Hour), Reason: "KubeletReady", Message: "kubelet is posting ready status"},
			},
			Addresses: []api.NodeAddress{{Type: "InternalIP", Address: "172.18.0.3"}, {Type: "Hostname", Address: "kind-worker"}},
			NodeInfo: api.NodeSystemInfo{KubeletVersion: "v1.37.0", ContainerRuntimeVersion: "containerd://2.1.1",
				OSImage: "Debian GNU/Linux 12 (bookworm)", KernelVersion: "6.8.0-45-generic", OperatingSystem: "linux", Architecture: "amd64"},
		},
	}
	api.SetTypeMeta(n)
	web := nginxPod("web-6d4cf56db6-x7k2p")
	web.Spec.Containers[0].Resources = api.ResourceRequirements{
		Requests: api.ResourceList{"cpu": quantity("100m"), "memory": quantity("128Mi")},
		Limits:   api.ResourceList{"cpu": quantity("500m"), "memory": quantity("256Mi")},
	}
	dns := nginxPod("coredns-7db6d8ff4d-2x4fz")
	dns.Namespace = "kube-system"
	dns.CreationTimestamp = ago(10 * 24 * time.Hour)
	dns.Spec.Containers[0].Resources = api.ResourceRequirements{
		Requests: api.ResourceList{"cpu": quantity("100m"), "memory": quantity("70Mi")},
		Limits:   api.ResourceList{"memory": quantity("170Mi")},
	}
	done := nginxPod("job-abcde")
	done.Status.Phase = api.PodSucceeded
	elsewhere := nginxPod("web-6d4cf56db6-z9qvw")
	elsewhere.Spec.NodeName = "kind-worker2"
	holder := "kind-worker"
	renew := api.MicroTime{Time: ago(5 * time.Second)}
	lease := &api.Lease{ObjectMeta: api.ObjectMeta{Name: "kind-worker", Namespace: "kube-node-lease"},
		Spec: api.LeaseSpec{HolderIdentity: &holder, RenewTime: &renew}}
	return n, []*api.Pod{web, dns, done, elsewhere}, lease
}

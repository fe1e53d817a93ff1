package printers

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// now is the virtual clock of every test.
var now = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// ago is a timestamp d before now.
func ago(d time.Duration) api.Time { return api.NewTime(now.Add(-d)) }

func i32(v int32) *int32 { return &v }

func boolp(v bool) *bool { return &v }

func meta(name string, age time.Duration, labels map[string]string) api.ObjectMeta {
	return api.ObjectMeta{Name: name, Namespace: "default", CreationTimestamp: ago(age), Labels: labels}
}

// deployment is nginx-deployment from the Deployment concept page.
func deployment(name string, age time.Duration, desired, updated, ready, available int32) *api.Deployment {
	d := &api.Deployment{
		ObjectMeta: meta(name, age, map[string]string{"app": "nginx"}),
		Spec: api.DeploymentSpec{
			Replicas: i32(desired),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx"}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2",
					Ports: []api.ContainerPort{{ContainerPort: 80, Protocol: api.ProtocolTCP}}}}},
			},
		},
		Status: api.DeploymentStatus{Replicas: desired, UpdatedReplicas: updated, ReadyReplicas: ready,
			AvailableReplicas: available},
	}
	api.SetTypeMeta(d)
	return d
}

func replicaSet(name string, age time.Duration, desired, current, ready int32) *api.ReplicaSet {
	hash := name[len(name)-10:]
	rs := &api.ReplicaSet{
		ObjectMeta: meta(name, age, map[string]string{"app": "nginx", "pod-template-hash": hash}),
		Spec: api.ReplicaSetSpec{
			Replicas: i32(desired),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "nginx", "pod-template-hash": hash}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx", "pod-template-hash": hash}},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2"}}},
			},
		},
		Status: api.ReplicaSetStatus{Replicas: current, ReadyReplicas: ready, AvailableReplicas: ready},
	}
	api.SetTypeMeta(rs)
	return rs
}

// runningPod is a ready one-container pod on node kind-worker.
func runningPod(name string, age time.Duration, labels map[string]string) *api.Pod {
	p := &api.Pod{
		ObjectMeta: meta(name, age, labels),
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2"}}, NodeName: "kind-worker"},
		Status: api.PodStatus{
			Phase:      api.PodRunning,
			Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}},
			PodIP:      "10.244.1.5",
			PodIPs:     []api.PodIP{{IP: "10.244.1.5"}},
			ContainerStatuses: []api.ContainerStatus{{Name: "nginx", Ready: true,
				State: api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: ago(age)}}}},
		},
	}
	api.SetTypeMeta(p)
	return p
}

func service(name string, typ api.ServiceType, clusterIP string, ports []api.ServicePort, age time.Duration) *api.Service {
	s := &api.Service{
		ObjectMeta: meta(name, age, nil),
		Spec:       api.ServiceSpec{Type: typ, ClusterIP: clusterIP, Ports: ports},
	}
	if clusterIP != "" {
		s.Spec.ClusterIPs = []string{clusterIP}
	}
	api.SetTypeMeta(s)
	return s
}

func node(name string, ready api.ConditionStatus, age time.Duration, labels map[string]string) *api.Node {
	n := &api.Node{
		ObjectMeta: api.ObjectMeta{Name: name, CreationTimestamp: ago(age), Labels: labels},
		Status: api.NodeStatus{
			Conditions: []api.NodeCondition{{Type: api.NodeReady, Status: ready}},
			Addresses:  []api.NodeAddress{{Type: "InternalIP", Address: "172.18.0.2"}, {Type: "Hostname", Address: name}},
			NodeInfo: api.NodeSystemInfo{KubeletVersion: "v1.37.0", OSImage: "Debian GNU/Linux 12 (bookworm)",
				KernelVersion: "6.8.0-45-generic", ContainerRuntimeVersion: "containerd://2.1.1"},
		},
	}
	api.SetTypeMeta(n)
	return n
}

func objs[T api.Object](items ...T) []api.Object {
	out := make([]api.Object, len(items))
	for i, it := range items {
		out[i] = it
	}
	return out
}

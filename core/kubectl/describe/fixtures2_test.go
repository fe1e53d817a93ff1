package describe

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// nginxPod is a running pod of nginx-deployment-86dcfdf4c6.
func nginxPod(name string) *api.Pod {
	started := ago(25 * time.Second)
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", UID: name + "-uid", CreationTimestamp: ago(31 * time.Second),
			Labels:          map[string]string{"app": "nginx", "pod-template-hash": "86dcfdf4c6"},
			OwnerReferences: controller("ReplicaSet", "nginx-deployment-86dcfdf4c6", "nginx-deployment-86dcfdf4c6-uid")},
		Spec: api.PodSpec{
			Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2",
				Ports: []api.ContainerPort{{ContainerPort: 80, Protocol: api.ProtocolTCP}},
				VolumeMounts: []api.VolumeMount{{Name: "kube-api-access-5lp2h", ReadOnly: true,
					MountPath: "/var/run/secrets/kubernetes.io/serviceaccount"}}}},
			Volumes:  []api.Volume{apiAccessVolume("kube-api-access-5lp2h")},
			NodeName: "kind-worker", ServiceAccountName: "default", Priority: i32(0),
			Tolerations: []api.Toleration{
				{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: i64(300)},
				{Key: "node.kubernetes.io/unreachable", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: i64(300)},
			},
		},
		Status: api.PodStatus{
			Phase: api.PodRunning, HostIP: "172.18.0.3", PodIP: "10.244.1.5", PodIPs: []api.PodIP{{IP: "10.244.1.5"}},
			StartTime: &started, QOSClass: "BestEffort",
			Conditions: []api.PodCondition{
				{Type: "PodReadyToStartContainers", Status: api.ConditionTrue},
				{Type: api.PodInitialized, Status: api.ConditionTrue},
				{Type: api.PodReady, Status: api.ConditionTrue},
				{Type: api.ContainersReady, Status: api.ConditionTrue},
				{Type: api.PodScheduled, Status: api.ConditionTrue},
			},
			ContainerStatuses: []api.ContainerStatus{{Name: "nginx", Ready: true, Image: "docker.io/library/nginx:1.14.2",
				ImageID:     "docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d",
				ContainerID: "containerd://4e8c6e2b1b3a", State: api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: ago(20 * time.Second)}}}},
		},
	}
	api.SetTypeMeta(p)
	return p
}

func i64(v int64) *int64 { return &v }

// apiAccessVolume is the volume the ServiceAccount admission plugin adds to
// every pod.
func apiAccessVolume(name string) api.Volume {
	mode := int32(420)
	return api.Volume{Name: name, VolumeSource: api.VolumeSource{Projected: &api.ProjectedVolumeSource{
		DefaultMode: &mode,
		Sources: []api.VolumeProjection{
			{ServiceAccountToken: &api.ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: i64(3607)}},
			{ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "kube-root-ca.crt"},
				Items: []api.KeyToPath{{Key: "ca.crt", Path: "ca.crt"}}}},
			{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{Path: "namespace",
				FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"}}}}},
		},
	}}}
}

func podEvent(pod, uid, reason, msg, typ, component, host, fieldPath string, first, last time.Duration, count int32) *api.Event {
	e := &api.Event{
		ObjectMeta:     api.ObjectMeta{Name: pod + "." + reason, Namespace: "default"},
		InvolvedObject: api.ObjectReference{Kind: "Pod", Namespace: "default", Name: pod, UID: uid, APIVersion: "v1", FieldPath: fieldPath},
		Reason:         reason, Message: msg, Type: typ,
		Source:         api.EventSource{Component: component, Host: host},
		FirstTimestamp: ago(first), LastTimestamp: ago(last), Count: count,
	}
	api.SetTypeMeta(e)
	return e
}

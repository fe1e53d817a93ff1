package manifest

import (
	"reflect"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// realisticObjects returns one object of every served kind, as the API
// server stores them: type meta, metadata, spec and status filled in.
func realisticObjects() []api.Object {
	at := func(sec int) api.Time { return api.NewTime(time.Date(2026, 1, 1, 0, 0, sec, 0, time.UTC)) }
	meta := func(name string) api.ObjectMeta {
		return api.ObjectMeta{Name: name, Namespace: "default", UID: "uid-" + name, ResourceVersion: "7",
			Generation: 2, CreationTimestamp: at(0), Labels: map[string]string{"app": "web", "version": "1.10"},
			Annotations: map[string]string{"note": "multi\nline\n", "enabled": "true"}}
	}
	q := resource.MustParse
	podSpec := api.PodSpec{
		InitContainers: []api.Container{{Name: "init", Image: "busybox", Command: []string{"sh", "-c", "true"}}},
		Containers: []api.Container{{
			Name: "web", Image: "nginx:1.25", Args: []string{"--port", "8080", "*"}, WorkingDir: "/srv",
			Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: api.ProtocolTCP}},
			Env: []api.EnvVar{{Name: "A", Value: "yes"}, {Name: "NODE", ValueFrom: &api.EnvVarSource{
				FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "spec.nodeName"}}}},
			Resources: api.ResourceRequirements{
				Limits:   api.ResourceList{api.ResourceCPU: q("1"), api.ResourceMemory: q("256Mi")},
				Requests: api.ResourceList{api.ResourceCPU: q("100m"), api.ResourceMemory: q("64Mi")},
			},
			LivenessProbe: &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/healthz",
				Port: api.FromString("http"), Scheme: api.URISchemeHTTP, HTTPHeaders: []api.HTTPHeader{{Name: "X", Value: "1"}}}},
				InitialDelaySeconds: 3, TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3,
				TerminationGracePeriodSeconds: ptr(int64(5))},
			ReadinessProbe: &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(8080)}}},
			StartupProbe:   &api.Probe{ProbeHandler: api.ProbeHandler{GRPC: &api.GRPCAction{Port: 9090, Service: ptr("health")}}},
			Lifecycle: &api.Lifecycle{PostStart: &api.LifecycleHandler{Exec: &api.ExecAction{Command: []string{"true"}}},
				PreStop: &api.LifecycleHandler{Sleep: &api.SleepAction{Seconds: 3}}},
			TerminationMessagePath: "/dev/termination-log", TerminationMessagePolicy: api.TerminationMessageReadFile,
			ImagePullPolicy: api.PullIfNotPresent,
		}},
		RestartPolicy: api.RestartPolicyAlways, TerminationGracePeriodSeconds: ptr(int64(30)),
		ActiveDeadlineSeconds: ptr(int64(600)), DNSPolicy: api.DNSClusterFirst,
		NodeSelector: map[string]string{"disk": "ssd"}, ServiceAccountName: "default", NodeName: "node-1",
		Hostname: "web-0", Subdomain: "web", SchedulerName: "default-scheduler",
		Tolerations: []api.Toleration{{Key: "k", Operator: "Equal", Value: "v", Effect: api.TaintEffectNoSchedule}},
		Priority:    ptr(int32(0)), RuntimeClassName: ptr("gvisor"), EnableServiceLinks: ptr(true),
		SecurityContext: &api.PodSecurityContext{RunAsUser: ptr(int64(1000)), RunAsGroup: ptr(int64(3000)),
			RunAsNonRoot: ptr(true), FSGroup: ptr(int64(2000))},
	}
	template := api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}}, Spec: podSpec}
	selector := &api.LabelSelector{MatchLabels: map[string]string{"app": "web"},
		MatchExpressions: []api.LabelSelectorRequirement{{Key: "tier", Operator: api.LabelSelectorOpNotIn, Values: []string{"db"}}}}

	objs := []api.Object{
		&api.Deployment{ObjectMeta: meta("web"), Spec: api.DeploymentSpec{
			Replicas: ptr(int32(3)), Selector: selector, Template: template, MinReadySeconds: 5,
			Strategy: api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType, RollingUpdate: &api.RollingUpdateDeployment{
				MaxUnavailable: ptr(api.FromString("25%")), MaxSurge: ptr(api.FromInt(1))}},
			RevisionHistoryLimit: ptr(int32(10)), Paused: true, ProgressDeadlineSeconds: ptr(int32(600)),
		}, Status: api.DeploymentStatus{ObservedGeneration: 2, Replicas: 3, UpdatedReplicas: 1, ReadyReplicas: 2,
			AvailableReplicas: 2, UnavailableReplicas: 1, TerminatingReplicas: ptr(int32(0)), CollisionCount: ptr(int32(1)),
			Conditions: []api.DeploymentCondition{{Type: api.DeploymentProgressing, Status: api.ConditionTrue,
				LastUpdateTime: at(3), LastTransitionTime: at(1), Reason: "ReplicaSetUpdated",
				Message: `ReplicaSet "web-5d9c" is progressing.`}}}},
		&api.ReplicaSet{ObjectMeta: func() api.ObjectMeta {
			m := meta("web-5d9c")
			m.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: "web",
				UID: "uid-web", Controller: ptr(true), BlockOwnerDeletion: ptr(true)}}
			m.Finalizers = []string{"example.com/keep"}
			m.DeletionTimestamp = api.NewTimePtr(time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
			m.DeletionGracePeriodSeconds = ptr(int64(0))
			return m
		}(), Spec: api.ReplicaSetSpec{Replicas: ptr(int32(0)), MinReadySeconds: 1, Selector: selector, Template: template},
			Status: api.ReplicaSetStatus{Replicas: 0, ObservedGeneration: 3, Conditions: []api.ReplicaSetCondition{
				{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionFalse, LastTransitionTime: at(9), Reason: "r", Message: "m"}}}},
		&api.Pod{ObjectMeta: meta("web-5d9c-x"), Spec: podSpec, Status: api.PodStatus{
			Phase: api.PodRunning, Message: "m", Reason: "r", HostIP: "172.18.0.2", HostIPs: []api.HostIP{{IP: "172.18.0.2"}},
			PodIP: "10.244.1.7", PodIPs: []api.PodIP{{IP: "10.244.1.7"}}, StartTime: api.NewTimePtr(time.Date(2026, 1, 1, 0, 0, 4, 0, time.UTC)),
			QOSClass: "Burstable",
			Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionFalse, LastProbeTime: at(5),
				LastTransitionTime: at(6), Reason: "ContainersNotReady", Message: "containers with unready status: [web]"}},
			InitContainerStatuses: []api.ContainerStatus{{Name: "init", Image: "busybox", ImageID: "sha256:1",
				State: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: 0, Reason: "Completed",
					StartedAt: at(1), FinishedAt: at(2), ContainerID: "containerd://a"}}}},
			ContainerStatuses: []api.ContainerStatus{{Name: "web", Ready: false, RestartCount: 2, Image: "nginx:1.25",
				ImageID: "sha256:2", ContainerID: "containerd://b", Started: ptr(false),
				State:                api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: "CrashLoopBackOff", Message: "back-off 20s"}},
				LastTerminationState: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: 137, Signal: 9, Reason: "Error"}}}},
		}},
		&api.Service{ObjectMeta: meta("web"), Spec: api.ServiceSpec{
			Ports: []api.ServicePort{{Name: "http", Protocol: api.ProtocolTCP, AppProtocol: ptr("http"), Port: 80,
				TargetPort: api.FromString("http"), NodePort: 30080}},
			Selector: map[string]string{"app": "web"}, ClusterIP: "10.96.0.10", ClusterIPs: []string{"10.96.0.10"},
			Type: api.ServiceTypeLoadBalancer, ExternalIPs: []string{"1.2.3.4"}, SessionAffinity: api.ServiceAffinityNone,
			ExternalTrafficPolicy: api.ServiceExternalTrafficPolicyCluster, PublishNotReadyAddresses: true,
			IPFamilies: []api.IPFamily{api.IPv4Protocol}, IPFamilyPolicy: ptr(api.IPFamilyPolicySingleStack),
			InternalTrafficPolicy: ptr(api.ServiceInternalTrafficPolicyCluster), AllocateLoadBalancerNodePorts: ptr(true),
		}, Status: api.ServiceStatus{LoadBalancer: api.LoadBalancerStatus{Ingress: []api.LoadBalancerIngress{{IP: "5.6.7.8", Hostname: "lb"}}}}},
		&api.EndpointSlice{ObjectMeta: meta("web-abc"), AddressType: api.AddressTypeIPv4,
			Endpoints: []api.Endpoint{{Addresses: []string{"10.244.1.7"}, Conditions: api.EndpointConditions{
				Ready: ptr(false), Serving: ptr(true), Terminating: ptr(false)}, Hostname: ptr("web-0"),
				TargetRef: &api.ObjectReference{Kind: "Pod", Namespace: "default", Name: "web-5d9c-x", UID: "u"},
				NodeName:  ptr("node-1"), Zone: ptr("z1")}},
			Ports: []api.EndpointPort{{Name: ptr("http"), Protocol: ptr(api.ProtocolTCP), Port: ptr(int32(8080)), AppProtocol: ptr("http")}}},
		&api.Endpoints{ObjectMeta: meta("web"), Subsets: []api.EndpointSubset{{
			Addresses: []api.EndpointAddress{{IP: "10.244.1.7", Hostname: "web-0", NodeName: ptr("node-1"),
				TargetRef: &api.ObjectReference{Kind: "Pod", Namespace: "default", Name: "web-5d9c-x", UID: "u"}}},
			NotReadyAddresses: []api.EndpointAddress{{IP: "10.244.2.3"}},
			Ports:             []api.CoreEndpointPort{{Name: "http", Port: 8080, Protocol: api.ProtocolTCP, AppProtocol: ptr("http")}}}}},
		&api.Node{ObjectMeta: meta("node-1"), Spec: api.NodeSpec{PodCIDR: "10.244.1.0/24", PodCIDRs: []string{"10.244.1.0/24"},
			Unschedulable: true, Taints: []api.Taint{{Key: "node.kubernetes.io/unschedulable", Effect: api.TaintEffectNoSchedule,
				TimeAdded: api.NewTimePtr(time.Date(2026, 1, 1, 1, 0, 0, 0, time.UTC))}}},
			Status: api.NodeStatus{Capacity: api.ResourceList{api.ResourceCPU: q("4"), api.ResourcePods: q("110")},
				Allocatable: api.ResourceList{api.ResourceCPU: q("3800m"), api.ResourceMemory: q("7Gi")},
				Conditions: []api.NodeCondition{{Type: api.NodeReady, Status: api.ConditionTrue, LastHeartbeatTime: at(40),
					LastTransitionTime: at(0), Reason: "KubeletReady", Message: "kubelet is posting ready status"}},
				Addresses: []api.NodeAddress{{Type: "InternalIP", Address: "172.18.0.2"}},
				NodeInfo: api.NodeSystemInfo{KubeletVersion: "v1.37.0", ContainerRuntimeVersion: "containerd://2.0", OSImage: "Debian",
					KernelVersion: "6.1", OperatingSystem: "linux", Architecture: "amd64"},
				Images: []api.ContainerImage{{Names: []string{"nginx:1.25"}, SizeBytes: 67000000}}}},
		&api.Namespace{ObjectMeta: meta("team"), Spec: api.NamespaceSpec{Finalizers: []string{"kubernetes"}},
			Status: api.NamespaceStatus{Phase: api.NamespaceTerminating}},
		&api.Event{ObjectMeta: meta("web.1"), InvolvedObject: api.ObjectReference{Kind: "Deployment", Namespace: "default",
			Name: "web", UID: "uid-web", APIVersion: "apps/v1", ResourceVersion: "7", FieldPath: "spec"},
			Reason: "ScalingReplicaSet", Message: "Scaled up replica set web-5d9c from 0 to 3",
			Source: api.EventSource{Component: "deployment-controller", Host: "cp"}, FirstTimestamp: at(1), LastTimestamp: at(2),
			Count: 2, Type: api.EventTypeNormal, ReportingComponent: "deployment-controller", ReportingInstance: "cp"},
		&api.ResourceQuota{ObjectMeta: meta("quota"), Spec: api.ResourceQuotaSpec{Hard: api.ResourceList{"pods": q("10"), "requests.cpu": q("2")}},
			Status: api.ResourceQuotaStatus{Hard: api.ResourceList{"pods": q("10")}, Used: api.ResourceList{"pods": q("3")}}},
		&api.Lease{ObjectMeta: meta("node-1"), Spec: api.LeaseSpec{HolderIdentity: ptr("node-1"), LeaseDurationSeconds: ptr(int32(40)),
			AcquireTime: &api.MicroTime{Time: at(0)}, RenewTime: &api.MicroTime{Time: at(30)}, LeaseTransitions: ptr(int32(1))}},
		&api.RuntimeClass{ObjectMeta: meta("gvisor"), Handler: "runsc"},
		&api.ConfigMap{ObjectMeta: meta("app-config"), Immutable: ptr(false),
			Data: map[string]string{"MODE": "prod", "app.yaml": "port: 8080\nlog: debug\n"}, BinaryData: map[string][]byte{"logo.png": {0x89, 'P', 'N', 'G', 0, 0xff}}},
		&api.Secret{ObjectMeta: meta("db"), Type: api.SecretTypeOpaque, Data: map[string][]byte{"password": []byte("s3cr3t!"), "empty": {}}},
		&api.ServiceAccount{ObjectMeta: meta("builder"), Secrets: []api.ObjectReference{{Name: "builder-token"}},
			ImagePullSecrets: []api.LocalObjectReference{{Name: "registry"}}, AutomountServiceAccountToken: ptr(false)},
	}
	objs = append(objs, realisticKindsObjects()...) // roundtrip_kinds_test.go
	for _, o := range objs {
		api.SetTypeMeta(o)
	}
	return objs
}

// TestRoundTripEveryKind: decode(encode(obj)) is obj, in YAML and JSON,
// one by one and as a List.
func TestRoundTripEveryKind(t *testing.T) {
	objs := realisticObjects()
	if len(objs) != len(api.Kinds()) {
		t.Fatalf("%d objects for %d kinds", len(objs), len(api.Kinds()))
	}
	for _, obj := range objs {
		t.Run(obj.GetTypeMeta().Kind, func(t *testing.T) {
			for format, encode := range map[string]func(api.Object) ([]byte, error){"yaml": EncodeYAML, "json": EncodeJSON} {
				text, err := encode(obj)
				if err != nil {
					t.Fatal(err)
				}
				back, err := Decode(text)
				if err != nil {
					t.Fatalf("%s: %v\n%s", format, err, text)
				}
				if len(back) != 1 || !reflect.DeepEqual(back[0], obj) {
					t.Errorf("%s round trip differs:\n%s\ngot  %#v\nwant %#v", format, text, back, obj)
				}
			}
		})
	}
	for format, encode := range map[string]func([]api.Object) ([]byte, error){"yaml": EncodeYAMLList, "json": EncodeJSONList} {
		text, err := encode(objs)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(text)
		if err != nil {
			t.Fatalf("%s list: %v", format, err)
		}
		if !reflect.DeepEqual(back, objs) {
			t.Errorf("%s list round trip differs", format)
		}
	}
}

// TestRoundTripTestdata: every manifest in testdata survives
// decode, encode, decode.
func TestRoundTripTestdata(t *testing.T) {
	for _, name := range []string{"deployment.yaml", "replicaset.yaml", "pod.yaml", "service.yaml", "cluster.yaml"} {
		objs := mustDecode(t, string(readTestdata(t, name)))
		for _, obj := range objs {
			y, err := EncodeYAML(obj)
			if err != nil {
				t.Fatal(err)
			}
			back := mustDecode(t, string(y))
			if !reflect.DeepEqual(back[0], obj) {
				t.Errorf("%s: %s differs after a round trip:\n%s", name, obj.GetTypeMeta().Kind, y)
			}
		}
	}
}

package describe

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// section renders some prefix-writer output through describe's tabwriter.
func section(t *testing.T, f func(pw *prefixWriter)) string {
	t.Helper()
	var b strings.Builder
	if err := tabbedString(&b, func(pw *prefixWriter) error { f(pw); return nil }); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// printAnnotationsMultiline: sorted, last-applied-configuration hidden,
// long or multi-line values folded under their key and cut at 138 bytes.
func TestAnnotations(t *testing.T) {
	long := strings.Repeat("x", 150)
	got := section(t, func(pw *prefixWriter) {
		printAnnotationsMultiline(pw, "Annotations", map[string]string{
			"b":                     "two\nlines\n",
			"a":                     "short",
			"c":                     long,
			lastAppliedAnnotation:   "{}",
			"kubernetes.io/example": "value",
		})
		printAnnotationsMultiline(pw, "Empty", map[string]string{lastAppliedAnnotation: "{}"})
	})
	check(t, "annotations", got,
		"Annotations:  a: short\n"+
			"              b:\n"+
			"                two\n"+
			"                lines\n"+
			"              c:\n"+
			"                "+strings.Repeat("x", 138)+"...\n"+
			"              kubernetes.io/example: value\n"+
			"Empty:        <none>\n")
}

func TestLabelsTaintsTolerations(t *testing.T) {
	got := section(t, func(pw *prefixWriter) {
		printLabelsMultiline(pw, "Labels", map[string]string{"tier": "web", "app": "nginx"})
		printLabelsMultiline(pw, "Node-Selectors", nil)
		printTaintsMultiline(pw, "Taints", []api.Taint{
			{Key: "z", Effect: api.TaintEffectNoSchedule},
			{Key: "gpu", Value: "true", Effect: api.TaintEffectNoExecute},
			{Key: "a", Value: "1", Effect: api.TaintEffectNoSchedule},
		})
		printTolerationsMultiline(pw, "Tolerations", []api.Toleration{
			{Operator: "Exists"},
			{Key: "node.kubernetes.io/unreachable", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: i64(300)},
			{Key: "dedicated", Operator: "Equal", Value: "web", Effect: api.TaintEffectNoSchedule},
			{Key: "gpu", Operator: "Exists"},
		})
	})
	check(t, "multiline", got,
		"Labels:          app=nginx\n"+
			"                 tier=web\n"+
			"Node-Selectors:  <none>\n"+
			"Taints:          gpu=true:NoExecute\n"+
			"                 a=1:NoSchedule\n"+
			"                 z:NoSchedule\n"+
			"Tolerations:     op=Exists\n"+
			"                 dedicated=web:NoSchedule\n"+
			"                 gpu op=Exists\n"+
			"                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n")
}

func TestDescribeProbe(t *testing.T) {
	svc := "health"
	tests := []struct {
		probe api.Probe
		want  string
	}{
		{api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/healthz", Port: api.FromInt(8080), Scheme: "HTTP"}},
			TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
			"http-get http://:8080/healthz delay=0s timeout=1s period=10s successThreshold=1 failureThreshold=3"},
		{api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromString("http"), Host: "::1", Scheme: "HTTPS"}},
			InitialDelaySeconds: 5, TimeoutSeconds: 2, PeriodSeconds: 3, SuccessThreshold: 1, FailureThreshold: 1},
			"http-get https://[::1]:http/ delay=5s timeout=2s period=3s successThreshold=1 failureThreshold=1"},
		{api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"cat", "/tmp/healthy"}}},
			InitialDelaySeconds: 5, TimeoutSeconds: 1, PeriodSeconds: 5, SuccessThreshold: 1, FailureThreshold: 3},
			"exec [cat /tmp/healthy] delay=5s timeout=1s period=5s successThreshold=1 failureThreshold=3"},
		{api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(6379)}},
			TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3},
			"tcp-socket :6379 delay=0s timeout=1s period=10s successThreshold=1 failureThreshold=3"},
		{api.Probe{ProbeHandler: api.ProbeHandler{GRPC: &api.GRPCAction{Port: 9000, Service: &svc}}},
			"grpc <pod>:9000 health delay=0s timeout=0s period=0s successThreshold=0 failureThreshold=0"},
		{api.Probe{}, "unknown delay=0s timeout=0s period=0s successThreshold=0 failureThreshold=0"},
	}
	for _, tt := range tests {
		if got := DescribeProbe(&tt.probe); got != tt.want {
			t.Errorf("DescribeProbe = %q, want %q", got, tt.want)
		}
	}
}

func TestPodQOS(t *testing.T) {
	withResources := func(req, lim api.ResourceList) *api.Pod {
		return &api.Pod{Spec: api.PodSpec{Containers: []api.Container{{Resources: api.ResourceRequirements{Requests: req, Limits: lim}}}}}
	}
	both := api.ResourceList{"cpu": quantity("500m"), "memory": quantity("128Mi")}
	tests := []struct {
		pod  *api.Pod
		want string
	}{
		{withResources(nil, nil), "BestEffort"},
		{withResources(both, both), "Guaranteed"},
		{withResources(api.ResourceList{"cpu": quantity("100m")}, both), "Burstable"},
		{withResources(nil, api.ResourceList{"cpu": quantity("1")}), "Burstable"},
		{&api.Pod{Status: api.PodStatus{QOSClass: "Guaranteed"}}, "Guaranteed"},
	}
	for i, tt := range tests {
		if got := podQOS(tt.pod); got != tt.want {
			t.Errorf("%d: podQOS = %q, want %q", i, got, tt.want)
		}
	}
}

// A pod being deleted, with an init container, environment variables,
// command, resources, probes and a restarted container.
func TestDescribePodDetails(t *testing.T) {
	p := nginxPod("web-1")
	p.UID = "uid-1"
	deletion := api.NewTime(now.Add(30 * time.Second))
	p.DeletionTimestamp = &deletion
	p.DeletionGracePeriodSeconds = i64(30)
	p.Spec.Priority = nil
	p.Spec.ServiceAccountName = ""
	p.Spec.Volumes = nil
	p.Spec.Containers[0].VolumeMounts = nil
	p.Spec.Tolerations = nil
	p.Status.Conditions = nil
	p.Status.QOSClass = ""
	p.Status.PodIPs = nil
	p.OwnerReferences = nil
	p.Labels = nil
	p.Spec.InitContainers = []api.Container{{Name: "init", Image: "busybox", Command: []string{"sh", "-c", "echo hi\necho there"}}}
	p.Status.InitContainerStatuses = []api.ContainerStatus{{Name: "init", Image: "busybox", ImageID: "busybox@sha256:1",
		ContainerID: "containerd://1", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{
			Reason: "Completed", ExitCode: 0, StartedAt: ago(40 * time.Second), FinishedAt: ago(39 * time.Second)}}}}
	c := &p.Spec.Containers[0]
	c.Args = []string{"--port=80"}
	c.Ports = append(c.Ports, api.ContainerPort{Name: "metrics", ContainerPort: 9113, Protocol: api.ProtocolTCP})
	c.Resources = api.ResourceRequirements{Requests: api.ResourceList{"memory": quantity("64Mi"), "cpu": quantity("250m")}}
	c.ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt(80), Scheme: "HTTP"}},
		TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3}
	c.Env = []api.EnvVar{
		{Name: "GREETING", Value: "hello\nworld"},
		{Name: "POD_NAME", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}}},
		{Name: "POD_IP", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "status.podIP"}}},
	}
	p.Status.ContainerStatuses[0].RestartCount = 2
	p.Status.ContainerStatuses[0].Ready = false
	p.Status.ContainerStatuses[0].State = api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: "CrashLoopBackOff"}}
	p.Status.ContainerStatuses[0].LastTerminationState = api.ContainerState{Terminated: &api.ContainerStateTerminated{
		Reason: "Error", ExitCode: 137, Signal: 9, StartedAt: ago(20 * time.Second), FinishedAt: ago(10 * time.Second)}}

	got := render(t, func(w *strings.Builder) error { return Pod(w, p, []*api.Event{}, now) })
	check(t, "terminating pod", got,
		"Name:                      web-1\n"+
			"Namespace:                 default\n"+
			"Node:                      kind-worker/172.18.0.3\n"+
			"Start Time:                Thu, 01 Jan 2026 11:59:35 +0000\n"+
			"Labels:                    <none>\n"+
			"Annotations:               <none>\n"+
			"Status:                    Terminating (lasts <invalid>)\n"+
			"Termination Grace Period:  30s\n"+
			"IP:                        10.244.1.5\n"+
			"IPs:                       <none>\n"+
			"Init Containers:\n"+
			"  init:\n"+
			"    Container ID:  containerd://1\n"+
			"    Image:         busybox\n"+
			"    Image ID:      busybox@sha256:1\n"+
			"    Port:          <none>\n"+
			"    Host Port:     <none>\n"+
			"    Command:\n"+
			"      sh\n"+
			"      -c\n"+
			"      echo hi\n"+
			"      echo there\n"+
			"    State:          Terminated\n"+
			"      Reason:       Completed\n"+
			"      Exit Code:    0\n"+
			"      Started:      Thu, 01 Jan 2026 11:59:20 +0000\n"+
			"      Finished:     Thu, 01 Jan 2026 11:59:21 +0000\n"+
			"    Ready:          False\n"+
			"    Restart Count:  0\n"+
			"    Environment:    <none>\n"+
			"    Mounts:         <none>\n"+
			"Containers:\n"+
			"  nginx:\n"+
			"    Container ID:  containerd://4e8c6e2b1b3a\n"+
			"    Image:         nginx:1.14.2\n"+
			"    Image ID:      docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d\n"+
			"    Ports:         80/TCP, 9113/TCP (metrics)\n"+
			"    Host Ports:    0/TCP, 0/TCP (metrics)\n"+
			"    Args:\n"+
			"      --port=80\n"+
			"    State:          Waiting\n"+
			"      Reason:       CrashLoopBackOff\n"+
			"    Last State:     Terminated\n"+
			"      Reason:       Error\n"+
			"      Exit Code:    137\n"+
			"      Signal:       9\n"+
			"      Started:      Thu, 01 Jan 2026 11:59:40 +0000\n"+
			"      Finished:     Thu, 01 Jan 2026 11:59:50 +0000\n"+
			"    Ready:          False\n"+
			"    Restart Count:  2\n"+
			"    Requests:\n"+
			"      cpu:      250m\n"+
			"      memory:   64Mi\n"+
			"    Readiness:  http-get http://:80/ delay=0s timeout=1s period=10s successThreshold=1 failureThreshold=3\n"+
			"    Environment:\n"+
			"      GREETING:  hello\n"+
			"                 world\n"+
			"      POD_NAME:  web-1 (v1:metadata.name)\n"+
			"      POD_IP:     (v1:status.podIP)\n"+
			"    Mounts:      <none>\n"+
			"Volumes:         <none>\n"+
			"QoS Class:       Burstable\n"+
			"Node-Selectors:  <none>\n"+
			"Tolerations:     <none>\n"+
			"Events:          <none>\n")
}

// Services without endpoints, with a load balancer, of type ExternalName.
func TestDescribeServiceShapes(t *testing.T) {
	lb := &api.Service{
		ObjectMeta: api.ObjectMeta{Name: "lb", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeLoadBalancer, ClusterIP: "10.96.1.1", ClusterIPs: []string{"10.96.1.1"},
			Ports:           []api.ServicePort{{Port: 443, TargetPort: api.FromInt(8443), NodePort: 31443, Protocol: api.ProtocolTCP}},
			ExternalIPs:     []string{"198.51.100.1"},
			SessionAffinity: api.ServiceAffinityNone},
		Status: api.ServiceStatus{LoadBalancer: api.LoadBalancerStatus{Ingress: []api.LoadBalancerIngress{
			{IP: "203.0.113.10"}, {Hostname: "lb.example.com"}}}},
	}
	api.SetTypeMeta(lb)
	check(t, "load balancer", render(t, func(w *strings.Builder) error { return Service(w, lb, nil, nil, now) }),
		"Name:                  lb\n"+
			"Namespace:             default\n"+
			"Labels:                <none>\n"+
			"Annotations:           <none>\n"+
			"Selector:              <none>\n"+
			"Type:                  LoadBalancer\n"+
			"IP Families:           <none>\n"+
			"IP:                    10.96.1.1\n"+
			"IPs:                   10.96.1.1\n"+
			"External IPs:          198.51.100.1\n"+
			"LoadBalancer Ingress:  203.0.113.10, lb.example.com\n"+
			"Port:                  <unset>  443/TCP\n"+
			"TargetPort:            8443/TCP\n"+
			"NodePort:              <unset>  31443/TCP\n"+
			"Endpoints:             <none>\n"+
			"Session Affinity:      None\n"+
			"Events:                <none>\n")
	ext := &api.Service{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeExternalName, ExternalName: "db.example.com", SessionAffinity: api.ServiceAffinityNone}}
	api.SetTypeMeta(ext)
	check(t, "external name", render(t, func(w *strings.Builder) error { return Service(w, ext, nil, nil, now) }),
		"Name:              db\n"+
			"Namespace:         default\n"+
			"Labels:            <none>\n"+
			"Annotations:       <none>\n"+
			"Selector:          <none>\n"+
			"Type:              ExternalName\n"+
			"IP Families:       <none>\n"+
			"IP:                \n"+
			"IPs:               <none>\n"+
			"External Name:     db.example.com\n"+
			"Session Affinity:  None\n"+
			"Events:            <none>\n")
}

// Endpoints of a port: ready ones only, three at most, and an empty cell
// when none is ready (formatEndpointSlices).
func TestEndpointsOf(t *testing.T) {
	_, slices := webService()
	if got := endpointsOf(slices[:1], "http"); got != "10.244.1.5:8080,10.244.2.7:8080,10.244.2.8:8080 + 1 more..." {
		t.Errorf("http endpoints = %q", got)
	}
	if got := endpointsOf(slices[:1], "nope"); got != "" {
		t.Errorf("unknown port = %q", got)
	}
	notReady := false
	headless := &api.EndpointSlice{Endpoints: []api.Endpoint{{Addresses: []string{"10.244.3.3"}},
		{Addresses: []string{"10.244.3.4"}, Conditions: api.EndpointConditions{Ready: &notReady}}}}
	if got := endpointsOf([]*api.EndpointSlice{headless}, ""); got != "10.244.3.3" {
		t.Errorf("headless = %q", got)
	}
	if got := endpointsOf(nil, "http"); got != "<none>" {
		t.Errorf("no slices = %q", got)
	}
}

func TestDescribeNodeWithoutLease(t *testing.T) {
	n := &api.Node{ObjectMeta: api.ObjectMeta{Name: "n1", CreationTimestamp: ago(time.Hour),
		Labels: map[string]string{"node-role.kubernetes.io/control-plane": ""}}}
	api.SetTypeMeta(n)
	check(t, "bare node", render(t, func(w *strings.Builder) error { return Node(w, n, nil, nil, nil, now) }),
		"Name:               n1\n"+
			"Roles:              control-plane\n"+
			"Labels:             node-role.kubernetes.io/control-plane=\n"+
			"Annotations:        <none>\n"+
			"CreationTimestamp:  Thu, 01 Jan 2026 11:00:00 +0000\n"+
			"Taints:             <none>\n"+
			"Unschedulable:      false\n"+
			"Lease:              Failed to get lease: leases.coordination.k8s.io \"n1\" not found\n"+
			"Addresses:\n"+
			"System Info:\n"+
			"  Machine ID:                 \n"+
			"  System UUID:                \n"+
			"  Boot ID:                    \n"+
			"  Kernel Version:             \n"+
			"  OS Image:                   \n"+
			"  Operating System:           \n"+
			"  Architecture:               \n"+
			"  Container Runtime Version:  \n"+
			"  Kubelet Version:            \n"+
			"Non-terminated Pods:          (0 in total)\n"+
			"  Namespace                   Name    CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age\n"+
			"  ---------                   ----    ------------  ----------  ---------------  -------------  ---\n"+
			"Allocated resources:\n"+
			"  (Total limits may be over 100 percent, i.e., overcommitted.)\n"+
			"  Resource           Requests  Limits\n"+
			"  --------           --------  ------\n"+
			"  cpu                0 (0%)    0 (0%)\n"+
			"  memory             0 (0%)    0 (0%)\n"+
			"  ephemeral-storage  0 (0%)    0 (0%)\n"+
			"Events:              <none>\n")
}

// EventsFor finds what kubectl's event search finds.
func TestEventsFor(t *testing.T) {
	pod := nginxPod("web-1")
	pod.UID = "pod-uid"
	mine := podEvent("web-1", "pod-uid", "Started", "x", "Normal", "kubelet", "n1", "", time.Second, time.Second, 1)
	mine.InvolvedObject.Kind = ""
	oldPod := podEvent("web-1", "old-uid", "Started", "x", "Normal", "kubelet", "n1", "", time.Second, time.Second, 1)
	otherNS := podEvent("web-1", "pod-uid", "Started", "x", "Normal", "kubelet", "n1", "", time.Second, time.Second, 1)
	otherNS.InvolvedObject.Namespace = "prod"
	if got := EventsFor([]*api.Event{mine, oldPod, otherNS}, pod); len(got) != 1 || got[0] != mine {
		t.Errorf("pod events = %v", got)
	}

	n := &api.Node{ObjectMeta: api.ObjectMeta{Name: "n1", UID: "node-uid"}}
	api.SetTypeMeta(n)
	byUID := &api.Event{InvolvedObject: api.ObjectReference{Kind: "Node", Name: "n1", UID: "node-uid"}}
	byName := &api.Event{InvolvedObject: api.ObjectReference{Kind: "Node", Name: "n1", UID: "n1"}}
	wrongKind := &api.Event{InvolvedObject: api.ObjectReference{Kind: "Pod", Name: "n1", UID: "node-uid"}}
	if got := EventsFor([]*api.Event{byUID, byName, wrongKind}, n); len(got) != 2 {
		t.Errorf("node events = %v", got)
	}
}

// Events on their own, oldest last occurrence first, with repeats and
// field paths.
func TestEventsSection(t *testing.T) {
	var b strings.Builder
	evs := []*api.Event{
		podEvent("p", "u", "BackOff", "Back-off pulling image \"nginx:nope\"", "Warning", "kubelet", "n1", "spec.containers{nginx}", 5*time.Minute, 30*time.Second, 12),
		podEvent("p", "u", "Scheduled", "Successfully assigned default/p to n1", "Normal", "", "", "", 6*time.Minute, 6*time.Minute, 1),
	}
	evs[1].ReportingComponent = "default-scheduler"
	if err := events(&b, evs, now); err != nil {
		t.Fatal(err)
	}
	check(t, "events", b.String(),
		"Events:\n"+
			"  Type     Reason     Age                From               Message\n"+
			"  ----     ------     ----               ----               -------\n"+
			"  Normal   Scheduled  6m                 default-scheduler  Successfully assigned default/p to n1\n"+
			"  Warning  BackOff    30s (x12 over 5m)  kubelet            spec.containers{nginx}: Back-off pulling image \"nginx:nope\"\n")
	b.Reset()
	if err := events(&b, nil, now); err != nil {
		t.Fatal(err)
	}
	check(t, "no events", b.String(), "Events:  <none>\n")
}

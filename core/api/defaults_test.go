package api

import (
	"reflect"
	"testing"

	"github.com/kubeplay/kubeplay/core/api/resource"
)

func TestDefaultPullPolicy(t *testing.T) {
	tests := []struct {
		image string
		want  PullPolicy
	}{
		{"nginx", PullAlways},              // no tag: "latest" implied
		{"nginx:latest", PullAlways},       // explicit latest
		{"nginx:1.25", PullIfNotPresent},   // any other tag
		{"nginx:LATEST", PullIfNotPresent}, // tags are case-sensitive
		{"library/nginx", PullAlways},      // Docker Hub path
		{"docker.io/library/nginx", PullAlways},
		{"index.docker.io/nginx:1.0", PullIfNotPresent},
		{"nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", PullIfNotPresent}, // digest only: no tag
		{"nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", PullAlways},
		{"nginx:1.0@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", PullIfNotPresent},
		{"nginx@sha256:abc", PullIfNotPresent}, // invalid digest: does not parse
		{"localhost:5000/nginx", PullAlways},   // ":5000" is the registry port
		{"localhost:5000/nginx:1.0", PullIfNotPresent},
		{"localhost:5000/nginx:latest", PullAlways},
		{"localhost/nginx", PullAlways},
		{"registry.example.com:443/team/app", PullAlways},
		{"registry.example.com/team/app:v2", PullIfNotPresent},
		{"[::1]:5000/app", PullAlways},
		{"MyRegistry/nginx", PullAlways},                                                       // an upper-case first part is a registry
		{"NGINX", PullIfNotPresent},                                                            // upper-case repository: does not parse
		{"nginx:la test", PullIfNotPresent},                                                    // bad tag: does not parse
		{"", PullIfNotPresent},                                                                 // empty: does not parse
		{"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", PullIfNotPresent}, // a bare image ID
		{"busybox:1.36", PullIfNotPresent},
		{"ghcr.io/org/app", PullAlways},
	}
	for _, tt := range tests {
		if got := DefaultPullPolicy(tt.image); got != tt.want {
			t.Errorf("DefaultPullPolicy(%q) = %s, want %s", tt.image, got, tt.want)
		}
	}
}

func minimalTemplate() PodTemplateSpec {
	return PodTemplateSpec{
		ObjectMeta: ObjectMeta{Labels: map[string]string{"app": "web"}},
		Spec:       PodSpec{Containers: []Container{{Name: "web", Image: "nginx:1.25"}}},
	}
}

// wantPodSpecDefaults checks SetDefaults_PodSpec and SetDefaults_Container.
func wantPodSpecDefaults(t *testing.T, s *PodSpec) {
	t.Helper()
	if s.RestartPolicy != RestartPolicyAlways {
		t.Errorf("restartPolicy = %q", s.RestartPolicy)
	}
	if s.DNSPolicy != DNSClusterFirst {
		t.Errorf("dnsPolicy = %q", s.DNSPolicy)
	}
	if s.SchedulerName != "default-scheduler" {
		t.Errorf("schedulerName = %q", s.SchedulerName)
	}
	if s.TerminationGracePeriodSeconds == nil || *s.TerminationGracePeriodSeconds != 30 {
		t.Errorf("terminationGracePeriodSeconds = %v", s.TerminationGracePeriodSeconds)
	}
	if s.SecurityContext == nil || !reflect.DeepEqual(*s.SecurityContext, PodSecurityContext{}) {
		t.Errorf("securityContext = %v, want {}", s.SecurityContext)
	}
	c := s.Containers[0]
	if c.TerminationMessagePath != "/dev/termination-log" {
		t.Errorf("terminationMessagePath = %q", c.TerminationMessagePath)
	}
	if c.TerminationMessagePolicy != TerminationMessageReadFile {
		t.Errorf("terminationMessagePolicy = %q", c.TerminationMessagePolicy)
	}
	if c.ImagePullPolicy == "" {
		t.Errorf("imagePullPolicy not set")
	}
}

func TestDeploymentDefaults(t *testing.T) {
	d := &Deployment{Spec: DeploymentSpec{Template: minimalTemplate()}}
	SetDefaults(d)
	if d.Spec.Replicas == nil || *d.Spec.Replicas != 1 {
		t.Errorf("replicas = %v, want 1", d.Spec.Replicas)
	}
	if d.Spec.Strategy.Type != RollingUpdateDeploymentStrategyType {
		t.Errorf("strategy.type = %q", d.Spec.Strategy.Type)
	}
	ru := d.Spec.Strategy.RollingUpdate
	if ru == nil || ru.MaxSurge == nil || *ru.MaxSurge != FromString("25%") || ru.MaxUnavailable == nil || *ru.MaxUnavailable != FromString("25%") {
		t.Errorf("rollingUpdate = %+v, want 25%%/25%%", ru)
	}
	if d.Spec.RevisionHistoryLimit == nil || *d.Spec.RevisionHistoryLimit != 10 {
		t.Errorf("revisionHistoryLimit = %v", d.Spec.RevisionHistoryLimit)
	}
	if d.Spec.ProgressDeadlineSeconds == nil || *d.Spec.ProgressDeadlineSeconds != 600 {
		t.Errorf("progressDeadlineSeconds = %v", d.Spec.ProgressDeadlineSeconds)
	}
	if d.Spec.MinReadySeconds != 0 {
		t.Errorf("minReadySeconds = %d, want no default", d.Spec.MinReadySeconds)
	}
	wantPodSpecDefaults(t, &d.Spec.Template.Spec)
	if c := d.Spec.Template.Spec.Containers[0]; c.ImagePullPolicy != PullIfNotPresent {
		t.Errorf("imagePullPolicy = %q for nginx:1.25", c.ImagePullPolicy)
	}
	// Pod-only defaults do not reach templates.
	if d.Spec.Template.Spec.EnableServiceLinks != nil {
		t.Errorf("template got enableServiceLinks %v; upstream only defaults it on Pods", *d.Spec.Template.Spec.EnableServiceLinks)
	}
}

func TestDeploymentDefaultsKeepExplicitValues(t *testing.T) {
	zero := int32(0)
	surge := FromInt(0)
	d := &Deployment{Spec: DeploymentSpec{
		Replicas:                &zero,
		RevisionHistoryLimit:    &zero,
		ProgressDeadlineSeconds: ptrTo(int32(30)),
		Strategy:                DeploymentStrategy{RollingUpdate: &RollingUpdateDeployment{MaxSurge: &surge}},
		Template:                minimalTemplate(),
	}}
	d.Spec.Template.Spec.RestartPolicy = RestartPolicyNever
	SetDefaults(d)
	if *d.Spec.Replicas != 0 || *d.Spec.RevisionHistoryLimit != 0 || *d.Spec.ProgressDeadlineSeconds != 30 {
		t.Errorf("explicit values overwritten: %+v", d.Spec)
	}
	ru := d.Spec.Strategy.RollingUpdate
	if *ru.MaxSurge != FromInt(0) {
		t.Errorf("maxSurge = %v, want the explicit 0", *ru.MaxSurge)
	}
	if *ru.MaxUnavailable != FromString("25%") {
		t.Errorf("maxUnavailable = %v, want 25%%", *ru.MaxUnavailable)
	}
	if d.Spec.Template.Spec.RestartPolicy != RestartPolicyNever {
		t.Errorf("restartPolicy overwritten")
	}
}

func TestDeploymentRecreateGetsNoRollingUpdate(t *testing.T) {
	d := &Deployment{Spec: DeploymentSpec{Strategy: DeploymentStrategy{Type: RecreateDeploymentStrategyType}, Template: minimalTemplate()}}
	SetDefaults(d)
	if d.Spec.Strategy.RollingUpdate != nil {
		t.Errorf("Recreate got rollingUpdate %+v", d.Spec.Strategy.RollingUpdate)
	}
	// A stray block is left for validation to reject, not filled in.
	d = &Deployment{Spec: DeploymentSpec{Strategy: DeploymentStrategy{Type: RecreateDeploymentStrategyType, RollingUpdate: &RollingUpdateDeployment{}}}}
	SetDefaults(d)
	if ru := d.Spec.Strategy.RollingUpdate; ru.MaxSurge != nil || ru.MaxUnavailable != nil {
		t.Errorf("Recreate rollingUpdate was filled: %+v", ru)
	}
	// An unknown type is left alone too.
	d = &Deployment{Spec: DeploymentSpec{Strategy: DeploymentStrategy{Type: "Canary"}}}
	SetDefaults(d)
	if d.Spec.Strategy.Type != "Canary" || d.Spec.Strategy.RollingUpdate != nil {
		t.Errorf("unknown strategy changed: %+v", d.Spec.Strategy)
	}
}

func TestReplicaSetDefaults(t *testing.T) {
	rs := &ReplicaSet{Spec: ReplicaSetSpec{Template: minimalTemplate()}}
	SetDefaults(rs)
	if rs.Spec.Replicas == nil || *rs.Spec.Replicas != 1 {
		t.Errorf("replicas = %v", rs.Spec.Replicas)
	}
	wantPodSpecDefaults(t, &rs.Spec.Template.Spec)
}

func TestPodDefaults(t *testing.T) {
	p := &Pod{Spec: PodSpec{
		InitContainers: []Container{{Name: "init", Image: "busybox"}},
		Containers: []Container{{
			Name:  "web",
			Image: "nginx",
			Ports: []ContainerPort{{ContainerPort: 80}, {ContainerPort: 53, Protocol: ProtocolUDP}},
			Env:   []EnvVar{{Name: "POD", ValueFrom: &EnvVarSource{FieldRef: &ObjectFieldSelector{FieldPath: "metadata.name"}}}},
			Resources: ResourceRequirements{
				Limits:   ResourceList{ResourceCPU: resource.MustParse("500m"), ResourceMemory: resource.MustParse("128Mi")},
				Requests: ResourceList{ResourceCPU: resource.MustParse("100m")},
			},
			LivenessProbe:  &Probe{ProbeHandler: ProbeHandler{HTTPGet: &HTTPGetAction{Port: FromInt(80)}}},
			ReadinessProbe: &Probe{ProbeHandler: ProbeHandler{GRPC: &GRPCAction{Port: 9000}}, PeriodSeconds: 5},
			StartupProbe:   &Probe{ProbeHandler: ProbeHandler{TCPSocket: &TCPSocketAction{Port: FromInt(80)}}},
			Lifecycle:      &Lifecycle{PreStop: &LifecycleHandler{HTTPGet: &HTTPGetAction{Port: FromString("http")}}},
		}},
	}}
	SetDefaults(p)
	wantPodSpecDefaults(t, &p.Spec)
	if p.Spec.EnableServiceLinks == nil || !*p.Spec.EnableServiceLinks {
		t.Errorf("enableServiceLinks = %v, want true", p.Spec.EnableServiceLinks)
	}
	c := p.Spec.Containers[0]
	if c.ImagePullPolicy != PullAlways {
		t.Errorf("nginx without tag: imagePullPolicy = %q, want Always", c.ImagePullPolicy)
	}
	if ic := p.Spec.InitContainers[0]; ic.ImagePullPolicy != PullAlways || ic.TerminationMessagePolicy != TerminationMessageReadFile {
		t.Errorf("init container not defaulted: %+v", ic)
	}
	if c.Ports[0].Protocol != ProtocolTCP || c.Ports[1].Protocol != ProtocolUDP {
		t.Errorf("port protocols = %q, %q", c.Ports[0].Protocol, c.Ports[1].Protocol)
	}
	if v := c.Env[0].ValueFrom.FieldRef.APIVersion; v != "v1" {
		t.Errorf("fieldRef.apiVersion = %q", v)
	}
	// Requests default from limits, only where unset.
	if q := c.Resources.Requests[ResourceCPU]; q.String() != "100m" {
		t.Errorf("cpu request = %s, want the explicit 100m", q.String())
	}
	if q := c.Resources.Requests[ResourceMemory]; q.String() != "128Mi" {
		t.Errorf("memory request = %s, want 128Mi from the limit", q.String())
	}
	for name, pr := range map[string]*Probe{"liveness": c.LivenessProbe, "startup": c.StartupProbe} {
		if pr.TimeoutSeconds != 1 || pr.PeriodSeconds != 10 || pr.SuccessThreshold != 1 || pr.FailureThreshold != 3 {
			t.Errorf("%s probe defaults: %+v", name, pr)
		}
	}
	if pr := c.ReadinessProbe; pr.PeriodSeconds != 5 {
		t.Errorf("explicit periodSeconds overwritten: %d", pr.PeriodSeconds)
	}
	if h := c.LivenessProbe.HTTPGet; h.Path != "/" || h.Scheme != URISchemeHTTP {
		t.Errorf("httpGet defaults: path %q scheme %q", h.Path, h.Scheme)
	}
	if s := c.ReadinessProbe.GRPC.Service; s == nil || *s != "" {
		t.Errorf("grpc.service = %v, want \"\"", s)
	}
	if h := c.Lifecycle.PreStop.HTTPGet; h.Path != "/" || h.Scheme != URISchemeHTTP {
		t.Errorf("preStop httpGet defaults: path %q scheme %q", h.Path, h.Scheme)
	}
}

func TestPodLimitsWithoutRequests(t *testing.T) {
	p := &Pod{Spec: PodSpec{Containers: []Container{{Name: "a", Image: "x",
		Resources: ResourceRequirements{Limits: ResourceList{ResourceCPU: resource.MustParse("1")}}}}}}
	SetDefaults(p)
	if q, ok := p.Spec.Containers[0].Resources.Requests[ResourceCPU]; !ok || q.String() != "1" {
		t.Errorf("requests = %v, want cpu 1", p.Spec.Containers[0].Resources.Requests)
	}
	// A template does not get requests from limits.
	d := &Deployment{Spec: DeploymentSpec{Template: PodTemplateSpec{Spec: PodSpec{Containers: []Container{{Name: "a", Image: "x",
		Resources: ResourceRequirements{Limits: ResourceList{ResourceCPU: resource.MustParse("1")}}}}}}}}
	SetDefaults(d)
	if r := d.Spec.Template.Spec.Containers[0].Resources.Requests; r != nil {
		t.Errorf("template requests = %v, want none", r)
	}
}

func TestResourceListRounding(t *testing.T) {
	p := &Pod{Spec: PodSpec{Containers: []Container{{Name: "a", Image: "x",
		Resources: ResourceRequirements{Requests: ResourceList{
			ResourceCPU:    resource.MustParse("0.0001"),
			ResourceMemory: resource.MustParse("100m"),
			"pods":         resource.MustParse("1.5"),
		}}}}}}
	SetDefaults(p)
	r := p.Spec.Containers[0].Resources.Requests
	for name, want := range map[ResourceName]string{ResourceCPU: "1m", ResourceMemory: "100m", "pods": "1500m"} {
		if q := r[name]; q.String() != want {
			t.Errorf("%s = %s, want %s", name, q.String(), want)
		}
	}
}

func TestServiceDefaults(t *testing.T) {
	s := &Service{Spec: ServiceSpec{Ports: []ServicePort{
		{Port: 80},
		{Port: 443, TargetPort: FromString("https"), Protocol: ProtocolTCP},
		{Port: 53, Protocol: ProtocolUDP, TargetPort: FromString("")},
		{Port: 8080, TargetPort: FromInt(9090)},
	}}}
	SetDefaults(s)
	if s.Spec.Type != ServiceTypeClusterIP {
		t.Errorf("type = %q", s.Spec.Type)
	}
	if s.Spec.SessionAffinity != ServiceAffinityNone {
		t.Errorf("sessionAffinity = %q", s.Spec.SessionAffinity)
	}
	wantTargets := []IntOrString{FromInt(80), FromString("https"), FromInt(53), FromInt(9090)}
	for i, p := range s.Spec.Ports {
		if p.TargetPort != wantTargets[i] {
			t.Errorf("ports[%d].targetPort = %v, want %v", i, p.TargetPort, wantTargets[i])
		}
	}
	if s.Spec.Ports[0].Protocol != ProtocolTCP || s.Spec.Ports[2].Protocol != ProtocolUDP {
		t.Errorf("protocols = %q, %q", s.Spec.Ports[0].Protocol, s.Spec.Ports[2].Protocol)
	}
	if s.Spec.InternalTrafficPolicy == nil || *s.Spec.InternalTrafficPolicy != ServiceInternalTrafficPolicyCluster {
		t.Errorf("internalTrafficPolicy = %v", s.Spec.InternalTrafficPolicy)
	}
	if s.Spec.ExternalTrafficPolicy != "" {
		t.Errorf("ClusterIP got externalTrafficPolicy %q", s.Spec.ExternalTrafficPolicy)
	}
	if s.Spec.AllocateLoadBalancerNodePorts != nil {
		t.Errorf("ClusterIP got allocateLoadBalancerNodePorts")
	}
	// The allocator, not defaulting, sets IP families.
	if s.Spec.IPFamilyPolicy != nil || s.Spec.IPFamilies != nil || s.Spec.ClusterIP != "" {
		t.Errorf("defaulting set IP fields: %+v", s.Spec)
	}
}

func TestServiceDefaultsByType(t *testing.T) {
	for _, tt := range []struct {
		typ                 ServiceType
		externalIPs         []string
		wantExternal        ServiceExternalTrafficPolicy
		wantInternal        bool
		wantAllocateLBPorts bool
	}{
		{ServiceTypeNodePort, nil, ServiceExternalTrafficPolicyCluster, true, false},
		{ServiceTypeLoadBalancer, nil, ServiceExternalTrafficPolicyCluster, true, true},
		{ServiceTypeClusterIP, []string{"1.2.3.4"}, ServiceExternalTrafficPolicyCluster, true, false},
		{ServiceTypeExternalName, nil, "", false, false},
	} {
		s := &Service{Spec: ServiceSpec{Type: tt.typ, ExternalIPs: tt.externalIPs}}
		SetDefaults(s)
		if s.Spec.ExternalTrafficPolicy != tt.wantExternal {
			t.Errorf("%s: externalTrafficPolicy = %q, want %q", tt.typ, s.Spec.ExternalTrafficPolicy, tt.wantExternal)
		}
		if (s.Spec.InternalTrafficPolicy != nil) != tt.wantInternal {
			t.Errorf("%s: internalTrafficPolicy = %v", tt.typ, s.Spec.InternalTrafficPolicy)
		}
		if (s.Spec.AllocateLoadBalancerNodePorts != nil) != tt.wantAllocateLBPorts ||
			(tt.wantAllocateLBPorts && !*s.Spec.AllocateLoadBalancerNodePorts) {
			t.Errorf("%s: allocateLoadBalancerNodePorts = %v", tt.typ, s.Spec.AllocateLoadBalancerNodePorts)
		}
	}
}

func TestNamespaceDefaults(t *testing.T) {
	n := &Namespace{ObjectMeta: ObjectMeta{Name: "team-a", Labels: map[string]string{"x": "y"}}}
	SetDefaults(n)
	if n.Labels["kubernetes.io/metadata.name"] != "team-a" || n.Labels["x"] != "y" {
		t.Errorf("labels = %v", n.Labels)
	}
	if n.Status.Phase != NamespaceActive {
		t.Errorf("phase = %q", n.Status.Phase)
	}
	unnamed := &Namespace{ObjectMeta: ObjectMeta{GenerateName: "ns-"}}
	SetDefaults(unnamed)
	if unnamed.Labels != nil {
		t.Errorf("a namespace without a name got labels %v", unnamed.Labels)
	}
	term := &Namespace{ObjectMeta: ObjectMeta{Name: "a"}, Status: NamespaceStatus{Phase: NamespaceTerminating}}
	SetDefaults(term)
	if term.Status.Phase != NamespaceTerminating {
		t.Errorf("phase overwritten")
	}
}

func TestNodeDefaults(t *testing.T) {
	n := &Node{Status: NodeStatus{Capacity: ResourceList{ResourceCPU: resource.MustParse("4"), ResourcePods: resource.MustParse("110")}}}
	SetDefaults(n)
	if q := n.Status.Allocatable[ResourceCPU]; q.String() != "4" || len(n.Status.Allocatable) != 2 {
		t.Errorf("allocatable = %v, want a copy of capacity", n.Status.Allocatable)
	}
	n.Status.Allocatable[ResourceCPU] = resource.MustParse("3")
	if q := n.Status.Capacity[ResourceCPU]; q.String() != "4" {
		t.Errorf("allocatable aliases capacity")
	}
	kept := &Node{Status: NodeStatus{Capacity: ResourceList{ResourceCPU: resource.MustParse("4")}, Allocatable: ResourceList{}}}
	SetDefaults(kept)
	if len(kept.Status.Allocatable) != 0 {
		t.Errorf("explicit allocatable overwritten")
	}
}

func TestEndpointSliceDefaults(t *testing.T) {
	udp := ProtocolUDP
	s := &EndpointSlice{Ports: []EndpointPort{{}, {Protocol: &udp, Name: ptrTo("dns")}}}
	SetDefaults(s)
	if p := s.Ports[0]; p.Name == nil || *p.Name != "" || p.Protocol == nil || *p.Protocol != ProtocolTCP {
		t.Errorf("port 0 = %+v", p)
	}
	if p := s.Ports[1]; *p.Name != "dns" || *p.Protocol != ProtocolUDP {
		t.Errorf("port 1 overwritten: %+v", p)
	}
}

func TestSetDefaultsIsIdempotent(t *testing.T) {
	objs := []Object{
		&Deployment{Spec: DeploymentSpec{Template: minimalTemplate()}},
		&Deployment{Spec: DeploymentSpec{Strategy: DeploymentStrategy{Type: RecreateDeploymentStrategyType}, Template: minimalTemplate()}},
		&ReplicaSet{Spec: ReplicaSetSpec{Template: minimalTemplate()}},
		&Pod{Spec: PodSpec{Containers: []Container{{Name: "a", Image: "nginx",
			Resources:     ResourceRequirements{Limits: ResourceList{ResourceCPU: resource.MustParse("0.0005")}},
			LivenessProbe: &Probe{ProbeHandler: ProbeHandler{HTTPGet: &HTTPGetAction{Port: FromInt(80)}}}}}}},
		&Service{Spec: ServiceSpec{Type: ServiceTypeLoadBalancer, Ports: []ServicePort{{Port: 80}}}},
		&Namespace{ObjectMeta: ObjectMeta{Name: "a"}},
		&Node{Status: NodeStatus{Capacity: ResourceList{ResourceCPU: resource.MustParse("2")}}},
		&EndpointSlice{Ports: []EndpointPort{{}}},
		&ResourceQuota{Spec: ResourceQuotaSpec{Hard: ResourceList{ResourcePods: resource.MustParse("10")}}},
		&Event{}, &Lease{}, &RuntimeClass{Handler: "runc"},
	}
	for _, obj := range objs {
		SetDefaults(obj)
		once := obj.DeepCopyObject()
		SetDefaults(obj)
		if !reflect.DeepEqual(once, obj) {
			t.Errorf("%T: second SetDefaults changed the object:\n%+v\n%+v", obj, once, obj)
		}
	}
}

func TestSetDefaultsCoversEveryKind(t *testing.T) {
	// Every registered kind must be accepted (no panic) by SetDefaults.
	for _, k := range Kinds() {
		SetDefaults(k.New())
	}
}

package api

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/api/resource"
)

// SetDefaults fills in the defaults the API server applies when it decodes
// an object, for every kind in the registry. It models the generated
// SetObjectDefaults_<Kind> functions of k8s.io/kubernetes/pkg/apis/*/v1
// (zz_generated.defaults.go), which call the hand-written SetDefaults_*
// functions of defaults.go in a fixed order. It only fills fields that are
// unset, so applying it twice changes nothing.
//
// What is deliberately not done here, because upstream does not do it in
// defaulting either:
//   - Service ipFamilyPolicy/ipFamilies and clusterIP(s): the Service
//     registry's IP allocator sets them (SingleStack, [IPv4]) on create;
//   - Namespace spec.finalizers ["kubernetes"] and status on create: the
//     namespace strategy's PrepareForCreate sets them;
//   - metadata (name generation, uid, generation, timestamps): the
//     registry's BeforeCreate sets them.
func SetDefaults(obj Object) {
	switch o := obj.(type) {
	case *Deployment:
		setDefaultsDeployment(o)
	case *ReplicaSet:
		setDefaultsReplicaSet(o)
	case *Pod:
		setDefaultsPod(o)
	case *Service:
		setDefaultsService(o)
	case *Namespace:
		setDefaultsNamespace(o)
	case *Node:
		setDefaultsNode(o)
	case *EndpointSlice:
		setDefaultsEndpointSlice(o)
	case *Endpoints:
		setDefaultsEndpoints(o)
	case *ResourceQuota:
		// SetObjectDefaults_ResourceQuota only rounds quantities
		// (SetDefaults_ResourceList); see roundResourceList.
		roundResourceList(o.Spec.Hard)
		roundResourceList(o.Status.Hard)
		roundResourceList(o.Status.Used)
	case *Secret:
		// SetDefaults_Secret, then the v1 conversion's stringData fold.
		if o.Type == "" {
			o.Type = SecretTypeOpaque
		}
		convertSecretStringData(o)
	case *ConfigMap:
		// SetDefaults_ConfigMap: an empty data map (which omitempty still
		// leaves out of the JSON).
		if o.Data == nil {
			o.Data = map[string]string{}
		}
	case *ServiceAccount:
		// core/v1 ServiceAccount has no defaulting function.
	case *Event, *Lease, *RuntimeClass:
		// core/v1 Event, coordination/v1 Lease and node/v1 RuntimeClass
		// have no defaulting functions.
	default:
		setDefaultsKinds(obj) // defaults_kinds.go
	}
}

// setDefaultsDeployment models apps/v1 SetObjectDefaults_Deployment:
// SetDefaults_Deployment, then the pod template's PodSpec defaults.
func setDefaultsDeployment(d *Deployment) {
	if d.Spec.Replicas == nil {
		d.Spec.Replicas = ptrTo(int32(1))
	}
	s := &d.Spec.Strategy
	if s.Type == "" {
		s.Type = RollingUpdateDeploymentStrategyType
	}
	// Only a RollingUpdate strategy gets rollingUpdate parameters; a
	// Recreate one is left alone so validation can reject a stray block.
	if s.Type == RollingUpdateDeploymentStrategyType {
		if s.RollingUpdate == nil {
			s.RollingUpdate = &RollingUpdateDeployment{}
		}
		if s.RollingUpdate.MaxUnavailable == nil {
			s.RollingUpdate.MaxUnavailable = ptrTo(FromString("25%"))
		}
		if s.RollingUpdate.MaxSurge == nil {
			s.RollingUpdate.MaxSurge = ptrTo(FromString("25%"))
		}
	}
	if d.Spec.RevisionHistoryLimit == nil {
		d.Spec.RevisionHistoryLimit = ptrTo(int32(10))
	}
	if d.Spec.ProgressDeadlineSeconds == nil {
		d.Spec.ProgressDeadlineSeconds = ptrTo(int32(600))
	}
	setDefaultsPodTemplateSpec(&d.Spec.Template)
}

// setDefaultsReplicaSet models apps/v1 SetObjectDefaults_ReplicaSet.
func setDefaultsReplicaSet(rs *ReplicaSet) {
	if rs.Spec.Replicas == nil {
		rs.Spec.Replicas = ptrTo(int32(1))
	}
	setDefaultsPodTemplateSpec(&rs.Spec.Template)
}

// setDefaultsPodTemplateSpec is what every object embedding a pod template
// gets: the PodSpec and container defaults, but not SetDefaults_Pod (no
// enableServiceLinks, no requests copied from limits), exactly as upstream.
func setDefaultsPodTemplateSpec(t *PodTemplateSpec) {
	setDefaultsPodSpec(&t.Spec)
}

// setDefaultsPod models core/v1 SetObjectDefaults_Pod: SetDefaults_Pod,
// then SetDefaults_PodSpec and the per-container defaults.
func setDefaultsPod(p *Pod) {
	// SetDefaults_Pod: a limit without a request makes the request equal
	// to the limit (only for Pods, not templates).
	for _, list := range [][]Container{p.Spec.Containers, p.Spec.InitContainers} {
		for i := range list {
			r := &list[i].Resources
			if r.Limits == nil {
				continue
			}
			if r.Requests == nil {
				r.Requests = ResourceList{}
			}
			for name, q := range r.Limits {
				if _, ok := r.Requests[name]; !ok {
					r.Requests[name] = q
				}
			}
		}
	}
	if p.Spec.EnableServiceLinks == nil {
		p.Spec.EnableServiceLinks = ptrTo(true)
	}
	// A negative grace period is taken as 1 s, on Pods only.
	if g := p.Spec.TerminationGracePeriodSeconds; g != nil && *g < 0 {
		p.Spec.TerminationGracePeriodSeconds = ptrTo(int64(1))
	}
	// defaultHostNetworkPorts: on the host's network a container port is
	// also a host port.
	if p.Spec.HostNetwork {
		for _, list := range [][]Container{p.Spec.Containers, p.Spec.InitContainers} {
			for i := range list {
				for j := range list[i].Ports {
					if pt := &list[i].Ports[j]; pt.HostPort == 0 {
						pt.HostPort = pt.ContainerPort
					}
				}
			}
		}
	}
	setDefaultsPodSpec(&p.Spec)
}

// setDefaultsPodSpec models SetDefaults_PodSpec followed by the generated
// per-volume and per-container defaults (init containers first, as
// upstream). It also applies the serviceAccount alias, which upstream's
// v1 conversion handles at the same moment (see convertServiceAccountAlias).
func setDefaultsPodSpec(s *PodSpec) {
	convertServiceAccountAlias(s)
	if s.DNSPolicy == "" {
		s.DNSPolicy = DNSClusterFirst
	}
	if s.RestartPolicy == "" {
		s.RestartPolicy = RestartPolicyAlways
	}
	if s.SecurityContext == nil {
		s.SecurityContext = &PodSecurityContext{}
	}
	if s.TerminationGracePeriodSeconds == nil {
		s.TerminationGracePeriodSeconds = ptrTo(int64(30))
	}
	if s.SchedulerName == "" {
		s.SchedulerName = "default-scheduler"
	}
	for i := range s.Volumes {
		setDefaultsVolume(&s.Volumes[i])
	}
	for i := range s.InitContainers {
		setDefaultsContainer(&s.InitContainers[i])
	}
	for i := range s.Containers {
		setDefaultsContainer(&s.Containers[i])
	}
	for i := range s.EphemeralContainers {
		// SetDefaults_EphemeralContainer: the common part is a Container.
		setDefaultsContainer((*Container)(&s.EphemeralContainers[i].EphemeralContainerCommon))
	}
	roundResourceList(s.Overhead)
	if s.Resources != nil {
		roundResourceList(s.Resources.Limits)
		roundResourceList(s.Resources.Requests)
	}
}

// setDefaultsContainer models SetDefaults_Container plus the generated
// defaults of the container's ports, env, resources, probes and hooks.
func setDefaultsContainer(c *Container) {
	if c.ImagePullPolicy == "" {
		c.ImagePullPolicy = DefaultPullPolicy(c.Image)
	}
	if c.TerminationMessagePath == "" {
		c.TerminationMessagePath = "/dev/termination-log"
	}
	if c.TerminationMessagePolicy == "" {
		c.TerminationMessagePolicy = TerminationMessageReadFile
	}
	for i := range c.Ports {
		if c.Ports[i].Protocol == "" { // +default="TCP" on ContainerPort.Protocol
			c.Ports[i].Protocol = ProtocolTCP
		}
	}
	for i := range c.Env {
		vf := c.Env[i].ValueFrom
		if vf == nil {
			continue
		}
		if vf.FieldRef != nil && vf.FieldRef.APIVersion == "" {
			vf.FieldRef.APIVersion = "v1" // SetDefaults_ObjectFieldSelector
		}
		if vf.FileKeyRef != nil && vf.FileKeyRef.Optional == nil {
			vf.FileKeyRef.Optional = ptrTo(false) // +default=false
		}
	}
	roundResourceList(c.Resources.Limits)
	roundResourceList(c.Resources.Requests)
	for _, p := range []*Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
		if p != nil {
			setDefaultsProbe(p)
		}
	}
	if c.Lifecycle != nil {
		for _, h := range []*LifecycleHandler{c.Lifecycle.PostStart, c.Lifecycle.PreStop} {
			if h != nil && h.HTTPGet != nil {
				setDefaultsHTTPGetAction(h.HTTPGet)
			}
		}
	}
}

// setDefaultsProbe models SetDefaults_Probe and the defaults of the
// probe's handler.
func setDefaultsProbe(p *Probe) {
	if p.TimeoutSeconds == 0 {
		p.TimeoutSeconds = 1
	}
	if p.PeriodSeconds == 0 {
		p.PeriodSeconds = 10
	}
	if p.SuccessThreshold == 0 {
		p.SuccessThreshold = 1
	}
	if p.FailureThreshold == 0 {
		p.FailureThreshold = 3
	}
	if p.HTTPGet != nil {
		setDefaultsHTTPGetAction(p.HTTPGet)
	}
	if p.GRPC != nil && p.GRPC.Service == nil { // +default="" on GRPCAction.Service
		p.GRPC.Service = ptrTo("")
	}
}

// setDefaultsHTTPGetAction models SetDefaults_HTTPGetAction.
func setDefaultsHTTPGetAction(h *HTTPGetAction) {
	if h.Path == "" {
		h.Path = "/"
	}
	if h.Scheme == "" {
		h.Scheme = URISchemeHTTP
	}
}

// setDefaultsService models core/v1 SetDefaults_Service.
func setDefaultsService(s *Service) {
	if s.Spec.SessionAffinity == "" {
		s.Spec.SessionAffinity = ServiceAffinityNone
	}
	if s.Spec.Type == "" {
		s.Spec.Type = ServiceTypeClusterIP
	}
	for i := range s.Spec.Ports {
		p := &s.Spec.Ports[i]
		if p.Protocol == "" {
			p.Protocol = ProtocolTCP
		}
		// An unset targetPort (0 or "") follows the service port.
		if p.TargetPort == FromInt(0) || p.TargetPort == FromString("") {
			p.TargetPort = FromInt(p.Port)
		}
	}
	if ServiceExternallyAccessible(s) && s.Spec.ExternalTrafficPolicy == "" {
		s.Spec.ExternalTrafficPolicy = ServiceExternalTrafficPolicyCluster
	}
	if s.Spec.InternalTrafficPolicy == nil {
		switch s.Spec.Type {
		case ServiceTypeNodePort, ServiceTypeLoadBalancer, ServiceTypeClusterIP:
			s.Spec.InternalTrafficPolicy = ptrTo(ServiceInternalTrafficPolicyCluster)
		}
	}
	if s.Spec.Type == ServiceTypeLoadBalancer && s.Spec.AllocateLoadBalancerNodePorts == nil {
		s.Spec.AllocateLoadBalancerNodePorts = ptrTo(true)
	}
}

// ServiceExternallyAccessible reports whether a Service is reachable from
// outside the cluster (pkg/api/v1/service ExternallyAccessible): a
// LoadBalancer or NodePort, or a ClusterIP Service with external IPs.
func ServiceExternallyAccessible(s *Service) bool {
	return s.Spec.Type == ServiceTypeLoadBalancer ||
		s.Spec.Type == ServiceTypeNodePort ||
		(s.Spec.Type == ServiceTypeClusterIP && len(s.Spec.ExternalIPs) > 0)
}

// setDefaultsNamespace models SetDefaults_Namespace (the
// kubernetes.io/metadata.name label, set only when the name is known) and
// SetDefaults_NamespaceStatus.
func setDefaultsNamespace(n *Namespace) {
	if n.Name != "" {
		if n.Labels == nil {
			n.Labels = map[string]string{}
		}
		n.Labels["kubernetes.io/metadata.name"] = n.Name
	}
	if n.Status.Phase == "" {
		n.Status.Phase = NamespaceActive
	}
}

// setDefaultsNode models SetObjectDefaults_Node: allocatable defaults to
// capacity (SetDefaults_NodeStatus), then both lists are rounded.
func setDefaultsNode(n *Node) {
	if n.Status.Allocatable == nil && n.Status.Capacity != nil {
		n.Status.Allocatable = make(ResourceList, len(n.Status.Capacity))
		for k, v := range n.Status.Capacity {
			n.Status.Allocatable[k] = v
		}
	}
	roundResourceList(n.Status.Capacity)
	roundResourceList(n.Status.Allocatable)
}

// setDefaultsEndpointSlice models discovery/v1 SetDefaults_EndpointPort:
// a port's name defaults to "" and its protocol to TCP.
func setDefaultsEndpointSlice(s *EndpointSlice) {
	for i := range s.Ports {
		p := &s.Ports[i]
		if p.Name == nil {
			p.Name = ptrTo("")
		}
		if p.Protocol == nil {
			p.Protocol = ptrTo(ProtocolTCP)
		}
	}
}

// setDefaultsEndpoints models core/v1 SetDefaults_Endpoints: a port
// without a protocol is TCP.
func setDefaultsEndpoints(e *Endpoints) {
	for i := range e.Subsets {
		for j := range e.Subsets[i].Ports {
			if p := &e.Subsets[i].Ports[j]; p.Protocol == "" {
				p.Protocol = ProtocolTCP
			}
		}
	}
}

// DefaultPullPolicy is the imagePullPolicy SetDefaults_Container picks for
// an image: Always when the reference's tag is "latest" (which includes a
// reference with neither tag nor digest, "nginx"), IfNotPresent otherwise
// (another tag, a digest only, or a reference that does not parse).
func DefaultPullPolicy(image string) PullPolicy {
	if imageTag(image) == "latest" {
		return PullAlways
	}
	return PullIfNotPresent
}

// digestHexLength is the hex length each digest algorithm must have
// (digest.Algorithm.Validate); others are not accepted.
var digestHexLength = map[string]int{"sha256": 64, "sha384": 96, "sha512": 128}

// imageTag returns the tag parsers.ParseImageName would report: the
// explicit tag, "latest" when there is neither tag nor digest, and "" for a
// digest-only reference or one that does not parse. It follows
// reference.ParseNormalizedNamed: the part before the first '/' is a
// registry only if it contains '.' or ':' or is "localhost" (so in
// "localhost:5000/nginx" the ":5000" is a port, not a tag).
func imageTag(image string) string {
	if IsImageID(image) {
		return "" // a bare 64-hex image ID is rejected
	}
	domain, rest := "docker.io", image
	if i := strings.IndexByte(image, '/'); i >= 0 {
		first := image[:i]
		if strings.ContainsAny(first, ".:") || first == "localhost" || strings.ToLower(first) != first {
			domain, rest = first, image[i+1:]
		}
	}
	if domain == "index.docker.io" {
		domain = "docker.io"
	}
	if domain == "docker.io" && !strings.Contains(rest, "/") {
		rest = "library/" + rest
	}
	remote := rest
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		remote = rest[:i]
	}
	if strings.ToLower(remote) != remote {
		return "" // repository names must be lower case
	}
	full := domain + "/" + rest
	name, tag, digest, ok := SplitImageReference(full)
	if !ok || len(name) > 255 {
		return ""
	}
	if digest != "" {
		algo, hex, _ := strings.Cut(digest, ":")
		if n, ok := digestHexLength[algo]; !ok || len(hex) != n || !isLowerHex(hex) {
			return ""
		}
	}
	if tag == "" && digest == "" {
		return "latest"
	}
	return tag
}

// roundResourceList models SetDefaults_ResourceList, which rounds every
// quantity up to milli precision ("0.0001" becomes "1m").
func roundResourceList(rl ResourceList) {
	for name, q := range rl {
		rl[name] = roundUpMilli(q)
	}
}

// roundUpMilli rounds q away from zero to a whole number of thousandths
// (Quantity.RoundUp(-3)). A quantity already exact at that precision is
// returned unchanged, keeping its spelling; so is one too large for milli
// units to be counted in an int64, which cannot have a finer part anyway
// in practice.
func roundUpMilli(q resource.Quantity) resource.Quantity {
	whole := q.Value()
	if whole > resource.MaxMilliValue || whole < -resource.MaxMilliValue {
		return q
	}
	rounded := *resource.NewMilliQuantity(q.MilliValue(), q.Format)
	if rounded.Cmp(q) == 0 {
		return q
	}
	return rounded
}

func ptrTo[T any](v T) *T { return &v }

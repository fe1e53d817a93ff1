package api

// Service is core/v1 Service.
type Service struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ServiceSpec   `json:"spec,omitempty"`
	Status     ServiceStatus `json:"status,omitempty"`
}

// ServiceType is ClusterIP, NodePort, LoadBalancer or ExternalName.
type ServiceType string

const (
	ServiceTypeClusterIP    ServiceType = "ClusterIP"
	ServiceTypeNodePort     ServiceType = "NodePort"
	ServiceTypeLoadBalancer ServiceType = "LoadBalancer"
	ServiceTypeExternalName ServiceType = "ExternalName"
)

// ServiceAffinity is None or ClientIP.
type ServiceAffinity string

// ServiceAffinityNone is the default session affinity.
const ServiceAffinityNone ServiceAffinity = "None"

// ServiceInternalTrafficPolicy is Cluster or Local.
type ServiceInternalTrafficPolicy string

// ServiceInternalTrafficPolicyCluster is the default internal traffic policy.
const ServiceInternalTrafficPolicyCluster ServiceInternalTrafficPolicy = "Cluster"

// ServiceExternalTrafficPolicy is Cluster or Local.
type ServiceExternalTrafficPolicy string

// ServiceExternalTrafficPolicyCluster is the default for NodePort/LoadBalancer.
const ServiceExternalTrafficPolicyCluster ServiceExternalTrafficPolicy = "Cluster"

// IPFamily is IPv4 or IPv6.
type IPFamily string

// IPv4Protocol is the only family the playground allocates.
const IPv4Protocol IPFamily = "IPv4"

// IPFamilyPolicy is SingleStack, PreferDualStack or RequireDualStack.
type IPFamilyPolicy string

// IPFamilyPolicySingleStack is the default family policy.
const IPFamilyPolicySingleStack IPFamilyPolicy = "SingleStack"

// ServiceSpec is core/v1 ServiceSpec.
type ServiceSpec struct {
	Ports                         []ServicePort                 `json:"ports,omitempty"`
	Selector                      map[string]string             `json:"selector,omitempty"`
	ClusterIP                     string                        `json:"clusterIP,omitempty"`
	ClusterIPs                    []string                      `json:"clusterIPs,omitempty"`
	Type                          ServiceType                   `json:"type,omitempty"`
	ExternalIPs                   []string                      `json:"externalIPs,omitempty"`
	SessionAffinity               ServiceAffinity               `json:"sessionAffinity,omitempty"`
	ExternalName                  string                        `json:"externalName,omitempty"`
	ExternalTrafficPolicy         ServiceExternalTrafficPolicy  `json:"externalTrafficPolicy,omitempty"`
	PublishNotReadyAddresses      bool                          `json:"publishNotReadyAddresses,omitempty"`
	IPFamilies                    []IPFamily                    `json:"ipFamilies,omitempty"`
	IPFamilyPolicy                *IPFamilyPolicy               `json:"ipFamilyPolicy,omitempty"`
	InternalTrafficPolicy         *ServiceInternalTrafficPolicy `json:"internalTrafficPolicy,omitempty"`
	AllocateLoadBalancerNodePorts *bool                         `json:"allocateLoadBalancerNodePorts,omitempty"`
}

// ServicePort is core/v1 ServicePort.
type ServicePort struct {
	Name        string      `json:"name,omitempty"`
	Protocol    Protocol    `json:"protocol,omitempty"`
	AppProtocol *string     `json:"appProtocol,omitempty"`
	Port        int32       `json:"port"`
	TargetPort  IntOrString `json:"targetPort,omitempty"`
	NodePort    int32       `json:"nodePort,omitempty"`
}

// ServiceStatus is core/v1 ServiceStatus.
type ServiceStatus struct {
	LoadBalancer LoadBalancerStatus `json:"loadBalancer,omitempty"`
}

// LoadBalancerStatus lists the load balancer's ingress points.
type LoadBalancerStatus struct {
	Ingress []LoadBalancerIngress `json:"ingress,omitempty"`
}

// LoadBalancerIngress is one ingress point.
type LoadBalancerIngress struct {
	IP       string `json:"ip,omitempty"`
	Hostname string `json:"hostname,omitempty"`
}

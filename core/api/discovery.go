package api

// EndpointSlice is discovery.k8s.io/v1 EndpointSlice.
type EndpointSlice struct {
	TypeMeta    `json:",inline"`
	ObjectMeta  `json:"metadata,omitempty"`
	AddressType AddressType    `json:"addressType"`
	Endpoints   []Endpoint     `json:"endpoints"`
	Ports       []EndpointPort `json:"ports"`
}

// AddressType is IPv4, IPv6 or FQDN.
type AddressType string

// AddressTypeIPv4 is the address type the playground uses.
const AddressTypeIPv4 AddressType = "IPv4"

// Endpoint is one backend of an EndpointSlice.
type Endpoint struct {
	Addresses  []string           `json:"addresses"`
	Conditions EndpointConditions `json:"conditions,omitempty"`
	Hostname   *string            `json:"hostname,omitempty"`
	TargetRef  *ObjectReference   `json:"targetRef,omitempty"`
	NodeName   *string            `json:"nodeName,omitempty"`
	Zone       *string            `json:"zone,omitempty"`
}

// EndpointConditions are an endpoint's ready/serving/terminating flags.
type EndpointConditions struct {
	Ready       *bool `json:"ready,omitempty"`
	Serving     *bool `json:"serving,omitempty"`
	Terminating *bool `json:"terminating,omitempty"`
}

// EndpointPort is one port of an EndpointSlice.
type EndpointPort struct {
	Name        *string   `json:"name,omitempty"`
	Protocol    *Protocol `json:"protocol,omitempty"`
	Port        *int32    `json:"port,omitempty"`
	AppProtocol *string   `json:"appProtocol,omitempty"`
}

// ObjectReference is core/v1 ObjectReference.
type ObjectReference struct {
	Kind            string `json:"kind,omitempty"`
	Namespace       string `json:"namespace,omitempty"`
	Name            string `json:"name,omitempty"`
	UID             string `json:"uid,omitempty"`
	APIVersion      string `json:"apiVersion,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	FieldPath       string `json:"fieldPath,omitempty"`
}

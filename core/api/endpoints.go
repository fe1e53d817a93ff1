package api

// Endpoints is core/v1 Endpoints, deprecated since v1.33 in favour of
// discovery.k8s.io/v1 EndpointSlice but still kept, for every Service with a
// selector, by the Endpoints controller (and by the API server itself for
// default/kubernetes).
type Endpoints struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subsets    []EndpointSubset `json:"subsets,omitempty"`
}

// EndpointSubset is a group of addresses that share a set of ports.
type EndpointSubset struct {
	Addresses         []EndpointAddress  `json:"addresses,omitempty"`
	NotReadyAddresses []EndpointAddress  `json:"notReadyAddresses,omitempty"`
	Ports             []CoreEndpointPort `json:"ports,omitempty"`
}

// EndpointAddress is one address of an EndpointSubset.
type EndpointAddress struct {
	IP        string           `json:"ip"`
	Hostname  string           `json:"hostname,omitempty"`
	NodeName  *string          `json:"nodeName,omitempty"`
	TargetRef *ObjectReference `json:"targetRef,omitempty"`
}

// CoreEndpointPort is core/v1 EndpointPort (the name EndpointPort is taken
// by discovery/v1's, whose fields are pointers).
type CoreEndpointPort struct {
	Name        string   `json:"name,omitempty"`
	Port        int32    `json:"port"`
	Protocol    Protocol `json:"protocol,omitempty"`
	AppProtocol *string  `json:"appProtocol,omitempty"`
}

// Well-known Endpoints labels and annotations (core/v1 well_known_labels.go,
// annotation_key_constants.go, pkg/controller/endpoint, discovery/v1).
const (
	// EndpointsLastChangeTriggerTime is the time of the earliest pod or
	// Service change not yet written to the Endpoints.
	EndpointsLastChangeTriggerTime = "endpoints.kubernetes.io/last-change-trigger-time"
	// EndpointsOverCapacity is set to "truncated" when the Endpoints
	// controller dropped addresses beyond 1000.
	EndpointsOverCapacity = "endpoints.kubernetes.io/over-capacity"
	// LabelEndpointsManagedBy marks the Endpoints the Endpoints controller
	// made (since v1.33), with the value "endpoint-controller".
	LabelEndpointsManagedBy = "endpoints.kubernetes.io/managed-by"
	// LabelSkipMirror tells the EndpointSlice mirroring controller to leave
	// an Endpoints alone; the API server sets it on default/kubernetes.
	LabelSkipMirror = "endpointslice.kubernetes.io/skip-mirror"
	// LabelHeadlessService marks the Endpoints and slices of a Service
	// without a cluster IP (v1.IsHeadlessService).
	LabelHeadlessService = "service.kubernetes.io/headless"
)

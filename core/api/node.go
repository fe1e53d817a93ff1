package api

// Node is core/v1 Node.
type Node struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NodeSpec   `json:"spec,omitempty"`
	Status     NodeStatus `json:"status,omitempty"`
}

// NodeSpec is core/v1 NodeSpec.
type NodeSpec struct {
	PodCIDR  string   `json:"podCIDR,omitempty"`
	PodCIDRs []string `json:"podCIDRs,omitempty"`
	// ProviderID is the machine's ID in its cloud, set by the cloud
	// controller manager's node controller.
	ProviderID    string  `json:"providerID,omitempty"`
	Unschedulable bool    `json:"unschedulable,omitempty"`
	Taints        []Taint `json:"taints,omitempty"`
}

// TaintEffect is NoSchedule, PreferNoSchedule or NoExecute.
type TaintEffect string

const (
	TaintEffectNoSchedule       TaintEffect = "NoSchedule"
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	TaintEffectNoExecute        TaintEffect = "NoExecute"
)

// Taint is core/v1 Taint.
type Taint struct {
	Key       string      `json:"key"`
	Value     string      `json:"value,omitempty"`
	Effect    TaintEffect `json:"effect"`
	TimeAdded *Time       `json:"timeAdded,omitempty"`
}

// NodeConditionType names a node condition.
type NodeConditionType string

const (
	NodeReady              NodeConditionType = "Ready"
	NodeMemoryPressure     NodeConditionType = "MemoryPressure"
	NodeDiskPressure       NodeConditionType = "DiskPressure"
	NodePIDPressure        NodeConditionType = "PIDPressure"
	NodeNetworkUnavailable NodeConditionType = "NetworkUnavailable"
)

// NodeCondition is core/v1 NodeCondition.
type NodeCondition struct {
	Type               NodeConditionType `json:"type"`
	Status             ConditionStatus   `json:"status"`
	LastHeartbeatTime  Time              `json:"lastHeartbeatTime,omitempty"`
	LastTransitionTime Time              `json:"lastTransitionTime,omitempty"`
	Reason             string            `json:"reason,omitempty"`
	Message            string            `json:"message,omitempty"`
}

// NodeAddressType is InternalIP, Hostname, ...
type NodeAddressType string

// NodeAddress is one of a node's addresses.
type NodeAddress struct {
	Type    NodeAddressType `json:"type"`
	Address string          `json:"address"`
}

// NodeSystemInfo is the subset of node info kubectl shows.
type NodeSystemInfo struct {
	MachineID               string `json:"machineID"`
	SystemUUID              string `json:"systemUUID"`
	BootID                  string `json:"bootID"`
	KubeletVersion          string `json:"kubeletVersion"`
	ContainerRuntimeVersion string `json:"containerRuntimeVersion"`
	OSImage                 string `json:"osImage"`
	KernelVersion           string `json:"kernelVersion"`
	OperatingSystem         string `json:"operatingSystem"`
	Architecture            string `json:"architecture"`
}

// ContainerImage is an image cached on a node.
type ContainerImage struct {
	Names     []string `json:"names"`
	SizeBytes int64    `json:"sizeBytes,omitempty"`
}

// NodeStatus is core/v1 NodeStatus.
type NodeStatus struct {
	Capacity    ResourceList     `json:"capacity,omitempty"`
	Allocatable ResourceList     `json:"allocatable,omitempty"`
	Conditions  []NodeCondition  `json:"conditions,omitempty"`
	Addresses   []NodeAddress    `json:"addresses,omitempty"`
	NodeInfo    NodeSystemInfo   `json:"nodeInfo,omitempty"`
	Images      []ContainerImage `json:"images,omitempty"`
	// RuntimeHandlers are the container runtime's handlers, which a
	// RuntimeClass's handler names.
	RuntimeHandlers []NodeRuntimeHandler `json:"runtimeHandlers,omitempty"`
}

// NodeRuntimeHandler is v1 NodeRuntimeHandler: a handler's name ("" for
// the runtime's default) and the features the runtime found in it.
type NodeRuntimeHandler struct {
	Name     string                      `json:"name"`
	Features *NodeRuntimeHandlerFeatures `json:"features,omitempty"`
}

// NodeRuntimeHandlerFeatures is v1 NodeRuntimeHandlerFeatures.
type NodeRuntimeHandlerFeatures struct {
	RecursiveReadOnlyMounts *bool `json:"recursiveReadOnlyMounts,omitempty"`
	UserNamespaces          *bool `json:"userNamespaces,omitempty"`
}

package api

// PodSpec is core/v1 PodSpec.
type PodSpec struct {
	Volumes                       []Volume                   `json:"volumes,omitempty"`
	InitContainers                []Container                `json:"initContainers,omitempty"`
	Containers                    []Container                `json:"containers"`
	EphemeralContainers           []EphemeralContainer       `json:"ephemeralContainers,omitempty"`
	RestartPolicy                 RestartPolicy              `json:"restartPolicy,omitempty"`
	TerminationGracePeriodSeconds *int64                     `json:"terminationGracePeriodSeconds,omitempty"`
	ActiveDeadlineSeconds         *int64                     `json:"activeDeadlineSeconds,omitempty"`
	DNSPolicy                     DNSPolicy                  `json:"dnsPolicy,omitempty"`
	NodeSelector                  map[string]string          `json:"nodeSelector,omitempty"`
	ServiceAccountName            string                     `json:"serviceAccountName,omitempty"`
	DeprecatedServiceAccount      string                     `json:"serviceAccount,omitempty"`
	AutomountServiceAccountToken  *bool                      `json:"automountServiceAccountToken,omitempty"`
	NodeName                      string                     `json:"nodeName,omitempty"`
	HostNetwork                   bool                       `json:"hostNetwork,omitempty"`
	HostPID                       bool                       `json:"hostPID,omitempty"`
	HostIPC                       bool                       `json:"hostIPC,omitempty"`
	ShareProcessNamespace         *bool                      `json:"shareProcessNamespace,omitempty"`
	ImagePullSecrets              []LocalObjectReference     `json:"imagePullSecrets,omitempty"`
	Hostname                      string                     `json:"hostname,omitempty"`
	Subdomain                     string                     `json:"subdomain,omitempty"`
	Affinity                      *Affinity                  `json:"affinity,omitempty"`
	SchedulerName                 string                     `json:"schedulerName,omitempty"`
	Tolerations                   []Toleration               `json:"tolerations,omitempty"`
	HostAliases                   []HostAlias                `json:"hostAliases,omitempty"`
	PriorityClassName             string                     `json:"priorityClassName,omitempty"`
	Priority                      *int32                     `json:"priority,omitempty"`
	DNSConfig                     *PodDNSConfig              `json:"dnsConfig,omitempty"`
	ReadinessGates                []PodReadinessGate         `json:"readinessGates,omitempty"`
	RuntimeClassName              *string                    `json:"runtimeClassName,omitempty"`
	EnableServiceLinks            *bool                      `json:"enableServiceLinks,omitempty"`
	PreemptionPolicy              *PreemptionPolicy          `json:"preemptionPolicy,omitempty"`
	Overhead                      ResourceList               `json:"overhead,omitempty"`
	TopologySpreadConstraints     []TopologySpreadConstraint `json:"topologySpreadConstraints,omitempty"`
	SetHostnameAsFQDN             *bool                      `json:"setHostnameAsFQDN,omitempty"`
	OS                            *PodOS                     `json:"os,omitempty"`
	HostUsers                     *bool                      `json:"hostUsers,omitempty"`
	SchedulingGates               []PodSchedulingGate        `json:"schedulingGates,omitempty"`
	ResourceClaims                []PodResourceClaim         `json:"resourceClaims,omitempty"`
	Resources                     *ResourceRequirements      `json:"resources,omitempty"`
	HostnameOverride              *string                    `json:"hostnameOverride,omitempty"`
	SchedulingGroup               *PodSchedulingGroup        `json:"schedulingGroup,omitempty"`
	EvictionResponders            []EvictionResponder        `json:"evictionResponders,omitempty"`
	// SecurityContext is upstream's 19th field; it stays last here because
	// controller.ComputeHash hashes the template's JSON in declaration
	// order, and moving it would change every pod-template-hash.
	SecurityContext *PodSecurityContext `json:"securityContext,omitempty"`
}

// RestartPolicy is core/v1 RestartPolicy.
type RestartPolicy string

// DNSPolicy is core/v1 DNSPolicy.
type DNSPolicy string

// Toleration is core/v1 Toleration.
type Toleration struct {
	Key               string             `json:"key,omitempty"`
	Operator          TolerationOperator `json:"operator,omitempty"`
	Value             string             `json:"value,omitempty"`
	Effect            TaintEffect        `json:"effect,omitempty"`
	TolerationSeconds *int64             `json:"tolerationSeconds,omitempty"`
}

// TolerationOperator is core/v1 TolerationOperator.
type TolerationOperator string

// HostAlias is core/v1 HostAlias.
type HostAlias struct {
	IP        string   `json:"ip"`
	Hostnames []string `json:"hostnames,omitempty"`
}

// PodDNSConfig is core/v1 PodDNSConfig.
type PodDNSConfig struct {
	Nameservers []string             `json:"nameservers,omitempty"`
	Searches    []string             `json:"searches,omitempty"`
	Options     []PodDNSConfigOption `json:"options,omitempty"`
}

// PodDNSConfigOption is core/v1 PodDNSConfigOption.
type PodDNSConfigOption struct {
	Name  string  `json:"name,omitempty"`
	Value *string `json:"value,omitempty"`
}

// PodReadinessGate is core/v1 PodReadinessGate.
type PodReadinessGate struct {
	ConditionType PodConditionType `json:"conditionType"`
}

// PreemptionPolicy is core/v1 PreemptionPolicy.
type PreemptionPolicy string

// PodOS is core/v1 PodOS.
type PodOS struct {
	Name OSName `json:"name"`
}

// OSName is core/v1 OSName.
type OSName string

// PodSchedulingGate is core/v1 PodSchedulingGate.
type PodSchedulingGate struct {
	Name string `json:"name"`
}

// PodResourceClaim is core/v1 PodResourceClaim.
type PodResourceClaim struct {
	Name                      string  `json:"name"`
	ResourceClaimName         *string `json:"resourceClaimName,omitempty"`
	ResourceClaimTemplateName *string `json:"resourceClaimTemplateName,omitempty"`
}

// PodSchedulingGroup is core/v1 PodSchedulingGroup.
type PodSchedulingGroup struct {
	PodGroupName *string `json:"podGroupName,omitempty"`
}

// EvictionResponder is core/v1 EvictionResponder.
type EvictionResponder struct {
	Name     string `json:"name"`
	Priority *int32 `json:"priority"`
}

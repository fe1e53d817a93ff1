package api

// Namespace is core/v1 Namespace.
type Namespace struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NamespaceSpec   `json:"spec,omitempty"`
	Status     NamespaceStatus `json:"status,omitempty"`
}

// NamespaceSpec is core/v1 NamespaceSpec.
type NamespaceSpec struct {
	Finalizers []string `json:"finalizers,omitempty"`
}

// NamespacePhase is Active or Terminating.
type NamespacePhase string

const (
	NamespaceActive      NamespacePhase = "Active"
	NamespaceTerminating NamespacePhase = "Terminating"
)

// NamespaceStatus is core/v1 NamespaceStatus.
type NamespaceStatus struct {
	Phase      NamespacePhase       `json:"phase,omitempty"`
	Conditions []NamespaceCondition `json:"conditions,omitempty"`
}

// NamespaceConditionType names a condition the namespace controller keeps
// on a terminating namespace.
type NamespaceConditionType string

// The namespace condition types (core/v1), in the order the namespace
// controller writes them.
const (
	NamespaceDeletionDiscoveryFailure NamespaceConditionType = "NamespaceDeletionDiscoveryFailure"
	NamespaceDeletionGVParsingFailure NamespaceConditionType = "NamespaceDeletionGroupVersionParsingFailure"
	NamespaceDeletionContentFailure   NamespaceConditionType = "NamespaceDeletionContentFailure"
	NamespaceContentRemaining         NamespaceConditionType = "NamespaceContentRemaining"
	NamespaceFinalizersRemaining      NamespaceConditionType = "NamespaceFinalizersRemaining"
)

// NamespaceCondition is core/v1 NamespaceCondition.
type NamespaceCondition struct {
	Type               NamespaceConditionType `json:"type"`
	Status             ConditionStatus        `json:"status"`
	LastTransitionTime Time                   `json:"lastTransitionTime,omitempty"`
	Reason             string                 `json:"reason,omitempty"`
	Message            string                 `json:"message,omitempty"`
}

// Event is core/v1 Event, the form kubectl describe and get events read.
type Event struct {
	TypeMeta           `json:",inline"`
	ObjectMeta         `json:"metadata"`
	InvolvedObject     ObjectReference `json:"involvedObject"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
	Source             EventSource     `json:"source,omitempty"`
	FirstTimestamp     Time            `json:"firstTimestamp,omitempty"`
	LastTimestamp      Time            `json:"lastTimestamp,omitempty"`
	Count              int32           `json:"count,omitempty"`
	Type               string          `json:"type,omitempty"`
	ReportingComponent string          `json:"reportingComponent"`
	ReportingInstance  string          `json:"reportingInstance"`
}

// Event types.
const (
	EventTypeNormal  = "Normal"
	EventTypeWarning = "Warning"
)

// EventSource names the component (and host) that emitted an event.
type EventSource struct {
	Component string `json:"component,omitempty"`
	Host      string `json:"host,omitempty"`
}

// ResourceQuota is core/v1 ResourceQuota.
type ResourceQuota struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceQuotaSpec   `json:"spec,omitempty"`
	Status     ResourceQuotaStatus `json:"status,omitempty"`
}

// ResourceQuotaSpec is core/v1 ResourceQuotaSpec.
type ResourceQuotaSpec struct {
	Hard ResourceList `json:"hard,omitempty"`
}

// ResourceQuotaStatus is core/v1 ResourceQuotaStatus.
type ResourceQuotaStatus struct {
	Hard ResourceList `json:"hard,omitempty"`
	Used ResourceList `json:"used,omitempty"`
}

// Lease is coordination.k8s.io/v1 Lease (node heartbeats).
type Lease struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       LeaseSpec `json:"spec,omitempty"`
}

// MicroTime is metav1.MicroTime; the playground's clock has second
// resolution, so it serialises with six zero fractional digits.
type MicroTime struct{ Time }

// LeaseSpec is coordination.k8s.io/v1 LeaseSpec.
type LeaseSpec struct {
	HolderIdentity       *string    `json:"holderIdentity,omitempty"`
	LeaseDurationSeconds *int32     `json:"leaseDurationSeconds,omitempty"`
	AcquireTime          *MicroTime `json:"acquireTime,omitempty"`
	RenewTime            *MicroTime `json:"renewTime,omitempty"`
	LeaseTransitions     *int32     `json:"leaseTransitions,omitempty"`
}

// RuntimeClass is node.k8s.io/v1 RuntimeClass.
type RuntimeClass struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Handler    string `json:"handler"`
	// Overhead is added to the resources of every pod of this class (the
	// RuntimeClass admission plugin sets pod.spec.overhead).
	Overhead *Overhead `json:"overhead,omitempty"`
	// Scheduling is merged into the pods' nodeSelector and tolerations.
	Scheduling *Scheduling `json:"scheduling,omitempty"`
}

// Overhead is node.k8s.io/v1 Overhead.
type Overhead struct {
	PodFixed ResourceList `json:"podFixed,omitempty"`
}

// Scheduling is node.k8s.io/v1 Scheduling.
type Scheduling struct {
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
	Tolerations  []Toleration      `json:"tolerations,omitempty"`
}

package api

// core/v1 PersistentVolume and PersistentVolumeClaim, and storage.k8s.io/v1
// StorageClass. The field names, JSON tags and enum values are upstream's
// (k8s.io/api/core/v1/types.go, storage/v1/types.go). Of a
// PersistentVolume's twenty-two sources the four a playground can meet are
// modelled (hostPath, local, nfs, csi): the local-path provisioner writes
// hostPath volumes, and the others are what hand-written PVs use.
// The alpha status field healthStatus (feature gate off by default, so a
// v1.37 API server drops it) is left out.

// PersistentVolume is core/v1 PersistentVolume.
type PersistentVolume struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeSpec   `json:"spec,omitempty"`
	Status     PersistentVolumeStatus `json:"status,omitempty"`
}

// The access modes (core/v1).
const (
	ReadWriteOnce    PersistentVolumeAccessMode = "ReadWriteOnce"
	ReadOnlyMany     PersistentVolumeAccessMode = "ReadOnlyMany"
	ReadWriteMany    PersistentVolumeAccessMode = "ReadWriteMany"
	ReadWriteOncePod PersistentVolumeAccessMode = "ReadWriteOncePod"
)

// PersistentVolumeReclaimPolicy is what happens to a released volume.
type PersistentVolumeReclaimPolicy string

// The reclaim policies (core/v1).
const (
	PersistentVolumeReclaimRecycle PersistentVolumeReclaimPolicy = "Recycle"
	PersistentVolumeReclaimDelete  PersistentVolumeReclaimPolicy = "Delete"
	PersistentVolumeReclaimRetain  PersistentVolumeReclaimPolicy = "Retain"
)

// PersistentVolumeBlock is the raw block volume mode (Filesystem is in
// volume.go).
const PersistentVolumeBlock PersistentVolumeMode = "Block"

// PersistentVolumeSpec is core/v1 PersistentVolumeSpec.
type PersistentVolumeSpec struct {
	Capacity                      ResourceList `json:"capacity,omitempty"`
	PersistentVolumeSource        `json:",inline"`
	AccessModes                   []PersistentVolumeAccessMode  `json:"accessModes,omitempty"`
	ClaimRef                      *ObjectReference              `json:"claimRef,omitempty"`
	PersistentVolumeReclaimPolicy PersistentVolumeReclaimPolicy `json:"persistentVolumeReclaimPolicy,omitempty"`
	StorageClassName              string                        `json:"storageClassName,omitempty"`
	MountOptions                  []string                      `json:"mountOptions,omitempty"`
	VolumeMode                    *PersistentVolumeMode         `json:"volumeMode,omitempty"`
	NodeAffinity                  *VolumeNodeAffinity           `json:"nodeAffinity,omitempty"`
	VolumeAttributesClassName     *string                       `json:"volumeAttributesClassName,omitempty"`
}

// PersistentVolumeSource is core/v1 PersistentVolumeSource (the members
// listed in the file comment).
type PersistentVolumeSource struct {
	HostPath *HostPathVolumeSource      `json:"hostPath,omitempty"`
	NFS      *NFSVolumeSource           `json:"nfs,omitempty"`
	Local    *LocalVolumeSource         `json:"local,omitempty"`
	CSI      *CSIPersistentVolumeSource `json:"csi,omitempty"`
}

// LocalVolumeSource is core/v1 LocalVolumeSource.
type LocalVolumeSource struct {
	Path   string  `json:"path"`
	FSType *string `json:"fsType,omitempty"`
}

// CSIPersistentVolumeSource is core/v1 CSIPersistentVolumeSource.
type CSIPersistentVolumeSource struct {
	Driver                     string            `json:"driver"`
	VolumeHandle               string            `json:"volumeHandle"`
	ReadOnly                   bool              `json:"readOnly,omitempty"`
	FSType                     string            `json:"fsType,omitempty"`
	VolumeAttributes           map[string]string `json:"volumeAttributes,omitempty"`
	ControllerPublishSecretRef *SecretReference  `json:"controllerPublishSecretRef,omitempty"`
	NodeStageSecretRef         *SecretReference  `json:"nodeStageSecretRef,omitempty"`
	NodePublishSecretRef       *SecretReference  `json:"nodePublishSecretRef,omitempty"`
	ControllerExpandSecretRef  *SecretReference  `json:"controllerExpandSecretRef,omitempty"`
	NodeExpandSecretRef        *SecretReference  `json:"nodeExpandSecretRef,omitempty"`
}

// SecretReference is core/v1 SecretReference.
type SecretReference struct {
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
}

// VolumeNodeAffinity is core/v1 VolumeNodeAffinity.
type VolumeNodeAffinity struct {
	Required *NodeSelector `json:"required,omitempty"`
}

// PersistentVolumePhase is a volume's lifecycle phase.
type PersistentVolumePhase string

// The volume phases (core/v1).
const (
	VolumePending   PersistentVolumePhase = "Pending"
	VolumeAvailable PersistentVolumePhase = "Available"
	VolumeBound     PersistentVolumePhase = "Bound"
	VolumeReleased  PersistentVolumePhase = "Released"
	VolumeFailed    PersistentVolumePhase = "Failed"
)

// PersistentVolumeStatus is core/v1 PersistentVolumeStatus.
type PersistentVolumeStatus struct {
	Phase                   PersistentVolumePhase `json:"phase,omitempty"`
	Message                 string                `json:"message,omitempty"`
	Reason                  string                `json:"reason,omitempty"`
	LastPhaseTransitionTime *Time                 `json:"lastPhaseTransitionTime,omitempty"`
}

// PersistentVolumeClaim is core/v1 PersistentVolumeClaim.
type PersistentVolumeClaim struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec   `json:"spec,omitempty"`
	Status     PersistentVolumeClaimStatus `json:"status,omitempty"`
}

// PersistentVolumeClaimPhase is a claim's lifecycle phase.
type PersistentVolumeClaimPhase string

// The claim phases (core/v1).
const (
	ClaimPending PersistentVolumeClaimPhase = "Pending"
	ClaimBound   PersistentVolumeClaimPhase = "Bound"
	ClaimLost    PersistentVolumeClaimPhase = "Lost"
)

// PersistentVolumeClaimConditionType names a claim condition.
type PersistentVolumeClaimConditionType string

// ClaimResourceStatus is the state of a claim's resize.
type ClaimResourceStatus string

// PersistentVolumeClaimModifyVolumeStatus is the state of a volume's
// attribute-class change.
type PersistentVolumeClaimModifyVolumeStatus string

// PersistentVolumeClaimStatus is core/v1 PersistentVolumeClaimStatus.
type PersistentVolumeClaimStatus struct {
	Phase                            PersistentVolumeClaimPhase           `json:"phase,omitempty"`
	AccessModes                      []PersistentVolumeAccessMode         `json:"accessModes,omitempty"`
	Capacity                         ResourceList                         `json:"capacity,omitempty"`
	Conditions                       []PersistentVolumeClaimCondition     `json:"conditions,omitempty"`
	AllocatedResources               ResourceList                         `json:"allocatedResources,omitempty"`
	AllocatedResourceStatuses        map[ResourceName]ClaimResourceStatus `json:"allocatedResourceStatuses,omitempty"`
	CurrentVolumeAttributesClassName *string                              `json:"currentVolumeAttributesClassName,omitempty"`
	ModifyVolumeStatus               *ModifyVolumeStatus                  `json:"modifyVolumeStatus,omitempty"`
}

// ModifyVolumeStatus is core/v1 ModifyVolumeStatus.
type ModifyVolumeStatus struct {
	TargetVolumeAttributesClassName string                                  `json:"targetVolumeAttributesClassName,omitempty"`
	Status                          PersistentVolumeClaimModifyVolumeStatus `json:"status"`
}

// PersistentVolumeClaimCondition is core/v1 PersistentVolumeClaimCondition.
type PersistentVolumeClaimCondition struct {
	Type               PersistentVolumeClaimConditionType `json:"type"`
	Status             ConditionStatus                    `json:"status"`
	LastProbeTime      Time                               `json:"lastProbeTime,omitempty"`
	LastTransitionTime Time                               `json:"lastTransitionTime,omitempty"`
	Reason             string                             `json:"reason,omitempty"`
	Message            string                             `json:"message,omitempty"`
}

// StorageClass is storage.k8s.io/v1 StorageClass.
type StorageClass struct {
	TypeMeta             `json:",inline"`
	ObjectMeta           `json:"metadata,omitempty"`
	Provisioner          string                         `json:"provisioner"`
	Parameters           map[string]string              `json:"parameters,omitempty"`
	ReclaimPolicy        *PersistentVolumeReclaimPolicy `json:"reclaimPolicy,omitempty"`
	MountOptions         []string                       `json:"mountOptions,omitempty"`
	AllowVolumeExpansion *bool                          `json:"allowVolumeExpansion,omitempty"`
	VolumeBindingMode    *VolumeBindingMode             `json:"volumeBindingMode,omitempty"`
	AllowedTopologies    []TopologySelectorTerm         `json:"allowedTopologies,omitempty"`
}

// VolumeBindingMode is Immediate or WaitForFirstConsumer.
type VolumeBindingMode string

// The binding modes (storage/v1).
const (
	VolumeBindingImmediate            VolumeBindingMode = "Immediate"
	VolumeBindingWaitForFirstConsumer VolumeBindingMode = "WaitForFirstConsumer"
)

// IsDefaultStorageClassAnnotation marks the default StorageClass
// (storageutil.IsDefaultStorageClassAnnotation).
const IsDefaultStorageClassAnnotation = "storageclass.kubernetes.io/is-default-class"

// TopologySelectorTerm is core/v1 TopologySelectorTerm.
type TopologySelectorTerm struct {
	MatchLabelExpressions []TopologySelectorLabelRequirement `json:"matchLabelExpressions,omitempty"`
}

// TopologySelectorLabelRequirement is core/v1 TopologySelectorLabelRequirement.
type TopologySelectorLabelRequirement struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// ResourceStorage is the resource a claim requests and a volume offers.
const ResourceStorage ResourceName = "storage"

// The host path types (core/v1) a provisioner writes; HostPathUnset is in
// volume.go.
const (
	HostPathDirectoryOrCreate HostPathType = "DirectoryOrCreate"
	HostPathDirectory         HostPathType = "Directory"
)

// The node selector operators (core/v1), which volume node affinity uses.
const (
	NodeSelectorOpIn           NodeSelectorOperator = "In"
	NodeSelectorOpNotIn        NodeSelectorOperator = "NotIn"
	NodeSelectorOpExists       NodeSelectorOperator = "Exists"
	NodeSelectorOpDoesNotExist NodeSelectorOperator = "DoesNotExist"
	NodeSelectorOpGt           NodeSelectorOperator = "Gt"
	NodeSelectorOpLt           NodeSelectorOperator = "Lt"
)

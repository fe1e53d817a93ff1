package api

// PersistentVolumeClaimTemplate is core/v1 PersistentVolumeClaimTemplate.
type PersistentVolumeClaimTemplate struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec `json:"spec"`
}

// PersistentVolumeClaimSpec is core/v1 PersistentVolumeClaimSpec.
type PersistentVolumeClaimSpec struct {
	AccessModes               []PersistentVolumeAccessMode `json:"accessModes,omitempty"`
	Selector                  *LabelSelector               `json:"selector,omitempty"`
	Resources                 VolumeResourceRequirements   `json:"resources,omitempty"`
	VolumeName                string                       `json:"volumeName,omitempty"`
	StorageClassName          *string                      `json:"storageClassName,omitempty"`
	VolumeMode                *PersistentVolumeMode        `json:"volumeMode,omitempty"`
	DataSource                *TypedLocalObjectReference   `json:"dataSource,omitempty"`
	DataSourceRef             *TypedObjectReference        `json:"dataSourceRef,omitempty"`
	VolumeAttributesClassName *string                      `json:"volumeAttributesClassName,omitempty"`
}

// PersistentVolumeAccessMode is core/v1 PersistentVolumeAccessMode.
type PersistentVolumeAccessMode string

// VolumeResourceRequirements is core/v1 VolumeResourceRequirements.
type VolumeResourceRequirements struct {
	Limits   ResourceList `json:"limits,omitempty"`
	Requests ResourceList `json:"requests,omitempty"`
}

// PersistentVolumeMode is core/v1 PersistentVolumeMode.
type PersistentVolumeMode string

// TypedLocalObjectReference is core/v1 TypedLocalObjectReference.
type TypedLocalObjectReference struct {
	APIGroup *string `json:"apiGroup"`
	Kind     string  `json:"kind"`
	Name     string  `json:"name"`
}

// TypedObjectReference is core/v1 TypedObjectReference.
type TypedObjectReference struct {
	APIGroup  *string `json:"apiGroup"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Namespace *string `json:"namespace,omitempty"`
}

package api

import "github.com/kubeplay/kubeplay/core/api/resource"

// Volumes: the part of core/v1's volume API a playground pod can use. The
// field names and JSON tags are upstream's (k8s.io/api/core/v1 types.go).
//
// The sources kept are those that need no other object to exist
// (emptyDir, downwardAPI, and projected with its serviceAccountToken,
// configMap and downwardAPI projections, which is what the ServiceAccount
// admission plugin injects into every pod: kube-api-access-xxxxx), and
// persistentVolumeClaim, whose claim the scheduler waits for and binds.
// A volume naming a Secret, a ConfigMap, a host path, ... is not modelled:
// such a manifest fails strict decoding (unknown field). The kubelet
// mounts nothing.

// Volume is core/v1 Volume: a named volume the pod's containers may mount.
type Volume struct {
	Name         string `json:"name"`
	VolumeSource `json:",inline"`
}

// VolumeSource is core/v1 VolumeSource (its emptyDir,
// persistentVolumeClaim, downwardAPI and projected members). Exactly one member may be set; a volume with none
// defaults to an emptyDir (SetDefaults_Volume).
type VolumeSource struct {
	EmptyDir              *EmptyDirVolumeSource              `json:"emptyDir,omitempty"`
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource `json:"persistentVolumeClaim,omitempty"`
	DownwardAPI           *DownwardAPIVolumeSource           `json:"downwardAPI,omitempty"`
	Projected             *ProjectedVolumeSource             `json:"projected,omitempty"`
}

// StorageMedium is "" (the node's default medium) or "Memory" (tmpfs).
type StorageMedium string

// EmptyDirVolumeSource is core/v1 EmptyDirVolumeSource.
type EmptyDirVolumeSource struct {
	Medium    StorageMedium      `json:"medium,omitempty"`
	SizeLimit *resource.Quantity `json:"sizeLimit,omitempty"`
}

// The default file modes of the volume sources that write files (0644).
const (
	DownwardAPIVolumeSourceDefaultMode int32 = 0644
	ProjectedVolumeSourceDefaultMode   int32 = 0644
)

// DownwardAPIVolumeSource is core/v1 DownwardAPIVolumeSource.
type DownwardAPIVolumeSource struct {
	Items       []DownwardAPIVolumeFile `json:"items,omitempty"`
	DefaultMode *int32                  `json:"defaultMode,omitempty"`
}

// DownwardAPIVolumeFile is core/v1 DownwardAPIVolumeFile: one file holding
// a pod field. (resourceFieldRef is not modelled.)
type DownwardAPIVolumeFile struct {
	Path     string               `json:"path"`
	FieldRef *ObjectFieldSelector `json:"fieldRef,omitempty"`
	Mode     *int32               `json:"mode,omitempty"`
}

// ProjectedVolumeSource is core/v1 ProjectedVolumeSource. Sources has no
// omitempty upstream, so an empty list prints as `sources: null`.
type ProjectedVolumeSource struct {
	Sources     []VolumeProjection `json:"sources"`
	DefaultMode *int32             `json:"defaultMode,omitempty"`
}

// VolumeProjection is core/v1 VolumeProjection (its downwardAPI, configMap
// and serviceAccountToken members). Exactly one member may be set.
type VolumeProjection struct {
	DownwardAPI         *DownwardAPIProjection         `json:"downwardAPI,omitempty"`
	ConfigMap           *ConfigMapProjection           `json:"configMap,omitempty"`
	ServiceAccountToken *ServiceAccountTokenProjection `json:"serviceAccountToken,omitempty"`
}

// DownwardAPIProjection is core/v1 DownwardAPIProjection.
type DownwardAPIProjection struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`
}

// LocalObjectReference is core/v1 LocalObjectReference.
type LocalObjectReference struct {
	Name string `json:"name,omitempty"`
}

// ConfigMapProjection is core/v1 ConfigMapProjection. The playground has
// no ConfigMaps: the projection is kept so that the kube-root-ca.crt
// source of the service account volume round-trips, and nothing reads it.
type ConfigMapProjection struct {
	LocalObjectReference `json:",inline"`
	Items                []KeyToPath `json:"items,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`
}

// KeyToPath is core/v1 KeyToPath.
type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Mode *int32 `json:"mode,omitempty"`
}

// ServiceAccountTokenProjection is core/v1 ServiceAccountTokenProjection.
type ServiceAccountTokenProjection struct {
	Audience          string `json:"audience,omitempty"`
	ExpirationSeconds *int64 `json:"expirationSeconds,omitempty"`
	Path              string `json:"path"`
}

// VolumeMount is core/v1 VolumeMount (without recursiveReadOnly and
// mountPropagation, which only matter to a real runtime).
type VolumeMount struct {
	Name        string `json:"name"`
	ReadOnly    bool   `json:"readOnly,omitempty"`
	MountPath   string `json:"mountPath"`
	SubPath     string `json:"subPath,omitempty"`
	SubPathExpr string `json:"subPathExpr,omitempty"`
}

// PreemptionPolicy is PreemptLowerPriority or Never.
type PreemptionPolicy string

const (
	PreemptLowerPriority PreemptionPolicy = "PreemptLowerPriority"
	PreemptNever         PreemptionPolicy = "Never"
)

// setDefaultsVolume models the volume part of the generated
// SetObjectDefaults_Pod (and of every object embedding a pod template):
// SetDefaults_Volume (a volume with no source is an emptyDir), then the
// defaults of its source: SetDefaults_DownwardAPIVolumeSource and
// SetDefaults_ProjectedVolumeSource (defaultMode 0644),
// SetDefaults_ServiceAccountTokenProjection (expirationSeconds 3600, one
// hour) and SetDefaults_ObjectFieldSelector (apiVersion v1) for every
// downward API item.
func setDefaultsVolume(v *Volume) {
	src := &v.VolumeSource
	if src.EmptyDir == nil && src.PersistentVolumeClaim == nil && src.DownwardAPI == nil && src.Projected == nil {
		src.EmptyDir = &EmptyDirVolumeSource{}
	}
	if d := src.DownwardAPI; d != nil {
		if d.DefaultMode == nil {
			d.DefaultMode = ptrTo(DownwardAPIVolumeSourceDefaultMode)
		}
		setDefaultsDownwardAPIItems(d.Items)
	}
	if p := src.Projected; p != nil {
		if p.DefaultMode == nil {
			p.DefaultMode = ptrTo(ProjectedVolumeSourceDefaultMode)
		}
		for i := range p.Sources {
			ps := &p.Sources[i]
			if t := ps.ServiceAccountToken; t != nil && t.ExpirationSeconds == nil {
				t.ExpirationSeconds = ptrTo(int64(3600))
			}
			if ps.DownwardAPI != nil {
				setDefaultsDownwardAPIItems(ps.DownwardAPI.Items)
			}
		}
	}
}

func setDefaultsDownwardAPIItems(items []DownwardAPIVolumeFile) {
	for i := range items {
		if ref := items[i].FieldRef; ref != nil && ref.APIVersion == "" {
			ref.APIVersion = "v1"
		}
	}
}

// convertServiceAccountAlias models what the v1 conversion functions do
// with the deprecated spec.serviceAccount, on every write of a pod or a
// pod template: Convert_v1_PodSpec_To_core_PodSpec takes it as the service
// account name when serviceAccountName is empty (serviceAccountName wins
// when both are set), and Convert_core_PodSpec_To_v1_PodSpec writes the
// name back into it, so every object read back carries both fields with
// the same value. The ServiceAccount admission plugin, which sets the name
// after this step, keeps the alias in step itself.
func convertServiceAccountAlias(s *PodSpec) {
	if s.ServiceAccountName == "" {
		s.ServiceAccountName = s.DeprecatedServiceAccount
	}
	s.DeprecatedServiceAccount = s.ServiceAccountName
}

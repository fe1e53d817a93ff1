package api

import "github.com/kubeplay/kubeplay/core/api/resource"

// Volume is core/v1 Volume.
type Volume struct {
	Name         string `json:"name"`
	VolumeSource `json:",inline"`
}

// VolumeSource is core/v1 VolumeSource.
type VolumeSource struct {
	HostPath              *HostPathVolumeSource              `json:"hostPath,omitempty"`
	EmptyDir              *EmptyDirVolumeSource              `json:"emptyDir,omitempty"`
	GCEPersistentDisk     *GCEPersistentDiskVolumeSource     `json:"gcePersistentDisk,omitempty"`
	AWSElasticBlockStore  *AWSElasticBlockStoreVolumeSource  `json:"awsElasticBlockStore,omitempty"`
	GitRepo               *GitRepoVolumeSource               `json:"gitRepo,omitempty"`
	Secret                *SecretVolumeSource                `json:"secret,omitempty"`
	NFS                   *NFSVolumeSource                   `json:"nfs,omitempty"`
	ISCSI                 *ISCSIVolumeSource                 `json:"iscsi,omitempty"`
	Glusterfs             *GlusterfsVolumeSource             `json:"glusterfs,omitempty"`
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource `json:"persistentVolumeClaim,omitempty"`
	RBD                   *RBDVolumeSource                   `json:"rbd,omitempty"`
	FlexVolume            *FlexVolumeSource                  `json:"flexVolume,omitempty"`
	Cinder                *CinderVolumeSource                `json:"cinder,omitempty"`
	CephFS                *CephFSVolumeSource                `json:"cephfs,omitempty"`
	Flocker               *FlockerVolumeSource               `json:"flocker,omitempty"`
	DownwardAPI           *DownwardAPIVolumeSource           `json:"downwardAPI,omitempty"`
	FC                    *FCVolumeSource                    `json:"fc,omitempty"`
	AzureFile             *AzureFileVolumeSource             `json:"azureFile,omitempty"`
	ConfigMap             *ConfigMapVolumeSource             `json:"configMap,omitempty"`
	VsphereVolume         *VsphereVirtualDiskVolumeSource    `json:"vsphereVolume,omitempty"`
	Quobyte               *QuobyteVolumeSource               `json:"quobyte,omitempty"`
	AzureDisk             *AzureDiskVolumeSource             `json:"azureDisk,omitempty"`
	PhotonPersistentDisk  *PhotonPersistentDiskVolumeSource  `json:"photonPersistentDisk,omitempty"`
	Projected             *ProjectedVolumeSource             `json:"projected,omitempty"`
	PortworxVolume        *PortworxVolumeSource              `json:"portworxVolume,omitempty"`
	ScaleIO               *ScaleIOVolumeSource               `json:"scaleIO,omitempty"`
	StorageOS             *StorageOSVolumeSource             `json:"storageos,omitempty"`
	CSI                   *CSIVolumeSource                   `json:"csi,omitempty"`
	Ephemeral             *EphemeralVolumeSource             `json:"ephemeral,omitempty"`
	Image                 *ImageVolumeSource                 `json:"image,omitempty"`
}

// HostPathVolumeSource is core/v1 HostPathVolumeSource.
type HostPathVolumeSource struct {
	Path string        `json:"path"`
	Type *HostPathType `json:"type,omitempty"`
}

// HostPathType is core/v1 HostPathType.
type HostPathType string

// EmptyDirVolumeSource is core/v1 EmptyDirVolumeSource.
type EmptyDirVolumeSource struct {
	Medium    StorageMedium      `json:"medium,omitempty"`
	SizeLimit *resource.Quantity `json:"sizeLimit,omitempty"`
	Mode      *int32             `json:"mode,omitempty"`
}

// StorageMedium is core/v1 StorageMedium.
type StorageMedium string

// SecretVolumeSource is core/v1 SecretVolumeSource.
type SecretVolumeSource struct {
	SecretName  string      `json:"secretName,omitempty"`
	Items       []KeyToPath `json:"items,omitempty"`
	DefaultMode *int32      `json:"defaultMode,omitempty"`
	Optional    *bool       `json:"optional,omitempty"`
	DefaultUser *int64      `json:"defaultUser,omitempty"`
}

// KeyToPath is core/v1 KeyToPath.
type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Mode *int32 `json:"mode,omitempty"`
	User *int64 `json:"user,omitempty"`
}

// LocalObjectReference is core/v1 LocalObjectReference.
type LocalObjectReference struct {
	Name string `json:"name,omitempty"`
}

// PersistentVolumeClaimVolumeSource is core/v1 PersistentVolumeClaimVolumeSource.
type PersistentVolumeClaimVolumeSource struct {
	ClaimName string `json:"claimName"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// DownwardAPIVolumeSource is core/v1 DownwardAPIVolumeSource.
type DownwardAPIVolumeSource struct {
	Items       []DownwardAPIVolumeFile `json:"items,omitempty"`
	DefaultMode *int32                  `json:"defaultMode,omitempty"`
	DefaultUser *int64                  `json:"defaultUser,omitempty"`
}

// DownwardAPIVolumeFile is core/v1 DownwardAPIVolumeFile.
type DownwardAPIVolumeFile struct {
	Path             string                 `json:"path"`
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	Mode             *int32                 `json:"mode,omitempty"`
	User             *int64                 `json:"user,omitempty"`
}

// ObjectFieldSelector is core/v1 ObjectFieldSelector.
type ObjectFieldSelector struct {
	APIVersion string `json:"apiVersion,omitempty"`
	FieldPath  string `json:"fieldPath"`
}

// ResourceFieldSelector is core/v1 ResourceFieldSelector.
type ResourceFieldSelector struct {
	ContainerName string            `json:"containerName,omitempty"`
	Resource      string            `json:"resource"`
	Divisor       resource.Quantity `json:"divisor,omitempty"`
}

// ConfigMapVolumeSource is core/v1 ConfigMapVolumeSource.
type ConfigMapVolumeSource struct {
	LocalObjectReference `json:",inline"`
	Items                []KeyToPath `json:"items,omitempty"`
	DefaultMode          *int32      `json:"defaultMode,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`
	DefaultUser          *int64      `json:"defaultUser,omitempty"`
}

// ProjectedVolumeSource is core/v1 ProjectedVolumeSource.
type ProjectedVolumeSource struct {
	Sources     []VolumeProjection `json:"sources"`
	DefaultMode *int32             `json:"defaultMode,omitempty"`
	DefaultUser *int64             `json:"defaultUser,omitempty"`
}

// VolumeProjection is core/v1 VolumeProjection.
type VolumeProjection struct {
	Secret              *SecretProjection              `json:"secret,omitempty"`
	DownwardAPI         *DownwardAPIProjection         `json:"downwardAPI,omitempty"`
	ConfigMap           *ConfigMapProjection           `json:"configMap,omitempty"`
	ServiceAccountToken *ServiceAccountTokenProjection `json:"serviceAccountToken,omitempty"`
	ClusterTrustBundle  *ClusterTrustBundleProjection  `json:"clusterTrustBundle,omitempty"`
	PodCertificate      *PodCertificateProjection      `json:"podCertificate,omitempty"`
}

// SecretProjection is core/v1 SecretProjection, field for field a
// ConfigMapProjection.
type SecretProjection ConfigMapProjection

// DownwardAPIProjection is core/v1 DownwardAPIProjection.
type DownwardAPIProjection struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`
}

// ConfigMapProjection is core/v1 ConfigMapProjection.
type ConfigMapProjection struct {
	LocalObjectReference `json:",inline"`
	Items                []KeyToPath `json:"items,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`
}

// ServiceAccountTokenProjection is core/v1 ServiceAccountTokenProjection.
type ServiceAccountTokenProjection struct {
	Audience          string `json:"audience,omitempty"`
	ExpirationSeconds *int64 `json:"expirationSeconds,omitempty"`
	Path              string `json:"path"`
	User              *int64 `json:"user,omitempty"`
}

// ClusterTrustBundleProjection is core/v1 ClusterTrustBundleProjection.
type ClusterTrustBundleProjection struct {
	Name          *string        `json:"name,omitempty"`
	SignerName    *string        `json:"signerName,omitempty"`
	LabelSelector *LabelSelector `json:"labelSelector,omitempty"`
	Optional      *bool          `json:"optional,omitempty"`
	Path          string         `json:"path"`
	User          *int64         `json:"user,omitempty"`
}

// PodCertificateProjection is core/v1 PodCertificateProjection.
type PodCertificateProjection struct {
	SignerName           string            `json:"signerName,omitempty"`
	KeyType              string            `json:"keyType,omitempty"`
	MaxExpirationSeconds *int32            `json:"maxExpirationSeconds,omitempty"`
	CredentialBundlePath string            `json:"credentialBundlePath,omitempty"`
	KeyPath              string            `json:"keyPath,omitempty"`
	CertificateChainPath string            `json:"certificateChainPath,omitempty"`
	UserAnnotations      map[string]string `json:"userAnnotations,omitempty"`
	User                 *int64            `json:"user,omitempty"`
}

// CSIVolumeSource is core/v1 CSIVolumeSource.
type CSIVolumeSource struct {
	Driver               string                `json:"driver"`
	ReadOnly             *bool                 `json:"readOnly,omitempty"`
	FSType               *string               `json:"fsType,omitempty"`
	VolumeAttributes     map[string]string     `json:"volumeAttributes,omitempty"`
	NodePublishSecretRef *LocalObjectReference `json:"nodePublishSecretRef,omitempty"`
}

// EphemeralVolumeSource is core/v1 EphemeralVolumeSource.
type EphemeralVolumeSource struct {
	VolumeClaimTemplate *PersistentVolumeClaimTemplate `json:"volumeClaimTemplate,omitempty"`
}

// ImageVolumeSource is core/v1 ImageVolumeSource.
type ImageVolumeSource struct {
	Reference  string     `json:"reference,omitempty"`
	PullPolicy PullPolicy `json:"pullPolicy,omitempty"`
}

// VolumeMount is core/v1 VolumeMount.
type VolumeMount struct {
	Name              string                 `json:"name"`
	ReadOnly          bool                   `json:"readOnly,omitempty"`
	RecursiveReadOnly *RecursiveReadOnlyMode `json:"recursiveReadOnly,omitempty"`
	MountPath         string                 `json:"mountPath"`
	SubPath           string                 `json:"subPath,omitempty"`
	MountPropagation  *MountPropagationMode  `json:"mountPropagation,omitempty"`
	SubPathExpr       string                 `json:"subPathExpr,omitempty"`
	BindMountOptions  []string               `json:"bindMountOptions,omitempty"`
}

// RecursiveReadOnlyMode is core/v1 RecursiveReadOnlyMode.
type RecursiveReadOnlyMode string

// MountPropagationMode is core/v1 MountPropagationMode.
type MountPropagationMode string

// VolumeDevice is core/v1 VolumeDevice.
type VolumeDevice struct {
	Name       string `json:"name"`
	DevicePath string `json:"devicePath"`
}

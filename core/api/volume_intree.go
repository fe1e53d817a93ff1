package api

// The in-tree storage plugins' volume sources: cloud disks, network file
// systems and the deprecated drivers. A real v1.37 API server still
// serves, defaults and validates them (most now go to their CSI drivers
// through migration), so a manifest naming one decodes and is stored here;
// the playground's kubelet has no such storage to attach.

// setDefaultsInTreeVolume is the part of the generated volume defaults
// (zz_generated.defaults.go) that belongs to the in-tree sources: the
// +default markers of ISCSIVolumeSource, RBDVolumeSource,
// AzureDiskVolumeSource and ScaleIOVolumeSource.
func setDefaultsInTreeVolume(src *VolumeSource) {
	if i := src.ISCSI; i != nil && i.ISCSIInterface == "" {
		i.ISCSIInterface = "default"
	}
	if r := src.RBD; r != nil {
		if r.RBDPool == "" {
			r.RBDPool = "rbd"
		}
		if r.RadosUser == "" {
			r.RadosUser = "admin"
		}
		if r.Keyring == "" {
			r.Keyring = "/etc/ceph/keyring"
		}
	}
	if a := src.AzureDisk; a != nil {
		if a.CachingMode == nil {
			a.CachingMode = ptrTo(AzureDataDiskCachingMode("ReadWrite"))
		}
		if a.FSType == nil {
			a.FSType = ptrTo("ext4")
		}
		if a.ReadOnly == nil {
			a.ReadOnly = ptrTo(false)
		}
		if a.Kind == nil {
			a.Kind = ptrTo(AzureDataDiskKind("Shared"))
		}
	}
	if sc := src.ScaleIO; sc != nil {
		if sc.StorageMode == "" {
			sc.StorageMode = "ThinProvisioned"
		}
		if sc.FSType == "" {
			sc.FSType = "xfs"
		}
	}
}

// GCEPersistentDiskVolumeSource is core/v1 GCEPersistentDiskVolumeSource.
type GCEPersistentDiskVolumeSource struct {
	PDName    string `json:"pdName"`
	FSType    string `json:"fsType,omitempty"`
	Partition int32  `json:"partition,omitempty"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// AWSElasticBlockStoreVolumeSource is core/v1 AWSElasticBlockStoreVolumeSource.
type AWSElasticBlockStoreVolumeSource struct {
	VolumeID  string `json:"volumeID"`
	FSType    string `json:"fsType,omitempty"`
	Partition int32  `json:"partition,omitempty"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// GitRepoVolumeSource is core/v1 GitRepoVolumeSource.
type GitRepoVolumeSource struct {
	Repository string `json:"repository"`
	Revision   string `json:"revision,omitempty"`
	Directory  string `json:"directory,omitempty"`
}

// NFSVolumeSource is core/v1 NFSVolumeSource.
type NFSVolumeSource struct {
	Server   string `json:"server"`
	Path     string `json:"path"`
	ReadOnly bool   `json:"readOnly,omitempty"`
}

// ISCSIVolumeSource is core/v1 ISCSIVolumeSource.
type ISCSIVolumeSource struct {
	TargetPortal      string                `json:"targetPortal"`
	IQN               string                `json:"iqn"`
	Lun               int32                 `json:"lun"`
	ISCSIInterface    string                `json:"iscsiInterface,omitempty"`
	FSType            string                `json:"fsType,omitempty"`
	ReadOnly          bool                  `json:"readOnly,omitempty"`
	Portals           []string              `json:"portals,omitempty"`
	DiscoveryCHAPAuth bool                  `json:"chapAuthDiscovery,omitempty"`
	SessionCHAPAuth   bool                  `json:"chapAuthSession,omitempty"`
	SecretRef         *LocalObjectReference `json:"secretRef,omitempty"`
	InitiatorName     *string               `json:"initiatorName,omitempty"`
}

// GlusterfsVolumeSource is core/v1 GlusterfsVolumeSource.
type GlusterfsVolumeSource struct {
	EndpointsName string `json:"endpoints"`
	Path          string `json:"path"`
	ReadOnly      bool   `json:"readOnly,omitempty"`
}

// RBDVolumeSource is core/v1 RBDVolumeSource.
type RBDVolumeSource struct {
	CephMonitors []string              `json:"monitors"`
	RBDImage     string                `json:"image"`
	FSType       string                `json:"fsType,omitempty"`
	RBDPool      string                `json:"pool,omitempty"`
	RadosUser    string                `json:"user,omitempty"`
	Keyring      string                `json:"keyring,omitempty"`
	SecretRef    *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly     bool                  `json:"readOnly,omitempty"`
}

// FlexVolumeSource is core/v1 FlexVolumeSource.
type FlexVolumeSource struct {
	Driver    string                `json:"driver"`
	FSType    string                `json:"fsType,omitempty"`
	SecretRef *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly  bool                  `json:"readOnly,omitempty"`
	Options   map[string]string     `json:"options,omitempty"`
}

// CinderVolumeSource is core/v1 CinderVolumeSource.
type CinderVolumeSource struct {
	VolumeID  string                `json:"volumeID"`
	FSType    string                `json:"fsType,omitempty"`
	ReadOnly  bool                  `json:"readOnly,omitempty"`
	SecretRef *LocalObjectReference `json:"secretRef,omitempty"`
}

// CephFSVolumeSource is core/v1 CephFSVolumeSource.
type CephFSVolumeSource struct {
	Monitors   []string              `json:"monitors"`
	Path       string                `json:"path,omitempty"`
	User       string                `json:"user,omitempty"`
	SecretFile string                `json:"secretFile,omitempty"`
	SecretRef  *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly   bool                  `json:"readOnly,omitempty"`
}

// FlockerVolumeSource is core/v1 FlockerVolumeSource.
type FlockerVolumeSource struct {
	DatasetName string `json:"datasetName,omitempty"`
	DatasetUUID string `json:"datasetUUID,omitempty"`
}

// FCVolumeSource is core/v1 FCVolumeSource.
type FCVolumeSource struct {
	TargetWWNs []string `json:"targetWWNs,omitempty"`
	Lun        *int32   `json:"lun,omitempty"`
	FSType     string   `json:"fsType,omitempty"`
	ReadOnly   bool     `json:"readOnly,omitempty"`
	WWIDs      []string `json:"wwids,omitempty"`
}

// AzureFileVolumeSource is core/v1 AzureFileVolumeSource.
type AzureFileVolumeSource struct {
	SecretName string `json:"secretName"`
	ShareName  string `json:"shareName"`
	ReadOnly   bool   `json:"readOnly,omitempty"`
}

// VsphereVirtualDiskVolumeSource is core/v1 VsphereVirtualDiskVolumeSource.
type VsphereVirtualDiskVolumeSource struct {
	VolumePath        string `json:"volumePath"`
	FSType            string `json:"fsType,omitempty"`
	StoragePolicyName string `json:"storagePolicyName,omitempty"`
	StoragePolicyID   string `json:"storagePolicyID,omitempty"`
}

// QuobyteVolumeSource is core/v1 QuobyteVolumeSource.
type QuobyteVolumeSource struct {
	Registry string `json:"registry"`
	Volume   string `json:"volume"`
	ReadOnly bool   `json:"readOnly,omitempty"`
	User     string `json:"user,omitempty"`
	Group    string `json:"group,omitempty"`
	Tenant   string `json:"tenant,omitempty"`
}

// AzureDiskVolumeSource is core/v1 AzureDiskVolumeSource.
type AzureDiskVolumeSource struct {
	DiskName    string                    `json:"diskName"`
	DataDiskURI string                    `json:"diskURI"`
	CachingMode *AzureDataDiskCachingMode `json:"cachingMode,omitempty"`
	FSType      *string                   `json:"fsType,omitempty"`
	ReadOnly    *bool                     `json:"readOnly,omitempty"`
	Kind        *AzureDataDiskKind        `json:"kind,omitempty"`
}

// AzureDataDiskCachingMode is core/v1 AzureDataDiskCachingMode.
type AzureDataDiskCachingMode string

// AzureDataDiskKind is core/v1 AzureDataDiskKind.
type AzureDataDiskKind string

// PhotonPersistentDiskVolumeSource is core/v1 PhotonPersistentDiskVolumeSource.
type PhotonPersistentDiskVolumeSource struct {
	PdID   string `json:"pdID"`
	FSType string `json:"fsType,omitempty"`
}

// PortworxVolumeSource is core/v1 PortworxVolumeSource.
type PortworxVolumeSource struct {
	VolumeID string `json:"volumeID"`
	FSType   string `json:"fsType,omitempty"`
	ReadOnly bool   `json:"readOnly,omitempty"`
}

// ScaleIOVolumeSource is core/v1 ScaleIOVolumeSource.
type ScaleIOVolumeSource struct {
	Gateway          string                `json:"gateway"`
	System           string                `json:"system"`
	SecretRef        *LocalObjectReference `json:"secretRef"`
	SSLEnabled       bool                  `json:"sslEnabled,omitempty"`
	ProtectionDomain string                `json:"protectionDomain,omitempty"`
	StoragePool      string                `json:"storagePool,omitempty"`
	StorageMode      string                `json:"storageMode,omitempty"`
	VolumeName       string                `json:"volumeName,omitempty"`
	FSType           string                `json:"fsType,omitempty"`
	ReadOnly         bool                  `json:"readOnly,omitempty"`
}

// StorageOSVolumeSource is core/v1 StorageOSVolumeSource.
type StorageOSVolumeSource struct {
	VolumeName      string                `json:"volumeName,omitempty"`
	VolumeNamespace string                `json:"volumeNamespace,omitempty"`
	FSType          string                `json:"fsType,omitempty"`
	ReadOnly        bool                  `json:"readOnly,omitempty"`
	SecretRef       *LocalObjectReference `json:"secretRef,omitempty"`
}

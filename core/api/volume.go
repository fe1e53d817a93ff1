package api

// Volumes: every volume source of core/v1 (volume_types.go, and the
// in-tree storage plugins in volume_intree.go) decodes, defaults and
// validates as upstream's. What the kubelet can mount is its business:
// emptyDir, configMap, secret, downwardAPI, projected and hostPath are
// modelled; the others are stored and printed as given.

// The default file modes of the volume sources that write files (0644),
// and the host path type that checks nothing.
const (
	SecretVolumeSourceDefaultMode      int32 = 0644
	ConfigMapVolumeSourceDefaultMode   int32 = 0644
	DownwardAPIVolumeSourceDefaultMode int32 = 0644
	ProjectedVolumeSourceDefaultMode   int32 = 0644

	HostPathUnset HostPathType = ""

	PersistentVolumeFilesystem PersistentVolumeMode = "Filesystem"
)

const (
	PreemptLowerPriority PreemptionPolicy = "PreemptLowerPriority"
	PreemptNever         PreemptionPolicy = "Never"
)

// setDefaultsVolume models the volume part of the generated
// SetObjectDefaults_Pod (and of every object embedding a pod template):
// SetDefaults_Volume (a volume with no source is an emptyDir; an image
// volume's pullPolicy follows its tag, as a container's), then the
// defaults of its source in upstream's order: SetDefaults_HostPathVolumeSource
// (type ""), SetDefaults_SecretVolumeSource, the iscsi and rbd field
// defaults, SetDefaults_DownwardAPIVolumeSource, SetDefaults_ConfigMapVolumeSource,
// the azureDisk defaults, SetDefaults_ProjectedVolumeSource (every
// defaultMode 0644) with SetDefaults_ServiceAccountTokenProjection
// (expirationSeconds 3600), the scaleIO defaults, and for an ephemeral
// volume SetDefaults_PersistentVolumeClaimSpec (volumeMode Filesystem) and
// its resource lists rounded; SetDefaults_ObjectFieldSelector (apiVersion
// v1) for every downward API item.
func setDefaultsVolume(v *Volume) {
	src := &v.VolumeSource
	if *src == (VolumeSource{}) {
		src.EmptyDir = &EmptyDirVolumeSource{}
	}
	if img := src.Image; img != nil && img.PullPolicy == "" {
		img.PullPolicy = DefaultPullPolicy(img.Reference)
	}
	if h := src.HostPath; h != nil && h.Type == nil {
		h.Type = ptrTo(HostPathUnset)
	}
	if sv := src.Secret; sv != nil && sv.DefaultMode == nil {
		sv.DefaultMode = ptrTo(SecretVolumeSourceDefaultMode)
	}
	setDefaultsInTreeVolume(src)
	if d := src.DownwardAPI; d != nil {
		if d.DefaultMode == nil {
			d.DefaultMode = ptrTo(DownwardAPIVolumeSourceDefaultMode)
		}
		setDefaultsDownwardAPIItems(d.Items)
	}
	if c := src.ConfigMap; c != nil && c.DefaultMode == nil {
		c.DefaultMode = ptrTo(ConfigMapVolumeSourceDefaultMode)
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
	if e := src.Ephemeral; e != nil && e.VolumeClaimTemplate != nil {
		SetDefaultsPersistentVolumeClaimSpec(&e.VolumeClaimTemplate.Spec)
	}
}

// SetDefaultsPersistentVolumeClaimSpec models SetDefaults_PersistentVolumeClaimSpec
// (volumeMode Filesystem) with the rounding of the claim's resource lists
// that the generated defaulters add wherever a claim spec appears.
func SetDefaultsPersistentVolumeClaimSpec(s *PersistentVolumeClaimSpec) {
	if s.VolumeMode == nil {
		s.VolumeMode = ptrTo(PersistentVolumeFilesystem)
	}
	roundResourceList(s.Resources.Limits)
	roundResourceList(s.Resources.Requests)
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

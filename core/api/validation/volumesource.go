package validation

import (
	"fmt"
	"path"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// emptyDirModeErrorMsg is upstream's message for an emptyDir mode out of
// range (the sticky bit is allowed there).
const emptyDirModeErrorMsg = "must be a number between 0 and 01777 (octal), both inclusive"

// volumeMember is one member of a VolumeSource: its JSON name (as the
// "more than 1 volume type" error spells it), whether it is set, and its
// validation.
type volumeMember struct {
	name     string
	set      bool
	validate func() field.ErrorList
}

// validateVolumeSource models validateVolumeSource: one source only (the
// second and later ones are Forbidden, in upstream's member order), each
// valid. volName and podName are for the checks that build a name from
// them (iscsi's initiator, an ephemeral volume's claim).
func validateVolumeSource(src *api.VolumeSource, fldPath *field.Path, volName, podName string) field.ErrorList {
	c := func(name string) *field.Path { return fldPath.Child(name) }
	members := []volumeMember{
		{"emptyDir", src.EmptyDir != nil, func() field.ErrorList { return validateEmptyDir(src.EmptyDir, c("emptyDir")) }},
		{"hostPath", src.HostPath != nil, func() field.ErrorList { return validateHostPathVolumeSource(src.HostPath, c("hostPath")) }},
		{"gitRepo", src.GitRepo != nil, func() field.ErrorList { return validateGitRepoVolumeSource(src.GitRepo, c("gitRepo")) }},
		// Upstream validates gcePersistentDisk under "persistentDisk".
		{"gcePersistentDisk", src.GCEPersistentDisk != nil, func() field.ErrorList {
			return validateGCEPersistentDiskVolumeSource(src.GCEPersistentDisk, c("persistentDisk"))
		}},
		{"awsElasticBlockStore", src.AWSElasticBlockStore != nil, func() field.ErrorList {
			return validateAWSElasticBlockStoreVolumeSource(src.AWSElasticBlockStore, c("awsElasticBlockStore"))
		}},
		{"secret", src.Secret != nil, func() field.ErrorList { return validateSecretVolumeSource(src.Secret, c("secret")) }},
		{"nfs", src.NFS != nil, func() field.ErrorList { return validateNFSVolumeSource(src.NFS, c("nfs")) }},
		{"iscsi", src.ISCSI != nil, func() field.ErrorList { return validateISCSIVolumeSource(src.ISCSI, c("iscsi")) }},
		{"glusterfs", src.Glusterfs != nil, func() field.ErrorList { return validateGlusterfsVolumeSource(src.Glusterfs, c("glusterfs")) }},
		{"flocker", src.Flocker != nil, func() field.ErrorList { return validateFlockerVolumeSource(src.Flocker, c("flocker")) }},
		{"persistentVolumeClaim", src.PersistentVolumeClaim != nil, func() field.ErrorList {
			return validatePersistentClaimVolumeSource(src.PersistentVolumeClaim, c("persistentVolumeClaim"))
		}},
		{"rbd", src.RBD != nil, func() field.ErrorList { return validateRBDVolumeSource(src.RBD, c("rbd")) }},
		{"cinder", src.Cinder != nil, func() field.ErrorList { return validateCinderVolumeSource(src.Cinder, c("cinder")) }},
		// Upstream forbids a second source as "cephFS" and validates under "cephfs".
		{"cephFS", src.CephFS != nil, func() field.ErrorList { return validateCephFSVolumeSource(src.CephFS, c("cephfs")) }},
		{"quobyte", src.Quobyte != nil, func() field.ErrorList { return validateQuobyteVolumeSource(src.Quobyte, c("quobyte")) }},
		// Upstream's spelling of this one path.
		{"downwarAPI", src.DownwardAPI != nil, func() field.ErrorList {
			return validateDownwardAPIVolumeSource(src.DownwardAPI, c("downwardAPI"))
		}},
		{"fc", src.FC != nil, func() field.ErrorList { return validateFCVolumeSource(src.FC, c("fc")) }},
		{"flexVolume", src.FlexVolume != nil, func() field.ErrorList { return validateFlexVolumeSource(src.FlexVolume, c("flexVolume")) }},
		{"configMap", src.ConfigMap != nil, func() field.ErrorList { return validateConfigMapVolumeSource(src.ConfigMap, c("configMap")) }},
		{"azureFile", src.AzureFile != nil, func() field.ErrorList { return validateAzureFile(src.AzureFile, c("azureFile")) }},
		{"vsphereVolume", src.VsphereVolume != nil, func() field.ErrorList {
			return validateVsphereVolumeSource(src.VsphereVolume, c("vsphereVolume"))
		}},
		{"photonPersistentDisk", src.PhotonPersistentDisk != nil, func() field.ErrorList {
			return validatePhotonPersistentDiskVolumeSource(src.PhotonPersistentDisk, c("photonPersistentDisk"))
		}},
		{"portworxVolume", src.PortworxVolume != nil, func() field.ErrorList {
			return validatePortworxVolumeSource(src.PortworxVolume, c("portworxVolume"))
		}},
		{"azureDisk", src.AzureDisk != nil, func() field.ErrorList { return validateAzureDisk(src.AzureDisk, c("azureDisk")) }},
		{"storageos", src.StorageOS != nil, func() field.ErrorList { return validateStorageOSVolumeSource(src.StorageOS, c("storageos")) }},
		{"projected", src.Projected != nil, func() field.ErrorList { return validateProjectedVolumeSource(src.Projected, c("projected")) }},
		{"scaleIO", src.ScaleIO != nil, func() field.ErrorList { return validateScaleIOVolumeSource(src.ScaleIO, c("scaleIO")) }},
		{"csi", src.CSI != nil, func() field.ErrorList { return validateCSIVolumeSource(src.CSI, c("csi")) }},
		{"ephemeral", src.Ephemeral != nil, func() field.ErrorList {
			return validateEphemeralVolumeSource(src.Ephemeral, fldPath, volName, podName)
		}},
		{"image", src.Image != nil, func() field.ErrorList { return validateImageVolumeSource(src.Image, c("image")) }},
	}
	var errs field.ErrorList
	n := 0
	for _, m := range members {
		if !m.set {
			continue
		}
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child(m.name), "may not specify more than 1 volume type"))
		} else {
			n++
			errs = append(errs, m.validate()...)
		}
		// The initiator check runs even for a second, forbidden source.
		if m.name == "iscsi" && src.ISCSI.InitiatorName != nil && len(volName+":"+src.ISCSI.TargetPortal) > 64 {
			errs = append(errs, field.Invalid(fldPath.Child("name"), volName,
				"Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified."))
		}
	}
	if n == 0 {
		errs = append(errs, field.Required(fldPath, "must specify a volume type"))
	}
	return errs
}

func validateEmptyDir(e *api.EmptyDirVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if e.SizeLimit != nil && e.SizeLimit.Cmp(resource.Quantity{}) < 0 {
		errs = append(errs, field.Forbidden(fldPath.Child("sizeLimit"), "SizeLimit field must be a valid resource quantity"))
	}
	if e.Mode != nil && (*e.Mode > 01777 || *e.Mode < 0) {
		errs = append(errs, field.Invalid(fldPath.Child("mode"), *e.Mode, emptyDirModeErrorMsg))
	}
	return errs
}

// supportedHostPathTypes is sets.List(supportedHostPathTypes): sorted.
var supportedHostPathTypes = []api.HostPathType{"", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"}

// validateHostPathVolumeSource models validateHostPathVolumeSource and
// validateHostPathType.
func validateHostPathVolumeSource(h *api.HostPathVolumeSource, fldPath *field.Path) field.ErrorList {
	if h.Path == "" {
		return field.ErrorList{field.Required(fldPath.Child("path"), "")}
	}
	errs := validatePathNoBacksteps(h.Path, fldPath.Child("path"))
	if h.Type != nil {
		ok := false
		for _, t := range supportedHostPathTypes {
			ok = ok || t == *h.Type
		}
		if !ok {
			errs = append(errs, field.NotSupported(fldPath.Child("type"), *h.Type, supportedHostPathTypes))
		}
	}
	return errs
}

// validatePathNoBacksteps models validatePathNoBacksteps: no ".." element.
func validatePathNoBacksteps(target string, fldPath *field.Path) field.ErrorList {
	for _, item := range strings.Split(target, "/") {
		if item == ".." {
			return field.ErrorList{field.Invalid(fldPath, target, "must not contain '..'")}
		}
	}
	return nil
}

// validateUserField models validateUserField.
func validateUserField(user *int64, fldPath *field.Path) field.ErrorList {
	if user == nil {
		return nil
	}
	var errs field.ErrorList
	for _, msg := range isValidUserID(*user) {
		errs = append(errs, field.Invalid(fldPath, *user, msg))
	}
	return errs
}

// validateSecretVolumeSource models validateSecretVolumeSource.
func validateSecretVolumeSource(s *api.SecretVolumeSource, fldPath *field.Path) field.ErrorList {
	return validateKeyedVolume("secretName", s.SecretName, s.DefaultMode, s.DefaultUser, s.Items, fldPath)
}

// validateConfigMapVolumeSource models validateConfigMapVolumeSource.
func validateConfigMapVolumeSource(c *api.ConfigMapVolumeSource, fldPath *field.Path) field.ErrorList {
	return validateKeyedVolume("name", c.Name, c.DefaultMode, c.DefaultUser, c.Items, fldPath)
}

// validateKeyedVolume is what the secret and configMap volume checks
// share: the object's name (under its field's name), the file mode and
// owner, and each item.
func validateKeyedVolume(nameField, name string, mode *int32, user *int64, items []api.KeyToPath, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if name == "" {
		errs = append(errs, field.Required(fldPath.Child(nameField), ""))
	}
	errs = append(errs, validateFileMode(mode, fldPath.Child("defaultMode"))...)
	errs = append(errs, validateUserField(user, fldPath.Child("defaultUser"))...)
	for i := range items {
		errs = append(errs, validateKeyToPath(&items[i], fldPath.Child("items").Index(i))...)
	}
	return errs
}

// validatePersistentClaimVolumeSource models validatePersistentClaimVolumeSource.
func validatePersistentClaimVolumeSource(c *api.PersistentVolumeClaimVolumeSource, fldPath *field.Path) field.ErrorList {
	if c.ClaimName == "" {
		return field.ErrorList{field.Required(fldPath.Child("claimName"), "")}
	}
	return nil
}

// validateImageVolumeSource models validateImageVolumeSource.
func validateImageVolumeSource(i *api.ImageVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if i.Reference == "" {
		errs = append(errs, field.Required(fldPath.Child("reference"), ""))
	}
	return append(errs, validatePullPolicy(i.PullPolicy, fldPath.Child("pullPolicy"))...)
}

// validateCSIVolumeSource models validateCSIVolumeSource and
// ValidateCSIDriverName.
func validateCSIVolumeSource(c *api.CSIVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	driver := fldPath.Child("driver")
	if c.Driver == "" {
		errs = append(errs, field.Required(driver, ""))
	} else {
		if len(c.Driver) > 63 {
			errs = append(errs, field.TooLong(driver, "", 63))
		}
		for _, msg := range nameIsDNSSubdomain(strings.ToLower(c.Driver), false) {
			errs = append(errs, field.Invalid(driver, c.Driver, msg))
		}
	}
	if ref := c.NodePublishSecretRef; ref != nil {
		if ref.Name == "" {
			errs = append(errs, field.Required(fldPath.Child("nodePublishSecretRef", "name"), ""))
		} else {
			for _, msg := range nameIsDNSSubdomain(ref.Name, false) {
				errs = append(errs, field.Invalid(fldPath.Child("name"), ref.Name, msg))
			}
		}
	}
	return errs
}

// validateEphemeralVolumeSource models validateEphemeralVolumeSource and
// the claim-name check validateVolumeSource adds: the claim is named
// <pod>-<volume>, which must be a valid object name. fldPath is the
// volume's.
func validateEphemeralVolumeSource(e *api.EphemeralVolumeSource, fldPath *field.Path, volName, podName string) field.ErrorList {
	var errs field.ErrorList
	ePath := fldPath.Child("ephemeral")
	if e.VolumeClaimTemplate == nil {
		errs = append(errs, field.Required(ePath.Child("volumeClaimTemplate"), ""))
	} else {
		t := e.VolumeClaimTemplate
		tPath := ePath.Child("volumeClaimTemplate")
		errs = append(errs, validateTemplateObjectMeta(&t.ObjectMeta, tPath.Child("metadata"))...)
		errs = append(errs, validateClaimSpecBasics(&t.Spec, tPath.Child("spec"))...)
	}
	if podName != "" && volName != "" {
		claim := podName + "-" + volName
		for _, msg := range nameIsDNSSubdomain(claim, false) {
			errs = append(errs, field.Invalid(fldPath.Child("name"), volName, fmt.Sprintf("PVC name %q: %v", claim, msg)))
		}
	}
	return errs
}

// supportedAccessModes and supportedVolumeModes are upstream's sets, sorted.
var (
	supportedAccessModes = []api.PersistentVolumeAccessMode{"ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"}
	supportedVolumeModes = []api.PersistentVolumeMode{"Block", "Filesystem"}
)

// validateClaimSpecBasics models the part of ValidatePersistentVolumeClaimSpec
// a claim template in a pod reaches in practice: access modes (at least
// one, known, ReadWriteOncePod alone), a positive storage request, the
// storage class name and the volume mode.
func validateClaimSpecBasics(s *api.PersistentVolumeClaimSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(s.AccessModes) == 0 {
		errs = append(errs, field.Required(fldPath.Child("accessModes"), "at least 1 access mode is required"))
	}
	if s.Selector != nil {
		errs = append(errs, validateLabelSelector(s.Selector, fldPath.Child("selector"))...)
	}
	rwop, other := false, false
	for _, m := range s.AccessModes {
		known := false
		for _, k := range supportedAccessModes {
			known = known || k == m
		}
		if !known {
			errs = append(errs, field.NotSupported(fldPath.Child("accessModes"), m, supportedAccessModes))
		} else if m == "ReadWriteOncePod" {
			rwop = true
		} else {
			other = true
		}
	}
	if rwop && other {
		errs = append(errs, field.Forbidden(fldPath.Child("accessModes"), "may not use ReadWriteOncePod with other access modes"))
	}
	storagePath := fldPath.Child("resources").Key("storage")
	if q, ok := s.Resources.Requests["storage"]; !ok {
		errs = append(errs, field.Required(storagePath, ""))
	} else if q.Sign() <= 0 {
		errs = append(errs, field.Invalid(storagePath, q.String(), "must be greater than zero"))
	}
	if s.StorageClassName != nil && *s.StorageClassName != "" {
		for _, msg := range nameIsDNSSubdomain(*s.StorageClassName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("storageClassName"), *s.StorageClassName, msg))
		}
	}
	if s.VolumeMode != nil && *s.VolumeMode != "Block" && *s.VolumeMode != "Filesystem" {
		errs = append(errs, field.NotSupported(fldPath.Child("volumeMode"), *s.VolumeMode, supportedVolumeModes))
	}
	return errs
}

// validateGitRepoVolumeSource models validateGitRepoVolumeSource.
func validateGitRepoVolumeSource(g *api.GitRepoVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if g.Repository == "" {
		errs = append(errs, field.Required(fldPath.Child("repository"), ""))
	}
	return append(errs, validateLocalDescendingPath(g.Directory, fldPath.Child("directory"))...)
}

// validateNFSVolumeSource models validateNFSVolumeSource.
func validateNFSVolumeSource(n *api.NFSVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if n.Server == "" {
		errs = append(errs, field.Required(fldPath.Child("server"), ""))
	}
	if n.Path == "" {
		errs = append(errs, field.Required(fldPath.Child("path"), ""))
	}
	if !path.IsAbs(n.Path) {
		errs = append(errs, field.Invalid(fldPath.Child("path"), n.Path, "must be an absolute path"))
	}
	return errs
}

package validation

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// The in-tree storage plugins' sources (api/volume_intree.go), validated
// as upstream's validate<Plugin>VolumeSource functions do: mostly the
// fields each plugin cannot work without.

// pdPartitionErrorMsg is upstream's (InclusiveRangeError(1, 255)) although
// partition 0 is accepted.
var pdPartitionErrorMsg = inclusiveRangeError(1, 255)

func validateGCEPersistentDiskVolumeSource(pd *api.GCEPersistentDiskVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if pd.PDName == "" {
		errs = append(errs, field.Required(fldPath.Child("pdName"), ""))
	}
	if pd.Partition < 0 || pd.Partition > 255 {
		errs = append(errs, field.Invalid(fldPath.Child("partition"), pd.Partition, pdPartitionErrorMsg))
	}
	return errs
}

func validateAWSElasticBlockStoreVolumeSource(pd *api.AWSElasticBlockStoreVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if pd.VolumeID == "" {
		errs = append(errs, field.Required(fldPath.Child("volumeID"), ""))
	}
	if pd.Partition < 0 || pd.Partition > 255 {
		errs = append(errs, field.Invalid(fldPath.Child("partition"), pd.Partition, pdPartitionErrorMsg))
	}
	return errs
}

// iscsiNameErrors checks an iSCSI qualified name the way validateISCSIVolumeSource
// does: a known prefix, then that prefix's grammar (iscsiInitiatorIqnRegex,
// iscsiInitiatorEuiRegex, iscsiInitiatorNaaRegex).
func iscsiNameErrors(name string, fldPath *field.Path) field.ErrorList {
	switch {
	case !strings.HasPrefix(name, "iqn") && !strings.HasPrefix(name, "eui") && !strings.HasPrefix(name, "naa"):
		return field.ErrorList{field.Invalid(fldPath, name, "must be valid format starting with iqn, eui, or naa")}
	case strings.HasPrefix(name, "iqn") && !isIQN(name),
		strings.HasPrefix(name, "eui") && !isHexName(name, 16),
		strings.HasPrefix(name, "naa") && !isHexName(name, 32):
		return field.ErrorList{field.Invalid(fldPath, name, "must be valid format")}
	}
	return nil
}

// isIQN matches iqn\.\d{4}-\d{2}\.([[:alnum:]-.]+)(:[^,;*&$|\s]+)$
// from the start of name.
func isIQN(name string) bool {
	rest, ok := strings.CutPrefix(name, "iqn.")
	if !ok || len(rest) < 8 || !allDigits(rest[:4]) || rest[4] != '-' || !allDigits(rest[5:7]) || rest[7] != '.' {
		return false
	}
	rest = rest[8:]
	authority, suffix, found := strings.Cut(rest, ":")
	if !found || authority == "" || suffix == "" {
		return false
	}
	for _, c := range authority {
		if !(c == '-' || c == '.' || isAlnumRune(c)) {
			return false
		}
	}
	return !strings.ContainsAny(suffix, ",;*&$| \t\n\r\f\v")
}

// isHexName matches ^(eui|naa).[[:alnum:]]{n}$.
func isHexName(name string, n int) bool {
	if len(name) != 4+n {
		return false
	}
	for _, c := range name[4:] {
		if !isAlnumRune(c) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isAlnumRune(c rune) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func validateISCSIVolumeSource(i *api.ISCSIVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if i.TargetPortal == "" {
		errs = append(errs, field.Required(fldPath.Child("targetPortal"), ""))
	}
	if i.IQN == "" {
		errs = append(errs, field.Required(fldPath.Child("iqn"), ""))
	} else {
		errs = append(errs, iscsiNameErrors(i.IQN, fldPath.Child("iqn"))...)
	}
	if i.Lun < 0 || i.Lun > 255 {
		errs = append(errs, field.Invalid(fldPath.Child("lun"), i.Lun, inclusiveRangeError(0, 255)))
	}
	if (i.DiscoveryCHAPAuth || i.SessionCHAPAuth) && i.SecretRef == nil {
		errs = append(errs, field.Required(fldPath.Child("secretRef"), ""))
	}
	if i.InitiatorName != nil {
		errs = append(errs, iscsiNameErrors(*i.InitiatorName, fldPath.Child("initiatorname"))...)
	}
	return errs
}

func validateGlusterfsVolumeSource(g *api.GlusterfsVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if g.EndpointsName == "" {
		errs = append(errs, field.Required(fldPath.Child("endpoints"), ""))
	}
	if g.Path == "" {
		errs = append(errs, field.Required(fldPath.Child("path"), ""))
	}
	return errs
}

func validateFlockerVolumeSource(f *api.FlockerVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if f.DatasetName == "" && f.DatasetUUID == "" {
		errs = append(errs, field.Required(fldPath, "one of datasetName and datasetUUID is required"))
	}
	if f.DatasetName != "" && f.DatasetUUID != "" {
		errs = append(errs, field.Invalid(fldPath, "resource", "datasetName and datasetUUID can not be specified simultaneously"))
	}
	if strings.Contains(f.DatasetName, "/") {
		errs = append(errs, field.Invalid(fldPath.Child("datasetName"), f.DatasetName, "must not contain '/'"))
	}
	return errs
}

func validateRBDVolumeSource(r *api.RBDVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(r.CephMonitors) == 0 {
		errs = append(errs, field.Required(fldPath.Child("monitors"), ""))
	}
	if r.RBDImage == "" {
		errs = append(errs, field.Required(fldPath.Child("image"), ""))
	}
	return errs
}

func validateCinderVolumeSource(c *api.CinderVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if c.VolumeID == "" {
		errs = append(errs, field.Required(fldPath.Child("volumeID"), ""))
	}
	if c.SecretRef != nil && c.SecretRef.Name == "" {
		errs = append(errs, field.Required(fldPath.Child("secretRef", "name"), ""))
	}
	return errs
}

func validateCephFSVolumeSource(c *api.CephFSVolumeSource, fldPath *field.Path) field.ErrorList {
	if len(c.Monitors) == 0 {
		return field.ErrorList{field.Required(fldPath.Child("monitors"), "")}
	}
	return nil
}

func validateQuobyteVolumeSource(q *api.QuobyteVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	const registryMsg = "must be a host:port pair or multiple pairs separated by commas"
	switch {
	case q.Registry == "":
		errs = append(errs, field.Required(fldPath.Child("registry"), registryMsg))
	case len(q.Tenant) >= 65:
		errs = append(errs, field.Required(fldPath.Child("tenant"), "must be a UUID and may not exceed a length of 64 characters"))
	default:
		for _, pair := range strings.Split(q.Registry, ",") {
			if !isHostPort(pair) {
				errs = append(errs, field.Invalid(fldPath.Child("registry"), q.Registry, registryMsg))
			}
		}
	}
	if q.Volume == "" {
		errs = append(errs, field.Required(fldPath.Child("volume"), ""))
	}
	return errs
}

func validateFCVolumeSource(fc *api.FCVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(fc.TargetWWNs) < 1 && len(fc.WWIDs) < 1 {
		errs = append(errs, field.Required(fldPath.Child("targetWWNs"), "must specify either targetWWNs or wwids, but not both"))
	}
	if len(fc.TargetWWNs) != 0 && len(fc.WWIDs) != 0 {
		errs = append(errs, field.Invalid(fldPath.Child("targetWWNs"), fc.TargetWWNs, "targetWWNs and wwids can not be specified simultaneously"))
	}
	if len(fc.TargetWWNs) != 0 {
		if fc.Lun == nil {
			errs = append(errs, field.Required(fldPath.Child("lun"), "lun is required if targetWWNs is specified"))
		} else if *fc.Lun < 0 || *fc.Lun > 255 {
			errs = append(errs, field.Invalid(fldPath.Child("lun"), *fc.Lun, inclusiveRangeError(0, 255)))
		}
	}
	return errs
}

func validateFlexVolumeSource(fv *api.FlexVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if fv.Driver == "" {
		errs = append(errs, field.Required(fldPath.Child("driver"), ""))
	}
	// User options may not use the Kubernetes namespaces.
	for _, k := range sortedKeys(fv.Options) {
		ns := k
		if before, _, found := strings.Cut(k, "/"); found {
			ns = before
		}
		normalized := "." + strings.ToLower(ns)
		if strings.HasSuffix(normalized, ".kubernetes.io") || strings.HasSuffix(normalized, ".k8s.io") {
			errs = append(errs, field.Invalid(fldPath.Child("options").Key(k), k, "kubernetes.io and k8s.io namespaces are reserved"))
		}
	}
	return errs
}

func validateAzureFile(a *api.AzureFileVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if a.SecretName == "" {
		errs = append(errs, field.Required(fldPath.Child("secretName"), ""))
	}
	if a.ShareName == "" {
		errs = append(errs, field.Required(fldPath.Child("shareName"), ""))
	}
	return errs
}

func validateVsphereVolumeSource(v *api.VsphereVirtualDiskVolumeSource, fldPath *field.Path) field.ErrorList {
	if v.VolumePath == "" {
		return field.ErrorList{field.Required(fldPath.Child("volumePath"), "")}
	}
	return nil
}

func validatePhotonPersistentDiskVolumeSource(p *api.PhotonPersistentDiskVolumeSource, fldPath *field.Path) field.ErrorList {
	if p.PdID == "" {
		return field.ErrorList{field.Required(fldPath.Child("pdID"), "")}
	}
	return nil
}

func validatePortworxVolumeSource(p *api.PortworxVolumeSource, fldPath *field.Path) field.ErrorList {
	if p.VolumeID == "" {
		return field.ErrorList{field.Required(fldPath.Child("volumeID"), "")}
	}
	return nil
}

// The sorted sets validateAzureDisk accepts.
var (
	azureCachingModes = []api.AzureDataDiskCachingMode{"None", "ReadOnly", "ReadWrite"}
	azureDiskKinds    = []api.AzureDataDiskKind{"Dedicated", "Managed", "Shared"}
)

func validateAzureDisk(a *api.AzureDiskVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if a.DiskName == "" {
		errs = append(errs, field.Required(fldPath.Child("diskName"), ""))
	}
	if a.DataDiskURI == "" {
		errs = append(errs, field.Required(fldPath.Child("diskURI"), ""))
	}
	if a.CachingMode != nil && !contains(azureCachingModes, *a.CachingMode) {
		errs = append(errs, field.NotSupported(fldPath.Child("cachingMode"), *a.CachingMode, azureCachingModes))
	}
	if a.Kind != nil && !contains(azureDiskKinds, *a.Kind) {
		errs = append(errs, field.NotSupported(fldPath.Child("kind"), *a.Kind, azureDiskKinds))
	}
	if a.Kind != nil && *a.Kind == "Managed" && !strings.HasPrefix(a.DataDiskURI, "/subscriptions/") {
		errs = append(errs, field.NotSupported(fldPath.Child("diskURI"), a.DataDiskURI,
			[]string{"/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"}))
	}
	if a.Kind != nil && *a.Kind != "Managed" && !strings.HasPrefix(a.DataDiskURI, "https://") {
		errs = append(errs, field.NotSupported(fldPath.Child("diskURI"), a.DataDiskURI,
			[]string{"https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd"}))
	}
	return errs
}

func validateStorageOSVolumeSource(s *api.StorageOSVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.VolumeName == "" {
		errs = append(errs, field.Required(fldPath.Child("volumeName"), ""))
	} else {
		errs = append(errs, validateDNS1123Label(s.VolumeName, fldPath.Child("volumeName"))...)
	}
	if s.VolumeNamespace != "" {
		errs = append(errs, validateDNS1123Label(s.VolumeNamespace, fldPath.Child("volumeNamespace"))...)
	}
	if s.SecretRef != nil && s.SecretRef.Name == "" {
		errs = append(errs, field.Required(fldPath.Child("secretRef", "name"), ""))
	}
	return errs
}

func validateScaleIOVolumeSource(s *api.ScaleIOVolumeSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Gateway == "" {
		errs = append(errs, field.Required(fldPath.Child("gateway"), ""))
	}
	if s.System == "" {
		errs = append(errs, field.Required(fldPath.Child("system"), ""))
	}
	if s.VolumeName == "" {
		errs = append(errs, field.Required(fldPath.Child("volumeName"), ""))
	}
	return errs
}

// isHostPort reports whether net.SplitHostPort accepts s: "host:port" with
// one colon, or "[host]:port" (an IPv6 address in brackets); the port may
// be empty. The net package itself is too large to pull into the wasm for
// this one check.
func isHostPort(s string) bool {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return false // missing port
	}
	host := s[:i]
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		return end == len(host)-1 && !strings.ContainsAny(s[i+1:], "[]")
	}
	return !strings.ContainsAny(host, ":[]") && !strings.ContainsAny(s[i+1:], "[]")
}

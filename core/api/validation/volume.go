package validation

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Volume and volume mount validation (pkg/apis/core/validation:
// ValidateVolumes, validateProjectionSources, ValidateVolumeMounts and
// their helpers); the sources are in volumesource.go.

// fileModeErrorMsg is upstream's message for a file mode out of range.
const fileModeErrorMsg = "must be a number between 0 and 0777 (octal), both inclusive"

// validVolumeFieldPaths is validVolumeDownwardAPIFieldPathExpressions, sorted
// as sets.List reports it.
var validVolumeFieldPaths = []string{
	"metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid",
}

// validateVolumes models ValidateVolumes: each volume's source, then its
// name (a DNS label, unique in the pod). It returns the names of the valid
// volumes, which is what volume mounts may refer to: a volume with any
// error is left out, so its mounts also report it as not found.
func validateVolumes(volumes []api.Volume, podName string, fldPath *field.Path) (map[string]bool, field.ErrorList) {
	var errs field.ErrorList
	names := map[string]bool{}
	for i := range volumes {
		v := &volumes[i]
		idxPath := fldPath.Index(i)
		namePath := idxPath.Child("name")
		el := validateVolumeSource(&v.VolumeSource, idxPath, v.Name, podName)
		if v.Name == "" {
			el = append(el, field.Required(namePath, ""))
		} else {
			el = append(el, validateDNS1123Label(v.Name, namePath)...)
		}
		if names[v.Name] {
			el = append(el, field.Duplicate(namePath, v.Name))
		}
		if len(el) == 0 {
			names[v.Name] = true
		} else {
			errs = append(errs, el...)
		}
	}
	return names, errs
}

func validateFileMode(mode *int32, fldPath *field.Path) field.ErrorList {
	if mode != nil && (*mode > 0777 || *mode < 0) {
		return field.ErrorList{field.Invalid(fldPath, *mode, fileModeErrorMsg)}
	}
	return nil
}

// validateDownwardAPIVolumeSource models validateDownwardAPIVolumeSource.
func validateDownwardAPIVolumeSource(src *api.DownwardAPIVolumeSource, fldPath *field.Path) field.ErrorList {
	errs := validateFileMode(src.DefaultMode, fldPath.Child("defaultMode"))
	errs = append(errs, validateUserField(src.DefaultUser, fldPath.Child("defaultUser"))...)
	for i := range src.Items {
		errs = append(errs, validateDownwardAPIVolumeFile(&src.Items[i], fldPath)...)
	}
	return errs
}

// validateDownwardAPIVolumeFile models validateDownwardAPIVolumeFile. As
// upstream, its paths hang off the source, not the item's index.
func validateDownwardAPIVolumeFile(file *api.DownwardAPIVolumeFile, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if file.Path == "" {
		errs = append(errs, field.Required(fldPath.Child("path"), ""))
	}
	errs = append(errs, validateLocalNonReservedPath(file.Path, fldPath.Child("path"))...)
	switch {
	case file.FieldRef != nil:
		errs = append(errs, validateObjectFieldSelector(file.FieldRef, validVolumeFieldPaths, fldPath.Child("fieldRef"))...)
		if file.ResourceFieldRef != nil {
			errs = append(errs, field.Invalid(fldPath, "resource", "fieldRef and resourceFieldRef can not be specified simultaneously"))
		}
	case file.ResourceFieldRef != nil:
		errs = append(errs, validateContainerResourceFieldSelector(file.ResourceFieldRef, true, fldPath.Child("resourceFieldRef"))...)
	default:
		errs = append(errs, field.Required(fldPath, "one of fieldRef and resourceFieldRef is required"))
	}
	errs = append(errs, validateFileMode(file.Mode, fldPath.Child("mode"))...)
	return append(errs, validateUserField(file.User, fldPath.Child("user"))...)
}

// validateProjectedVolumeSource models validateProjectedVolumeSource and
// validateProjectionSources: one member per source, and no two files at
// the same path.
func validateProjectedVolumeSource(p *api.ProjectedVolumeSource, fldPath *field.Path) field.ErrorList {
	errs := validateFileMode(p.DefaultMode, fldPath.Child("defaultMode"))
	errs = append(errs, validateUserField(p.DefaultUser, fldPath.Child("defaultUser"))...)
	paths := map[string]bool{}
	// claim records a file path; a second file at the same path is
	// reported against the whole projection, with the value upstream uses.
	claim := func(p string, value any) {
		if paths[p] {
			errs = append(errs, field.Invalid(fldPath, value, "conflicting duplicate paths"))
		}
		paths[p] = true
	}
	keyed := func(name string, items []api.KeyToPath, projPath *field.Path) {
		if name == "" {
			errs = append(errs, field.Required(projPath.Child("name"), ""))
		}
		for j := range items {
			kp := &items[j]
			errs = append(errs, validateKeyToPath(kp, projPath.Child("items").Index(j))...)
			if kp.Path != "" {
				claim(kp.Path, name)
			}
		}
	}
	for i, src := range p.Sources {
		n := 0
		srcPath := fldPath.Child("sources").Index(i)
		if s := src.Secret; s != nil {
			n++
			keyed(s.Name, s.Items, srcPath.Child("secret"))
		}
		if cm := src.ConfigMap; cm != nil {
			n++
			keyed(cm.Name, cm.Items, srcPath.Child("configMap"))
		}
		if d := src.DownwardAPI; d != nil {
			n++
			projPath := srcPath.Child("downwardAPI")
			for j := range d.Items {
				file := &d.Items[j]
				errs = append(errs, validateDownwardAPIVolumeFile(file, projPath)...)
				if file.Path != "" {
					claim(file.Path, file.Path)
				}
			}
		}
		if t := src.ServiceAccountToken; t != nil {
			n++
			projPath := srcPath.Child("serviceAccountToken")
			if exp := t.ExpirationSeconds; exp == nil {
				errs = append(errs, field.Required(projPath.Child("expirationSeconds"), ""))
			} else {
				if *exp < 10*60 {
					errs = append(errs, field.Invalid(projPath.Child("expirationSeconds"), *exp, "may not specify a duration less than 10 minutes"))
				}
				if *exp > 1<<32 {
					errs = append(errs, field.Invalid(projPath.Child("expirationSeconds"), *exp, "may not specify a duration larger than 2^32 seconds"))
				}
			}
			// Upstream reports the path against the projection, not the source.
			if t.Path == "" {
				errs = append(errs, field.Required(fldPath.Child("path"), ""))
			} else {
				errs = append(errs, validateLocalNonReservedPath(t.Path, fldPath.Child("path"))...)
			}
			errs = append(errs, validateUserField(t.User, projPath.Child("user"))...)
		}
		if b := src.ClusterTrustBundle; b != nil {
			n++
			errs = append(errs, validateClusterTrustBundleProjection(b, srcPath.Child("clusterTrustBundle"))...)
			claim(b.Path, b.Path)
		}
		if c := src.PodCertificate; c != nil {
			n++
			projPath := srcPath.Child("podCertificate")
			errs = append(errs, validateUserField(c.User, projPath.Child("user"))...)
			keyTypes := []string{"RSA3072", "RSA4096", "ECDSAP256", "ECDSAP384", "ECDSAP521", "ED25519"}
			if !contains(keyTypes, c.KeyType) {
				errs = append(errs, field.NotSupported(projPath.Child("keyType"), c.KeyType, keyTypes))
			}
			if c.MaxExpirationSeconds != nil && *c.MaxExpirationSeconds < 3600 {
				errs = append(errs, field.Invalid(projPath.Child("maxExpirationSeconds"), *c.MaxExpirationSeconds, "if provided, maxExpirationSeconds must be >= 3600"))
			}
		}
		if n > 1 {
			errs = append(errs, field.Forbidden(srcPath, "may not specify more than 1 volume type per source"))
		}
	}
	return errs
}

// validateClusterTrustBundleProjection models the clusterTrustBundle
// case of validateProjectionSources: a bundle by name or by signer (with
// a label selector), and a local path. (The bundle name and signer name
// grammars are not modelled.)
func validateClusterTrustBundleProjection(b *api.ClusterTrustBundleProjection, projPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch {
	case b.Name != nil && b.SignerName != nil:
		errs = append(errs, field.Invalid(projPath, "", "only one of name and signerName may be used"))
	case b.Name != nil:
		if *b.Name == "" {
			errs = append(errs, field.Required(projPath.Child("name"), "must be a valid object name"))
		}
		if b.LabelSelector != nil {
			errs = append(errs, field.Invalid(projPath.Child("labelSelector"), "", "labelSelector must be unset if name is specified"))
		}
	case b.SignerName != nil:
		if *b.SignerName == "" {
			errs = append(errs, field.Required(projPath.Child("signerName"), "must be a valid signer name"))
		}
		if b.LabelSelector != nil {
			errs = append(errs, validateLabelSelector(b.LabelSelector, projPath.Child("labelSelector"))...)
		}
	default:
		errs = append(errs, field.Required(projPath, "either name or signerName must be specified"))
	}
	if b.Path == "" {
		errs = append(errs, field.Required(projPath.Child("path"), ""))
	}
	errs = append(errs, validateUserField(b.User, projPath.Child("user"))...)
	return append(errs, validateLocalNonReservedPath(b.Path, projPath.Child("path"))...)
}

// validateKeyToPath models validateKeyToPath.
func validateKeyToPath(kp *api.KeyToPath, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if kp.Key == "" {
		errs = append(errs, field.Required(fldPath.Child("key"), ""))
	}
	if kp.Path == "" {
		errs = append(errs, field.Required(fldPath.Child("path"), ""))
	}
	errs = append(errs, validateLocalNonReservedPath(kp.Path, fldPath.Child("path"))...)
	errs = append(errs, validateFileMode(kp.Mode, fldPath.Child("mode"))...)
	return append(errs, validateUserField(kp.User, fldPath.Child("user"))...)
}

// validateLocalNonReservedPath models ValidateLocalNonReservedPath: also no
// leading "..", unless the backstep check already said so.
func validateLocalNonReservedPath(target string, fldPath *field.Path) field.ErrorList {
	errs := validateLocalDescendingPath(target, fldPath)
	if strings.HasPrefix(target, "..") && !strings.HasPrefix(target, "../") {
		errs = append(errs, field.Invalid(fldPath, target, "must not start with '..'"))
	}
	return errs
}

// validateVolumeMounts models ValidateVolumeMounts: each mount names a
// valid volume of the pod (`spec.containers[0].volumeMounts[0].name: Not
// found: "x"`), has a mount path unique in the container, and a relative
// subPath or subPathExpr, not both.
func validateVolumeMounts(mounts []api.VolumeMount, volumes map[string]bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	paths := map[string]bool{}
	for i, m := range mounts {
		idxPath := fldPath.Index(i)
		if m.Name == "" {
			errs = append(errs, field.Required(idxPath.Child("name"), ""))
		}
		if !volumes[m.Name] {
			errs = append(errs, field.NotFound(idxPath.Child("name"), m.Name))
		}
		if m.MountPath == "" {
			errs = append(errs, field.Required(idxPath.Child("mountPath"), ""))
		}
		if paths[m.MountPath] {
			errs = append(errs, field.Invalid(idxPath.Child("mountPath"), m.MountPath, "must be unique"))
		}
		paths[m.MountPath] = true
		// As upstream, these two are reported against the list, not the entry.
		if m.SubPath != "" {
			errs = append(errs, validateLocalDescendingPath(m.SubPath, fldPath.Child("subPath"))...)
		}
		if m.SubPathExpr != "" {
			if m.SubPath != "" {
				errs = append(errs, field.Invalid(idxPath.Child("subPathExpr"), m.SubPathExpr, "subPathExpr and subPath are mutually exclusive"))
			}
			errs = append(errs, validateLocalDescendingPath(m.SubPathExpr, fldPath.Child("subPathExpr"))...)
		}
	}
	return errs
}

// validatePreemptionPolicy models ValidatePreemptionPolicy (its list is
// not sorted).
func validatePreemptionPolicy(p *api.PreemptionPolicy, fldPath *field.Path) field.ErrorList {
	switch *p {
	case api.PreemptLowerPriority, api.PreemptNever:
		return nil
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	}
	valid := []api.PreemptionPolicy{api.PreemptLowerPriority, api.PreemptNever}
	return field.ErrorList{field.NotSupported(fldPath, *p, valid)}
}

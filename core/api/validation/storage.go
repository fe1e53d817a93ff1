package validation

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// PersistentVolumeClaim, PersistentVolume (pkg/apis/core/validation) and
// StorageClass (pkg/apis/storage/validation) validation.

var (
	supportedReclaim = []api.PersistentVolumeReclaimPolicy{api.PersistentVolumeReclaimDelete, api.PersistentVolumeReclaimRecycle, api.PersistentVolumeReclaimRetain}
)

// validatePVC models ValidatePersistentVolumeClaim.
func validatePVC(c *api.PersistentVolumeClaim) field.ErrorList {
	errs := validateObjectMeta(&c.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validatePVCSpec(&c.Spec, field.NewPath("spec"))...)
}

// validatePVCUpdate models ValidatePersistentVolumeClaimUpdate: the spec
// is immutable except a bound claim's storage request, which may grow.
// (Upstream appends a diff of the two specs to the message; the playground
// names the change without it.)
func validatePVCUpdate(c, old *api.PersistentVolumeClaim) field.ErrorList {
	errs := validateObjectMetaUpdate(&c.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validatePVC(c)...)
	cur, prev := c.Spec, old.Spec
	if prev.VolumeName == "" {
		prev.VolumeName = cur.VolumeName // the binder sets it once
	}
	if c.Status.Phase == api.ClaimBound {
		cur.Resources.Requests, prev.Resources.Requests = nil, nil
		cur.VolumeAttributesClassName, prev.VolumeAttributesClassName = nil, nil
	}
	if !api.SemanticEqual(cur, prev) {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims"))
	}
	newSize, oldSize := c.Spec.Resources.Requests[api.ResourceStorage], old.Spec.Resources.Requests[api.ResourceStorage]
	if newSize.Cmp(oldSize) < 0 {
		errs = append(errs, field.Forbidden(field.NewPath("spec", "resources", "requests", "storage"), "field can not be less than previous value"))
	}
	return errs
}

// validatePVCSpec models ValidatePersistentVolumeClaimSpec (without data
// sources, which need a volume populator the playground does not have):
// the checks a pod's claim template gets too (volumesource.go).
func validatePVCSpec(s *api.PersistentVolumeClaimSpec, fldPath *field.Path) field.ErrorList {
	return validateClaimSpecBasics(s, fldPath)
}

func validateAccessModes(modes []api.PersistentVolumeAccessMode, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	rwop, other := false, false
	for _, m := range modes {
		known := false
		for _, s := range supportedAccessModes {
			known = known || s == m
		}
		if !known {
			errs = append(errs, field.NotSupported(fldPath, m, supportedAccessModes))
		}
		if m == api.ReadWriteOncePod {
			rwop = true
		} else if known {
			other = true
		}
	}
	if rwop && other {
		errs = append(errs, field.Forbidden(fldPath, "may not use ReadWriteOncePod with other access modes"))
	}
	return errs
}

// validatePV models ValidatePersistentVolume.
func validatePV(v *api.PersistentVolume) field.ErrorList {
	errs := validateObjectMeta(&v.ObjectMeta, metaOptions{nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	return append(errs, validatePVSpec(&v.Spec, field.NewPath("spec"))...)
}

// validatePVUpdate models ValidatePersistentVolumeUpdate: the volume
// source is immutable.
func validatePVUpdate(v, old *api.PersistentVolume) field.ErrorList {
	errs := validatePV(v)
	if !api.SemanticEqual(v.Spec.PersistentVolumeSource, old.Spec.PersistentVolumeSource) {
		errs = append(errs, field.Forbidden(field.NewPath("spec", "persistentvolumesource"), "spec.persistentvolumesource is immutable after creation"))
	}
	return append(errs, validateObjectMetaUpdate(&v.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))...)
}

// validatePVSpec models ValidatePersistentVolumeSpec for the modelled
// volume sources.
func validatePVSpec(s *api.PersistentVolumeSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(s.AccessModes) == 0 {
		errs = append(errs, field.Required(fldPath.Child("accessModes"), ""))
	}
	errs = append(errs, validateAccessModes(s.AccessModes, fldPath.Child("accessModes"))...)
	if len(s.Capacity) == 0 {
		errs = append(errs, field.Required(fldPath.Child("capacity"), ""))
	}
	if _, ok := s.Capacity[api.ResourceStorage]; !ok || len(s.Capacity) > 1 {
		errs = append(errs, field.NotSupported(fldPath.Child("capacity"), s.Capacity, []api.ResourceName{api.ResourceStorage}))
	}
	for _, r := range sortedKeys(s.Capacity) {
		errs = append(errs, validatePositiveQuantity(s.Capacity[r], fldPath.Child("capacity").Key(string(r)))...)
	}
	if p := s.PersistentVolumeReclaimPolicy; p != "" {
		known := false
		for _, r := range supportedReclaim {
			known = known || r == p
		}
		if !known {
			errs = append(errs, field.NotSupported(fldPath.Child("persistentVolumeReclaimPolicy"), p, supportedReclaim))
		}
	}
	n := 0
	check := func(set bool, name string, validate func(*field.Path) field.ErrorList) {
		if !set {
			return
		}
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child(name), "may not specify more than 1 volume type"))
			return
		}
		n++
		errs = append(errs, validate(fldPath.Child(name))...)
	}
	check(s.HostPath != nil, "hostPath", func(p *field.Path) field.ErrorList { return validateAbsolutePath(s.HostPath.Path, p.Child("path")) })
	check(s.NFS != nil, "nfs", func(p *field.Path) field.ErrorList {
		var e field.ErrorList
		if s.NFS.Server == "" {
			e = append(e, field.Required(p.Child("server"), ""))
		}
		return append(e, validateAbsolutePath(s.NFS.Path, p.Child("path"))...)
	})
	check(s.Local != nil, "local", func(p *field.Path) field.ErrorList { return validateAbsolutePath(s.Local.Path, p.Child("path")) })
	check(s.CSI != nil, "csi", func(p *field.Path) field.ErrorList {
		var e field.ErrorList
		if s.CSI.Driver == "" {
			e = append(e, field.Required(p.Child("driver"), ""))
		}
		if s.CSI.VolumeHandle == "" {
			e = append(e, field.Required(p.Child("volumeHandle"), ""))
		}
		return e
	})
	if n == 0 {
		errs = append(errs, field.Required(fldPath, "must specify a volume type"))
	}
	if s.StorageClassName != "" {
		for _, msg := range nameIsDNSSubdomain(s.StorageClassName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("storageClassName"), s.StorageClassName, msg))
		}
	}
	if m := s.VolumeMode; m != nil && *m != api.PersistentVolumeBlock && *m != api.PersistentVolumeFilesystem {
		errs = append(errs, field.NotSupported(fldPath.Child("volumeMode"), *m, supportedVolumeModes))
	}
	return errs
}

// validateAbsolutePath is the path check of validateHostPathVolumeSource
// and validateLocalVolumeSource: required, and no '..' element.
func validateAbsolutePath(p string, fldPath *field.Path) field.ErrorList {
	if p == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".." {
			return field.ErrorList{field.Invalid(fldPath, p, "must not contain '..'")}
		}
	}
	return nil
}

// validateStorageClass models ValidateStorageClass.
func validateStorageClass(sc *api.StorageClass) field.ErrorList {
	errs := validateObjectMeta(&sc.ObjectMeta, metaOptions{nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	if sc.Provisioner == "" {
		errs = append(errs, field.Required(field.NewPath("provisioner"), ""))
	} else {
		errs = append(errs, validateQualifiedName(strings.ToLower(sc.Provisioner), field.NewPath("provisioner"))...)
	}
	for _, k := range sortedKeys(sc.Parameters) {
		if k == "" {
			errs = append(errs, field.Invalid(field.NewPath("parameters"), k, "field can not be empty."))
		}
	}
	if p := sc.ReclaimPolicy; p != nil && *p != "" && *p != api.PersistentVolumeReclaimDelete && *p != api.PersistentVolumeReclaimRetain {
		errs = append(errs, field.NotSupported(field.NewPath("reclaimPolicy"), *p, []string{"Delete", "Retain"}))
	}
	if m := sc.VolumeBindingMode; m == nil {
		errs = append(errs, field.Required(field.NewPath("volumeBindingMode"), ""))
	} else if *m != api.VolumeBindingImmediate && *m != api.VolumeBindingWaitForFirstConsumer {
		errs = append(errs, field.NotSupported(field.NewPath("volumeBindingMode"), *m, []string{"Immediate", "WaitForFirstConsumer"}))
	}
	return errs
}

// validateStorageClassUpdate models ValidateStorageClassUpdate: parameters,
// provisioner, reclaim policy and binding mode are immutable.
func validateStorageClassUpdate(sc, old *api.StorageClass) field.ErrorList {
	errs := validateObjectMetaUpdate(&sc.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	if !api.SemanticEqual(sc.Parameters, old.Parameters) {
		errs = append(errs, field.Invalid(field.NewPath("parameters"), sc.Parameters, "field is immutable"))
	}
	errs = append(errs, validateImmutableField(sc.Provisioner, old.Provisioner, field.NewPath("provisioner"))...)
	if deref(sc.ReclaimPolicy) != deref(old.ReclaimPolicy) {
		errs = append(errs, field.Invalid(field.NewPath("reclaimPolicy"), sc.ReclaimPolicy, "field is immutable"))
	}
	if deref(sc.VolumeBindingMode) != deref(old.VolumeBindingMode) {
		errs = append(errs, field.Invalid(field.NewPath("volumeBindingMode"), sc.VolumeBindingMode, "field is immutable"))
	}
	return append(errs, validateStorageClass(sc)...)
}

func deref[T any](p *T) (v T) {
	if p != nil {
		v = *p
	}
	return v
}

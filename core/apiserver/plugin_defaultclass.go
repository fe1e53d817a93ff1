package apiserver

import (
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

// The admission plugins of the storage and networking kinds, on by default
// upstream (pkg/kubeapiserver/options/plugins.go, between
// DefaultTolerationSeconds and ResourceQuota in AllOrderedPlugins):
//
//   - DefaultStorageClass (plugin/pkg/admission/storage/storageclass/
//     setdefault): a new claim that names no class gets the default one;
//   - StorageObjectInUseProtection (plugin/pkg/admission/storage/
//     storageobjectinuseprotection): new claims get the
//     kubernetes.io/pvc-protection finalizer, new volumes
//     kubernetes.io/pv-protection, so neither goes while in use;
//   - DefaultIngressClass (plugin/pkg/admission/network/defaultingressclass):
//     a new Ingress that names no class (neither ingressClassName nor the
//     deprecated kubernetes.io/ingress.class annotation) gets the default
//     IngressClass.
//
// With several defaults, the newest wins (ties: the first name), as
// GetDefaultClass and the ingress plugin's defaultIngressClass choose.

// The protection finalizers (volumeutil.PVCProtectionFinalizer,
// PVProtectionFinalizer).
const (
	PVCProtectionFinalizer = "kubernetes.io/pvc-protection"
	PVProtectionFinalizer  = "kubernetes.io/pv-protection"
)

// DefaultStorageClass is the admission plugin of that name.
type DefaultStorageClass struct{}

// Name implements Plugin.
func (DefaultStorageClass) Name() string { return "DefaultStorageClass" }

// Admit implements Plugin.
func (DefaultStorageClass) Admit(a *Attributes) error {
	c, ok := a.Object.(*api.PersistentVolumeClaim)
	if !ok || a.Operation != OperationCreate || a.Subresource != "" {
		return nil
	}
	if c.Spec.StorageClassName != nil || c.Annotations["volume.beta.kubernetes.io/storage-class"] != "" {
		return nil
	}
	classes, _, _ := ListAs[*api.StorageClass](a.server, "", nil)
	if name := newestDefault(classes, func(sc *api.StorageClass) bool {
		return sc.Annotations[api.IsDefaultStorageClassAnnotation] == "true"
	}); name != "" {
		c.Spec.StorageClassName = &name
	}
	return nil
}

// StorageObjectInUseProtection is the admission plugin of that name.
type StorageObjectInUseProtection struct{}

// Name implements Plugin.
func (StorageObjectInUseProtection) Name() string { return "StorageObjectInUseProtection" }

// Admit implements Plugin.
func (StorageObjectInUseProtection) Admit(a *Attributes) error {
	if a.Operation != OperationCreate || a.Subresource != "" {
		return nil
	}
	var finalizer string
	switch a.Object.(type) {
	case *api.PersistentVolumeClaim:
		finalizer = PVCProtectionFinalizer
	case *api.PersistentVolume:
		finalizer = PVProtectionFinalizer
	default:
		return nil
	}
	m := a.Object.GetObjectMeta()
	if !slices.Contains(m.Finalizers, finalizer) {
		m.Finalizers = append(m.Finalizers, finalizer)
	}
	return nil
}

// DefaultIngressClass is the admission plugin of that name.
type DefaultIngressClass struct{}

// Name implements Plugin.
func (DefaultIngressClass) Name() string { return "DefaultIngressClass" }

// Admit implements Plugin.
func (DefaultIngressClass) Admit(a *Attributes) error {
	ing, ok := a.Object.(*api.Ingress)
	if !ok || a.Operation != OperationCreate || a.Subresource != "" {
		return nil
	}
	if ing.Spec.IngressClassName != nil {
		return nil
	}
	if _, ok := ing.Annotations["kubernetes.io/ingress.class"]; ok {
		return nil
	}
	classes, _, _ := ListAs[*api.IngressClass](a.server, "", nil)
	if name := newestDefault(classes, func(ic *api.IngressClass) bool {
		return ic.Annotations[api.AnnotationIsDefaultIngressClass] == "true"
	}); name != "" {
		ing.Spec.IngressClassName = &name
	}
	return nil
}

// newestDefault is the name of the newest object isDefault accepts, or "".
func newestDefault[T api.Object](objs []T, isDefault func(T) bool) string {
	var best *api.ObjectMeta
	for _, o := range objs {
		if !isDefault(o) {
			continue
		}
		m := o.GetObjectMeta()
		if best == nil || m.CreationTimestamp.After(best.CreationTimestamp.Time) ||
			(m.CreationTimestamp.Equal(best.CreationTimestamp.Time) && m.Name < best.Name) {
			best = m
		}
	}
	if best == nil {
		return ""
	}
	return best.Name
}

// InstallClassDefaults puts DefaultStorageClass, StorageObjectInUseProtection
// and DefaultIngressClass into the chain after DefaultTolerationSeconds
// (or before Registry), unless they are there already.
func InstallClassDefaults(s *Server) {
	if s.FindPlugin(DefaultStorageClass{}.Name()) != nil {
		return
	}
	at := len(s.Plugins)
	for i, p := range s.Plugins {
		if p.Name() == (Registry{}).Name() {
			at = i
			break
		}
	}
	s.Plugins = slices.Insert(s.Plugins, at, Plugin(DefaultStorageClass{}), Plugin(StorageObjectInUseProtection{}), Plugin(DefaultIngressClass{}))
}

package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Namespace validation (pkg/apis/core/validation).

// validateNamespace models ValidateNamespace. Note the finalizer path has
// no index, as upstream.
func validateNamespace(n *api.Namespace) field.ErrorList {
	errs := validateObjectMeta(&n.ObjectMeta, metaOptions{nameFn: nameIsDNSLabel, kubeFinalizers: true}, field.NewPath("metadata"))
	for _, f := range n.Spec.Finalizers {
		errs = append(errs, validateFinalizerName(f, field.NewPath("spec", "finalizers"))...)
	}
	return errs
}

// validateFinalizerName models core validateFinalizerName.
func validateFinalizerName(name string, fldPath *field.Path) field.ErrorList {
	errs := validateQualifiedName(name, fldPath)
	return append(errs, validateKubeFinalizerName(name, fldPath)...)
}

// validateNamespaceUpdate models the namespace strategy's ValidateUpdate:
// ValidateNamespace, then ValidateNamespaceUpdate.
func validateNamespaceUpdate(n, old *api.Namespace) field.ErrorList {
	errs := validateNamespace(n)
	return append(errs, validateObjectMetaUpdate(&n.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))...)
}

// validateNamespaceStatusUpdate models ValidateNamespaceStatusUpdate (the
// capital P in "status.Phase" is upstream's).
func validateNamespaceStatusUpdate(n, old *api.Namespace) field.ErrorList {
	errs := validateObjectMetaUpdate(&n.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	path := field.NewPath("status", "Phase")
	if n.DeletionTimestamp == nil || n.DeletionTimestamp.IsZero() {
		if n.Status.Phase != api.NamespaceActive {
			errs = append(errs, field.Invalid(path, n.Status.Phase, "may only be 'Active' if `deletionTimestamp` is empty"))
		}
	} else if n.Status.Phase != api.NamespaceTerminating {
		errs = append(errs, field.Invalid(path, n.Status.Phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"))
	}
	return errs
}

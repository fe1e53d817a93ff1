package apiserver

import (
	"github.com/kubeplay/kubeplay/core/api/field"
)

// DeletionPropagation is metav1.DeletionPropagation: what happens to an
// object's dependents when it is deleted.
type DeletionPropagation string

// The propagation policies (metav1.DeletePropagation*).
const (
	// DeletePropagationOrphan leaves dependents in place, their
	// ownerReferences removed by the garbage collector.
	DeletePropagationOrphan DeletionPropagation = "Orphan"
	// DeletePropagationBackground deletes the owner now and lets the garbage
	// collector delete dependents afterwards. The default for apps/v1.
	DeletePropagationBackground DeletionPropagation = "Background"
	// DeletePropagationForeground keeps the owner (deletionTimestamp set,
	// finalizer "foregroundDeletion") until its blocking dependents are gone.
	DeletePropagationForeground DeletionPropagation = "Foreground"
)

// The garbage collector's finalizers (metav1.FinalizerOrphanDependents and
// metav1.FinalizerDeleteDependents). The API server only records them; the
// garbage collector acts on them and removes them.
const (
	FinalizerOrphanDependents = "orphan"
	FinalizerDeleteDependents = "foregroundDeletion"
)

// Preconditions is metav1.Preconditions: a delete applies only if the
// object still has this uid and/or resourceVersion.
type Preconditions struct {
	UID             *string
	ResourceVersion *string
}

// DeleteOptions is metav1.DeleteOptions, minus dry run.
type DeleteOptions struct {
	// GracePeriodSeconds overrides the object's own grace period (pods:
	// spec.terminationGracePeriodSeconds). 0 deletes at once; negative
	// values count as 1, as upstream.
	GracePeriodSeconds *int64
	// Preconditions, if set, must hold or the delete fails with Conflict.
	Preconditions *Preconditions
	// OrphanDependents is the deprecated boolean form of PropagationPolicy.
	OrphanDependents *bool
	// PropagationPolicy defaults to Background for every served kind.
	PropagationPolicy *DeletionPropagation
}

// validateDeleteOptions models metav1 validation.ValidateDeleteOptions.
func validateDeleteOptions(o *DeleteOptions) field.ErrorList {
	var errs field.ErrorList
	if o.OrphanDependents != nil && o.PropagationPolicy != nil {
		errs = append(errs, field.Invalid(field.NewPath("propagationPolicy"), o.PropagationPolicy,
			"orphanDependents and deletionPropagation cannot be both set"))
	}
	if p := o.PropagationPolicy; p != nil && *p != DeletePropagationForeground &&
		*p != DeletePropagationBackground && *p != DeletePropagationOrphan {
		errs = append(errs, field.NotSupported(field.NewPath("propagationPolicy"), p,
			[]DeletionPropagation{DeletePropagationForeground, DeletePropagationBackground, DeletePropagationOrphan, "nil"}))
	}
	return errs
}

// PatchType names a patch format by its content type, as the API server's
// PATCH endpoint does (types.PatchType).
type PatchType string

// The patch formats.
const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          PatchType = "application/apply-patch+yaml"
)

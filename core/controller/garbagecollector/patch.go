package garbagecollector

import (
	"encoding/json"

	"github.com/kubeplay/kubeplay/core/api"
)

// The collector's patches (upstream patch.go). Upstream first sends a
// strategic merge patch ({"$patch":"delete"} on one ownerReference) and
// falls back to these JSON merge patches when the server does not take
// strategic merge patches. Kubeplay sends the JSON merge patches directly:
// the stored result is the same object, and they need nothing but RFC 7386.
// Each carries the resourceVersion it was computed from, so a concurrent
// change fails with a conflict instead of being overwritten.

// objectForPatch is upstream's objectForPatch: ownerReferences plus the
// resourceVersion precondition. A nil list encodes as null, which removes
// the field.
type objectForPatch struct {
	Metadata objectMetaForPatch `json:"metadata"`
}

type objectMetaForPatch struct {
	ResourceVersion string               `json:"resourceVersion"`
	OwnerReferences []api.OwnerReference `json:"ownerReferences"`
}

// objectForFinalizersPatch is upstream's objectForFinalizersPatch.
type objectForFinalizersPatch struct {
	Metadata objectMetaForFinalizersPatch `json:"metadata"`
}

type objectMetaForFinalizersPatch struct {
	ResourceVersion string   `json:"resourceVersion"`
	Finalizers      []string `json:"finalizers"`
}

// deleteOwnerRefPatch returns the patch that removes the ownerReferences
// to ownerUIDs from an object (upstream deleteOwnerRefJSONMergePatch and
// GenerateDeleteOwnerRefStrategicMergeBytes).
func deleteOwnerRefPatch(meta *api.ObjectMeta, ownerUIDs ...string) ([]byte, error) {
	p := objectMetaForPatch{ResourceVersion: meta.ResourceVersion}
	for _, ref := range meta.OwnerReferences {
		skip := false
		for _, uid := range ownerUIDs {
			if ref.UID == uid {
				skip = true
				break
			}
		}
		if !skip {
			p.OwnerReferences = append(p.OwnerReferences, ref)
		}
	}
	return json.Marshal(objectForPatch{Metadata: p})
}

// unblockOwnerReferencesPatch returns the patch that sets
// blockOwnerDeletion=false on every blocking ownerReference of an object
// (upstream unblockOwnerReferencesStrategicMergePatch: only the blocking
// references change).
func unblockOwnerReferencesPatch(meta *api.ObjectMeta) ([]byte, error) {
	p := objectMetaForPatch{ResourceVersion: meta.ResourceVersion}
	for _, ref := range meta.OwnerReferences {
		if isTrue(ref.BlockOwnerDeletion) {
			f := false
			ref.BlockOwnerDeletion = &f
		}
		p.OwnerReferences = append(p.OwnerReferences, ref)
	}
	return json.Marshal(objectForPatch{Metadata: p})
}

// finalizersPatch returns the patch that sets the finalizers (upstream
// removeFinalizer's objectForFinalizersPatch).
func finalizersPatch(resourceVersion string, finalizers []string) ([]byte, error) {
	if len(finalizers) == 0 {
		finalizers = nil // null removes the field
	}
	return json.Marshal(objectForFinalizersPatch{Metadata: objectMetaForFinalizersPatch{
		ResourceVersion: resourceVersion, Finalizers: finalizers,
	}})
}

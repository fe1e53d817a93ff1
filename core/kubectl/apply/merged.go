package apply

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// Versions are the two sides of `kubectl diff` for one object.
type Versions struct {
	// Live is the object on the server, nil if it does not exist.
	Live api.Object
	// Merged is the object as the server would store it if the manifest
	// were applied, from a dry run.
	Merged api.Object
	// Warnings are the lines kubectl writes to stderr for the object,
	// without their newline (apply.WarnIfDeleting).
	Warnings []string
}

// Merged computes both sides of `kubectl diff` for one object of a file
// (the visitor of DiffOptions.Run with InfoObject.Live and
// InfoObject.Merged, staging/src/k8s.io/kubectl/pkg/cmd/diff/diff.go),
// client-side:
//
//   - the live object is read; a missing one is nil and the merged object
//     is a dry-run create of the manifest exactly as the file has it
//     (helper.CreateWithOptions: no last-applied annotation is added);
//   - for an existing object, the modified configuration is the manifest
//     without the last-applied annotation (util.GetModifiedConfiguration
//     with annotate=false), so the annotation keeps its live value, and
//     Patcher.patchSimple's three-way patch is sent as a dry run; an empty
//     patch sends nothing and the merged object is the live one.
//
// namespace is the object's namespace as the builder resolved it (""
// for cluster-scoped kinds); source names the file in errors of the
// patch (Patcher.Patch's cmdutil.AddSourceToErr("patching", ...)).
// Failures to read the object or of the dry-run create are the server's
// errors as they are.
func Merged(s *apiserver.Server, obj api.Object, manifest []byte, namespace, source string) (*Versions, error) {
	k := api.KindOf(obj)
	if k == nil {
		return nil, fmt.Errorf("no kind is registered for the type %T", obj)
	}
	doc, meta, err := decodeManifest(k, manifest)
	if err != nil {
		return nil, err
	}
	if k.Namespaced {
		meta["namespace"] = namespace // the builder's DefaultNamespace
	}
	name := obj.GetObjectMeta().Name
	v := &Versions{}
	live, err := s.Get(k, namespace, name)
	switch {
	case apiserver.IsNotFound(err):
		c := obj.DeepCopyObject()
		if k.Namespaced {
			c.GetObjectMeta().Namespace = namespace
		}
		err = s.DryRun(func() (err error) {
			v.Merged, err = s.Create(c)
			return err
		})
		return v, err
	case err != nil:
		return nil, err
	}
	v.Live = live
	modified, err := modifiedConfiguration(doc, false)
	if err != nil {
		return nil, err
	}
	err = s.DryRun(func() (err error) {
		_, v.Merged, err = patchSimple(s, k, live, modified)
		return err
	})
	if err != nil {
		return nil, addSourceToErr("patching", source, err)
	}
	if live.GetObjectMeta().DeletionTimestamp != nil { // WarnIfDeleting
		v.Warnings = append(v.Warnings, fmt.Sprintf(warningChangesOnDeletingResource, name))
	}
	return v, nil
}

// decodeManifest decodes the manifest kubectl holds as an unstructured
// object and returns it with its metadata map, added if missing.
func decodeManifest(k *api.KindInfo, manifest []byte) (doc, meta map[string]any, err error) {
	doc, err = decodeUnstructured(manifest)
	if err != nil {
		return nil, nil, fmt.Errorf("decoding the manifest of %s: %v", k.Kind, err)
	}
	meta, _ = doc["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		doc["metadata"] = meta
	}
	return doc, meta, nil
}

// Package strategicpatch is Kubernetes' strategic merge patch, the patch
// format of `kubectl patch` (its default) and `kubectl apply`, modelled on
// staging/src/k8s.io/apimachinery/pkg/util/strategicpatch/patch.go and
// pkg/util/mergepatch. It is pure: it works on JSON documents and the
// patch metadata of a Go type, and never touches a cluster.
//
// A strategic merge patch is a JSON merge patch (objects merge key by
// key, null deletes) where each field's patch strategy decides what
// happens to lists:
//
//   - patchStrategy "merge" with a patchMergeKey: lists of objects merge
//     element by element, matched by the key (containers by name, ports
//     by containerPort, ownerReferences by uid); "$patch": "delete" and
//     "$patch": "replace" elements delete one entry or replace the list;
//   - patchStrategy "merge" on a list of scalars (finalizers): a set union,
//     with "$deleteFromPrimitiveList/<field>" removing values;
//   - no strategy: the list is replaced (command, args, tolerations);
//   - patchStrategy "retainKeys" (a Deployment's strategy): "$retainKeys"
//     lists the fields to keep, the others are cleared;
//   - "$setElementOrder/<field>" fixes the order of a merged list;
//   - "$patch": "replace" or "delete" on an object replaces or empties it.
//
// The schema: Schema is derived from our Go types by reflection (JSON
// names as encoding/json sees them). Patch metadata comes from
// patchStrategy/patchMergeKey struct tags where a type has them, and from
// the table in tags.go, which copies the tags upstream's k8s.io/api types
// carry onto ours. testdata/paths.golden lists the result for every kind.
//
// Faithfulness: the algorithms follow upstream function by function (the
// comments name them), including the quirks a user can see: the order of
// merged lists (a new element without $setElementOrder goes first; an
// element appended after a deletion takes the deleted one's place in the
// live order, because upstream shifts the live list in place),
// int64/float64 numbers, and error messages word for word. Three
// deliberate differences, all where upstream would panic: a null inside
// a list has a type of its own, and maps or lists used as merge-key values
// or retainKeys entries are compared with reflect.DeepEqual rather than ==.
// Documents are walked in sorted key order, so results and errors never
// depend on map iteration.
//
// Not implemented: conflict detection (CreateThreeWayMergePatch with
// overwrite=false, MergingMapsHaveConflicts) and preconditions, which
// kubectl apply does not use; OpenAPI-driven metadata (PatchMetaFromOpenAPI;
// the struct tags carry the same data for built-in kinds); the JSON merge
// patch kubectl uses for kinds without a Go type (there are none here).
//
// Files, one job each:
//
//	patch.go       the API: StrategicMergePatchUsingSchema, CreateTwoWayMergePatch, CreateThreeWayMergePatch
//	server.go      PatchFunc, the API server's PATCH handler for this format
//	merge.go       applying a patch: mergeMap, mergeSlice and their handlers
//	directives.go  $patch, $retainKeys, $setElementOrder, $deleteFromPrimitiveList
//	diff.go        computing a patch: diffMaps, diffLists
//	order.go       list ordering, sorting and the shared helpers
//	schema.go      Schema and the metadata lookups
//	reflect.go     building schemas from Go types
//	tags.go        upstream's patch tags for our types
//	json.go        decoding like apimachinery's util/json
//	errors.go      mergepatch's errors and their HTTP status
package strategicpatch

package apply

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// Operation is what apply did to an object, the word kubectl prints.
type Operation string

// The outcomes of client-side apply.
const (
	Created    Operation = "created"
	Configured Operation = "configured"
	Unchanged  Operation = "unchanged"
)

// Options are the parts of kubectl apply's flags and context that matter
// to one object.
type Options struct {
	// Namespace is the request namespace: -n/--namespace, or the context's
	// ("" means "default"). It is used for namespaced objects whose manifest
	// names none.
	Namespace string
	// EnforceNamespace is set when -n was given explicitly: a manifest
	// naming another namespace is then an error (resource.RequireNamespace).
	EnforceNamespace bool
}

// Result is the outcome of applying one object.
type Result struct {
	Kind      *api.KindInfo
	Namespace string
	Name      string
	Operation Operation
	// Object is the live object afterwards, as the server returned it.
	Object api.Object
	// Patch is the strategic merge patch computed for an existing object
	// ("{}" when unchanged); nil when the object was created.
	Patch []byte
	// Warnings are the lines kubectl writes to stderr before the result,
	// without their newline.
	Warnings []string
}

// String is kubectl's name printer with the operation:
// "deployment.apps/web configured", "service/web created".
func (r *Result) String() string {
	kind := strings.ToLower(r.Kind.Kind)
	if r.Kind.Group != "" {
		kind += "." + r.Kind.Group
	}
	return fmt.Sprintf("%s/%s %s", kind, r.Name, r.Operation)
}

// warningNoLastApplied is kubectl apply's warningNoLastAppliedConfigAnnotation,
// with the base command name "kubectl".
const warningNoLastApplied = "Warning: resource %s is missing the %s annotation which is required by kubectl apply. " +
	"kubectl apply should only be used on resources created declaratively by either kubectl create --save-config " +
	"or kubectl apply. The missing annotation will be patched automatically."

// warningChangesOnDeletingResource is kubectl's warning for an object
// applied while it is being deleted; it names the object only.
const warningChangesOnDeletingResource = "Warning: Detected changes to resource %s which is currently being deleted."

// Apply does what `kubectl apply` does for one object, client side
// (applyOneObject in staging/src/k8s.io/kubectl/pkg/cmd/apply/apply.go and
// Patcher.patchSimple in patcher.go):
//
//  1. The object kubectl holds is the manifest itself, decoded generically
//     (manifest is its JSON; obj its typed decoding). A namespaced object
//     without a namespace gets the request namespace.
//  2. modified = the manifest with the last-applied annotation set to the
//     manifest's own encoding (util.GetModifiedConfiguration).
//  3. If the object does not exist, it is created with that annotation:
//     "created".
//  4. Otherwise, after warning if the live object lacks the annotation, the
//     three-way strategic merge patch between the annotation (original),
//     modified and the live object (current) is computed. {} means
//     "unchanged" and nothing is sent; any other patch is sent as
//     application/strategic-merge-patch+json: "configured". Either way
//     kubectl warns if the object is being deleted (WarnIfDeleting).
//
// If the server does not serve strategic merge patches, the patch is
// applied here with the same function and the result written with Update
// (see patch.go). Conflicts are not retried: a patch carries no
// resourceVersion, so the simulated server never reports one.
//
// A nil manifest falls back to the typed object's JSON, which lacks
// fields the manifest set to zero values; callers should pass the
// manifest. Failures are *Error.
func Apply(s *apiserver.Server, obj api.Object, manifest []byte, opts Options) (*Result, error) {
	k := api.KindOf(obj)
	if k == nil {
		return nil, fmt.Errorf("no kind is registered for the type %T", obj)
	}
	if manifest == nil {
		var err error
		if manifest, err = json.Marshal(obj); err != nil {
			return nil, err
		}
	}
	doc, meta, err := decodeManifest(k, manifest)
	if err != nil {
		return nil, err
	}
	name, _ := meta["name"].(string)
	namespace := ""
	if k.Namespaced {
		requested := opts.Namespace
		if requested == "" {
			requested = "default"
		}
		namespace, _ = meta["namespace"].(string)
		switch {
		case namespace == "":
			namespace = requested
			meta["namespace"] = namespace // resource.SetNamespace / UpdateObjectNamespace
		case opts.EnforceNamespace && namespace != requested:
			return nil, fmt.Errorf("the namespace from the provided object %q does not match the namespace %q. "+
				"You must pass '--namespace=%s' to perform this operation.", namespace, requested, namespace)
		}
	}
	res := &Result{Kind: k, Namespace: namespace, Name: name}
	fail := func(step Step, patch []byte, err error) (*Result, error) {
		return nil, &Error{Step: step, Kind: k, Namespace: namespace, Name: name, Patch: patch, Err: err}
	}

	modified, err := modifiedConfiguration(doc, true)
	if err != nil {
		return nil, err
	}
	live, err := s.Get(k, namespace, name)
	if err != nil && !apiserver.IsNotFound(err) {
		return fail(StepRetrieving, nil, err)
	}
	if err != nil {
		return create(s, res, obj, doc, fail)
	}

	if _, ok := live.GetObjectMeta().Annotations[LastAppliedConfigAnnotation]; !ok {
		res.Warnings = append(res.Warnings, fmt.Sprintf(warningNoLastApplied,
			k.Resource+"/"+name, LastAppliedConfigAnnotation))
	}
	patch, patched, err := patchSimple(s, k, live, modified)
	if err != nil {
		return fail(StepPatching, patch, err)
	}
	res.Patch, res.Object = patch, patched
	if patched.GetObjectMeta().DeletionTimestamp != nil { // WarnIfDeleting
		res.Warnings = append(res.Warnings, fmt.Sprintf(warningChangesOnDeletingResource, name))
	}
	res.Operation = Configured
	if string(patch) == "{}" {
		res.Operation = Unchanged
	}
	return res, nil
}

// create is the not-found branch of applyOneObject: the object gets the
// annotation (util.CreateApplyAnnotation) and is created.
func create(s *apiserver.Server, res *Result, obj api.Object, doc map[string]any,
	fail func(Step, []byte, error) (*Result, error)) (*Result, error) {
	annotation, err := modifiedConfiguration(doc, false)
	if err != nil {
		return nil, err
	}
	c := obj.DeepCopyObject()
	m := c.GetObjectMeta()
	if res.Kind.Namespaced {
		m.Namespace = res.Namespace
	}
	if m.Annotations == nil {
		m.Annotations = map[string]string{}
	}
	m.Annotations[LastAppliedConfigAnnotation] = string(annotation)
	created, err := s.Create(c)
	if err != nil {
		return fail(StepCreating, nil, err)
	}
	res.Object, res.Operation = created, Created
	return res, nil
}

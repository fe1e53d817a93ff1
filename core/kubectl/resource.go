package kubectl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// This file models cli-runtime's resource.Builder as kubectl's commands use
// it: ResourceTypeOrNameArgs (TYPE NAME..., TYPE1,TYPE2, TYPE/NAME ...),
// FilenameParam (-f), LabelSelectorParam (-l), FieldSelectorParam
// (--field-selector), SelectAllParam (--all),
// NamespaceParam / DefaultNamespace / AllNamespaces, ContinueOnError and
// Latest, with the builder's error texts.

// info is one object a command acts on (resource.Info).
type info struct {
	kind      *api.KindInfo
	namespace string
	name      string
	// obj is the live object (or, for -f without Latest, the file's).
	obj api.Object
	// source is the file the object came from ("" for arguments;
	// "STDIN" for -f -).
	source string
	// manifest is the object's JSON as the file gave it (for apply).
	manifest []byte
	// err is set, and nothing else but source, for a document of an -f
	// file that could not be decoded or mapped; clientErr says kubectl
	// found it while building the list, not the API server.
	err       error
	clientErr bool
}

// resourceName is "deployment.apps/web" (the name printer's form).
func (i *info) resourceName() string {
	return strings.ToLower(i.kind.Kind) + groupSuffix(i.kind) + "/" + i.name
}

// objectName is info.ObjectName(): "deployments.apps/web" — the resource,
// not the kind.
func (i *info) objectName() string { return i.kind.GroupResource() + "/" + i.name }

func groupSuffix(k *api.KindInfo) string {
	if k.Group == "" {
		return ""
	}
	return "." + k.Group
}

// missingResourceError is the builder's error when nothing was named.
var missingResourceError = errors.New(`You must provide one or more resources by argument or filename.
Example resource specifications include:
   '-f rsrc.yaml'
   '--filename=rsrc.json'
   '<resource> <name>'
   '<resource>'`)

// selection is what a command asks the builder for.
type selection struct {
	args      []string
	filenames []string
	selector  string
	// fieldSelector is --field-selector, passed to the server as given;
	// the server parses it and answers BadRequest if it cannot use it.
	fieldSelector string
	all           bool // --all: every object of the types, no names needed
	allNS         bool
	// requireNames refuses a bare TYPE without a selector or --all
	// ("resource(s) were provided, but no name was specified").
	requireNames bool
	// latest fetches objects read from files from the server.
	latest bool
	// fromFile keeps objects read from files as they are (create, apply).
}

// trimmed drops the spaces around the selectors, as LabelSelectorParam and
// FieldSelectorParam do.
func (sel selection) trimmed() selection {
	sel.selector = strings.TrimSpace(sel.selector)
	sel.fieldSelector = strings.TrimSpace(sel.fieldSelector)
	return sel
}

// result is what the builder found: the objects, the errors met on the
// way (NotFound for a name, ContinueOnError), and whether the command
// named exactly one object (IntoSingleItemImplied).
type result struct {
	infos      []*info
	errs       []error
	singleItem bool
	// kinds lists the resource types asked for, in order (for watch and
	// "No resources found").
	kinds []*api.KindInfo
	// listed reports whether any type was listed rather than named.
	listed bool
}

// resolveResourceType maps what the user typed to a kind: plural,
// singular or short name, optionally qualified as TYPE.GROUP or
// TYPE.VERSION.GROUP (schema.ParseResourceArg).
func resolveResourceType(s string) (*api.KindInfo, error) {
	if k, ok := api.LookupResource(s); ok {
		return k, nil
	}
	// TYPE.VERSION.GROUP: "deployment.v1.apps", "pods.v1."
	if res, rest, ok := strings.Cut(s, "."); ok {
		if version, group, ok := strings.Cut(rest, "."); ok {
			if k, ok := api.LookupResource(res); ok && strings.EqualFold(k.Version, version) && strings.EqualFold(k.Group, group) {
				return k, nil
			}
		} else if k, ok := api.LookupResource(res); ok && k.Group == "" && strings.EqualFold(k.Version, rest) {
			return k, nil // "pods.v1"
		}
	}
	return nil, fmt.Errorf("the server doesn't have a resource type %q", s)
}

// expandTypes resolves "deploy,rs" and "all" into kinds, in order,
// without duplicates.
func expandTypes(arg string) ([]*api.KindInfo, error) {
	var out []*api.KindInfo
	seen := map[*api.KindInfo]bool{}
	for _, t := range strings.Split(arg, ",") {
		var ks []*api.KindInfo
		if strings.EqualFold(t, "all") {
			for _, k := range api.Kinds() {
				for _, c := range k.Categories {
					if c == "all" {
						ks = append(ks, k)
					}
				}
			}
		} else {
			if t == "" {
				continue
			}
			k, err := resolveResourceType(t)
			if err != nil {
				return nil, err
			}
			ks = []*api.KindInfo{k}
		}
		for _, k := range ks {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the server doesn't have a resource type %q", arg)
	}
	return out, nil
}

// hasCombinedTypeArgs is the builder's check that TYPE/NAME arguments are
// not mixed with plain ones.
func hasCombinedTypeArgs(args []string) (bool, error) {
	slash := 0
	for _, a := range args {
		if strings.Contains(a, "/") {
			slash++
		}
	}
	switch {
	case slash > 0 && slash == len(args):
		return true, nil
	case slash > 0:
		return true, errors.New("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
	}
	return false, nil
}

// namespaceFor is the namespace of an object of kind k named on the command
// line: -n's, "" for cluster-scoped kinds.
func (e *env) namespaceFor(k *api.KindInfo) string {
	if !k.Namespaced {
		return ""
	}
	return e.namespace
}

// resolve runs the builder. A fatal problem (bad arguments, unknown type,
// unreadable file) is returned as the error; per-object failures are in
// result.errs.
func (e *env) resolve(sel selection) (*result, error) {
	r := &result{}
	if len(sel.filenames) > 0 {
		if len(sel.args) > 0 {
			return nil, errors.New("when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well")
		}
		infos, err := e.readFilesEach(sel.filenames)
		if err != nil {
			return nil, err
		}
		for _, in := range infos {
			if in.err != nil && in.kind == nil {
				r.errs = append(r.errs, in.err)
				continue
			}
			in.err = nil // unstructured to kubectl: only its name matters here
			e.touch(in.kind)
			if sel.latest {
				obj, err := e.cluster.Server().Get(in.kind, in.namespace, in.name)
				if err != nil {
					r.errs = append(r.errs, err)
					continue
				}
				in.obj = obj
			}
			r.infos = append(r.infos, in)
		}
		// visitByPaths: one file (not stdin, not a directory) implies a
		// single item, however many documents it holds.
		r.singleItem = len(sel.filenames) == 1 && sel.filenames[0] != "-"
		return r, nil
	}
	sel = sel.trimmed()
	selectors := sel.selector != "" || sel.fieldSelector != ""
	if len(sel.args) == 0 {
		if selectors || sel.all {
			return nil, errors.New("resource(s) were provided, but no name was specified")
		}
		return nil, missingResourceError
	}
	var sl labels.Selector
	if sel.selector != "" {
		var err error
		if sl, err = labels.Parse(sel.selector); err != nil {
			return nil, err
		}
	}
	combined, err := hasCombinedTypeArgs(sel.args)
	if err != nil {
		return nil, err
	}
	if combined {
		if selectors {
			return nil, errors.New("selectors and the all flag cannot be used when passing resource/name arguments")
		}
		for _, a := range sel.args {
			t, name, _ := strings.Cut(a, "/")
			if name == "" {
				return nil, fmt.Errorf("arguments in resource/name form must have a single resource and name")
			}
			k, err := resolveResourceType(t)
			if err != nil {
				return nil, err
			}
			r.addKind(k)
			e.touch(k)
			e.getNamed(r, k, name)
		}
		r.singleItem = len(sel.args) == 1
		return r, nil
	}
	kinds, err := expandTypes(sel.args[0])
	if err != nil {
		return nil, err
	}
	r.kinds = kinds
	for _, k := range kinds {
		e.touch(k)
	}
	names := sel.args[1:]
	if len(names) > 0 {
		if selectors {
			return nil, errors.New("name cannot be provided when a selector is specified")
		}
		for _, k := range kinds {
			for _, name := range names {
				e.getNamed(r, k, name)
			}
		}
		r.singleItem = len(kinds) == 1 && len(names) == 1
		return r, nil
	}
	if sel.requireNames && !selectors && !sel.all {
		return nil, errors.New("resource(s) were provided, but no name was specified")
	}
	r.listed = true
	for _, k := range kinds {
		ns := e.namespaceFor(k)
		if sel.allNS {
			ns = ""
		}
		list, err := e.cluster.Server().ListWithOptions(k, ns, apiserver.ListOptions{LabelSelector: sl, FieldSelector: sel.fieldSelector})
		if err != nil {
			r.errs = append(r.errs, enhanceListError(err, sel, k))
			continue
		}
		for _, obj := range list.Items {
			m := obj.GetObjectMeta()
			r.infos = append(r.infos, &info{kind: k, namespace: m.Namespace, name: m.Name, obj: obj})
		}
	}
	return r, nil
}

// enhanceListError is resource.EnhanceListError as the builder's Selector
// visitor calls it: a BadRequest or NotFound from a list says which
// resource and which selectors it was for, still as the server's error:
// `Unable to find "/v1, Resource=pods" that match label selector "",
// field selector "foo=bar": field label not supported: foo`.
func enhanceListError(err error, sel selection, k *api.KindInfo) error {
	se, ok := apiserver.AsStatusError(err)
	if !ok || !(apiserver.IsBadRequest(err) || apiserver.IsNotFound(err)) {
		return err
	}
	// schema.GroupVersionResource.String(), the mapping's resource.
	gvr := k.Group + "/" + k.Version + ", Resource=" + k.Resource
	cp := *se
	if sel.selector == "" && sel.fieldSelector == "" {
		cp.Message = fmt.Sprintf("Unable to list %q: %v", gvr, se.Message)
	} else {
		cp.Message = fmt.Sprintf("Unable to find %q that match label selector %q, field selector %q: %v",
			gvr, sel.selector, sel.fieldSelector, se.Message)
	}
	return &cp
}

func (r *result) addKind(k *api.KindInfo) {
	for _, have := range r.kinds {
		if have == k {
			return
		}
	}
	r.kinds = append(r.kinds, k)
}

func (e *env) getNamed(r *result, k *api.KindInfo, name string) {
	ns := e.namespaceFor(k)
	obj, err := e.cluster.Server().Get(k, ns, name)
	if err != nil {
		r.errs = append(r.errs, err)
		return
	}
	r.infos = append(r.infos, &info{kind: k, namespace: ns, name: name, obj: obj})
}

// notFound is the API server's NotFound for an object (used where kubectl
// synthesises one, as rollout status's precondition does).
func notFound(k *api.KindInfo, name string) error { return apiserver.NewNotFound(k, name) }

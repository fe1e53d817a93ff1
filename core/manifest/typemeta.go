package manifest

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// Document is one decoded object and where it came from.
type Document struct {
	Object api.Object
	// Doc is the 1-based number of its document among the non-empty ones.
	Doc int
	// Item is its 1-based index in a List document's items, 0 otherwise.
	Item int
	// Line and Column locate the object's first key.
	Line, Column int

	tree *node // the decoded document, for JSON
}

// typeMeta is a document's apiVersion and kind, checked as kubectl's
// client-side validation checks them (k8s.io/kubectl/pkg/validation:
// getObjectKind), so the messages read the same:
//
//	error validating data: [apiVersion not set, kind not set]
//	error validating data: kind isn't string type
//	error validating data: unexpected GroupVersion string: a/b/c
type typeMeta struct {
	group, version, kind string
	apiVersionNode       *node // nil when absent
	kindNode             *node
}

// groupVersion spells group/version as schema.GroupVersion.String does.
func (tm typeMeta) groupVersion() string {
	if tm.group == "" {
		return tm.version
	}
	return tm.group + "/" + tm.version
}

// readTypeMeta finds apiVersion and kind in an object. When a key appears
// twice the last one counts, as in kubectl's JSON map; the strict decoder
// reports the duplicate afterwards.
func (d *decoder) readTypeMeta(obj *node) (typeMeta, *Error) {
	var tm typeMeta
	for _, e := range obj.entries {
		switch e.key {
		case "apiVersion":
			tm.apiVersionNode = e.val
		case "kind":
			tm.kindNode = e.val
		}
	}
	var problems []string
	var at *node
	note := func(n *node, path, msg string) {
		if at == nil {
			at = n
			d.segs = append(d.segs[:0], pathSeg{name: path, index: -1})
		}
		problems = append(problems, msg)
	}
	// An empty string counts as not set: upstream lets "" through this
	// check only to fail later with "Object 'Kind' is missing".
	switch av := tm.apiVersionNode; {
	case av == nil || av.isNull() || (isString(av) && av.deref().text == ""):
		note(obj, "apiVersion", "apiVersion not set")
	case !isString(av):
		note(av, "apiVersion", "apiVersion isn't string type")
	default:
		gv := av.deref().text
		switch strings.Count(gv, "/") {
		case 0:
			tm.version = gv
		case 1:
			tm.group, tm.version, _ = strings.Cut(gv, "/")
		default:
			note(av, "apiVersion", "unexpected GroupVersion string: "+gv)
		}
	}
	switch k := tm.kindNode; {
	case k == nil || k.isNull() || (isString(k) && k.deref().text == ""):
		note(obj, "kind", "kind not set")
	case !isString(k):
		note(k, "kind", "kind isn't string type")
	default:
		tm.kind = k.deref().text
	}
	if len(problems) == 0 {
		return tm, nil
	}
	msg := problems[0]
	if len(problems) > 1 {
		msg = "[" + strings.Join(problems, ", ") + "]"
	}
	err := d.errorAt(at, ClassTypeMeta, "error validating data: "+msg)
	d.segs = d.segs[:0]
	return tm, err
}

func isString(n *node) bool {
	n = n.deref()
	return n.kind == scalarNode && n.scalar == strScalar
}

// decodeObject decodes one object: a document, or an item of a List.
func (d *decoder) decodeObject(obj *node) ([]Document, *Error) {
	use := obj
	obj = obj.deref()
	if obj.kind != mapNode {
		return nil, d.errorAt(use, ClassTypeMeta, "error validating data: invalid object to validate")
	}
	tm, err := d.readTypeMeta(obj)
	if err != nil {
		return nil, err
	}
	if tm.kind == "List" && tm.group == "" && tm.version == "v1" && d.item == 0 {
		return d.decodeList(obj)
	}
	info, ok := api.LookupKind(tm.kind)
	if !ok || info.Group != tm.group || info.Version != tm.version {
		// Point at the kind unless the kind is fine and only the
		// version is wrong.
		at, path := tm.kindNode, "kind"
		if ok {
			at, path = tm.apiVersionNode, "apiVersion"
		}
		d.segs = append(d.segs[:0], pathSeg{name: path, index: -1})
		e := d.errorAt(at, ClassNoKindMatch, fmt.Sprintf("no matches for kind %q in version %q", tm.kind, tm.groupVersion()))
		d.segs = d.segs[:0]
		e.Name, e.Namespace = metadataString(obj, "name"), metadataString(obj, "namespace")
		return nil, e
	}
	d.kind, d.version = info.Kind, info.Version
	out := info.New()
	if err := d.decode(obj, reflect.ValueOf(out).Elem()); err != nil {
		err.Name, err.Namespace = metadataString(obj, "name"), metadataString(obj, "namespace")
		return nil, err
	}
	return []Document{{Object: out, Doc: d.doc, Item: d.item, Line: obj.line, Column: obj.col, tree: obj}}, nil
}

// listMeta is metav1.ListMeta, which a v1 List may carry.
type listMeta struct {
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
	SelfLink           string `json:"selfLink,omitempty"`
}

// list is metav1.List for strict decoding. Its items are decoded one by
// one afterwards, each by its own kind, as kubectl splits a List before
// sending the items.
type list struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   listMeta       `json:"metadata"`
	Items      []rawExtension `json:"items"`
}

// rawExtension is runtime.RawExtension: any value, decoded later.
type rawExtension struct{}

func init() {
	// Upstream's names for these types, for encoding/json's messages.
	upstreamNames[reflect.TypeFor[list]()] = "List"
	upstreamNames[reflect.TypeFor[listMeta]()] = "ListMeta"
}

func (d *decoder) decodeList(obj *node) ([]Document, *Error) {
	d.kind, d.version = "List", "v1"
	var l list
	if err := d.decode(obj, reflect.ValueOf(&l).Elem()); err != nil {
		return nil, err
	}
	var items *node
	for _, e := range obj.entries {
		if e.key == "items" {
			items = e.val
		}
	}
	var docs []Document
	if items == nil || items.isNull() {
		return docs, nil
	}
	for i, item := range items.deref().items {
		sub := &decoder{doc: d.doc, item: i + 1}
		got, err := sub.decodeObject(item)
		if err != nil {
			return nil, err
		}
		docs = append(docs, got...)
	}
	return docs, nil
}

// metadataString is metadata.<key> of an object node when it is a string
// (metadataAccessor.Name and .Namespace of the unstructured object), else "".
func metadataString(obj *node, key string) string {
	for _, e := range obj.entries {
		if e.key != "metadata" {
			continue
		}
		m := e.val.deref()
		if m.kind != mapNode {
			return ""
		}
		for _, f := range m.entries {
			if v := f.val.deref(); f.key == key && v.kind == scalarNode && v.scalar == strScalar {
				return v.text
			}
		}
	}
	return ""
}

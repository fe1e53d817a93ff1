package apiserver

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// ListOptions select what a list returns (metav1.ListOptions, the part the
// playground serves).
type ListOptions struct {
	// LabelSelector limits the list to objects whose labels match; nil
	// means all.
	LabelSelector labels.Selector
	// FieldSelector is the fieldSelector parameter as a client sends it
	// ("status.phase=Running,spec.nodeName!=node-1"); "" means all. The
	// server parses it and converts its field labels for the kind, and
	// answers BadRequest for a malformed selector or a field the kind does
	// not support, with upstream's message.
	FieldSelector string
}

// ListWithOptions is List with both selectors (the list verb:
// handlers.ListResource, then the registry's filtering with
// storage.SelectionPredicate).
func (s *Server) ListWithOptions(k *api.KindInfo, namespace string, opts ListOptions) (*List, error) {
	if k == nil {
		return nil, NewBadRequest("no kind was provided")
	}
	s.expire()
	field, err := parseFieldSelector(k, opts.FieldSelector)
	if err != nil {
		return nil, err
	}
	pred := newPredicate(opts.LabelSelector, field)
	l := &List{Kind: k, ResourceVersion: s.ResourceVersion(), Items: []api.Object{}}
	t := s.tables[k]
	if t == nil {
		return l, nil
	}
	if !k.Namespaced {
		namespace = ""
	}
	recs := t.namespaceRange(namespace)
	if pred.empty() {
		l.Items = make([]api.Object, 0, len(recs))
	}
	for _, r := range recs {
		switch {
		case !pred.empty() && !pred.matches(k, r.obj):
		case s.shared:
			l.Items = append(l.Items, r.obj)
		default:
			l.Items = append(l.Items, out(r.obj))
		}
	}
	return l, nil
}

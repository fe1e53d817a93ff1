package apiserver

import (
	"fmt"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/fields"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// This file is the API server's side of field selectors: which field labels
// each kind accepts (the scheme's field label conversion funcs), which
// fields each kind's objects expose to a selector (the registry strategies'
// GetAttrs / ToSelectableFields), and the predicate lists and watches
// filter with (storage.SelectionPredicate).

// fieldLabelNotSupported is the core/v1 conversion funcs' error.
func fieldLabelNotSupported(label string) error {
	return fmt.Errorf("field label not supported: %s", label)
}

// convertFieldLabel is Scheme.ConvertFieldLabel for the playground's kinds:
// the conversion func registered for the kind in pkg/apis/core/v1/
// conversion.go (addConversionFuncs, AddFieldLabelConversionsForEvent,
// ...ForNamespace, ...ForService), or, for a kind with none,
// runtime.DefaultMetaV1FieldSelectorConversion. No apps/v1 kind registers
// one, so `status.replicas`, although ReplicaSets expose it, is rejected
// for them as upstream rejects it (kubernetes/kubernetes#135136).
func convertFieldLabel(k *api.KindInfo, label, value string) (string, string, error) {
	var accepted []string
	if k.Group == "" {
		switch k.Kind {
		case "Pod":
			if label == "spec.host" { // for old v1 clients
				return "spec.nodeName", value, nil
			}
			accepted = []string{"metadata.name", "metadata.namespace", "spec.nodeName", "spec.restartPolicy",
				"spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork", "status.phase", "status.podIP",
				"status.podIPs", "status.nominatedNodeName"}
		case "Node":
			accepted = []string{"metadata.name", "spec.unschedulable"}
		case "Event":
			accepted = []string{"involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
				"involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
				"involvedObject.fieldPath", "reason", "reportingComponent", "source", "type",
				"metadata.namespace", "metadata.name"}
		case "Namespace":
			accepted = []string{"status.phase", "metadata.name"}
		case "Service":
			accepted = []string{"metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"}
		case "Secret": // AddFieldLabelConversionsForSecret
			accepted = []string{"type", "metadata.namespace", "metadata.name"}
		}
	}
	if accepted == nil { // runtime.DefaultMetaV1FieldSelectorConversion
		if label == "metadata.name" || label == "metadata.namespace" {
			return label, value, nil
		}
		return "", "", fmt.Errorf("%q is not a known field selector: only %q, %q", label, "metadata.name", "metadata.namespace")
	}
	for _, a := range accepted {
		if a == label {
			return label, value, nil
		}
	}
	return "", "", fieldLabelNotSupported(label)
}

// selectableFields is the fields a selector sees on an object: each
// kind's ToSelectableFields (GetAttrs), or generic.ObjectMetaFieldsSet for
// kinds whose registry uses the default attributes. A field the
// conversion accepts but the set lacks (a pod's status.podIPs, as
// upstream) reads as "".
func selectableFields(k *api.KindInfo, obj api.Object) fields.Set {
	m := obj.GetObjectMeta()
	set := fields.Set{"metadata.name": m.Name} // generic.ObjectMetaFieldsSet
	if k.Namespaced {
		set["metadata.namespace"] = m.Namespace
	}
	switch o := obj.(type) {
	case *api.Pod: // pod.ToSelectableFields
		set["spec.nodeName"] = o.Spec.NodeName
		set["spec.restartPolicy"] = string(o.Spec.RestartPolicy)
		set["spec.schedulerName"] = o.Spec.SchedulerName
		set["spec.serviceAccountName"] = o.Spec.ServiceAccountName
		// Upstream reads spec.securityContext.hostNetwork of the internal
		// type, which is v1's spec.hostNetwork.
		set["spec.hostNetwork"] = strconv.FormatBool(o.Spec.HostNetwork)
		set["status.phase"] = string(o.Status.Phase)
		podIP := o.Status.PodIP // the internal type keeps only podIPs
		if len(o.Status.PodIPs) > 0 {
			podIP = o.Status.PodIPs[0].IP
		}
		set["status.podIP"] = podIP
		set["status.nominatedNodeName"] = "" // no preemption here
	case *api.Node: // node.NodeToSelectableFields
		set["spec.unschedulable"] = strconv.FormatBool(o.Spec.Unschedulable)
	case *api.Namespace: // namespace.NamespaceToSelectableFields
		set["status.phase"] = string(o.Status.Phase)
	case *api.Service: // service.SelectableFields
		set["spec.clusterIP"] = o.Spec.ClusterIP
		set["spec.type"] = string(o.Spec.Type)
	case *api.Event: // event.ToSelectableFields
		ref := o.InvolvedObject
		source := o.Source.Component
		if source == "" {
			source = o.ReportingComponent
		}
		set["involvedObject.kind"] = ref.Kind
		set["involvedObject.namespace"] = ref.Namespace
		set["involvedObject.name"] = ref.Name
		set["involvedObject.uid"] = ref.UID
		set["involvedObject.apiVersion"] = ref.APIVersion
		set["involvedObject.resourceVersion"] = ref.ResourceVersion
		set["involvedObject.fieldPath"] = ref.FieldPath
		set["reason"] = o.Reason
		set["reportingComponent"] = o.ReportingComponent
		set["source"] = source
		set["type"] = o.Type
	case *api.Secret: // secret.SelectableFields
		set["type"] = string(o.Type)
	case *api.ReplicaSet: // replicaset.ToSelectableFields
		set["status.replicas"] = strconv.Itoa(int(o.Status.Replicas))
	}
	return set
}

// parseFieldSelector reads a fieldSelector parameter for kind k as the list
// handler does (handlers.ListResource): parse it, then convert each field
// label; either failure is a BadRequest with the underlying message. ""
// gives nil, no restriction.
func parseFieldSelector(k *api.KindInfo, s string) (fields.Selector, error) {
	if s == "" {
		return nil, nil
	}
	sel, err := fields.ParseAndTransformSelector(s, func(label, value string) (string, string, error) {
		return convertFieldLabel(k, label, value)
	})
	if err != nil {
		return nil, NewBadRequest(err.Error())
	}
	if sel.Empty() {
		return nil, nil
	}
	return sel, nil
}

// predicate is storage.SelectionPredicate: a label and a field selector,
// either nil for no restriction.
type predicate struct {
	label labels.Selector
	field fields.Selector
}

func newPredicate(label labels.Selector, field fields.Selector) predicate {
	if label != nil && label.Empty() {
		label = nil
	}
	return predicate{label: label, field: field}
}

// empty reports whether the predicate selects everything.
func (p predicate) empty() bool { return p.label == nil && p.field == nil }

// matches reports whether an object of kind k passes both selectors.
func (p predicate) matches(k *api.KindInfo, obj api.Object) bool {
	if p.label != nil && !p.label.Matches(labels.Set(obj.GetObjectMeta().Labels)) {
		return false
	}
	return p.field == nil || p.field.Matches(selectableFields(k, obj))
}

package apiserver

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// NamespaceLifecycle models the NamespaceLifecycle admission plugin
// (staging/src/k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle):
//   - default, kube-system and kube-public may not be deleted;
//   - an object may not be written into a namespace that does not exist
//     (`namespaces "foo" not found`);
//   - nothing new may be created in a terminating namespace.
type NamespaceLifecycle struct{}

// immortalNamespaces are the namespaces the plugin refuses to delete.
var immortalNamespaces = map[string]bool{"default": true, "kube-system": true, "kube-public": true}

// Name implements Plugin.
func (NamespaceLifecycle) Name() string { return "NamespaceLifecycle" }

// Admit implements Plugin.
func (NamespaceLifecycle) Admit(a *Attributes) error {
	isNamespace := a.Kind.Kind == "Namespace" && a.Kind.Group == ""
	if a.Operation == OperationDelete && isNamespace && immortalNamespaces[a.Name] {
		return NewForbidden(a.Kind, a.Name, fmt.Errorf("this namespace may not be deleted"))
	}
	if isNamespace || a.Namespace == "" || a.Operation == OperationDelete {
		return nil
	}
	nsKind := api.NamespaceKind
	r := a.server.lookup(nsKind, "", a.Namespace)
	if r == nil {
		return NewNotFound(nsKind, a.Namespace)
	}
	if a.Operation == OperationCreate && r.obj.(*api.Namespace).Status.Phase == api.NamespaceTerminating {
		err := NewForbidden(a.Kind, a.Name, fmt.Errorf(
			"unable to create new content in namespace %s because it is being terminated", a.Namespace))
		err.Details.Causes = append(err.Details.Causes, StatusCause{
			Type:    CauseTypeNamespaceTerminating,
			Message: fmt.Sprintf("namespace %s is being terminated", a.Namespace),
			Field:   "metadata.namespace",
		})
		return err
	}
	return nil
}

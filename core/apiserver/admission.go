package apiserver

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// Operation is the verb an admission plugin sees (admission.Operation).
type Operation string

// The admitted operations.
const (
	OperationCreate Operation = "CREATE"
	OperationUpdate Operation = "UPDATE"
	OperationDelete Operation = "DELETE"
)

// Attributes describe one write to the plugins (admission.Attributes).
type Attributes struct {
	Operation Operation
	Kind      *api.KindInfo
	// Namespace is "" for cluster-scoped kinds.
	Namespace string
	// Name is the object's name; for a create with generateName it is set
	// once the name has been generated (by the Registry plugin).
	Name string
	// Subresource is "" for the main endpoint, "status" for UpdateStatus,
	// "finalize" for FinalizeNamespace.
	Subresource string
	// Object is the incoming object, private to this request: plugins
	// before Validation may change it. nil for DELETE.
	Object api.Object
	// OldObject is the stored object for UPDATE and DELETE (nil for
	// CREATE). It is shared with the store: plugins must not change it.
	OldObject api.Object
	// Store gives plugins read access to the cluster's current state.
	Store Reader

	server *Server
}

// Reader is the read side of the API server, as admission plugins and
// controllers see it. Its results are copies the caller owns.
type Reader interface {
	Get(kind *api.KindInfo, namespace, name string) (api.Object, error)
	List(kind *api.KindInfo, namespace string, selector labels.Selector) (*List, error)
}

var _ Reader = (*Server)(nil)

// Plugin is one step of the admission chain. Admit may change a.Object (if
// it runs before validation) or refuse the request with an error, which the
// server returns unchanged; it should be a *StatusError.
//
// Upstream splits plugins into mutating and validating ones and runs the
// registry's strategy between the two; here the registry steps are plugins
// too, so the whole request path reads as one ordered list.
type Plugin interface {
	// Name names the plugin, as in --enable-admission-plugins.
	Name() string
	// Admit handles one request.
	Admit(a *Attributes) error
}

// DefaultPlugins returns the chain in upstream order:
//
//  1. Defaulting: api.SetDefaults, which upstream runs while decoding the
//     request body;
//  2. NamespaceLifecycle (mutating admission): the namespace must exist and
//     not be terminating; immortal namespaces may not be deleted;
//  3. ServiceAccount: new pods run as the namespace's "default" service
//     account unless they name another (which must exist) and mount its
//     API credentials (the kube-api-access-xxxxx volume);
//  4. Priority: new pods get spec.priority and spec.preemptionPolicy from
//     their PriorityClass (0 and PreemptLowerPriority without one);
//  5. DefaultTolerationSeconds: pods tolerate the not-ready and unreachable
//     NoExecute taints for 300 s, so eviction waits five minutes;
//  6. Registry: server-set fields (uid, creationTimestamp, generated name,
//     generation) and the kind's PrepareForCreate / PrepareForUpdate
//     (rest.BeforeCreate / rest.BeforeUpdate before validation);
//  7. Validation: validation.ValidateObject / ValidateObjectUpdate plus the
//     generic metadata rules (strategy Validate, ValidateObjectMetaUpdate);
//  8. ResourceQuota (validating admission): a no-op until a QuotaEvaluator
//     is set.
//
// Plugins 2 to 5 and 8 keep the relative order of upstream's
// AllOrderedPlugins (pkg/kubeapiserver/options/plugins.go); the other
// default-on plugins act on kinds or fields the playground does not have.
func DefaultPlugins() []Plugin {
	return []Plugin{
		Defaulting{},
		NamespaceLifecycle{},
		ServiceAccount{},
		Priority{},
		DefaultTolerationSeconds{},
		RuntimeClass{},
		Registry{},
		Validation{},
		&ResourceQuota{},
	}
}

// admit runs the chain on a.
func (s *Server) admit(a *Attributes) error {
	if s.past {
		return s.refusePast()
	}
	a.Store, a.server = s, s
	for _, p := range s.Plugins {
		if err := p.Admit(a); err != nil {
			return err
		}
	}
	return nil
}

// FindPlugin returns the first plugin in the chain with the given name.
func (s *Server) FindPlugin(name string) Plugin {
	for _, p := range s.Plugins {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

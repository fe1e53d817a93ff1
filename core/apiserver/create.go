package apiserver

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// Create stores a new object and returns a copy of what was stored
// (registry.Store.Create). The argument is not modified.
//
// A namespaced object without a namespace goes to "default"; a cluster-scoped
// one has its namespace cleared (rest.EnsureObjectNamespaceMatchesRequestNamespace).
// The object then passes the admission chain (defaults, namespace checks,
// server-set fields, validation, quota). A name taken already fails with
// AlreadyExists; with generateName the server draws a new name and retries,
// up to 8 times (createWithGenerateNameRetry).
func (s *Server) Create(obj api.Object) (api.Object, error) {
	return copied(s.CreateShared(obj))
}

// CreateShared is Create returning the stored object itself, not a copy:
// see the Shared verbs in shared.go.
func (s *Server) CreateShared(obj api.Object) (api.Object, error) {
	k, err := kindFor(obj)
	if err != nil {
		return nil, err
	}
	s.expire()
	m := obj.GetObjectMeta()
	attempts := 1
	if m.GenerateName != "" && m.Name == "" {
		attempts = maxNameGenerationAttempts
	}
	var created api.Object
	for range attempts {
		created, err = s.create(k, obj)
		if err == nil || !IsAlreadyExists(err) {
			break
		}
	}
	return created, err
}

// create is one attempt of Create, on a private copy of in. It returns
// the stored object.
func (s *Server) create(k *api.KindInfo, in api.Object) (api.Object, error) {
	obj := in.DeepCopyObject()
	m := obj.GetObjectMeta()
	m.Namespace = requestNamespace(k, m.Namespace)
	generated := m.GenerateName != "" && m.Name == ""
	a := &Attributes{Operation: OperationCreate, Kind: k, Namespace: m.Namespace, Name: m.Name, Object: obj}
	if err := s.admit(a); err != nil {
		return nil, err
	}
	if m.Name == "" {
		// Validation requires a name; this guards a chain without it.
		return nil, NewInternalError(fmt.Errorf("metadata.name was not generated"))
	}
	// etcd3 store.Create refuses a preset resourceVersion; the handler
	// turns the plain error into a 500 without a reason.
	if m.ResourceVersion != "" {
		return nil, newServerError("resourceVersion should not be set on objects to be created")
	}
	if r := s.lookup(k, m.Namespace, m.Name); r != nil {
		err := NewAlreadyExists(k, m.Name)
		if generated { // rest.CheckGeneratedNameError
			err = NewGenerateNameConflict(k, m.Name, 1)
		}
		if r.obj.GetObjectMeta().DeletionTimestamp != nil {
			err.Message = "object is being deleted: " + err.Message
		}
		return nil, err
	}
	s.commitAdd(k, obj)
	return obj, nil
}

package apiserver

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// PatchFunc applies a patch document to the JSON of the stored object and
// returns the patched JSON. Errors should be *StatusError (BadRequest for a
// malformed patch, Invalid for one that does not apply).
type PatchFunc func(original, patch []byte) ([]byte, error)

// patchTypeOrder is the order the 415 error lists accepted patch types in.
var patchTypeOrder = []PatchType{JSONPatchType, MergePatchType, StrategicMergePatchType, ApplyPatchType}

// registerPatchType serves a patch format. JSON patch (RFC 6902) and JSON
// merge patch (RFC 7386) are built in; this is the seam for strategic merge
// patch (kubectl patch's default) and server-side apply.
func (s *Server) registerPatchType(pt PatchType, fn PatchFunc) { s.patch[pt] = fn }

// Patch changes an object with a patch document (the PATCH verb;
// handlers.PatchResource with a jsonPatcher), then stores it like Update
// (admission, generation, conflicts, no-op detection). The patch applies to
// the stored object, so it never conflicts unless it sets
// metadata.resourceVersion itself.
func (s *Server) Patch(k *api.KindInfo, namespace, name string, pt PatchType, patch []byte) (api.Object, error) {
	return s.patchObject(k, namespace, name, pt, patch, "")
}

// PatchStatus is Patch on the status subresource (kubectl patch
// --subresource=status).
func (s *Server) PatchStatus(k *api.KindInfo, namespace, name string, pt PatchType, patch []byte) (api.Object, error) {
	return s.patchObject(k, namespace, name, pt, patch, "status")
}

// PatchedCopy applies a patch document to a copy of obj and returns it, as
// kubectl does on its own side for a client dry run (patch.go
// getPatchedJSON): no admission, no defaults, nothing stored. Its errors
// are Patch's.
func (s *Server) PatchedCopy(k *api.KindInfo, obj api.Object, pt PatchType, patch []byte) (api.Object, error) {
	fn, err := s.patchFunc(pt)
	if err != nil {
		return nil, err
	}
	original, err := json.Marshal(obj)
	if err != nil {
		return nil, NewInternalError(err)
	}
	patched, err := fn(original, patch)
	if err != nil {
		return nil, err
	}
	out := k.New()
	if err := json.Unmarshal(patched, out); err != nil {
		return nil, newInvalid(groupKind{}, "", field.ErrorList{
			field.Invalid(field.NewPath("patch"), string(patched), err.Error())})
	}
	return out, nil
}

// patchFunc is the function serving pt, or the 415 a server answers for a
// patch type it does not serve.
func (s *Server) patchFunc(pt PatchType) (PatchFunc, error) {
	if fn := s.patch[pt]; fn != nil {
		return fn, nil
	}
	var accepted []string
	for _, t := range patchTypeOrder {
		if s.patch[t] != nil {
			accepted = append(accepted, string(t))
		}
	}
	return nil, NewUnsupportedMediaType("the body of the request was in an unknown format - accepted media types include: " +
		strings.Join(accepted, ", "))
}

func (s *Server) patchObject(k *api.KindInfo, namespace, name string, pt PatchType, patch []byte, sub string) (api.Object, error) {
	if k == nil {
		return nil, NewBadRequest("no kind was provided")
	}
	if _, err := s.patchFunc(pt); err != nil {
		return nil, err
	}
	s.expire()
	namespace = requestNamespace(k, namespace)
	r := s.lookup(k, namespace, name)
	if r == nil {
		return nil, NewNotFound(k, name)
	}
	obj, err := s.PatchedCopy(k, r.obj, pt, patch)
	if err != nil {
		return nil, err
	}
	m := obj.GetObjectMeta()
	// rest.EnsureObjectNamespaceMatchesRequestNamespace, then checkName.
	switch {
	case !k.Namespaced:
		m.Namespace = ""
	case m.Namespace == "":
		m.Namespace = namespace
	case m.Namespace != namespace:
		return nil, NewBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	}
	if m.Name != name {
		return nil, NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", m.Name, name))
	}
	return copied(s.update(k, obj, sub, false))
}

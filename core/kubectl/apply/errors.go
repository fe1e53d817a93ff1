package apply

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// Step names what apply was doing when it failed.
type Step string

// The steps of applyOneObject that can fail.
const (
	StepRetrieving Step = "retrieving" // getting the live object
	StepCreating   Step = "creating"   // creating a missing object
	StepPatching   Step = "patching"   // computing or sending the patch
)

// Error is an apply failure: the step, the object, the patch if one was
// computed, and the underlying error (usually an *apiserver.StatusError).
// Error() is the underlying message; WithSource words it as kubectl does
// once it knows the file name.
type Error struct {
	Step      Step
	Kind      *api.KindInfo
	Namespace string
	Name      string
	Patch     []byte
	Err       error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// WithSource returns the error kubectl apply reports for an object read
// from source (the file name, or "STDIN"), as cmdutil.AddSourceToErr words
// it in applyOneObject and Patcher.Patch:
//
//	error when retrieving current configuration of:
//	Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"
//	Name: "web", Namespace: "default"
//	from server for: "web.yaml": <message>
//
//	error when creating "web.yaml": <message>
//
//	error when applying patch:
//	<patch>
//	to:
//	Resource: ...
//	Name: "web", Namespace: "default"
//	for: "web.yaml": error when patching "web.yaml": <message>
//
// A status error stays a status error with the longer message, so kubectl
// still prints "Error from server (Reason): ..." (and, for Invalid, its
// own field-by-field wording). An empty source leaves the error as is.
func (e *Error) WithSource(source string) error {
	switch e.Step {
	case StepRetrieving:
		return addSourceToErr(fmt.Sprintf("retrieving current configuration of:\n%s\nfrom server for:", e.info()), source, e.Err)
	case StepCreating:
		return addSourceToErr("creating", source, e.Err)
	}
	inner := addSourceToErr("patching", source, e.Err)
	return addSourceToErr(fmt.Sprintf("applying patch:\n%s\nto:\n%s\nfor:", e.Patch, e.info()), source, inner)
}

// info is resource.Info's String().
func (e *Error) info() string {
	basic := fmt.Sprintf("Name: %q, Namespace: %q", e.Name, e.Namespace)
	if e.Kind == nil {
		return basic
	}
	resource := fmt.Sprintf("%s/%s, Resource=%s", e.Kind.Group, e.Kind.Version, e.Kind.Resource)
	gvk := fmt.Sprintf("%s/%s, Kind=%s", e.Kind.Group, e.Kind.Version, e.Kind.Kind)
	return fmt.Sprintf("Resource: %q, GroupVersionKind: %q\n%s", resource, gvk, basic)
}

// addSourceToErr models cmdutil.AddSourceToErr.
func addSourceToErr(verb, source string, err error) error {
	if source == "" {
		return err
	}
	if se, ok := apiserver.AsStatusError(err); ok {
		c := *se
		c.Message = fmt.Sprintf("error when %s %q: %v", verb, source, se.Message)
		return &c
	}
	return fmt.Errorf("error when %s %q: %v", verb, source, err)
}

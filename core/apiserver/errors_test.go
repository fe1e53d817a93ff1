package apiserver

import (
	"errors"
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

func mustKind(name string) *api.KindInfo {
	k, ok := api.LookupKind(name)
	if !ok {
		panic("no kind " + name)
	}
	return k
}

var (
	deployments = mustKind("Deployment")
	replicasets = mustKind("ReplicaSet")
	pods        = mustKind("Pod")
	namespaces  = mustKind("Namespace")
	nodes       = mustKind("Node")
	services    = mustKind("Service")
	events      = mustKind("Event")
)

// TestErrorTexts pins every constructor's server message, reason, code and
// details to upstream's (k8s.io/apimachinery/pkg/api/errors).
func TestErrorTexts(t *testing.T) {
	replicas := field.NewPath("spec", "replicas")
	cases := []struct {
		name   string
		err    *StatusError
		msg    string
		reason StatusReason
		code   int32
		kubect string
	}{
		{"not found", NewNotFound(deployments, "web"),
			`deployments.apps "web" not found`, ReasonNotFound, 404,
			`Error from server (NotFound): deployments.apps "web" not found`},
		{"not found core", NewNotFound(namespaces, "foo"),
			`namespaces "foo" not found`, ReasonNotFound, 404,
			`Error from server (NotFound): namespaces "foo" not found`},
		{"already exists", NewAlreadyExists(deployments, "web"),
			`deployments.apps "web" already exists`, ReasonAlreadyExists, 409,
			`Error from server (AlreadyExists): deployments.apps "web" already exists`},
		{"conflict", NewConflict(deployments, "web", errors.New(OptimisticLockErrorMsg)),
			`Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`,
			ReasonConflict, 409,
			`Error from server (Conflict): Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`},
		{"invalid one cause", NewInvalid(deployments, "web", field.ErrorList{
			field.Invalid(replicas, int32(-1), "must be greater than or equal to 0")}),
			`Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`,
			ReasonInvalid, 422,
			`The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`},
		{"invalid two causes", NewInvalid(deployments, "web", field.ErrorList{
			field.Invalid(replicas, int32(-1), "must be greater than or equal to 0"),
			field.Required(field.NewPath("spec", "selector"), ""),
		}),
			`Deployment.apps "web" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.selector: Required value]`,
			ReasonInvalid, 422,
			"The Deployment \"web\" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.selector: Required value"},
		{"invalid duplicate causes", NewInvalid(pods, "p", field.ErrorList{
			field.Required(field.NewPath("spec", "containers"), ""),
			field.Required(field.NewPath("spec", "containers"), ""),
		}),
			`Pod "p" is invalid: spec.containers: Required value`, ReasonInvalid, 422,
			`The Pod "p" is invalid: spec.containers: Required value`},
		{"forbidden", NewForbidden(namespaces, "default", errors.New("this namespace may not be deleted")),
			`namespaces "default" is forbidden: this namespace may not be deleted`, ReasonForbidden, 403,
			`Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted`},
		{"forbidden no name", NewForbidden(pods, "", errors.New("x")),
			`pods is forbidden: x`, ReasonForbidden, 403, `Error from server (Forbidden): pods is forbidden: x`},
		{"forbidden no resource", NewForbidden(nil, "", errors.New("x")),
			`forbidden: x`, ReasonForbidden, 403, `Error from server (Forbidden): forbidden: x`},
		{"bad request", NewBadRequest("resource name may not be empty"),
			`resource name may not be empty`, ReasonBadRequest, 400,
			`Error from server (BadRequest): resource name may not be empty`},
		{"method not supported", newMethodNotSupported(events, "watch"),
			`watch is not supported on resources of kind "events"`, ReasonMethodNotAllowed, 405,
			`Error from server (MethodNotAllowed): watch is not supported on resources of kind "events"`},
		{"too old", NewTooOldResourceVersion(5, 12),
			`too old resource version: 5 (12)`, ReasonExpired, 410,
			`Error from server (Expired): too old resource version: 5 (12)`},
		{"gone", newGone("x"), `x`, ReasonGone, 410, `Error from server (Gone): x`},
		{"too large", NewTooLargeResourceVersion(20, 10),
			`Timeout: Too large resource version: 20, current: 10`, ReasonTimeout, 504,
			`Error from server (Timeout): Timeout: Too large resource version: 20, current: 10`},
		{"generate name conflict", NewGenerateNameConflict(pods, "web-abcde", 1),
			`pods "web-abcde" already exists, the server was not able to generate a unique name for the object`,
			ReasonAlreadyExists, 409,
			`Error from server (AlreadyExists): pods "web-abcde" already exists, the server was not able to generate a unique name for the object`},
		{"internal", NewInternalError(errors.New("boom")), `Internal error occurred: boom`, ReasonInternalError, 500,
			`Error from server (InternalError): Internal error occurred: boom`},
		{"server error without reason", newServerError("resourceVersion should not be set on objects to be created"),
			`resourceVersion should not be set on objects to be created`, ReasonUnknown, 500,
			`Error from server: resourceVersion should not be set on objects to be created`},
		{"json patch did not apply", newUnprocessable(),
			`the server rejected our request due to an error in our request`, ReasonInvalid, 422,
			`The request is invalid: the server rejected our request due to an error in our request`},
		{"invalid without kind", newInvalid(groupKind{}, "", field.ErrorList{field.Invalid(field.NewPath("patch"), "[]", "bad")}),
			` "" is invalid: patch: Invalid value: "[]": bad`, ReasonInvalid, 422, // upstream's leading space
			`The request is invalid: patch: Invalid value: "[]": bad`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err.Error() != c.msg {
				t.Errorf("message\n got  %q\n want %q", c.err.Error(), c.msg)
			}
			if c.err.Reason != c.reason || c.err.Code != c.code {
				t.Errorf("reason/code = %q/%d, want %q/%d", c.err.Reason, c.err.Code, c.reason, c.code)
			}
			if got := KubectlMessage(c.err); got != c.kubect {
				t.Errorf("kubectl\n got  %q\n want %q", got, c.kubect)
			}
		})
	}
}

func TestInvalidDetails(t *testing.T) {
	err := NewInvalid(deployments, "web", field.ErrorList{
		field.Invalid(field.NewPath("spec", "replicas"), int32(-1), "must be greater than or equal to 0")})
	d := err.Details
	if d.Group != "apps" || d.Kind != "Deployment" || d.Name != "web" {
		t.Errorf("details = %+v, want group apps, kind Deployment, name web", d)
	}
	want := StatusCause{Type: "FieldValueInvalid", Field: "spec.replicas",
		Message: "Invalid value: -1: must be greater than or equal to 0"}
	if len(d.Causes) != 1 || d.Causes[0] != want {
		t.Errorf("causes = %+v, want [%+v]", d.Causes, want)
	}
	nf := NewNotFound(deployments, "web").Details
	if nf.Group != "apps" || nf.Kind != "deployments" || nf.Name != "web" {
		t.Errorf("NotFound details = %+v, want the resource in Kind", nf)
	}
}

func TestIsHelpers(t *testing.T) {
	wrapped := fmt.Errorf("syncing: %w", NewConflict(deployments, "web", errors.New("x")))
	unknown422 := &StatusError{Code: 422, Reason: "SomethingNew"}
	cases := []struct {
		name string
		fn   func(error) bool
		yes  []error
		no   []error
	}{
		{"IsNotFound", IsNotFound, []error{NewNotFound(pods, "a"), notFoundResource()}, []error{NewAlreadyExists(pods, "a"), nil, errors.New("x")}},
		{"IsAlreadyExists", IsAlreadyExists, []error{NewAlreadyExists(pods, "a"), NewGenerateNameConflict(pods, "a", 1)}, []error{NewConflict(pods, "a", errors.New("x"))}},
		{"IsConflict", IsConflict, []error{wrapped}, []error{NewAlreadyExists(pods, "a")}},
		{"IsInvalid", IsInvalid, []error{NewInvalid(pods, "a", nil), newUnprocessable(), unknown422}, []error{NewBadRequest("x")}},
		{"IsForbidden", IsForbidden, []error{NewForbidden(pods, "a", errors.New("x"))}, []error{NewBadRequest("x")}},
		{"IsBadRequest", IsBadRequest, []error{NewBadRequest("x")}, []error{NewForbidden(pods, "a", errors.New("x"))}},
		{"IsMethodNotSupported", IsMethodNotSupported, []error{newMethodNotSupported(pods, "x")}, []error{NewBadRequest("x")}},
		{"IsGone", isGone, []error{newGone("x")}, []error{NewTooOldResourceVersion(1, 2)}},
		{"IsResourceExpired", isResourceExpired, []error{NewTooOldResourceVersion(1, 2)}, []error{newGone("x")}},
		{"IsTimeout", isTimeout, []error{NewTooLargeResourceVersion(2, 1)}, []error{newGone("x")}},
		{"IsInternalError", isInternalError, []error{NewInternalError(errors.New("x"))}, []error{newGone("x")}},
	}
	for _, c := range cases {
		for _, e := range c.yes {
			if !c.fn(e) {
				t.Errorf("%s(%v) = false, want true", c.name, e)
			}
		}
		for _, e := range c.no {
			if c.fn(e) {
				t.Errorf("%s(%v) = true, want false", c.name, e)
			}
		}
	}
	if ReasonForError(wrapped) != ReasonConflict {
		t.Errorf("ReasonForError(wrapped) = %q", ReasonForError(wrapped))
	}
}

func TestKubectlMessagePlainErrors(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("boom"), "error: boom"},
		{errors.New("error: already prefixed"), "error: already prefixed"},
		{&StatusError{Code: 401, Reason: "Unauthorized", Message: "nope"}, "error: You must be logged in to the server (nope)"},
		{&StatusError{Code: 422, Reason: ReasonInvalid}, "The request is invalid"},
		{&StatusError{Code: 422, Reason: ReasonInvalid, Details: &StatusDetails{Kind: "Pod", Name: "p"}}, `The Pod "p" is invalid`},
	}
	for _, c := range cases {
		if got := KubectlMessage(c.err); got != c.want {
			t.Errorf("KubectlMessage(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

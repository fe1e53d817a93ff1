package apiserver

import (
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// StatusReason is metav1.StatusReason: the machine-readable reason a request
// failed. kubectl prints it in parentheses ("Error from server (NotFound)").
type StatusReason string

// The reasons the playground's API server returns, with upstream's spelling.
const (
	ReasonUnknown               StatusReason = ""
	ReasonNotFound              StatusReason = "NotFound"
	ReasonAlreadyExists         StatusReason = "AlreadyExists"
	ReasonConflict              StatusReason = "Conflict"
	ReasonInvalid               StatusReason = "Invalid"
	ReasonForbidden             StatusReason = "Forbidden"
	ReasonBadRequest            StatusReason = "BadRequest"
	ReasonMethodNotAllowed      StatusReason = "MethodNotAllowed"
	ReasonGone                  StatusReason = "Gone"
	ReasonExpired               StatusReason = "Expired"
	ReasonTimeout               StatusReason = "Timeout"
	ReasonUnsupportedMediaType  StatusReason = "UnsupportedMediaType"
	ReasonInternalError         StatusReason = "InternalError"
	ReasonRequestEntityTooLarge StatusReason = "RequestEntityTooLarge"
)

// CauseType values that are not field.ErrorType strings.
const (
	// CauseTypeNamespaceTerminating marks a create refused because its
	// namespace is being deleted (v1.NamespaceTerminatingCause).
	CauseTypeNamespaceTerminating = "NamespaceTerminating"
	// CauseTypeResourceVersionTooLarge marks a watch from the future
	// (metav1.CauseTypeResourceVersionTooLarge).
	CauseTypeResourceVersionTooLarge = "ResourceVersionTooLarge"
)

// OptimisticLockErrorMsg is the detail of every 409 Conflict caused by a
// stale resourceVersion (registry.OptimisticLockErrorMsg).
const OptimisticLockErrorMsg = "the object has been modified; please apply your changes to the latest version and try again"

// HTTP status codes of the errors above (net/http is off limits in core/).
const (
	codeNotFound             = 404
	codeConflict             = 409
	codeForbidden            = 403
	codeUnprocessableEntity  = 422
	codeBadRequest           = 400
	codeMethodNotAllowed     = 405
	codeGone                 = 410
	codeGatewayTimeout       = 504
	codeInternalServerError  = 500
	codeUnsupportedMediaType = 415
)

// StatusCause is metav1.StatusCause: one reason among several, usually a
// field error (Type "FieldValueInvalid", Field "spec.replicas").
type StatusCause struct {
	Type    string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	Field   string `json:"field,omitempty"`
}

// StatusDetails is metav1.StatusDetails. Kind holds the resource ("deployments")
// for most errors but the kind ("Deployment") for Invalid, exactly as upstream.
type StatusDetails struct {
	Name              string        `json:"name,omitempty"`
	Group             string        `json:"group,omitempty"`
	Kind              string        `json:"kind,omitempty"`
	Causes            []StatusCause `json:"causes,omitempty"`
	RetryAfterSeconds int32         `json:"retryAfterSeconds,omitempty"`
}

// StatusError is apierrors.StatusError flattened: the metav1.Status a real
// API server sends with a failed request. Its Error() is the server's message
// (`deployments.apps "web" not found`); KubectlMessage renders it the way
// kubectl prints it.
type StatusError struct {
	Code    int32          `json:"code"`
	Reason  StatusReason   `json:"reason,omitempty"`
	Message string         `json:"message,omitempty"`
	Details *StatusDetails `json:"details,omitempty"`

	// cause is what the server knew but did not send (the reason a JSON
	// patch did not apply), for debugging; see Unwrap.
	cause error
}

// Error returns the server message.
func (e *StatusError) Error() string { return e.Message }

// Unwrap returns the server-side cause of a deliberately vague error (the
// generic 422 of a JSON patch that does not apply), or nil.
func (e *StatusError) Unwrap() error { return e.cause }

// groupResource is schema.GroupResource: "deployments.apps", or "pods".
type groupResource struct{ Group, Resource string }

func (gr groupResource) String() string {
	if gr.Group == "" {
		return gr.Resource
	}
	return gr.Resource + "." + gr.Group
}

func (gr groupResource) empty() bool { return gr.Group == "" && gr.Resource == "" }

// groupKind is schema.GroupKind: "Deployment.apps", or "Pod".
type groupKind struct{ Group, Kind string }

func (gk groupKind) String() string {
	if gk.Group == "" {
		return gk.Kind
	}
	return gk.Kind + "." + gk.Group
}

func resourceOf(k *api.KindInfo) groupResource { return groupResource{k.Group, k.Resource} }
func kindOf(k *api.KindInfo) groupKind         { return groupKind{k.Group, k.Kind} }

func newStatus(code int32, reason StatusReason, gr groupResource, name, msg string) *StatusError {
	return &StatusError{Code: code, Reason: reason, Message: msg,
		Details: &StatusDetails{Group: gr.Group, Kind: gr.Resource, Name: name}}
}

// NewNotFound models errors.NewNotFound: `deployments.apps "web" not found`.
func NewNotFound(k *api.KindInfo, name string) *StatusError { return newNotFound(resourceOf(k), name) }

func newNotFound(gr groupResource, name string) *StatusError {
	return newStatus(codeNotFound, ReasonNotFound, gr, name, fmt.Sprintf("%s %q not found", gr, name))
}

// NewAlreadyExists models errors.NewAlreadyExists: `deployments.apps "web" already exists`.
func NewAlreadyExists(k *api.KindInfo, name string) *StatusError {
	gr := resourceOf(k)
	return newStatus(codeConflict, ReasonAlreadyExists, gr, name, fmt.Sprintf("%s %q already exists", gr, name))
}

// NewGenerateNameConflict models errors.NewGenerateNameConflict: every
// generated name was taken.
func NewGenerateNameConflict(k *api.KindInfo, name string, retryAfterSeconds int) *StatusError {
	gr := resourceOf(k)
	e := newStatus(codeConflict, ReasonAlreadyExists, gr, name, fmt.Sprintf(
		"%s %q already exists, the server was not able to generate a unique name for the object", gr, name))
	e.Details.RetryAfterSeconds = int32(retryAfterSeconds)
	return e
}

// NewConflict models errors.NewConflict:
// `Operation cannot be fulfilled on deployments.apps "web": <err>`.
func NewConflict(k *api.KindInfo, name string, err error) *StatusError {
	return newConflict(resourceOf(k), name, err)
}

func newConflict(gr groupResource, name string, err error) *StatusError {
	return newStatus(codeConflict, ReasonConflict, gr, name,
		fmt.Sprintf("Operation cannot be fulfilled on %s %q: %v", gr, name, err))
}

// NewForbidden models errors.NewForbidden: `pods "x" is forbidden: <err>`.
// A nil kind gives "forbidden: <err>".
func NewForbidden(k *api.KindInfo, name string, err error) *StatusError {
	var gr groupResource
	if k != nil {
		gr = resourceOf(k)
	}
	var msg string
	switch {
	case gr.empty():
		msg = fmt.Sprintf("forbidden: %v", err)
	case name == "":
		msg = fmt.Sprintf("%s is forbidden: %v", gr, err)
	default:
		msg = fmt.Sprintf("%s %q is forbidden: %v", gr, name, err)
	}
	return newStatus(codeForbidden, ReasonForbidden, gr, name, msg)
}

// NewInvalid models errors.NewInvalid: the causes are the field errors and
// the message is `Deployment.apps "web" is invalid: <errs.ToAggregate()>`.
func NewInvalid(k *api.KindInfo, name string, errs field.ErrorList) *StatusError {
	return newInvalid(kindOf(k), name, errs)
}

func newInvalid(gk groupKind, name string, errs field.ErrorList) *StatusError {
	causes := make([]StatusCause, 0, len(errs))
	for _, e := range errs {
		causes = append(causes, StatusCause{Type: string(e.Type), Message: e.ErrorBody(), Field: e.Field})
	}
	e := &StatusError{Code: codeUnprocessableEntity, Reason: ReasonInvalid,
		Details: &StatusDetails{Group: gk.Group, Kind: gk.Kind, Name: name, Causes: causes}}
	if agg := errs.ToAggregate(); agg == nil {
		e.Message = fmt.Sprintf("%s %q is invalid", gk, name)
	} else {
		e.Message = fmt.Sprintf("%s %q is invalid: %v", gk, name, agg)
	}
	return e
}

// NewBadRequest models errors.NewBadRequest.
func NewBadRequest(reason string) *StatusError {
	return &StatusError{Code: codeBadRequest, Reason: ReasonBadRequest, Message: reason}
}

// newMethodNotSupported models errors.NewMethodNotSupported:
// `<action> is not supported on resources of kind "events"`.
func newMethodNotSupported(k *api.KindInfo, action string) *StatusError {
	gr := resourceOf(k)
	return &StatusError{Code: codeMethodNotAllowed, Reason: ReasonMethodNotAllowed,
		Message: fmt.Sprintf("%s is not supported on resources of kind %q", action, gr.String()),
		Details: &StatusDetails{Group: gr.Group, Kind: gr.Resource}}
}

// newGone models errors.NewGone (410, reason Gone).
func newGone(message string) *StatusError {
	return &StatusError{Code: codeGone, Reason: ReasonGone, Message: message}
}

// NewResourceExpired models errors.NewResourceExpired (410, reason Expired):
// what the watch cache returns for a resourceVersion it no longer holds.
func NewResourceExpired(message string) *StatusError {
	return &StatusError{Code: codeGone, Reason: ReasonExpired, Message: message}
}

// NewTooOldResourceVersion is the watch cache's 410 for a compacted
// resourceVersion (watchCache.getAllEventsSinceLocked):
// `too old resource version: 5 (12)`, where 12 is the newest version the
// log can no longer replay from.
func NewTooOldResourceVersion(requested, oldest uint64) *StatusError {
	return NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", requested, oldest))
}

// NewTooLargeResourceVersion models storage.NewTooLargeResourceVersionError:
// a watch from a version the server has not reached.
func NewTooLargeResourceVersion(requested, current uint64) *StatusError {
	e := NewTimeoutError(fmt.Sprintf("Too large resource version: %d, current: %d", requested, current), 1)
	e.Details.Causes = []StatusCause{{Type: CauseTypeResourceVersionTooLarge, Message: "Too large resource version"}}
	return e
}

// NewTimeoutError models errors.NewTimeoutError.
func NewTimeoutError(message string, retryAfterSeconds int) *StatusError {
	return &StatusError{Code: codeGatewayTimeout, Reason: ReasonTimeout,
		Message: "Timeout: " + message, Details: &StatusDetails{RetryAfterSeconds: int32(retryAfterSeconds)}}
}

// NewInternalError models errors.NewInternalError.
func NewInternalError(err error) *StatusError {
	return &StatusError{Code: codeInternalServerError, Reason: ReasonInternalError,
		Message: fmt.Sprintf("Internal error occurred: %v", err),
		Details: &StatusDetails{Causes: []StatusCause{{Message: err.Error()}}}}
}

// NewUnsupportedMediaType is the 415 an API server returns for a patch type
// it does not serve.
func NewUnsupportedMediaType(message string) *StatusError {
	return &StatusError{Code: codeUnsupportedMediaType, Reason: ReasonUnsupportedMediaType, Message: message}
}

// newUnprocessable models errors.NewGenericServerResponse(422, "", {}, "", ...,
// false), which the patch handler returns when a JSON patch does not apply:
// the detail is dropped, only the generic sentence reaches the client.
func newUnprocessable() *StatusError {
	return &StatusError{Code: codeUnprocessableEntity, Reason: ReasonInvalid,
		Message: "the server rejected our request due to an error in our request", Details: &StatusDetails{}}
}

// newServerError is what ErrorToAPIStatus makes of a plain error: a 500 with
// no reason, whose message kubectl prints as "Error from server: ...".
func newServerError(message string) *StatusError {
	return &StatusError{Code: codeInternalServerError, Message: message}
}

// knownReasons mirrors apierrors.knownReasons: for these the code alone
// decides nothing.
var knownReasons = map[StatusReason]bool{
	ReasonNotFound: true, ReasonAlreadyExists: true, ReasonConflict: true, ReasonInvalid: true,
	ReasonForbidden: true, ReasonBadRequest: true, ReasonMethodNotAllowed: true, ReasonGone: true,
	ReasonExpired: true, ReasonTimeout: true, ReasonUnsupportedMediaType: true,
	ReasonInternalError: true, ReasonRequestEntityTooLarge: true, "Unauthorized": true,
}

// AsStatusError unwraps err to a *StatusError.
func AsStatusError(err error) (*StatusError, bool) {
	var se *StatusError
	if errors.As(err, &se) {
		return se, true
	}
	return nil, false
}

// ReasonForError models apierrors.ReasonForError.
func ReasonForError(err error) StatusReason {
	if se, ok := AsStatusError(err); ok {
		return se.Reason
	}
	return ReasonUnknown
}

// is reports whether err has reason r, or an unknown reason and code c (the
// fallback every apierrors.IsX helper uses).
func is(err error, r StatusReason, c int32) bool {
	se, ok := AsStatusError(err)
	if !ok {
		return false
	}
	return se.Reason == r || (!knownReasons[se.Reason] && c != 0 && se.Code == c)
}

// IsNotFound models apierrors.IsNotFound.
func IsNotFound(err error) bool { return is(err, ReasonNotFound, codeNotFound) }

// IsAlreadyExists models apierrors.IsAlreadyExists.
func IsAlreadyExists(err error) bool { return ReasonForError(err) == ReasonAlreadyExists }

// IsConflict models apierrors.IsConflict.
func IsConflict(err error) bool { return is(err, ReasonConflict, codeConflict) }

// IsInvalid models apierrors.IsInvalid.
func IsInvalid(err error) bool { return is(err, ReasonInvalid, codeUnprocessableEntity) }

// IsForbidden models apierrors.IsForbidden.
func IsForbidden(err error) bool { return is(err, ReasonForbidden, codeForbidden) }

// IsBadRequest models apierrors.IsBadRequest.
func IsBadRequest(err error) bool { return is(err, ReasonBadRequest, codeBadRequest) }

// IsMethodNotSupported models apierrors.IsMethodNotSupported.
func IsMethodNotSupported(err error) bool {
	return is(err, ReasonMethodNotAllowed, codeMethodNotAllowed)
}

// isGone models apierrors.IsGone.
func isGone(err error) bool { return is(err, ReasonGone, codeGone) }

// isResourceExpired models apierrors.IsResourceExpired. A watcher that gets
// it (or IsGone) must relist, as client-go's reflector does.
func isResourceExpired(err error) bool { return ReasonForError(err) == ReasonExpired }

// isTimeout models apierrors.IsTimeout.
func isTimeout(err error) bool { return is(err, ReasonTimeout, codeGatewayTimeout) }

// isInternalError models apierrors.IsInternalError.
func isInternalError(err error) bool {
	return is(err, ReasonInternalError, codeInternalServerError)
}

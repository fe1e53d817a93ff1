package strategicpatch

import (
	"errors"
	"fmt"
	"reflect"
)

// The errors of k8s.io/apimachinery/pkg/util/mergepatch/errors.go, with
// upstream's wording. The API server answers the first five with 400
// BadRequest and the next two with a generic 422 (see HTTPCode).
var (
	ErrBadJSONDoc                           = errors.New("invalid JSON document")
	ErrBadPatchFormatForPrimitiveList       = errors.New("invalid patch format of primitive list")
	ErrBadPatchFormatForRetainKeys          = errors.New("invalid patch format of retainKeys")
	ErrBadPatchFormatForSetElementOrderList = errors.New("invalid patch format of setElementOrder list")
	ErrUnsupportedStrategicMergePatchFormat = errors.New("strategic merge patch format is not supported")
	ErrNoListOfLists                        = errors.New("lists of lists are not supported")
	ErrPatchContentNotMatchRetainKeys       = errors.New("patch content doesn't match retainKeys list")
)

// errNoMergeKey is mergepatch.ErrNoMergeKey.
func errNoMergeKey(m map[string]any, k string) error {
	return fmt.Errorf("map: %v does not contain declared merge key: %s", m, k)
}

// errBadArgType is mergepatch.ErrBadArgType: expected is a typed nil of the
// wanted Go type, actual the value found.
func errBadArgType(expected, actual any) error {
	return fmt.Errorf("expected a %s, but received a %s", reflect.TypeOf(expected), reflect.TypeOf(actual))
}

// errBadArgKind is mergepatch.ErrBadArgKind, used when no schema is given.
func errBadArgKind(expected, actual any) error {
	kind := func(v any) string {
		if v == nil {
			return "nil"
		}
		return reflect.TypeOf(v).Kind().String()
	}
	return fmt.Errorf("expected a %s, but received a %s", kind(expected), kind(actual))
}

// errBadPatchType is mergepatch.ErrBadPatchType: an unknown $patch value.
func errBadPatchType(t any, m map[string]any) error {
	return fmt.Errorf("unknown patch type: %s in map: %v", t, m)
}

// RequestError is how the API server's PATCH handler would answer a
// strategic merge patch that failed: Code is the HTTP status and Message
// the status message (see PatchFunc).
type RequestError struct {
	Code    int
	Message string
	Err     error // the underlying error
}

func (e *RequestError) Error() string { return e.Message }
func (e *RequestError) Unwrap() error { return e.Err }

// HTTPCode is the status the API server answers a patch error with
// (interpretStrategicMergePatchError in
// staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go):
//
//   - 400 BadRequest: malformed documents and directives;
//   - 422 with the generic "the server rejected our request due to an error
//     in our request" (errors.NewGenericServerResponse): lists of lists and
//     patches that contradict their $retainKeys;
//   - 500 with no reason for everything else (a missing merge key, a bad
//     $patch value, ...), which kubectl prints as "Error from server: ...".
//
// A *RequestError carries its own code.
func HTTPCode(err error) int {
	var re *RequestError
	switch {
	case err == nil:
		return 200
	case errors.As(err, &re):
		return re.Code
	case errors.Is(err, ErrBadJSONDoc), errors.Is(err, ErrBadPatchFormatForPrimitiveList),
		errors.Is(err, ErrBadPatchFormatForRetainKeys), errors.Is(err, ErrBadPatchFormatForSetElementOrderList),
		errors.Is(err, ErrUnsupportedStrategicMergePatchFormat):
		return 400
	case errors.Is(err, ErrNoListOfLists), errors.Is(err, ErrPatchContentNotMatchRetainKeys):
		return 422
	}
	return 500
}

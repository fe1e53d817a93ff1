package strategicpatch

import (
	"errors"

	"github.com/kubeplay/kubeplay/core/api"
)

// genericUnprocessable is the message of errors.NewGenericServerResponse
// for 422, which replaces the real cause.
const genericUnprocessable = "the server rejected our request due to an error in our request"

// PatchFunc applies a strategic merge patch to the JSON of a stored object
// as the API server's PATCH handler does (strategicPatchObject and
// applyPatchToObject in staging/src/k8s.io/apiserver/pkg/endpoints/
// handlers/patch.go). It has the signature of apiserver.PatchFunc; the
// schema is that of the document's kind.
//
// Every error is a *RequestError whose Code says how the server answers:
// 400 with encoding/json's message for a patch that is not a JSON object
// (or null); 400 for malformed directives and for kinds without a schema
// ("strategic merge patch format is not supported", as for custom
// resources); 422 with the generic message for lists of lists; 500 with
// the plain message for the rest ("map: map[image:x] does not contain
// declared merge key: name"), which kubectl prints as "Error from server:".
func PatchFunc(original, patch []byte) ([]byte, error) {
	om, err := DecodeMap(original)
	if err != nil {
		return nil, &RequestError{Code: 500, Message: err.Error(), Err: err}
	}
	kindName, _ := om["kind"].(string)
	k, ok := api.LookupKind(kindName)
	if !ok {
		return nil, requestError(ErrUnsupportedStrategicMergePatchFormat)
	}
	pm, err := DecodeMap(patch)
	if err != nil {
		return nil, &RequestError{Code: 400, Message: err.Error(), Err: err}
	}
	result, err := StrategicMergeMapPatch(om, pm, SchemaFor(k))
	if err != nil {
		return nil, requestError(err)
	}
	out, err := encode(result)
	if err != nil {
		return nil, &RequestError{Code: 500, Message: err.Error(), Err: err}
	}
	return out, nil
}

// requestError wraps err with the status HTTPCode gives it.
func requestError(err error) *RequestError {
	var re *RequestError
	if errors.As(err, &re) {
		return re
	}
	code := HTTPCode(err)
	msg := err.Error()
	if code == 422 {
		msg = genericUnprocessable
	}
	return &RequestError{Code: code, Message: msg, Err: err}
}

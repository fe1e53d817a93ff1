package apiserver

import (
	"errors"

	"github.com/kubeplay/kubeplay/core/api/strategicpatch"
)

// applyStrategicMergePatch serves application/strategic-merge-patch+json,
// kubectl's default patch type: it applies the patch with
// strategicpatch.PatchFunc and turns its errors into the statuses the PATCH
// handler returns (interpretStrategicMergePatchError and ErrorToAPIStatus):
// 400 BadRequest, 422 Invalid, or a 500 without a reason, which kubectl
// prints as "Error from server: <message>".
func applyStrategicMergePatch(original, patch []byte) ([]byte, error) {
	out, err := strategicpatch.PatchFunc(original, patch)
	if err == nil {
		return out, nil
	}
	msg := err.Error()
	var re *strategicpatch.RequestError
	if errors.As(err, &re) {
		msg = re.Message
	}
	switch strategicpatch.HTTPCode(err) {
	case codeBadRequest:
		return nil, NewBadRequest(msg)
	case codeUnprocessableEntity:
		return nil, &StatusError{Code: codeUnprocessableEntity, Reason: ReasonInvalid, Message: msg, Details: &StatusDetails{}}
	}
	return nil, newServerError(msg)
}

package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Event validation (pkg/apis/core/validation/events.go).

// validateEvent checks an Event's metadata (ValidateEventCreate's object
// meta rules; the involvedObject/reportingController rules are not
// modelled, since only the playground's own components write events).
func validateEvent(e *api.Event) field.ErrorList {
	return validateObjectMeta(&e.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
}

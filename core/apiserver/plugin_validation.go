package apiserver

import (
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/validation"
)

// Validation rejects invalid objects with a 422 Invalid error listing every
// field error (errors.NewInvalid). It stands for the strategy's Validate /
// ValidateUpdate (the status strategy's on the status subresource) and the
// generic metadata checks of rest.BeforeCreate and rest.BeforeUpdate, all of
// which the validation package implements.
type Validation struct{}

// Name implements Plugin.
func (Validation) Name() string { return "Validation" }

// Admit implements Plugin.
func (Validation) Admit(a *Attributes) error {
	errs := validate(a)
	if len(errs) == 0 {
		return nil
	}
	return NewInvalid(a.Kind, a.Name, errs)
}

func validate(a *Attributes) field.ErrorList {
	switch a.Operation {
	case OperationCreate:
		return validation.ValidateObject(a.Object)
	case OperationUpdate:
		if a.Subresource == "status" {
			return validation.ValidateStatusUpdate(a.Object, a.OldObject)
		}
		return validation.ValidateObjectUpdate(a.Object, a.OldObject)
	}
	return nil
}

package validation

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Container environment validation (ValidateEnv and friends).

// validEnvFieldPaths is validEnvDownwardAPIFieldPathExpressions, sorted as
// sets.List reports it.
var validEnvFieldPaths = []string{
	"metadata.name", "metadata.namespace", "metadata.uid",
	"spec.nodeName", "spec.serviceAccountName",
	"status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs",
}

// validateEnv models ValidateEnv with relaxed name validation (the
// RelaxedEnvironmentVariableValidation gate is on in v1.37).
func validateEnv(vars []api.EnvVar, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, ev := range vars {
		idxPath := fldPath.Index(i)
		if ev.Name == "" {
			errs = append(errs, field.Required(idxPath.Child("name"), ""))
		} else {
			for _, msg := range isRelaxedEnvVarName(ev.Name) {
				errs = append(errs, field.Invalid(idxPath.Child("name"), ev.Name, msg))
			}
		}
		errs = append(errs, validateEnvVarValueFrom(ev, idxPath.Child("valueFrom"))...)
	}
	return errs
}

// isRelaxedEnvVarName models validation.IsRelaxedEnvVarName.
func isRelaxedEnvVarName(value string) []string {
	var errs []string
	if value == "" {
		errs = append(errs, "environment variable name must be non-empty")
	}
	for _, r := range value {
		if r > unicode.MaxASCII || !unicode.IsPrint(r) || r == '=' {
			errs = append(errs, "a valid environment variable name must consist only of printable ASCII characters other than '='")
			break
		}
	}
	return errs
}

// validateEnvVarValueFrom models validateEnvVarValueFrom for the one
// source the playground models, fieldRef.
func validateEnvVarValueFrom(ev api.EnvVar, fldPath *field.Path) field.ErrorList {
	if ev.ValueFrom == nil {
		return nil
	}
	var errs field.ErrorList
	sources := 0
	if ev.ValueFrom.FieldRef != nil {
		sources++
		errs = append(errs, validateObjectFieldSelector(ev.ValueFrom.FieldRef, validEnvFieldPaths, fldPath.Child("fieldRef"))...)
	}
	switch {
	case sources == 0:
		errs = append(errs, field.Invalid(fldPath, "", "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"))
	case ev.Value != "":
		errs = append(errs, field.Invalid(fldPath, "", "may not be specified when `value` is not empty"))
	}
	return errs
}

// validateObjectFieldSelector models validateObjectFieldSelector; valid
// is the sorted list of the field paths allowed where the selector is
// (env vars or volume files).
func validateObjectFieldSelector(fs *api.ObjectFieldSelector, valid []string, fldPath *field.Path) field.ErrorList {
	if fs.APIVersion == "" {
		return field.ErrorList{field.Required(fldPath.Child("apiVersion"), "")}
	}
	if fs.FieldPath == "" {
		return field.ErrorList{field.Required(fldPath.Child("fieldPath"), "")}
	}
	internal, err := convertDownwardAPIFieldLabel(fs.APIVersion, fs.FieldPath)
	if err != nil {
		return field.ErrorList{field.Invalid(fldPath.Child("fieldPath"), fs.FieldPath, fmt.Sprintf("error converting fieldPath: %v", err))}
	}
	if path, subscript, ok := splitMaybeSubscriptedPath(internal); ok {
		switch path {
		case "metadata.annotations":
			return validateQualifiedName(strings.ToLower(subscript), fldPath)
		case "metadata.labels":
			return validateQualifiedName(subscript, fldPath)
		default:
			return field.ErrorList{field.Invalid(fldPath, path, "does not support subscript")}
		}
	}
	if slices.Contains(valid, internal) {
		return nil
	}
	return field.ErrorList{field.NotSupported(fldPath.Child("fieldPath"), internal, valid)}
}

// convertDownwardAPIFieldLabel models pods.ConvertDownwardAPIFieldLabel.
func convertDownwardAPIFieldLabel(version, label string) (string, error) {
	if version != "v1" {
		return "", fmt.Errorf("unsupported pod version: %s", version)
	}
	if path, _, ok := splitMaybeSubscriptedPath(label); ok {
		switch path {
		case "metadata.annotations", "metadata.labels":
			return label, nil
		default:
			return "", fmt.Errorf("field label does not support subscript: %s", label)
		}
	}
	switch label {
	case "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid",
		"spec.nodeName", "spec.restartPolicy", "spec.serviceAccountName", "spec.schedulerName",
		"status.phase", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs":
		return label, nil
	case "spec.host": // old v1 clients
		return "spec.nodeName", nil
	}
	return "", fmt.Errorf("field label not supported: %s", label)
}

// splitMaybeSubscriptedPath models fieldpath.SplitMaybeSubscriptedPath:
// "metadata.labels['app']" is ("metadata.labels", "app").
func splitMaybeSubscriptedPath(fieldPath string) (string, string, bool) {
	if !strings.HasSuffix(fieldPath, "']") {
		return fieldPath, "", false
	}
	s := strings.TrimSuffix(fieldPath, "']")
	parts := strings.SplitN(s, "['", 2)
	if len(parts) < 2 || parts[0] == "" {
		return fieldPath, "", false
	}
	return parts[0], parts[1], true
}

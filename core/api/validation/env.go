package validation

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
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

// validateEnvVarValueFrom models validateEnvVarValueFrom (with EnvFiles,
// beta and on in v1.37, so fileKeyRef is a source).
func validateEnvVarValueFrom(ev api.EnvVar, fldPath *field.Path) field.ErrorList {
	vf := ev.ValueFrom
	if vf == nil {
		return nil
	}
	var errs field.ErrorList
	sources := 0
	if vf.FieldRef != nil {
		sources++
		errs = append(errs, validateObjectFieldSelector(vf.FieldRef, validEnvFieldPaths, fldPath.Child("fieldRef"))...)
	}
	if vf.ResourceFieldRef != nil {
		sources++
		errs = append(errs, validateContainerResourceFieldSelector(vf.ResourceFieldRef, false, fldPath.Child("resourceFieldRef"))...)
	}
	if vf.ConfigMapKeyRef != nil {
		sources++
		errs = append(errs, validateKeySelector(vf.ConfigMapKeyRef.Name, vf.ConfigMapKeyRef.Key, fldPath.Child("configMapKeyRef"))...)
	}
	if vf.SecretKeyRef != nil {
		sources++
		errs = append(errs, validateKeySelector(vf.SecretKeyRef.Name, vf.SecretKeyRef.Key, fldPath.Child("secretKeyRef"))...)
	}
	if vf.FileKeyRef != nil {
		sources++
		errs = append(errs, validateFileKeySelector(vf.FileKeyRef, fldPath.Child("fileKeyRef"))...)
	}
	switch {
	case sources == 0:
		errs = append(errs, field.Invalid(fldPath, "", "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"))
	case ev.Value != "":
		errs = append(errs, field.Invalid(fldPath, "", "may not be specified when `value` is not empty"))
	case sources > 1:
		errs = append(errs, field.Invalid(fldPath, "", "may not have more than one field specified at a time"))
	}
	return errs
}

// validateKeySelector models validateConfigMapKeySelector and
// validateSecretKeySelector, which are the same: the name is checked even
// when empty (so an empty one is Invalid, not Required), the key must be
// a config key.
func validateKeySelector(name, key string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range nameIsDNSSubdomain(name, false) {
		errs = append(errs, field.Invalid(fldPath.Child("name"), name, msg))
	}
	if key == "" {
		errs = append(errs, field.Required(fldPath.Child("key"), ""))
	} else {
		for _, msg := range isConfigMapKey(key) {
			errs = append(errs, field.Invalid(fldPath.Child("key"), key, msg))
		}
	}
	return errs
}

// validateFileKeySelector models validateFileKeySelector.
func validateFileKeySelector(s *api.FileKeySelector, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Key == "" {
		errs = append(errs, field.Required(fldPath.Child("key"), ""))
	} else {
		for _, msg := range isRelaxedEnvVarName(s.Key) {
			errs = append(errs, field.Invalid(fldPath.Child("key"), s.Key, msg))
		}
	}
	if s.VolumeName == "" {
		errs = append(errs, field.Required(fldPath.Child("volumeName"), ""))
	} else {
		errs = append(errs, validateDNS1123Label(s.VolumeName, fldPath.Child("volumeName"))...)
	}
	if s.Path == "" {
		errs = append(errs, field.Required(fldPath.Child("path"), ""))
	} else {
		errs = append(errs, validatePathNoBacksteps(s.Path, fldPath.Child("path"))...)
	}
	return errs
}

// validEnvResourceFields is validContainerResourceFieldPathExpressions,
// sorted as sets.List reports it.
var validEnvResourceFields = []string{
	"limits.cpu", "limits.ephemeral-storage", "limits.memory",
	"requests.cpu", "requests.ephemeral-storage", "requests.memory",
}

// validateContainerResourceFieldSelector models validateContainerResourceFieldSelector
// (hugepages-<size> resources allowed by prefix) and
// validateContainerResourceDivisor. volume is set for a downward API
// volume file, which must name its container.
func validateContainerResourceFieldSelector(fs *api.ResourceFieldSelector, volume bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch {
	case volume && fs.ContainerName == "":
		errs = append(errs, field.Required(fldPath.Child("containerName"), ""))
	case fs.Resource == "":
		errs = append(errs, field.Required(fldPath.Child("resource"), ""))
	case !slices.Contains(validEnvResourceFields, fs.Resource) &&
		!strings.HasPrefix(fs.Resource, "requests.hugepages-") && !strings.HasPrefix(fs.Resource, "limits.hugepages-"):
		errs = append(errs, field.NotSupported(fldPath.Child("resource"), fs.Resource, validEnvResourceFields))
	}
	if fs.Divisor.IsZero() {
		return errs
	}
	d := fs.Divisor.String()
	byteDivisors := []string{"1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"}
	const bytesMsg = "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the "
	divPath := fldPath.Child("divisor")
	switch fs.Resource {
	case "limits.cpu", "requests.cpu":
		if d != "1m" && d != "1" {
			errs = append(errs, field.Invalid(divPath, fs.Resource, "only divisor's values 1m and 1 are supported with the cpu resource"))
		}
	case "limits.memory", "requests.memory":
		if !slices.Contains(byteDivisors, d) {
			errs = append(errs, field.Invalid(divPath, fs.Resource, bytesMsg+"memory resource"))
		}
	case "limits.ephemeral-storage", "requests.ephemeral-storage":
		if !slices.Contains(byteDivisors, d) {
			errs = append(errs, field.Invalid(divPath, fs.Resource, bytesMsg+"local ephemeral storage resource"))
		}
	}
	if strings.HasPrefix(fs.Resource, "requests.hugepages-") || strings.HasPrefix(fs.Resource, "limits.hugepages-") {
		if !slices.Contains(byteDivisors, d) {
			errs = append(errs, field.Invalid(divPath, fs.Resource, bytesMsg+"hugepages resource"))
		}
	}
	return errs
}

// validateEnvFrom models ValidateEnvFrom (relaxed prefix names, on in
// v1.37). As upstream, a source with no or two references is reported
// against the list, not the entry.
func validateEnvFrom(sources []api.EnvFromSource, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, ev := range sources {
		idxPath := fldPath.Index(i)
		if ev.Prefix != "" {
			for _, msg := range isRelaxedEnvVarName(ev.Prefix) {
				errs = append(errs, field.Invalid(idxPath.Child("prefix"), ev.Prefix, msg))
			}
		}
		n := 0
		if ev.ConfigMapRef != nil {
			n++
			errs = append(errs, validateEnvSourceName(ev.ConfigMapRef.Name, idxPath.Child("configMapRef"))...)
		}
		if ev.SecretRef != nil {
			n++
			errs = append(errs, validateEnvSourceName(ev.SecretRef.Name, idxPath.Child("secretRef"))...)
		}
		switch {
		case n == 0:
			errs = append(errs, field.Invalid(fldPath, "", "must specify one of: `configMapRef` or `secretRef`"))
		case n > 1:
			errs = append(errs, field.Invalid(fldPath, "", "may not have more than one field specified at a time"))
		}
	}
	return errs
}

// validateEnvSourceName models validateConfigMapEnvSource and
// validateSecretEnvSource: a name is required, and checked as a name
// prefix (ValidateConfigMapName(name, true)), as upstream does.
func validateEnvSourceName(name string, fldPath *field.Path) field.ErrorList {
	if name == "" {
		return field.ErrorList{field.Required(fldPath.Child("name"), "")}
	}
	var errs field.ErrorList
	for _, msg := range nameIsDNSSubdomain(name, true) {
		errs = append(errs, field.Invalid(fldPath.Child("name"), name, msg))
	}
	return errs
}

// isConfigMapKey models validation.IsConfigMapKey: at most 253 of
// [-._a-zA-Z0-9], and not ".", ".." or a name starting with "..".
func isConfigMapKey(value string) []string {
	var errs []string
	if len(value) > 253 {
		errs = append(errs, naming.MaxLenError(253))
	}
	ok := value != ""
	for i := 0; i < len(value) && ok; i++ {
		c := value[i]
		ok = c == '-' || c == '.' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	if !ok {
		errs = append(errs, naming.RegexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
			"[-._a-zA-Z0-9]+", "key.name", "KEY_NAME", "key-name"))
	}
	switch {
	case value == ".":
		errs = append(errs, "must not be '.'")
	case value == "..":
		errs = append(errs, "must not be '..'")
	case strings.HasPrefix(value, ".."):
		errs = append(errs, "must not start with '..'")
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

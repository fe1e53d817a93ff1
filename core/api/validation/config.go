package validation

import (
	"encoding/json"
	"reflect"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// ConfigMap, Secret and ServiceAccount validation (pkg/apis/core/validation:
// ValidateConfigMap, ValidateSecret, ValidateServiceAccount and their
// updates). Upstream ranges over the data maps; the keys go in sorted
// order here, so the errors come out the same every time.

// validateConfigMap models ValidateConfigMap: config keys, no key in both
// data and binaryData, at most 1 MiB in all (reported against the whole
// object, path "").
func validateConfigMap(cm *api.ConfigMap) field.ErrorList {
	errs := validateObjectMeta(&cm.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	total := 0
	dataPath := field.NewPath("data")
	for _, k := range sortedKeys(cm.Data) {
		for _, msg := range isConfigMapKey(k) {
			errs = append(errs, field.Invalid(dataPath.Key(k), k, msg))
		}
		if _, dup := cm.BinaryData[k]; dup {
			errs = append(errs, field.Invalid(dataPath.Key(k), k, "duplicate of key present in binaryData"))
		}
		total += len(cm.Data[k])
	}
	binPath := field.NewPath("binaryData")
	for _, k := range sortedKeys(cm.BinaryData) {
		for _, msg := range isConfigMapKey(k) {
			errs = append(errs, field.Invalid(binPath.Key(k), k, msg))
		}
		total += len(cm.BinaryData[k])
	}
	if total > api.MaxSecretSize {
		errs = append(errs, field.TooLong(field.NewPath(""), "", api.MaxSecretSize))
	}
	return errs
}

// validateConfigMapUpdate models ValidateConfigMapUpdate: an immutable
// ConfigMap stays immutable and keeps its data.
func validateConfigMapUpdate(cm, old *api.ConfigMap) field.ErrorList {
	errs := validateObjectMetaUpdate(&cm.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	if old.Immutable != nil && *old.Immutable {
		errs = append(errs, immutableWhenSet(cm.Immutable, "data", cm.Data, old.Data)...)
		if !reflect.DeepEqual(cm.BinaryData, old.BinaryData) {
			errs = append(errs, field.Forbidden(field.NewPath("binaryData"), "field is immutable when `immutable` is set"))
		}
	}
	return append(errs, validateConfigMap(cm)...)
}

// immutableWhenSet is the check ConfigMap and Secret updates share once
// the stored object is immutable: it must stay so, and its data may not
// change.
func immutableWhenSet(immutable *bool, dataField string, data, oldData any) field.ErrorList {
	var errs field.ErrorList
	if immutable == nil || !*immutable {
		errs = append(errs, field.Forbidden(field.NewPath("immutable"), "field is immutable when `immutable` is set"))
	}
	if !reflect.DeepEqual(data, oldData) {
		errs = append(errs, field.Forbidden(field.NewPath(dataField), "field is immutable when `immutable` is set"))
	}
	return errs
}

// validateSecret models ValidateSecret: config keys, at most 1 MiB of
// data, and what each built-in type requires.
func validateSecret(s *api.Secret) field.ErrorList {
	errs := validateObjectMeta(&s.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
	dataPath := field.NewPath("data")
	total := 0
	for _, k := range sortedKeys(s.Data) {
		for _, msg := range isConfigMapKey(k) {
			errs = append(errs, field.Invalid(dataPath.Key(k), k, msg))
		}
		total += len(s.Data[k])
	}
	if total > api.MaxSecretSize {
		errs = append(errs, field.TooLong(dataPath, "", api.MaxSecretSize))
	}
	has := func(k string) bool { _, ok := s.Data[k]; return ok }
	required := func(k string) { errs = append(errs, field.Required(dataPath.Key(k), "")) }
	wellFormedJSON := func(k string) {
		if err := json.Unmarshal(s.Data[k], &map[string]any{}); err != nil {
			errs = append(errs, field.Invalid(dataPath.Key(k), "<secret contents redacted>", err.Error()))
		}
	}
	switch s.Type {
	case api.SecretTypeServiceAccountToken:
		// The token controller adds the uid and the token later.
		if s.Annotations[api.ServiceAccountNameKey] == "" {
			errs = append(errs, field.Required(field.NewPath("metadata", "annotations").Key(api.ServiceAccountNameKey), ""))
		}
	case api.SecretTypeDockercfg:
		if !has(api.DockerConfigKey) {
			required(api.DockerConfigKey)
		} else {
			wellFormedJSON(api.DockerConfigKey)
		}
	case api.SecretTypeDockerConfigJSON:
		if !has(api.DockerConfigJSONKey) {
			required(api.DockerConfigJSONKey)
		} else {
			wellFormedJSON(api.DockerConfigJSONKey)
		}
	case api.SecretTypeBasicAuth:
		// Either may be empty, but one of them must be there.
		if !has(api.BasicAuthUsernameKey) && !has(api.BasicAuthPasswordKey) {
			required(api.BasicAuthUsernameKey)
			required(api.BasicAuthPasswordKey)
		}
	case api.SecretTypeSSHAuth:
		if len(s.Data[api.SSHAuthPrivateKey]) == 0 {
			required(api.SSHAuthPrivateKey)
		}
	case api.SecretTypeTLS:
		if !has(api.TLSCertKey) {
			required(api.TLSCertKey)
		}
		if !has(api.TLSPrivateKeyKey) {
			required(api.TLSPrivateKeyKey)
		}
	}
	return errs
}

// validateSecretUpdate models ValidateSecretUpdate: the type never
// changes; an immutable Secret stays immutable and keeps its data
// (stringData was folded into data before this runs).
func validateSecretUpdate(s, old *api.Secret) field.ErrorList {
	errs := validateObjectMetaUpdate(&s.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	errs = append(errs, validateImmutableField(s.Type, old.Type, field.NewPath("type"))...)
	if old.Immutable != nil && *old.Immutable {
		errs = append(errs, immutableWhenSet(s.Immutable, "data", s.Data, old.Data)...)
	}
	return append(errs, validateSecret(s)...)
}

// validateServiceAccount models ValidateServiceAccount: metadata only.
func validateServiceAccount(sa *api.ServiceAccount) field.ErrorList {
	return validateObjectMeta(&sa.ObjectMeta, metaOptions{namespaced: true, nameFn: nameIsDNSSubdomain, kubeFinalizers: true}, field.NewPath("metadata"))
}

// validateServiceAccountUpdate models ValidateServiceAccountUpdate.
func validateServiceAccountUpdate(sa, old *api.ServiceAccount) field.ErrorList {
	errs := validateObjectMetaUpdate(&sa.ObjectMeta, &old.ObjectMeta, true, field.NewPath("metadata"))
	return append(errs, validateServiceAccount(sa)...)
}

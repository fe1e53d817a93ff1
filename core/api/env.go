package api

// EnvFromSource is core/v1 EnvFromSource.
type EnvFromSource struct {
	Prefix       string              `json:"prefix,omitempty"`
	ConfigMapRef *ConfigMapEnvSource `json:"configMapRef,omitempty"`
	SecretRef    *SecretEnvSource    `json:"secretRef,omitempty"`
}

// ConfigMapEnvSource is core/v1 ConfigMapEnvSource.
type ConfigMapEnvSource struct {
	LocalObjectReference `json:",inline"`
	Optional             *bool `json:"optional,omitempty"`
}

// SecretEnvSource is core/v1 SecretEnvSource, field for field a
// ConfigMapEnvSource.
type SecretEnvSource ConfigMapEnvSource

// EnvVar is core/v1 EnvVar.
type EnvVar struct {
	Name      string        `json:"name"`
	Value     string        `json:"value,omitempty"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`
}

// EnvVarSource is core/v1 EnvVarSource.
type EnvVarSource struct {
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	ConfigMapKeyRef  *ConfigMapKeySelector  `json:"configMapKeyRef,omitempty"`
	SecretKeyRef     *SecretKeySelector     `json:"secretKeyRef,omitempty"`
	FileKeyRef       *FileKeySelector       `json:"fileKeyRef,omitempty"`
}

// ConfigMapKeySelector is core/v1 ConfigMapKeySelector.
type ConfigMapKeySelector struct {
	LocalObjectReference `json:",inline"`
	Key                  string `json:"key"`
	Optional             *bool  `json:"optional,omitempty"`
}

// SecretKeySelector is core/v1 SecretKeySelector, field for field a
// ConfigMapKeySelector.
type SecretKeySelector ConfigMapKeySelector

// FileKeySelector is core/v1 FileKeySelector.
type FileKeySelector struct {
	VolumeName string `json:"volumeName"`
	Path       string `json:"path"`
	Key        string `json:"key"`
	Optional   *bool  `json:"optional,omitempty"`
}

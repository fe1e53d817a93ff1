package api

// The configuration kinds of core/v1 a workload reads: ConfigMap, Secret
// and ServiceAccount, field for field as k8s.io/api v0.37.2 types.go has
// them. A []byte field is base64 in JSON and YAML, as encoding/json makes
// it.

// ConfigMap is core/v1 ConfigMap.
type ConfigMap struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string][]byte `json:"binaryData,omitempty"`
}

// Secret is core/v1 Secret. StringData is write-only: the API server
// folds it into Data on every write, so a stored Secret never has it.
type Secret struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string][]byte `json:"data,omitempty"`
	StringData map[string]string `json:"stringData,omitempty"`
	Type       SecretType        `json:"type,omitempty"`
}

// SecretType names the shape of a Secret's data.
type SecretType string

// The Secret types upstream defines, and the keys the typed ones need.
const (
	SecretTypeOpaque              SecretType = "Opaque"
	SecretTypeServiceAccountToken SecretType = "kubernetes.io/service-account-token"
	SecretTypeDockercfg           SecretType = "kubernetes.io/dockercfg"
	SecretTypeDockerConfigJSON    SecretType = "kubernetes.io/dockerconfigjson"
	SecretTypeBasicAuth           SecretType = "kubernetes.io/basic-auth"
	SecretTypeSSHAuth             SecretType = "kubernetes.io/ssh-auth"
	SecretTypeTLS                 SecretType = "kubernetes.io/tls"
	SecretTypeBootstrapToken      SecretType = "bootstrap.kubernetes.io/token"

	ServiceAccountNameKey = "kubernetes.io/service-account.name"
	DockerConfigKey       = ".dockercfg"
	DockerConfigJSONKey   = ".dockerconfigjson"
	BasicAuthUsernameKey  = "username"
	BasicAuthPasswordKey  = "password"
	SSHAuthPrivateKey     = "ssh-privatekey"
	TLSCertKey            = "tls.crt"
	TLSPrivateKeyKey      = "tls.key"
)

// MaxSecretSize is the most bytes a Secret's or ConfigMap's data may hold
// (core.MaxSecretSize, 1 MiB).
const MaxSecretSize = 1 * 1024 * 1024

// ServiceAccount is core/v1 ServiceAccount.
type ServiceAccount struct {
	TypeMeta                     `json:",inline"`
	ObjectMeta                   `json:"metadata,omitempty"`
	Secrets                      []ObjectReference      `json:"secrets,omitempty"`
	ImagePullSecrets             []LocalObjectReference `json:"imagePullSecrets,omitempty"`
	AutomountServiceAccountToken *bool                  `json:"automountServiceAccountToken,omitempty"`
}

func (o *ConfigMap) DeepCopyObject() Object      { return DeepCopy(o) }
func (o *Secret) DeepCopyObject() Object         { return DeepCopy(o) }
func (o *ServiceAccount) DeepCopyObject() Object { return DeepCopy(o) }

// convertSecretStringData models what Convert_v1_Secret_To_core_Secret
// does on every write: each stringData entry is written into data
// (overwriting a key both have), and stringData is gone, since the
// internal type has no such field.
func convertSecretStringData(s *Secret) {
	if len(s.StringData) > 0 && s.Data == nil {
		s.Data = make(map[string][]byte, len(s.StringData))
	}
	for k, v := range s.StringData {
		s.Data[k] = []byte(v)
	}
	s.StringData = nil
}

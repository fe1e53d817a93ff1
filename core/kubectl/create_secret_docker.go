package kubectl

import (
	"encoding/base64"
	"encoding/json"
	"errors"

	"github.com/kubeplay/kubeplay/core/api"
)

// `kubectl create secret docker-registry` (staging/src/k8s.io/kubectl/pkg/
// cmd/create/create_secret_docker.go): a kubernetes.io/dockerconfigjson
// Secret whose .dockerconfigjson holds {"auths": {SERVER: {username,
// password, email, auth}}}, auth being base64 of "username:password"; or,
// with --from-file, the files' contents instead (the server still wants a
// .dockerconfigjson key holding JSON).

// defaultDockerServer is NewSecretDockerRegistryOptions's Server: Docker
// Hub's v1 index.
const defaultDockerServer = "https://index.docker.io/v1/"

// errDockerRegistryFlags is CreateSecretDockerRegistryOptions.Validate's
// refusal when neither --from-file nor all three of username, password
// and server are given.
var errDockerRegistryFlags = errors.New("either --from-file or the combination of --docker-username, --docker-password and --docker-server is required")

// dockerConfigJSON and dockerConfigEntry are the generator's
// DockerConfigJSON and DockerConfigEntry, with the same JSON field names
// and omitempty, so that encoding/json writes the same bytes.
type dockerConfigJSON struct {
	Auths       map[string]dockerConfigEntry `json:"auths"`
	HTTPHeaders map[string]string            `json:"HttpHeaders,omitempty"`
}

type dockerConfigEntry struct {
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
	Email    string `json:"email,omitempty"`
	Auth     string `json:"auth,omitempty"`
}

// dockerConfigJSONContent models handleDockerCfgJSONContent (with
// encodeDockerConfigFieldAuth): the one registry's entry, marshalled.
func dockerConfigJSONContent(username, password, email, server string) ([]byte, error) {
	entry := dockerConfigEntry{Username: username, Password: password, Email: email,
		Auth: base64.StdEncoding.EncodeToString([]byte(username + ":" + password))}
	return json.Marshal(dockerConfigJSON{Auths: map[string]dockerConfigEntry{server: entry}})
}

// runCreateSecretDockerRegistry is `kubectl create secret docker-registry
// NAME ...`: Complete (the name, then --dry-run and -o), Validate, then
// createSecretDockerRegistry and the create.
func runCreateSecretDockerRegistry(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) != 1 {
		return usageErrorf(c, "exactly one NAME is required, got %d", len(args))
	}
	if _, err := getDryRunStrategy(fs); err != nil {
		return err
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	user, password, server := fs.string("docker-username"), fs.string("docker-password"), fs.string("docker-server")
	switch {
	case args[0] == "":
		return errors.New("name must be specified")
	case len(fs.strings("from-file")) == 0 && (user == "" || password == "" || server == ""):
		return errDockerRegistryFlags
	}
	s := newSecret(args[0], api.SecretTypeDockerConfigJSON)
	if len(fs.strings("from-file")) > 0 {
		if err := e.fileSources(fs, addSecretKey(s)); err != nil {
			return err
		}
	} else {
		content, err := dockerConfigJSONContent(user, password, fs.string("docker-email"), server)
		if err != nil {
			return err
		}
		s.Data[api.DockerConfigJSONKey] = content
	}
	return e.createGenerated(fs, &info{kind: api.KindOf(s), namespace: e.namespace, name: s.Name, obj: s}, "secret")
}

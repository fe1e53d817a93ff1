package kubectl

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// The generators for the configuration kinds (staging/src/k8s.io/kubectl/
// pkg/cmd/create: create_configmap.go, create_secret.go,
// create_secret_docker.go, create_serviceaccount.go). --from-file reads
// the playground's files (the scenario's or the editor's), keyed by base
// name unless written key=path; --from-env-file, directories and
// --append-hash are not modelled.

// createConfigCommands are `create configmap`, `create secret generic`,
// `create secret docker-registry` and `create serviceaccount`. `create
// secret tls` stays unavailable: reading a certificate and key would pull
// crypto/x509 into the wasm.
func createConfigCommands() []*command {
	common := flags(outputFlag, templateFlags, dryRunFlag, fieldMgrFlag, validateFlag, flagDef{name: "save-config", kind: kindBool})
	sources := slices.Concat(common, flags(
		flagDef{name: "from-literal", kind: kindStringArray},
		flagDef{name: "from-file", kind: kindStringSlice}))
	secret := &command{name: "secret", short: "Create a secret using a specified subcommand", run: defaultSubCommandRun}
	secret.add(
		&command{name: "generic", short: "Create a secret from a local file, directory, or literal value", run: runCreateSecretGeneric,
			flags: slices.Concat(sources, flags(flagDef{name: "type", kind: kindString}))},
		&command{name: "docker-registry", short: "Create a secret for use with a Docker registry", run: runCreateSecretDockerRegistry,
			flags: slices.Concat(common, flags(
				flagDef{name: "docker-username", kind: kindString},
				flagDef{name: "docker-password", kind: kindString},
				flagDef{name: "docker-email", kind: kindString},
				flagDef{name: "docker-server", kind: kindString, def: defaultDockerServer},
				flagDef{name: "from-file", kind: kindStringSlice}))},
		unavailable("tls", "Create a TLS secret"),
	)
	return []*command{
		{name: "configmap", aliases: []string{"cm"}, short: "Create a config map from a local file, directory or literal value",
			run: runCreateConfigMap, flags: sources},
		secret,
		{name: "serviceaccount", aliases: []string{"sa"}, short: "Create a service account with the specified name",
			run: runCreateServiceAccount, flags: common},
	}
}

// configSources reads --from-file then --from-literal into key/value
// pairs, as createConfigMap and createSecret do (files first), refusing a
// key given twice with the generator's message.
func (e *env) configSources(fs *flagSet, add func(key, value string) error) error {
	if err := e.fileSources(fs, add); err != nil {
		return err
	}
	for _, lit := range fs.strings("from-literal") {
		key, value, ok := strings.Cut(lit, "=") // ParseLiteralSource
		if !ok || key == "" {
			return fmt.Errorf("invalid literal source %v, expected key=value", lit)
		}
		if err := add(key, value); err != nil {
			return err
		}
	}
	return nil
}

// fileSources reads --from-file into key/value pairs
// (handleSecretFromFileSources and its configmap twin, for files).
func (e *env) fileSources(fs *flagSet, add func(key, value string) error) error {
	for _, src := range fs.strings("from-file") {
		key, file, ok := strings.Cut(src, "=")
		if !ok {
			key, file = path.Base(src), src
		}
		text, found := e.in.Files[file]
		if !found {
			return fmt.Errorf("error reading %s: no such file or directory", file)
		}
		if err := add(key, text); err != nil {
			return err
		}
	}
	return nil
}

// runCreateConfigMap is `kubectl create configmap NAME [--from-file] [--from-literal]`.
func runCreateConfigMap(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) != 1 {
		return usageErrorf(c, "exactly one NAME is required, got %d", len(args))
	}
	cm := &api.ConfigMap{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"}, ObjectMeta: api.ObjectMeta{Name: args[0]},
		Data: map[string]string{}}
	err := e.configSources(fs, func(key, value string) error {
		if _, dup := cm.Data[key]; dup {
			return fmt.Errorf("cannot add key %q, another key by that name already exists in Data for ConfigMap %q", key, cm.Name)
		}
		cm.Data[key] = value
		return nil
	})
	if err != nil {
		return err
	}
	return e.createGenerated(fs, &info{kind: api.KindOf(cm), namespace: e.namespace, name: cm.Name, obj: cm}, "configmap")
}

// runCreateSecretGeneric is `kubectl create secret generic NAME ...`.
func runCreateSecretGeneric(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) != 1 {
		return usageErrorf(c, "exactly one NAME is required, got %d", len(args))
	}
	s := newSecret(args[0], api.SecretType(fs.string("type")))
	if err := e.configSources(fs, addSecretKey(s)); err != nil {
		return err
	}
	return e.createGenerated(fs, &info{kind: api.KindOf(s), namespace: e.namespace, name: s.Name, obj: s}, "secret")
}

// newSecret is create_secret.go's newSecretObj with no namespace (the
// request's namespace is the session's).
func newSecret(name string, typ api.SecretType) *api.Secret {
	return &api.Secret{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Secret"}, ObjectMeta: api.ObjectMeta{Name: name},
		Type: typ, Data: map[string][]byte{}}
}

// addSecretKey adds a source's key to s, refusing one given twice as
// addKeyFromFileToSecret and addKeyFromLiteralToSecret do.
func addSecretKey(s *api.Secret) func(key, value string) error {
	return func(key, value string) error {
		if _, dup := s.Data[key]; dup {
			return fmt.Errorf("cannot add key %s, another key by that name already exists", key)
		}
		s.Data[key] = []byte(value)
		return nil
	}
}

// runCreateServiceAccount is `kubectl create serviceaccount NAME`.
func runCreateServiceAccount(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) != 1 {
		return usageErrorf(c, "exactly one NAME is required, got %d", len(args))
	}
	sa := &api.ServiceAccount{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "ServiceAccount"}, ObjectMeta: api.ObjectMeta{Name: args[0]}}
	return e.createGenerated(fs, &info{kind: api.KindOf(sa), namespace: e.namespace, name: sa.Name, obj: sa}, "serviceaccount")
}

// createGenerated sends a generator's object, wrapping a refusal as the
// generators do ("failed to create configmap: ...", "failed to create
// secret ..." without the colon, "failed to create serviceaccount: ...").
func (e *env) createGenerated(fs *flagSet, in *info, what string) error {
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	obj, err := e.createObject(in, dry)
	if err != nil {
		if what == "secret" {
			return fmt.Errorf("failed to create secret %v", err)
		}
		return fmt.Errorf("failed to create %s: %v", what, err)
	}
	return e.printName(in, obj, "created"+dry.suffix(), fs.string("output"))
}

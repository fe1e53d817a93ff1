package validation

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestValidateConfigMap(t *testing.T) {
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "app", Namespace: "default"},
		Data: map[string]string{"app.yaml": "x: 1", "MODE": "prod"}}
	check(t, "valid", ValidateObject(defaulted(cm)), nil)

	cm.Data = map[string]string{"a/b": "x", "..k": "y", "dup": "z"}
	cm.BinaryData = map[string][]byte{"dup": {1}, "big": make([]byte, api.MaxSecretSize)}
	check(t, "keys and size", ValidateObject(defaulted(cm)), []string{
		`data[..k]: Invalid value: "..k": must not start with '..'`,
		`data[a/b]: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
		`data[dup]: Invalid value: "dup": duplicate of key present in binaryData`,
		`[]: Too long: may not be more than 1048576 bytes`,
	})

	old := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "app", Namespace: "default", ResourceVersion: "1"},
		Immutable: ptr(true), Data: map[string]string{"k": "v"}}
	upd := api.DeepCopy(old)
	upd.Immutable = nil
	upd.Data["k"] = "w"
	check(t, "immutable", ValidateObjectUpdate(upd, old), []string{
		"immutable: Forbidden: field is immutable when `immutable` is set",
		"data: Forbidden: field is immutable when `immutable` is set",
	})
}

func TestValidateSecret(t *testing.T) {
	s := &api.Secret{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		StringData: map[string]string{"password": "hunter2"}}
	s = defaulted(s)
	if s.Type != api.SecretTypeOpaque || string(s.Data["password"]) != "hunter2" || s.StringData != nil {
		t.Fatalf("defaulted secret: type %q, data %q, stringData %v", s.Type, s.Data, s.StringData)
	}
	check(t, "valid", ValidateObject(s), nil)

	for _, tt := range []struct {
		typ  api.SecretType
		data map[string][]byte
		want []string
	}{
		{api.SecretTypeTLS, nil, []string{"data[tls.crt]: Required value", "data[tls.key]: Required value"}},
		{api.SecretTypeBasicAuth, nil, []string{"data[username]: Required value", "data[password]: Required value"}},
		{api.SecretTypeBasicAuth, map[string][]byte{"password": nil}, nil},
		{api.SecretTypeSSHAuth, map[string][]byte{"ssh-privatekey": {}}, []string{"data[ssh-privatekey]: Required value"}},
		{api.SecretTypeDockerConfigJSON, map[string][]byte{".dockerconfigjson": []byte("{")}, []string{
			`data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": unexpected end of JSON input`}},
		{api.SecretTypeServiceAccountToken, nil, []string{"metadata.annotations[kubernetes.io/service-account.name]: Required value"}},
		{"example.com/custom", nil, nil},
	} {
		s := &api.Secret{ObjectMeta: api.ObjectMeta{Name: "x", Namespace: "default"}, Type: tt.typ, Data: tt.data}
		check(t, string(tt.typ), ValidateObject(s), tt.want)
	}

	old := &api.Secret{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default", ResourceVersion: "1"},
		Type: api.SecretTypeOpaque, Immutable: ptr(true), Data: map[string][]byte{"k": []byte("v")}}
	upd := api.DeepCopy(old)
	upd.Type = api.SecretTypeTLS
	upd.Data = map[string][]byte{"tls.crt": nil, "tls.key": nil}
	got := ValidateObjectUpdate(upd, old)
	check(t, "update", got, []string{
		`type: Invalid value: "kubernetes.io/tls": field is immutable`,
		"data: Forbidden: field is immutable when `immutable` is set",
	})
	if strings.Contains(got.ToAggregate().Error(), "tls.crt") {
		t.Errorf("a complete TLS secret reported missing keys: %v", got)
	}
}

func TestValidateServiceAccount(t *testing.T) {
	sa := &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "Builder", Namespace: "default"}}
	check(t, "name", ValidateObject(sa), []string{`metadata.name: Invalid value: "Builder": ` + subdomainMsg})
}

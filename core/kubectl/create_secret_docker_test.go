package kubectl

import (
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// storedSecret reads a secret back through `kubectl get -o json`: its type
// and its data, decoded.
func storedSecret(t *testing.T, s *session, name string) (string, map[string]string) {
	t.Helper()
	r := s.run("kubectl get secret " + name + " -o json")
	if r.ExitCode != 0 {
		t.Fatalf("get secret %s: %s", name, r.Output)
	}
	var obj struct {
		Type string            `json:"type"`
		Data map[string]string `json:"data"`
	}
	if err := json.Unmarshal([]byte(r.Stdout), &obj); err != nil {
		t.Fatalf("get secret %s -o json: %v\n%s", name, err, r.Stdout)
	}
	data := map[string]string{}
	for k, v := range obj.Data {
		b, err := base64.StdEncoding.DecodeString(v)
		if err != nil {
			t.Fatalf("data[%s] = %q: %v", k, v, err)
		}
		data[k] = string(b)
	}
	return obj.Type, data
}

// wantRun runs line and checks its whole output and exit code.
func wantRun(t *testing.T, s *session, line, want string, exit int) {
	t.Helper()
	r := s.run(line)
	if r.Output != want || r.ExitCode != exit {
		t.Errorf("$ %s\ngot (exit %d):\n%s\nwant (exit %d):\n%s", line, r.ExitCode, r.Output, exit, want)
	}
}

// The .dockerconfigjson kubectl's generator writes: encoding/json of
// {"auths": {SERVER: {username, password, email, auth}}}, empty fields
// left out, auth = base64(username:password), the server defaulting to
// https://index.docker.io/v1/.
func TestCreateSecretDockerRegistry(t *testing.T) {
	s := newSession(t, nil)
	wantRun(t, s, "kubectl create secret docker-registry regcred --docker-username=tiger --docker-password=pass113 --docker-email=tiger@acme.com",
		"secret/regcred created\n", 0)
	typ, data := storedSecret(t, s, "regcred")
	if typ != "kubernetes.io/dockerconfigjson" {
		t.Errorf("type %q", typ)
	}
	// base64("tiger:pass113") = dGlnZXI6cGFzczExMw== (the Secret concept
	// page's example, which shows the same JSON indented).
	want := `{"auths":{"https://index.docker.io/v1/":{"username":"tiger","password":"pass113","email":"tiger@acme.com","auth":"dGlnZXI6cGFzczExMw=="}}}`
	if len(data) != 1 || data[".dockerconfigjson"] != want {
		t.Errorf("data %q\nwant .dockerconfigjson = %s", data, want)
	}

	// Another server, no email: no "email" key; encoding/json escapes <, &
	// and > in the password; auth = base64("u:p<&>") = dTpwPCY+.
	wantRun(t, s, "kubectl create secret docker-registry private --docker-server=registry.example.com:5000 --docker-username=u --docker-password='p<&>'",
		"secret/private created\n", 0)
	_, data = storedSecret(t, s, "private")
	want = `{"auths":{"registry.example.com:5000":{"username":"u","password":"p\u003c\u0026\u003e","auth":"dTpwPCY+"}}}`
	if data[".dockerconfigjson"] != want {
		t.Errorf(".dockerconfigjson = %s\nwant %s", data[".dockerconfigjson"], want)
	}

	wantRun(t, s, "kubectl create secret docker-registry regcred --docker-username=tiger --docker-password=pass113",
		"error: failed to create secret secrets \"regcred\" already exists\n", 1)
}

// --from-file takes the files as they are, under the type
// kubernetes.io/dockerconfigjson, which the API server checks: the key
// .dockerconfigjson must be there.
func TestCreateSecretDockerRegistryFromFile(t *testing.T) {
	config := `{"auths":{"ghcr.io":{"auth":"bWU6dG9rZW4="}}}`
	s := newSession(t, map[string]string{"config.json": config})
	wantRun(t, s, "kubectl create secret docker-registry ghcr --from-file=.dockerconfigjson=config.json", "secret/ghcr created\n", 0)
	typ, data := storedSecret(t, s, "ghcr")
	if typ != "kubernetes.io/dockerconfigjson" || len(data) != 1 || data[".dockerconfigjson"] != config {
		t.Errorf("type %q, data %q", typ, data)
	}
	// Keyed by the file's name, it lacks the key the type requires.
	wantRun(t, s, "kubectl create secret docker-registry bare --from-file=config.json",
		"error: failed to create secret Secret \"bare\" is invalid: data[.dockerconfigjson]: Required value\n", 1)
	wantRun(t, s, "kubectl create secret docker-registry missing --from-file=.dockerconfigjson=nope.json",
		"error: error reading nope.json: no such file or directory\n", 1)
	// A client dry run prints the object and stores nothing.
	wantRun(t, s, "kubectl create secret docker-registry dry --from-file=.dockerconfigjson=config.json --dry-run=client -o yaml",
		"apiVersion: v1\ndata:\n  .dockerconfigjson: "+base64.StdEncoding.EncodeToString([]byte(config))+"\n"+
			"kind: Secret\nmetadata:\n  name: dry\ntype: kubernetes.io/dockerconfigjson\n", 0)
	wantRun(t, s, "kubectl get secret dry", "Error from server (NotFound): secrets \"dry\" not found\n", 1)
}

// The refusals, worded as NameFromCommandArgs and Validate word them.
func TestCreateSecretDockerRegistryErrors(t *testing.T) {
	s := newSession(t, nil)
	const need = "error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required\n"
	for _, line := range []string{
		"kubectl create secret docker-registry x",
		"kubectl create secret docker-registry x --docker-username=tiger",
		"kubectl create secret docker-registry x --docker-password=pass113",
		"kubectl create secret docker-registry x --docker-username=tiger --docker-password=pass113 --docker-server=",
	} {
		wantRun(t, s, line, need, 1)
	}
	wantRun(t, s, "kubectl create secret docker-registry",
		"error: exactly one NAME is required, got 0\nSee 'kubectl create secret docker-registry -h' for help and examples\n", 1)
	wantRun(t, s, "kubectl create secret docker-registry a b --docker-username=u --docker-password=p",
		"error: exactly one NAME is required, got 2\nSee 'kubectl create secret docker-registry -h' for help and examples\n", 1)
	wantRun(t, s, "kubectl create secret docker-registry '' --docker-username=u --docker-password=p",
		"error: name must be specified\n", 1)
	// Complete parses --dry-run before Validate runs.
	wantRun(t, s, "kubectl create secret docker-registry x --dry-run=bogus",
		"error: Invalid dry-run value (bogus). Must be \"none\", \"server\", or \"client\".\n", 1)
}

// The help renders create_secret_docker.go's Long, Example and Use, and
// `kubectl create secret` lists the command.
func TestCreateSecretDockerRegistryHelp(t *testing.T) {
	s := newSession(t, nil)
	r := s.run("kubectl create secret docker-registry --help")
	// The help as kubectl prints it, lines of eight spaces marked "~".
	want := strings.ReplaceAll(`Create a new secret for use with Docker registries.
~
        Dockercfg secrets are used to authenticate against Docker registries.
~
        When using the Docker command line to push images, you can authenticate to a given registry by running:
            '$ docker login DOCKER_REGISTRY_SERVER --username=DOCKER_USER --password=DOCKER_PASSWORD --email=DOCKER_EMAIL'.
~
 That produces a ~/.dockercfg file that is used by subsequent 'docker push' and 'docker pull' commands to authenticate to the registry. The email address is optional.

        When creating applications, you may have a Docker registry that requires authentication.  In order for the
        nodes to pull images on your behalf, they must have the credentials.  You can provide this information
        by creating a dockercfg secret and attaching it to your service account.

Examples:
  # If you don't already have a .dockercfg file, you can create a dockercfg secret directly by using:
  kubectl create secret docker-registry my-secret --docker-server=DOCKER_REGISTRY_SERVER --docker-username=DOCKER_USER --docker-password=DOCKER_PASSWORD --docker-email=DOCKER_EMAIL
  ~
  # Create a new secret named my-secret from ~/.docker/config.json
  kubectl create secret docker-registry my-secret --from-file=.dockerconfigjson=path/to/.docker/config.json

Usage:
  kubectl create secret docker-registry NAME --docker-username=user --docker-password=password --docker-email=email [--docker-server=string] [--from-file=[key=]source] [--dry-run=server|client|none] [options]

Use "kubectl options" for a list of global command-line options (applies to all commands).
`, "\n~\n", "\n        \n")
	want = strings.Replace(want, "\n  ~\n", "\n  \n", 1)
	if r.Stdout != want || r.Stderr != "" || r.ExitCode != 0 {
		t.Errorf("help (exit %d, stderr %q):\n%s\nwant:\n%s", r.ExitCode, r.Stderr, r.Stdout, want)
	}
	r = s.run("kubectl create secret")
	if !strings.Contains(r.Output, "\n  docker-registry   Create a secret for use with a Docker registry\n") {
		t.Errorf("kubectl create secret does not list docker-registry:\n%s", r.Output)
	}
	if strings.Contains(r.Output, "tls") {
		t.Errorf("kubectl create secret lists tls, which is not simulated:\n%s", r.Output)
	}
}

// Completion walks the command tree: the command and its flags complete.
func TestCompleteCreateSecretDockerRegistry(t *testing.T) {
	if got := Complete([]string{"create", "secret"}, "do", noNames); !slices.Contains(got, "docker-registry") {
		t.Errorf("kubectl create secret do<Tab> = %q", got)
	}
	got := Complete([]string{"create", "secret", "docker-registry"}, "--docker", noNames)
	for _, want := range []string{"--docker-username=", "--docker-password=", "--docker-email=", "--docker-server="} {
		if !slices.Contains(got, want) {
			t.Errorf("kubectl create secret docker-registry --docker<Tab> = %q, lacks %q", got, want)
		}
	}
}

package apply

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// newServer returns a fresh API server on the epoch.
func newServer(t *testing.T) *apiserver.Server {
	t.Helper()
	return apiserver.New(clock.New(clock.Epoch), rand.New(rand.NewPCG(1, 2)))
}

// manifest turns a manifest's JSON into what the kubectl layer hands Apply:
// the typed object and the JSON. Tests write manifests as JSON (with
// single quotes for readability) so they do not depend on core/manifest.
func manifest(t *testing.T, text string) (api.Object, []byte) {
	t.Helper()
	raw := []byte(strings.ReplaceAll(text, "'", `"`))
	var tm api.TypeMeta
	if err := json.Unmarshal(raw, &tm); err != nil {
		t.Fatalf("manifest: %v\n%s", err, raw)
	}
	k, ok := api.LookupKind(tm.Kind)
	if !ok {
		t.Fatalf("manifest: unknown kind %q", tm.Kind)
	}
	obj := k.New()
	if err := json.Unmarshal(raw, obj); err != nil {
		t.Fatal(err)
	}
	return obj, raw
}

// mustApply applies a manifest and checks the operation.
func mustApply(t *testing.T, s *apiserver.Server, text string, want Operation) *Result {
	t.Helper()
	obj, raw := manifest(t, text)
	res, err := Apply(s, obj, raw, Options{})
	if err != nil {
		t.Fatalf("apply: %s", apiserver.KubectlMessage(err))
	}
	if res.Operation != want {
		t.Fatalf("apply: %s, want %s (patch %s)", res, want, res.Patch)
	}
	return res
}

func getDeployment(t *testing.T, s *apiserver.Server, name string) *api.Deployment {
	t.Helper()
	d, err := apiserver.GetAs[*api.Deployment](s, "default", name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// webV1 is the docs' simple_deployment.yaml, renamed.
const webV1 = `{'apiVersion': 'apps/v1', 'kind': 'Deployment',
  'metadata': {'name': 'web', 'labels': {'app': 'web'}},
  'spec': {'minReadySeconds': 5,
    'selector': {'matchLabels': {'app': 'web'}},
    'template': {'metadata': {'labels': {'app': 'web'}},
      'spec': {'containers': [{'name': 'nginx', 'image': 'nginx:1.14.2', 'ports': [{'containerPort': 80}]}]}}}}`

package apiserver

import (
	"errors"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestPatch(t *testing.T) {
	cases := []struct {
		name    string
		pt      PatchType
		patch   string
		check   func(d *api.Deployment) string
		wantGen int64
		wantErr string // KubectlMessage
	}{
		{"merge: scale", MergePatchType, `{"spec":{"replicas":5}}`, func(d *api.Deployment) string {
			if *d.Spec.Replicas != 5 {
				return "replicas not patched"
			}
			return ""
		}, 2, ""},
		{"merge: annotation bumps a Deployment's generation", MergePatchType,
			`{"metadata":{"annotations":{"kubernetes.io/change-cause":"v2"}}}`, nil, 2, ""},
		{"merge: label does not", MergePatchType, `{"metadata":{"labels":{"tier":"web"}}}`, func(d *api.Deployment) string {
			if d.Labels["tier"] != "web" {
				return "label not patched"
			}
			return ""
		}, 1, ""},
		{"merge: null deletes", MergePatchType, `{"spec":{"template":{"metadata":{"labels":{"extra":null}}}}}`,
			func(d *api.Deployment) string {
				if _, ok := d.Spec.Template.Labels["extra"]; ok {
					return "label not deleted"
				}
				return ""
			}, 2, ""},
		{"merge: status is ignored on the main path", MergePatchType, `{"status":{"replicas":3}}`, func(d *api.Deployment) string {
			if d.Status.Replicas != 0 {
				return "status patched through the main endpoint"
			}
			return ""
		}, 1, ""},
		{"merge: invalid result", MergePatchType, `{"spec":{"replicas":-1}}`, nil, 0,
			`The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`},
		{"merge: stale resourceVersion conflicts", MergePatchType, `{"metadata":{"resourceVersion":"2"},"spec":{"replicas":3}}`, nil, 0,
			`Error from server (Conflict): Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`},
		{"merge: rename refused", MergePatchType, `{"metadata":{"name":"other"}}`, nil, 0,
			`Error from server (BadRequest): the name of the object (other) does not match the name on the URL (web)`},
		{"merge: not JSON", MergePatchType, `{"spec":`, nil, 0, `Error from server (BadRequest): Invalid JSON Patch`},
		{"merge: array replaces the document", MergePatchType, `[{"op":"add"}]`, nil, 0,
			`The request is invalid: patch: Invalid value: "[{\"op\":\"add\"}]": json: cannot unmarshal array into Go value of type api.Deployment`},
		{"json: replace image", JSONPatchType,
			`[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:1.28"}]`,
			func(d *api.Deployment) string {
				if d.Spec.Template.Spec.Containers[0].Image != "nginx:1.28" {
					return "image not patched"
				}
				return ""
			}, 2, ""},
		{"json: add annotation map", JSONPatchType, `[{"op":"add","path":"/metadata/annotations","value":{"a":"b"}}]`, nil, 2, ""},
		{"json: test then replace", JSONPatchType,
			`[{"op":"test","path":"/spec/replicas","value":2},{"op":"replace","path":"/spec/replicas","value":3}]`, nil, 2, ""},
		{"json: failed test", JSONPatchType, `[{"op":"test","path":"/spec/replicas","value":9}]`, nil, 0,
			`The request is invalid: the server rejected our request due to an error in our request`},
		{"json: missing path", JSONPatchType, `[{"op":"remove","path":"/spec/template/spec/affinity"}]`, nil, 0,
			`The request is invalid: the server rejected our request due to an error in our request`},
		{"json: not a list", JSONPatchType, `{"op":"add","path":"/x","value":1}`, nil, 0,
			`Error from server (BadRequest): json: cannot unmarshal object into Go value of type jsonpatch.Patch`},
		{"server-side apply is not served", ApplyPatchType, `{"spec":{"replicas":3}}`, nil, 0,
			`Error from server (UnsupportedMediaType): the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestServer(1)
			d := testDeployment("web")
			d.Spec.Template.Labels["extra"] = "1"
			mustCreate(t, s, d)
			obj, err := s.Patch(deployments, "default", "web", c.pt, []byte(c.patch))
			if c.wantErr != "" {
				if got := KubectlMessage(err); got != c.wantErr {
					t.Fatalf("error:\n got  %s\n want %s", got, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(KubectlMessage(err))
			}
			got := obj.(*api.Deployment)
			if got.Generation != c.wantGen {
				t.Errorf("generation = %d, want %d", got.Generation, c.wantGen)
			}
			if c.check != nil {
				if msg := c.check(got); msg != "" {
					t.Error(msg)
				}
			}
		})
	}
}

func TestPatchFailureKeepsCause(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, testDeployment("web"))
	_, err := s.Patch(deployments, "default", "web", JSONPatchType, []byte(`[{"op":"test","path":"/spec/replicas","value":9}]`))
	if cause := errors.Unwrap(err); cause == nil || cause.Error() != "testing value /spec/replicas failed" {
		t.Errorf("cause = %v", cause)
	}
}

func TestPatchStatusAndMissing(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, testDeployment("web"))
	obj, err := s.PatchStatus(deployments, "default", "web", MergePatchType, []byte(`{"status":{"replicas":2},"spec":{"replicas":9}}`))
	if err != nil {
		t.Fatal(KubectlMessage(err))
	}
	d := obj.(*api.Deployment)
	if d.Status.Replicas != 2 || *d.Spec.Replicas != 2 || d.Generation != 1 {
		t.Errorf("status patch: status.replicas %d spec.replicas %d generation %d", d.Status.Replicas, *d.Spec.Replicas, d.Generation)
	}
	_, err = s.Patch(deployments, "default", "nope", MergePatchType, []byte(`{}`))
	if KubectlMessage(err) != `Error from server (NotFound): deployments.apps "nope" not found` {
		t.Errorf("missing: %s", KubectlMessage(err))
	}
}

func TestRegisterPatchType(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, testDeployment("web"))
	// A stand-in server-side apply: for this patch it is a merge patch.
	s.registerPatchType(ApplyPatchType, applyMergePatch)
	obj, err := s.Patch(deployments, "default", "web", ApplyPatchType, []byte(`{"spec":{"replicas":4}}`))
	if err != nil || *obj.(*api.Deployment).Spec.Replicas != 4 {
		t.Fatalf("registered patch type: %v", err)
	}
}

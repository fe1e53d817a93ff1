package strategicpatch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

var deploymentKind = api.DeploymentKind

// liveDeployment is a stored Deployment as the API server would encode it.
const liveDeployment = `{
  "apiVersion": "apps/v1", "kind": "Deployment",
  "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web", "team": "a"},
    "finalizers": ["a/one", "b/two"],
    "ownerReferences": [{"apiVersion": "v1", "kind": "X", "name": "x", "uid": "u1"}]},
  "spec": {
    "replicas": 3,
    "selector": {"matchLabels": {"app": "web"}},
    "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
    "template": {
      "metadata": {"labels": {"app": "web"}},
      "spec": {
        "containers": [
          {"name": "app", "image": "nginx:1.27", "args": ["-a", "-b"],
           "ports": [{"containerPort": 80, "protocol": "TCP"}, {"containerPort": 443, "protocol": "TCP"}],
           "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}]},
          {"name": "sidecar", "image": "busybox:1.36"}
        ],
        "tolerations": [{"key": "k1", "operator": "Exists"}, {"key": "k2", "operator": "Exists"}]
      }
    }
  }
}`

func TestDeploymentPatches(t *testing.T) {
	cases := []struct {
		name  string
		patch string
		check map[string]string // JSON path (dots, [i]) -> JSON value; "" means absent
	}{
		{"containers merge by name: only the image changes",
			`{"spec":{"template":{"spec":{"containers":[{"name":"app","image":"nginx:1.28"}]}}}}`,
			map[string]string{
				"spec.template.spec.containers[0].image": `"nginx:1.28"`,
				"spec.template.spec.containers[0].args":  `["-a","-b"]`,
				"spec.template.spec.containers[1].name":  `"sidecar"`,
			}},
		// Without $setElementOrder, patch items go before the server's
		// (mergeSortedSlice): kubectl patch puts a new container first.
		{"a new container goes first",
			`{"spec":{"template":{"spec":{"containers":[{"name":"new","image":"x"}]}}}}`,
			map[string]string{
				"spec.template.spec.containers[0].name": `"new"`,
				"spec.template.spec.containers[1].name": `"app"`,
				"spec.template.spec.containers[2].name": `"sidecar"`,
			}},
		{"$patch: delete removes a container",
			`{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","$patch":"delete"}]}}}}`,
			map[string]string{
				"spec.template.spec.containers": `[{"args":["-a","-b"],"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx:1.27","name":"app","ports":[{"containerPort":80,"protocol":"TCP"},{"containerPort":443,"protocol":"TCP"}]}]`,
			}},
		{"$patch: replace on the list",
			`{"spec":{"template":{"spec":{"containers":[{"name":"only","image":"y"},{"$patch":"replace"}]}}}}`,
			map[string]string{"spec.template.spec.containers": `[{"image":"y","name":"only"}]`}},
		{"env merges by name, null deletes a field of an entry",
			`{"spec":{"template":{"spec":{"containers":[{"name":"app","env":[{"name":"B","value":null},{"name":"C","value":"3"}]}]}}}}`,
			map[string]string{"spec.template.spec.containers[0].env": `[{"name":"A","value":"1"},{"name":"B"},{"name":"C","value":"3"}]`}},
		{"ports merge by containerPort",
			`{"spec":{"template":{"spec":{"containers":[{"name":"app","ports":[{"containerPort":443,"name":"https"}]}]}}}}`,
			map[string]string{"spec.template.spec.containers[0].ports": `[{"containerPort":80,"protocol":"TCP"},{"containerPort":443,"name":"https","protocol":"TCP"}]`}},
		{"args (atomic) are replaced",
			`{"spec":{"template":{"spec":{"containers":[{"name":"app","args":["-c"]}]}}}}`,
			map[string]string{"spec.template.spec.containers[0].args": `["-c"]`}},
		{"tolerations (atomic) are replaced",
			`{"spec":{"template":{"spec":{"tolerations":[{"key":"k3","operator":"Exists"}]}}}}`,
			map[string]string{"spec.template.spec.tolerations": `[{"key":"k3","operator":"Exists"}]`}},
		{"strategy: $retainKeys clears rollingUpdate",
			`{"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"}}}`,
			map[string]string{"spec.strategy": `{"type":"Recreate"}`}},
		{"strategy without $retainKeys merges",
			`{"spec":{"strategy":{"rollingUpdate":{"maxSurge":1}}}}`,
			map[string]string{"spec.strategy": `{"rollingUpdate":{"maxSurge":1,"maxUnavailable":"25%"},"type":"RollingUpdate"}`}},
		{"labels: null deletes, others stay",
			`{"metadata":{"labels":{"team":null,"tier":"web"}}}`,
			map[string]string{"metadata.labels": `{"app":"web","tier":"web"}`}},
		{"finalizers: a primitive list merges as a set",
			`{"metadata":{"finalizers":["b/two","c/three"]}}`,
			map[string]string{"metadata.finalizers": `["a/one","b/two","c/three"]`}},
		{"finalizers: $deleteFromPrimitiveList",
			`{"metadata":{"$deleteFromPrimitiveList/finalizers":["a/one"]}}`,
			map[string]string{"metadata.finalizers": `["b/two"]`}},
		{"ownerReferences merge by uid",
			`{"metadata":{"ownerReferences":[{"uid":"u1","controller":true},{"apiVersion":"v1","kind":"Y","name":"y","uid":"u2"}]}}`,
			map[string]string{"metadata.ownerReferences": `[{"apiVersion":"v1","controller":true,"kind":"X","name":"x","uid":"u1"},{"apiVersion":"v1","kind":"Y","name":"y","uid":"u2"}]`}},
		{"scalar replaced, unmatched null dropped",
			`{"spec":{"replicas":5,"paused":null}}`,
			map[string]string{"spec.replicas": `5`, "spec.paused": ``}},
		{"$setElementOrder reorders containers",
			`{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"sidecar"},{"name":"app"}]}}}}`,
			map[string]string{"spec.template.spec.containers[0].name": `"sidecar"`, "spec.template.spec.containers[1].name": `"app"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := strategicMergePatch([]byte(liveDeployment), []byte(c.patch), deploymentKind)
			if err != nil {
				t.Fatal(err)
			}
			var doc any
			if err := json.Unmarshal(out, &doc); err != nil {
				t.Fatal(err)
			}
			for path, want := range c.check {
				got := lookupPath(doc, path)
				if got != want {
					t.Errorf("%s = %s, want %s", path, got, want)
				}
			}
			// Whatever the patch, the result still decodes into the type.
			if err := json.Unmarshal(out, &api.Deployment{}); err != nil {
				t.Errorf("result does not decode: %v", err)
			}
		})
	}
}

// lookupPath returns the JSON of the value at a path like
// "spec.containers[0].image", or "" if there is none.
func lookupPath(doc any, path string) string {
	for _, part := range strings.Split(path, ".") {
		name, idx, _ := strings.Cut(part, "[")
		m, ok := doc.(map[string]any)
		if !ok {
			return ""
		}
		if doc, ok = m[name]; !ok {
			return ""
		}
		if idx != "" {
			l, ok := doc.([]any)
			i := int(idx[0] - '0')
			if !ok || i >= len(l) {
				return ""
			}
			doc = l[i]
		}
	}
	b, _ := json.Marshal(doc)
	return string(b)
}

// TestDeploymentThreeWay is the docs' worked example (declarative-config.md,
// "Merge patch calculation"): replicas set by kubectl scale survive, the
// image changes, minReadySeconds is cleared.
func TestDeploymentThreeWay(t *testing.T) {
	lastApplied := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx-deployment","namespace":"default"},"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}`
	modified := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx-deployment","namespace":"default"},"spec":{"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx","ports":[{"containerPort":80}]}]}}}}`
	live := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx-deployment","namespace":"default","uid":"u","resourceVersion":"7"},"spec":{"replicas":2,"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","imagePullPolicy":"IfNotPresent","name":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}]}],"restartPolicy":"Always"}}},"status":{"replicas":2}}`
	patch, err := CreateThreeWayMergePatch([]byte(lastApplied), []byte(modified), []byte(live), deploymentKind)
	if err != nil {
		t.Fatal(err)
	}
	const wantPatch = `{"spec":{"minReadySeconds":null,"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"image":"nginx:1.16.1","name":"nginx"}]}}}}`
	if string(patch) != wantPatch {
		t.Errorf("patch\n got %s\nwant %s", patch, wantPatch)
	}
	out, err := strategicMergePatch([]byte(live), patch, deploymentKind)
	if err != nil {
		t.Fatal(err)
	}
	var d api.Deployment
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	c := d.Spec.Template.Spec.Containers[0]
	switch {
	case *d.Spec.Replicas != 2:
		t.Errorf("replicas = %d, want the 2 kubectl scale set", *d.Spec.Replicas)
	case d.Spec.MinReadySeconds != 0:
		t.Errorf("minReadySeconds = %d, want cleared", d.Spec.MinReadySeconds)
	case c.Image != "nginx:1.16.1" || c.ImagePullPolicy != "IfNotPresent" || c.Ports[0].Protocol != "TCP":
		t.Errorf("container = %+v, want the new image and the defaulted fields kept", c)
	case d.Spec.Strategy.RollingUpdate == nil:
		t.Error("defaulted strategy lost")
	}

	// Re-applying the same manifest to the result changes nothing.
	again, err := CreateThreeWayMergePatch([]byte(modified), []byte(modified), out, deploymentKind)
	if err != nil || string(again) != "{}" {
		t.Errorf("re-apply patch = %s, %v; want {}", again, err)
	}

	// The docs' list example: containers merge by name. The docs do not
	// promise an order, and upstream's is odd: deleting helper-a shifts the
	// live list in place, the new helper-c lands in the freed slot, and
	// ordering by that shifted list puts helper-d before helper-c.
	patch, err = CreateThreeWayMergePatch(
		[]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-a","image":"helper:1.3"},{"name":"nginx-helper-b","image":"helper:1.3"}]}}}}`),
		[]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-b","image":"helper:1.3"},{"name":"nginx-helper-c","image":"helper:1.3"}]}}}}`),
		[]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-a","image":"helper:1.3"},{"name":"nginx-helper-b","image":"helper:1.3","args":["run"]},{"name":"nginx-helper-d","image":"helper:1.3"}]}}}}`),
		deploymentKind)
	if err != nil {
		t.Fatal(err)
	}
	out, err = strategicMergePatch([]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-a","image":"helper:1.3"},{"name":"nginx-helper-b","image":"helper:1.3","args":["run"]},{"name":"nginx-helper-d","image":"helper:1.3"}]}}}}`), patch, deploymentKind)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.16","name":"nginx"},{"args":["run"],"image":"helper:1.3","name":"nginx-helper-b"},{"image":"helper:1.3","name":"nginx-helper-d"},{"image":"helper:1.3","name":"nginx-helper-c"}]}}}}`
	if string(out) != want {
		t.Errorf("containers\n got %s\nwant %s", out, want)
	}
}

func TestPatchFunc(t *testing.T) {
	cases := []struct {
		name, original, patch string
		code                  int
		msg                   string
	}{
		{"ok", liveDeployment, `{"spec":{"replicas":1}}`, 200, ""},
		{"null patch is a no-op", liveDeployment, `null`, 200, ""},
		{"missing merge key", liveDeployment, `{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}`, 500,
			"map: map[image:x] does not contain declared merge key: name"},
		{"not JSON", liveDeployment, `{"spec":`, 400, "unexpected end of JSON input"},
		{"not an object", liveDeployment, `[1]`, 400, "json: cannot unmarshal array into Go value of type map[string]interface {}"},
		{"list of lists", `{"kind":"Deployment","metadata":{"finalizers":[]}}`, `{"metadata":{"finalizers":[["x"]]}}`, 422,
			"the server rejected our request due to an error in our request"},
		{"bad retainKeys", liveDeployment, `{"spec":{"strategy":{"$retainKeys":"type"}}}`, 400, "invalid patch format of retainKeys"},
		{"mixed list", liveDeployment, `{"metadata":{"finalizers":[["x"]]}}`, 500,
			"list element types are not identical: [[a/one b/two] [[x]]]"},
		{"bad $patch", liveDeployment, `{"spec":{"$patch":"nope"}}`, 500, "unknown patch type: nope in map: map[$patch:nope]"},
		{"unknown kind", `{"kind":"Widget","spec":{}}`, `{}`, 400, "strategic merge patch format is not supported"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := PatchFunc([]byte(c.original), []byte(c.patch))
			if code := HTTPCode(err); code != c.code {
				t.Fatalf("code = %d (%v), want %d", code, err, c.code)
			}
			if err != nil {
				if err.Error() != c.msg {
					t.Errorf("message = %q, want %q", err.Error(), c.msg)
				}
				return
			}
			if err := json.Unmarshal(out, &api.Deployment{}); err != nil {
				t.Errorf("result does not decode: %v", err)
			}
		})
	}
}

func TestByteLevelErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"bad original", func() error {
			_, err := strategicMergePatch([]byte("<THIS IS NOT JSON>"), []byte("{}"), deploymentKind)
			return err
		}, "invalid JSON document"},
		{"bad patch", func() error {
			_, err := strategicMergePatch([]byte("{}"), []byte("<THIS IS NOT JSON>"), deploymentKind)
			return err
		}, "invalid JSON document"},
		{"nil kind", func() error {
			_, err := strategicMergePatch([]byte("{}"), []byte("{}"), nil)
			return err
		}, "expected a struct, but received a nil"},
		{"not a struct", func() error {
			_, err := StrategicMergePatchUsingSchema([]byte("{}"), []byte("{}"), SchemaOf([]byte("x")))
			return err
		}, "expected a struct, but received a slice"},
		{"three-way bad current", func() error {
			_, err := CreateThreeWayMergePatch(nil, []byte("{}"), []byte("["), deploymentKind)
			return err
		}, "invalid JSON document"},
	} {
		if err := c.run(); err == nil || err.Error() != c.want {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	if HTTPCode(ErrBadJSONDoc) != 400 || HTTPCode(ErrNoListOfLists) != 422 || HTTPCode(nil) != 200 {
		t.Error("HTTPCode classes")
	}
}

// TestDeterministic runs the same patches many times: map iteration order
// must never reach the output.
func TestDeterministic(t *testing.T) {
	const patch = `{"metadata":{"finalizers":["z","b/two"],"labels":{"x":"1","team":null}},"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"c"},{"name":"app"},{"name":"sidecar"}],"containers":[{"name":"c","image":"c"},{"name":"app","env":[{"name":"Z","value":"z"},{"name":"A","$patch":"delete"}]}]}}}}`
	first, err := strategicMergePatch([]byte(liveDeployment), []byte(patch), deploymentKind)
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		out, err := strategicMergePatch([]byte(liveDeployment), []byte(patch), deploymentKind)
		if err != nil || string(out) != string(first) {
			t.Fatalf("run differs:\n%s\n%s", out, first)
		}
	}
}

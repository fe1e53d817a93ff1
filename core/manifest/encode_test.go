package manifest

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/internal/golden"
)

// storedDeployment is the documentation's Deployment as the API server
// would return it: defaulted, with metadata and status.
func storedDeployment(t *testing.T) *api.Deployment {
	d := decodeOne[*api.Deployment](t, string(readTestdata(t, "deployment.yaml")))
	at := api.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	d.UID = "9b4a3f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
	d.ResourceVersion = "1234"
	d.Generation = 1
	d.CreationTimestamp = at
	d.Spec.Template.Spec.DNSPolicy = api.DNSClusterFirst
	d.Spec.Template.Spec.RestartPolicy = api.RestartPolicyAlways
	d.Spec.Template.Spec.Containers[0].TerminationMessagePath = "/dev/termination-log"
	d.Status = api.DeploymentStatus{
		ObservedGeneration: 1, Replicas: 3, UpdatedReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3,
		Conditions: []api.DeploymentCondition{
			{Type: api.DeploymentAvailable, Status: api.ConditionTrue, LastUpdateTime: at, LastTransitionTime: at,
				Reason: "MinimumReplicasAvailable", Message: "Deployment has minimum availability."},
			{Type: api.DeploymentProgressing, Status: api.ConditionTrue, LastUpdateTime: at, LastTransitionTime: at,
				Reason: "NewReplicaSetAvailable", Message: `ReplicaSet "nginx-deployment-66b6c48dd5" has successfully progressed.`},
		},
	}
	return d
}

// TestEncodeGolden: the whole output for a stored Deployment, in both
// formats, as kubectl get -o yaml / -o json print it (testdata/*.out.*;
// -update rewrites them).
func TestEncodeGolden(t *testing.T) {
	d := storedDeployment(t)
	y, err := EncodeYAML(d)
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "deployment.out.yaml"), y)
	j, err := EncodeJSON(d)
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "deployment.out.json"), j)

	pod := decodeOne[*api.Pod](t, string(readTestdata(t, "pod.yaml")))
	svc := decodeOne[*api.Service](t, string(readTestdata(t, "service.yaml")))
	list, err := EncodeYAMLList([]api.Object{pod, svc})
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "list.out.yaml"), list)
	list, err = EncodeJSONList([]api.Object{pod, svc})
	if err != nil {
		t.Fatal(err)
	}
	golden.File(t, filepath.Join("testdata", "list.out.json"), list)
}

func TestEncodeEmptyList(t *testing.T) {
	y, _ := EncodeYAMLList(nil)
	equal(t, "YAML", string(y), "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n")
	j, _ := EncodeJSONList(nil)
	equal(t, "JSON", string(j), "{\n    \"apiVersion\": \"v1\",\n    \"items\": [],\n    \"kind\": \"List\",\n    \"metadata\": {\n        \"resourceVersion\": \"\"\n    }\n}\n")
}

// TestEncodeFillsTypeMeta: objects built in Go without apiVersion/kind
// still print them, as every object from the API server has them.
func TestEncodeFillsTypeMeta(t *testing.T) {
	y, err := EncodeYAML(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "x"}})
	if err != nil {
		t.Fatal(err)
	}
	// spec and status are structs tagged omitempty, which encoding/json
	// never omits: upstream prints them as {} too.
	equal(t, "YAML", string(y), "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\nspec: {}\nstatus: {}\n")
	if _, err := EncodeJSON(nil); err == nil {
		t.Error("EncodeJSON(nil): no error")
	}
}

// A watch event is metav1.WatchEvent as encoding/json writes it: one line,
// type first, HTML characters escaped; its YAML sorts the keys, as
// JSONToYAML of that JSON does.
func TestEncodeWatchEvent(t *testing.T) {
	ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "x", Annotations: map[string]string{"a": "<b> & c"}}}
	j, err := EncodeWatchEventJSON("ADDED", ns)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "JSON", string(j), `{"type":"ADDED","object":{"apiVersion":"v1","kind":"Namespace","metadata":{"annotations":{"a":"\u003cb\u003e \u0026 c"},"name":"x"},"spec":{},"status":{}}}`+"\n")
	y, err := EncodeWatchEventYAML("DELETED", ns)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "YAML", string(y), "object:\n  apiVersion: v1\n  kind: Namespace\n  metadata:\n    annotations:\n      a: <b> & c\n    name: x\n  spec: {}\n  status: {}\ntype: DELETED\n")
	if _, err := EncodeWatchEventJSON("ADDED", nil); err == nil {
		t.Error("EncodeWatchEventJSON(nil): no error")
	}
}

// TestEncodeScalars: how yaml.v2 (and so kubectl) writes each kind of
// string: plain where it reads back as the same string, quoted otherwise.
func TestEncodeScalars(t *testing.T) {
	tests := []struct{ value, want string }{
		{"nginx", "nginx"},
		{"25%", "25%"},
		{"nginx:1.14.2", "nginx:1.14.2"},
		{"it's", "it's"},
		{"-c", "-c"},
		{"a b", "a b"},
		{"é", "é"},
		{"1.10", `"1.10"`},
		{"123", `"123"`},
		{"-1", `"-1"`},
		{"0x1F", `"0x1F"`},
		{"1e3", `"1e3"`},
		{"1_000", `"1_000"`},
		{".5", `".5"`},
		{"1:20", `"1:20"`},
		{"true", `"true"`},
		{"True", `"True"`},
		{"yes", `"yes"`},
		{"on", `"on"`},
		{"y", `"y"`},
		{"n", `"n"`},
		{"null", `"null"`},
		{"~", `"~"`},
		{"", `""`},
		{".inf", `".inf"`},
		{"<<", `"<<"`},
		{"2026-01-01T00:00:00Z", `"2026-01-01T00:00:00Z"`},
		{"2026-01-01", `"2026-01-01"`},
		{"*", `'*'`},
		{"&a", `'&a'`},
		{"!tag", `'!tag'`},
		{"@x", `'@x'`},
		{"`x`", "'`x`'"},
		{"%x", `'%x'`},
		{"#x", `'#x'`},
		{"a #b", `'a #b'`},
		{"a: b", `'a: b'`},
		{"a:", `'a:'`},
		{"- x", `'- x'`},
		{"-", `'-'`},
		{"---", `'---'`},
		{"? x", `'? x'`},
		{"[x]", `'[x]'`},
		{"{x}", `'{x}'`},
		{"x, y", "x, y"},
		{"'q'", `'''q'''`},
		{`"q"`, `'"q"'`},
		{" lead", `' lead'`},
		{"trail ", `'trail '`},
		{"tab\there", `"tab\there"`},
		{"bell\a", `"bell\a"`},
		{"nul\x00", `"nul\0"`},
		{"del\x7f", `"del\x7F"`},
		{"nbsp\u00a0", "nbsp\u00a0"},
		{"emoji 😀", `"emoji \U0001F600"`},
		{"bom\ufeff", `"bom\uFEFF"`},
		{"a\nb", "|-\n    a\n    b"},
		{"a\nb\n", "|\n    a\n    b"},
		{"a\n\n", "|+\n    a\n"},
		{" a\nb", "|2-\n     a\n    b"},
		{"a \nb", `"a \nb"`},
		{"a\n b", "|-\n    a\n     b"},
		{"a\n", "|\n    a"},
		// Deviations from yaml.v2, so the output reads back through goccy:
		{"\n", `"\n"`},
		{"\n\n", `"\n\n"`},
		{"a\rb", `"a\rb"`},
		{"a\r\nb", `"a\r\nb"`},
		{"x\u2028y\u2029z\u0085", `"x\Ly\Pz\N"`},
		{"k<<", `"k<<"`},
	}
	for _, tt := range tests {
		v := map[string]any{"k": map[string]any{"v": tt.value}}
		got := strings.TrimSuffix(strings.TrimPrefix(string(marshalYAML(v)), "k:\n  v: "), "\n")
		if got != tt.want {
			t.Errorf("%q:\n got: %s\nwant: %s", tt.value, got, tt.want)
		}
	}
}

func TestEncodeFolding(t *testing.T) {
	long := "ReplicaSet \"nginx-deployment-66b6c48dd5\" is progressing and has been for a while now, please wait"
	v := map[string]any{"status": map[string]any{"message": long, "quoted": "x\t" + long, "single": "*" + long}}
	// A line breaks at the first space past column 80, and goes on two
	// columns deeper than its key.
	want := `status:
  message: ReplicaSet "nginx-deployment-66b6c48dd5" is progressing and has been for
    a while now, please wait
  quoted: "x\tReplicaSet \"nginx-deployment-66b6c48dd5\" is progressing and has been
    for a while now, please wait"
  single: '*ReplicaSet "nginx-deployment-66b6c48dd5" is progressing and has been for
    a while now, please wait'
`
	equal(t, "folded", string(marshalYAML(v)), want)
	// Folded output reads back as the same strings.
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Annotations: map[string]string{"a": long, "b": "x\t" + long, "c": "*" + long}}}
	y, _ := EncodeYAML(p)
	back := decodeOne[*api.Pod](t, string(y))
	equal(t, "round trip", back.Annotations, p.Annotations)
}

// TestEncodeKeyOrder: yaml.v2 sorts keys "naturally": digit runs by value,
// a non-letter before a letter. JSON sorts bytewise.
func TestEncodeKeyOrder(t *testing.T) {
	labels := map[string]string{"a10": "", "a9": "", "a_b": "", "aB": "", "A": "", "app": "", "app.kubernetes.io/name": "", "b": "", "1": "", "10": "", "2": ""}
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Labels: labels}}
	y, _ := EncodeYAML(p)
	equal(t, "YAML", string(y), `apiVersion: v1
kind: Pod
metadata:
  labels:
    "1": ""
    "2": ""
    "10": ""
    A: ""
    a_b: ""
    a9: ""
    a10: ""
    aB: ""
    app: ""
    app.kubernetes.io/name: ""
    b: ""
spec:
  containers: null
status: {}
`)
	j, _ := EncodeJSON(p)
	if !strings.Contains(string(j), `"1": "",
            "10": "",
            "2": "",
            "A": "",
            "a10": "",
            "a9": "",
            "aB": "",
            "a_b": "",
            "app": "",`) {
		t.Errorf("JSON order:\n%s", j)
	}
}

// TestEncodeLongKey: a key over 128 bytes cannot be a simple key.
func TestEncodeLongKey(t *testing.T) {
	k := "example.com/" + strings.Repeat("k", 120)
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Annotations: map[string]string{k: "v"}}}
	y, _ := EncodeYAML(p)
	if !strings.Contains(string(y), "  annotations:\n    ? "+k+"\n    : v\n") {
		t.Errorf("got:\n%s", y)
	}
	equal(t, "round trip", decodeOne[*api.Pod](t, string(y)).Annotations, p.Annotations)

	// Its multi-line value is double-quoted, not a literal block, so that
	// goccy can read the keys that follow.
	p.Annotations = map[string]string{"a: " + k: "x\ny\n", "b": "c"}
	y, _ = EncodeYAML(p)
	if !strings.Contains(string(y), "    ? 'a: "+k+"'\n    : \"x\\ny\\n\"\n    b: c\n") {
		t.Errorf("got:\n%s", y)
	}
	equal(t, "round trip", decodeOne[*api.Pod](t, string(y)).Annotations, p.Annotations)
}

func TestEncodeQuantitiesAndTimes(t *testing.T) {
	p := &api.Pod{Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Resources: api.ResourceRequirements{
		Limits: api.ResourceList{api.ResourceCPU: resource.MustParse("0.5"), api.ResourceMemory: resource.MustParse("1Gi")},
	}}}}, Status: api.PodStatus{StartTime: api.NewTimePtr(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC))}}
	y, _ := EncodeYAML(p)
	for _, want := range []string{"        cpu: 500m\n", "        memory: 1Gi\n", `  startTime: "2026-03-04T05:06:07Z"` + "\n"} {
		if !strings.Contains(string(y), want) {
			t.Errorf("missing %q in\n%s", want, y)
		}
	}
}

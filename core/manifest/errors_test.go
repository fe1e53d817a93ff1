package manifest

import (
	"errors"
	"strings"
	"testing"
)

// checkError asserts every positional field of a *Error.
func checkError(t *testing.T, err error, class Class, doc, item, line, col int, path, msg string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want *Error", err, err)
	}
	type got struct {
		Class                Class
		Doc, Item, Line, Col int
		Path, Msg            string
	}
	g := got{e.Class, e.Doc, e.Item, e.Line, e.Column, e.Path, e.Msg}
	w := got{class, doc, item, line, col, path, msg}
	if g != w {
		t.Errorf("error mismatch\n got: %+v\nwant: %+v", g, w)
	}
}

const deployHead = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n"

// TestErrors covers every error class: the exact upstream wording, the
// document, List item, line, column and field path.
func TestErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		class     Class
		doc, item int
		line, col int
		path, msg string
	}{
		// kubectl's client-side validation (k8s.io/kubectl/pkg/validation).
		{"apiVersion and kind not set", "metadata:\n  name: x\n", ClassTypeMeta, 1, 0, 1, 1, "apiVersion",
			"error validating data: [apiVersion not set, kind not set]"},
		{"kind not set", "apiVersion: v1\nmetadata: {}\n", ClassTypeMeta, 1, 0, 1, 1, "kind",
			"error validating data: kind not set"},
		{"apiVersion not set", "kind: Pod\n", ClassTypeMeta, 1, 0, 1, 1, "apiVersion",
			"error validating data: apiVersion not set"},
		{"apiVersion null", "apiVersion:\nkind: Pod\n", ClassTypeMeta, 1, 0, 1, 1, "apiVersion",
			"error validating data: apiVersion not set"},
		{"kind not a string", "apiVersion: v1\nkind: [Pod]\n", ClassTypeMeta, 1, 0, 2, 7, "kind",
			"error validating data: kind isn't string type"},
		{"apiVersion not a string", "apiVersion: 1\nkind: Pod\n", ClassTypeMeta, 1, 0, 1, 13, "apiVersion",
			"error validating data: apiVersion isn't string type"},
		{"bad group version", "apiVersion: a/b/c\nkind: Pod\n", ClassTypeMeta, 1, 0, 1, 13, "apiVersion",
			"error validating data: unexpected GroupVersion string: a/b/c"},
		{"not an object", "- a\n- b\n", ClassTypeMeta, 1, 0, 1, 1, "",
			"error validating data: invalid object to validate"},
		{"scalar document", "hello\n", ClassTypeMeta, 1, 0, 1, 1, "",
			"error validating data: invalid object to validate"},

		// apimachinery's NoKindMatchError, as kubectl prints it.
		{"unknown kind", "apiVersion: apps/v1\nkind: Deploymnt\n", ClassNoKindMatch, 1, 0, 2, 7, "kind",
			`no matches for kind "Deploymnt" in version "apps/v1"`},
		{"wrong version", "apiVersion: v1\nkind: Deployment\n", ClassNoKindMatch, 1, 0, 1, 13, "apiVersion",
			`no matches for kind "Deployment" in version "v1"`},
		{"wrong group", "apiVersion: extensions/v1beta1\nkind: Deployment\n", ClassNoKindMatch, 1, 0, 1, 13, "apiVersion",
			`no matches for kind "Deployment" in version "extensions/v1beta1"`},
		{"List in a group", "apiVersion: apps/v1\nkind: List\nitems: []\n", ClassNoKindMatch, 1, 0, 2, 7, "kind",
			`no matches for kind "List" in version "apps/v1"`},

		// The API server's strict decoding (sigs.k8s.io/json).
		{"unknown field", deployHead + "spec:\n  replicaz: 3\n", ClassUnknownField, 1, 0, 6, 3, "spec.replicaz",
			`strict decoding error: unknown field "spec.replicaz"`},
		{"field names are case-sensitive", deployHead + "spec:\n  Replicas: 3\n", ClassUnknownField, 1, 0, 6, 3, "spec.Replicas",
			`strict decoding error: unknown field "spec.Replicas"`},
		{"unknown field in a list element", deployHead +
			"spec:\n  template:\n    spec:\n      containers:\n      - name: c\n        imagee: nginx\n",
			ClassUnknownField, 1, 0, 10, 9, "spec.template.spec.containers[0].imagee",
			`strict decoding error: unknown field "spec.template.spec.containers[0].imagee"`},
		{"unknown and duplicate fields together", deployHead + "  nme: x\nspec:\n  paused: true\n  paused: false\n",
			ClassUnknownField, 1, 0, 5, 3, "metadata.nme",
			`strict decoding error: unknown field "metadata.nme", duplicate field "spec.paused"`},
		{"duplicate field", deployHead + "spec:\n  replicas: 1\n  replicas: 2\n", ClassDuplicateField, 1, 0, 7, 3, "spec.replicas",
			`strict decoding error: duplicate field "spec.replicas"`},
		{"duplicate map key", deployHead + "  labels:\n    app: a\n    app: b\n", ClassDuplicateField, 1, 0, 7, 5, "metadata.labels.app",
			`strict decoding error: duplicate field "metadata.labels.app"`},
		{"duplicate in JSON", `{"apiVersion": "v1", "kind": "Pod", "kind": "Pod"}`, ClassDuplicateField, 1, 0, 1, 37, "kind",
			`strict decoding error: duplicate field "kind"`},

		// encoding/json's UnmarshalTypeError, as the API server returns it.
		{"float into int32", deployHead + "spec:\n  replicas: 3.5\n", ClassType, 1, 0, 6, 13, "spec.replicas",
			"json: cannot unmarshal number 3.5 into Go struct field DeploymentSpec.spec.replicas of type int32"},
		{"int32 overflow", deployHead + "spec:\n  replicas: 3000000000\n", ClassType, 1, 0, 6, 13, "spec.replicas",
			"json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32"},
		{"huge integer", deployHead + "spec:\n  replicas: 99999999999999999999\n", ClassType, 1, 0, 6, 13, "spec.replicas",
			"json: cannot unmarshal number 100000000000000000000 into Go struct field DeploymentSpec.spec.replicas of type int32"},
		{"string into int32", deployHead + "spec:\n  replicas: \"3\"\n", ClassType, 1, 0, 6, 13, "spec.replicas",
			"json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32"},
		{"string into bool", deployHead + "spec:\n  paused: \"true\"\n", ClassType, 1, 0, 6, 11, "spec.paused",
			"json: cannot unmarshal string into Go struct field DeploymentSpec.spec.paused of type bool"},
		{"unquoted 1.10 into a string", deployHead +
			"spec:\n  template:\n    spec:\n      containers:\n      - name: c\n        env:\n        - name: V\n          value: 1.10\n",
			ClassType, 1, 0, 12, 18, "spec.template.spec.containers[0].env[0].value",
			"json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string"},
		{"bool into a label", deployHead + "  labels:\n    enabled: true\n", ClassType, 1, 0, 6, 14, "metadata.labels.enabled",
			"json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string"},
		{"YAML 1.1 bool into a label", deployHead + "  labels:\n    canary: yes\n", ClassType, 1, 0, 6, 13, "metadata.labels.canary",
			"json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string"},
		{"object into a slice", deployHead + "spec:\n  template:\n    spec:\n      containers:\n        name: c\n",
			ClassType, 1, 0, 9, 9, "spec.template.spec.containers",
			"json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container"},
		{"string into a struct element", deployHead + "spec:\n  template:\n    spec:\n      containers:\n      - name: c\n        ports: [\"80\"]\n",
			ClassType, 1, 0, 10, 17, "spec.template.spec.containers[0].ports[0]",
			"json: cannot unmarshal string into Go struct field Container.spec.template.spec.containers.ports of type v1.ContainerPort"},
		{"string into a map", deployHead + "  labels: app\n", ClassType, 1, 0, 5, 11, "metadata.labels",
			"json: cannot unmarshal string into Go struct field ObjectMeta.metadata.labels of type map[string]string"},
		{"float into IntOrString", deployHead + "spec:\n  strategy:\n    rollingUpdate:\n      maxSurge: 2.5\n",
			ClassType, 1, 0, 8, 17, "spec.strategy.rollingUpdate.maxSurge",
			"json: cannot unmarshal number 2.5 into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32"},
		{"number into a timestamp", deployHead + "  creationTimestamp: 5\n", ClassType, 1, 0, 5, 22, "metadata.creationTimestamp",
			"json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string"},
		{"first type error wins over strict errors", deployHead + "spec:\n  replicaz: 1\n  replicas: x\n  paused: 1\n",
			ClassType, 1, 0, 7, 13, "spec.replicas",
			"json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32"},

		// Errors from the types' own UnmarshalJSON, worded by upstream.
		{"bad quantity", deployHead + "spec:\n  template:\n    spec:\n      containers:\n      - name: c\n        resources:\n          limits:\n            cpu: lots\n",
			ClassValue, 1, 0, 12, 18, "spec.template.spec.containers[0].resources.limits.cpu",
			"quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"},
		{"bad base64", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: hunter2\n", ClassValue, 1, 0, 6, 13, "data.password",
			"illegal base64 data at input byte 4"},
		{"number as bytes", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: 12\n", ClassType, 1, 0, 6, 13, "data.password",
			"json: cannot unmarshal number into Go struct field Secret.data of type []uint8"},
		{"bad timestamp", deployHead + "  creationTimestamp: yesterday\n", ClassValue, 1, 0, 5, 22, "metadata.creationTimestamp",
			`parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"`},

		// YAML that kubectl's YAML-to-JSON conversion refuses.
		{"syntax error", deployHead + "spec:\n  replicas: [1\n", ClassSyntax, 1, 0, 6, 13, "",
			"error converting YAML to JSON: yaml: line 6: sequence end token ']' not found"},
		{"tab indentation", "apiVersion: v1\n\tkind: Pod\n", ClassSyntax, 1, 0, 2, 1, "",
			"error converting YAML to JSON: yaml: line 2: found character '\t' that cannot start any token"},
		{"infinity", deployHead + "spec:\n  replicas: .inf\n", ClassType, 1, 0, 6, 13, "",
			"error converting YAML to JSON: json: unsupported value: +Inf"},
		{"unknown anchor", deployHead + "spec: *nope\n", ClassSyntax, 1, 0, 5, 7, "",
			"error converting YAML to JSON: yaml: unknown anchor 'nope' referenced"},
		{"merge of a scalar", deployHead + "spec:\n  <<: 3\n", ClassSyntax, 1, 0, 6, 7, "",
			"error converting YAML to JSON: yaml: map merge requires map or sequence of maps as the value"},
		{"null key", deployHead + "  labels:\n    ~: x\n", ClassSyntax, 1, 0, 6, 5, "",
			"error converting YAML to JSON: unsupported map key of type: <nil>"},
		{"tag mismatch", deployHead + "spec:\n  replicas: !!int three\n", ClassType, 1, 0, 6, 13, "",
			"error converting YAML to JSON: yaml: cannot decode !!str `three` as a !!int"},

		// Positions in streams and Lists.
		{"third document", "apiVersion: v1\nkind: Namespace\n---\n# c\n---\napiVersion: v1\nkind: Namespace\n---\napiVersion: v1\nkind: Namespac\n",
			ClassNoKindMatch, 3, 0, 10, 7, "kind", `no matches for kind "Namespac" in version "v1"`},
		{"List item", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n- apiVersion: v1\n  kind: Pod\n  spec:\n    nodeName: 5\n",
			ClassType, 1, 2, 9, 15, "spec.nodeName",
			"json: cannot unmarshal number into Go struct field PodSpec.spec.nodeName of type string"},
		{"List item without kind", "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n",
			ClassTypeMeta, 1, 1, 4, 3, "kind", "error validating data: kind not set"},
		{"List with unknown field", "apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: \"\"\nitemz: []\n",
			ClassUnknownField, 1, 0, 5, 1, "itemz", `strict decoding error: unknown field "itemz"`},
		{"List items not a list", "apiVersion: v1\nkind: List\nitems: {}\n", ClassType, 1, 0, 3, 8, "items",
			"json: cannot unmarshal object into Go struct field List.items of type []runtime.RawExtension"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.src))
			checkError(t, err, tt.class, tt.doc, tt.item, tt.line, tt.col, tt.path, tt.msg)
		})
	}
}

func TestErrorMore(t *testing.T) {
	_, err := Decode([]byte(deployHead + "spec:\n  a: 1\n  b: 2\n"))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatal(err)
	}
	equal(t, "Msg", e.Msg, `strict decoding error: unknown field "spec.a", unknown field "spec.b"`)
	if len(e.More) != 1 {
		t.Fatalf("More = %v", e.More)
	}
	equal(t, "More[0]", *e.More[0], Error{Class: ClassUnknownField, Doc: 1, Line: 7, Column: 3, Path: "spec.b",
		Kind: "Deployment", Version: "v1", Msg: `strict decoding error: unknown field "spec.b"`})
}

func TestErrorStrings(t *testing.T) {
	src := deployHead + "spec:\n\treplicas: 1\n"
	_, err := Decode([]byte(deployHead + "spec:\n  replicas: 3.5\n"))
	var e *Error
	errors.As(err, &e)
	equal(t, "Error()", e.Error(),
		"document 1, line 6, column 13: json: cannot unmarshal number 3.5 into Go struct field DeploymentSpec.spec.replicas of type int32")
	equal(t, "ServerMessage()", e.ServerMessage(),
		`Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 3.5 into Go struct field DeploymentSpec.spec.replicas of type int32`)
	equal(t, "SourceLine()", e.SourceLine([]byte(deployHead+"spec:\n  replicas: 3.5\n")),
		"6 |   replicas: 3.5\n  |             ^")

	// Paths are added where upstream's message lacks them.
	_, err = Decode([]byte(deployHead + "  creationTimestamp: now\n"))
	errors.As(err, &e)
	if !strings.HasPrefix(e.Error(), "document 1, line 5, column 22: metadata.creationTimestamp: parsing time") {
		t.Errorf("Error() = %q", e.Error())
	}

	// Client-side errors are not wrapped in the server's prefix.
	_, err = Decode([]byte("kind: Pod\n"))
	errors.As(err, &e)
	equal(t, "ServerMessage()", e.ServerMessage(), "error validating data: apiVersion not set")

	// A tab before the column is kept, so the caret lines up.
	e = &Error{Line: 2, Column: 3}
	equal(t, "SourceLine(tab)", e.SourceLine([]byte(src[len(deployHead):])), "2 | \treplicas: 1\n  | \t ^")
	// A column past the end points just after the line.
	e = &Error{Line: 1, Column: 4}
	equal(t, "SourceLine(end)", e.SourceLine([]byte("ab\r\n")), "1 | ab\n  |    ^")
	equal(t, "SourceLine(no line)", (&Error{Line: 9}).SourceLine([]byte("a\n")), "")
	equal(t, "whole-input Error()", (&Error{Class: ClassLimit, Msg: "too big"}).Error(), "too big")
	equal(t, "Class.String", ClassDuplicateField.String()+","+Class(99).String(), "duplicatefield,Class(99)")
}

// TestErrorColumnsWithTabsAndUnicode: columns count characters, even where
// goccy's own column is off (it miscounts tabs).
func TestErrorColumnsWithTabsAndUnicode(t *testing.T) {
	_, err := Decode([]byte("{\"apiVersion\":\t\"v1\",\t\"kind\":\t\"Pod\",\t\"spec\":\t{\"nodeName\":\t5}}"))
	checkError(t, err, ClassType, 1, 0, 1, 58, "spec.nodeName",
		"json: cannot unmarshal number into Go struct field PodSpec.spec.nodeName of type string")
	_, err = Decode([]byte("apiVersion: v1\nkind: Pod\nmetadata:\n  labels: {\"ü\": 1}\n"))
	checkError(t, err, ClassType, 1, 0, 4, 17, "metadata.labels.ü",
		"json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string")
}

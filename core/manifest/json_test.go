package manifest

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// JSON is YAML: it goes through the same path, with the same errors.

func TestDecodeJSONObject(t *testing.T) {
	d := decodeOne[*api.Deployment](t, "{\n\t\"apiVersion\": \"apps/v1\",\n\t\"kind\": \"Deployment\",\n"+
		"\t\"metadata\": {\"name\": \"web\", \"labels\": {\"app\": \"web\"}},\n"+
		"\t\"spec\": {\n\t\t\"replicas\": 2,\n\t\t\"paused\": false,\n"+
		"\t\t\"strategy\": {\"rollingUpdate\": {\"maxSurge\": \"50%\", \"maxUnavailable\": 0}},\n"+
		"\t\t\"template\": {\"spec\": {\"containers\": [{\"name\": \"web\", \"image\": \"nginx\", "+
		"\"resources\": {\"limits\": {\"cpu\": 0.5, \"memory\": \"64Mi\"}}}]}}\n\t}\n}\n")
	equal(t, "Name", d.Name, "web")
	equal(t, "Replicas", d.Spec.Replicas, ptr(int32(2)))
	equal(t, "RollingUpdate", d.Spec.Strategy.RollingUpdate, &api.RollingUpdateDeployment{
		MaxSurge: ptr(api.FromString("50%")), MaxUnavailable: ptr(api.FromInt(0))})
	checkQuantity(t, "cpu", d.Spec.Template.Spec.Containers[0].Resources.Limits[api.ResourceCPU], "500m")
}

func TestDecodeJSONList(t *testing.T) {
	src := `{
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Service",
            "metadata": {"name": "web"},
            "spec": {"ports": [{"port": 80, "targetPort": 8080}]}
        },
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}}
    ],
    "kind": "List",
    "metadata": {"resourceVersion": ""}
}`
	docs, err := DecodeDocuments([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("got %d objects", len(docs))
	}
	svc := docs[0].Object.(*api.Service)
	equal(t, "targetPort", svc.Spec.Ports[0].TargetPort, api.FromInt(8080))
	equal(t, "positions", [][3]int{{docs[0].Item, docs[0].Line, docs[0].Column}, {docs[1].Item, docs[1].Line, docs[1].Column}},
		[][3]int{{1, 4, 9}, {2, 10, 9}})

	// An item error names its item, and its path starts at the item.
	_, err = Decode([]byte(`{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Namespace", "spec": {"finalizer": []}}]}`))
	checkError(t, err, ClassUnknownField, 1, 1, 1, 99, "spec.finalizer", `strict decoding error: unknown field "spec.finalizer"`)
}

// TestDecodeJSONNumbers: in JSON a number keeps its text, as kubectl sends
// JSON unchanged, so 3.0 fails for an int32 where the YAML 3.0 (the JSON 3
// after conversion) passes.
func TestDecodeJSONNumbers(t *testing.T) {
	head := `{"apiVersion": "apps/v1", "kind": "Deployment", "spec": {"replicas": `
	for text, want := range map[string]string{
		"3.0":  "json: cannot unmarshal number 3.0 into Go struct field DeploymentSpec.spec.replicas of type int32",
		"1e1":  "json: cannot unmarshal number 1e1 into Go struct field DeploymentSpec.spec.replicas of type int32",
		"-1.5": "json: cannot unmarshal number -1.5 into Go struct field DeploymentSpec.spec.replicas of type int32",
	} {
		_, err := Decode([]byte(head + text + "}}"))
		checkError(t, err, ClassType, 1, 0, 1, 70, "spec.replicas", want)
	}
	d := decodeOne[*api.Deployment](t, "apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 3.0\n")
	equal(t, "YAML 3.0", d.Spec.Replicas, ptr(int32(3)))
	d = decodeOne[*api.Deployment](t, head+"-0}}")
	equal(t, "JSON -0", d.Spec.Replicas, ptr(int32(0)))
}

// TestDecodeJSONStreamUnsupported: concatenated JSON objects are not one
// YAML document; kubectl reads them, Decode asks for --- between them.
func TestDecodeJSONStreamUnsupported(t *testing.T) {
	_, err := Decode([]byte("{\"apiVersion\": \"v1\", \"kind\": \"Namespace\"}\n{\"apiVersion\": \"v1\", \"kind\": \"Namespace\"}\n"))
	if e, ok := err.(*Error); !ok || e.Class != ClassSyntax || e.Line != 2 {
		t.Errorf("err = %v", err)
	}
	objs := mustDecode(t, "{\"apiVersion\": \"v1\", \"kind\": \"Namespace\"}\n---\n{\"apiVersion\": \"v1\", \"kind\": \"Namespace\"}\n")
	equal(t, "count", len(objs), 2)
}

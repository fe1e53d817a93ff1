package manifest

import "testing"

// TestDocumentJSON: the document's own JSON keeps every field the file
// wrote, zero values included, with sorted keys, as kubectl's unstructured
// copy of a manifest does; aliases are expanded.
func TestDocumentJSON(t *testing.T) {
	src := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: &l {app: web}
spec:
  replicas: 0
  minReadySeconds: 0
  paused: false
  selector:
    matchLabels: *l
  template:
    metadata:
      labels: *l
    spec:
      containers:
      - name: nginx
        image: "nginx:1.25"
        ports: [{containerPort: 80}]
`
	docs, err := DecodeDocuments([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"web"},"name":"web"},` +
		`"spec":{"minReadySeconds":0,"paused":false,"replicas":0,"selector":{"matchLabels":{"app":"web"}},` +
		`"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"nginx",` +
		`"ports":[{"containerPort":80}]}]}}}}`
	if got := string(docs[0].JSON()); got != want {
		t.Errorf("JSON() =\n%s\nwant\n%s", got, want)
	}
	if (Document{}).JSON() != nil {
		t.Error("a zero Document has JSON")
	}
}

package manifest

import "testing"

const locateText = `apiVersion: v1
kind: ConfigMap
metadata:
  name: web
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: other
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 99999
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Service
  metadata:
    name: web
  spec:
    ports:
    - port: 0
`

func TestLocate(t *testing.T) {
	for _, c := range []struct {
		kind, name, path string
		line, col        int
		ok               bool
	}{
		// The field itself: the key's position.
		{"Deployment", "web", "spec.template.metadata.labels", 16, 7, true},
		{"Deployment", "web", "spec.template.spec.containers[0].ports[0].containerPort", 23, 11, true},
		// A map key in brackets.
		{"Deployment", "web", "spec.template.metadata.labels[app]", 17, 9, true},
		// A list item: the item's own position.
		{"Deployment", "web", "spec.template.spec.containers[0]", 20, 9, true},
		// A field left out: its nearest written parent.
		{"Deployment", "web", "spec.replicas", 10, 1, true},
		{"Deployment", "web", "spec.template.spec.containers[3].image", 19, 7, true},
		// Same name, other kind: the ConfigMap is not the Deployment.
		{"ConfigMap", "web", "data", 1, 1, true},
		// A List's item.
		{"Service", "web", "spec.ports[0].port", 34, 7, true},
		{"Deployment", "gone", "spec", 0, 0, false},
	} {
		_, line, col, ok := Locate([]byte(locateText), c.kind, c.name, c.path)
		if line != c.line || col != c.col || ok != c.ok {
			t.Errorf("Locate(%s %s, %s) = %d:%d %v, want %d:%d %v", c.kind, c.name, c.path, line, col, ok, c.line, c.col, c.ok)
		}
	}
}

func TestLocateSurvivesBadText(t *testing.T) {
	for _, src := range []string{"", "{", "kind: [", "- a\n- b\n", "kind: Deployment\nmetadata: 3\n"} {
		if _, _, _, ok := Locate([]byte(src), "Deployment", "web", "spec"); ok {
			t.Errorf("Locate(%q) found an object", src)
		}
	}
}

func TestLocateNamesTheDocument(t *testing.T) {
	for kind, want := range map[string]int{"ConfigMap": 1, "Deployment": 2, "Service": 3} {
		if doc, _, _, _ := Locate([]byte(locateText), kind, "web", "metadata"); doc != want {
			t.Errorf("Locate(%s web) is in document %d, want %d", kind, doc, want)
		}
	}
}

package session

import (
	"strings"
	"testing"
)

// The selector/template mismatch is a server-side validation error: it
// names a field path, and the editor needs the line.
func TestApplyPlacesValidationErrorsAtTheirLines(t *testing.T) {
	s := newSession(t, 1)
	r := s.Apply(`apiVersion: apps/v1
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
`)
	if r.OK || r.File == "" {
		t.Fatalf("apply: ok %v file %q, want a failed kubectl apply", r.OK, r.File)
	}
	if !strings.Contains(r.Output.Stderr, "`selector` does not match template `labels`") {
		t.Fatalf("stderr %q lacks the mismatch", r.Output.Stderr)
	}
	if len(r.Invalid) != 1 {
		t.Fatalf("invalid = %+v, want the one cause", r.Invalid)
	}
	e := r.Invalid[0]
	if e.Doc != 1 || e.Line != 11 || e.Column != 7 || e.Path != "spec.template.metadata.labels" ||
		!strings.HasPrefix(e.Message, "spec.template.metadata.labels: Invalid value: ") {
		t.Errorf("invalid[0] = %+v, want document 1, line 11, column 7 at spec.template.metadata.labels", e)
	}
	if !strings.HasPrefix(e.Text, "document 1, line 11, column 7: spec.template.metadata.labels: Invalid value: ") ||
		!strings.Contains(e.Source, "labels:") {
		t.Errorf("invalid[0] text %q, source %q: want the place, the cause and the labels line", e.Text, e.Source)
	}
}

// kubectl apply applies every document that decodes and reports the others
// (ContinueOnError); the editor's Apply is kubectl apply.
func TestApplyAppliesTheDocumentsThatDecode(t *testing.T) {
	s := newSession(t, 1)
	r := s.Apply(`apiVersion: v1
kind: Foo
metadata:
  name: x
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
`)
	if r.OK || r.File == "" {
		t.Fatalf("apply: ok %v file %q, want kubectl apply run and failed", r.OK, r.File)
	}
	if len(r.Errors) != 1 || r.Errors[0].Line != 2 || r.Errors[0].Class != "nokindmatch" {
		t.Errorf("errors = %+v, want the unknown kind at line 2", r.Errors)
	}
	if !strings.Contains(r.Output.Stdout, "configmap/settings created") {
		t.Errorf("stdout %q: the ConfigMap was not applied", r.Output.Stdout)
	}
	if !strings.Contains(r.Output.Stderr, `no matches for kind "Foo" in version "v1"`) {
		t.Errorf("stderr %q lacks kubectl's error for Foo", r.Output.Stderr)
	}
	// A text with nothing to apply runs nothing: no entry, no file.
	before := s.Head()
	r = s.Apply("kind: [\n")
	if r.File != "" || len(r.Errors) == 0 || s.Head() != before {
		t.Errorf("a text that does not decode: file %q, errors %+v, head %d -> %d", r.File, r.Errors, before, s.Head())
	}
}

package kubectl

import (
	"strings"
	"testing"
)

// kubectl run builds the BasicPod generator's pod: label run=NAME, one
// container named NAME, dnsPolicy ClusterFirst, restartPolicy Always; the
// client dry run prints what every course shows.
func TestRun(t *testing.T) {
	s := newSession(t, nil)
	for _, tc := range []struct{ line, want string }{
		{"kubectl run nginx --image=nginx --dry-run=client -o yaml", `apiVersion: v1
kind: Pod
metadata:
  labels:
    run: nginx
  name: nginx
spec:
  containers:
  - image: nginx
    name: nginx
    resources: {}
  dnsPolicy: ClusterFirst
  restartPolicy: Always
status: {}
`},
		{"kubectl run bb --image=busybox:1.36 --restart=Never --env=A=b --port=8080 -l app=bb -- sleep 60", "pod/bb created\n"},
		{`kubectl get pod bb -o jsonpath={.metadata.labels.app}/{.spec.restartPolicy}/{.spec.containers[0].args}/{.spec.containers[0].env[0].value}/{.spec.containers[0].ports[0].containerPort}`,
			`bb/Never/["sleep","60"]/b/8080`},
		{"kubectl run cmd --image=busybox:1.36 --command --dry-run=client -o jsonpath={.spec.containers[0].command} -- sh -c true", `["sh","-c","true"]`},
		{"kubectl run nothing", "error: --image is required\n"},
		{"kubectl run", "error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n"},
		{"kubectl run x --image=nginx --restart=Sometimes", "error: invalid restart policy: Sometimes\nSee 'kubectl run -h' for help and examples\n"},
		{"kubectl run x --image=nginx --env=NOVALUE", "error: invalid env: NOVALUE\n"},
		{"kubectl run x --image=nginx --labels=a", "error: unexpected label spec: a\n"},
		{"kubectl run bb --image=nginx", "Error from server (AlreadyExists): pods \"bb\" already exists\n"},
	} {
		if r := s.run(tc.line); r.Output != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.line, r.Output, tc.want)
		}
	}
}

// --output-watch-events puts the event type first, padded as the
// human-readable printer pads it; listed objects count as ADDED.
func TestWatchOutputsEvents(t *testing.T) {
	s := newSession(t, nil)
	s.run("kubectl run web --image=nginx:1.25")
	lines := strings.Split(s.run("kubectl get pods -w --output-watch-events").Stdout, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "EVENT      NAME   READY") ||
		!strings.HasPrefix(lines[1], "ADDED      web ") || !strings.HasPrefix(lines[2], "MODIFIED   web ") {
		t.Errorf("watch with events:\n%s", strings.Join(lines, "\n"))
	}
}

// In -o json and -o yaml, --output-watch-events wraps each object in a
// metav1.WatchEvent: JSON on one line per event, YAML with its keys
// sorted (object, then type). YAML documents are separated by "---" with
// or without events, as the watch's one YAMLPrinter counts what it printed.
func TestWatchStructuredOutputs(t *testing.T) {
	// Each watch on a fresh session, so that each sees the same writes.
	watch := func(flags string) string {
		s := newSession(t, nil)
		s.run("kubectl run web --image=nginx:1.25")
		return s.run("kubectl get pods -w " + flags).Stdout
	}
	lines := strings.Split(strings.TrimSuffix(watch("--output-watch-events -o json"), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("json events: %q", lines)
	}
	for i, l := range lines {
		want := `{"type":"MODIFIED","object":{"apiVersion":"v1","kind":"Pod","metadata":{`
		if i == 0 {
			want = `{"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{`
		}
		if !strings.HasPrefix(l, want) || !strings.HasSuffix(l, "}}") {
			t.Errorf("json event %d: %.120s", i, l)
		}
	}
	yaml := watch("--output-watch-events -o yaml")
	docs := strings.Split(yaml, "---\n")
	if len(docs) != len(lines) {
		t.Errorf("yaml: %d documents, json: %d events", len(docs), len(lines))
	}
	for i, d := range docs {
		if !strings.HasPrefix(d, "object:\n  apiVersion: v1\n  kind: Pod\n  metadata:\n") || !strings.Contains(d, "\ntype: ") {
			t.Errorf("yaml event %d:\n%s", i, d)
		}
	}
	plain := watch("-o yaml")
	if n := strings.Count(plain, "---\n"); n != len(docs)-1 || !strings.HasPrefix(plain, "apiVersion: v1\nkind: Pod\n") {
		t.Errorf("yaml without events: %d separators for %d objects:\n%.200s", n, len(docs), plain)
	}
}

package scenario

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

const webYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
`

func mustParse(t *testing.T, src string) *Scenario {
	t.Helper()
	s, err := Parse("web.txtar", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return s
}

func TestParseScriptAndFiles(t *testing.T) {
	src := `# Rolling update
# The title is the first line.

seed 7
image * pull=0s
   # an indented comment
kubectl apply -f web.yaml
tick
tick 5
tick 2m
step
step 3
-- web.yaml --
` + webYAML + `-- other.yaml --
kind: Service
`
	s := mustParse(t, src)
	if s.Name != "web.txtar" || s.Title() != "Rolling update" || s.Doc != "Rolling update\nThe title is the first line." {
		t.Errorf("name %q title %q doc %q", s.Name, s.Title(), s.Doc)
	}
	if !s.HasSeed || s.Seed != 7 {
		t.Errorf("seed = %d, %v; want 7, true", s.Seed, s.HasSeed)
	}
	type cmd struct {
		line  int
		kind  Kind
		text  string
		count int
	}
	var got []cmd
	for _, c := range s.Commands {
		got = append(got, cmd{c.Line, c.Kind, c.Text, c.Count})
	}
	want := []cmd{
		{4, Seed, "seed 7", 0},
		{5, Image, "image * pull=0s", 0},
		{7, Kubectl, "kubectl apply -f web.yaml", 0},
		{8, Tick, "tick", 1},
		{9, Tick, "tick 5", 5},
		{10, Tick, "tick 2m", 120},
		{11, Step, "step", 1},
		{12, Step, "step 3", 3},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("commands:\n got %v\nwant %v", got, want)
	}
	if f := s.Commands[2].Files; !reflect.DeepEqual(f, []string{"web.yaml"}) {
		t.Errorf("kubectl files = %q", f)
	}
	if len(s.Files) != 2 || s.Files[0].Name != "web.yaml" || s.Files[0].Line != 13 ||
		s.Files[1].Name != "other.yaml" || s.Files[1].Line != 13+1+strings.Count(webYAML, "\n") {
		t.Errorf("files: %+v", s.Files)
	}
	if data, ok := s.File("web.yaml"); !ok || string(data) != webYAML {
		t.Errorf("File(web.yaml) = %q, %v", data, ok)
	}
	if m := s.FileMap(); len(m) != 2 || m["other.yaml"] != "kind: Service\n" {
		t.Errorf("FileMap = %q", m)
	}
}

func TestParseWindowsLineEndings(t *testing.T) {
	src := "tick 2\r\nkubectl apply -f web.yaml\r\n-- web.yaml --\r\nkind: Deployment\r\n"
	s := mustParse(t, src)
	if len(s.Commands) != 2 || s.Commands[0].Count != 2 || s.Commands[1].Line != 2 {
		t.Fatalf("commands: %+v", s.Commands)
	}
	if d, _ := s.File("web.yaml"); string(d) != "kind: Deployment\n" {
		t.Errorf("file = %q", d)
	}
}

func TestParseKubectlWords(t *testing.T) {
	s := mustParse(t, `kubectl patch deployment web -p '{"spec":{"progressDeadlineSeconds":10}}'
kubectl annotate deployment/web kubernetes.io/change-cause="image updated to 1.16.1"
kubectl apply -f=a.yaml --filename b.yaml --filename=c.yaml -fd.yaml -f e.yaml,a.yaml
kubectl apply -f -
kubectl logs -f web-abc
kubectl exec web-abc -- cat -f nothing
kubectl get pods # a comment -f x.yaml
-- a.yaml --
-- b.yaml --
-- c.yaml --
-- d.yaml --
-- e.yaml --
`)
	wantArgs := [][]string{
		{"patch", "deployment", "web", "-p", `{"spec":{"progressDeadlineSeconds":10}}`},
		{"annotate", "deployment/web", "kubernetes.io/change-cause=image updated to 1.16.1"},
	}
	for i, w := range wantArgs {
		if got := s.Commands[i].Args; !reflect.DeepEqual(got, w) {
			t.Errorf("line %d args = %q, want %q", i+1, got, w)
		}
	}
	wantFiles := [][]string{nil, nil, {"a.yaml", "b.yaml", "c.yaml", "d.yaml", "e.yaml", "a.yaml"}, nil, nil, nil, nil}
	for i, w := range wantFiles {
		if got := s.Commands[i].Files; !reflect.DeepEqual(got, w) {
			t.Errorf("line %d files = %q, want %q", i+1, got, w)
		}
	}
}

func TestParseImage(t *testing.T) {
	yes := true
	for _, tc := range []struct {
		line string
		want ImageSpec
	}{
		{"image nginx:1.161 missing", ImageSpec{Ref: "nginx:1.161", Behavior: images.Behavior{Missing: true}}},
		{"image nginx:1.16.1 pull=10s start=3s stop=0s", ImageSpec{Ref: "nginx:1.16.1",
			Timing: images.Timing{Pull: 10 * time.Second, Start: 3 * time.Second}, TimingSet: [3]bool{true, true, true},
			Behavior: images.Behavior{PullTime: 10 * time.Second, StartTime: 3 * time.Second, StopTime: -1}}},
		{"image busybox crash=5s exit=137", ImageSpec{Ref: "busybox",
			Behavior: images.Behavior{CrashAfter: 5 * time.Second, ExitCode: 137}}},
		{"image nginx unready ready=1m unhealthy=90s", ImageSpec{Ref: "nginx",
			Behavior: images.Behavior{NeverReady: true, ReadyAfter: time.Minute, UnhealthyAfter: 90 * time.Second}}},
		{"image nginx ignore-sigterm fail-poststart fail-prestop", ImageSpec{Ref: "nginx",
			Behavior: images.Behavior{IgnoreSIGTERM: &yes, FailPostStart: true, FailPreStop: true}}},
		{"image myapp:v1 like=nginx:1.25", ImageSpec{Ref: "myapp:v1", Like: "nginx:1.25"}},
		{"image * pull=0s start=1s stop=0s", ImageSpec{Defaults: true,
			Timing: images.Timing{Start: time.Second}, TimingSet: [3]bool{true, true, true},
			Behavior: images.Behavior{PullTime: -1, StartTime: time.Second, StopTime: -1}}},
		{"image * pull=5s", ImageSpec{Defaults: true, Timing: images.Timing{Pull: 5 * time.Second},
			TimingSet: [3]bool{true, false, false}, Behavior: images.Behavior{PullTime: 5 * time.Second}}},
	} {
		s := mustParse(t, tc.line)
		if got := s.Commands[0].Image; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.line, got, tc.want)
		}
	}
}

func TestParseNode(t *testing.T) {
	s := mustParse(t, `node add node-4 cpu=2 memory=4Gi pods=20 label=zone=b taint=dedicated=db:NoSchedule unschedulable=true
node fail node-1
node recover node-1
node delete node-2
`)
	want := []NodeSpec{
		{Action: "add", Name: "node-4", Options: cluster.NodeOptions{Name: "node-4", CPU: "2", Memory: "4Gi", Pods: "20",
			Labels: map[string]string{"zone": "b"}, Unschedulable: true,
			Taints: []api.Taint{{Key: "dedicated", Value: "db", Effect: api.TaintEffectNoSchedule}}}},
		{Action: "fail", Name: "node-1"},
		{Action: "recover", Name: "node-1"},
		{Action: "delete", Name: "node-2"},
	}
	for i, w := range want {
		if got := s.Commands[i].Node; !reflect.DeepEqual(got, w) {
			t.Errorf("line %d:\n got %+v\nwant %+v", i+1, got, w)
		}
	}
}

// TestParseErrors checks every error: the line it names and its wording.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string
	}{
		{"tick\ntik 3\n", `web.txtar:2: unknown verb "tik"; did you mean "tick"?`},
		{"kubect get pods\n", `web.txtar:1: unknown verb "kubect"; did you mean "kubectl"?`},
		{"sleep 3\n", `web.txtar:1: unknown verb "sleep"; to let simulated time pass, use tick N (N seconds)`},
		{"apply -f web.yaml\n", `web.txtar:1: unknown verb "apply" (want kubectl, tick, step, seed, image, node or controller-manager)`},
		{"$ kubectl get pods\n", `web.txtar:1: unknown verb "$"; write commands without the shell prompt`},
		{"tick x\n", `web.txtar:1: tick: invalid count "x": want a number of seconds (tick 30) or a duration (tick 5m)`},
		{"tick 0\n", `web.txtar:1: tick: invalid count "0": must be at least 1`},
		{"tick -3\n", `web.txtar:1: tick: invalid count "-3": must be at least 1`},
		{"tick 1 2\n", `web.txtar:1: tick: too many arguments (want tick [N])`},
		{"tick 1500ms\n", `web.txtar:1: tick: invalid duration "1500ms": a tick is one second, so use whole seconds`},
		{"tick 86401\n", `web.txtar:1: tick: count 86401 is over the limit of 86400`},
		{"tick 48h\n", `web.txtar:1: tick: count 48h is over the limit of 86400`},
		{"step 1m\n", `web.txtar:1: step: invalid count "1m": want a whole number`},
		{"step 0\n", `web.txtar:1: step: invalid count "0": must be at least 1`},
		{"seed\n", `web.txtar:1: seed: want exactly one number (seed 42)`},
		{"seed -1\n", `web.txtar:1: seed: invalid seed "-1": want a whole number from 0 to 18446744073709551615`},
		{"seed 1\nseed 2\n", `web.txtar:2: seed: the seed is already set on line 1`},
		{"# doc\nkubectl get pods\nseed 2\n", `web.txtar:3: seed: too late: the cluster already started on line 2; put seed before the first kubectl, tick, step or node line`},
		{"tick\nseed 2\n", `web.txtar:2: seed: too late: the cluster already started on line 1; put seed before the first kubectl, tick, step or node line`},
		{"kubectl apply -f web.yml\n-- web.yaml --\n", `web.txtar:1: kubectl: file "web.yml" is not in the scenario; did you mean "web.yaml"?`},
		{"kubectl apply -f app.yaml\n-- web.yaml --\n-- db.yaml --\n", `web.txtar:1: kubectl: file "app.yaml" is not in the scenario (files: web.yaml, db.yaml)`},
		{"kubectl apply -f web.yaml\n", `web.txtar:1: kubectl: file "web.yaml" is not in the scenario (it has no files: add one with a "-- web.yaml --" line after the script)`},
		{"kubectl get pods -o 'jsonpath={.items}\n", "web.txtar:1: bash: unexpected EOF while looking for matching `''"},
		{"kubectl get pods | grep web\n", "web.txtar:1: bash: syntax error near unexpected token `|': the console runs one kubectl command at a time, without pipes or redirections"},
		{"image\n", `web.txtar:1: image: missing image (want image REF [OPTION...], or image * for every image)`},
		{"image Nginx:1.16.1\n", `web.txtar:1: image: "Nginx:1.16.1": invalid reference format: repository name (library/Nginx) must be lowercase`},
		{"image nginx pul=2s\n", `web.txtar:1: image: unknown option "pul=2s"; did you mean "pull=DUR"?`},
		{"image nginx fast\n", `web.txtar:1: image: unknown option "fast" (want pull=DUR, start=DUR, stop=DUR, crash=DUR, exit=CODE, ready=DUR, unhealthy=DUR, missing, unready, ignore-sigterm, fail-poststart, fail-prestop, like=REF, cpu=QTY)`},
		{"image nginx pull=2\n", `web.txtar:1: image: pull: invalid duration "2" (want e.g. 500ms, 2s, 1m30s)`},
		{"image nginx pull=-2s\n", `web.txtar:1: image: pull: invalid duration "-2s": must not be negative`},
		{"image nginx pull\n", `web.txtar:1: image: option pull needs a value: pull=DUR`},
		{"image nginx missing=true\n", `web.txtar:1: image: option missing takes no value`},
		{"image nginx crash=0s\n", `web.txtar:1: image: crash: invalid duration "0s": must be more than 0s`},
		{"image nginx crash=1s exit=0\n", `web.txtar:1: image: exit: invalid exit code "0": want 1 to 255`},
		{"image nginx exit=2\n", `web.txtar:1: image: exit= needs crash= (the exit code of the crash)`},
		{"image nginx missing unready\n", `web.txtar:1: image: a missing image never runs: drop the other options or missing`},
		{"image x like=Bad\n", `web.txtar:1: image: like: "Bad": invalid reference format: repository name (library/Bad) must be lowercase`},
		{"image * missing\n", `web.txtar:1: image *: missing applies to one image, not to every image (image * takes pull=, start= and stop=)`},
		{"node\n", `web.txtar:1: node: missing action (want node add|fail|recover|delete NAME)`},
		{"node fial node-1\n", `web.txtar:1: node: unknown action "fial"; did you mean "fail"?`},
		{"node reboot node-1\n", `web.txtar:1: node: unknown action "reboot" (want add, fail, recover or delete)`},
		{"node fail\n", `web.txtar:1: node fail: missing node name`},
		{"controller-manager\n", `web.txtar:1: controller-manager: missing action (want controller-manager stop|start, or kube-api-qps=N kube-api-burst=N)`},
		{"controller-manager stpo\n", `web.txtar:1: controller-manager: unknown action "stpo"; did you mean "stop"?`},
		{"controller-manager crash\n", `web.txtar:1: controller-manager: unknown action "crash" (want stop or start)`},
		{"controller-manager stop now\n", `web.txtar:1: controller-manager stop: unexpected argument "now"`},
		{"controler-manager stop\n", `web.txtar:1: unknown verb "controler-manager"; did you mean "controller-manager"?`},
		{"node add Node_4\n", `web.txtar:1: node add: invalid node name "Node_4": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`},
		{"node fail node-1 now\n", `web.txtar:1: node fail: unexpected argument "now" (only node add takes options)`},
		{"node add node-4 cpu\n", `web.txtar:1: node add: option "cpu" is not key=value (want cpu=, memory=, pods=, label=, taint=, runtime-handlers=, cloud-provider=, unschedulable=, kube-api-qps= or kube-api-burst=)`},
		{"node add node-4 cpu=lots\n", `web.txtar:1: node add: invalid cpu quantity "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`},
		{"node add node-4 gpu=1\n", `web.txtar:1: node add: unknown node option "gpu" (want cpu, memory, pods, label, taint, runtime-handlers, cloud-provider, unschedulable, kube-api-qps or kube-api-burst)`},
		{"# only a comment\n-- web.yaml --\n", `web.txtar: the script has no commands (write them before the first "-- FILE --" line)`},
		{"tick\n-- a.yaml --\nx\n-- a.yaml --\n", `web.txtar:4: duplicate file "a.yaml" (first on line 2)`},
		{"tick\n\xff\n", `web.txtar: not a text file (invalid UTF-8)`},
	} {
		_, err := Parse("web.txtar", []byte(tc.src))
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.src, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, err, tc.want)
		}
		var list ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Errorf("%q: error is %T, want an ErrorList", tc.src, err)
		}
	}
}

func TestParseReportsEveryBadLine(t *testing.T) {
	_, err := Parse("web.txtar", []byte("tik\ntick\nstpe\nnode\n"))
	want := `web.txtar:1: unknown verb "tik"; did you mean "tick"?
web.txtar:3: unknown verb "stpe"; did you mean "step"?
web.txtar:4: node: missing action (want node add|fail|recover|delete NAME)`
	if err == nil || err.Error() != want {
		t.Errorf("got:\n%v\nwant:\n%s", err, want)
	}
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 3 || list[1].Line != 3 {
		t.Errorf("list = %v", list)
	}

	var many strings.Builder
	for range 30 {
		many.WriteString("bad\n")
	}
	_, err = Parse("web.txtar", []byte(many.String()))
	if !errors.As(err, &list) || len(list) != maxErrors+1 || list[maxErrors].Msg != "too many errors" {
		t.Errorf("30 bad lines gave %d errors, want %d and \"too many errors\"", len(list), maxErrors+1)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Kubectl: "kubectl", Tick: "tick", Step: "step", Seed: "seed", Image: "image", Node: "node", 0: "Kind(0)"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(k), k, want)
		}
	}
}

package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const webYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
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

func newSession(t testing.TB, seed uint64) *Session {
	t.Helper()
	s, err := New(seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// viewJSON is the view's JSON without Head and Live, which say where the
// head is now rather than what the tick looked like.
func viewJSON(t testing.TB, s *Session) []byte {
	t.Helper()
	v := s.View()
	v.Head, v.Live = 0, false
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustRun(t testing.TB, s *Session, line string) Output {
	t.Helper()
	out := s.Run(line)
	if out.Exit != 0 {
		t.Fatalf("%s: exit %d\n%s", line, out.Exit, out.Output)
	}
	return out
}

func mustApply(t testing.TB, s *Session, text string) ApplyResult {
	t.Helper()
	r := s.Apply(text)
	if !r.OK {
		t.Fatalf("apply: errors %+v\n%s", r.Errors, r.Output.Output)
	}
	return r
}

// rollout builds the session most tests use: a Deployment rolled out, then
// updated to a new image, with ticks in between, and records the view of
// every tick while it was the head.
func rollout(t testing.TB, s *Session) map[int64][]byte {
	t.Helper()
	live := map[int64][]byte{}
	note := func() { live[s.Cursor()] = viewJSON(t, s) }
	note()
	mustApply(t, s, webYAML)
	note()
	for range 8 {
		s.Tick(1)
		note()
	}
	mustRun(t, s, "kubectl set image deployment/web nginx=nginx:1.16.1")
	note()
	for range 6 {
		s.Tick(1)
		note()
	}
	s.Step()
	note()
	s.Tick(5)
	note()
	mustRun(t, s, "kubectl scale deployment web --replicas=5")
	note()
	s.Tick(4)
	note()
	return live
}

func TestApplyRollsOut(t *testing.T) {
	s := newSession(t, 1)
	r := mustApply(t, s, webYAML)
	if r.File != "editor-1.yaml" || !strings.Contains(r.Output.Stdout, "deployment.apps/web created") {
		t.Fatalf("apply: %+v", r)
	}
	s.Tick(10)
	v := s.View()
	if len(v.Deployments) != 1 {
		t.Fatalf("%d deployments", len(v.Deployments))
	}
	d := v.Deployments[0]
	if d.Ready != 3 || d.Available != 3 || d.Revision != "1" || len(d.ReplicaSets) != 1 || !d.ReplicaSets[0].New {
		t.Fatalf("deployment %+v", d)
	}
	if d.StrategySummary != "RollingUpdate: maxSurge 25%, maxUnavailable 25%" {
		t.Errorf("strategy %q", d.StrategySummary)
	}
	if !strings.Contains(d.Rollout, "successfully rolled out") {
		t.Errorf("rollout %q", d.Rollout)
	}
	rs := d.ReplicaSets[0]
	if rs.Hash == "" || rs.Revision != "1" || rs.Desired != 3 || rs.Ready != 3 {
		t.Errorf("replicaset %+v", rs)
	}
	if len(v.Pods) != 3 {
		t.Fatalf("%d pods", len(v.Pods))
	}
	for _, p := range v.Pods {
		if p.State != StateReady || p.Status != "Running" || p.Owner != rs.Name || p.Node == "" || p.IP == "" || p.ReadyText != "1/1" {
			t.Errorf("pod %+v", p)
		}
	}
	if v.Counts[StateReady] != 3 {
		t.Errorf("counts %v", v.Counts)
	}
	if len(v.Nodes) != 3 || v.Nodes[0].Ready != "True" {
		t.Errorf("nodes %+v", v.Nodes)
	}
	if len(v.Events) == 0 {
		t.Error("no events")
	}
	if len(v.Chart.Series) != 1 || v.Chart.To != 10 {
		t.Fatalf("chart %+v", v.Chart)
	}
	pts := v.Chart.Series[0].Points
	if last := pts[len(pts)-1]; last[1] != 3 || last[2] != 3 || last[3] != 3 || pts[0] != [4]int64{0, 3, 3, 0} {
		t.Errorf("chart points %v", pts)
	}
}

func TestApplyErrorsKeepPositions(t *testing.T) {
	s := newSession(t, 1)
	before := viewJSON(t, s)
	bad := strings.Replace(webYAML, "replicas: 3", "replicas: three", 1)
	bad = strings.Replace(bad, "  selector:", "  selectr: {}\n  selector:", 1)
	r := s.Apply(bad)
	if r.OK || len(r.Errors) == 0 {
		t.Fatalf("no errors: %+v", r)
	}
	e := r.Errors[0]
	if e.Doc != 1 || e.Line == 0 || e.Column == 0 || e.Message == "" || e.Source == "" {
		t.Errorf("error without a position: %+v", e)
	}
	lines := strings.Split(bad, "\n")
	for _, e := range r.Errors {
		if e.Line < 1 || e.Line > len(lines) {
			t.Errorf("line %d out of range", e.Line)
			continue
		}
		if !strings.Contains(e.Source, lines[e.Line-1]) {
			t.Errorf("source %q does not show line %d %q", e.Source, e.Line, lines[e.Line-1])
		}
	}
	if len(s.entries()) != 0 || len(s.Files()) != 0 {
		t.Errorf("a failed apply changed the session: log %v files %v", s.entries(), s.Files())
	}
	if !bytes.Equal(before, viewJSON(t, s)) {
		t.Error("a failed apply changed the view")
	}

	// A syntax error in the second document names document 2 and its line.
	r = s.Apply(webYAML + "---\nkind: [\n")
	if len(r.Errors) != 1 || r.Errors[0].Doc != 2 || r.Errors[0].Line != 19 {
		t.Errorf("syntax error: %+v", r.Errors)
	}
}

func TestServerSideErrorIsReported(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	// The selector is immutable.
	r := s.Apply(strings.ReplaceAll(webYAML, "app: web", "app: other"))
	if r.OK || r.Output.Exit == 0 || !strings.Contains(r.Output.Stderr, "field is immutable") {
		t.Errorf("immutable selector: %+v", r.Output)
	}
}

func TestTimeTravelMatchesLiveAndReplay(t *testing.T) {
	s := newSession(t, 7)
	live := rollout(t, s)
	head := s.Head()
	if head != 23 {
		t.Fatalf("head %d", head)
	}
	check := func(name string, s *Session) {
		t.Helper()
		for tick := int64(0); tick <= head; tick++ {
			s.Jump(tick)
			got := viewJSON(t, s)
			if live[tick] == nil {
				live[tick] = got // a tick inside one Tick(n): the history's is the reference
			}
			if v := s.View(); v.Tick != tick {
				t.Fatalf("%s: jump to %d shows %d", name, tick, v.Tick)
			}
			if !bytes.Equal(got, live[tick]) {
				t.Fatalf("%s: view of tick %d differs from the live one:\n got %.300s\nwant %.300s", name, tick, got, live[tick])
			}
		}
		// Back, one tick at a time, from the head.
		s.Jump(head)
		for tick := head - 1; tick >= 0; tick-- {
			s.Back()
			if got := viewJSON(t, s); !bytes.Equal(got, live[tick]) {
				t.Fatalf("%s: back to tick %d differs", name, tick)
			}
		}
	}
	check("history", s)

	// A fresh replay: the encoded session decoded elsewhere.
	d := newSession(t, 99)
	if _, err := d.Decode(s.Encode()); err != nil {
		t.Fatal(err)
	}
	check("decoded", d)

	// A session that keeps almost nothing rebuilds every view by replay.
	tiny, err := NewWithOptions(Options{Seed: 7, History: HistoryLimits{Recent: 2, Every: 5, Rebuilt: 3, Budget: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tiny.LoadScript(s.Script()); err != nil {
		t.Fatal(err)
	}
	check("rebuilt", tiny)

	// Read-only commands at every past tick, against the ledger's store,
	// with snapshots every tick and rarer: the same bytes as the command
	// run on a world replayed to that tick. The views must not change
	// either.
	want := pastReference(t, s)
	for _, every := range []int64{1, 2, 5, 100} {
		p, err := NewWithOptions(Options{Seed: 7, History: HistoryLimits{Recent: 2, Every: 5, Rebuilt: 3, Budget: 1, SnapshotEvery: every}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.LoadScript(s.Script()); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("snapshots every %d", every)
		checkPastCommands(t, name, p, want)
		check(name, p)
	}
}

// pastCommands are the read-only commands checked at past ticks.
var pastCommands = []string{
	"kubectl get pods",
	"kubectl get rs -o wide",
	"kubectl get all",
	"kubectl describe deployment web",
	"kubectl describe pods",
	"kubectl get events",
	"kubectl rollout history deployment/web",
	"kubectl get deployment web -o yaml",
	"kubectl get pods -o json",
	"kubectl get nodes",
	"kubectl get pods --field-selector status.phase=Running -l app=web",
}

// pastReference runs pastCommands at every tick before the head on a world
// replayed to the tick: what the ledger's store must print. (One replay per
// tick: the commands change nothing, so each sees the same cluster.)
func pastReference(t *testing.T, s *Session) map[int64]map[string]result {
	t.Helper()
	ref := map[int64]map[string]result{}
	for tick := int64(0); tick < s.Head(); tick++ {
		w, err := s.replay(s.log, tick, nil)
		if err != nil {
			t.Fatal(err)
		}
		ref[tick] = map[string]result{}
		for _, line := range pastCommands {
			ref[tick][line] = w.exec(&Entry{Line: line, kind: entryKubectl}, s.files)
		}
	}
	return ref
}

// checkPastCommands runs pastCommands at every tick before the head, on
// the past server and through Run, and compares both with the reference.
func checkPastCommands(t *testing.T, name string, s *Session, ref map[int64]map[string]result) {
	t.Helper()
	for tick := int64(0); tick < s.Head(); tick++ {
		s.Jump(tick)
		for _, line := range pastCommands {
			want := ref[tick][line]
			got, ok := s.runOnPastServer(&Entry{Line: line, kind: entryKubectl})
			if !ok {
				t.Fatalf("%s: %q at tick %d needed a replay", name, line, tick)
			}
			if got != want {
				t.Fatalf("%s: %q at tick %d differs from a replay:\n got %q\nwant %q", name, line, tick, got.output, want.output)
			}
			if out := s.Run(line); out.Output != want.output || out.Exit != want.exit || !out.Past {
				t.Fatalf("%s: Run(%q) at tick %d differs from a replay:\n got %q\nwant %q", name, line, tick, out.Output, want.output)
			}
		}
	}
}

func TestBranchDiscardsTheFuture(t *testing.T) {
	s := newSession(t, 3)
	rollout(t, s)
	head := s.Head()
	s.Jump(12)
	out := mustRun(t, s, "kubectl scale deployment web --replicas=1")
	if out.Discarded != head-12 || out.Tick != 12 {
		t.Fatalf("discarded %d ticks at %d, want %d at 12", out.Discarded, out.Tick, head-12)
	}
	if s.Head() != 12 || s.Cursor() != 12 {
		t.Fatalf("head %d cursor %d", s.Head(), s.Cursor())
	}
	for _, e := range s.entries() {
		if e.End > 12 {
			t.Errorf("log keeps %q ending at %d", e.Line, e.End)
		}
	}
	s.Tick(5)
	got := viewJSON(t, s)

	// The same commands, typed straight: the same cluster.
	f := newSession(t, 3)
	mustApply(t, f, webYAML)
	f.Tick(8)
	mustRun(t, f, "kubectl set image deployment/web nginx=nginx:1.16.1")
	f.Tick(4)
	mustRun(t, f, "kubectl scale deployment web --replicas=1")
	f.Tick(5)
	if want := viewJSON(t, f); !bytes.Equal(got, want) {
		t.Fatalf("branched session differs from a straight one:\n got %.400s\nwant %.400s", got, want)
	}
	if v := s.View(); v.Deployments[0].Replicas != 1 {
		t.Errorf("replicas %d", v.Deployments[0].Replicas)
	}
}

func TestTickInThePastMovesAlongTheTimeline(t *testing.T) {
	s := newSession(t, 1)
	live := rollout(t, s)
	head := s.Head()
	log := s.entries()
	s.Jump(3)
	s.Tick(2)
	if s.Cursor() != 5 || s.Head() != head || len(s.entries()) != len(log) {
		t.Fatalf("cursor %d head %d", s.Cursor(), s.Head())
	}
	if !bytes.Equal(viewJSON(t, s), live[5]) {
		t.Error("tick in the past did not show the recorded tick")
	}
	s.Tick(int(head)) // runs past the head: extends it
	if s.Cursor() != head+5 || s.Head() != head+5 {
		t.Errorf("cursor %d head %d, want %d", s.Cursor(), s.Head(), head+5)
	}
}

func TestReadOnlyCommandInThePast(t *testing.T) {
	s := newSession(t, 1)
	rollout(t, s)
	head, log := s.Head(), len(s.entries())
	s.Jump(4)
	out := s.Run("kubectl get rs")
	if !out.Past || out.Exit != 0 || s.Head() != head || len(s.entries()) != log {
		t.Fatalf("get in the past: %+v, head %d", out, s.Head())
	}
	// At tick 4 only the first ReplicaSet exists.
	if strings.Count(strings.TrimSpace(out.Stdout), "\n") != 1 {
		t.Errorf("kubectl get rs at tick 4:\n%s", out.Stdout)
	}
	f := newSession(t, 1)
	mustApply(t, f, webYAML)
	f.Tick(4)
	if want := mustRun(t, f, "kubectl get rs").Stdout; want != out.Stdout {
		t.Errorf("past get differs:\n%s\nwant\n%s", out.Stdout, want)
	}
}

func TestBlockingCommandTicksAreSeen(t *testing.T) {
	s := newSession(t, 5)
	mustApply(t, s, webYAML)
	s.Tick(1)
	start := s.Head()
	out := mustRun(t, s, "kubectl rollout status deployment/web")
	if out.End <= start+1 || !strings.Contains(out.Stdout, "successfully rolled out") {
		t.Fatalf("rollout status: %+v", out)
	}
	// Every tick the command passed has its own view.
	mid := (start + out.End) / 2
	s.Jump(mid)
	v := s.View()
	if v.Tick != mid {
		t.Fatalf("view of tick %d is tick %d", mid, v.Tick)
	}
	midView := viewJSON(t, s)
	// Branching inside the wait cuts the command short with a MaxWait.
	mustRun(t, s, "node fail node-1")
	log := s.entries()
	var cut *Entry
	for i := range log {
		if strings.HasPrefix(log[i].Line, "kubectl rollout status") {
			cut = &log[i]
		}
	}
	if cut == nil || cut.MaxWait != mid-start || cut.End != mid {
		t.Fatalf("cut entry %+v", cut)
	}
	// The cut session replays to the same view of mid.
	d := newSession(t, 1)
	if _, err := d.Decode(s.Encode()); err != nil {
		t.Fatal(err)
	}
	d.Jump(mid)
	s.Jump(mid)
	if got := viewJSON(t, d); !bytes.Equal(got, midView) {
		t.Fatalf("decoded view of tick %d differs", mid)
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	s := newSession(t, 42)
	rollout(t, s)
	mustRun(t, s, "kubectl get pods")
	mustRun(t, s, "image nginx:1.99 missing")
	mustRun(t, s, "kubectl set image deployment/web nginx=nginx:1.99")
	s.Tick(3)
	s.Jump(17)
	enc := s.Encode()
	if !strings.HasPrefix(enc, "k1.") || len(enc) > 2000 {
		t.Errorf("encoded state %d bytes: %.80s", len(enc), enc)
	}
	d := newSession(t, 1)
	res, err := d.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if res.Cursor != 17 || d.Cursor() != 17 || d.Head() != s.Head() || d.seed != 42 {
		t.Fatalf("decoded cursor %d head %d seed %d", d.Cursor(), d.Head(), d.seed)
	}
	if !bytes.Equal(viewJSON(t, d), viewJSON(t, s)) {
		t.Error("decoded view differs")
	}
	if d.Encode() != enc {
		t.Error("encode(decode(x)) != x")
	}
	if !bytes.Equal(d.Script(), s.Script()) {
		t.Errorf("scripts differ:\n%s\n---\n%s", d.Script(), s.Script())
	}
	for _, bad := range []string{"", "x", "k1.!!!", "k1.AAAA"} {
		if _, err := d.Decode(bad); err == nil {
			t.Errorf("Decode(%q) succeeded", bad)
		}
	}
}

func TestDeterminism(t *testing.T) {
	run := func() [][]byte {
		s := newSession(t, 11)
		mustApply(t, s, webYAML)
		var out [][]byte
		for range 12 {
			s.Tick(1)
			out = append(out, viewJSON(t, s))
		}
		mustRun(t, s, "kubectl rollout restart deployment/web")
		for range 12 {
			s.Tick(1)
			out = append(out, viewJSON(t, s))
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("tick %d differs between two runs", i+1)
		}
	}
}

func TestHistoryIsBounded(t *testing.T) {
	lim := HistoryLimits{Recent: 20, Every: 10, Rebuilt: 8, Budget: 1 << 30}
	s, err := NewWithOptions(Options{Seed: 1, History: lim})
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, webYAML)
	s.Tick(200)
	n, _ := s.hist.size()
	// 20 recent + a checkpoint every 10 ticks before them.
	if want := 20 + 180/10 + 1; n > want {
		t.Errorf("%d views kept, want at most %d", n, want)
	}
	// An old tick is rebuilt, with its neighbours, within the limit.
	s.Jump(55)
	v := s.View()
	if v.Tick != 55 {
		t.Fatalf("tick %d", v.Tick)
	}
	n2, _ := s.hist.size()
	if n2 > n+lim.Rebuilt {
		t.Errorf("%d views after a rebuild, want at most %d", n2, n+lim.Rebuilt)
	}

	// A budget smaller than the views evicts the oldest first but keeps the
	// head.
	small, _ := NewWithOptions(Options{Seed: 1, History: HistoryLimits{Recent: 600, Every: 60, Rebuilt: 10, Budget: 2000}})
	mustApply(t, small, webYAML)
	small.Tick(300)
	_, total := small.hist.size()
	if total > 2000 {
		t.Errorf("history holds %d objects, budget 2000", total)
	}
	if !small.hist.has(small.Head()) {
		t.Error("the head's view was evicted")
	}
	small.Jump(1)
	if small.View().Tick != 1 {
		t.Error("an evicted tick was not rebuilt")
	}
}

func TestLoadScenario(t *testing.T) {
	script := "# Rolling update\n# Update the image and watch.\n\nseed 9\nkubectl apply -f web.yaml\ntick 10\nkubectl get deploy\n-- web.yaml --\n" + webYAML
	s := newSession(t, 1)
	res, err := s.Load("rolling.txtar", []byte(script))
	if err != nil {
		t.Fatal(err)
	}
	if res.Title != "Rolling update" || res.Seed != 9 || s.seed != 9 || res.Head != 10 || len(res.Files) != 1 {
		t.Fatalf("load: %+v", res)
	}
	if len(res.Transcript) != 3 || !strings.Contains(res.Transcript[2].Stdout, "3/3") {
		t.Errorf("transcript %+v", res.Transcript)
	}
	if _, err := s.Load("bad.txtar", []byte("kubectl apply -f missing.yaml\n")); err == nil {
		t.Error("a scenario naming a missing file loaded")
	}
	// A failed load leaves the session as it was.
	if s.title != "Rolling update" {
		t.Errorf("title %q after a failed load", s.title)
	}
}

func TestConsoleVerbs(t *testing.T) {
	s := newSession(t, 1)
	for _, tc := range []struct {
		line, want string
		exit       int
	}{
		{"get pods", "bash: get: command not found", 127},
		{"tick 0", "must be at least 1", 1},
		{"node frob node-1", "unknown action", 1},
		{"help", "kubectl ...", 0},
		{"kubectl get nodes", "node-1", 0},
		{"k get nodes", "node-3", 0},
		{"tick 3", "", 0},
		{"node fail node-2", "", 0},
		{"reset 5", "seed 5", 0},
	} {
		out := s.Run(tc.line)
		if out.Exit != tc.exit || !strings.Contains(out.Output, tc.want) {
			t.Errorf("%s: exit %d, output %q; want %d, %q", tc.line, out.Exit, out.Output, tc.exit, tc.want)
		}
	}
	if s.seed != 5 || s.Head() != 0 {
		t.Errorf("after reset: seed %d head %d", s.seed, s.Head())
	}
}

func TestComplete(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	for line, want := range map[string]string{
		"ku":                        "kubectl",
		"kubectl ro":                "rollout",
		"kubectl rollout st":        "status",
		"kubectl get deploy":        "deploy deploy/ deployment deployment/ deployments deployments/",
		"kubectl get deployment":    "deployment deployment/ deployments deployments/",
		"kubectl describe no":       "no no/ node node/ nodes nodes/",
		"kubectl get nodes node":    "node-1 node-2 node-3",
		"kubectl get deploy/w":      "deploy/web",
		"node fail n":               "node-1 node-2 node-3",
		"kubectl cordon node-":      "node-1 node-2 node-3",
		"kubectl lo":                "logs",
		"kubectl t":                 "taint top",
		"kubectl taint ":            "node",
		"kubectl taint nodes n":     "node-1 node-2 node-3",
		"kubectl taint no n-1 ":     "",
		"kubectl top ":              "node pod",
		"kubectl top no":            "node",
		"kubectl top node node-":    "node-1 node-2 node-3",
		"kubectl logs deploy/w":     "deploy/web",
		"kubectl dif":               "diff",
		"kubectl d":                 "delete describe diff drain",
		"kubectl diff ":             "", // objects come from -f files
		"kubectl ru":                "run",
		"kubectl he":                "help",
		"kubectl rollout undo --to": "--to-revision=",
	} {
		if got := strings.Join(s.Complete(line), " "); got != want {
			t.Errorf("Complete(%q) = %q, want %q", line, got, want)
		}
	}
}

// kubectl logs and kubectl top pod complete the head's pod names.
func TestCompletePods(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	s.Tick(1)
	pods := strings.Join(s.Complete("kubectl get pods web-"), " ")
	if strings.Count(pods, "web-") < 2 {
		t.Fatalf("the pods: %q", pods)
	}
	for _, line := range []string{"kubectl logs web-", "kubectl top pod web-", "kubectl top pods web-"} {
		if got := strings.Join(s.Complete(line), " "); got != pods {
			t.Errorf("Complete(%q) = %q, want %q", line, got, pods)
		}
	}
}

func TestViewJSONIsJSONMarshal(t *testing.T) {
	s := newSession(t, 1)
	rollout(t, s)
	for _, tick := range []int64{0, 3, 12, s.Head()} {
		s.Jump(tick)
		v := s.View()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := v.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("tick %d: View.JSON differs from json.Marshal:\n%s\n%s", tick, got, want)
		}
	}
}

func TestPodStates(t *testing.T) {
	for _, tc := range []struct {
		pod  Pod
		want string
	}{
		{Pod{Phase: "Running", Ready: true, Status: "Running"}, StateReady},
		{Pod{Phase: "Running", Ready: false, Status: "Running"}, StateNotReady},
		{Pod{Phase: "Running", Ready: true, Status: "Running", Terminating: true}, StateTerminating},
		{Pod{Phase: "Pending", Status: "ContainerCreating"}, StatePending},
		{Pod{Phase: "Pending", Status: "ErrImagePull"}, StateFailed},
		{Pod{Phase: "Pending", Status: "ImagePullBackOff"}, StateFailed},
		{Pod{Phase: "Running", Status: "CrashLoopBackOff"}, StateFailed},
		{Pod{Phase: "Pending", Status: "Init:CrashLoopBackOff"}, StateFailed},
		{Pod{Phase: "Pending", Status: "Init:0/1"}, StatePending},
		{Pod{Phase: "Failed", Status: "Error"}, StateFailed},
		{Pod{Phase: "Succeeded", Status: "Completed"}, StateSucceeded},
		{Pod{Phase: "Running", Status: "Unknown", Terminating: true}, StateUnknown},
	} {
		if got := podState(&tc.pod); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.pod, got, tc.want)
		}
	}
}

func ExampleSession() {
	s, _ := New(1)
	s.Apply(webYAML)
	s.Tick(10)
	v := s.View()
	d := v.Deployments[0]
	fmt.Printf("tick %d: %s %d/%d ready, revision %s\n", v.Tick, d.Name, d.Ready, d.Replicas, d.Revision)
	fmt.Println(s.Run("kubectl get deploy").Stdout)
	// Output:
	// tick 10: web 3/3 ready, revision 1
	// NAME   READY   UP-TO-DATE   AVAILABLE   AGE
	// web    3/3     3            3           10s
}

// TestExamplesReplay loads every example scenario of the page and checks
// the time-travel promise on it: the view of every tick, served from the
// history, equals the one a fresh replay of the encoded session gives.
func TestExamplesReplay(t *testing.T) {
	files, err := filepath.Glob("../../assets/scenarios/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example scenarios found: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s := newSession(t, 1)
			if _, err := s.Load(filepath.Base(f), data); err != nil {
				t.Fatal(err)
			}
			head := s.Head()
			d := newSession(t, 1)
			if _, err := d.Decode(s.Encode()); err != nil {
				t.Fatal(err)
			}
			if d.Head() != head {
				t.Fatalf("decoded head %d, want %d", d.Head(), head)
			}
			// Every tick when short, else a sample.
			step := max(head/40, 1)
			for tick := int64(0); tick <= head; tick += step {
				s.Jump(tick)
				d.Jump(tick)
				if a, b := viewJSON(t, s), viewJSON(t, d); !bytes.Equal(a, b) {
					t.Fatalf("tick %d: history and replay differ:\n%.400s\n%.400s", tick, a, b)
				}
			}
		})
	}
}

// A kubectl command leaves its work for the step button, and the next
// other command settles it first, as scripts/play does: right after a
// create, a step reconciles the Deployment, and a get shows the
// ReplicaSet.
func TestKubectlWorkWaitsForStepOrNextCommand(t *testing.T) {
	s := newSession(t, 1)
	s.Run("kubectl create deployment web --image=nginx:1.25")
	if o := s.Run("step"); !strings.Contains(o.Output, "deployment-controller reconciled default/web") {
		t.Errorf("step after create: %q", o.Output)
	}
	o := s.Run("kubectl get rs")
	if !strings.Contains(o.Output, "web-") {
		t.Errorf("get rs after create: %q", o.Output)
	}
	if o := s.Run("step"); !strings.Contains(o.Output, "every work queue is empty") {
		t.Errorf("step after get: %q", o.Output)
	}
}

// A read-only command the store alone cannot answer (exec asks the
// kubelet) is found out on the past server and runs on a replayed world.
func TestPastCommandNeedingAKubeletReplays(t *testing.T) {
	s := newSession(t, 7)
	rollout(t, s)
	const tick = 12
	s.Jump(tick)
	v := s.View()
	var pod string
	for _, p := range v.Pods {
		if p.State == StateReady {
			pod = p.Name
		}
	}
	if pod == "" {
		t.Fatalf("no ready pod at tick %d", tick)
	}
	line := "kubectl exec " + pod + " -- env"
	if _, ok := s.runOnPastServer(&Entry{Line: line, kind: entryKubectl}); ok {
		t.Fatalf("%q ran on the past server", line)
	}
	w, err := s.replay(s.log, tick, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := w.exec(&Entry{Line: line, kind: entryKubectl}, s.files)
	out := s.Run(line)
	if out.Output != want.output || !out.Past || out.Exit != 0 || !strings.Contains(out.Output, "HOSTNAME="+pod) {
		t.Fatalf("Run(%q) at tick %d:\n got %q (exit %d)\nwant %q", line, tick, out.Output, out.Exit, want.output)
	}
	if s.Head() != 23 || s.Cursor() != tick {
		t.Fatalf("head %d cursor %d", s.Head(), s.Cursor())
	}
}

// After a branch the ledger keeps the ticks before it and follows the
// replayed world: commands at any past tick still match a replay.
func TestPastCommandsAfterABranch(t *testing.T) {
	s, err := NewWithOptions(Options{Seed: 3, History: HistoryLimits{Recent: 2, Every: 5, Rebuilt: 3, Budget: 1, SnapshotEvery: 4}})
	if err != nil {
		t.Fatal(err)
	}
	rollout(t, s)
	s.Jump(13)
	mustRun(t, s, "kubectl scale deployment web --replicas=1")
	s.Tick(6)
	checkPastCommands(t, "branched", s, pastReference(t, s))
}

// Views built from the ledger past the chart's window (ChartTicks) match
// the live ones: the chart of a late tick is made of the points of the
// ticks before it as the world left them.
func TestPastViewsPastTheChartWindow(t *testing.T) {
	s := newSession(t, 5)
	mustApply(t, s, webYAML)
	for _, line := range []string{"tick 20", "kubectl set image deployment/web nginx=nginx:1.16.1", "tick 290",
		"controller-manager stop", "kubectl scale deployment web --replicas=2", "tick 3", "controller-manager start",
		"tick 97"} {
		mustRun(t, s, line)
	}
	tiny, err := NewWithOptions(Options{Seed: 5, History: HistoryLimits{Recent: 2, Every: 1000, Rebuilt: 3, Budget: 1, SnapshotEvery: 7}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tiny.LoadScript(s.Script()); err != nil {
		t.Fatal(err)
	}
	for _, tick := range []int64{0, 1, 20, 21, 150, 299, 300, 310, 311, 312, 313, 314, 330, 350, 409} {
		s.Jump(tick)
		tiny.Jump(tick)
		if _, ok := s.hist.get(tick); !ok {
			t.Fatalf("the live session did not keep tick %d", tick)
		}
		want := viewJSON(t, s)
		if _, ok := tiny.hist.get(tick); ok {
			t.Fatalf("the tiny session kept tick %d", tick)
		}
		if got := viewJSON(t, tiny); !bytes.Equal(got, want) {
			t.Fatalf("view of tick %d differs:\n got %.600s\nwant %.600s", tick, got, want)
		}
	}
}

// Over its cap the ledger forgets its oldest snapshots: the ticks before
// the one it now begins at replay from tick 0 again, the rest do not, and
// every view and command still matches.
func TestLedgerCapForgetsTheOldestTicks(t *testing.T) {
	s := newSession(t, 7)
	live := rollout(t, s)
	want := pastReference(t, s)
	p, err := NewWithOptions(Options{Seed: 7, History: HistoryLimits{Recent: 2, Every: 1000, Rebuilt: 3, Budget: 1, SnapshotEvery: 3, LedgerWrites: 60}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.LoadScript(s.Script()); err != nil {
		t.Fatal(err)
	}
	// The cap applies as each snapshot is taken: the writes up to the
	// last one are within it.
	if l := p.led; l.from == 0 || len(l.writes)-l.since(l.snaps[len(l.snaps)-1]) > 60 {
		t.Fatalf("the ledger begins at tick %d and keeps %d writes", l.from, len(l.writes))
	}
	for tick := int64(0); tick < p.Head(); tick++ {
		p.Jump(tick)
		if live[tick] != nil {
			if got := viewJSON(t, p); !bytes.Equal(got, live[tick]) {
				t.Fatalf("view of tick %d differs from the live one", tick)
			}
		}
		for _, line := range pastCommands {
			_, ok := p.runOnPastServer(&Entry{Line: line, kind: entryKubectl})
			if ok != (tick >= p.led.from) {
				t.Fatalf("%q at tick %d: on the ledger %v, but it begins at %d", line, tick, ok, p.led.from)
			}
			if out := p.Run(line); out.Output != want[tick][line].output {
				t.Fatalf("Run(%q) at tick %d differs from a replay:\n got %q\nwant %q", line, tick, out.Output, want[tick][line].output)
			}
		}
	}
}

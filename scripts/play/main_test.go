package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/internal/golden"
)

const webScenario = `# A small scenario for the runner's tests.
seed 3
kubectl apply -f web.yaml
tick 5
kubectl get pods
kubectl get deployment nope
-- web.yaml --
apiVersion: apps/v1
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
        image: nginx:1.25
`

// writeScenario writes a scenario into a temporary directory.
func writeScenario(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func play(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestTranscript(t *testing.T) {
	path := writeScenario(t, "web.txtar", webScenario)
	out, errOut, code := play(t, path)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// Every command echoed, in order, each followed by its output; the
	// failing kubectl command does not fail the run.
	var echoed []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "$ ") {
			echoed = append(echoed, l)
		}
	}
	want := []string{"$ seed 3", "$ kubectl apply -f web.yaml", "$ tick 5", "$ kubectl get pods", "$ kubectl get deployment nope"}
	if !reflect.DeepEqual(echoed, want) {
		t.Errorf("echoed lines %q, want %q", echoed, want)
	}
	for _, s := range []string{
		"$ kubectl apply -f web.yaml\ndeployment.apps/web created\n",
		"\nNAME ",
		"$ kubectl get deployment nope\nError from server (NotFound): deployments.apps \"nope\" not found\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("transcript lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "    t=") {
		t.Errorf("decision records without --explain:\n%s", out)
	}
}

func TestDeterminism(t *testing.T) {
	path := writeScenario(t, "web.txtar", webScenario)
	a, _, _ := play(t, path)
	b, _, _ := play(t, path)
	if a != b {
		t.Errorf("two runs of the same scenario differ:\n%s", golden.Diff(a, b))
	}
	c, _, _ := play(t, "--seed", "4", path)
	if a == c {
		t.Error("seeds 3 and 4 gave the same transcript")
	}
	names := regexp.MustCompile(`web-[0-9a-z]+-[0-9a-z]{5}`)
	if na, nc := names.FindAllString(a, -1), names.FindAllString(c, -1); len(na) == 0 || slices.Equal(na, nc) {
		t.Errorf("pod names with seeds 3 and 4: %q and %q; want different names", na, nc)
	}
	// --seed 3 is the scenario's own seed.
	if d, _, _ := play(t, path, "--seed=3"); d != a {
		t.Errorf("--seed 3 differs from the scenario's seed 3:\n%s", golden.Diff(a, d))
	}
}

func TestExplain(t *testing.T) {
	path := writeScenario(t, "web.txtar", webScenario)
	plain, _, _ := play(t, path)
	out, _, code := play(t, "--explain", path)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	line := regexp.MustCompile(`^    t=\d+ [a-z-]+ \S+: [A-Za-z.]+: .+$`)
	// A kubelet's CRI call: "t=N kubelet NODE NAMESPACE/POD: CRI Call [container][: detail]".
	cri := regexp.MustCompile(`^    t=\d+ kubelet node-\d \S+/\S+: CRI [A-Z][A-Za-z]+( [a-z0-9-]+)?(: .+)?$`)
	var kept []string
	explained, calls := 0, 0
	for _, l := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(l, "    t=") {
			explained++
			if cri.MatchString(strings.TrimSuffix(l, "\n")) {
				calls++
			} else if !line.MatchString(strings.TrimSuffix(l, "\n")) {
				t.Errorf("decision line %q does not read \"    t=N controller object: Upstream: ...\"", l)
			}
			continue
		}
		kept = append(kept, l)
	}
	if explained == 0 || calls == 0 {
		t.Fatalf("--explain printed no decisions or no CRI calls:\n%s", out)
	}
	// Without the decision lines, the transcript is the plain one.
	if got := strings.Join(kept, ""); got != plain {
		t.Errorf("--explain changed the transcript:\n%s", golden.Diff(plain, got))
	}
	// The controllers react to the apply before the next line: its
	// decisions follow it. The kubelets then act as the ticks pass.
	apply := out[strings.Index(out, "$ kubectl apply"):strings.Index(out, "$ tick 5")]
	for _, want := range []string{" deployment-controller default/web: ", " replicaset-controller default/web-", " default-scheduler default/web-"} {
		if !strings.Contains(apply, want) {
			t.Errorf("the apply's decisions lack %q:\n%s", want, apply)
		}
	}
}

func TestJSON(t *testing.T) {
	path := writeScenario(t, "web.txtar", webScenario)
	for _, explain := range []bool{false, true} {
		args := []string{"--json", path}
		if explain {
			args = append(args, "--explain")
		}
		out, errOut, code := play(t, args...)
		if code != 0 || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 5 {
			t.Fatalf("%d JSON lines, want 5 (one per command):\n%s", len(lines), out)
		}
		var ticks []float64
		for i, l := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(l), &obj); err != nil {
				t.Fatalf("line %d: %v: %s", i+1, err, l)
			}
			keys := []string{"command", "exitCode", "file", "line", "output", "tick"}
			if explain && obj["cri"] != nil {
				keys = append(keys, "cri")
				for _, c := range obj["cri"].([]any) {
					m := c.(map[string]any)
					for _, k := range []string{"tick", "node", "pod", "call"} {
						if _, ok := m[k]; !ok {
							t.Errorf("CRI call %v lacks %q", m, k)
						}
					}
				}
			}
			if explain && obj["decisions"] != nil {
				keys = append(keys, "decisions")
				slices.Sort(keys)
				for _, d := range obj["decisions"].([]any) {
					m := d.(map[string]any)
					for _, k := range []string{"tick", "controller", "object", "upstream", "result"} {
						if _, ok := m[k]; !ok {
							t.Errorf("decision %v lacks %q", m, k)
						}
					}
				}
			}
			slices.Sort(keys)
			var got []string
			for k := range obj {
				got = append(got, k)
			}
			slices.Sort(got)
			if !slices.Equal(got, keys) {
				t.Errorf("line %d keys %q, want %q", i+1, got, keys)
			}
			if obj["file"] != path {
				t.Errorf("file = %v, want %s", obj["file"], path)
			}
			ticks = append(ticks, obj["tick"].(float64))
		}
		var first, last map[string]any
		json.Unmarshal([]byte(lines[1]), &first)
		json.Unmarshal([]byte(lines[4]), &last)
		if first["command"] != "kubectl apply -f web.yaml" || first["output"] != "deployment.apps/web created\n" ||
			first["exitCode"] != 0.0 || first["line"] != 3.0 {
			t.Errorf("apply: %v", first)
		}
		if last["exitCode"] != 1.0 || !strings.HasPrefix(last["output"].(string), "Error from server (NotFound)") {
			t.Errorf("failing get: %v", last)
		}
		if !slices.Equal(ticks, []float64{0, 0, 5, 5, 5}) {
			t.Errorf("ticks %v, want [0 0 5 5 5]", ticks)
		}
	}
}

func TestSeveralFiles(t *testing.T) {
	a := writeScenario(t, "a.txtar", "tick 2\n")
	b := writeScenario(t, "b.txtar", "tick\nstep\n")
	out, _, code := play(t, a, b)
	want := "==> " + a + " <==\n$ tick 2\n\n==> " + b + " <==\n$ tick\n$ step\n" +
		"step: every work queue is empty; nothing to reconcile until the next tick\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", code, out, want)
	}
	out, _, _ = play(t, "--json", a, b)
	if strings.Contains(out, "==>") || strings.Count(out, "\n") != 3 || !strings.Contains(out, `"file":"`+b+`"`) {
		t.Errorf("--json with two files:\n%s", out)
	}
}

func TestExitStatus(t *testing.T) {
	good := writeScenario(t, "good.txtar", "tick\n")
	bad := writeScenario(t, "bad.txtar", "tick\ntik 3\nkubectl apply -f missing.yaml\n")
	late := writeScenario(t, "late.txtar", "tick\nnode fail node-9\ntick\n")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"ok", []string{good}, 0, "$ tick\n", ""},
		{"no files", nil, 2, "", "usage: play"},
		{"unknown flag", []string{"--verbose", good}, 2, "", "flag provided but not defined: -verbose"},
		{"bad seed", []string{"--seed", "x", good}, 2, "", `play: invalid --seed "x": want a whole number`},
		{"missing file", []string{"nope.txtar"}, 1, "", "play: open nope.txtar: no such file or directory\n"},
		{"script errors", []string{bad}, 1, "",
			bad + `:2: unknown verb "tik"; did you mean "tick"?` + "\n" +
				bad + `:3: kubectl: file "missing.yaml" is not in the scenario (it has no files: add one with a "-- missing.yaml --" line after the script)` + "\n"},
		{"runtime error", []string{late}, 1, "$ tick\n", late + `:2: node fail: node "node-9" not found` + "\n"},
		{"one bad of two", []string{bad, good}, 1, "==> " + bad + " <==\n\n==> " + good + " <==\n$ tick\n", "unknown verb"},
	} {
		out, errOut, code := play(t, tc.args...)
		if code != tc.code || out != tc.stdout || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.name, code, out, errOut, tc.code, tc.stdout, tc.stderr)
		}
	}
}

func TestFlagsAfterFiles(t *testing.T) {
	path := writeScenario(t, "web.txtar", "tick\n")
	cfg, err := parseArgs([]string{path, "--json", "--seed", "5", "--explain"}, &bytes.Buffer{})
	if err != nil || !cfg.json || !cfg.explain || cfg.seed != "5" || !slices.Equal(cfg.files, []string{path}) {
		t.Errorf("parseArgs = %+v, %v", cfg, err)
	}
}

// TestReadmeExample keeps the README's example scenario runnable.
func TestReadmeExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start := strings.Index(readme, "## Scenarios")
	if start < 0 {
		t.Fatal("the README has no Scenarios section")
	}
	section := readme[start:]
	open := strings.Index(section, "For example:\n\n```\n")
	if open < 0 {
		t.Fatal("the Scenarios section has no example")
	}
	example := section[open+len("For example:\n\n```\n"):]
	example = example[:strings.Index(example, "```")]
	path := writeScenario(t, "example.txtar", example)
	out, errOut, code := play(t, path)
	if code != 0 || errOut != "" || !strings.Contains(out, "ImagePullBackOff") || !strings.Contains(out, "rolled back") {
		t.Errorf("the README's example: exit %d, stderr %q, transcript:\n%s", code, errOut, out)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every shipped lesson passes --check (make lessons runs the same).
func TestShippedLessons(t *testing.T) {
	files, err := filepath.Glob("../../assets/lessons/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons: %v", err)
	}
	out, errOut, code := play(t, append([]string{"--check", "--lang", "en,vi,zh-CN"}, files...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("play --check: exit %d\n%s%s", code, out, errOut)
	}
	if n := strings.Count(out, "ok   "); n != 3*len(files) {
		t.Errorf("%d ok lines for %d lessons in 3 languages:\n%s", n, len(files), out)
	}
	if !strings.Contains(out, "ok   ../../assets/lessons/recreate.txtar (zh-CN: 3 steps") {
		t.Errorf("no line for the Chinese recreate lesson:\n%s", out)
	}
}

// In another language, --check needs the translation, fitting its lesson,
// and reports what the checks saw in that language.
func TestCheckInALanguage(t *testing.T) {
	data, err := os.ReadFile("../../assets/lessons/create-deployment.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	broken := strings.Replace(string(data), "solve kubectl rollout status deployment/nginx-deployment", "solve tick 1", 1)
	path := filepath.Join(dir, "create-deployment.txtar")
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	// No translation: an error, not English.
	_, errOut, code := play(t, "--check", "--lang", "vi", path)
	if code != 1 || !strings.Contains(errOut, "has no translation in vi") {
		t.Errorf("no translation: exit %d, stderr %q", code, errOut)
	}
	vi, err := os.ReadFile("../../assets/lessons/vi/create-deployment.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "vi"), 0o755); err != nil {
		t.Fatal(err)
	}
	tpath := filepath.Join(dir, "vi", "create-deployment.txtar")
	if err := os.WriteFile(tpath, vi, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := play(t, "--check", "--lang", "vi", path)
	if want := "  FAIL deployment/nginx-deployment .status.availableReplicas == 3: deployment/nginx-deployment không có .status.availableReplicas (tức là 0)"; code != 1 ||
		!strings.Contains(out, want) || !strings.Contains(out, `step 2 "Chờ rollout hoàn tất"`) {
		t.Errorf("exit %d, stdout:\n%s\nwant a line:\n%s", code, out, want)
	}
	// A translation that does not fit is an error with its line.
	if err := os.WriteFile(tpath, []byte(strings.Replace(string(vi), "step 3 ", "step 4 ", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = play(t, "--check", "--lang", "vi", path)
	if code != 1 || !strings.Contains(errOut, tpath+":") || !strings.Contains(errOut, "step 4: the lesson has 3 steps") {
		t.Errorf("a bad translation: exit %d, stderr %q", code, errOut)
	}
	// And a language that is no tag is bad usage.
	if _, errOut, code := play(t, "--check", "--lang", "../vi", path); code != 2 || !strings.Contains(errOut, "not a language tag") {
		t.Errorf("bad --lang: exit %d, stderr %q", code, errOut)
	}
}

// A reference solution changed so that a check no longer holds makes
// --check fail, naming the lesson, the step and the check.
func TestCheckNamesTheFailingStep(t *testing.T) {
	data, err := os.ReadFile("../../assets/lessons/create-deployment.txtar")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "solve kubectl rollout status deployment/nginx-deployment", "solve tick 1", 1)
	if broken == string(data) {
		t.Fatal("the lesson's solution line is gone: update the test")
	}
	path := writeScenario(t, "create-deployment.txtar", broken)
	out, errOut, code := play(t, "--check", path)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := path + ":" + lineOf(t, broken, "check deployment/nginx-deployment .status.availableReplicas == 3") + `: step 2 "Wait for the rollout": check deployment/nginx-deployment .status.availableReplicas == 3: not met after the reference solution: deployment/nginx-deployment has no .status.availableReplicas (0); the step wants == 3`
	if !strings.Contains(errOut, want) {
		t.Errorf("stderr:\n%s\nwant a line:\n%s", errOut, want)
	}
	if !strings.Contains(out, "FAIL "+path) || !strings.Contains(out, `  FAIL deployment/nginx-deployment .status.availableReplicas == 3`) {
		t.Errorf("stdout:\n%s", out)
	}
}

// A bad lesson file is an error with file:line, and --check exits 1.
func TestCheckBadLesson(t *testing.T) {
	data, err := os.ReadFile("../../assets/lessons/create-deployment.txtar")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "check count replicasets", "check count replicaset2", 1)
	path := writeScenario(t, "bad.txtar", bad)
	_, errOut, code := play(t, "--check", path)
	if code != 1 || !strings.Contains(errOut, path+":"+lineOf(t, bad, "check count replicaset2")+`: check: unknown resource type "replicaset2"`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// The README's lesson example passes --check.
func TestReadmeLessonExample(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start := strings.Index(readme, "## Lessons")
	if start < 0 {
		t.Fatal("the README has no Lessons section")
	}
	const opening = "A complete small one:\n\n```\n"
	open := strings.Index(readme[start:], opening)
	if open < 0 {
		t.Fatal("the Lessons section has no example")
	}
	example := readme[start+open+len(opening):]
	example = example[:strings.Index(example, "```\n")]
	out, errOut, code := play(t, "--check", writeScenario(t, "example.txtar", example))
	if code != 0 || errOut != "" || !strings.Contains(out, "(1 step, 4 checks)") {
		t.Errorf("the README's lesson: exit %d, stderr %q, stdout %q", code, errOut, out)
	}
}

// lineOf is the 1-based line of the first line of text that starts with
// prefix.
func lineOf(t *testing.T, text, prefix string) string {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return strconv.Itoa(i + 1)
		}
	}
	t.Fatalf("no line starts with %q", prefix)
	return ""
}

// A file that cannot be read fails --check, and the other files still run.
func TestCheckMissingFile(t *testing.T) {
	out, errOut, code := play(t, "--check", "nope.txtar", "../../assets/lessons/recreate.txtar")
	if code != 1 || !strings.Contains(errOut, "play: open nope.txtar: no such file or directory") || !strings.Contains(out, "ok   ../../assets/lessons/recreate.txtar") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// A lesson whose solution the cluster cannot carry out is an error naming
// the solution's line.
func TestCheckScriptError(t *testing.T) {
	data, err := os.ReadFile("../../assets/lessons/self-healing.txtar")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "solve node fail node-1", "solve node fail node-9", 1)
	path := writeScenario(t, "self-healing.txtar", broken)
	_, errOut, code := play(t, "--check", path)
	if want := path + ":" + lineOf(t, broken, "solve node fail node-9") + ": node fail"; code != 1 || !strings.HasPrefix(errOut, want) {
		t.Errorf("exit %d, stderr %q, want it to start %q", code, errOut, want)
	}
}

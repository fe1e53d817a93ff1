//go:build js && wasm

package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"github.com/kubeplay/kubeplay/assets/menu"
	"strings"
	"testing"
)

type checkState struct {
	Check  string `json:"check"`
	Met    bool   `json:"met"`
	Reason string `json:"reason"`
}

func checksOf(t *testing.T, call func(string, ...any) string, step int) []checkState {
	t.Helper()
	var states []checkState
	if err := json.Unmarshal([]byte(call("checks", step)), &states); err != nil {
		t.Fatal(err)
	}
	return states
}

// The page opens a lesson, draws its steps, and asks for a step's checks
// after each thing the learner does; going back a tick asks again.
func TestLessonThroughTheBridge(t *testing.T) {
	raw, call := api(t)
	var list []menu.Item
	if err := json.Unmarshal([]byte(call("lessons")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) < 14 || list[0].Name != "create-deployment" || list[0].Title != "Creating a Deployment" {
		t.Fatalf("lessons: %+v", list)
	}
	var opened struct {
		Title  string `json:"title"`
		Lesson struct {
			Link  string `json:"link"`
			Intro struct {
				Blocks []struct {
					Kind string `json:"kind"`
				} `json:"blocks"`
			} `json:"intro"`
			Steps []struct {
				Title  string   `json:"title"`
				Try    []string `json:"try"`
				Checks []struct {
					Source string `json:"source"`
				} `json:"checks"`
			} `json:"steps"`
		} `json:"lesson"`
		Solutions [][]string `json:"solutions"`
		Error     string     `json:"error"`
	}
	if err := json.Unmarshal([]byte(call("lesson", "create-deployment")), &opened); err != nil {
		t.Fatal(err)
	}
	l := opened.Lesson
	if opened.Error != "" || !strings.HasPrefix(l.Link, "https://kubernetes.io/") || len(l.Intro.Blocks) == 0 ||
		len(l.Steps) != 3 || l.Steps[0].Try[0] != "kubectl apply -f nginx-deployment.yaml" || len(l.Steps[0].Checks) != 2 {
		t.Fatalf("lesson: %+v", opened)
	}
	for _, st := range checksOf(t, call, 0) {
		if st.Met || st.Reason == "" {
			t.Errorf("before the step: %+v", st)
		}
	}
	for _, line := range opened.Solutions[0] {
		call("run", line)
	}
	for _, st := range checksOf(t, call, 0) {
		if !st.Met {
			t.Errorf("after Show me: %+v", st)
		}
	}
	raw("back")
	if st := checksOf(t, call, 0)[1]; st.Met || st.Reason != "0 replicasets (-l app=nginx); the step wants == 1" {
		t.Errorf("a tick back: %+v", st)
	}
}

// A bad lesson's error names its line (the other errors are in
// TestBridgeReturnsErrorsNotPanics).
func TestLessonErrorsThroughTheBridge(t *testing.T) {
	raw, call := api(t)
	v := raw("openLesson", "bad.txtar", "# Bad\nlink https://kubernetes.io/\nstep One\nchek x\n")
	msg, _ := v.Get("message")
	if s, _ := msg.String(); !strings.Contains(s, `bad.txtar:4: unknown directive "chek"; did you mean "check"?`) {
		t.Errorf("openLesson error: %q", s)
	}
	call("lesson", "rolling-update")
	if len(checksOf(t, call, 1)) == 0 {
		t.Error("rolling-update step 2 has no checks")
	}
}

// The page asks for the lessons in its language: the menu's titles, the
// lesson's words, and the checks' sentences as message keys.
func TestLessonInALanguageThroughTheBridge(t *testing.T) {
	raw, call := api(t)
	var list []menu.Item
	if err := json.Unmarshal([]byte(call("lessons", "vi")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) < 14 || list[0].Title != "Tạo một Deployment" || list[0].Lang != "vi" {
		t.Fatalf("lessons(vi): %+v", list[0])
	}
	var opened struct {
		Title  string `json:"title"`
		Lang   string `json:"lang"`
		Lesson struct {
			Lang  string `json:"lang"`
			Title string `json:"title"`
			Link  string `json:"link"`
			Steps []struct {
				Title string   `json:"title"`
				Try   []string `json:"try"`
			} `json:"steps"`
		} `json:"lesson"`
		Solutions [][]string `json:"solutions"`
	}
	if err := json.Unmarshal([]byte(call("lesson", "create-deployment", "zh-cn")), &opened); err != nil {
		t.Fatal(err)
	}
	l := opened.Lesson
	if l.Lang != "zh-CN" || opened.Lang != "zh-CN" || l.Title != "创建 Deployment" || opened.Title != l.Title ||
		l.Steps[1].Title != "等待上线完成" || l.Steps[0].Try[0] != "kubectl apply -f nginx-deployment.yaml" ||
		!strings.HasPrefix(l.Link, "https://kubernetes.io/zh-cn/docs/") || opened.Solutions[0][0] != "kubectl apply -f nginx-deployment.yaml" {
		t.Fatalf("lesson(zh-CN): %+v", opened)
	}
	var states []struct {
		Met       bool `json:"met"`
		ReasonMsg []struct {
			Key  string         `json:"key"`
			Args map[string]any `json:"args"`
		} `json:"reasonMsg"`
	}
	if err := json.Unmarshal([]byte(call("checks", 0)), &states); err != nil {
		t.Fatal(err)
	}
	if len(states) == 0 || states[0].Met || len(states[0].ReasonMsg) == 0 || states[0].ReasonMsg[0].Key != "saw.error" {
		t.Errorf("checks: %+v", states)
	}
	// No argument is English, as before; an unknown language is English,
	// and says so.
	if err := json.Unmarshal([]byte(call("lesson", "create-deployment", "fr")), &opened); err != nil || opened.Lesson.Lang != "en" || opened.Lesson.Title != "Creating a Deployment" {
		t.Errorf("lesson(fr): %v %+v", err, opened.Lesson)
	}
	if err := json.Unmarshal([]byte(call("lessons")), &list); err != nil || list[0].Lang != "en" {
		t.Errorf("lessons(): %v %+v", err, list[0])
	}
	// A trainer's own lesson with its translation; a translation that
	// does not fit is an error naming its line.
	src := "# Scale\n# Up.\nlink https://kubernetes.io/docs/\nintro i.md\nkubectl create deployment web --image=nginx\nstep Scale it\ntext s.md\nsolve kubectl scale deployment/web --replicas=2\ncheck deployment/web .spec.replicas == 2\nfinish f.md\n-- i.md --\nHi.\n-- s.md --\nScale to 2.\n-- f.md --\nDone.\n"
	tr := "# Scale\n# Lên.\nstep 1 Scale nó\n-- i.md --\nChào.\n-- s.md --\nScale lên 2.\n-- f.md --\nXong.\n"
	if err := json.Unmarshal([]byte(call("openLesson", "own.txtar", src, "vi", tr)), &opened); err != nil || opened.Lesson.Lang != "vi" || opened.Lesson.Steps[0].Title != "Scale nó" {
		t.Errorf("openLesson with a translation: %v %+v", err, opened)
	}
	v := raw("openLesson", "own.txtar", src, "vi", strings.Replace(tr, "lên 2", "lên 3", 1))
	msg, _ := v.Get("message")
	if s, _ := msg.String(); !strings.Contains(s, "vi/own.txtar:6: s.md: numbers of the source are missing: 2") {
		t.Errorf("a bad translation: %q", s)
	}
}

// The examples' titles and descriptions come in the page's language; the
// session's own script stays the archive's.
func TestExampleInALanguageThroughTheBridge(t *testing.T) {
	_, call := api(t)
	var list []menu.Example
	if err := json.Unmarshal([]byte(call("scenarios", "zh-CN")), &list); err != nil {
		t.Fatal(err)
	}
	if list[0].Name != "create" || list[0].Title != "创建 Deployment" || list[0].Lang != "zh-CN" {
		t.Fatalf("scenarios(zh-CN): %+v", list[0])
	}
	var r struct {
		Title, Doc, Lang string
	}
	if err := json.Unmarshal([]byte(call("example", "create", "vi")), &r); err != nil {
		t.Fatal(err)
	}
	if r.Lang != "vi" || r.Title != "Tạo một Deployment" || !strings.Contains(r.Doc, "`kubectl apply`") {
		t.Errorf("example(create, vi): %+v", r)
	}
	if script := call("script"); !strings.HasPrefix(script, "# Creating a Deployment\n") {
		t.Errorf("script: %.40q", script)
	}
	if err := json.Unmarshal([]byte(call("example", "create")), &r); err != nil || r.Lang != "en" || r.Title != "Creating a Deployment" {
		t.Errorf("example(create): %v %+v", err, r)
	}
}

// The session saved or shared inside a lesson opens inside it again (a
// reload keeps the learner in the lesson); the same session's state with
// its lesson renamed opens as a plain session that says which lesson it
// was in.
func TestDecodeReopensTheLesson(t *testing.T) {
	raw, call := api(t)
	call("lesson", "create-deployment")
	call("run", "kubectl apply -f nginx-deployment.yaml")
	call("tick", 2)
	state := call("encode")

	type decoded struct {
		LessonRef string `json:"lessonRef"`
		Lang      string `json:"lang"`
		Lesson    *struct {
			Title string `json:"title"`
		} `json:"lesson"`
		Solutions [][]string `json:"solutions"`
	}
	var back decoded
	if err := json.Unmarshal([]byte(call("decode", state, "vi")), &back); err != nil {
		t.Fatal(err)
	}
	if back.LessonRef != "create-deployment" || back.Lesson == nil || back.Lesson.Title != "Tạo một Deployment" || back.Lang != "vi" || len(back.Solutions) != 3 {
		t.Fatalf("decoded: %+v", back)
	}
	if st := checksOf(t, call, 0); !st[0].Met || !st[1].Met {
		t.Errorf("step 1's checks after the decode: %+v", st)
	}

	// The lesson's name in the state, changed to one that does not exist.
	script := raw("script")
	text, _ := script.String()
	renamed := strings.Replace(text, "# kubeplay: lesson=create-deployment\n", "# kubeplay: lesson=no-such-lesson\n", 1)
	if renamed == text {
		t.Fatalf("the script does not name its lesson:\n%s", text)
	}
	var plain decoded
	if err := json.Unmarshal([]byte(call("decode", encodeState(t, renamed))), &plain); err != nil {
		t.Fatal(err)
	}
	if plain.LessonRef != "no-such-lesson" || plain.Lesson != nil {
		t.Errorf("decoded the renamed lesson's session: %+v", plain)
	}
	if msg := errorMessage(t, raw("checks", 0)); !strings.Contains(msg, "no lesson is open") {
		t.Errorf("checks with no lesson open: %q", msg)
	}
}

// encodeState is a share state of a script, as session.Encode makes one.
func encodeState(t *testing.T, script string) string {
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write([]byte(script))
	zw.Close()
	return "k1." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

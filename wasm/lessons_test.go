//go:build js && wasm

package main

import (
	"encoding/json"
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
	var list []lessonInfo
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

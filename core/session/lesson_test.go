package session

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/lesson"
)

func openLesson(t *testing.T, s *Session, file string) *LessonResult {
	t.Helper()
	data, err := os.ReadFile("../../assets/lessons/" + file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.openLesson(file, data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func metAll(states []lesson.State) bool {
	for _, st := range states {
		if !st.Met {
			return false
		}
	}
	return len(states) > 0
}

func mustChecks(t *testing.T, s *Session, step int) []lesson.State {
	t.Helper()
	states, err := s.LessonChecks(step)
	if err != nil {
		t.Fatal(err)
	}
	return states
}

// A learner doing a step by hand earns its checks; stepping back to a tick
// before it un-earns them, going forward again re-earns them.
func TestLessonChecksFollowTheTickShown(t *testing.T) {
	s := newSession(t, 1)
	r := openLesson(t, s, "create-deployment.txtar")
	if r.Lesson.Title != "Creating a Deployment" || len(r.Solutions) != len(r.Lesson.Steps) || r.Solutions[0][0] != "kubectl apply -f nginx-deployment.yaml" {
		t.Fatalf("opened: %q, solutions %v", r.Lesson.Title, r.Solutions)
	}
	for _, st := range mustChecks(t, s, 0) {
		if st.Met || st.Reason == "" {
			t.Errorf("before the step: %+v", st)
		}
	}
	mustRun(t, s, "kubectl apply -f nginx-deployment.yaml")
	// The controllers act on it at the next command or tick, and the
	// checks see what the page shows: no ReplicaSet yet.
	if states := mustChecks(t, s, 0); !states[0].Met || states[1].Met || states[1].Reason != "0 replicasets (-l app=nginx); the step wants == 1" {
		t.Errorf("after apply: %+v", states)
	}
	mustRun(t, s, "tick")
	if states := mustChecks(t, s, 0); !metAll(states) {
		t.Errorf("after a tick: %+v", states)
	}
	if states := mustChecks(t, s, 1); metAll(states) {
		t.Errorf("step 2 met before its rollout: %+v", states)
	}
	mustRun(t, s, "kubectl rollout status deployment/nginx-deployment")
	head := s.Head()
	if states := mustChecks(t, s, 1); !metAll(states) {
		t.Fatalf("after the rollout: %+v", states)
	}
	s.Back()
	back := mustChecks(t, s, 1)
	if back[0].Met || back[0].Reason != "deployment/nginx-deployment has no .status.availableReplicas (0); the step wants == 3" {
		t.Errorf("one tick back: %+v", back[0])
	}
	s.Jump(head)
	if states := mustChecks(t, s, 1); !metAll(states) {
		t.Errorf("forward again: %+v", states)
	}
}

// Evaluating checks only reads: a session that evaluates them after every
// command ends exactly where one that never does ends.
func TestLessonChecksChangeNothing(t *testing.T) {
	lines := []string{"kubectl apply -f nginx-deployment.yaml", "tick 2", "kubectl rollout status deployment/nginx-deployment", "tick 3"}
	a, b := newSession(t, 1), newSession(t, 1)
	openLesson(t, a, "create-deployment.txtar")
	openLesson(t, b, "create-deployment.txtar")
	for _, l := range lines {
		mustRun(t, a, l)
		mustRun(t, b, l)
		for i := range a.lesson.Steps {
			mustChecks(t, a, i)
		}
		a.Back()
		mustChecks(t, a, 1)
		a.Jump(a.Head())
	}
	if va, vb := viewJSON(t, a), viewJSON(t, b); !bytes.Equal(va, vb) {
		t.Errorf("the views differ after checks were evaluated")
	}
	if !bytes.Equal(a.Script(), b.Script()) {
		t.Errorf("the logs differ:\n%s\n%s", a.Script(), b.Script())
	}
}

func TestLessonErrors(t *testing.T) {
	s := newSession(t, 1)
	if _, err := s.LessonChecks(0); err == nil || err.Error() != "no lesson is open" {
		t.Errorf("no lesson: %v", err)
	}
	if _, err := s.openLesson("bad.txtar", []byte("# Bad\nstep One\ntxet a.md\n")); err == nil || !strings.Contains(err.Error(), `bad.txtar:3: unknown directive "txet"`) {
		t.Errorf("bad lesson: %v", err)
	}
	openLesson(t, s, "create-deployment.txtar")
	if _, err := s.LessonChecks(3); err == nil || err.Error() != "step 3: the lesson has steps 0 to 2" {
		t.Errorf("step out of range: %v", err)
	}
	if err := s.Reset(1); err != nil || s.lesson != nil {
		t.Errorf("Reset kept the lesson (%v)", err)
	}
}

// A lesson in another language: the page gets its words in that language;
// the session, its script and share links keep the archive's own.
func TestOpenParsedLessonInALanguage(t *testing.T) {
	l, err := lesson.Load(os.DirFS("../../assets/lessons"), "create-deployment", "vi")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, 1)
	r, err := s.OpenParsedLesson(l, "create-deployment")
	if err != nil {
		t.Fatal(err)
	}
	if r.Lang != "vi" || r.Title != "Tạo một Deployment" || !strings.HasPrefix(r.Doc, "Tạo một Deployment\nDeployment tạo ra") || r.Lesson.Lang != "vi" {
		t.Errorf("opened: lang %q title %q doc %q", r.Lang, r.Title, r.Doc)
	}
	if s.title != "Creating a Deployment" || !bytes.HasPrefix(s.Script(), []byte("# Creating a Deployment\n")) {
		t.Errorf("session title %q, script %q", s.title, s.Script()[:40])
	}
	for _, line := range r.Solutions[0] {
		s.Run(line)
	}
	if !metAll(mustChecks(t, s, 0)) {
		t.Error("the translated lesson's checks are the source's, and Show me meets them")
	}
}

// A session taken inside an embedded lesson names it in its share state,
// so a reload or a link opens the lesson again over what the learner did;
// a session that is not the lesson's refuses it and stays as it was.
func TestLessonSurvivesEncodeDecode(t *testing.T) {
	l, err := lesson.Load(os.DirFS("../../assets/lessons"), "create-deployment", "en")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, 1)
	if _, err := s.OpenParsedLesson(l, "create-deployment"); err != nil {
		t.Fatal(err)
	}
	for _, line := range l.Steps[0].SolutionLines() {
		s.Run(line)
	}
	if !bytes.Contains(s.Script(), []byte("\n# kubeplay: lesson=create-deployment\n")) {
		t.Fatalf("the script does not name the lesson:\n%s", s.Script())
	}
	state := s.Encode()

	back := newSession(t, 1)
	r, err := back.Decode(state)
	if err != nil {
		t.Fatal(err)
	}
	if r.LessonRef != "create-deployment" || back.lesson != nil {
		t.Fatalf("decoded: ref %q, lesson open %v", r.LessonRef, back.lesson != nil)
	}
	lr, err := back.AttachLesson(r, l, r.LessonRef)
	if err != nil {
		t.Fatal(err)
	}
	if lr.Lesson != l || len(lr.Solutions) != len(l.Steps) || !metAll(mustChecks(t, back, 0)) {
		t.Errorf("attached: lesson %v, step 1's checks met %v", lr.Lesson == l, metAll(mustChecks(t, back, 0)))
	}
	if back.Encode() != state {
		t.Error("attaching the lesson changed the session's state")
	}

	// A lesson never opened (an empty session) and a lesson's setup run
	// with another seed are not the lesson's.
	other := newSession(t, 1)
	mustRun(t, other, "kubectl get pods")
	if _, err := other.AttachLesson(&LoadResult{}, l, "create-deployment"); err == nil || other.lesson != nil {
		t.Errorf("attached to a session that is not the lesson's: %v", err)
	}
	script := string(s.Script())
	reseeded := strings.Replace(script, fmt.Sprintf("seed %d\n", cluster.DefaultSeed), "seed 7\n", 1)
	if reseeded == script {
		t.Fatalf("no seed line in:\n%s", script)
	}
	rs := newSession(t, 1)
	r2, err := rs.LoadScript([]byte(reseeded))
	if err != nil || r2.LessonRef != "create-deployment" {
		t.Fatalf("reseeded: %v %q", err, r2.LessonRef)
	}
	if _, err := rs.AttachLesson(r2, l, r2.LessonRef); err == nil {
		t.Error("attached to the lesson's commands run with another seed")
	}
}

package session

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// LessonResult is what the page draws when a lesson opens: the load of its
// setup, and the lesson itself (introduction, steps with their text, try
// lines, hints and checks, finish page).
type LessonResult struct {
	*LoadResult
	Lesson *lesson.Lesson `json:"lesson"`
	// Solutions are each step's reference solution, as console lines
	// ("Show me" runs them through Run, visibly).
	Solutions [][]string `json:"solutions"`
}

// openLesson replaces the session with a lesson (a txtar archive, see
// core/lesson): a fresh cluster with its seed and files, its setup run into
// the log, and the lesson kept so that LessonChecks can evaluate its steps.
// A lesson that does not parse changes nothing; its error lists each bad
// line. Loading anything else (Load, Decode, Reset) closes the lesson.
func (s *Session) openLesson(name string, data []byte) (*LessonResult, error) {
	l, err := lesson.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return s.OpenParsedLesson(l, "")
}

// OpenParsedLesson is openLesson for a lesson already parsed, in any
// language (lesson.Load, lesson.Translate). The result's title and doc
// are the lesson's, in its language; the session's own doc, which Script
// and share links carry, stays the archive's. ref is the name share links
// give the lesson (an embedded lesson's, which the page can open again:
// see AttachLesson), or empty for one they cannot name (a trainer's own
// file).
func (s *Session) OpenParsedLesson(l *lesson.Lesson, ref string) (*LessonResult, error) {
	r, err := s.load(l.Setup, nil, -1)
	if r == nil {
		return nil, err
	}
	return s.attach(r, l, ref), err
}

// AttachLesson opens lesson l over the session a share link or a saved
// state restored (Decode, whose LoadResult.LessonRef named it), so a
// reload or a link keeps the learner inside the lesson with what they did.
// The session must be the lesson's: its seed, its first commands and its
// files those of the lesson's setup; otherwise nothing changes.
func (s *Session) AttachLesson(r *LoadResult, l *lesson.Lesson, ref string) (*LessonResult, error) {
	var setup []string
	for _, c := range l.Setup.Commands {
		if c.Kind != scenario.Seed {
			setup = append(setup, c.Text)
		}
	}
	var done []string
	for _, e := range s.log[:min(len(setup), len(s.log))] {
		done = append(done, e.Line)
	}
	seed := cluster.DefaultSeed
	if l.Setup.HasSeed {
		seed = l.Setup.Seed
	}
	same := seed == s.seed && slices.Equal(setup, done)
	for _, f := range l.Setup.Files {
		same = same && s.files[f.Name] == string(f.Data)
	}
	if !same {
		return nil, fmt.Errorf("this session is not one of lesson %q: it does not start with the lesson's setup and files", ref)
	}
	return s.attach(r, l, ref), nil
}

func (s *Session) attach(r *LoadResult, l *lesson.Lesson, ref string) *LessonResult {
	s.lesson, s.lessonRef = l, ref
	r.LessonRef = ref
	if l.Lang != "en" {
		r.Translated(strings.TrimSpace(l.Title+"\n"+l.Summary), l.Lang)
	}
	out := &LessonResult{LoadResult: r, Lesson: l, Solutions: make([][]string, len(l.Steps))}
	for i := range l.Steps {
		out.Solutions[i] = l.Steps[i].SolutionLines()
	}
	return out
}

// LessonChecks evaluates the checks of step i (0-based) of the open lesson
// on the cluster at the tick shown, each with what it saw in plain words.
// The page asks after every command, tick, step, back and jump: looking at
// an earlier tick evaluates the checks there (on the cluster replayed to
// it), so stepping back un-earns a check and going forward earns it again.
// Evaluating only reads the cluster: it changes neither the timeline nor
// what a replay gives.
func (s *Session) LessonChecks(i int) ([]lesson.State, error) {
	if s.lesson == nil {
		return nil, fmt.Errorf("no lesson is open")
	}
	if i < 0 || i >= len(s.lesson.Steps) {
		return nil, fmt.Errorf("step %d: the lesson has steps 0 to %d", i, len(s.lesson.Steps)-1)
	}
	w, err := s.shownWorld()
	if err != nil {
		return nil, err
	}
	return lesson.EvalAll(s.lesson.Steps[i].Checks, w.sim), nil
}

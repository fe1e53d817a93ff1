package lesson

import (
	"strconv"

	"github.com/kubeplay/kubeplay/core/scenario"
)

// Lesson is a parsed lesson: a scenario whose script is cut into an
// introduction, ordered steps and a finish page.
type Lesson struct {
	// Name is the file name errors use ("rolling-update.txtar").
	Name string `json:"name"`
	// Lang is the language of its words: "en", the source's, or the
	// language of the translation Translate (or Load) read.
	Lang string `json:"lang"`
	// Title is the first line of the opening comment, Summary the rest.
	Title   string `json:"title"`
	Summary string `json:"summary"`
	// Link is the kubernetes.io page the lesson teaches.
	Link  string `json:"link"`
	Intro Prose  `json:"intro"`
	// Checks are the keep lines before the first step: what must hold
	// once the setup has run (the numbers the introduction states).
	Checks []*Check `json:"checks"`
	Steps  []Step   `json:"steps"`
	Finish Prose    `json:"finish"`
	// Setup is what the page loads when the lesson opens: the script lines
	// before the first step, and every file of the archive.
	Setup *scenario.Scenario `json:"-"`
}

// Step is one task of a lesson.
type Step struct {
	Line  int    `json:"line"` // the line of its `step` directive
	Title string `json:"title"`
	Text  Prose  `json:"text"`
	// Try are the commands the learner is asked to type (click-to-paste).
	Try []string `json:"try"`
	// Hints are revealed one at a time.
	Hints [][]Inline `json:"hints"`
	// Solution are the script lines that solve the step ("Show me").
	Solution []scenario.Command `json:"-"`
	// Checks are the conditions the step asks for.
	Checks []*Check `json:"checks"`
}

// SolutionLines are the step's reference solution as the console takes it.
func (s *Step) SolutionLines() []string {
	out := make([]string, len(s.Solution))
	for i, c := range s.Solution {
		out[i] = c.Text
	}
	return out
}

// Reference is the whole reference run as a scenario: the setup, then every
// step's solution in order (what `play --check` replays).
func (l *Lesson) Reference() *scenario.Scenario {
	s := *l.Setup
	s.Commands = append([]scenario.Command(nil), l.Setup.Commands...)
	for _, st := range l.Steps {
		s.Commands = append(s.Commands, st.Solution...)
	}
	return &s
}

// Error is a problem with one line of a lesson (the scenario's Error, so
// both read "FILE:LINE: message").
type Error = scenario.Error

// ErrorList is every problem Parse found, in line order.
type ErrorList = scenario.ErrorList

// stepName is how errors and reports name a step: `step 2 "Scale up"`.
func stepName(i int, s *Step) string {
	return "step " + strconv.Itoa(i+1) + " " + strconv.Quote(s.Title)
}

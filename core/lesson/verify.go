package lesson

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/scenario"
)

// Problem is a check that did not behave as its lesson says: met before
// its step (a `check` line), or unmet after the step's reference solution.
type Problem struct {
	File  string
	Step  int // 0-based; -1 for the checks of the setup
	Title string
	State State
	// Before: the check already held before the step ran.
	Before bool
}

func (p Problem) Error() string {
	when := "not met after the reference solution"
	if p.Before {
		when = "already met before the step (make it a `keep` line if that is meant)"
	}
	where := fmt.Sprintf("step %d %q", p.Step+1, p.Title)
	if p.Step < 0 {
		where, when = "the setup", "not met after the setup"
	}
	return fmt.Sprintf("%s:%d: %s: check %s: %s: %s", p.File, p.State.Line, where, p.State.Check, when, p.State.Reason+p.sawIfMet())
}

func (p Problem) sawIfMet() string {
	if p.State.Reason == "" {
		return p.State.Saw
	}
	return ""
}

// StepReport is what Verify saw at one step.
type StepReport struct {
	Title  string
	Before []State
	After  []State
}

// Report is a whole verification run.
type Report struct {
	// Setup is what the lesson's own checks saw after the setup.
	Setup    []State
	Steps    []StepReport
	Problems []Problem
}

// Verify runs the lesson's setup and then each step's reference solution on
// a fresh cluster, evaluating the step's checks before and after it: a
// `check` must be unmet before its step, and every check met after it. The
// error is a script error (a command the cluster cannot carry out); the
// checks' failures are the report's Problems.
func Verify(l *Lesson, opts scenario.Options) (*Report, error) {
	r, err := scenario.NewRunner(l.Reference(), opts)
	if err != nil {
		return nil, err
	}
	rep := &Report{}
	// Exec, not Next: a kubectl command's work stays pending until the
	// next command (or tick) settles it, as on the page, so the checks see
	// after each step exactly what the page shows after "Show me".
	for _, c := range l.Setup.Commands {
		if _, err := r.Exec(c); err != nil {
			return rep, err
		}
	}
	rep.Setup = EvalAll(l.Checks, r.Sim())
	for _, s := range rep.Setup {
		if !s.Met {
			rep.Problems = append(rep.Problems, Problem{File: l.Name, Step: -1, State: s})
		}
	}
	for i := range l.Steps {
		st := &l.Steps[i]
		sr := StepReport{Title: st.Title, Before: EvalAll(st.Checks, r.Sim())}
		for k, s := range sr.Before {
			if s.Met && !st.Checks[k].Keep {
				rep.Problems = append(rep.Problems, Problem{File: l.Name, Step: i, Title: st.Title, State: s, Before: true})
			}
		}
		for _, c := range st.Solution {
			if _, err := r.Exec(c); err != nil {
				return rep, err
			}
		}
		sr.After = EvalAll(st.Checks, r.Sim())
		for _, s := range sr.After {
			if !s.Met {
				rep.Problems = append(rep.Problems, Problem{File: l.Name, Step: i, Title: st.Title, State: s})
			}
		}
		rep.Steps = append(rep.Steps, sr)
	}
	return rep, nil
}

// text is the report as `play --check` prints it: per step its checks,
// ok or FAIL, with what each saw.
func (rep *Report) text() string {
	s, _ := rep.Render(English) // English has every sentence Eval says
	return s
}

// Render is Text in the language of a catalog: what the checks saw in its
// sentences (the steps' titles are the lesson's, in its language). A
// sentence the catalog lacks is an error.
func (rep *Report) Render(c Catalog) (string, error) {
	var b strings.Builder
	if len(rep.Setup) > 0 {
		b.WriteString("setup\n")
		if err := writeStates(&b, c, rep.Setup, nil); err != nil {
			return "", err
		}
	}
	for i, s := range rep.Steps {
		fmt.Fprintf(&b, "step %d %q\n", i+1, s.Title)
		if err := writeStates(&b, c, s.After, s.Before); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// writeStates writes one line per check: ok or FAIL (unmet after, or a
// check line met before), and what it saw.
func writeStates(b *strings.Builder, c Catalog, after, before []State) error {
	for k, a := range after {
		mark := "ok  "
		if !a.Met || (before != nil && before[k].Met && !a.Keep) {
			mark = "FAIL"
		}
		saw, err := c.Render(a.SawMsg)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "  %s %s: %s\n", mark, a.Check, saw)
	}
	return nil
}

package lesson

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/scenario"
	"golang.org/x/tools/txtar"
)

// directives are the lesson's own words, in the order error messages name
// them; every other line of the script is a scenario command.
var directives = []string{"link", "intro", "finish", "step", "text", "try", "hint", "solve", "check", "keep"}

// scriptVerbs are the scenario's verbs (core/scenario), which a lesson's
// setup and its solve and try lines use.
var scriptVerbs = []string{"kubectl", "tick", "step", "seed", "image", "node"}

// Parse reads a lesson. name is the file name used in errors. On failure
// the error is an ErrorList naming each bad line.
func Parse(name string, data []byte) (*Lesson, error) {
	p := &parser{l: &Lesson{Name: name, Lang: "en"}}
	p.parse(data)
	if len(p.errs) > 0 {
		sort.SliceStable(p.errs, func(i, j int) bool { return p.errs[i].Line < p.errs[j].Line })
		return nil, p.errs
	}
	return p.l, nil
}

type parser struct {
	l    *Lesson
	errs ErrorList
	// prose are the Markdown files the directives name, read once the
	// scenario parser has the archive's files.
	prose []proseRef
	// solveAt and tryAt: which step (index) a script line belongs to.
	solveAt map[int]int
	tryAt   map[int]int
	// intro and finish: their directive lines, for errors.
	introLine, finishLine, linkLine int
}

func (p *parser) errorf(line int, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.l.Name, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) parse(data []byte) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	a := txtar.Parse(data)
	p.solveAt, p.tryAt = map[int]int{}, map[int]int{}

	// The lesson's directives are read here; the script lines (setup,
	// solve, try) go to the scenario parser at their own line numbers, so
	// that they mean and check exactly what a scenario's lines do.
	lines := strings.Split(strings.TrimSuffix(string(a.Comment), "\n"), "\n")
	script := make([]string, len(lines))
	var step *Step
	for i, text := range lines {
		n := i + 1
		text = strings.TrimSpace(text)
		if text == "" || strings.HasPrefix(text, "#") {
			script[i] = text
			continue
		}
		word, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		// `step` or `step N` is the scenario's verb (N reconciles); a step
		// directive has a title.
		if !slices.Contains(directives, word) || (word == "step" && isCount(rest)) {
			p.scriptLine(n, word, text, step != nil, &script[i])
			continue
		}
		switch word {
		case "link":
			p.linkLine = n
			if !strings.HasPrefix(rest, "https://") || strings.ContainsAny(rest, " \t") {
				p.errorf(n, "link: want one https:// address (the kubernetes.io page the lesson teaches), got %q", rest)
			}
			p.l.Link = rest
		case "intro", "finish":
			if step != nil && word == "intro" {
				p.errorf(n, "intro must come before the first step")
			}
			if word == "intro" {
				p.introLine = n
				p.prose = append(p.prose, proseRef{n, word, rest, &p.l.Intro})
			} else {
				p.finishLine = n
				p.prose = append(p.prose, proseRef{n, word, rest, &p.l.Finish})
			}
		case "step":
			if p.finishLine != 0 {
				p.errorf(n, "step after finish: the finish page comes last")
			}
			p.l.Steps = append(p.l.Steps, Step{Line: n, Title: rest})
			step = &p.l.Steps[len(p.l.Steps)-1]
		case "text", "try", "hint", "solve", "check", "keep":
			if step == nil && word == "keep" {
				// A keep line before the first step holds after the
				// setup: what the introduction says of the cluster.
				if c, err := ParseCheck(rest); err != nil {
					p.errorf(n, "keep: %v", err)
				} else {
					c.Line, c.Keep = n, true
					p.l.Checks = append(p.l.Checks, c)
				}
				continue
			}
			if step == nil {
				p.errorf(n, "%s outside a step: write `step TITLE` first (before the first step, only keep lines, which hold after the setup)", word)
				continue
			}
			if rest == "" {
				p.errorf(n, "%s: nothing after the directive", word)
				continue
			}
			switch word {
			case "text":
				if step.Text.File != "" {
					// One text a step: a second would take the next
					// step's place among the prose (found by FuzzParse).
					p.errorf(n, "text: the step already has its text (%s)", step.Text.File)
					continue
				}
				step.Text.File = rest
				p.prose = append(p.prose, proseRef{n, word, rest, nil})
			case "try":
				script[i] = rest
				p.tryAt[n] = len(p.l.Steps) - 1
				step.Try = append(step.Try, rest)
			case "solve":
				script[i] = rest
				p.solveAt[n] = len(p.l.Steps) - 1
			case "hint":
				in, err := parseInline(rest)
				if err != nil {
					p.errorf(n, "hint: %v", err)
				}
				step.Hints = append(step.Hints, in)
			case "check", "keep":
				c, err := ParseCheck(rest)
				if err != nil {
					p.errorf(n, "%s: %v", word, err)
					continue
				}
				c.Line, c.Keep = n, word == "keep"
				step.Checks = append(step.Checks, c)
			}
		}
	}
	p.whole()
	p.scenario(a, script)
}

// scriptLine takes a line that is not a directive: a scenario command of
// the setup, or a mistake.
func (p *parser) scriptLine(n int, word, text string, inStep bool, out *string) {
	if !slices.Contains(scriptVerbs, word) {
		msg := fmt.Sprintf("unknown directive %q", word)
		if s := scenario.Suggest(word, append(append([]string(nil), directives...), scriptVerbs...)); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += " (want " + strings.Join(directives, ", ") + ", or a script command: " + strings.Join(scriptVerbs, ", ") + ")"
		}
		p.errorf(n, "%s", msg)
		return
	}
	if inStep {
		p.errorf(n, "a script line inside a step must be a solve or a try line: `solve %s`", text)
		return
	}
	*out = text
}

// whole checks what the lesson as a whole must have.
func (p *parser) whole() {
	if p.linkLine == 0 {
		p.errorf(0, "no link: name the kubernetes.io page the lesson teaches (link https://kubernetes.io/docs/...)")
	}
	if p.introLine == 0 {
		p.errorf(0, "no intro: write `intro FILE` and the FILE the learner reads first")
	}
	if p.finishLine == 0 {
		p.errorf(0, "no finish: write `finish FILE` and the FILE the learner reads last")
	}
	if len(p.l.Steps) == 0 {
		p.errorf(0, "no steps: write `step TITLE` with its text, solve and check lines")
	}
	for i := range p.l.Steps {
		st := &p.l.Steps[i]
		if st.Text.File == "" {
			p.errorf(st.Line, "%s has no text: write `text FILE`", stepName(i, st))
		}
		if len(st.Checks) == 0 {
			p.errorf(st.Line, "%s has no check: write at least one `check` line (what the learner must achieve)", stepName(i, st))
		}
		if !slices.Contains(slices.Collect(maps.Values(p.solveAt)), i) {
			p.errorf(st.Line, "%s has no solution: write the lines that solve it as `solve` lines", stepName(i, st))
		}
	}
}

// scenario parses the script lines with the scenario parser and sorts them
// into the setup and each step's solution.
func (p *parser) scenario(a *txtar.Archive, script []string) {
	comment := strings.Join(script, "\n") + "\n"
	s, err := scenario.Parse(p.l.Name, txtar.Format(&txtar.Archive{Comment: []byte(comment), Files: a.Files}))
	if err != nil {
		if list, ok := err.(scenario.ErrorList); ok {
			p.errs = append(p.errs, list...)
			return
		}
		p.errorf(0, "%v", err)
		return
	}
	p.l.Title, p.l.Summary, _ = strings.Cut(s.Doc, "\n")
	p.l.Summary = strings.TrimSpace(p.l.Summary)
	if p.l.Title == "" {
		p.errorf(1, "no title: open the file with a comment whose first line is the lesson's title (# Scaling a Deployment)")
	}
	setup := *s
	setup.Commands = nil
	for _, c := range s.Commands {
		if at, ok := p.solveAt[c.Line]; ok {
			p.l.Steps[at].Solution = append(p.l.Steps[at].Solution, c)
		} else if _, ok := p.tryAt[c.Line]; !ok {
			setup.Commands = append(setup.Commands, c)
		}
	}
	p.l.Setup = &setup
	steps := 0
	for _, r := range p.prose {
		dst := r.dst
		if dst == nil { // a step's text, in step order
			dst = &p.l.Steps[steps].Text
			steps++
		}
		*dst = p.read(s, r)
	}
}

// proseRef is a directive naming a Markdown file; dst is where it goes
// (nil for a step's text: the next step's).
type proseRef struct {
	line       int
	word, name string
	dst        *Prose
}

// read parses the Markdown file a directive names.
func (p *parser) read(s *scenario.Scenario, r proseRef) Prose {
	pr := Prose{File: r.name}
	i := slices.IndexFunc(s.Files, func(f scenario.File) bool { return f.Name == r.name })
	if i < 0 {
		p.errorf(r.line, "%s: file %q is not in the lesson (add a -- %s -- section)", r.word, r.name, r.name)
		return pr
	}
	pr.Source = string(s.Files[i].Data)
	blocks, line, err := parseMarkdown(pr.Source)
	if err != nil {
		p.errorf(s.Files[i].Line+1+line, "%s: %v", r.name, err)
		return pr
	}
	pr.Blocks = blocks
	return pr
}

// isCount says whether the words after `step` are the scenario verb's
// (nothing, or a number of reconciles) rather than a step's title.
func isCount(s string) bool {
	if s == "" {
		return true
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

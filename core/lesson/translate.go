package lesson

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/scenario"
	"golang.org/x/tools/txtar"
)

// A translation is an overlay: a txtar file LANG/NAME.txtar next to the
// lesson NAME.txtar, holding only the lesson's words, so that the
// commands, solutions and checks exist once and a trainer reviews a
// translation page by page against its source:
//
//	# The lesson's title
//	# Its summary (more comment lines)
//
//	link https://kubernetes.io/vi/docs/...  (optional: the lesson's page in LANG)
//	step 1 The first step's title
//	hint its first hint
//	hint its second hint
//	step 2 ...
//	-- intro.md --
//	the introduction, translated
//	-- strategy.md --
//	...
//
// Every step of the source has its `step N TITLE` line, in order, with as
// many hints as the source's step; the files are the source's pages
// (intro, each step's text, finish) under the same names, all of them and
// nothing else. Each title, summary, hint and page keeps its source's
// code spans, fenced code, addresses and numbers
// (scenario.CompareTranslation); an address of the Kubernetes documentation
// may go to the same page in the translation's language, as the
// localised documentation's own links do. Other # lines are the
// translator's notes.

// Translate returns the lesson in language lang, its words read from the
// overlay data (file names it in errors: "vi/rolling-update.txtar"). The
// steps' commands, solutions and checks are the source's. On failure the
// error is an ErrorList naming each problem's line.
func Translate(l *Lesson, lang, file string, data []byte) (*Lesson, error) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	a := txtar.Parse(data)
	t := &translator{src: l, file: file}
	out := *l
	out.Lang = lang
	out.Steps = slices.Clone(l.Steps)
	t.out = &out
	t.script(string(a.Comment))
	t.pages(a)
	if len(t.errs) > 0 {
		slices.SortStableFunc(t.errs, func(x, y *Error) int { return x.Line - y.Line })
		return nil, t.errs
	}
	return &out, nil
}

type translator struct {
	src, out *Lesson
	file     string
	errs     ErrorList
}

func (t *translator) errorf(line int, format string, args ...any) {
	t.errs = append(t.errs, &Error{File: t.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// keep reports what a translated text changed that it must keep.
func (t *translator) keep(line int, what, source, translation string) {
	for _, p := range scenario.CompareTranslation(source, translation, t.out.Lang) {
		t.errorf(line, "%s: %s", what, p)
	}
}

// script reads the title, the summary and the step and hint lines.
func (t *translator) script(comment string) {
	lines := strings.Split(strings.TrimSuffix(comment, "\n"), "\n")
	var head []string
	n := 0
	for ; n < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[n]), "#"); n++ {
		head = append(head, strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(lines[n]), "#"), " "))
	}
	if len(head) == 0 || strings.TrimSpace(head[0]) == "" {
		t.errorf(1, "no title: open the file with a comment whose first line is the lesson's title, translated")
	} else {
		t.out.Title = strings.TrimSpace(head[0])
		t.out.Summary = strings.TrimSpace(strings.Join(head[1:], "\n"))
		t.keep(1, "title", t.src.Title, t.out.Title)
		t.keep(2, "summary", t.src.Summary, t.out.Summary)
		if (t.src.Summary == "") != (t.out.Summary == "") {
			t.errorf(2, "summary: the source %s one", choose(t.src.Summary == "", "has no", "has"))
		}
	}
	step := -1 // the step being read
	anyStep := false
	stepLine := make([]int, len(t.src.Steps))
	hints := make([][][]Inline, len(t.src.Steps))
	for i := n; i < len(lines); i++ {
		line := i + 1
		text := strings.TrimSpace(lines[i])
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		word, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		switch word {
		case "link":
			switch {
			case anyStep:
				t.errorf(line, "link: before the first step")
			case scenario.DocsAddress(rest, t.out.Lang) != t.src.Link || strings.ContainsAny(rest, " \t"):
				t.errorf(line, "link: want the lesson's page, %s, or the same page in %s", t.src.Link, t.out.Lang)
			default:
				t.out.Link = rest
			}
		case "step":
			anyStep = true
			num, title, _ := strings.Cut(rest, " ")
			k, err := strconv.Atoi(num)
			title = strings.TrimSpace(title)
			switch {
			case err != nil || title == "":
				t.errorf(line, "want step N TITLE (N the step's number in the lesson, from 1), got %q", text)
				continue
			case k > len(t.src.Steps):
				t.errorf(line, "step %d: the lesson has %d steps", k, len(t.src.Steps))
				step = -1
				continue
			case k != step+2:
				t.errorf(line, "step %d: want step %d here (the steps in the lesson's order, each once)", k, step+2)
				if k <= step+1 {
					step = -1
					continue
				}
			}
			step = k - 1
			stepLine[step] = line
			src := &t.src.Steps[step]
			t.out.Steps[step].Title = title
			t.keep(line, stepName(step, src)+" title", src.Title, title)
		case "hint":
			if step < 0 {
				t.errorf(line, "hint outside a step: write `step N TITLE` first")
				continue
			}
			in, err := parseInline(rest)
			if err != nil {
				t.errorf(line, "hint: %v", err)
				continue
			}
			k := len(hints[step])
			hints[step] = append(hints[step], in)
			if src := t.src.Steps[step].Hints; k < len(src) {
				t.keep(line, "hint", inlineSource(src[k]), rest)
			}
		default:
			t.errorf(line, "unknown directive %q: a translation has only a `link URL`, `step N TITLE` and `hint TEXT` lines, then its pages", word)
		}
	}
	for i := range t.src.Steps {
		src := &t.src.Steps[i]
		switch {
		case stepLine[i] == 0:
			t.errorf(0, "%s is not translated: write `step %d TITLE` and its hints", stepName(i, src), i+1)
		case len(hints[i]) != len(src.Hints):
			t.errorf(stepLine[i], "%s has %d hints, its translation %d", stepName(i, src), len(src.Hints), len(hints[i]))
		default:
			t.out.Steps[i].Hints = hints[i]
		}
	}
}

// pages reads the translated pages: the source's, each once.
func (t *translator) pages(a *txtar.Archive) {
	type page struct {
		src *Prose
		dst []*Prose
	}
	var want []string
	byName := map[string]*page{}
	add := func(src *Prose, dst *Prose) {
		p, ok := byName[src.File]
		if !ok {
			p = &page{src: src}
			byName[src.File] = p
			want = append(want, src.File)
		}
		p.dst = append(p.dst, dst)
	}
	add(&t.src.Intro, &t.out.Intro)
	for i := range t.src.Steps {
		add(&t.src.Steps[i].Text, &t.out.Steps[i].Text)
	}
	add(&t.src.Finish, &t.out.Finish)

	line := 1 + bytes.Count(a.Comment, []byte("\n"))
	seen := map[string]bool{}
	for _, f := range a.Files {
		at := line
		line += 1 + bytes.Count(f.Data, []byte("\n"))
		p, ok := byName[f.Name]
		switch {
		case !ok:
			t.errorf(at, "file %q is not a page of the lesson (its pages: %s)", f.Name, strings.Join(want, ", "))
			continue
		case seen[f.Name]:
			t.errorf(at, "file %q is here twice", f.Name)
			continue
		}
		seen[f.Name] = true
		pr := Prose{File: f.Name, Source: string(f.Data)}
		blocks, bad, err := parseMarkdown(pr.Source)
		if err != nil {
			t.errorf(at+1+bad, "%s: %v", f.Name, err)
			continue
		}
		pr.Blocks = blocks
		t.keep(at, f.Name, p.src.Source, pr.Source)
		for _, d := range p.dst {
			*d = pr
		}
	}
	for _, name := range want {
		if !seen[name] {
			t.errorf(0, "page %s is not translated: add a -- %s -- section", name, name)
		}
	}
}

// inlineSource writes inline runs back as the Markdown they came from, so
// that a hint's translation is compared with its source text.
func inlineSource(in []Inline) string {
	var b strings.Builder
	for _, r := range in {
		switch r.Kind {
		case "code":
			b.WriteString("`" + r.Text + "`")
		case "bold":
			b.WriteString("**" + r.Text + "**")
		case "link":
			b.WriteString("[" + r.Text + "](" + r.Href + ")")
		default:
			b.WriteString(r.Text)
		}
	}
	return b.String()
}

// Load reads the lesson NAME.txtar from fsys and, for a language other
// than English, its translation LANG/NAME.txtar. The lesson's Lang says
// which language it is in: English when asked for English, for what is
// not a language tag, or when the lesson has no translation in that
// language (the fallback the caller sees, and the tests of the shipped
// lessons forbid). A translation that does not fit its lesson is an error.
func Load(fsys fs.FS, name, lang string) (*Lesson, error) {
	file := name + ".txtar"
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, err
	}
	l, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	lang = scenario.Lang(lang)
	if lang == "" || lang == "en" {
		return l, nil
	}
	tfile := lang + "/" + file
	data, err = fs.ReadFile(fsys, tfile)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, err
	}
	return Translate(l, lang, tfile, data)
}

package assets

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// transcriptDecisions runs every example and every lesson's reference
// solution and returns the decisions their transcripts hold, each with the
// file it came from.
func transcriptDecisions(t *testing.T) (ds []controller.Decision, from []string) {
	t.Helper()
	run := func(file string, s *scenario.Scenario) {
		tr, err := scenario.Run(s, scenario.Options{})
		if err != nil {
			t.Errorf("%s: %v", file, err)
		}
		if tr == nil {
			return
		}
		for _, r := range tr.Results {
			for _, d := range r.Decisions {
				ds, from = append(ds, d), append(from, file)
			}
		}
	}
	// each runs the scenario parse makes of every file a glob matches.
	each := func(fsys fs.FS, glob string, parse func(file string, data []byte) (*scenario.Scenario, error)) int {
		files, _ := fs.Glob(fsys, glob)
		for _, f := range files {
			data, _ := fs.ReadFile(fsys, f)
			s, err := parse(f, data)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			run(f, s)
		}
		return len(files)
	}
	examples := each(Scenarios, "scenarios/*.txtar", scenario.Parse)
	lessons := each(Lessons, "lessons/*.txtar", func(f string, data []byte) (*scenario.Scenario, error) {
		l, err := lesson.Parse(f, data)
		if err != nil {
			return nil, err
		}
		return l.Reference(), nil
	})
	if examples < 20 || lessons < 15 {
		t.Fatalf("%d examples and %d lessons: the globs are stale", examples, lessons)
	}
	return ds, from
}

// Every decision the examples and lessons make has a plain sentence, and
// it renders in every language with each placeholder filled by an argument
// of the kind the page knows, and no argument left over.
func TestEveryDecisionRendersInEveryLanguage(t *testing.T) {
	ds, from := transcriptDecisions(t)
	cats := map[string]lesson.Catalog{}
	for _, lang := range append([]string{"en"}, languages...) {
		cats[lang] = readCatalog(t, lang, "why.json")
	}
	kinds := map[string]bool{}
	for i, d := range ds {
		kind := d.Controller + " " + d.Upstream
		if d.Message == nil {
			kind += " (no sentence)"
		} else {
			kind += " " + d.Message.Key
		}
		if kinds[kind] {
			continue
		}
		kinds[kind] = true
		if d.Message == nil {
			t.Errorf("%s: t=%d %s %s %s has no plain sentence (%s)", from[i], d.Tick, d.Controller, d.Object, d.Upstream, d.Result)
			continue
		}
		for lang, cat := range cats {
			if _, err := render(cat, *d.Message); err != nil {
				t.Errorf("%s: t=%d %s %s, %s: %v", from[i], d.Tick, d.Controller, d.Upstream, lang, err)
			}
		}
	}
	t.Logf("%d decisions of %d kinds rendered in %d languages", len(ds), len(kinds), len(cats))
	if len(kinds) < 40 {
		t.Errorf("only %d decision kinds in the transcripts", len(kinds))
	}
}

// render fills a message's sentence as i18n.js saidHTML does, failing on
// what the page would show wrongly: an unknown key, a placeholder without
// an argument, an argument no placeholder shows, a kind the page does not
// draw.
func render(cat lesson.Catalog, m controller.Message) (string, error) {
	s, ok := cat[m.Key]
	if !ok {
		return "", fmt.Errorf("no sentence %q", m.Key)
	}
	var names []string
	for _, a := range m.Args {
		switch a.Kind {
		case controller.ArgName, controller.ArgCount, controller.ArgDuration, controller.ArgText:
		default:
			return "", fmt.Errorf("%q: argument %s of kind %q", m.Key, a.Name, a.Kind)
		}
		v := a.Value
		if a.Kind == controller.ArgCount {
			v = fmt.Sprint(a.Count)
		}
		s = strings.ReplaceAll(s, "{"+a.Name+"}", v)
		names = append(names, a.Name)
	}
	slices.Sort(names)
	if want := lesson.Placeholders(cat[m.Key]); !slices.Equal(names, want) {
		return "", fmt.Errorf("%q: arguments %v, placeholders %v", m.Key, names, want)
	}
	return s, nil
}

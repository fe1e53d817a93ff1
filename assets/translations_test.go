package assets

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// Every translation is in a language of the page, belongs to a lesson,
// and fits it: its steps, hints and pages, with the source's commands,
// code and numbers.
func TestLessonTranslationsFit(t *testing.T) {
	names := lessonNames(t)
	files, err := fs.Glob(Lessons, "lessons/*/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	sub := subFS(t, Lessons, "lessons")
	for _, f := range files {
		parts := strings.Split(f, "/")
		lang, name := parts[1], strings.TrimSuffix(parts[2], ".txtar")
		if !slices.Contains(languages, lang) {
			t.Errorf("%s: %s is not a language of the page (%v)", f, lang, languages)
			continue
		}
		if !slices.Contains(names, name) {
			t.Errorf("%s: there is no lesson %s", f, name)
			continue
		}
		l, err := lesson.Load(sub, name, lang)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if l.Lang != lang {
			t.Errorf("%s: loaded in %q", f, l.Lang)
		}
	}
}

// Every shipped lesson is in every language of the page: no lesson falls
// back to English.
func TestEveryLessonTranslated(t *testing.T) {
	sub := subFS(t, Lessons, "lessons")
	for _, name := range lessonNames(t) {
		for _, lang := range languages {
			l, err := lesson.Load(sub, name, lang)
			switch {
			case err != nil:
				t.Errorf("%v", err)
			case l.Lang != lang:
				t.Errorf("lesson %s has no translation in %s (lessons/%s/%s.txtar): it falls back to %s", name, lang, lang, name, l.Lang)
			}
		}
	}
}

// exampleDoc is an example's description as the page shows it.
func exampleDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := fs.ReadFile(Scenarios, "scenarios/"+name+".txtar")
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenario.Parse(name+".txtar", data)
	if err != nil {
		t.Fatal(err)
	}
	return s.Doc
}

// Every translated description is in a language of the page, belongs to
// an example, and keeps its source's code, addresses and numbers.
func TestExampleTranslationsFit(t *testing.T) {
	files, err := fs.Glob(Scenarios, "scenarios/*/*")
	if err != nil {
		t.Fatal(err)
	}
	sub := subFS(t, Scenarios, "scenarios")
	for _, f := range files {
		parts := strings.Split(f, "/")
		lang, name := parts[1], strings.TrimSuffix(parts[2], ".md")
		if !slices.Contains(languages, lang) || !strings.HasSuffix(f, ".md") {
			t.Errorf("%s: want scenarios/LANG/NAME.md, LANG one of %v", f, languages)
			continue
		}
		if _, err := fs.Stat(Scenarios, "scenarios/"+name+".txtar"); err != nil {
			t.Errorf("%s: there is no example %s", f, name)
			continue
		}
		if _, got, err := scenario.LocalDoc(sub, name, lang, exampleDoc(t, name)); err != nil || got != lang {
			t.Errorf("%s: %v (got %q)", f, err, got)
		}
	}
}

// Every shipped example's description is in every language: the page
// never shows a learner an English description in place of theirs.
func TestEveryExampleTranslated(t *testing.T) {
	sources, err := fs.Glob(Scenarios, "scenarios/*.txtar")
	if err != nil || len(sources) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	sub := subFS(t, Scenarios, "scenarios")
	for _, f := range sources {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "scenarios/"), ".txtar")
		for _, lang := range languages {
			if _, got, err := scenario.LocalDoc(sub, name, lang, exampleDoc(t, name)); err != nil || got != lang {
				t.Errorf("example %s has no description in %s (scenarios/%s/%s.md): %v, got %q", name, lang, lang, name, err, got)
			}
		}
	}
}

// subFS is the folder dir of fsys, as the loaders read it.
func subFS(t *testing.T, fsys fs.FS, dir string) fs.FS {
	t.Helper()
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// checkFile verifies one lesson: it prints "ok FILE (N steps, M checks)" or
// the report of every step, and names each failing step and check on
// stderr. It reports whether the lesson passed.
//
// In a language other than English (--lang) it verifies the lesson's
// translation, LANG/NAME.txtar next to it: the translation must exist and
// fit the lesson, the report names the steps by their translated titles
// and says what the checks saw in that language (the catalog of
// assets/i18n/LANG/lesson.json).
func checkFile(file, lang string, opts scenario.Options, stdout, stderr io.Writer) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return false
	}
	l, err := lesson.Parse(file, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	cat, tag := lesson.English, ""
	if lang != "en" {
		tfile := filepath.Join(filepath.Dir(file), lang, filepath.Base(file))
		tdata, err := os.ReadFile(tfile)
		if err != nil {
			fmt.Fprintf(stderr, "play: %s has no translation in %s: %v\n", file, lang, err)
			return false
		}
		if l, err = lesson.Translate(l, lang, tfile, tdata); err != nil {
			fmt.Fprintln(stderr, err)
			return false
		}
		if cat, err = catalog(lang); err != nil {
			fmt.Fprintf(stderr, "play: %v\n", err)
			return false
		}
		tag = lang + ": "
	}
	rep, err := lesson.Verify(l, opts)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	text, err := rep.Render(cat)
	if err != nil {
		fmt.Fprintf(stderr, "play: %s: %v\n", file, err)
		return false
	}
	if len(rep.Problems) == 0 {
		checks := len(rep.Setup)
		for _, s := range rep.Steps {
			checks += len(s.After)
		}
		fmt.Fprintf(stdout, "ok   %s (%s%s, %s)\n", file, tag, count(len(rep.Steps), "step"), count(checks, "check"))
		return true
	}
	fmt.Fprintf(stdout, "FAIL %s\n%s", file, text)
	for _, p := range rep.Problems {
		fmt.Fprintln(stderr, p.Error())
	}
	return false
}

// catalog is the lesson catalog of a language, as the page has it.
func catalog(lang string) (lesson.Catalog, error) {
	data, err := fs.ReadFile(assets.LessonCatalogs, "i18n/"+lang+"/lesson.json")
	if err != nil {
		return nil, fmt.Errorf("no lesson catalog for %s (assets/i18n/%s/lesson.json)", lang, lang)
	}
	return lesson.ParseCatalog(data)
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
	"github.com/kubeplay/kubeplay/core/session"
)

// Posters. An embed (assets/embed.js) starts no core until the reader
// clicks it, so a documentation page with five embeds does not download the
// 13 MB wasm five times. Until then it draws a poster: the view the embed
// would show first, rendered here by the same core at build time, with the
// scenario's title in each of the page's languages. Each is a file of its
// own, posters/KIND/NAME.json, which the embed fetches by name; they keep
// their names (main.go adds them to the fixed names), as the embed builds
// their URLs at run time.

// pageLangs are the page's languages (assets/i18n.js): the posters' titles
// and the opening's menus are written in each.
var pageLangs = []string{"en", "vi", "zh-CN"}

// poster is one posters/KIND/NAME.json.
type poster struct {
	// Titles is the scenario's title by language; a language without a
	// translation has the English one.
	Titles map[string]string `json:"titles"`
	// View is the core/session View the embed shows first: an example at
	// tick 0, where it plays from, a lesson once its setup has run.
	View json.RawMessage `json:"view"`
}

// postersDir is where the posters go in the site.
const postersDir = "posters/"

// buildPosters renders a poster for every embedded example and lesson
// and, in the same pass over the lessons, their guides.
func buildPosters() (posters, guides map[string][]byte, err error) {
	posters, guides = map[string][]byte{}, map[string][]byte{}
	if err := addPosters(posters, assets.Scenarios, "scenarios", "example", examplePoster); err != nil {
		return nil, nil, err
	}
	withGuides := func(fsys fs.FS, name string) ([]byte, error) { return lessonPoster(fsys, name, guides) }
	if err := addPosters(posters, assets.Lessons, "lessons", "lesson", withGuides); err != nil {
		return nil, nil, err
	}
	return posters, guides, nil
}

// addPosters renders the poster of each archive dir/NAME.txtar of fsys
// into out, as posters/KIND/NAME.json.
func addPosters(out map[string][]byte, fsys fs.FS, dir, kind string, render func(fs.FS, string) ([]byte, error)) error {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return err
	}
	files, err := fs.Glob(sub, "*.txtar")
	if err != nil {
		return err
	}
	for _, file := range files {
		name := strings.TrimSuffix(file, ".txtar")
		p, err := render(sub, name)
		if err != nil {
			return fmt.Errorf("poster of %s %s: %w", kind, name, err)
		}
		out[postersDir+kind+"/"+name+".json"] = p
	}
	return nil
}

// examplePoster is an example at tick 0, as the embed plays it.
func examplePoster(fsys fs.FS, name string) ([]byte, error) {
	data, err := fs.ReadFile(fsys, name+".txtar")
	if err != nil {
		return nil, err
	}
	s, err := session.New(cluster.DefaultSeed)
	if err != nil {
		return nil, err
	}
	r, err := s.Load(name+".txtar", data)
	if err != nil {
		return nil, err
	}
	s.Jump(0)
	titles := map[string]string{}
	for _, lang := range pageLangs {
		doc, _, err := scenario.LocalDoc(fsys, name, lang, r.Doc)
		if err != nil {
			return nil, err
		}
		titles[lang], _, _ = strings.Cut(doc, "\n")
	}
	return encodePoster(titles, s)
}

// lessonPoster is a lesson once its setup has run, where it starts. It
// writes the lesson's guide in each language into guides (see guidesDir).
func lessonPoster(fsys fs.FS, name string, guides map[string][]byte) ([]byte, error) {
	titles := map[string]string{}
	var s *session.Session
	for _, lang := range pageLangs {
		l, err := lesson.Load(fsys, name, lang)
		if err != nil {
			return nil, fmt.Errorf("in %s: %w", lang, err)
		}
		titles[lang] = l.Title
		if guides[guidesDir+lang+"/"+name+".json"], err = json.Marshal(l); err != nil {
			return nil, err
		}
		if s == nil {
			if s, err = session.New(cluster.DefaultSeed); err != nil {
				return nil, err
			}
			if _, err := s.OpenParsedLesson(l, name); err != nil {
				return nil, err
			}
		}
	}
	return encodePoster(titles, s)
}

// guidesDir is where the lessons' texts go in the site:
// posters/guide/LANG/NAME.json, each lesson in each of the page's languages
// as the core's lesson op gives it (its LessonResult's "lesson"). A lesson
// link (#lesson=NAME) draws its guide from it, with the lesson's poster,
// while the core starts (assets/guide.js previewLesson): the learner reads
// the lesson at once instead of waiting a second for the first words.
const guidesDir = postersDir + "guide/"

func encodePoster(titles map[string]string, s *session.Session) ([]byte, error) {
	view, err := s.View().JSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(poster{Titles: titles, View: view})
}

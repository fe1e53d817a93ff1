package main

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/assets"
)

// Every example and lesson has a poster: its title in each language and
// the view the embed shows first, an example's at tick 0.
func TestPostersCoverEveryScenario(t *testing.T) {
	posters, _, err := buildPosters()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for dir, kind := range map[string]string{"scenarios": "example", "lessons": "lesson"} {
		fsys := assets.Scenarios
		if dir == "lessons" {
			fsys = assets.Lessons
		}
		files, err := fs.Glob(fsys, dir+"/*.txtar")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			want[postersDir+kind+"/"+strings.TrimSuffix(strings.TrimPrefix(f, dir+"/"), ".txtar")+".json"] = kind
		}
	}
	if len(posters) != len(want) {
		t.Errorf("%d posters for %d scenarios", len(posters), len(want))
	}
	translated := 0
	for name, kind := range want {
		var p struct {
			Titles map[string]string
			View   struct {
				Tick, Head  int64
				Deployments []json.RawMessage
			}
		}
		if err := json.Unmarshal(posters[name], &p); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, lang := range pageLangs {
			if p.Titles[lang] == "" {
				t.Errorf("%s: no %s title", name, lang)
			}
		}
		if p.Titles["vi"] != p.Titles["en"] && p.Titles["zh-CN"] != p.Titles["en"] {
			translated++
		}
		if kind == "example" && p.View.Tick != 0 {
			t.Errorf("%s: the poster shows tick %d, not 0, where the embed plays from", name, p.View.Tick)
		}
		if kind == "lesson" && p.View.Tick != p.View.Head {
			t.Errorf("%s: the poster shows tick %d of %d, not the end of the lesson's setup", name, p.View.Tick, p.View.Head)
		}
	}
	// Every shipped scenario is translated (assets' tests see to that).
	if translated != len(want) {
		t.Errorf("%d of %d posters have their titles in vi and zh-CN", translated, len(want))
	}
}

// Every lesson has its text in each of the page's languages, as the
// core's lesson op gives it: the same title as its poster's.
func TestGuidesCoverEveryLesson(t *testing.T) {
	posters, guides, err := buildPosters()
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(assets.Lessons, "lessons/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(guides) != len(files)*len(pageLangs) {
		t.Errorf("%d guides for %d lessons in %d languages", len(guides), len(files), len(pageLangs))
	}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, "lessons/"), ".txtar")
		var p struct{ Titles map[string]string }
		if err := json.Unmarshal(posters[postersDir+"lesson/"+name+".json"], &p); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, lang := range pageLangs {
			var g struct {
				Title, Lang string
				Steps       []json.RawMessage
			}
			if err := json.Unmarshal(guides[guidesDir+lang+"/"+name+".json"], &g); err != nil {
				t.Errorf("%s in %s: %v", name, lang, err)
				continue
			}
			if g.Title != p.Titles[lang] || g.Lang != lang || len(g.Steps) == 0 {
				t.Errorf("%s in %s: title %q in %q with %d steps, the poster's %q", name, lang, g.Title, g.Lang, len(g.Steps), p.Titles[lang])
			}
		}
	}
}

package assets

import (
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/lesson"
)

var update = flag.Bool("update", false, "rewrite i18n/en/lesson.json from core/lesson.English")

// languages are the page's languages besides English: every lesson and
// every example is translated into each, and each has its catalogs.
var languages = []string{"vi", "zh-CN"}

// The English lesson catalog is core/lesson's English, which the checks'
// Saw and Reason are written in: the file the translators translate.
func TestEnglishLessonCatalog(t *testing.T) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(lesson.English); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("i18n/en/lesson.json", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := fs.ReadFile(LessonCatalogs, "i18n/en/lesson.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, b.Bytes()) {
		t.Errorf("i18n/en/lesson.json is not core/lesson.English: run go test ./assets -run EnglishLessonCatalog -update and read the diff")
	}
}

// Every language's lesson catalog has exactly English's keys, each with
// English's placeholders: no sentence missing, none unused, no argument
// lost or made up.
func TestLessonCatalogs(t *testing.T) {
	dirs, err := fs.Glob(LessonCatalogs, "i18n/*/lesson.json")
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, d := range dirs {
		have = append(have, strings.Split(d, "/")[1])
	}
	if want := append([]string{"en"}, languages...); !slices.Equal(slices.Sorted(slices.Values(have)), slices.Sorted(slices.Values(want))) {
		t.Errorf("catalogs for %v, want %v", have, want)
	}
	for _, lang := range languages {
		data, err := fs.ReadFile(LessonCatalogs, "i18n/"+lang+"/lesson.json")
		if err != nil {
			t.Errorf("%s: %v", lang, err)
			continue
		}
		c, err := lesson.ParseCatalog(data)
		if err != nil {
			t.Errorf("%s: %v", lang, err)
			continue
		}
		for _, k := range lesson.English.Keys() {
			s, ok := c[k]
			switch {
			case !ok:
				t.Errorf("%s/lesson.json: no %q", lang, k)
			case strings.TrimSpace(s) == "" && k != lesson.JoinKey:
				t.Errorf("%s/lesson.json: %q is empty", lang, k)
			case !slices.Equal(lesson.Placeholders(s), lesson.Placeholders(lesson.English[k])):
				t.Errorf("%s/lesson.json: %q has placeholders %v, English %v", lang, k, lesson.Placeholders(s), lesson.Placeholders(lesson.English[k]))
			}
		}
		for _, k := range c.Keys() {
			if _, ok := lesson.English[k]; !ok {
				t.Errorf("%s/lesson.json: %q is no message of the lessons", lang, k)
			}
		}
	}
}

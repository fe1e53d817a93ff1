package assets

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/internal/golden"
)

// languages are the page's languages besides English: every lesson and
// every example is translated into each, and each has its catalogs.
var languages = []string{"vi", "zh-CN"}

// The English lesson catalog is core/lesson's English, which the checks'
// Saw and Reason are written in: the file the translators translate
// (-update rewrites it).
func TestEnglishLessonCatalog(t *testing.T) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(lesson.English); err != nil {
		t.Fatal(err)
	}
	// The file on disk is the one embedded in LessonCatalogs.
	golden.File(t, "i18n/en/lesson.json", b.Bytes())
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
		compareCatalog(t, lang+"/lesson.json", c, lesson.English, lesson.JoinKey)
	}
}

// compareCatalog fails unless a translation has exactly English's keys,
// none empty (but those that may be, such as a separator), each with
// English's placeholders: no sentence missing, none unused, no argument
// lost or made up.
func compareCatalog(t *testing.T, file string, have, english lesson.Catalog, mayBeEmpty ...string) {
	t.Helper()
	for _, k := range english.Keys() {
		s, ok := have[k]
		switch {
		case !ok:
			t.Errorf("%s: no %q", file, k)
		case strings.TrimSpace(s) == "" && !slices.Contains(mayBeEmpty, k):
			t.Errorf("%s: %q is empty", file, k)
		case !slices.Equal(lesson.Placeholders(s), lesson.Placeholders(english[k])):
			t.Errorf("%s: %q has placeholders %v, English %v", file, k, lesson.Placeholders(s), lesson.Placeholders(english[k]))
		}
	}
	for _, k := range have.Keys() {
		if _, ok := english[k]; !ok {
			t.Errorf("%s: %q is not in English's catalog", file, k)
		}
	}
}

package menu

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// The menu lists every example, in Order, which must name only real
// examples and every one of them (else a new example lands at the end).
func TestExamplesFollowTheOrder(t *testing.T) {
	list, err := Examples("en")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		if e.Title == "" || e.Title == e.Name || e.Lang != "en" {
			t.Errorf("example %s: title %q in %q", e.Name, e.Title, e.Lang)
		}
		names = append(names, e.Name)
	}
	if got, want := strings.Join(names, " "), strings.Join(Order, " "); got != want {
		t.Errorf("examples in the menu:\n %s\nOrder:\n %s", got, want)
	}
}

// The menu's light reading of the examples gives the scenario parser's
// title and files, and the translation's first line in another language.
func TestExamplesMatchTheScenarios(t *testing.T) {
	sub, err := fs.Sub(assets.Scenarios, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "vi", "zh-CN"} {
		list, err := Examples(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range list {
			file := e.Name + ".txtar"
			data, err := fs.ReadFile(sub, file)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := scenario.Parse(file, data)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			doc, got, err := scenario.LocalDoc(sub, e.Name, lang, sc.Doc)
			if err != nil {
				t.Fatal(err)
			}
			if title, _, _ := strings.Cut(doc, "\n"); e.Title != title || e.Lang != got {
				t.Errorf("%s in %s: title %q (%s), the parser's %q (%s)", file, lang, e.Title, e.Lang, title, got)
			}
			var files []File
			for _, f := range sc.Files {
				files = append(files, File{Name: f.Name, Text: string(f.Data)})
			}
			if !reflect.DeepEqual(e.Files, files) {
				t.Errorf("%s: files differ from the parser's", file)
			}
		}
	}
}

// The lessons' titles are those lesson.Load reads, in each language.
func TestLessonsMatchTheLessons(t *testing.T) {
	sub, err := fs.Sub(assets.Lessons, "lessons")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "vi", "zh-CN"} {
		list, err := Lessons(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) < 14 || list[0].Name != "create-deployment" {
			t.Fatalf("lessons(%s): %+v", lang, list)
		}
		for _, it := range list {
			l, err := lesson.Load(sub, it.Name, lang)
			if err != nil {
				t.Fatal(err)
			}
			if it.Title != l.Title || it.Lang != l.Lang {
				t.Errorf("%s in %s: title %q (%s), lesson.Load's %q (%s)", it.Name, lang, it.Title, it.Lang, l.Title, l.Lang)
			}
		}
	}
}

func TestTitle(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{"# Title\n# more\nkubectl get pods\n", "Title"},
		{"\n  #   Spaced  \n", "  Spaced"},
		{"#\n# second\n", ""},
		{"kubectl get pods\n# late\n", ""},
		{"", ""},
	} {
		if got := Title([]byte(c.script)); got != c.want {
			t.Errorf("Title(%q) = %q, want %q", c.script, got, c.want)
		}
		if sc, err := scenario.Parse("t.txtar", []byte(c.script+"tick\n")); err == nil && sc.Title() != c.want {
			t.Errorf("the parser's title of %q is %q, want %q", c.script, sc.Title(), c.want)
		}
	}
}

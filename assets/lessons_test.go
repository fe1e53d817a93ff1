package assets

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// lessonNames are the lessons the index lists, in its order.
func lessonNames(t *testing.T) []string {
	t.Helper()
	index, err := fs.ReadFile(Lessons, "lessons/index")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range strings.Split(string(index), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			names = append(names, l)
		}
	}
	return names
}

// The index names every lesson once, and nothing else.
func TestLessonIndex(t *testing.T) {
	names := lessonNames(t)
	for i, l := range names {
		if slices.Contains(names[:i], l) {
			t.Errorf("index: %s is listed twice", l)
		}
	}
	files, err := fs.Glob(Lessons, "lessons/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, f := range files {
		have = append(have, strings.TrimSuffix(strings.TrimPrefix(f, "lessons/"), ".txtar"))
	}
	sorted := slices.Sorted(slices.Values(names))
	if strings.Join(sorted, " ") != strings.Join(have, " ") {
		t.Errorf("the index names\n %s\nthe lessons are\n %s", strings.Join(sorted, " "), strings.Join(have, " "))
	}
}

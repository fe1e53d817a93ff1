package scenario

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestExamplesAreDeterministic runs every example scenario twice with its
// own seed and once with another: the same seed gives the same bytes,
// decision records included; another seed gives other pod names.
func TestExamplesAreDeterministic(t *testing.T) {
	paths, err := filepath.Glob("../../assets/scenarios/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no example scenarios: %v", err)
	}
	podName := regexp.MustCompile(`\b[a-z0-9-]+-[0-9a-f]{8,10}-[0-9a-z]{5}\b`)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Parse(filepath.Base(path), data)
			if err != nil {
				t.Fatal(err)
			}
			run := func(opts Options) (string, string) {
				tr, err := Run(s, opts)
				if err != nil {
					t.Fatal(err)
				}
				return tr.Text(true), string(tr.JSON(true))
			}
			text1, json1 := run(Options{})
			text2, json2 := run(Options{})
			if text1 != text2 || json1 != json2 {
				t.Fatal("two runs with the same seed differ")
			}
			text3, _ := run(Options{Seed: 1234, OverrideSeed: true})
			names1, names3 := podName.FindAllString(text1, -1), podName.FindAllString(text3, -1)
			if len(names1) == 0 {
				t.Fatal("the transcript names no pods")
			}
			if slices.Equal(names1, names3) {
				t.Errorf("seeds %d and 1234 gave the same pod names %q", s.Seed, names1)
			}
		})
	}
}

package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.txt with the scenarios' current transcripts")

// TestGoldenScenarios runs every example scenario the page offers and
// compares its transcript with testdata/<name>.txt. After a deliberate
// change, read the diff, then regenerate with
//
//	go test ./scripts/play -run TestGoldenScenarios -update
func TestGoldenScenarios(t *testing.T) {
	paths, err := filepath.Glob("../../assets/scenarios/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenarios found: %v", err)
	}
	want := map[string]bool{}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		want[name+".txt"] = true
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			if code := run([]string{path}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
				t.Fatalf("play %s: exit %d\n%s", path, code, stderr.String())
			}
			golden := filepath.Join("testdata", name+".txt")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			expected, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := diff(string(expected), stdout.String()); d != "" {
				t.Errorf("%s differs from the transcript of %s (-want +got); read the diff, then run with -update if the change is right:\n%s",
					golden, path, d)
			}
		})
	}
	// A golden file whose scenario is gone is stale.
	files, _ := filepath.Glob("testdata/*.txt")
	for _, f := range files {
		if !want[filepath.Base(f)] {
			if *update {
				os.Remove(f)
				continue
			}
			t.Errorf("%s has no scenario in assets/scenarios (run with -update to remove it)", f)
		}
	}
}

// diff returns a short line diff of want and got: the first differing
// region with three lines of context, or "" when they are equal.
func diff(want, got string) string {
	if want == got {
		return ""
	}
	w := strings.SplitAfter(want, "\n")
	g := strings.SplitAfter(got, "\n")
	start := 0
	for start < len(w) && start < len(g) && w[start] == g[start] {
		start++
	}
	endW, endG := len(w), len(g)
	for endW > start && endG > start && w[endW-1] == g[endG-1] {
		endW--
		endG--
	}
	var b strings.Builder
	from := max(start-3, 0)
	fmt.Fprintf(&b, "@@ line %d @@\n", start+1)
	for _, l := range w[from:start] {
		b.WriteString("  " + strings.TrimSuffix(l, "\n") + "\n")
	}
	show := func(prefix string, lines []string) {
		for i, l := range lines {
			if i == 40 {
				fmt.Fprintf(&b, "%s… (%d more lines)\n", prefix, len(lines)-i)
				return
			}
			b.WriteString(prefix + strings.TrimSuffix(l, "\n") + "\n")
		}
	}
	show("- ", w[start:endW])
	show("+ ", g[start:endG])
	return b.String()
}

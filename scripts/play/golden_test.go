package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/internal/golden"
)

// TestGoldenScenarios runs every example scenario the page offers and
// compares its transcript with testdata/<name>.txt. After a deliberate
// change, read the diff, then regenerate with make golden, or
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
			golden.File(t, filepath.Join("testdata", name+".txt"), stdout.Bytes())
		})
	}
	// A golden file whose scenario is gone is stale.
	files, _ := filepath.Glob("testdata/*.txt")
	for _, f := range files {
		if !want[filepath.Base(f)] {
			if golden.Update() {
				os.Remove(f)
				continue
			}
			t.Errorf("%s has no scenario in assets/scenarios (run with -update to remove it)", f)
		}
	}
}

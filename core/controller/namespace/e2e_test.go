package namespace_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/controller/namespace"
	"github.com/kubeplay/kubeplay/core/scenario"
	"github.com/kubeplay/kubeplay/internal/golden"
)

// TestScenarios runs testdata/*.txtar (the scenario format) on the
// standard cluster and compares each transcript with testdata/NAME.txt:
// every command and what it printed, the namespace controller's decisions
// below it, and the tick whenever time passed. After a deliberate change,
// read the diff, then run with -update.
func TestScenarios(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := scenario.Parse(path, data)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := scenario.Run(s, scenario.Options{})
			if err != nil {
				t.Fatal(err)
			}
			golden.File(t, filepath.Join("testdata", name+".txt"), []byte(transcript(tr)))
		})
	}
}

// transcript is Transcript.Text with only the namespace controller's
// decisions, and "[t=N]" after a command that let time pass.
func transcript(tr *scenario.Transcript) string {
	var b strings.Builder
	var tick int64
	for _, r := range tr.Results {
		fmt.Fprintf(&b, "$ %s\n%s", r.Command, r.Output)
		if r.Output != "" && !strings.HasSuffix(r.Output, "\n") {
			b.WriteByte('\n')
		}
		for _, d := range r.Decisions {
			if d.Controller == namespace.Name {
				fmt.Fprintf(&b, "    %s\n", scenario.DecisionLine(d))
			}
		}
		if r.Tick != tick {
			fmt.Fprintf(&b, "[t=%d]\n", r.Tick)
			tick = r.Tick
		}
	}
	return b.String()
}

package deployment

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/internal/golden"
)

// The golden scenarios: testdata/*.txt are transcripts in the datadriven
// style of internal/golden. Each block is a command, a "----" line and
// the output it must produce, ended by a blank line:
//
//	set-image web nginx:1.16.1
//	----
//	deployment.apps/web image updated
//
// Lines starting with # between blocks are comments. Run with -update to
// rewrite the outputs (comments and commands are kept); review the diff.
// The commands are in scenario_cmds_test.go.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			s := &scenario{t: t}
			golden.Run(t, file, func(_ testing.TB, c *golden.Case) string {
				return strings.Join(s.run(c.Cmd), "\n")
			})
		})
	}
}

package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/scenario"
)

// The page and scripts/play print the same text for every command of a
// scenario, step lines included: both run through core/scenario's one
// interpreter.
func TestPageAndRunnerPrintTheSame(t *testing.T) {
	files, err := filepath.Glob("../../assets/scenarios/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example scenarios found: %v", err)
	}
	step := []byte("kubectl create deployment web --image=nginx:1.25 --replicas=2\nstep 3\ntick 2\nstep\nstep 40\n")
	scripts := map[string][]byte{"step.txtar": step}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scripts[filepath.Base(f)] = data
	}
	for name, data := range scripts {
		t.Run(name, func(t *testing.T) {
			sc, err := scenario.Parse(name, data)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := scenario.Run(sc, scenario.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s := newSession(t, 1)
			if _, err := s.Load(name, data); err != nil {
				t.Fatal(err)
			}
			var page []Output
			for _, o := range s.Transcript() {
				if o.Line != "" {
					page = append(page, o)
				}
			}
			var play []scenario.Result
			for _, r := range tr.Results {
				if !strings.HasPrefix(r.Command, "seed") {
					play = append(play, r)
				}
			}
			if len(page) != len(play) {
				t.Fatalf("the page logged %d commands, the runner %d", len(page), len(play))
			}
			steps := 0
			for i := range play {
				if strings.HasPrefix(play[i].Command, "step") {
					steps++
				}
				if page[i].Line != play[i].Command || page[i].Output != play[i].Output || page[i].Exit != play[i].ExitCode {
					t.Errorf("command %d:\npage   %q exit %d:\n%s\nrunner %q exit %d:\n%s", i, page[i].Line, page[i].Exit, page[i].Output,
						play[i].Command, play[i].ExitCode, play[i].Output)
				}
			}
			if name == "step.txtar" && steps != 3 {
				t.Errorf("compared %d step lines, want 3", steps)
			}
		})
	}
}

package session

import (
	"strings"
	"testing"
)

// Diff previews an apply of the editor's text: kubectl diff's output, on
// the tick shown, leaving the timeline, the log and the files alone (so a
// share link replays the same) — at the head and at an earlier tick.
func TestDiffPreviewsAnApply(t *testing.T) {
	s := newSession(t, 1)
	mustApply(t, s, webYAML)
	mustRun(t, s, "tick 5")
	changed := strings.Replace(webYAML, "nginx:1.14.2", "nginx:1.16.1", 1)
	link, files, head := s.Encode(), len(s.Files()), s.Head()

	r := s.Diff(changed)
	if !r.OK || r.Output.Exit != 1 || r.Output.Line != "kubectl diff -f editor.yaml" {
		t.Fatalf("diff of a change: ok %v, exit %d, line %q\n%s", r.OK, r.Output.Exit, r.Output.Line, r.Output.Output)
	}
	for _, want := range []string{"-      - image: nginx:1.14.2\n", "+      - image: nginx:1.16.1\n", "-  generation: 1\n", "+  generation: 2\n"} {
		if !strings.Contains(r.Output.Stdout, want) {
			t.Errorf("diff output lacks %q:\n%s", want, r.Output.Stdout)
		}
	}
	if r := s.Diff(webYAML); !r.OK || r.Output.Exit != 0 || r.Output.Output != "" {
		t.Errorf("diff of the applied text: exit %d\n%s", r.Output.Exit, r.Output.Output)
	}
	if r := s.Diff("kind: [\n"); r.OK || len(r.Errors) == 0 {
		t.Errorf("diff of broken YAML: ok %v, errors %+v", r.OK, r.Errors)
	}
	// At an earlier tick: against that tick, and the future stays.
	s.Jump(2)
	if r := s.Diff(changed); !r.Output.Past || r.Output.Exit != 1 || r.Output.Tick != 2 {
		t.Errorf("diff at tick 2: past %v, exit %d, tick %d", r.Output.Past, r.Output.Exit, r.Output.Tick)
	}
	s.Jump(head) // the link holds the tick shown too
	if s.Encode() != link || len(s.Files()) != files || s.Head() != head {
		t.Errorf("diff changed the session: files %d -> %d, head %d -> %d, link changed %v",
			files, len(s.Files()), head, s.Head(), s.Encode() != link)
	}
}

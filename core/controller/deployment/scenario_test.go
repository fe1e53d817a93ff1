package deployment

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The golden scenarios: testdata/*.txt are transcripts in the
// cockroachdb/datadriven style. Each block is a command, a "----" line and
// the output it must produce, ended by a blank line:
//
//	set-image web nginx:1.16.1
//	----
//	deployment.apps/web image updated
//
// Lines starting with # between blocks are comments. Run with -update to
// rewrite the outputs (comments and commands are kept); review the diff.
// The commands are in scenario_cmds_test.go.

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/*.txt")

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) { runScenarioFile(t, file) })
	}
}

// block is one command of a transcript.
type block struct {
	preamble []string // comments and blank lines before the command
	command  string
	line     int
	expected []string
}

func parseTranscript(t *testing.T, file string) (blocks []block, trailer []string) {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var pre []string
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			pre = append(pre, line)
			continue
		}
		b := block{preamble: pre, command: line, line: n}
		pre = nil
		if !sc.Scan() || sc.Text() != "----" {
			t.Fatalf("%s:%d: command without a ---- line", file, n)
		}
		n++
		for sc.Scan() {
			n++
			if sc.Text() == "" {
				break
			}
			b.expected = append(b.expected, sc.Text())
		}
		blocks = append(blocks, b)
	}
	return blocks, pre
}

func runScenarioFile(t *testing.T, file string) {
	blocks, trailer := parseTranscript(t, file)
	s := &scenario{t: t}
	var out strings.Builder
	for _, b := range blocks {
		got := s.run(b.command)
		for _, p := range b.preamble {
			out.WriteString(p + "\n")
		}
		out.WriteString(b.command + "\n----\n")
		for _, l := range got {
			out.WriteString(l + "\n")
		}
		out.WriteString("\n")
		if !*update && strings.Join(got, "\n") != strings.Join(b.expected, "\n") {
			t.Errorf("%s:%d: %s\n--- want\n%s\n--- got\n%s", file, b.line, b.command,
				strings.Join(b.expected, "\n"), strings.Join(got, "\n"))
		}
	}
	for _, p := range trailer {
		if strings.HasPrefix(p, "#") {
			out.WriteString(p + "\n")
		}
	}
	if *update {
		text := strings.TrimRight(out.String(), "\n") + "\n"
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

package golden

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// A datadriven file is a sequence of cases, each one or more command
// lines, a "----" line, and the output the commands must produce, ended
// by a blank line (or the end of the file):
//
//	# Lines starting with # between cases, and blank lines, are comments.
//	set-image web nginx:1.16.1
//	----
//	deployment.apps/web image updated
//
// An output that has blank lines of its own sits between two "----" lines
// after the command and two that close it, as in etcd-io/raft's
// datadriven files:
//
//	describe web
//	----
//	----
//	Name: web
//
//	Events: <none>
//	----
//	----
//
// With -update the outputs are rewritten from what the cases return; the
// comments, the commands and their order stay as they are.

// Case is one case of a datadriven file.
type Case struct {
	File string // the file's path
	Line int    // the line of the case's first command line
	// Cmd is the case's command lines, joined by "\n", without a final
	// newline.
	Cmd string
	// Expected is the output the file holds, each line ended by "\n";
	// "" when the output is empty.
	Expected string

	preamble []string // the comment and blank lines before the command
}

// Pos is the case's "file:line", for messages.
func (c *Case) Pos() string { return fmt.Sprintf("%s:%d", c.File, c.Line) }

// Run runs the cases of the datadriven file at path in order, calling f
// for each, and fails t for every case whose output differs from the
// expected one (the other cases still run). f's output gets a final
// newline if it lacks one. With -update Run rewrites the file with the
// outputs f returned instead, unless f stopped the test.
func Run(t testing.TB, path string, f func(t testing.TB, c *Case) string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden: %v", err)
	}
	cases, trailer, err := parseCases(path, string(data))
	if err != nil {
		t.Fatalf("golden: %v", err)
	}
	if len(cases) == 0 {
		t.Fatalf("golden: %s has no cases", path)
	}
	outputs := make([]string, len(cases))
	for i, c := range cases {
		got := f(t, c)
		if got != "" && !strings.HasSuffix(got, "\n") {
			got += "\n"
		}
		outputs[i] = got
		if !*update && got != c.Expected {
			t.Errorf("%s: %s\noutput differs (-want +got); read the diff, then run with -update if the change is right:\n%s",
				c.Pos(), c.Cmd, Diff(c.Expected, got))
		}
	}
	if !*update {
		return
	}
	text, err := formatCases(cases, outputs, trailer)
	if err != nil {
		t.Fatalf("golden: %s: %v", path, err)
	}
	if text == string(data) {
		return
	}
	if err := write(path, []byte(text)); err != nil {
		t.Fatalf("golden: %v", err)
	}
}

const separator = "----"

// parseCases reads the cases of a datadriven file, and the comment lines
// after the last one.
func parseCases(path, data string) (cases []*Case, trailer []string, err error) {
	lines := strings.Split(data, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1] // what follows the final newline
	}
	var pre []string
	for i := 0; i < len(lines); {
		line := lines[i]
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			pre = append(pre, line)
			i++
			continue
		}
		c := &Case{File: path, Line: i + 1, preamble: pre}
		pre = nil
		var cmd []string
		for i < len(lines) && lines[i] != separator {
			if strings.TrimSpace(lines[i]) == "" {
				return nil, nil, fmt.Errorf("%s: a blank line in the command: no %s line after it", c.Pos(), separator)
			}
			cmd = append(cmd, lines[i])
			i++
		}
		if i == len(lines) {
			return nil, nil, fmt.Errorf("%s: command without a %s line", c.Pos(), separator)
		}
		c.Cmd = strings.Join(cmd, "\n")
		i++ // the separator
		var out strings.Builder
		if i < len(lines) && lines[i] == separator {
			// The double-separator block: it ends at two separator lines,
			// then a blank line or the end of the file.
			i++
			for ; ; i++ {
				if i+1 >= len(lines) {
					return nil, nil, fmt.Errorf("%s: output opened by %s %s is not closed by two %s lines", c.Pos(), separator, separator, separator)
				}
				if lines[i] == separator && lines[i+1] == separator {
					break
				}
				out.WriteString(lines[i] + "\n")
			}
			i += 2
			if i < len(lines) {
				if lines[i] != "" {
					return nil, nil, fmt.Errorf("%s:%d: no blank line after the output's closing %s lines", path, i+1, separator)
				}
				i++
			}
		} else {
			for ; i < len(lines) && lines[i] != ""; i++ {
				out.WriteString(lines[i] + "\n")
			}
			i++ // the blank line
		}
		c.Expected = out.String()
		cases = append(cases, c)
	}
	return cases, pre, nil
}

// formatCases writes the file back with the outputs in place of the
// expected ones. An output with a blank line, or one starting with the
// separator, goes in the double-separator block.
func formatCases(cases []*Case, outputs []string, trailer []string) (string, error) {
	var b strings.Builder
	for i, c := range cases {
		for _, p := range c.preamble {
			b.WriteString(p + "\n")
		}
		b.WriteString(c.Cmd + "\n" + separator + "\n")
		out := outputs[i]
		if strings.HasPrefix(out, "\n") || strings.Contains(out, "\n\n") || strings.HasPrefix(out, separator+"\n") {
			// The block must close at the two lines added here, not before.
			closing := "\n" + separator + "\n" + separator + "\n"
			if s := "\n" + out; strings.Index(s+closing[1:], closing) != len(s)-1 {
				return "", fmt.Errorf("%s: the output has a %s line where it would close the block, and cannot be stored", c.Pos(), separator)
			}
			b.WriteString(separator + "\n" + out + separator + "\n" + separator + "\n")
		} else {
			b.WriteString(out)
		}
		b.WriteString("\n")
	}
	for _, p := range trailer {
		b.WriteString(p + "\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n", nil
}

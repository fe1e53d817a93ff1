package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records what the harness reports instead
// of failing the test that runs it. Only the methods the harness calls
// are implemented; any other would panic on the nil embedded TB.
type recorder struct {
	testing.TB
	errors []string
	fatal  bool
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.fatal = true
	runtime.Goexit()
}

// record runs f on a recorder, as the testing package runs a test: in a
// goroutine of its own, so that Fatalf stops it.
func record(f func(tb testing.TB)) *recorder {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// setUpdate sets -update on or off for the rest of the test, whatever
// the test binary was given.
func setUpdate(t *testing.T, on bool) {
	old := *update
	*update = on
	t.Cleanup(func() { *update = old })
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDiff(t *testing.T) {
	for _, c := range []struct{ want, got, diff string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\nc\nd\ne\n", "a\nb\nc\nD\ne\n", "@@ line 4 @@\n  a\n  b\n  c\n- d\n+ D\n"},
		{"a\n", "a\nb\n", "@@ line 2 @@\n  a\n+ b\n"},
		{"a\n", "a", "@@ line 1 @@\n- a\n+ a (no newline at end)\n"},
	} {
		if d := Diff(c.want, c.got); d != c.diff {
			t.Errorf("Diff(%q, %q) =\n%s\nwant\n%s", c.want, c.got, d, c.diff)
		}
	}
	long := strings.Repeat("x\n", 50)
	if d := Diff("", long); !strings.Contains(d, "+ … (10 more lines)\n") {
		t.Errorf("a long region is not cut at 40 lines:\n%s", d)
	}
}

func TestFileFailsOnWrongExpectation(t *testing.T) {
	setUpdate(t, false)
	path := filepath.Join(t.TempDir(), "out.txt")
	writeFile(t, path, "one\ntwo\nthree\n")
	if r := record(func(tb testing.TB) { File(tb, path, []byte("one\ntwo\nthree\n")) }); len(r.errors) != 0 {
		t.Errorf("equal output failed: %q", r.errors)
	}
	r := record(func(tb testing.TB) { File(tb, path, []byte("one\n2\nthree\n")) })
	if len(r.errors) != 1 || r.fatal || !strings.Contains(r.errors[0], path+" differs") ||
		!strings.Contains(r.errors[0], "@@ line 2 @@\n  one\n- two\n+ 2\n") {
		t.Errorf("a wrong expectation reported %q (fatal %v)", r.errors, r.fatal)
	}
	if got := readFile(t, path); got != "one\ntwo\nthree\n" {
		t.Errorf("the file changed without -update: %q", got)
	}
	r = record(func(tb testing.TB) { File(tb, path+".missing", nil) })
	if !r.fatal || !strings.Contains(r.errors[0], "-update to create it") {
		t.Errorf("a missing file reported %q (fatal %v)", r.errors, r.fatal)
	}
}

func TestFileUpdateRewrites(t *testing.T) {
	setUpdate(t, true)
	path := filepath.Join(t.TempDir(), "new", "dir", "out.txt")
	if r := record(func(tb testing.TB) { File(tb, path, []byte("fresh\n")) }); len(r.errors) != 0 {
		t.Fatalf("-update failed: %q", r.errors)
	}
	if got := readFile(t, path); got != "fresh\n" {
		t.Errorf("-update wrote %q", got)
	}
	if r := record(func(tb testing.TB) { File(tb, path, []byte("changed\n")) }); len(r.errors) != 0 {
		t.Fatalf("-update failed on a changed output: %q", r.errors)
	}
	if got := readFile(t, path); got != "changed\n" {
		t.Errorf("-update wrote %q", got)
	}
	*update = false
	if r := record(func(tb testing.TB) { File(tb, path, []byte("changed\n")) }); len(r.errors) != 0 {
		t.Errorf("the rewritten file does not compare equal: %q", r.errors)
	}
}

// cases is a datadriven file with every form: comments before a case,
// between cases and after the last, a command of two lines, an empty
// output, and an output with blank lines in the double-separator block.
const cases = `# A comment.
echo a
----
a

# Two lines of input.
cat
x
y
----
x
y

# Nothing.
silent
----

blank
----
----
p

q
----
----

# The end.
`

// echo is the cases' runner: "echo W" prints W, "cat" its input lines,
// "silent" nothing, "blank" two lines with a blank one between.
func echo(tb testing.TB, c *Case) string {
	cmd, input, _ := strings.Cut(c.Cmd, "\n")
	switch {
	case strings.HasPrefix(cmd, "echo "):
		return strings.TrimPrefix(cmd, "echo ")
	case cmd == "cat":
		return input
	case cmd == "blank":
		return "p\n\nq\n"
	}
	return ""
}

func TestRunPasses(t *testing.T) {
	setUpdate(t, false)
	path := filepath.Join(t.TempDir(), "cases.txt")
	writeFile(t, path, cases)
	var seen []string
	r := record(func(tb testing.TB) {
		Run(tb, path, func(tb testing.TB, c *Case) string {
			seen = append(seen, fmt.Sprintf("%d %q %q", c.Line, c.Cmd, c.Expected))
			return echo(tb, c)
		})
	})
	if len(r.errors) != 0 {
		t.Fatalf("the right outputs failed: %q", r.errors)
	}
	want := []string{`2 "echo a" "a\n"`, `7 "cat\nx\ny" "x\ny\n"`, `15 "silent" ""`, `18 "blank" "p\n\nq\n"`}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("cases:\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
}

func TestRunFailsOnWrongExpectation(t *testing.T) {
	setUpdate(t, false)
	path := filepath.Join(t.TempDir(), "cases.txt")
	writeFile(t, path, strings.Replace(cases, "echo a\n----\na\n", "echo a\n----\nb\n", 1))
	ran := 0
	r := record(func(tb testing.TB) {
		Run(tb, path, func(tb testing.TB, c *Case) string { ran++; return echo(tb, c) })
	})
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], path+":2: echo a\n") || !strings.Contains(r.errors[0], "- b\n+ a\n") {
		t.Errorf("a wrong expectation reported %q", r.errors)
	}
	if ran != 4 {
		t.Errorf("%d cases ran after a failure, want all 4", ran)
	}
	// An output with a blank line, written in the single block, is cut
	// there: the output differs (and its rest reads as a command, q,
	// whose output is empty).
	writeFile(t, path, "blank\n----\np\n\nq\n----\n\n")
	r = record(func(tb testing.TB) { Run(tb, path, echo) })
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], ":1: blank\n") || !strings.Contains(r.errors[0], "  p\n+ \n+ q\n") {
		t.Errorf("an output cut at its blank line reported %q", r.errors)
	}
}

func TestRunUpdateRewrites(t *testing.T) {
	setUpdate(t, true)
	path := filepath.Join(t.TempDir(), "cases.txt")
	// Wrong outputs everywhere: a stale one, one missing, a double block
	// for an output without blank lines, a single one for one with them.
	stale := strings.NewReplacer(
		"echo a\n----\na\n", "echo a\n----\nold\n",
		"y\n----\nx\ny\n", "y\n----\n",
		"silent\n----\n", "silent\n----\n----\nnoise\n\n----\n----\n",
		"----\n----\np\n\nq\n----\n----\n", "----\np\n",
	).Replace(cases)
	writeFile(t, path, stale)
	if r := record(func(tb testing.TB) { Run(tb, path, echo) }); len(r.errors) != 0 {
		t.Fatalf("-update failed: %q", r.errors)
	}
	if got := readFile(t, path); got != cases {
		t.Errorf("-update wrote\n%s\nwant\n%s%s", got, cases, Diff(cases, got))
	}
	*update = false
	if r := record(func(tb testing.TB) { Run(tb, path, echo) }); len(r.errors) != 0 {
		t.Errorf("the rewritten file does not pass: %q", r.errors)
	}
}

func TestRunRejectsBadFiles(t *testing.T) {
	setUpdate(t, false)
	for _, c := range []struct{ text, err string }{
		{"echo a\na\n\n", ":1: a blank line in the command"},
		{"echo a\n", ":1: command without a ---- line"},
		{"blank\n----\n----\np\n\nq\n", ":1: output opened by ---- ---- is not closed"},
		{"blank\n----\n----\np\n----\n----\nx\n", ":7: no blank line after"},
		{"# only a comment\n", "has no cases"},
	} {
		path := filepath.Join(t.TempDir(), "cases.txt")
		writeFile(t, path, c.text)
		r := record(func(tb testing.TB) { Run(tb, path, echo) })
		if !r.fatal || !strings.Contains(r.errors[0], c.err) {
			t.Errorf("%q reported %q (fatal %v), want %q", c.text, r.errors, r.fatal, c.err)
		}
	}
	// An output the file cannot hold is not written.
	setUpdate(t, true)
	path := filepath.Join(t.TempDir(), "cases.txt")
	writeFile(t, path, "echo x\n----\nx\n")
	r := record(func(tb testing.TB) { Run(tb, path, func(testing.TB, *Case) string { return "a\n\n----\n" }) })
	if !r.fatal || !strings.Contains(r.errors[0], "cannot be stored") {
		t.Errorf("an output ending in ---- reported %q", r.errors)
	}
	if got := readFile(t, path); got != "echo x\n----\nx\n" {
		t.Errorf("the file changed: %q", got)
	}
}

// Package golden is the tests' one harness for expected outputs kept in
// files: a whole file compared with what a test produced (File), and a
// file of cases in the style of etcd-io/raft's datadriven testdata, each a
// command and the output it must produce (Run).
//
// Both obey one flag, -update, registered here and nowhere else: with it
// the files are rewritten from what the tests produce instead of compared,
// so that after a deliberate change the diff to review is `git diff`.
// `make golden` runs every package that uses this harness with -update (a
// bare `go test ./... -update` would fail in the packages that do not
// import it, whose test binaries do not know the flag); one package alone:
//
//	go test ./core/kubectl -update
//
// It is a test-support package: only _test.go files import it.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files (internal/golden) from the tests' current output instead of comparing")

// Update reports whether the tests run with -update.
func Update() bool { return *update }

// File compares got with the file at path and fails t with a line diff
// when they differ. With -update it writes got to path instead (creating
// its directory), leaving the file untouched when it already holds got.
func File(t testing.TB, path string, got []byte) {
	t.Helper()
	want, err := os.ReadFile(path)
	if *update {
		if err == nil && bytes.Equal(want, got) {
			return
		}
		if err := write(path, got); err != nil {
			t.Fatalf("golden: %v", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("golden: %v (run the test with -update to create it)", err)
	}
	if d := Diff(string(want), string(got)); d != "" {
		t.Errorf("%s differs from the output (-want +got); read the diff, then run with -update if the change is right:\n%s", path, d)
	}
}

func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Diff returns a short line diff of want and got: the first differing
// region with three lines of context, "- " before want's lines and "+ "
// before got's, at most 40 of each; "" when they are equal.
func Diff(want, got string) string {
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
			switch {
			case l == "": // what follows a final newline
			case !strings.HasSuffix(l, "\n"):
				b.WriteString(prefix + l + " (no newline at end)\n")
			default:
				b.WriteString(prefix + l)
			}
		}
	}
	show("- ", w[start:endW])
	show("+ ", g[start:endG])
	return b.String()
}

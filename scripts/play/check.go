package main

import (
	"fmt"
	"io"
	"os"

	"github.com/kubeplay/kubeplay/core/lesson"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// checkFile verifies one lesson: it prints "ok FILE (N steps, M checks)" or
// the report of every step, and names each failing step and check on
// stderr. It reports whether the lesson passed.
func checkFile(file string, opts scenario.Options, stdout, stderr io.Writer) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return false
	}
	l, err := lesson.Parse(file, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	rep, err := lesson.Verify(l, opts)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	if len(rep.Problems) == 0 {
		checks := len(rep.Setup)
		for _, s := range rep.Steps {
			checks += len(s.After)
		}
		fmt.Fprintf(stdout, "ok   %s (%s, %s)\n", file, count(len(rep.Steps), "step"), count(checks, "check"))
		return true
	}
	fmt.Fprintf(stdout, "FAIL %s\n%s", file, rep.Text())
	for _, p := range rep.Problems {
		fmt.Fprintln(stderr, p.Error())
	}
	return false
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

package main

import (
	"bytes"
	"strings"
	"testing"
)

// BenchmarkRollout1000 plays testdata/bench/rollout-1000.txtar as `play`
// does: a 1,000-replica Deployment created and rolled out on 13 nodes,
// every command's output printed, at the default rate limits (issue 17's
// "1,000-replica create and rolling update through scripts/play").
func BenchmarkRollout1000(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"testdata/bench/rollout-1000.txtar"}, &stdout, &stderr); code != 0 {
			b.Fatalf("exit %d: %s", code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "web    1000/1000   1000         1000") {
			b.Fatalf("the rollout did not complete:\n%s", stdout.String()[max(0, stdout.Len()-500):])
		}
	}
}

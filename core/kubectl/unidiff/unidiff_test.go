package unidiff

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// numbered is lines "1".."n", one per line.
func numbered(n int, replace map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if r, ok := replace[i]; ok {
			b.WriteString(r)
			continue
		}
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}

// The expected outputs are what GNU diff -u prints for these inputs,
// worked out by hand from its rules (3 lines of context, hunks merged when
// at most 6 unchanged lines separate two changes, "L" for one-line and
// "L,0" for empty ranges).
func TestUnified(t *testing.T) {
	for _, tc := range []struct {
		name, a, b, want string
	}{
		{"equal", "x\ny\n", "x\ny\n", ""},
		{"both empty", "", "", ""},
		{"middle", numbered(10, nil), numbered(10, map[int]string{5: "five\n"}),
			"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		{"first line", numbered(10, nil), numbered(10, map[int]string{1: "one\n"}),
			"@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n"},
		{"last line", numbered(10, nil), numbered(10, map[int]string{10: "ten\n"}),
			"@@ -7,4 +7,4 @@\n 7\n 8\n 9\n-10\n+ten\n"},
		{"six unchanged lines between: one hunk", numbered(20, nil), numbered(20, map[int]string{3: "c\n", 10: "j\n"}),
			"@@ -1,13 +1,13 @@\n 1\n 2\n-3\n+c\n 4\n 5\n 6\n 7\n 8\n 9\n-10\n+j\n 11\n 12\n 13\n"},
		{"seven unchanged lines between: two hunks", numbered(20, nil), numbered(20, map[int]string{3: "c\n", 11: "k\n"}),
			"@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+c\n 4\n 5\n 6\n" +
				"@@ -8,7 +8,7 @@\n 8\n 9\n 10\n-11\n+k\n 12\n 13\n 14\n"},
		{"new file", "", "a\nb\nc\n", "@@ -0,0 +1,3 @@\n+a\n+b\n+c\n"},
		{"removed file", "a\nb\nc\n", "", "@@ -1,3 +0,0 @@\n-a\n-b\n-c\n"},
		{"one-line file", "a\n", "b\n", "@@ -1 +1 @@\n-a\n+b\n"},
		{"line added to a one-line file", "a\n", "a\nb\n", "@@ -1 +1,2 @@\n a\n+b\n"},
		{"line removed at the end", numbered(5, nil), numbered(4, nil), "@@ -2,4 +2,3 @@\n 2\n 3\n 4\n-5\n"},
		{"pure insertion in the middle", numbered(8, nil), numbered(8, map[int]string{4: "4\nnew\n"}),
			"@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n"},
		{"pure deletion leaves an empty side", numbered(4, nil), numbered(4, map[int]string{2: ""}),
			"@@ -1,4 +1,3 @@\n 1\n-2\n 3\n 4\n"},
		// An inserted "b" after "b" could go before or after it: diff slides
		// the insertion down as far as it goes.
		{"ambiguous insertion slides down", "a\nb\nc\n", "a\nb\nb\nc\n", "@@ -1,3 +1,4 @@\n a\n b\n+b\n c\n"},
		{"ambiguous deletion slides down", "a\nb\nb\nb\nc\n", "a\nb\nc\n", "@@ -1,5 +1,3 @@\n a\n b\n-b\n-b\n c\n"},
		{"no newline at end", "x\n", "x", "@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n"},
		{"replaced block", "a\nb\nc\nd\n", "a\nX\nY\nd\n", "@@ -1,4 +1,4 @@\n a\n-b\n-c\n+X\n+Y\n d\n"},
	} {
		got := Unified(tc.a, tc.b, "A", "B")
		want := tc.want
		if want != "" {
			want = "--- A\n+++ B\n" + want
		}
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, want)
		}
	}
}

func TestDirs(t *testing.T) {
	now := time.Date(2025, 3, 1, 9, 30, 5, 0, time.UTC)
	live := Dir{Path: "/tmp/LIVE-1", ModTime: now, Files: map[string]string{
		"apps.v1.Deployment.default.web": "a: 1\nb: 2\n",
		"v1.Service.default.same":        "x\n",
	}}
	merged := Dir{Path: "/tmp/MERGED-2", ModTime: now, Files: map[string]string{
		"apps.v1.Deployment.default.web": "a: 1\nb: 3\n",
		"v1.Service.default.same":        "x\n",
		"apps.v1.Deployment.default.api": "c: 1\n",
	}}
	var b strings.Builder
	if code := Dirs(&b, live, merged); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	want := "diff -u -N /tmp/LIVE-1/apps.v1.Deployment.default.api /tmp/MERGED-2/apps.v1.Deployment.default.api\n" +
		"--- /tmp/LIVE-1/apps.v1.Deployment.default.api\t1970-01-01 00:00:00.000000000 +0000\n" +
		"+++ /tmp/MERGED-2/apps.v1.Deployment.default.api\t2025-03-01 09:30:05.000000000 +0000\n" +
		"@@ -0,0 +1 @@\n+c: 1\n" +
		"diff -u -N /tmp/LIVE-1/apps.v1.Deployment.default.web /tmp/MERGED-2/apps.v1.Deployment.default.web\n" +
		"--- /tmp/LIVE-1/apps.v1.Deployment.default.web\t2025-03-01 09:30:05.000000000 +0000\n" +
		"+++ /tmp/MERGED-2/apps.v1.Deployment.default.web\t2025-03-01 09:30:05.000000000 +0000\n" +
		"@@ -1,2 +1,2 @@\n a: 1\n-b: 2\n+b: 3\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if code := Dirs(&b, live, live); code != 0 || b.String() != "" {
		t.Errorf("same directories: exit %d, output %q", code, b.String())
	}
}

// A diff past maxEdits replaces the whole middle rather than spend d²
// memory on the shortest script: still a correct script, at once.
func TestCompareGivesUpOnHugeDiffs(t *testing.T) {
	n := 3 * maxEdits
	a, b := make([]string, n), make([]string, n)
	for i := range a {
		a[i], b[i] = "a"+strconv.Itoa(i), "b"+strconv.Itoa(i)
	}
	a[0], b[0] = "same", "same"
	ca, cb := compare(a, b)
	if ca[0] || cb[0] {
		t.Error("the common first line is marked changed")
	}
	for i := 1; i < n; i++ {
		if !ca[i] || !cb[i] {
			t.Fatalf("line %d not marked changed", i)
		}
	}
}

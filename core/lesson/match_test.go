package lesson

import (
	"regexp"
	"testing"
)

// The hand-written matcher agrees with Go's regexp (in multi-line mode,
// as it anchors ^ and $ at every line) on the subset it takes.
func TestMatcherAgreesWithRegexp(t *testing.T) {
	patterns := []string{
		`^web +5/5`, `Running`, `^web-[a-z0-9]+ +1/1 +Running`, `\d+/\d+$`, `a.c`, `^$`, `x*`, `ab?c`,
		`[^ ]+ +3`, `\.`, `\s\d`, `^NAME`, `e$`, `[a-c-]+`, `\w+-\w+`, `1/1 *Running *0`, `[\d]x`, `e\nl`, `\tx`,
	}
	inputs := []string{
		"NAME   READY   UP-TO-DATE\nweb    5/5     5\n", "web 4/5", "web-7d77b64969-abcde   1/1     Running   0   10s\n",
		"abc\naxc\na\nc", "", "\n\n", "ac abc abbc", "3/3", "a-b c-d", "x.y", " 7", "line\nline one",
		"9x", "nothing to see",
	}
	for _, p := range patterns {
		re, err := compileRegex(p)
		if err != nil {
			t.Fatalf("compile %q: %v", p, err)
		}
		std := regexp.MustCompile("(?m)" + p)
		for _, in := range inputs {
			if got, want := re.MatchString(in), std.MatchString(in); got != want {
				t.Errorf("%q on %q: got %v, regexp says %v", p, in, got, want)
			}
		}
	}
}

func TestMatcherRefuses(t *testing.T) {
	for _, p := range []string{`(a)`, `a|b`, `a{2}`, `*a`, `a**`, `[abc`, `[z-a]`, `a\`, ``} {
		if _, err := compileRegex(p); err == nil {
			t.Errorf("%q compiled; want an error", p)
		}
	}
}

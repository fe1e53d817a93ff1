package jsonpath

import (
	"regexp"
	"testing"

	"github.com/kubeplay/kubeplay/core/internal/allstrings"
)

// Upstream's expressions, which matchers.go implements.
var (
	dictKeyRex       = regexp.MustCompile(`^'([^']*)'$`)
	sliceOperatorRex = regexp.MustCompile(`^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$`)
	filterRex        = regexp.MustCompile(`^([^!<>=]+)([!<>=]+)(.+?)$`)
)

var matcherCases = []string{"", "'", "''", "'a'", "'a", "a'", "'a'b'", "'\n'", "'\xff'", "0", "-", "-1", ":", "::", ":::",
	"1:2", "1:2:3", "-1:-2:-3", "1:2:3:4", "--1", "1-", ":-", "1::", "::2", "a", "1 :2", "١",
	"a==b", "a=b", "a!=b", "a<b", "a<=b", "a>=b", "a=", "a==", "a===", "=b", "a", "a=b\n", "a\n=b", "a=\n", "a=\nb",
	"@.price<10", "@.name=='x'", "a ==b", "a=!<>=b=c", "a=\xff", "\xff=a"}

func TestMatchersMatchRegexps(t *testing.T) {
	for _, s := range matcherCases {
		checkMatchers(t, s)
	}
	allstrings.Each("'a:-1=!<\n", 4, func(s string) { checkMatchers(t, s) })
}

func FuzzMatchers(f *testing.F) {
	for _, s := range matcherCases {
		f.Add(s)
	}
	f.Fuzz(checkMatchers)
}

func checkMatchers(t *testing.T, s string) {
	key, ok := dictKey(s)
	m := dictKeyRex.FindStringSubmatch(s)
	if ok != (m != nil) || ok && key != m[1] {
		t.Fatalf("dictKey(%q) = %q, %v; the regexp says %q", s, key, ok, m)
	}
	for _, c := range []struct {
		name string
		f    func(string) ([3]string, bool)
		re   *regexp.Regexp
	}{{"sliceOperator", sliceOperator, sliceOperatorRex}, {"filterParts", filterParts, filterRex}} {
		got, ok := c.f(s)
		m := c.re.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (got[0] != m[1] || got[1] != m[2] || got[2] != m[3]) {
			t.Fatalf("%s(%q) = %q, %v; the regexp says %q", c.name, s, got, ok, m)
		}
	}
}

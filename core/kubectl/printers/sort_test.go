package printers

import (
	"regexp"
	"testing"

	"github.com/kubeplay/kubeplay/core/internal/allstrings"
)

// relaxedRegexp is upstream's expression, which relaxedField implements.
var relaxedRegexp = regexp.MustCompile(`^\{\.?([^{}]+)\}$|^\.?([^{}]+)$`)

var relaxedCases = []string{"", ".", "..", "...", "{", "}", "{}", "{.}", "{..}", "{...}", "{.a}", "{a}", "a", ".a", "..a",
	"a.b", ".a.b", "{.a.b}", "{a.b", "a.b}", "{{a}}", "{a}b", "a{b}", "{ a }", "{.items[0]}", "{\n}", "\xff", "{\xff}",
	".é", "{}}", "{{}"}

func TestRelaxedFieldMatchesRegexp(t *testing.T) {
	for _, s := range relaxedCases {
		checkRelaxedField(t, s)
	}
	allstrings.Each("{}.a", 5, func(s string) { checkRelaxedField(t, s) })
}

func FuzzRelaxedField(f *testing.F) {
	for _, s := range relaxedCases {
		f.Add(s)
	}
	f.Fuzz(checkRelaxedField)
}

func checkRelaxedField(t *testing.T, s string) {
	got, ok := relaxedField(s)
	m := relaxedRegexp.FindStringSubmatch(s)
	if ok != (m != nil) {
		t.Fatalf("relaxedField(%q) ok = %v, the regexp says %v", s, ok, m != nil)
	}
	if ok && got != m[1]+m[2] {
		t.Fatalf("relaxedField(%q) = %q, the regexp says %q", s, got, m[1]+m[2])
	}
}

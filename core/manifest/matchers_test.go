package manifest

import (
	"regexp"
	"testing"

	"github.com/kubeplay/kubeplay/core/internal/allstrings"
)

// The regular expressions matchers.go implements by hand.
var (
	yamlStyleFloatRegexp = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	jsonNumberRegexp     = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)
	base60FloatRegexp    = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
	apiPackageRegexp     = regexp.MustCompile(`(^|[^A-Za-z0-9_])api\.`)
)

// matcherCases are edge cases of the four expressions.
var matcherCases = []string{
	"", "0", "-0", "+0", "00", "01", "-01", "1", "12", "-", "+", ".", "-.", "+.", ".5", "-.5", "5.", "-5.", "5.5", "05.50",
	"1e5", "1E5", "1e", "1e+", "1e-5", "1e+5", "1.e5", ".e5", "e5", ".5e5", "1.5E-05", "1e5.5", "1e5e5", "1..5", "1.5.5",
	"--1", "+-1", "-+1", "1-", "1 ", " 1", "1\n", "١", "1_0", "1_000.5", "0x1F", "0o17", "0b101", ".inf", "NaN",
	"1:2", "1:20", "1:59", "1:60", "1:69", "1:7", "1:75", "1:123", "1:", ":1", "1::2", "190:20:30.15", "190:20:30.",
	"190:20:30._1_", "-1:2", "+1:2", "1_:2", "_1:2", "1:2:3:4:5", "1:05", "1:5.", "1:5..", "1:5.a", "1:2a", "a1:2",
	"12:34:56", "1:2\n", "1:0.5e3",
	"api.", "api", "api.x", "xapi.x", "_api.x", "(api.x", "[]api.Pod", "map[string]api.Pod", "*api.Pod", "api.api.x",
	".api.api.x", "(api.(api.", "éapi.x", "\xffapi.x", "api.\xff", "[]*api.IntOrString api.Container", "apiapi.", "aapi.",
}

func TestMatchersMatchRegexps(t *testing.T) {
	for _, s := range matcherCases {
		checkMatchers(t, s)
	}
	// Every string of up to four characters over an alphabet of the
	// characters the expressions care about, alone and next to "api.".
	allstrings.Each("0159-+._:eE a", 4, func(s string) {
		checkMatchers(t, s)
		checkMatchers(t, s+"api.")
		checkMatchers(t, "api."+s)
	})
}

func FuzzMatchers(f *testing.F) {
	for _, s := range matcherCases {
		f.Add(s)
	}
	f.Fuzz(checkMatchers)
}

func checkMatchers(t *testing.T, s string) {
	for _, m := range []struct {
		name string
		got  func(string) bool
		re   *regexp.Regexp
	}{
		{"isYAMLStyleFloat", isYAMLStyleFloat, yamlStyleFloatRegexp},
		{"isJSONNumber", isJSONNumber, jsonNumberRegexp},
		{"isBase60Float", isBase60Float, base60FloatRegexp},
	} {
		if got, want := m.got(s), m.re.MatchString(s); got != want {
			t.Fatalf("%s(%q) = %v, the regexp says %v", m.name, s, got, want)
		}
	}
	if got, want := qualifyAPIPackage(s), apiPackageRegexp.ReplaceAllString(s, "${1}v1."); got != want {
		t.Fatalf("qualifyAPIPackage(%q) = %q, the regexp says %q", s, got, want)
	}
}

func TestQualifyAPIPackage(t *testing.T) {
	for in, want := range map[string]string{
		"api.Pod":                   "v1.Pod",
		"[]api.Container":           "[]v1.Container",
		"map[string]*api.Container": "map[string]*v1.Container",
		"extapi.Pod":                "extapi.Pod",
		"api.api.x":                 "v1.api.x", // the '.' belongs to the first match
	} {
		if got := qualifyAPIPackage(in); got != want {
			t.Errorf("qualifyAPIPackage(%q) = %q, want %q", in, got, want)
		}
	}
}

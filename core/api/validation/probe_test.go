package validation

import (
	"regexp"
	"testing"
)

var httpHeaderNameRegexp = regexp.MustCompile(`^[-A-Za-z0-9]+$`)

var headerNameCases = []string{"", "-", "X-Header-Name", "x_header", "X Header", "Ünicode", "a\n", "a\xff", "0", "Z9-z",
	"@", "[", "`", "{", "/", ":"}

func TestIsHTTPHeaderNameMatchesRegexp(t *testing.T) {
	for _, s := range headerNameCases {
		checkHTTPHeaderName(t, s)
	}
	for c := 0; c < 256; c++ {
		checkHTTPHeaderName(t, string(rune(c)))
		checkHTTPHeaderName(t, "A"+string([]byte{byte(c)}))
	}
}

func FuzzIsHTTPHeaderName(f *testing.F) {
	for _, s := range headerNameCases {
		f.Add(s)
	}
	f.Fuzz(checkHTTPHeaderName)
}

func checkHTTPHeaderName(t *testing.T, s string) {
	if got, want := isHTTPHeaderName(s), httpHeaderNameRegexp.MatchString(s); got != want {
		t.Fatalf("isHTTPHeaderName(%q) = %v, the regexp says %v", s, got, want)
	}
}

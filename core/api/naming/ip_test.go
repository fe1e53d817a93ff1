package naming

import (
	"slices"
	"testing"
)

func TestIsValidIP(t *testing.T) {
	for _, s := range []string{"10.9.8.7", "0.0.0.0", "255.255.255.255", "2001:db8::ffff", "::1", "::ffff:1.2.3.4",
		"010.001.002.003", "1.2.3.00004"} {
		if got := IsValidIP(s); got != nil {
			t.Errorf("IsValidIP(%q) = %q, want valid", s, got)
		}
	}
	want := []string{"must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"}
	for _, s := range []string{"", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1..2.3", "a.b.c.d", "1.2.3.4/24", " 1.2.3.4", "2001:db8::gggg", "localhost"} {
		if got := IsValidIP(s); !slices.Equal(got, want) {
			t.Errorf("IsValidIP(%q) = %q, want %q", s, got, want)
		}
	}
}

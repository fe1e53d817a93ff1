package naming

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The scanners stand in for upstream's regexes; this checks they accept
// exactly what the regex shown in each message accepts.
func TestScannersAgreeWithUpstreamRegexes(t *testing.T) {
	checks := []struct {
		name string
		re   string
		fn   func(string) bool
	}{
		{"dns1123Label", dns1123LabelFmt, matchDNS1123Label},
		{"dns1123Subdomain", dns1123SubdomainFmt, matchDNS1123Subdomain},
		{"dns1035Label", dns1035LabelFmt, matchDNS1035Label},
		{"qualifiedName", qualifiedNameFmt, matchQualifiedNamePart},
		{"labelValue", labelValueFmt, func(s string) bool { return s == "" || matchQualifiedNamePart(s) }},
	}
	// A small alphabet with every class boundary makes random strings hit
	// the interesting cases often.
	const alphabet = "aZ09-_.x/ \n\x00é"
	rng := rand.New(rand.NewPCG(1, 2))
	inputs := []string{"", "a", "-", ".", "a.", ".a", "a..b", "a\n"}
	for range 20000 {
		b := make([]byte, rng.IntN(8))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	for _, c := range checks {
		re := regexp.MustCompile("^" + c.re + "$")
		for _, s := range inputs {
			if got, want := c.fn(s), re.MatchString(s); got != want {
				t.Errorf("%s(%q) = %v, regex says %v", c.name, s, got, want)
			}
		}
	}
}

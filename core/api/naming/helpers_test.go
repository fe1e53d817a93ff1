package naming

import (
	"slices"
	"testing"
)

// Frequently expected messages, spelled out once so each table stays
// readable. They are the exact upstream texts.
const (
	msgDNS1123Label     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
	msgDNS1123Subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	msgDNS1035Label     = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
	msgNamePartRegex    = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	msgLabelValue       = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
)

type stringCase struct {
	in   string
	want []string
}

// runStringCases checks fn against each case's exact message list.
func runStringCases(t *testing.T, name string, fn func(string) []string, cases []stringCase) {
	t.Helper()
	for _, c := range cases {
		if got := fn(c.in); !slices.Equal(got, c.want) {
			t.Errorf("%s(%q):\n got  %q\n want %q", name, c.in, got, c.want)
		}
	}
}

func repeat(c byte, n int) string { return string(slices.Repeat([]byte{c}, n)) }

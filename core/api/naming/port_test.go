package naming

import (
	"slices"
	"testing"
)

func TestIsValidPortNum(t *testing.T) {
	for _, p := range []int{1, 2, 80, 1000, 16384, 32768, 65535} {
		if got := IsValidPortNum(p); got != nil {
			t.Errorf("IsValidPortNum(%d) = %q, want valid", p, got)
		}
	}
	want := []string{"must be between 1 and 65535, inclusive"}
	for _, p := range []int{0, -1, 65536, 100000} {
		if got := IsValidPortNum(p); !slices.Equal(got, want) {
			t.Errorf("IsValidPortNum(%d) = %q, want %q", p, got, want)
		}
	}
}

func TestIsInRange(t *testing.T) {
	cases := []struct {
		v, lo, hi int
		want      []string
	}{
		{1, 0, 10, nil}, {5, 5, 20, nil}, {25, 10, 25, nil},
		{1, 2, 10, []string{"must be between 2 and 10, inclusive"}},
		{5, -4, 2, []string{"must be between -4 and 2, inclusive"}},
		{25, 100, 120, []string{"must be between 100 and 120, inclusive"}},
	}
	for _, c := range cases {
		if got := isInRange(c.v, c.lo, c.hi); !slices.Equal(got, c.want) {
			t.Errorf("IsInRange(%d, %d, %d) = %q, want %q", c.v, c.lo, c.hi, got, c.want)
		}
	}
}

func TestIsValidPortName(t *testing.T) {
	const (
		charset   = "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"
		letter    = "must contain at least one letter (a-z)"
		doubled   = "must not contain consecutive hyphens"
		endHyphen = "must not begin or end with a hyphen"
		tooLong   = "must be no more than 15 bytes"
	)
	var cases []stringCase
	for _, s := range []string{"telnet", "re-mail-ck", "pop3", "a", "a-1", "1-a", "a-1-b-2-c", "1-a-2-b-3", "http", "metrics", repeat('a', 15)} {
		cases = append(cases, stringCase{s, nil})
	}
	cases = append(cases,
		stringCase{"", []string{charset, letter}},
		stringCase{"longerthan15characters", []string{tooLong}},
		stringCase{repeat('a', 16), []string{tooLong}},
		stringCase{"12345", []string{letter}},
		stringCase{"1-2-3-4", []string{letter}},
		stringCase{"-begin", []string{endHyphen}},
		stringCase{"end-", []string{endHyphen}},
		stringCase{"two--hyphens", []string{doubled}},
		stringCase{"whois++", []string{charset}},
		stringCase{"HTTP", []string{charset, letter}},
		stringCase{"--", []string{letter, doubled, endHyphen}},
		stringCase{"-1--" + repeat('9', 12) + "_", []string{tooLong, charset, letter, doubled, endHyphen}},
	)
	runStringCases(t, "IsValidPortName", IsValidPortName, cases)
}

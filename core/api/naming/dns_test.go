package naming

import "testing"

func TestIsDNS1123Label(t *testing.T) {
	var cases []stringCase
	// Upstream's good and bad vectors (validation_test.go).
	for _, s := range []string{"a", "ab", "abc", "a1", "a-1", "a--1--2--b", "0", "01", "012", "1a", "1-a", "1--a--b--2", repeat('a', 63)} {
		cases = append(cases, stringCase{s, nil})
	}
	for _, s := range []string{"", "A", "ABC", "aBc", "A1", "A-1", "1-A", "-", "a-", "-a", "1-", "-1",
		"_", "a_", "_a", "a_b", "1_", "_1", "1_2", ".", "a.", ".a", "1.", ".1",
		" ", "a ", " a", "a b", "1 ", " 1", "1 2", "é", "a\n"} {
		cases = append(cases, stringCase{s, []string{msgDNS1123Label}})
	}
	cases = append(cases,
		stringCase{"a.b", []string{"must not contain dots"}},
		stringCase{"1.2", []string{"must not contain dots"}},
		stringCase{"my.namespace", []string{"must not contain dots"}},
		stringCase{repeat('a', 64), []string{"must be no more than 63 bytes"}},
		stringCase{repeat('a', 63) + "-", []string{"must be no more than 63 bytes", msgDNS1123Label}},
		stringCase{repeat('a', 60) + ".bcd", []string{"must be no more than 63 bytes", "must not contain dots"}},
	)
	runStringCases(t, "IsDNS1123Label", IsDNS1123Label, cases)
}

func TestIsDNS1123Subdomain(t *testing.T) {
	var cases []stringCase
	for _, s := range []string{"a", "ab", "abc", "a1", "a-1", "a--1--2--b", "0", "01", "012", "1a", "1-a", "1--a--b--2",
		"a.a", "ab.a", "abc.a", "a1.a", "a-1.a", "a--1--2--b.a", "a.1", "ab.1", "abc.1", "a1.1", "a-1.1", "a--1--2--b.1",
		"0.a", "01.a", "012.a", "1a.a", "1-a.a", "0.1", "01.1", "012.1", "1a.1", "1-a.1", "1--a--b--2.1",
		"a.b.c.d.e", "aa.bb.cc.dd.ee", "1.2.3.4.5", "11.22.33.44.55", "nginx-deployment-66b6c48dd5", repeat('a', 253)} {
		cases = append(cases, stringCase{s, nil})
	}
	for _, s := range []string{"", "A", "ABC", "aBc", "A1", "A-1", "1-A", "-", "a-", "-a", "1-", "-1",
		"_", "a_", "_a", "a_b", "1_", "_1", "1_2", ".", "a.", ".a", "a..b", "1.", ".1", "1..2",
		" ", "a ", " a", "a b", "1 ", " 1", "1 2", "A.a", "aB.a", "ab.A", "A1.a", "a1.A",
		"A.1", "aB.1", "A1.1", "1A.1", "0.A", "01.A", "012.A", "1A.a", "1a.A",
		"A.B.C.D.E", "AA.BB.CC.DD.EE", "a.B.c.d.e", "aa.bB.cc.dd.ee",
		"a@b", "a,b", "a;b", "a:b", "a%b", "a?b", "a$b", "My-App", "k8s_is_so_hard_name"} {
		cases = append(cases, stringCase{s, []string{msgDNS1123Subdomain}})
	}
	cases = append(cases,
		stringCase{repeat('a', 254), []string{"must be no more than 253 bytes"}},
		stringCase{repeat('A', 254), []string{"must be no more than 253 bytes", msgDNS1123Subdomain}},
	)
	runStringCases(t, "IsDNS1123Subdomain", IsDNS1123Subdomain, cases)
}

func TestIsDNS1035Label(t *testing.T) {
	var cases []stringCase
	for _, s := range []string{"a", "ab", "abc", "a1", "a-1", "a--1--2--b", "web", repeat('a', 63)} {
		cases = append(cases, stringCase{s, nil})
	}
	for _, s := range []string{"0", "01", "012", "1a", "1-a", "1--a--b--2", "", "A", "ABC", "aBc", "A1", "A-1", "1-A",
		"-", "a-", "-a", "1-", "-1", "_", "a_", "_a", "a_b", "1_", "_1", "1_2",
		".", "a.", ".a", "a.b", "1.", ".1", "1.2", " ", "a ", " a", "a b", "1 ", " 1", "1 2", "dummy_nginx"} {
		cases = append(cases, stringCase{s, []string{msgDNS1035Label}})
	}
	cases = append(cases,
		stringCase{repeat('a', 64), []string{"must be no more than 63 bytes"}},
		stringCase{"1" + repeat('a', 63), []string{"must be no more than 63 bytes", msgDNS1035Label}},
	)
	runStringCases(t, "IsDNS1035Label", IsDNS1035Label, cases)
}

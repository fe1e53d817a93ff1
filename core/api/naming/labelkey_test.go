package naming

import "testing"

func TestIsQualifiedName(t *testing.T) {
	var cases []stringCase
	// Upstream's good vectors (content/kube_test.go).
	for _, s := range []string{"simple", "now-with-dashes", "1-starts-with-num", "1234", "simple/simple",
		"now-with-dashes/simple", "now-with-dashes/now-with-dashes", "now.with.dots/simple",
		"now-with.dashes-and.dots/simple", "1-num.2-num/3-num", "1234/5678", "1.2.3.4/5678",
		"Uppercase_Is_OK_123", "example.com/Uppercase_Is_OK_123", "requests.storage-foo",
		"app.kubernetes.io/name", "pod-template-hash", repeat('a', 63), repeat('a', 253) + "/" + repeat('b', 63)} {
		cases = append(cases, stringCase{s, nil})
	}
	cases = append(cases,
		stringCase{"nospecialchars%^=@", []string{msgNamePartRegex}},
		stringCase{"cantendwithadash-", []string{msgNamePartRegex}},
		stringCase{"-cantstartwithadash-", []string{msgNamePartRegex}},
		stringCase{"bad key", []string{msgNamePartRegex}},
		stringCase{"", []string{"name part must be non-empty", msgNamePartRegex}},
		stringCase{"example.com/", []string{"name part must be non-empty", msgNamePartRegex}},
		stringCase{"/simple", []string{"prefix part must be non-empty"}},
		stringCase{"/", []string{"prefix part must be non-empty", "name part must be non-empty", msgNamePartRegex}},
		stringCase{"Example.com/abc", []string{"prefix part " + msgDNS1123Subdomain}},
		stringCase{"example_com/abc", []string{"prefix part " + msgDNS1123Subdomain}},
		stringCase{repeat('a', 64), []string{"name part must be no more than 63 bytes"}},
		stringCase{repeat('a', 63) + "-", []string{"name part must be no more than 63 bytes", msgNamePartRegex}},
		stringCase{repeat('a', 254) + "/abc", []string{"prefix part must be no more than 253 bytes"}},
		stringCase{"Ex_ample/-x-", []string{"prefix part " + msgDNS1123Subdomain, msgNamePartRegex}},
		stringCase{"only/one/slash", []string{"a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}},
	)
	runStringCases(t, "IsQualifiedName", IsQualifiedName, cases)
}

func TestIsValidLabelValue(t *testing.T) {
	var cases []stringCase
	for _, s := range []string{"simple", "now-with-dashes", "1-starts-with-num", "end-with-num-1", "1234", "", "a",
		"Valid-Value", "valid_value", "valid.value", "66b6c48dd5", repeat('a', 63)} {
		cases = append(cases, stringCase{s, nil})
	}
	for _, s := range []string{"nospecialchars%^=@", "Tama-nui-te-rā.is.Māori.sun", "\\backslashes\\are\\bad",
		"-starts-with-dash", "ends-with-dash-", ".starts.with.dot", "ends.with.dot.", "_x", "x_", "a b", "a=b"} {
		cases = append(cases, stringCase{s, []string{msgLabelValue}})
	}
	cases = append(cases,
		stringCase{repeat('z', 64), []string{"must be no more than 63 bytes"}},
		stringCase{repeat('z', 63) + "-", []string{"must be no more than 63 bytes", msgLabelValue}},
	)
	runStringCases(t, "IsValidLabelValue", IsValidLabelValue, cases)
}

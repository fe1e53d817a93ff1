package naming

// DNS names, as validated by content/dns.go and util/validation
// (IsDNS1123Label, IsDNS1123Subdomain, IsDNS1035Label).

const (
	dns1123LabelFmt    = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123LabelErrMsg = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"

	dns1123SubdomainFmt    = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1123SubdomainErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"

	dns1035LabelFmt    = "[a-z]([-a-z0-9]*[a-z0-9])?"
	dns1035LabelErrMsg = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character"
)

// Maximum lengths, in bytes.
const (
	DNS1123LabelMaxLength     = 63
	DNS1123SubdomainMaxLength = 253
	DNS1035LabelMaxLength     = 63
)

// IsDNS1123Label checks an RFC 1123 label: the names of namespaces,
// services' ports and most objects that must fit in one DNS label.
func IsDNS1123Label(value string) []string {
	var errs []string
	if len(value) > DNS1123LabelMaxLength {
		errs = append(errs, MaxLenError(DNS1123LabelMaxLength))
	}
	if !matchDNS1123Label(value) {
		if matchDNS1123Subdomain(value) {
			// A valid subdomain that is not a valid label can only be
			// wrong because of its dots; upstream says just that.
			errs = append(errs, "must not contain dots")
		} else {
			errs = append(errs, RegexError(dns1123LabelErrMsg, dns1123LabelFmt, "my-name", "123-abc"))
		}
	}
	return errs
}

// IsDNS1123Subdomain checks an RFC 1123 subdomain: the names of most
// objects (Deployments, ReplicaSets, Pods, ...) and label-key prefixes.
func IsDNS1123Subdomain(value string) []string {
	var errs []string
	if len(value) > DNS1123SubdomainMaxLength {
		errs = append(errs, MaxLenError(DNS1123SubdomainMaxLength))
	}
	if !matchDNS1123Subdomain(value) {
		errs = append(errs, RegexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, "example.com"))
	}
	return errs
}

// IsDNS1035Label checks an RFC 1035 label (must start with a letter): the
// names of Services.
func IsDNS1035Label(value string) []string {
	var errs []string
	if len(value) > DNS1035LabelMaxLength {
		errs = append(errs, MaxLenError(DNS1035LabelMaxLength))
	}
	if !matchDNS1035Label(value) {
		errs = append(errs, RegexError(dns1035LabelErrMsg, dns1035LabelFmt, "my-name", "abc-123"))
	}
	return errs
}

// matchDNS1123Label reports whether s matches ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$.
func matchDNS1123Label(s string) bool {
	if s == "" || !isLowerAlnum(s[0]) || !isLowerAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; c != '-' && !isLowerAlnum(c) {
			return false
		}
	}
	return true
}

// matchDNS1123Subdomain reports whether s is dot-separated RFC 1123 labels.
func matchDNS1123Subdomain(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !matchDNS1123Label(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// matchDNS1035Label reports whether s matches ^[a-z]([-a-z0-9]*[a-z0-9])?$.
func matchDNS1035Label(s string) bool {
	return s != "" && isLowerAlpha(s[0]) && matchDNS1123Label(s)
}

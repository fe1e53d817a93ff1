package naming

import "strings"

// Label keys and values, as validated by content/kube.go (IsLabelKey, which
// util/validation still exports as IsQualifiedName, and IsLabelValue).

const (
	qualifiedNameFmt    = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	qualifiedNameErrMsg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"

	labelValueFmt    = "(" + qualifiedNameFmt + ")?"
	labelValueErrMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)

// Maximum lengths, in bytes.
const (
	QualifiedNameMaxLength = 63
	LabelValueMaxLength    = 63
)

// IsQualifiedName checks a label or annotation key: an optional DNS
// subdomain prefix and '/', then a name of at most 63 bytes. Problems with
// each part are reported separately, as upstream does.
func IsQualifiedName(value string) []string {
	var errs []string
	var name string
	switch strings.Count(value, "/") {
	case 0:
		name = value
	case 1:
		var prefix string
		prefix, name, _ = strings.Cut(value, "/")
		if prefix == "" {
			errs = append(errs, "prefix part "+EmptyError())
		} else {
			for _, msg := range IsDNS1123Subdomain(prefix) {
				errs = append(errs, "prefix part "+msg)
			}
		}
	default:
		// More than one '/': upstream gives up on the parts and explains
		// the whole format instead.
		return append(errs, "a valid label key "+
			RegexError(qualifiedNameErrMsg, qualifiedNameFmt, "MyName", "my.name", "123-abc")+
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")
	}
	if name == "" {
		errs = append(errs, "name part "+EmptyError())
	} else if len(name) > QualifiedNameMaxLength {
		errs = append(errs, "name part "+MaxLenError(QualifiedNameMaxLength))
	}
	// Deliberately not an else: an empty name also fails the regex, and
	// upstream reports both.
	if !matchQualifiedNamePart(name) {
		errs = append(errs, "name part "+RegexError(qualifiedNameErrMsg, qualifiedNameFmt, "MyName", "my.name", "123-abc"))
	}
	return errs
}

// IsValidLabelValue checks a label value: empty, or at most 63 bytes of the
// same characters as a key's name part.
func IsValidLabelValue(value string) []string {
	var errs []string
	if len(value) > LabelValueMaxLength {
		errs = append(errs, MaxLenError(LabelValueMaxLength))
	}
	if value != "" && !matchQualifiedNamePart(value) {
		errs = append(errs, RegexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return errs
}

// matchQualifiedNamePart reports whether s matches
// ^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$.
func matchQualifiedNamePart(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; c != '-' && c != '_' && c != '.' && !isAlnum(c) {
			return false
		}
	}
	return true
}

package manifest

import "strings"

// Hand-written matchers for the few regular expressions the package needs,
// so the wasm build does not carry the regexp package. Each names the
// expression it implements; matchers_test.go checks them against it.

// isYAMLStyleFloat matches yaml.v2's float syntax (after '_' removal):
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
func isYAMLStyleFloat(s string) bool {
	i := skipSign(s, 0, "-+")
	whole := skipDigits(s, i, "")
	frac := whole
	if frac < len(s) && s[frac] == '.' {
		frac = skipDigits(s, frac+1, "")
		if whole == i && frac == i+1 {
			return false // "." alone
		}
	} else if whole == i {
		return false
	}
	return isExponent(s, frac)
}

// isJSONNumber matches the JSON number grammar:
// ^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$
func isJSONNumber(s string) bool {
	i := skipSign(s, 0, "-")
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = skipDigits(s, i, "")
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		if j := skipDigits(s, i+1, ""); j > i+1 {
			i = j
		} else {
			return false
		}
	}
	return isExponent(s, i)
}

// isExponent reports whether s[i:] is empty or ([eE][-+]?[0-9]+).
func isExponent(s string, i int) bool {
	if i == len(s) {
		return true
	}
	if s[i] != 'e' && s[i] != 'E' {
		return false
	}
	i = skipSign(s, i+1, "-+")
	j := skipDigits(s, i, "")
	return j > i && j == len(s)
}

// isBase60Float matches yaml.v2's sexagesimal floats ("190:20:30.15"):
// ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
func isBase60Float(s string) bool {
	i := skipSign(s, 0, "-+")
	if i == len(s) || !isDigit(s[i]) {
		return false
	}
	i = skipDigits(s, i+1, "_")
	groups := 0
	for ; i < len(s) && s[i] == ':'; groups++ {
		// [0-5]?[0-9]: one digit, or two when the first is 0-5. Taking the
		// second digit whenever allowed is safe, as no group may be followed
		// by a digit.
		i++
		if i == len(s) || !isDigit(s[i]) {
			return false
		}
		if i+1 < len(s) && s[i] <= '5' && isDigit(s[i+1]) {
			i++
		}
		i++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i = skipDigits(s, i+1, "_")
	}
	return i == len(s)
}

// qualifyAPIPackage is regexp (^|[^A-Za-z0-9_])api\. replaced by "${1}v1.":
// every "api." that starts the string or follows a character that is not
// a word character and not part of the previous match becomes "v1.".
func qualifyAPIPackage(s string) string {
	var b strings.Builder
	last := 0 // where the previous match ended
	for i := 0; i+4 <= len(s); i++ {
		if s[i:i+4] != "api." || !(i == 0 || i-1 >= last && !isWordByte(s[i-1])) {
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString("v1.")
		last = i + 4
		i += 3
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isWordByte reports whether c is [A-Za-z0-9_]. Bytes of a multi-byte
// character are not, as the character is not.
func isWordByte(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// skipSign returns i+1 when s[i] is one of signs, else i.
func skipSign(s string, i int, signs string) int {
	if i < len(s) && strings.IndexByte(signs, s[i]) >= 0 {
		return i + 1
	}
	return i
}

// skipDigits returns the index after the run of digits (and bytes of also)
// that starts at i.
func skipDigits(s string, i int, also string) int {
	for i < len(s) && (isDigit(s[i]) || also != "" && strings.IndexByte(also, s[i]) >= 0) {
		i++
	}
	return i
}

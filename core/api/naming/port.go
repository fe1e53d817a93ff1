package naming

import "strings"

// Ports and integer ranges (validation.IsValidPortNum, IsValidPortName,
// IsInRange).

// PortNameMaxLength is the IANA_SVC_NAME limit (RFC 6335).
const PortNameMaxLength = 15

// IsValidPortNum checks a non-zero TCP/UDP port number.
func IsValidPortNum(port int) []string {
	if 1 <= port && port <= 65535 {
		return nil
	}
	return []string{InclusiveRangeError(1, 65535)}
}

// isInRange checks that value lies in [lo, hi].
func isInRange(value, lo, hi int) []string {
	if lo <= value && value <= hi {
		return nil
	}
	return []string{InclusiveRangeError(lo, hi)}
}

// IsValidPortName checks an IANA_SVC_NAME (a named container or service
// port): at most 15 bytes of [-a-z0-9], at least one letter, no leading,
// trailing or doubled hyphen. Upstream allows only lower case although RFC
// 6335 is case-insensitive. Each broken rule is reported, in this order.
func IsValidPortName(port string) []string {
	var errs []string
	if len(port) > PortNameMaxLength {
		errs = append(errs, MaxLenError(PortNameMaxLength))
	}
	charsetOK, hasLetter := port != "", false
	for i := 0; i < len(port); i++ {
		c := port[i]
		hasLetter = hasLetter || isLowerAlpha(c)
		if c != '-' && !isLowerAlnum(c) {
			charsetOK = false
		}
	}
	if !charsetOK {
		errs = append(errs, "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
	}
	if !hasLetter {
		errs = append(errs, "must contain at least one letter (a-z)")
	}
	if strings.Contains(port, "--") {
		errs = append(errs, "must not contain consecutive hyphens")
	}
	if port != "" && (port[0] == '-' || port[len(port)-1] == '-') {
		errs = append(errs, "must not begin or end with a hyphen")
	}
	return errs
}

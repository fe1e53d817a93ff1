package naming

import (
	"net/netip"
	"strings"
)

// IsValidIP checks an IP address (validation.IsValidIP, which upstream
// returns as a field.ErrorList; the message is the same).
//
// Upstream parses with netutils.ParseIPSloppy, the pre-Go-1.17 parser that
// still accepts IPv4 octets with leading zeros ("010.001.002.003"); the
// standard library now rejects those, so they are retried here.
func IsValidIP(value string) []string {
	if parseIP(value) || isSloppyIPv4(value) {
		return nil
	}
	return []string{"must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"}
}

// parseIP is net.ParseIP's acceptance test on the pure net/netip parser (the
// core may not import net): netip also takes IPv6 zones ("fe80::1%eth0"),
// which net.ParseIP refuses.
func parseIP(s string) bool {
	_, err := netip.ParseAddr(s)
	return err == nil && !strings.Contains(s, "%")
}

// isSloppyIPv4 accepts a dotted quad whose octets may carry leading zeros,
// as the old parser did. (Leading zeros inside an IPv6 address's embedded
// IPv4 tail are not retried: no playground field takes such addresses.)
func isSloppyIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" {
			return false
		}
		n := 0
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return false
			}
			n = n*10 + int(p[i]-'0')
			if n > 255 {
				return false
			}
		}
	}
	return true
}

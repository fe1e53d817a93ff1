// The suffixes, as suffix.go upstream has them: which letters can start
// one, what base and exponent each stands for (interpretSuffix), and the
// suffix for a decimal exponent or a power of 1024 when formatting.

package resource

import (
	"math"
	"strconv"
)

func isSuffixLetter(c byte) bool {
	switch c {
	case 'e', 'E', 'i', 'n', 'u', 'm', 'k', 'K', 'M', 'G', 'T', 'P':
		return true
	}
	return false
}

// interpretSuffix returns the base (10 or 2) and exponent a suffix stands for.
func interpretSuffix(s string) (base, exponent int32, format Format, ok bool) {
	switch s {
	case "":
		return 10, 0, DecimalSI, true
	case "n":
		return 10, -9, DecimalSI, true
	case "u":
		return 10, -6, DecimalSI, true
	case "m":
		return 10, -3, DecimalSI, true
	case "k":
		return 10, 3, DecimalSI, true
	case "M":
		return 10, 6, DecimalSI, true
	case "G":
		return 10, 9, DecimalSI, true
	case "T":
		return 10, 12, DecimalSI, true
	case "P":
		return 10, 15, DecimalSI, true
	case "E":
		return 10, 18, DecimalSI, true
	case "Ki":
		return 2, 10, BinarySI, true
	case "Mi":
		return 2, 20, BinarySI, true
	case "Gi":
		return 2, 30, BinarySI, true
	case "Ti":
		return 2, 40, BinarySI, true
	case "Pi":
		return 2, 50, BinarySI, true
	case "Ei":
		return 2, 60, BinarySI, true
	}
	if len(s) > 1 && (s[0] == 'e' || s[0] == 'E') {
		// An exponent must fit an int32 scale and its negation.
		v, err := strconv.ParseInt(s[1:], 10, 64)
		if err != nil || v > math.MaxInt32 || v < -math.MaxInt32 {
			return 0, 0, DecimalExponent, false
		}
		return 10, int32(v), DecimalExponent, true
	}
	return 0, 0, DecimalExponent, false
}

func decimalSuffix(exp int64) (string, bool) {
	switch exp {
	case -9:
		return "n", true
	case -6:
		return "u", true
	case -3:
		return "m", true
	case 0:
		return "", true
	case 3:
		return "k", true
	case 6:
		return "M", true
	case 9:
		return "G", true
	case 12:
		return "T", true
	case 15:
		return "P", true
	case 18:
		return "E", true
	}
	return "", false
}

var binarySuffixes = [...]string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}

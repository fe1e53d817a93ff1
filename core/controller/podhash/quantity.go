package podhash

import (
	"math"
	"math/big"
	"strconv"
)

// upstreamQuantity is the resource.Quantity upstream holds after protobuf:
// Quantity.Unmarshal re-parses the string Marshal wrote (String(): the
// spelling ParseQuantity kept, or the canonical form), so this models
// ParseQuantity (k8s.io/apimachinery/pkg/api/resource/quantity.go) on that
// string. wire is Kubeplay's String(), which keeps the same spellings.
func upstreamQuantity(wire string) *val {
	if wire == "0" {
		return quantityVal(0, 0, "0", "DecimalSI")
	}
	positive, num, denom, suffix := splitQuantity(wire)
	_, exponent, format := interpretSuffix(suffix)
	precision, scale, mantissa := int32(0), int32(0), int64(1)
	switch format {
	case "DecimalExponent", "DecimalSI":
		scale = exponent
		precision = maxInt64Factors - int32(len(num)+len(denom))
	case "BinarySI":
		if exponent >= 0 && len(denom) == 0 {
			mantissa <<= uint64(exponent)
			precision = 15 - int32(len(num)) - int32(float32(exponent)*3/10) - 1
		} else {
			precision = -1
		}
	}
	if precision >= 0 {
		scale -= int32(len(denom))
		if scale >= -9 {
			shifted := num + denom
			value, err := strconv.ParseInt(shifted, 10, 64)
			if err == nil {
				if result, ok := int64Multiply(value, mantissa); ok {
					if !positive {
						result = -result
					}
					keep := false
					if format == "BinarySI" {
						keep = exponent%10 == 0 && value&0x07 != 0
					} else {
						keep = scale%3 == 0 && !hasSuffix(shifted, "000") && shifted[0] != '0'
					}
					s := ""
					if keep {
						s = wire
					}
					return quantityVal(result, scale, s, format)
				}
			}
		}
	}
	return infDecQuantity(wire)
}

// maxInt64Factors is upstream's bound on the digits an int64 amount holds.
const maxInt64Factors = 18

func quantityVal(value int64, scale int32, s, format string) *val {
	return &val{fields: map[string]*val{
		"i":      {fields: map[string]*val{"value": {i: value}, "scale": {i: int64(scale)}}},
		"s":      {s: s},
		"Format": {s: format},
	}}
}

// splitQuantity models parseQuantityString for the well-formed strings
// Kubeplay stores: a sign, the integer digits without leading zeros, the
// fraction digits, and the suffix.
func splitQuantity(str string) (positive bool, num, denom, suffix string) {
	positive = true
	pos := 0
	if pos < len(str) && (str[0] == '-' || str[0] == '+') {
		positive = str[0] == '+'
		pos++
	}
	for pos < len(str) && str[pos] == '0' {
		pos++
	}
	start := pos
	for pos < len(str) && isDigit(str[pos]) {
		pos++
	}
	num = str[start:pos]
	if num == "" {
		num = "0"
	}
	if pos < len(str) && str[pos] == '.' {
		pos++
		start = pos
		for pos < len(str) && isDigit(str[pos]) {
			pos++
		}
		denom = str[start:pos]
	}
	return positive, num, denom, str[pos:]
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

// interpretSuffix models suffixHandler.interpret: decimal SI suffixes
// first, then binary ones, then an exponent.
func interpretSuffix(suffix string) (base, exponent int32, format string) {
	switch suffix {
	case "n":
		return 10, -9, "DecimalSI"
	case "u":
		return 10, -6, "DecimalSI"
	case "m":
		return 10, -3, "DecimalSI"
	case "":
		return 10, 0, "DecimalSI"
	case "k":
		return 10, 3, "DecimalSI"
	case "M":
		return 10, 6, "DecimalSI"
	case "G":
		return 10, 9, "DecimalSI"
	case "T":
		return 10, 12, "DecimalSI"
	case "P":
		return 10, 15, "DecimalSI"
	case "E":
		return 10, 18, "DecimalSI"
	case "Ki":
		return 2, 10, "BinarySI"
	case "Mi":
		return 2, 20, "BinarySI"
	case "Gi":
		return 2, 30, "BinarySI"
	case "Ti":
		return 2, 40, "BinarySI"
	case "Pi":
		return 2, 50, "BinarySI"
	case "Ei":
		return 2, 60, "BinarySI"
	}
	e, _ := strconv.ParseInt(suffix[1:], 10, 32)
	return 10, int32(e), "DecimalExponent"
}

// int64Multiply models upstream's overflow-checked product (math.go).
func int64Multiply(a, b int64) (int64, bool) {
	if a == 0 || b == 0 || a == 1 || b == 1 {
		return a * b, true
	}
	if a == math.MinInt64 || b == math.MinInt64 {
		return 0, false
	}
	c := a * b
	return c, c/b == a
}

// infDecQuantity is ParseQuantity's inf.Dec branch, taken where the amount
// does not fit its int64 form (more than 18 digits, or binary amounts past
// 2^63 such as 1Pi): the amount is digits × 10^exponent (or × 2^exponent),
// rounded up to nanos, which for the spellings that reach protobuf (no
// more precise than nanos) means scale 9 exactly; binary amounts are capped
// at 2^63-1 (scale 0).
func infDecQuantity(wire string) *val {
	positive, num, denom, suffix := splitQuantity(wire)
	base, exponent, format := interpretSuffix(suffix)
	unscaled, ok := new(big.Int).SetString(num+denom, 10)
	if !ok {
		unscaled = new(big.Int)
	}
	scale := int64(len(denom))
	if base == 10 {
		scale -= int64(exponent)
	} else {
		unscaled.Lsh(unscaled, uint(exponent))
	}
	if unscaled.Sign() != 0 && scale < 9 {
		unscaled.Mul(unscaled, new(big.Int).Exp(big.NewInt(10), big.NewInt(9-scale), nil))
		scale = 9
	}
	if format == "BinarySI" {
		limit := new(big.Int).Mul(big.NewInt(math.MaxInt64), new(big.Int).Exp(big.NewInt(10), big.NewInt(scale), nil))
		if unscaled.Cmp(limit) > 0 {
			unscaled, scale = big.NewInt(math.MaxInt64), 0
		}
	}
	words := unscaled.Bits()
	elems := make([]*val, len(words))
	for i, w := range words {
		elems[i] = &val{u: uint64(w)}
	}
	dec := &val{fields: map[string]*val{
		"unscaled": {fields: map[string]*val{"neg": {b: !positive && len(words) > 0}, "abs": {elems: elems}}},
		"scale":    {i: scale},
	}}
	return &val{fields: map[string]*val{
		"d":      {fields: map[string]*val{"Dec": dec}},
		"Format": {s: format},
	}}
}

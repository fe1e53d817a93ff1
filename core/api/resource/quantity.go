// Package resource is Kubeplay's resource.Quantity: a fixed-point decimal
// number with a unit suffix ("500m", "512Mi", "1e3"), written from scratch to
// behave like k8s.io/apimachinery/pkg/api/resource.Quantity.
//
// The serialization format is upstream's:
//
//	<quantity>        ::= <signedNumber><suffix>
//	<signedNumber>    ::= <number> | <sign><number>
//	<number>          ::= <digits> | <digits>.<digits> | <digits>. | .<digits>
//	<suffix>          ::= <binarySI> | <decimalExponent> | <decimalSI>
//	<binarySI>        ::= Ki | Mi | Gi | Ti | Pi | Ei
//	<decimalSI>       ::= n | u | m | "" | k | M | G | T | P | E
//	<decimalExponent> ::= "e" <signedNumber> | "E" <signedNumber>
//
// Parsing keeps the value exactly, except that a finer value than 1n is
// rounded away from zero to a whole number of nanos ("0.9n" is 1n) and a
// BinarySI value is capped at 2^63-1 in magnitude ("8Ei" is 2^63-1). A
// quantity remembers its suffix family (Format) and prints in canonical form:
// no fractional digits, the largest suffix that loses nothing ("1.5" is
// "1500m", "1024Mi" is "1Gi", "1000" is "1k"). Like upstream, a quantity
// parsed from a string that upstream's fast path deems canonical prints that
// very string, even where it is not ("1.441", "+1", "01", "1E3").
//
// Differences from upstream, all outside realistic values:
//   - the int64 accessors (Value, MilliValue, ScaledValue) saturate where
//     upstream's result is undefined (overflow);
//   - an exponent is never wrapped at 32 bits and huge exponents never hang:
//     "1e-2147483630" is 1n and "1.55e-2147483647" is 1n (upstream hangs or
//     wraps), and a canonical exponent past 2147483646 keeps the extra zeros
//     in the mantissa so that the string still parses;
//   - Add and Sub drop an operand lying more than 4096 decimal places below
//     the other instead of building a mantissa that long;
//   - AsApproximateFloat64 works from a normalised mantissa, so it may differ
//     from upstream in the last bit;
//   - Mul, AsInt64, AsDec, RoundUp, ToDec and the CBOR/protobuf codecs are
//     not provided (AsInt64's answer depends on upstream's internal
//     representation, e.g. false for "1000m").
package resource

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Quantity is a fixed-point representation of a number, with a preferred
// format. The zero value is 0. Quantities are plain values: copies share no
// mutable state, and two quantities parsed from the same string are
// reflect.DeepEqual.
type Quantity struct {
	a amount
	// s is the spelling String returns when set: the parsed input where
	// upstream keeps it verbatim.
	s string

	// Format is the suffix family used when printing. It may be changed at
	// will; a spelling kept from parsing stays as it was (as upstream).
	Format
}

// Format lists the three possible formattings of a quantity.
type Format string

const (
	DecimalExponent = Format("DecimalExponent") // e.g., 12e6
	BinarySI        = Format("BinarySI")        // e.g., 12Mi (12 * 2^20)
	DecimalSI       = Format("DecimalSI")       // e.g., 12M  (12 * 10^6)
)

// Scale is used for getting and setting the base-10 scaled value. Base-2
// scales are omitted for mathematical simplicity.
type Scale int32

const (
	Nano  Scale = -9
	Micro Scale = -6
	Milli Scale = -3
	Kilo  Scale = 3
	Mega  Scale = 6
	Giga  Scale = 9
	Tera  Scale = 12
	Peta  Scale = 15
	Exa   Scale = 18
)

// MaxMilliValue is the largest whole number whose milli value fits an int64.
const MaxMilliValue = int64(((1 << 63) - 1) / 1000)

// splitREString describes the accepted shape; as upstream, it is quoted by
// ErrFormatWrong but the scanner below is what decides.
const splitREString = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"

var (
	// ErrFormatWrong is returned for an empty string or one that does not
	// have the shape number+suffix.
	ErrFormatWrong = errors.New("quantities must match the regular expression '" + splitREString + "'")
	// ErrNumeric is returned when the number part cannot be read.
	ErrNumeric = errors.New("unable to parse numeric part of quantity")
	// ErrSuffix is returned for an unknown suffix.
	ErrSuffix = errors.New("unable to parse quantity's suffix")
)

// MustParse turns the given string into a quantity or panics; for tests or
// other cases where you know the string is valid.
func MustParse(str string) Quantity {
	q, err := ParseQuantity(str)
	if err != nil {
		panic(fmt.Errorf("cannot parse '%v': %v", str, err))
	}
	return q
}

// ParseQuantity turns str into a Quantity, or returns an error.
func ParseQuantity(str string) (Quantity, error) {
	if len(str) == 0 {
		return Quantity{}, ErrFormatWrong
	}
	if str == "0" {
		return Quantity{s: str, Format: DecimalSI}, nil
	}
	neg, number, intPart, frac, suf, err := splitQuantity(str)
	if err != nil {
		return Quantity{}, err
	}
	base, exponent, format, ok := interpretSuffix(suf)
	if !ok {
		return Quantity{}, ErrSuffix
	}

	// The fast path mirrors upstream's int64 path, including when it keeps
	// the input as the quantity's spelling.
	switch format {
	case BinarySI:
		if len(frac) == 0 && 14-len(intPart)-int(exponent)*3/10 >= 0 {
			v := digitsValue(intPart, "")
			m := v << uint(exponent)
			if neg {
				m = -m
			}
			q := Quantity{a: smallAmount(m, 0), Format: format}
			if v&7 != 0 {
				q.s = str
			}
			return q, nil
		}
	default:
		scale := int64(exponent) - int64(len(frac))
		if len(intPart)+len(frac) <= 18 && scale >= int64(Nano) {
			v := digitsValue(intPart, frac)
			if neg {
				v = -v
			}
			q := Quantity{a: smallAmount(v, scale), Format: format}
			if scale%3 == 0 && intPart[0] != '0' && !endsWith000(intPart, frac) {
				q.s = str
			}
			return q, nil
		}
	}

	// Exact path.
	if !hasDigit(number) {
		return Quantity{}, ErrNumeric
	}
	exp := -int64(len(frac))
	if base == 10 {
		exp += int64(exponent)
	}
	a := digitsAmount(intPart, frac, exp)
	if neg {
		a = a.neg()
	}
	if base == 2 {
		a = a.mulPow2(uint(exponent))
	}
	// Round a non-zero value up to the smallest representable one, under the
	// theory that if you want some resources, you should get some.
	a = roundAway(a, int64(Nano))
	if format == BinarySI {
		abs := a.abs()
		if cmpAmount(abs, amountMaxInt64) > 0 {
			a = amountMaxInt64
			if neg {
				a = a.neg()
			}
		} else if !abs.isZero() && cmpAmount(abs, amountOne) < 0 {
			format = DecimalSI
		}
	}
	return Quantity{a: a, Format: format}, nil
}

// splitQuantity scans str the way upstream's parseQuantityString does: an
// optional sign, digits with leading zeros dropped (intPart is "0" when none
// is left), an optional fraction, then suffix letters, an optional sign and
// digits. number is the text up to the suffix.
func splitQuantity(str string) (neg bool, number, intPart, frac, suffix string, err error) {
	i, end := 0, len(str)
	if str[0] == '-' || str[0] == '+' {
		neg = str[0] == '-'
		i++
	}
	for i < end && str[i] == '0' {
		i++
	}
	if i == end {
		return neg, str, "0", "", "", nil
	}
	start := i
	for i < end && isDigit(str[i]) {
		i++
	}
	intPart = str[start:i]
	if i == end {
		return neg, str, intPart, "", "", nil
	}
	if intPart == "" {
		intPart = "0"
	}
	if str[i] == '.' {
		i++
		start = i
		for i < end && isDigit(str[i]) {
			i++
		}
		frac = str[start:i]
		if i == end {
			return neg, str, intPart, frac, "", nil
		}
	}
	number = str[:i]
	start = i
	for i < end && isSuffixLetter(str[i]) {
		i++
	}
	if i < end && (str[i] == '-' || str[i] == '+') {
		i++
	}
	for i < end && isDigit(str[i]) {
		i++
	}
	if i != end {
		return false, "", "", "", "", ErrFormatWrong
	}
	return neg, number, intPart, frac, str[start:], nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			return true
		}
	}
	return false
}

// digitsValue returns the integer spelled by a followed by b (at most 18
// digits in all).
func digitsValue(a, b string) int64 {
	var v int64
	for i := 0; i < len(a); i++ {
		v = v*10 + int64(a[i]-'0')
	}
	for i := 0; i < len(b); i++ {
		v = v*10 + int64(b[i]-'0')
	}
	return v
}

// endsWith000 reports whether the digits a followed by b end in "000".
func endsWith000(a, b string) bool {
	n := 0
	for i := len(b) - 1; i >= 0 && n < 3; i-- {
		if b[i] != '0' {
			return false
		}
		n++
	}
	for i := len(a) - 1; i >= 0 && n < 3; i-- {
		if a[i] != '0' {
			return false
		}
		n++
	}
	return n == 3
}

// digitsAmount returns (the integer spelled by a followed by b) × 10^exp.
func digitsAmount(a, b string, exp int64) amount {
	// Leading zeros go; trailing zeros move into the exponent.
	if a = strings.TrimLeft(a, "0"); a == "" {
		b = strings.TrimLeft(b, "0")
	}
	t := strings.TrimRight(b, "0")
	exp += int64(len(b) - len(t))
	if b = t; b == "" {
		t = strings.TrimRight(a, "0")
		exp += int64(len(a) - len(t))
		a = t
	}
	switch n := len(a) + len(b); {
	case n == 0:
		return amount{}
	case n <= 18:
		return smallAmount(digitsValue(a, b), exp)
	}
	v, _ := new(big.Int).SetString(a+b, 10)
	return bigAmount(v, exp)
}

// NewQuantity returns a new Quantity representing the given value in the
// given format.
func NewQuantity(value int64, format Format) *Quantity {
	return &Quantity{a: smallAmount(value, 0), Format: format}
}

// NewMilliQuantity returns a new Quantity representing the given value *
// 1/1000 in the given format. Note that BinarySI formatting will round
// fractional values, and will be changed to DecimalSI for values x where
// (-1 < x < 1) && (x != 0).
func NewMilliQuantity(value int64, format Format) *Quantity {
	return &Quantity{a: smallAmount(value, int64(Milli)), Format: format}
}

// newScaledQuantity returns a new Quantity representing the given value *
// 10^scale in DecimalSI format.
func newScaledQuantity(value int64, scale Scale) *Quantity {
	return &Quantity{a: smallAmount(value, int64(scale)), Format: DecimalSI}
}

// DeepCopy returns a copy of q. Quantities share no mutable state, so this is
// q itself; it exists for code written against upstream.
func (q Quantity) DeepCopy() Quantity { return q }

// IsZero returns true if the quantity is equal to zero.
func (q Quantity) IsZero() bool { return q.a.isZero() }

// Sign returns 0 if the quantity is zero, -1 if the quantity is less than
// zero, or 1 if the quantity is greater than zero.
func (q Quantity) Sign() int { return q.a.sign() }

// Cmp returns 0 if the quantity is equal to y, -1 if the quantity is less
// than y, or 1 if the quantity is greater than y.
func (q Quantity) Cmp(y Quantity) int { return cmpAmount(q.a, y.a) }

// cmpInt64 returns 0 if the quantity is equal to y, -1 if the quantity is
// less than y, or 1 if the quantity is greater than y.
func (q Quantity) cmpInt64(y int64) int { return cmpAmount(q.a, smallAmount(y, 0)) }

// Equal reports whether q and v have the same value (formats may differ).
func (q Quantity) Equal(v Quantity) bool { return q.Cmp(v) == 0 }

// Value returns the value of q rounded up to the nearest integer away from 0,
// saturated to the int64 range.
func (q Quantity) Value() int64 { return q.a.toInt64(0) }

// MilliValue returns the value of ceil(q * 1000) (rounding away from zero),
// saturated to the int64 range.
func (q Quantity) MilliValue() int64 { return q.a.toInt64(int64(Milli)) }

// scaledValue returns the value of ceil(q / 10^scale) (rounding away from
// zero), saturated to the int64 range. For example,
// NewQuantity(1, DecimalSI).ScaledValue(Milli) returns 1000.
func (q Quantity) scaledValue(scale Scale) int64 { return q.a.toInt64(int64(scale)) }

// asApproximateFloat64 returns a float64 representation of the quantity which
// may lose precision. A value outside the range of a float64 gives +Inf/-Inf.
func (q Quantity) asApproximateFloat64() float64 { return q.a.float64() }

// Add adds y to q. If q is zero, its format becomes y's.
func (q *Quantity) Add(y Quantity) {
	q.s = ""
	if q.a.isZero() {
		q.Format = y.Format
	}
	q.a = addAmount(q.a, y.a)
}

// Sub subtracts y from q. If q is zero, its format becomes y's.
func (q *Quantity) Sub(y Quantity) {
	q.s = ""
	if q.a.isZero() {
		q.Format = y.Format
	}
	q.a = addAmount(q.a, y.a.neg())
}

// Neg sets q to its negation.
func (q *Quantity) Neg() {
	q.s = ""
	q.a = q.a.neg()
}

// set sets q's value to be value.
func (q *Quantity) set(value int64) { q.SetScaled(value, 0) }

// setMilli sets q's value to be value * 1/1000.
func (q *Quantity) setMilli(value int64) { q.SetScaled(value, Milli) }

// SetScaled sets q's value to be value * 10^scale.
func (q *Quantity) SetScaled(value int64, scale Scale) {
	q.s = ""
	q.a = smallAmount(value, int64(scale))
}

// String formats the quantity in canonical form (or the spelling it was
// parsed from, where upstream keeps that).
func (q Quantity) String() string {
	if q.s != "" {
		return q.s
	}
	var buf [24]byte
	return string(q.appendCanonical(buf[:0]))
}

// MarshalJSON implements json.Marshaler: a JSON string holding String().
func (q Quantity) MarshalJSON() ([]byte, error) {
	if q.s != "" {
		out := make([]byte, 0, len(q.s)+2)
		out = append(out, '"')
		out = append(out, q.s...)
		return append(out, '"'), nil
	}
	out := make([]byte, 1, 24)
	out[0] = '"'
	out = q.appendCanonical(out)
	return append(out, '"'), nil
}

// UnmarshalJSON implements json.Unmarshaler. It accepts a JSON string or a
// JSON number (surrounding whitespace inside the string is ignored, as
// upstream); null sets the value to zero and keeps the format.
func (q *Quantity) UnmarshalJSON(value []byte) error {
	l := len(value)
	if l == 4 && string(value) == "null" {
		q.a = amount{}
		q.s = ""
		return nil
	}
	if l >= 2 && value[0] == '"' && value[l-1] == '"' {
		value = value[1 : l-1]
	}
	parsed, err := ParseQuantity(strings.TrimSpace(string(value)))
	if err != nil {
		return err
	}
	*q = parsed
	return nil
}

// maxCanonicalExp is the largest multiple of 3 that still parses as an
// exponent; larger canonical exponents are spelled with extra zeros instead.
const maxCanonicalExp = math.MaxInt32 - 1

// appendCanonical appends the canonical form of q to dst.
func (q Quantity) appendCanonical(dst []byte) []byte {
	a := q.a
	if a.isZero() {
		return append(dst, '0')
	}
	format := q.Format
	switch format {
	case DecimalSI, DecimalExponent:
	case BinarySI:
		abs := a.abs()
		if cmpAmount(abs, amount1024) < 0 || a.exp < 0 {
			// Within ±1024, or not an integer (a normalised mantissa
			// has no trailing zeros): don't round, show as DecimalSI.
			format = DecimalSI
		} else if out, ok := appendBinary(dst, a); ok {
			return out
		} else {
			// No binary suffix is large enough (past Ei).
			format = DecimalExponent
		}
	default:
		format = DecimalExponent
	}

	// The exponent goes down to a multiple of three; the mantissa, which has
	// no trailing zeros, gets that many zeros instead.
	exp := a.exp
	pad := exp % 3
	if pad < 0 {
		pad += 3
	}
	exp -= pad
	if exp > maxCanonicalExp {
		pad += exp - maxCanonicalExp
		exp = maxCanonicalExp
	}
	if a.big != nil {
		dst = a.big.Append(dst, 10)
	} else {
		dst = strconv.AppendInt(dst, a.m, 10)
	}
	for ; pad > 0; pad-- {
		dst = append(dst, '0')
	}
	if format == DecimalSI {
		if suffix, ok := decimalSuffix(exp); ok {
			return append(dst, suffix...)
		}
		// Beyond E or below n there is no suffix: fall back to an exponent
		// rather than drop the magnitude.
	}
	if exp == 0 {
		return dst
	}
	dst = append(dst, 'e')
	return strconv.AppendInt(dst, exp, 10)
}

// appendBinary appends the integer a (exp >= 0) as a mantissa times the
// largest power of 1024 that divides it, or reports false when that power has
// no suffix.
func appendBinary(dst []byte, a amount) ([]byte, bool) {
	// 10^exp contributes exp factors of two.
	k := (a.trailingZeroBits() + a.exp) / 10
	if k >= int64(len(binarySuffixes)) {
		return dst, false
	}
	// Here exp < 70.
	if a.big == nil && a.exp < int64(len(pow10)) {
		if v, ok := mulInt64(a.m, pow10[a.exp]); ok {
			v /= 1 << (10 * k)
			dst = strconv.AppendInt(dst, v, 10)
			return append(dst, binarySuffixes[k]...), true
		}
	}
	var v big.Int
	a.mant(&v)
	v.Mul(&v, pow10Big(a.exp))
	v.Quo(&v, new(big.Int).Lsh(big.NewInt(1), uint(10*k)))
	dst = v.Append(dst, 10)
	return append(dst, binarySuffixes[k]...), true
}

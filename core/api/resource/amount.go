package resource

import (
	"math"
	"math/big"
	"math/bits"
)

// amount is an exact decimal number, mantissa × 10^exp.
//
// Invariants, which make equal amounts identical values (so reflect.DeepEqual
// agrees with Cmp for them):
//   - the mantissa has no trailing decimal zeros, and zero is amount{};
//   - the mantissa lives in m when it lies in [-MaxInt64, MaxInt64], and in
//     big otherwise (big == nil means "use m");
//   - a *big.Int stored here is never mutated again, so copies of an amount
//     (and of the Quantity holding it) may share it safely.
type amount struct {
	m   int64
	big *big.Int
	exp int64
}

// maxAlignDigits bounds the alignment work of an addition: when the smaller
// operand sits more than this many decimal places below the larger one (and is
// too short to reach it), it is dropped instead of materialising a mantissa of
// that many digits. Only absurd values (exponents thousands apart) get here.
const maxAlignDigits = 4096

var pow10 = [19]int64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
}

var (
	bigTen    = big.NewInt(10)
	amountOne = amount{m: 1}
	// amountMaxInt64 is 2^63-1, the cap applied to parsed BinarySI values.
	amountMaxInt64 = amount{m: math.MaxInt64}
	amount1024     = amount{m: 1024}
)

// smallAmount returns m × 10^exp in normal form.
func smallAmount(m, exp int64) amount {
	if m == 0 {
		return amount{}
	}
	for m%10 == 0 {
		m /= 10
		exp++
	}
	if m == math.MinInt64 {
		return amount{big: big.NewInt(m), exp: exp}
	}
	return amount{m: m, exp: exp}
}

// bigAmount returns b × 10^exp in normal form. It takes ownership of b.
func bigAmount(b *big.Int, exp int64) amount {
	if b.Sign() == 0 {
		return amount{}
	}
	if b.Bit(0) == 0 { // even: it may end in zeros
		var q, r big.Int
		q.QuoRem(b, bigTen, &r)
		if r.Sign() == 0 {
			// Count the zeros on the decimal text: it is simple, and this
			// path only runs for mantissas beyond int64.
			text := b.Text(10)
			z := 0
			for i := len(text) - 1; i >= 0 && text[i] == '0'; i-- {
				z++
			}
			b.Quo(b, pow10Big(int64(z)))
			exp += int64(z)
		}
	}
	if b.IsInt64() {
		if v := b.Int64(); v != math.MinInt64 {
			return amount{m: v, exp: exp}
		}
	}
	return amount{big: b, exp: exp}
}

// pow10Big returns a new big.Int holding 10^n (n >= 0).
func pow10Big(n int64) *big.Int {
	if n < int64(len(pow10)) {
		return big.NewInt(pow10[n])
	}
	return new(big.Int).Exp(bigTen, big.NewInt(n), nil)
}

func (a amount) isZero() bool { return a.big == nil && a.m == 0 }

func (a amount) sign() int {
	if a.big != nil {
		return a.big.Sign()
	}
	switch {
	case a.m > 0:
		return 1
	case a.m < 0:
		return -1
	}
	return 0
}

// mant sets dst to the mantissa and returns it.
func (a amount) mant(dst *big.Int) *big.Int {
	if a.big != nil {
		return dst.Set(a.big)
	}
	return dst.SetInt64(a.m)
}

func (a amount) neg() amount {
	if a.big == nil {
		return amount{m: -a.m, exp: a.exp}
	}
	return bigAmount(new(big.Int).Neg(a.big), a.exp)
}

func (a amount) abs() amount {
	if a.sign() >= 0 {
		return a
	}
	return a.neg()
}

// decDigits returns the number of decimal digits of v > 0.
func decDigits(v uint64) int64 {
	n := int64(1)
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

// digitRange bounds the number of decimal digits of the mantissa (which must
// not be zero): lo <= digits <= hi, exact for int64 mantissas.
func (a amount) digitRange() (lo, hi int64) {
	if a.big == nil {
		m := a.m
		if m < 0 {
			m = -m
		}
		d := decDigits(uint64(m))
		return d, d
	}
	// 2^(l-1) <= |v| < 2^l, and 0.301029 < log10(2) < 0.301030.
	l := int64(a.big.BitLen())
	return (l-1)*301029/1000000 + 1, l*301030/1000000 + 1
}

// mulInt64 returns a*b and whether it did not overflow.
func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if (c < 0) != ((a < 0) != (b < 0)) || c/b != a || c == math.MinInt64 {
		return 0, false
	}
	return c, true
}

// addInt64 returns a+b and whether it stayed within [-MaxInt64, MaxInt64].
func addInt64(a, b int64) (int64, bool) {
	c := a + b
	if (c > a) != (b > 0) || c == math.MinInt64 {
		return 0, false
	}
	return c, true
}

// cmpAmount compares x and y exactly.
func cmpAmount(x, y amount) int {
	sx, sy := x.sign(), y.sign()
	switch {
	case sx < sy:
		return -1
	case sx > sy:
		return 1
	case sx == 0:
		return 0
	}
	if x.big == nil && y.big == nil {
		if x.exp == y.exp {
			return cmpInt64(x.m, y.m)
		}
		if x.exp > y.exp {
			if d := x.exp - y.exp; d < int64(len(pow10)) {
				if p, ok := mulInt64(x.m, pow10[d]); ok {
					return cmpInt64(p, y.m)
				}
			}
			// |x| >= 10^19 > |y|.
			return sx
		}
		if d := y.exp - x.exp; d < int64(len(pow10)) {
			if p, ok := mulInt64(y.m, pow10[d]); ok {
				return cmpInt64(x.m, p)
			}
		}
		return -sy
	}
	// Compare magnitudes (digits + exponent) first, so that operands far
	// apart never materialise a power of ten.
	xlo, xhi := x.digitRange()
	ylo, yhi := y.digitRange()
	if xlo+x.exp > yhi+y.exp {
		return sx // |x| > |y|
	}
	if ylo+y.exp > xhi+x.exp {
		return -sx // |x| < |y|
	}
	// The exponents are now at most a mantissa's length apart.
	var bx, by big.Int
	x.mant(&bx)
	y.mant(&by)
	if x.exp > y.exp {
		bx.Mul(&bx, pow10Big(x.exp-y.exp))
	} else if y.exp > x.exp {
		by.Mul(&by, pow10Big(y.exp-x.exp))
	}
	return bx.Cmp(&by)
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// addAmount returns x+y, exactly unless the operands' exponents are more than
// maxAlignDigits apart (see there).
func addAmount(x, y amount) amount {
	if x.isZero() {
		return y
	}
	if y.isZero() {
		return x
	}
	hi, lo := x, y
	if hi.exp < lo.exp {
		hi, lo = lo, hi
	}
	d := hi.exp - lo.exp
	if hi.big == nil && lo.big == nil && d < int64(len(pow10)) {
		if p, ok := mulInt64(hi.m, pow10[d]); ok {
			if s, ok := addInt64(p, lo.m); ok {
				return smallAmount(s, lo.exp)
			}
		}
	}
	if d > maxAlignDigits {
		if _, lhi := lo.digitRange(); lhi+lo.exp <= hi.exp-maxAlignDigits {
			// |lo| < 10^-maxAlignDigits × |hi|: negligible.
			return hi
		}
	}
	var bh, bl big.Int
	hi.mant(&bh)
	lo.mant(&bl)
	if d > 0 {
		bh.Mul(&bh, pow10Big(d))
	}
	return bigAmount(bh.Add(&bh, &bl), lo.exp)
}

// roundAway returns a rounded away from zero to a multiple of 10^minExp when
// it has finer digits.
func roundAway(a amount, minExp int64) amount {
	if a.isZero() || a.exp >= minExp {
		return a
	}
	k := minExp - a.exp // digits to drop
	s := int64(a.sign())
	if a.big == nil {
		if k >= int64(len(pow10)) {
			return amount{m: s, exp: minExp}
		}
		q := a.m / pow10[k]
		if a.m%pow10[k] != 0 {
			q += s
		}
		return smallAmount(q, minExp)
	}
	if _, hi := a.digitRange(); k > hi {
		return amount{m: s, exp: minExp}
	}
	var q, r big.Int
	q.QuoRem(a.big, pow10Big(k), &r)
	if r.Sign() != 0 {
		q.Add(&q, big.NewInt(s))
	}
	return bigAmount(&q, minExp)
}

// toInt64 returns ceil(|a| / 10^scale) with a's sign (rounding away from
// zero), saturated to [MinInt64, MaxInt64].
func (a amount) toInt64(scale int64) int64 {
	s := a.sign()
	if s == 0 {
		return 0
	}
	saturated := int64(math.MaxInt64)
	if s < 0 {
		saturated = math.MinInt64
	}
	k := a.exp - scale
	if a.big == nil {
		if k >= 0 {
			if k >= int64(len(pow10)) {
				return saturated
			}
			p, ok := mulInt64(a.m, pow10[k])
			if !ok {
				return saturated
			}
			return p
		}
		if -k >= int64(len(pow10)) {
			return int64(s)
		}
		q := a.m / pow10[-k]
		if a.m%pow10[-k] != 0 {
			q += int64(s)
		}
		return q
	}
	if k >= 0 {
		// |mantissa| > MaxInt64; only -2^63 × 10^0 fits, and saturating
		// yields exactly that.
		return saturated
	}
	r := roundAway(a, scale)
	if r.big != nil {
		return saturated
	}
	if r.exp-scale >= int64(len(pow10)) {
		return saturated
	}
	p, ok := mulInt64(r.m, pow10[r.exp-scale])
	if !ok {
		return saturated
	}
	return p
}

// float64 approximates a the way upstream's AsApproximateFloat64 does:
// float64(mantissa) × 10^exp.
func (a amount) float64() float64 {
	if a.isZero() {
		return 0
	}
	var base float64
	if a.big != nil {
		base, _ = new(big.Float).SetInt(a.big).Float64()
	} else {
		base = float64(a.m)
	}
	if a.exp == 0 {
		return base
	}
	e := a.exp
	if e > math.MaxInt32 {
		e = math.MaxInt32
	} else if e < math.MinInt32 {
		e = math.MinInt32
	}
	return base * math.Pow10(int(e))
}

// mulPow2 returns a × 2^n for 0 < n < 63.
func (a amount) mulPow2(n uint) amount {
	if a.big == nil {
		m := a.m
		if m < 0 {
			m = -m
		}
		if m <= math.MaxInt64>>n {
			return smallAmount(a.m<<n, a.exp)
		}
	}
	var b big.Int
	a.mant(&b)
	return bigAmount(b.Lsh(&b, n), a.exp)
}

// trailingZeroBits returns the number of trailing zero bits of the mantissa
// (which must not be zero).
func (a amount) trailingZeroBits() int64 {
	if a.big != nil {
		return int64(a.big.TrailingZeroBits())
	}
	return int64(bits.TrailingZeros64(uint64(a.m)))
}

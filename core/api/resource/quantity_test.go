package resource

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// Test vectors marked "upstream" are harvested from
// k8s.io/apimachinery/pkg/api/resource (quantity_test.go, quantity_golden_test.go,
// math_test.go, quantity_exact_policy_test.go and
// testdata/quantity_decode_corpus.json).

const (
	mostPositive = math.MaxInt64
	mostNegative = math.MinInt64
)

// dq is upstream's decQuantity/intQuantity: m × 10^exp in format f.
func dq(m int64, exp int, f Format) Quantity {
	return Quantity{a: smallAmount(m, int64(exp)), Format: f}
}

func bq(b *big.Int, exp int, f Format) Quantity {
	return Quantity{a: bigAmount(new(big.Int).Set(b), int64(exp)), Format: f}
}

func TestParseQuantityString(t *testing.T) { // upstream
	table := []struct {
		input                     string
		neg                       bool
		number, num, denom, sufix string
	}{
		{"0.025Ti", false, "0.025", "0", "025", "Ti"},
		{"1.025Ti", false, "1.025", "1", "025", "Ti"},
		{"-1.025Ti", true, "-1.025", "1", "025", "Ti"},
		{".", false, ".", "0", "", ""},
		{"-.", true, "-.", "0", "", ""},
		{"1E-3", false, "1", "1", "", "E-3"},
		{"007.50Mi", false, "007.50", "7", "50", "Mi"},
	}
	for _, tc := range table {
		neg, number, num, denom, suffix, err := splitQuantity(tc.input)
		if err != nil {
			t.Errorf("%s: error: %v", tc.input, err)
			continue
		}
		if neg != tc.neg || number != tc.number || num != tc.num || denom != tc.denom || suffix != tc.sufix {
			t.Errorf("%s: got %t %q %q %q %q", tc.input, neg, number, num, denom, suffix)
		}
	}
}

// parseTable is upstream's TestQuantityParse table.
var parseTable = []struct {
	input  string
	expect Quantity
}{
	{"0", dq(0, 0, DecimalSI)},
	{"0n", dq(0, 0, DecimalSI)},
	{"0u", dq(0, 0, DecimalSI)},
	{"0m", dq(0, 0, DecimalSI)},
	{"0Ki", dq(0, 0, BinarySI)},
	{"0k", dq(0, 0, DecimalSI)},
	{"0Mi", dq(0, 0, BinarySI)},
	{"0M", dq(0, 0, DecimalSI)},
	{"0Gi", dq(0, 0, BinarySI)},
	{"0G", dq(0, 0, DecimalSI)},
	{"0Ti", dq(0, 0, BinarySI)},
	{"0T", dq(0, 0, DecimalSI)},

	// Quantity less numbers are allowed
	{"1", dq(1, 0, DecimalSI)},

	// Binary suffixes
	{"1Ki", dq(1024, 0, BinarySI)},
	{"8Ki", dq(8*1024, 0, BinarySI)},
	{"7Mi", dq(7*1024*1024, 0, BinarySI)},
	{"6Gi", dq(6*1024*1024*1024, 0, BinarySI)},
	{"5Ti", dq(5*1024*1024*1024*1024, 0, BinarySI)},
	{"4Pi", dq(4*1024*1024*1024*1024*1024, 0, BinarySI)},
	{"3Ei", dq(3*1024*1024*1024*1024*1024*1024, 0, BinarySI)},

	{"10Ti", dq(10*1024*1024*1024*1024, 0, BinarySI)},
	{"100Ti", dq(100*1024*1024*1024*1024, 0, BinarySI)},

	// Decimal suffixes
	{"5n", dq(5, -9, DecimalSI)},
	{"4u", dq(4, -6, DecimalSI)},
	{"3m", dq(3, -3, DecimalSI)},
	{"9", dq(9, 0, DecimalSI)},
	{"8k", dq(8, 3, DecimalSI)},
	{"50k", dq(5, 4, DecimalSI)},
	{"7M", dq(7, 6, DecimalSI)},
	{"6G", dq(6, 9, DecimalSI)},
	{"5T", dq(5, 12, DecimalSI)},
	{"40T", dq(4, 13, DecimalSI)},
	{"300T", dq(3, 14, DecimalSI)},
	{"2P", dq(2, 15, DecimalSI)},
	{"1E", dq(1, 18, DecimalSI)},

	// Decimal exponents
	{"1E-3", dq(1, -3, DecimalExponent)},
	{"1e3", dq(1, 3, DecimalExponent)},
	{"1E6", dq(1, 6, DecimalExponent)},
	{"1e9", dq(1, 9, DecimalExponent)},
	{"1E12", dq(1, 12, DecimalExponent)},
	{"1e15", dq(1, 15, DecimalExponent)},
	{"1E18", dq(1, 18, DecimalExponent)},

	// Nonstandard but still parsable
	{"1e14", dq(1, 14, DecimalExponent)},
	{"1e13", dq(1, 13, DecimalExponent)},
	{"1e3", dq(1, 3, DecimalExponent)},
	{"100.035k", dq(100035, 0, DecimalSI)},

	// Things that look like floating point
	{"0.001", dq(1, -3, DecimalSI)},
	{"0.0005k", dq(5, -1, DecimalSI)},
	{"0.005", dq(5, -3, DecimalSI)},
	{"0.05", dq(5, -2, DecimalSI)},
	{"0.5", dq(5, -1, DecimalSI)},
	{"0.00050k", dq(5, -1, DecimalSI)},
	{"0.00500", dq(5, -3, DecimalSI)},
	{"0.05000", dq(5, -2, DecimalSI)},
	{"0.50000", dq(5, -1, DecimalSI)},
	{"0.5e0", dq(5, -1, DecimalExponent)},
	{"0.5e-1", dq(5, -2, DecimalExponent)},
	{"0.5e-2", dq(5, -3, DecimalExponent)},
	{"0.5e0", dq(5, -1, DecimalExponent)},
	{"10.035M", dq(10035, 3, DecimalSI)},

	{"1.2e3", dq(12, 2, DecimalExponent)},
	{"1.3E+6", dq(13, 5, DecimalExponent)},
	{"1.40e9", dq(14, 8, DecimalExponent)},
	{"1.53E12", dq(153, 10, DecimalExponent)},
	{"1.6e15", dq(16, 14, DecimalExponent)},
	{"1.7E18", dq(17, 17, DecimalExponent)},

	{"9.01", dq(901, -2, DecimalSI)},
	{"8.1k", dq(81, 2, DecimalSI)},
	{"7.123456M", dq(7123456, 0, DecimalSI)},
	{"6.987654321G", dq(6987654321, 0, DecimalSI)},
	{"5.444T", dq(5444, 9, DecimalSI)},
	{"40.1T", dq(401, 11, DecimalSI)},
	{"300.2T", dq(3002, 11, DecimalSI)},
	{"2.5P", dq(25, 14, DecimalSI)},
	{"1.01E", dq(101, 16, DecimalSI)},

	// Things that saturate/round
	{"3.001n", dq(4, -9, DecimalSI)},
	{"1.1E-9", dq(2, -9, DecimalExponent)},
	{"0.0000000001", dq(1, -9, DecimalSI)},
	{"0.0000000005", dq(1, -9, DecimalSI)},
	{"0.00000000050", dq(1, -9, DecimalSI)},
	{"0.5e-9", dq(1, -9, DecimalExponent)},
	{"0.9n", dq(1, -9, DecimalSI)},
	{"0.00000012345", dq(124, -9, DecimalSI)},
	{"0.00000012354", dq(124, -9, DecimalSI)},
	{"9Ei", dq(mostPositive, 0, BinarySI)},
	{"9223372036854775807Ki", dq(mostPositive, 0, BinarySI)},
	{"12E", dq(12, 18, DecimalSI)},

	// We'll accept fractional binary stuff, too.
	{"100.035Ki", dq(10243584, -2, BinarySI)},
	{"0.5Mi", dq(.5*1024*1024, 0, BinarySI)},
	{"0.05Gi", dq(536870912, -1, BinarySI)},
	{"0.025Ti", dq(274877906944, -1, BinarySI)},

	// Things written by trolls
	{"0.000000000001Ki", dq(2, -9, DecimalSI)}, // rounds up, changes format
	{".001", dq(1, -3, DecimalSI)},
	{".0001k", dq(100, -3, DecimalSI)},
	{"1.", dq(1, 0, DecimalSI)},
	{"1.G", dq(1, 9, DecimalSI)},
}

func TestQuantityParse(t *testing.T) { // upstream
	if _, err := ParseQuantity(""); err == nil {
		t.Errorf("expected empty string to return error")
	}
	for _, item := range parseTable {
		got, err := ParseQuantity(item.input)
		if err != nil {
			t.Errorf("%v: unexpected error: %v", item.input, err)
			continue
		}
		if e, a := item.expect, got; e.Cmp(a) != 0 {
			t.Errorf("%v: expected %v, got %v", item.input, e.String(), a.String())
		}
		if e, a := item.expect.Format, got.Format; e != a {
			t.Errorf("%v: expected %#v, got %#v", item.input, e, a)
		}
		// Rebuilding the input from its parts gives the same value.
		neg, _, num, denom, suffix, err := splitQuantity(item.input)
		if err != nil {
			t.Errorf("%v: unexpected error: %v", item.input, err)
			continue
		}
		if neg != (got.Sign() < 0) {
			t.Errorf("%v: negative was incorrect: %t", item.input, neg)
		}
		value := num
		if len(denom) > 0 {
			value += "." + denom
		}
		if again, err := ParseQuantity(value + suffix); err != nil || again.Cmp(got) != 0 {
			t.Errorf("%v: not the same as %s: %v", item.input, value+suffix, err)
		}
	}
	// The negative and explicitly positive versions of everything.
	for _, item := range parseTable {
		got, err := ParseQuantity("-" + item.input)
		if err != nil {
			t.Errorf("-%v: unexpected error: %v", item.input, err)
			continue
		}
		want := item.expect
		want.Neg()
		if want.Cmp(got) != 0 {
			t.Errorf("-%v: expected %s, got %s", item.input, want.String(), got.String())
		}
		if e, a := item.expect.Format, got.Format; e != a {
			t.Errorf("-%v: expected %#v, got %#v", item.input, e, a)
		}
		got, err = ParseQuantity("+" + item.input)
		if err != nil {
			t.Errorf("+%v: unexpected error: %v", item.input, err)
			continue
		}
		if item.expect.Cmp(got) != 0 || item.expect.Format != got.Format {
			t.Errorf("+%v: expected %s %s, got %s %s", item.input, item.expect.String(), item.expect.Format, got.String(), got.Format)
		}
	}
}

func TestQuantityParseErrors(t *testing.T) { // upstream invalid list, plus the error values
	table := []struct {
		in  string
		err error
	}{
		{"", ErrFormatWrong},
		{"1.1.M", ErrFormatWrong},
		{"1+1.0M", ErrFormatWrong},
		{"0.1mi", ErrSuffix},
		{"0.1am", ErrFormatWrong},
		{"aoeu", ErrFormatWrong},
		{".5i", ErrSuffix},
		{"1i", ErrSuffix},
		{"-3.01i", ErrSuffix},
		{"-3.01e-", ErrSuffix},
		{"Non-Numeric", ErrFormatWrong},
		{"1ki", ErrSuffix},
		{"1KB", ErrFormatWrong},
		{"1Kie3", ErrSuffix},
		{"1e3i", ErrFormatWrong},
		{"1ee3", ErrSuffix},
		{"1e", ErrSuffix},
		{"1e+-3", ErrFormatWrong},
		{"1.5.", ErrFormatWrong},
		{"--1", ErrSuffix}, // the second sign starts the suffix, as upstream
		{"0x10", ErrFormatWrong},
		{"1_000", ErrFormatWrong},
		// An exponent outside the int32 scale is rejected rather than
		// truncated (upstream TestInterpretExponentInt32Bounds).
		{"1e4294967297", ErrSuffix},
		{"1E2147483648", ErrSuffix},
		{"1E-2147483648", ErrSuffix},
		{"1E9223372036854775808", ErrSuffix},
		// Leading and trailing whitespace is forbidden.
		{" 1", ErrFormatWrong},
		{"1 ", ErrFormatWrong},
		{"1\n", ErrFormatWrong},
		// No digits, and the value does not fit upstream's int64 fast
		// path (decode corpus rows).
		{"Pi", ErrNumeric},
		{"Ei", ErrNumeric},
		{".Pi", ErrNumeric},
		{"-Ei", ErrNumeric},
		{"e-10", ErrNumeric},
		{".e-10", ErrNumeric},
		{"e-2147483647", ErrNumeric},
	}
	for _, tc := range table {
		q, err := ParseQuantity(tc.in)
		if !errors.Is(err, tc.err) {
			t.Errorf("ParseQuantity(%q) = %v, %v; want error %v", tc.in, q, err, tc.err)
		}
		if err != nil && !reflect.DeepEqual(q, Quantity{}) {
			t.Errorf("ParseQuantity(%q) returned %#v with its error", tc.in, q)
		}
	}
	if got, want := ErrFormatWrong.Error(), "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"; got != want {
		t.Errorf("ErrFormatWrong = %q", got)
	}
	if got := ErrSuffix.Error(); got != "unable to parse quantity's suffix" {
		t.Errorf("ErrSuffix = %q", got)
	}
	if got := ErrNumeric.Error(); got != "unable to parse numeric part of quantity" {
		t.Errorf("ErrNumeric = %q", got)
	}
}

func TestMustParse(t *testing.T) {
	if q := MustParse("250m"); q.MilliValue() != 250 {
		t.Errorf("MustParse(250m) = %v", q)
	}
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !strings.Contains(err.Error(), "cannot parse 'Non-Numeric'") {
			t.Errorf("MustParse did not panic with the input: %v", r)
		}
	}()
	_ = MustParse("Non-Numeric")
}

func TestDecodeCorpus(t *testing.T) { // upstream testdata/quantity_decode_corpus.json rows
	table := []struct{ in, value string }{
		{"n", "0"}, {"Ki", "0"}, {"Ti", "0"}, {"E3", "0"}, {"e+21", "0"}, {"e-9", "0"},
		{"e2147483647", "0"}, {".", "0"}, {".Ki", "0"}, {".e-9", "0"}, {"0", "0"},
		{"0Pi", "0"}, {"0Ei", "0"}, {"0e-2147483647", "0"}, {"0.0e-1000", "0"},
		{"-0.0", "0"}, {"-0.0Ei", "0"}, {"-0.0e2147483647", "0"},
		{"01", "1e0"}, {"01n", "1e-9"}, {"01E", "1e18"}, {"01Ei", "1152921504606846976e0"},
		{"01e+21", "1e21"}, {"01e-1000", "1e-9"}, {"01e-10", "1e-9"}, {"01e2147483647", "1e2147483647"},
		{"5Ki", "512e1"}, {"5Ei", "576460752303423488e1"}, {"5e-1000", "1e-9"}, {"5e-9", "5e-9"},
		{"7Ei", "8070450532247928832e0"}, {"-1Ki", "-1024e0"}, {"-1e-330", "-1e-9"},
		{"-8Pi", "-9007199254740992e0"}, {"-8Ei", "-9223372036854775807e0"}, {"-12Ei", "-9223372036854775807e0"},
		{"-12e-10", "-2e-9"}, {"-12e2147483000", "-12e2147483000"},
		{"+0.0000000001e3", "1e-7"}, {"+0.0000000001e10", "1e0"}, {"+0.0000000001e2147483647", "1e2147483637"},
		{"+0.0009765625", "976563e-9"}, {"+0.0009765625n", "1e-9"}, {"+0.0009765625m", "977e-9"},
		{"+0.0009765625k", "9765625e-7"}, {"+0.0009765625Ki", "1e0"}, {"+0.0009765625Ei", "1125899906842624e0"},
		{"+0.0009765625e-1", "97657e-9"}, {"+0.0009765625e-2147483646", "1e-9"},
		{"+1.0000000001", "1000000001e-9"}, {"+1.0000000001n", "2e-9"}, {"+1.0000000001u", "1001e-9"},
		{"+1.0000000001Ki", "1024000000103e-9"}, {"+1.0000000001Mi", "1048576000104858e-9"},
		{"+1.0000000001Gi", "1073741824107374183e-9"}, {"+1.0000000001Ti", "1099511627885951162778e-9"},
		{"+1.0000000001Pi", "1125899906955213990684263e-9"}, {"+1.0000000001Ei", "1152921504722139126460684698e-9"},
		{"+123.456789012", "123456789012e-9"}, {"+123.456789012n", "124e-9"}, {"+123.456789012m", "12345679e-8"},
		{"+123.456789012Ki", "126419751948288e-9"}, {"+123.456789012Pi", "138999987247700286256447488e-9"},
		{"+123.456789012Ei", "9223372036854775807e0"}, {"+123.456789012e-10", "13e-9"},
		{"+9223372036854775.807", "9223372036854775807e-3"}, {"+9223372036854775.807n", "9223372036854776e-9"},
		{"+9223372036854775.807Ki", "9223372036854775807e0"}, {"+9223372036854775.807e-19", "922338e-9"},
		{"+9223372036854775.807e1000", "9223372036854775807e997"}, {"+9223372036854775.808", "9223372036854775808e-3"},
		{"+9223372036854775.808k", "9223372036854775808e0"},
	}
	for _, tc := range table {
		got, err := ParseQuantity(tc.in)
		if err != nil {
			t.Errorf("ParseQuantity(%q): %v", tc.in, err)
			continue
		}
		want, err := ParseQuantity(tc.value)
		if err != nil {
			t.Fatalf("bad vector %q: %v", tc.value, err)
		}
		if got.Cmp(want) != 0 {
			t.Errorf("ParseQuantity(%q) = %s, want %s", tc.in, got.String(), tc.value)
		}
	}
	formats := map[string]Format{
		"Ki": BinarySI, "-0.0Ei": BinarySI, "E3": DecimalExponent, ".": DecimalSI, "01E": DecimalSI,
		"+0.0009765625Ki": BinarySI, "+0.0009765625n": DecimalSI, "+123.456789012Ei": BinarySI,
		"-12e-10": DecimalExponent, "0.0e-1000": DecimalExponent,
	}
	for in, want := range formats {
		if got := MustParse(in).Format; got != want {
			t.Errorf("ParseQuantity(%q).Format = %s, want %s", in, got, want)
		}
	}
}

func TestQuantityString(t *testing.T) { // upstream
	table := []struct {
		in        Quantity
		expect    string
		alternate string
	}{
		{dq(1024*1024*1024, 0, BinarySI), "1Gi", "1024Mi"},
		{dq(300*1024*1024, 0, BinarySI), "300Mi", "307200Ki"},
		{dq(6*1024, 0, BinarySI), "6Ki", ""},
		{dq(1001*1024*1024*1024, 0, BinarySI), "1001Gi", "1025024Mi"},
		{dq(1024*1024*1024*1024, 0, BinarySI), "1Ti", "1024Gi"},
		{dq(5, 0, BinarySI), "5", "5000m"},
		{dq(500, -3, BinarySI), "500m", "0.5"},
		{dq(1, 9, DecimalSI), "1G", "1000M"},
		{dq(1000, 6, DecimalSI), "1G", "0.001T"},
		{dq(1000000, 3, DecimalSI), "1G", ""},
		{dq(1000000000, 0, DecimalSI), "1G", ""},
		{dq(1, -3, DecimalSI), "1m", "1000u"},
		{dq(80, -3, DecimalSI), "80m", ""},
		{dq(1080, -3, DecimalSI), "1080m", "1.08"},
		{dq(108, -2, DecimalSI), "1080m", "1080000000n"},
		{dq(10800, -4, DecimalSI), "1080m", ""},
		{dq(300, 6, DecimalSI), "300M", ""},
		{dq(1, 12, DecimalSI), "1T", ""},
		{dq(1, 18, DecimalSI), "1E", ""},
		{dq(1, 21, DecimalSI), "1e21", "1000E"},
		{dq(5, 21, DecimalSI), "5e21", "5000E"},
		{dq(1, 24, DecimalSI), "1e24", "1000000E"},
		{dq(1, 70, BinarySI), "10e69", ""},
		{dq(2, 70, BinarySI), "20e69", ""},
		{dq(1, 72, BinarySI), "1e72", ""},
		{dq(1234567, 6, DecimalSI), "1234567M", ""},
		{dq(1234567, -3, BinarySI), "1234567m", ""},
		{dq(3, 3, DecimalSI), "3k", ""},
		{dq(1025, 0, BinarySI), "1025", ""},
		{dq(0, 0, DecimalSI), "0", ""},
		{dq(0, 0, BinarySI), "0", ""},
		{dq(1, 9, DecimalExponent), "1e9", ".001e12"},
		{dq(1, -3, DecimalExponent), "1e-3", "0.001e0"},
		{dq(1, -9, DecimalExponent), "1e-9", "1000e-12"},
		{dq(80, -3, DecimalExponent), "80e-3", ""},
		{dq(300, 6, DecimalExponent), "300e6", ""},
		{dq(1, 12, DecimalExponent), "1e12", ""},
		{dq(1, 3, DecimalExponent), "1e3", ""},
		{dq(3, 3, DecimalExponent), "3e3", ""},
		{dq(3, 3, DecimalSI), "3k", ""},
		{dq(0, 0, DecimalExponent), "0", "00"},
		{dq(1, -9, DecimalSI), "1n", ""},
		{dq(80, -9, DecimalSI), "80n", ""},
		{dq(1080, -9, DecimalSI), "1080n", ""},
		{dq(108, -8, DecimalSI), "1080n", ""},
		{dq(10800, -10, DecimalSI), "1080n", ""},
		{dq(1, -6, DecimalSI), "1u", ""},
		{dq(80, -6, DecimalSI), "80u", ""},
		{dq(1080, -6, DecimalSI), "1080u", ""},
	}
	for _, item := range table {
		if got := item.in.String(); got != item.expect {
			t.Errorf("%#v: expected %v, got %v", item.in, item.expect, got)
		}
		q, err := ParseQuantity(item.expect)
		if err != nil {
			t.Errorf("%q: unexpected error: %v", item.expect, err)
			continue
		}
		// The canonical spelling is kept on parse, as upstream does.
		if q.s != item.expect || q.String() != item.expect {
			t.Errorf("%q: did not keep the canonical string on parse: %q", item.expect, q.s)
		}
		if q.Cmp(item.in) != 0 {
			t.Errorf("%q: reparsed to a different value %v", item.expect, q)
		}
		if item.alternate == "" {
			continue
		}
		q, err = ParseQuantity(item.alternate)
		if err != nil {
			t.Errorf("%q: unexpected error: %v", item.alternate, err)
			continue
		}
		if q.s != "" {
			t.Errorf("%q: unexpected kept string: %v", item.alternate, q.s)
		}
		if q.String() != item.expect {
			t.Errorf("%q: unexpected alternate canonical: %v", item.alternate, q.String())
		}
	}
	for _, item := range table {
		if item.in.IsZero() {
			continue // never "-0"
		}
		q := item.in
		q.Neg()
		if e, a := "-"+item.expect, q.String(); e != a {
			t.Errorf("%#v: expected %v, got %v", item.in, e, a)
		}
	}
}

func TestQuantityStringConstructed(t *testing.T) { // upstream
	table := []struct {
		in   Quantity
		want string
	}{
		// BinarySI below 1024 or not a multiple of it stays decimal.
		{dq(2000, 0, BinarySI), "2000"},
		{dq(-2000, 0, BinarySI), "-2000"},
		// DecimalSI has no suffix below n.
		{dq(1, -12, DecimalSI), "1e-12"},
		{dq(1, -10, DecimalSI), "100e-12"},
		// An unknown format prints as DecimalExponent.
		{dq(1, 6, Format("invalid")), "1e6"},
		{dq(1, 0, ""), "1"},
		{Quantity{}, "0"},
		{dq(mostPositive, 1, DecimalSI), "92233720368547758070"},
		{bq(new(big.Int).Lsh(big.NewInt(1), 70), 0, BinarySI), "1180591620717411303424"},
		{bq(new(big.Int).Lsh(big.NewInt(1), 63), 0, BinarySI), "8Ei"},
		{bq(new(big.Int).Lsh(big.NewInt(1), 63), 0, DecimalSI), "9223372036854775808"},
		{bq(new(big.Int).Lsh(big.NewInt(1), 62), -3, BinarySI), "4611686018427387904m"},
		// An exponent past the largest parseable one keeps its zeros.
		{dq(1, 2147483650, DecimalExponent), "10000e2147483646"},
	}
	for _, item := range table {
		if got := item.in.String(); got != item.want {
			t.Errorf("%#v: String() = %q, want %q", item.in, got, item.want)
		}
	}
}

func TestQuantityParseEmit(t *testing.T) {
	table := []struct {
		in     string
		expect string
	}{
		// upstream TestQuantityParseEmit
		{"1Ki", "1Ki"},
		{"1Mi", "1Mi"},
		{"1Gi", "1Gi"},
		{"1024Mi", "1Gi"},
		{"1000M", "1G"},
		{".001Ki", "1024m"},
		{".000001Ki", "1024u"},
		{".000000001Ki", "1024n"},
		{".000000000001Ki", "2n"},
		// upstream golden serialization corpus
		{"1", "1"},
		{"-1", "-1"},
		{"1e3", "1e3"},
		{"0.1", "100m"},
		{"0.000000000000001", "1n"},
		{"1.441", "1.441"},
		{"1.000001", "1.000001"},
		{"1.000000001", "1.000000001"},
		{"1.5", "1500m"},
		{"9223372036854775807", "9223372036854775807"},
		{"9223372036854775808", "9223372036854775808"},
		{"18446744073709551616", "18446744073709551616"},
		{"1E", "1E"},
		{"100E", "100E"},
		{"1000E", "1e21"},
		{"1e100", "10e99"},
		{"8Ei", "9223372036854775807"},
		{"-20Ei", "-9223372036854775807"},
		{"-9.5Gi", "-9728Mi"},
		{"-9.5000000001Gi", "-10200547328107374183n"},
		{"1.2345", "1234500u"},
		{"0.9n", "1n"},
		{"-0.9n", "-1n"},
		// upstream policy: spellings the fast path keeps verbatim
		{"5.", "5."},
		{"1.", "1."},
		{"+1", "+1"},
		{"01", "01"},
		{"1E3", "1E3"},
		{"1e+21", "1e+21"},
		{"1e0", "1e0"},
		{"123e0", "123e0"},
		{".5", "500m"},
		// everyday values
		{"500m", "500m"},
		{"1500m", "1500m"},
		{"0.5", "500m"},
		{"512Mi", "512Mi"},
		{"1000", "1k"},
		{"1000m", "1"},
		{"100m", "100m"},
		{"0.25", "250m"},
		{"2.5", "2500m"},
		{"1.25", "1250m"},
		{"1.250", "1.250"},
		{"10.000", "10"},
		{"1.5k", "1500"},
		{"1.000k", "1k"},
		{"1.001k", "1.001k"},
		{"1.5Ki", "1536"},
		{"1.5Gi", "1536Mi"},
		{"0.5Gi", "512Mi"},
		{"4096Mi", "4Gi"},
		{"1025Ki", "1025Ki"},
		{"8Ki", "8Ki"},
		{"2048Ki", "2Mi"},
		{"+1Ki", "+1Ki"},
		{"001Ki", "001Ki"},
		{"-1Ki", "-1Ki"},
		{"-1023", "-1023"},
		{"128974848", "128974848"},
		{"129e6", "129e6"},
		{"129M", "129M"},
		{"128974848000m", "128974848"},
		{"123Mi", "123Mi"},
		{"1.5e3", "1500"},
		{"15e2", "1500"},
		{"150e-1", "15"},
		{"1e-3", "1e-3"},
		{"0.001e3", "1"},
		{"-0", "0"},
		{"00", "0"},
		{"0.0", "0"},
		{"-", "0"},
		{"+", "0"},
		{".", "0"},
		{"m", "0"},
		{"0Ki", "0"},
		{"1e2147483647", "10e2147483646"},
		{"1e-2147483647", "1e-9"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"123456789012345678901234567890000", "123456789012345678901234567890k"},
		{"12345678901234567890.5", "12345678901234567890500m"},
	}
	for _, item := range table {
		q, err := ParseQuantity(item.in)
		if err != nil {
			t.Errorf("Couldn't parse %v: %v", item.in, err)
			continue
		}
		if e, a := item.expect, q.String(); e != a {
			t.Errorf("%q: expected %v, got %v", item.in, e, a)
		}
		b, err := json.Marshal(q)
		if err != nil || string(b) != `"`+item.expect+`"` {
			t.Errorf("%q: json %s, %v", item.in, b, err)
		}
	}
}

// A spelling kept from parsing ignores later Format changes; a canonical one
// follows them (upstream's q.s cache).
func TestQuantityKeptSpellingAndFormat(t *testing.T) {
	q := MustParse("1Ki")
	q.Format = DecimalSI
	if got := q.String(); got != "1Ki" {
		t.Errorf("kept spelling: %q", got)
	}
	q = MustParse("1024Ki")
	q.Format = DecimalSI
	if got := q.String(); got != "1048576" {
		t.Errorf("recomputed spelling: %q", got)
	}
	q = MustParse("1.441")
	q.Add(Quantity{})
	if got := q.String(); got != "1441m" {
		t.Errorf("after Add(0): %q", got)
	}
}

func TestQuantityCmp(t *testing.T) { // upstream
	table := []struct {
		x, y   string
		expect int
	}{
		{"0", "0", 0},
		{"100m", "50m", 1},
		{"50m", "100m", -1},
		{"10000T", "100Gi", 1},
		{"1", "1000m", 0},
		{"1Ki", "1024", 0},
		{"1k", "1Ki", -1},
		{"1e3", "1k", 0},
		{"-1", "1n", -1},
		{"-1Ki", "-1k", -1},
		{"1e2147483647", "1e2147483646", 1},
		{"1n", "1e-2147483647", 0},
		{"18446744073709551616", "18446744073709551615", 1},
		{"-18446744073709551616", "-18446744073709551615", -1},
		{"18446744073709551616", "1e19", 1},
		{"18446744073709551616", "1e20", -1},
		{"123456789012345678901234567890", "123456789012345678901234567.890k", 0},
		{"123456789012345678901234567890", "123456789012345678901234567.891k", -1},
		{"8Ei", "9Ei", 0},
		{"8Ei", "9223372036854775807", 0},
	}
	for _, tc := range table {
		q1, q2 := MustParse(tc.x), MustParse(tc.y)
		if result := q1.Cmp(q2); result != tc.expect {
			t.Errorf("X: %v, Y: %v, Expected: %v, Actual: %v", tc.x, tc.y, tc.expect, result)
		}
		if result := q2.Cmp(q1); result != -tc.expect {
			t.Errorf("Y: %v, X: %v, Expected: %v, Actual: %v", tc.y, tc.x, -tc.expect, result)
		}
		if q1.Equal(q2) != (tc.expect == 0) {
			t.Errorf("Equal(%v, %v) disagrees with Cmp", tc.x, tc.y)
		}
	}
}

func TestQuantityCmpConstructed(t *testing.T) { // upstream TestQuantityCmpInt64AndDec
	table := []struct {
		a, b Quantity
		cmp  int
	}{
		{dq(901, -2, DecimalSI), dq(901, -2, DecimalSI), 0},
		{dq(90, -1, DecimalSI), dq(901, -2, DecimalSI), -1},
		{dq(901, -2, DecimalSI), dq(900, -2, DecimalSI), 1},
		{dq(0, 0, DecimalSI), dq(0, 0, DecimalSI), 0},
		{dq(0, 1, DecimalSI), dq(0, -1, DecimalSI), 0},
		{dq(0, -1, DecimalSI), dq(0, 1, DecimalSI), 0},
		{dq(800, -3, DecimalSI), dq(1, 0, DecimalSI), -1},
		{dq(800, -3, DecimalSI), dq(79, -2, DecimalSI), 1},

		{dq(mostPositive, 0, DecimalSI), dq(1, -1, DecimalSI), 1},
		{dq(mostPositive, 1, DecimalSI), dq(1, 0, DecimalSI), 1},
		{dq(mostPositive, 1, DecimalSI), dq(1, 1, DecimalSI), 1},
		{dq(mostPositive, 1, DecimalSI), dq(0, 1, DecimalSI), 1},
		{dq(mostPositive, -16, DecimalSI), dq(1, 3, DecimalSI), -1},

		{dq(mostNegative, 0, DecimalSI), dq(0, 0, DecimalSI), -1},
		{dq(mostNegative, -18, DecimalSI), dq(-1, 0, DecimalSI), -1},
		{dq(mostNegative, -19, DecimalSI), dq(-1, 0, DecimalSI), 1},

		{dq(1*1000000*1000000*1000000, -17, DecimalSI), dq(1, 1, DecimalSI), 0},
		{dq(1*1000000*1000000*1000000, -17, DecimalSI), dq(-10, 0, DecimalSI), 1},
		{dq(-1*1000000*1000000*1000000, -17, DecimalSI), dq(-10, 0, DecimalSI), 0},
		{dq(1*1000000*1000000*1000000, -17, DecimalSI), dq(1, 0, DecimalSI), 1},

		{dq(1*1000000*1000000*1000000+1, -17, DecimalSI), dq(1, 1, DecimalSI), 1},
		{dq(1*1000000*1000000*1000000-1, -17, DecimalSI), dq(1, 1, DecimalSI), -1},

		{Quantity{}, dq(0, 0, DecimalSI), 0},
		{Quantity{}, dq(10, 0, DecimalSI), -1},
		{Quantity{}, dq(-10, 0, DecimalSI), 1},
	}
	for _, item := range table {
		if cmp := item.a.Cmp(item.b); cmp != item.cmp {
			t.Errorf("%v vs %v: unexpected Cmp: %d", item.a, item.b, cmp)
		}
		if cmp := item.b.Cmp(item.a); cmp != -item.cmp {
			t.Errorf("%v vs %v: unexpected inverted Cmp: %d", item.b, item.a, cmp)
		}
	}
}

func TestQuantityCmpInt64(t *testing.T) {
	table := []struct {
		q    string
		y    int64
		want int
	}{
		{"1023", 1024, -1},
		{"1Ki", 1024, 0},
		{"1025", 1024, 1},
		{"-1Ki", -1024, 0},
		{"1500m", 1, 1},
		{"1500m", 2, -1},
		{"18446744073709551616", mostPositive, 1},
		{"-18446744073709551616", mostNegative, -1},
		{"-9223372036854775808", mostNegative, 0},
	}
	for _, tc := range table {
		if got := MustParse(tc.q).cmpInt64(tc.y); got != tc.want {
			t.Errorf("%s.CmpInt64(%d) = %d, want %d", tc.q, tc.y, got, tc.want)
		}
	}
}

func TestAddSub(t *testing.T) { // upstream TestAdd / TestSub
	adds := []struct {
		a, b, expected Quantity
	}{
		{dq(10, 0, DecimalSI), dq(1, 1, DecimalSI), dq(20, 0, DecimalSI)},
		{dq(10, 0, DecimalSI), dq(1, 0, BinarySI), dq(11, 0, DecimalSI)},
		{dq(10, 0, BinarySI), dq(1, 0, DecimalSI), dq(11, 0, BinarySI)},
		{Quantity{Format: DecimalSI}, dq(50, 0, DecimalSI), dq(50, 0, DecimalSI)},
		{dq(50, 0, DecimalSI), Quantity{Format: DecimalSI}, dq(50, 0, DecimalSI)},
		{Quantity{Format: DecimalSI}, Quantity{Format: DecimalSI}, dq(0, 0, DecimalSI)},
		{dq(mostPositive, 0, DecimalSI), dq(1, 0, DecimalSI), bq(new(big.Int).Lsh(big.NewInt(1), 63), 0, DecimalSI)},
		{dq(mostPositive, 0, DecimalSI), dq(mostPositive, 0, DecimalSI), bq(new(big.Int).Mul(big.NewInt(mostPositive), big.NewInt(2)), 0, DecimalSI)},
		{dq(1, 18, DecimalSI), dq(1, -9, DecimalSI), bq(new(big.Int).Add(new(big.Int).Exp(big.NewInt(10), big.NewInt(27), nil), big.NewInt(1)), -9, DecimalSI)},
		{dq(5, -1, DecimalSI), dq(5, -1, DecimalSI), dq(1, 0, DecimalSI)},
	}
	for i, test := range adds {
		got := test.a
		got.Add(test.b)
		if got.Cmp(test.expected) != 0 || got.Format != test.expected.Format {
			t.Errorf("[%d] Add: expected %q %s, got %q %s", i, test.expected.String(), test.expected.Format, got.String(), got.Format)
		}
		if !reflect.DeepEqual(got.a, test.expected.a) {
			t.Errorf("[%d] Add: representation %#v is not normal (want %#v)", i, got.a, test.expected.a)
		}
		// Subtracting undoes it.
		got.Sub(test.b)
		if got.Cmp(test.a) != 0 {
			t.Errorf("[%d] Sub: expected %q, got %q", i, test.a.String(), got.String())
		}
	}
	subs := []struct {
		a, b, expected Quantity
	}{
		{dq(10, 0, DecimalSI), dq(1, 1, DecimalSI), dq(0, 0, DecimalSI)},
		{dq(10, 0, DecimalSI), dq(1, 0, BinarySI), dq(9, 0, DecimalSI)},
		{dq(10, 0, BinarySI), dq(1, 0, DecimalSI), dq(9, 0, BinarySI)},
		{Quantity{Format: DecimalSI}, dq(50, 0, DecimalSI), dq(-50, 0, DecimalSI)},
		{dq(50, 0, DecimalSI), Quantity{Format: DecimalSI}, dq(50, 0, DecimalSI)},
		{Quantity{Format: DecimalSI}, Quantity{Format: DecimalSI}, dq(0, 0, DecimalSI)},
		// 0 - mostNegative is 2^63, and keeps the subtrahend's format.
		{Quantity{Format: DecimalSI}, dq(mostNegative, 0, BinarySI), bq(new(big.Int).Lsh(big.NewInt(1), 63), 0, BinarySI)},
		{dq(1, 1, DecimalSI), dq(mostNegative, 0, DecimalSI), MustParse("9223372036854775818")},
	}
	for i, test := range subs {
		got := test.a
		got.Sub(test.b)
		if got.Cmp(test.expected) != 0 || got.Format != test.expected.Format {
			t.Errorf("[%d] Sub: expected %q %s, got %q %s", i, test.expected.String(), test.expected.Format, got.String(), got.Format)
		}
	}
}

func TestAddSubStrings(t *testing.T) {
	table := []struct {
		a, b, sum, diff string
	}{
		{"100m", "0", "100m", "100m"},
		{"0", "1Gi", "1Gi", "-1Gi"},
		{"1Gi", "0", "1Gi", "1Gi"},
		{"500m", "500m", "1", "0"},
		{"1Gi", "512Mi", "1536Mi", "512Mi"},
		{"1", "1Ki", "1025", "-1023"},
		{"1.5", "250m", "1750m", "1250m"},
		{"1E", "9E", "10E", "-8E"},
		{"1000E", "1", "1000000000000000000001", "999999999999999999999"},
		{"4Ei", "4Ei", "8Ei", "0"},
		{"1n", "1e-2147483647", "2n", "0"},
	}
	for _, tc := range table {
		q := MustParse(tc.a)
		q.Add(MustParse(tc.b))
		if got := q.String(); got != tc.sum {
			t.Errorf("%s + %s = %s, want %s", tc.a, tc.b, got, tc.sum)
		}
		q = MustParse(tc.a)
		q.Sub(MustParse(tc.b))
		if got := q.String(); got != tc.diff {
			t.Errorf("%s - %s = %s, want %s", tc.a, tc.b, got, tc.diff)
		}
	}
}

// Exponents far apart do not hang; the negligible operand is dropped.
func TestAddFarApart(t *testing.T) {
	q := MustParse("1e2147483647")
	q.Add(MustParse("1n"))
	if q.Cmp(MustParse("1e2147483647")) != 0 {
		t.Errorf("1e2147483647 + 1n = %s", q.String())
	}
	q = MustParse("1e5000")
	q.Add(MustParse("1"))
	if q.Cmp(MustParse("1e5000")) != 0 {
		t.Errorf("1e5000 + 1 = %s", q.String())
	}
	// Within the alignment limit the sum stays exact.
	q = MustParse("1e4000")
	q.Add(MustParse("1"))
	if q.Cmp(MustParse("1e4000")) <= 0 || !strings.HasSuffix(q.String(), "0001") {
		t.Errorf("1e4000 + 1 lost the 1")
	}
}

func TestAddSubRoundTrip(t *testing.T) { // upstream
	rng := rand.New(rand.NewPCG(1, 2))
	for k := -10; k <= 10; k++ {
		q := Quantity{Format: DecimalSI}
		var order []int64
		for range 100 {
			j := rng.Int64()
			order = append(order, j)
			q.Add(*newScaledQuantity(j, Scale(k)))
		}
		if q.Sign() <= 0 {
			t.Fatalf("sum of positive values is %s", q.String())
		}
		for _, j := range order {
			q.Sub(*newScaledQuantity(j, Scale(k)))
		}
		if !q.IsZero() || !reflect.DeepEqual(q.a, amount{}) {
			t.Errorf("addition and subtraction did not cancel: %s", q.String())
		}
	}
	q := Quantity{Format: DecimalSI}
	var order []int64
	for range 100 {
		j := rng.Int64()
		order = append(order, j)
		q.Add(*newScaledQuantity(j, Scale(j%20-10)))
	}
	for _, j := range order {
		q.Sub(*newScaledQuantity(j, Scale(j%20-10)))
	}
	if !q.IsZero() {
		t.Errorf("addition and subtraction across scales did not cancel: %s", q.String())
	}
}

func TestNeg(t *testing.T) { // upstream TestNeg / TestQuantityNeg / TestNegAndSubAtMostNegative
	table := []struct {
		a    Quantity
		want string
	}{
		{dq(901, -2, DecimalSI), "-9010m"},
		{dq(0, 0, DecimalSI), "0"},
		{Quantity{}, "0"},
		{dq(10, 0, BinarySI), "-10"},
		{dq(-10, 0, BinarySI), "10"},
		{dq(mostNegative, 0, DecimalSI), "9223372036854775808"},
		{dq(mostNegative+1, 0, DecimalSI), "9223372036854775807"},
		{dq(mostNegative, -3, DecimalSI), "9223372036854775808m"},
		{MustParse("-1Ki"), "1Ki"},
	}
	for i, item := range table {
		out := item.a
		out.Neg()
		if got := out.String(); got != item.want {
			t.Errorf("%d: Neg() = %q, want %q", i, got, item.want)
		}
		if !item.a.IsZero() && out.Cmp(item.a) == 0 {
			t.Errorf("%d: negating changed nothing", i)
		}
		out.Neg()
		if out.Cmp(item.a) != 0 || !reflect.DeepEqual(out.a, item.a.a) {
			t.Errorf("%d: double negation did not cancel: %s", i, out.String())
		}
	}
}

func TestValue(t *testing.T) { // upstream TestNegativeValueRoundsAwayFromZero and more
	table := []struct {
		input       string
		expectValue int64
		expectMilli int64
	}{
		{"-.484785E-7466", -1, -1},
		{".484785E-7466", 1, 1},
		{"-.484785E-1", -1, -49},
		{".484785E-1", 1, 49},
		{"-0.0005", -1, -1},
		{"0.0005", 1, 1},
		{"-1500m", -2, -1500},
		{"1500m", 2, 1500},
		{"-9.5000000001Gi", -10200547329, -10200547328108},
		{"9.5000000001Gi", 10200547329, 10200547328108},
		{"-1", -1, -1000},
		{"1", 1, 1000},
		{"0", 0, 0},
		{"-1.5n", -1, -1},
		{"100m", 1, 100},
		{"1n", 1, 1},
		{"512Mi", 536870912, 536870912000},
		{"9223372036854775807", mostPositive, mostPositive},
		{"9223372036854775807m", 9223372036854776, mostPositive},
		{"-9223372036854775808", mostNegative, mostNegative},
		// Saturation where upstream overflows (undefined there).
		{"9223372036854775808", mostPositive, mostPositive},
		{"10E", mostPositive, mostPositive},
		{"-10E", mostNegative, mostNegative},
		{"1e2147483647", mostPositive, mostPositive},
		{"123456789012345678901234567890", mostPositive, mostPositive},
		{"-123456789012345678901234567n", -123456789012345679, mostNegative},
		{"-123456789012345678901234567890n", mostNegative, mostNegative},
	}
	for _, item := range table {
		q, err := ParseQuantity(item.input)
		if err != nil {
			t.Errorf("ParseQuantity(%q) unexpected error: %v", item.input, err)
			continue
		}
		if got := q.Value(); got != item.expectValue {
			t.Errorf("ParseQuantity(%q).Value() = %d, want %d", item.input, got, item.expectValue)
		}
		if got := q.MilliValue(); got != item.expectMilli {
			t.Errorf("ParseQuantity(%q).MilliValue() = %d, want %d", item.input, got, item.expectMilli)
		}
	}
}

func TestScaledValue(t *testing.T) { // upstream
	table := []struct {
		fromScale Scale
		toScale   Scale
		expected  int64
	}{
		{Nano, Nano, 1},
		{Nano, Micro, 1},
		{Nano, Milli, 1},
		{Nano, 0, 1},
		{Micro, Nano, 1000},
		{Micro, Micro, 1},
		{Micro, Milli, 1},
		{Micro, 0, 1},
		{Milli, Nano, 1000 * 1000},
		{Milli, Micro, 1000},
		{Milli, Milli, 1},
		{Milli, 0, 1},
		{0, Nano, 1000 * 1000 * 1000},
		{0, Micro, 1000 * 1000},
		{0, Milli, 1000},
		{0, 0, 1},
		{2, -2, 100 * 100},
	}
	for _, item := range table {
		q := newScaledQuantity(1, item.fromScale)
		if e, a := item.expected, q.scaledValue(item.toScale); e != a {
			t.Errorf("%v to %v: Expected %v, got %v", item.fromScale, item.toScale, e, a)
		}
	}
	if got := MustParse("1.5Gi").scaledValue(Giga); got != 2 {
		t.Errorf("1.5Gi in G = %d", got)
	}
	if got := MustParse("-1.5Gi").scaledValue(Giga); got != -2 {
		t.Errorf("-1.5Gi in G = %d", got)
	}
}

func TestNewSet(t *testing.T) { // upstream TestNewSet / TestMilliNewSet / TestNewScaledSet
	news := []struct {
		value  int64
		format Format
		expect string
	}{
		{1, DecimalSI, "1"},
		{1000, DecimalSI, "1k"},
		{1234000, DecimalSI, "1234k"},
		{1024, BinarySI, "1Ki"},
		{1000000, "invalidFormatDefaultsToExponent", "1e6"},
		{1024 * 1024, BinarySI, "1Mi"},
		{mostNegative, DecimalSI, "-9223372036854775808"},
	}
	for _, item := range news {
		q := NewQuantity(item.value, item.format)
		if e, a := item.expect, q.String(); e != a {
			t.Errorf("NewQuantity: expected %v, got %v", e, a)
		}
		if q2 := MustParse(q.String()); q2.Value() != item.value {
			t.Errorf("Round trip of %v gave %v", item.value, q2.Value())
		}
		q3 := NewQuantity(0, item.format)
		q3.set(item.value)
		if e, a := item.expect, q3.String(); e != a {
			t.Errorf("Set: expected %v, got %v", e, a)
		}
	}
	millis := []struct {
		value  int64
		format Format
		expect string
		exact  bool
	}{
		{1, DecimalSI, "1m", true},
		{1000, DecimalSI, "1", true},
		{1234000, DecimalSI, "1234", true},
		{1024, BinarySI, "1024m", false}, // Format changes
		{1000000, "invalidFormatDefaultsToExponent", "1e3", true},
		{1024 * 1024, BinarySI, "1048576m", false}, // Format changes
	}
	for _, item := range millis {
		q := NewMilliQuantity(item.value, item.format)
		if e, a := item.expect, q.String(); e != a {
			t.Errorf("NewMilliQuantity: expected %v, got %v", e, a)
		}
		if item.exact {
			if q2 := MustParse(q.String()); q2.MilliValue() != item.value {
				t.Errorf("Round trip of %vm gave %v", item.value, q2.MilliValue())
			}
		}
		q3 := NewQuantity(0, item.format)
		q3.setMilli(item.value)
		if e, a := item.expect, q3.String(); e != a {
			t.Errorf("SetMilli: expected %v, got %v", e, a)
		}
	}
	scaled := []struct {
		value  int64
		scale  Scale
		expect string
	}{
		{1, Nano, "1n"},
		{1000, Nano, "1u"},
		{1, Micro, "1u"},
		{1000, Micro, "1m"},
		{1, Milli, "1m"},
		{1000, Milli, "1"},
		{1, 0, "1"},
		{0, Nano, "0"},
		{0, Micro, "0"},
		{0, Milli, "0"},
		{0, 0, "0"},
		{1, 21, "1e21"},
		{mostPositive, 1, "92233720368547758070"},
	}
	for _, item := range scaled {
		q := newScaledQuantity(item.value, item.scale)
		if e, a := item.expect, q.String(); e != a {
			t.Errorf("NewScaledQuantity: expected %v, got %v", e, a)
		}
		if q2 := MustParse(q.String()); q2.Cmp(*q) != 0 {
			t.Errorf("Round trip failed on %v", q)
		}
		q3 := NewQuantity(0, DecimalSI)
		q3.SetScaled(item.value, item.scale)
		if q.Cmp(*q3) != 0 || !reflect.DeepEqual(*q, *q3) {
			t.Errorf("Expected %v and %v to be equal", q, q3)
		}
	}
}

func TestAsApproximateFloat64(t *testing.T) { // upstream
	table := []struct {
		in  Quantity
		out float64
	}{
		{dq(0, 0, DecimalSI), 0.0},
		{dq(0, 500, DecimalSI), 0.0},
		{dq(0, -500, DecimalSI), 0.0},
		{dq(1, 0, DecimalExponent), 1},
		{dq(1024, 0, BinarySI), 1024},
		{dq(7*1024*1024, 1, BinarySI), (7 * 1024 * 1024) * 10},
		{dq(7*1024*1024, 8, DecimalSI), (7 * 1024 * 1024) * 100000000},
		{dq(7*1024*1024, -1, DecimalSI), (7 * 1024 * 1024) * math.Pow10(-1)},
		{dq(7*1024*1024, -8, DecimalExponent), (7 * 1024 * 1024) / float64(100000000)},
		{dq(mostPositive, 0, DecimalSI), math.MaxInt64},
		{dq(12, 18, DecimalSI), 1.2e19},
		{dq(12, 500, DecimalSI), math.Inf(0)},
		{dq(-12, 500, DecimalSI), math.Inf(-1)},
		{MustParse("2Ki"), 2048},
		{MustParse("1.1Ki"), 1126.4e+0},
		{MustParse("1Mi"), 1.048576e+06},
		{MustParse("2Gi"), 2.147483648e+09},
		{MustParse("500m"), 0.5},
		{MustParse("18446744073709551616"), 18446744073709551616},
	}
	for i, item := range table {
		if out := item.in.asApproximateFloat64(); out != item.out {
			t.Errorf("%d: %s: expected %v, got %v", i, item.in.String(), item.out, out)
		}
	}
}

func TestJSON(t *testing.T) {
	type holder struct {
		Q  Quantity  `json:"q"`
		P  *Quantity `json:"p,omitempty"`
		RL map[string]Quantity
	}
	h := holder{Q: MustParse("1.5"), P: NewQuantity(1024, BinarySI), RL: map[string]Quantity{"cpu": MustParse("250m"), "memory": MustParse("64Mi")}}
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"q":"1500m","p":"1Ki","RL":{"cpu":"250m","memory":"64Mi"}}`
	if string(b) != want {
		t.Fatalf("json.Marshal = %s, want %s", b, want)
	}
	var back holder
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Q.Cmp(h.Q) != 0 || back.P.Cmp(*h.P) != 0 || back.RL["memory"].Cmp(h.RL["memory"]) != 0 {
		t.Errorf("round trip changed values: %+v", back)
	}
	if !reflect.DeepEqual(back.RL, h.RL) {
		t.Errorf("round trip of canonical spellings is not DeepEqual: %#v vs %#v", back.RL, h.RL)
	}
}

func TestJSONUnmarshal(t *testing.T) {
	table := []struct {
		in     string
		expect string
		format Format
	}{
		// upstream TestJSONWhitespace
		{`" 1"`, "1", DecimalSI},
		{`"1 "`, "1", DecimalSI},
		{`1`, "1", DecimalSI},
		{` 1`, "1", DecimalSI},
		{`1 `, "1", DecimalSI},
		{`10`, "10", DecimalSI},
		{`-1`, "-1", DecimalSI},
		{` -1`, "-1", DecimalSI},
		// JSON numbers and strings
		{`0.5`, "500m", DecimalSI},
		{`1.0`, "1", DecimalSI},
		{`1e3`, "1e3", DecimalExponent},
		{`1E+3`, "1E+3", DecimalExponent},
		{`"2Gi"`, "2Gi", BinarySI},
		{`"100m"`, "100m", DecimalSI},
		{`"1.250"`, "1.250", DecimalSI},
		{`12345678901234567890123`, "12345678901234567890123", DecimalSI},
	}
	for _, test := range table {
		var q Quantity
		if err := json.Unmarshal([]byte(test.in), &q); err != nil {
			t.Errorf("%q: %v", test.in, err)
			continue
		}
		if q.String() != test.expect || q.Format != test.format {
			t.Errorf("%q: got %q %s, want %q %s", test.in, q.String(), q.Format, test.expect, test.format)
		}
	}
	for _, bad := range []string{`"abc"`, `""`, `"1 1"`, `"\u0031"`, `true`, `"1Pb"`} {
		var q Quantity
		if err := json.Unmarshal([]byte(bad), &q); err == nil {
			t.Errorf("%s: parsed unexpectedly as %v", bad, q)
		}
	}
	var q Quantity
	if err := q.UnmarshalJSON([]byte(`"abc"`)); !errors.Is(err, ErrFormatWrong) {
		t.Errorf("UnmarshalJSON error = %v, want ErrFormatWrong", err)
	}
	if err := q.UnmarshalJSON([]byte(`"1x"`)); !errors.Is(err, ErrFormatWrong) {
		t.Errorf("UnmarshalJSON error = %v, want ErrFormatWrong", err)
	}
	if err := q.UnmarshalJSON([]byte(`"1Pb"`)); !errors.Is(err, ErrFormatWrong) {
		t.Errorf("UnmarshalJSON error = %v, want ErrFormatWrong", err)
	}
}

// upstream TestQuantityNullDecodeClearsCachedSerialization
func TestJSONNull(t *testing.T) {
	for _, value := range []string{"1", "1Ki", "1.5Gi", "1e6", "0"} {
		q := MustParse(value)
		format := q.Format
		if err := json.Unmarshal([]byte("null"), &q); err != nil {
			t.Fatal(err)
		}
		if !q.IsZero() || q.Sign() != 0 || q.Value() != 0 {
			t.Errorf("%s: null decode left %v, want zero", value, q.Value())
		}
		if q.Format != format {
			t.Errorf("%s: format = %q, want %q", value, q.Format, format)
		}
		if b, err := json.Marshal(q); err != nil || string(b) != `"0"` {
			t.Errorf("%s: json = %s, %v; want \"0\"", value, b, err)
		}
		if got := q.String(); got != "0" {
			t.Errorf("%s: String = %q, want \"0\"", value, got)
		}
	}
}

func TestJSONRoundTripByteStable(t *testing.T) { // upstream golden round trip
	inputs := []string{"0", "1", "-1", "1Ki", "1024Mi", "1000M", "1e3", "0.1", "1.441", "1.5",
		"9223372036854775807", "18446744073709551616", "1E", "100E", "1000E", "1e100", "8Ei", "-20Ei",
		"-9.5Gi", "-9.5000000001Gi", "+1", "01", "1E3", "5.", "1e2147483647"}
	for _, in := range inputs {
		first, err := json.Marshal(MustParse(in))
		if err != nil {
			t.Fatal(err)
		}
		var decoded Quantity
		if err := json.Unmarshal(first, &decoded); err != nil {
			t.Fatalf("%s: %v", first, err)
		}
		second, err := json.Marshal(decoded)
		if err != nil {
			t.Fatal(err)
		}
		if string(first) != string(second) {
			t.Errorf("%s: re-encoded %s, want %s", in, second, first)
		}
		if decoded.Cmp(MustParse(in)) != 0 {
			t.Errorf("%s: round trip changed the value to %s", in, decoded.String())
		}
	}
	var zero Quantity
	if b, err := zero.MarshalJSON(); err != nil || string(b) != `"0"` {
		t.Errorf("zero value marshals to %s, %v", b, err)
	}
}

// Quantities are values: equal inputs give DeepEqual results, and copies do
// not share mutable state.
func TestValueSemantics(t *testing.T) {
	for _, s := range []string{"0", "500m", "512Mi", "1.5", "1.5Gi", "18446744073709551616", "1e100", "-9.5000000001Gi", "8Ei"} {
		a, b := MustParse(s), MustParse(s)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two parses are not DeepEqual: %#v vs %#v", s, a, b)
		}
	}
	// Same value and format, canonical spellings: DeepEqual.
	if a, b := MustParse("1.5"), MustParse("1500m"); !reflect.DeepEqual(a.a, b.a) {
		t.Errorf("1.5 and 1500m differ in representation: %#v vs %#v", a.a, b.a)
	}
	orig := MustParse("18446744073709551616")
	cp := orig
	cp.Add(MustParse("1"))
	cp.Neg()
	if orig.String() != "18446744073709551616" || orig.a.big.String() != "18446744073709551616" {
		t.Errorf("mutating a copy changed the original: %s", orig.String())
	}
	if cp.String() != "-18446744073709551617" {
		t.Errorf("copy = %s", cp.String())
	}
	if d := orig.DeepCopy(); !reflect.DeepEqual(d, orig) {
		t.Errorf("DeepCopy differs")
	}
}

func TestSignIsZero(t *testing.T) {
	table := []struct {
		in   string
		sign int
	}{
		{"0", 0}, {"-0", 0}, {"0Ki", 0}, {"1n", 1}, {"-1n", -1}, {"-18446744073709551616", -1}, {"1e2147483647", 1},
	}
	for _, tc := range table {
		q := MustParse(tc.in)
		if q.Sign() != tc.sign || q.IsZero() != (tc.sign == 0) {
			t.Errorf("%s: Sign %d IsZero %t", tc.in, q.Sign(), q.IsZero())
		}
	}
	if !(Quantity{}).IsZero() {
		t.Errorf("zero value is not zero")
	}
}

// FuzzParseQuantity checks that parsing never panics and that a parsed
// quantity's String() parses back to an equal quantity with the same String().
func FuzzParseQuantity(f *testing.F) {
	for _, item := range parseTable {
		f.Add(item.input)
	}
	for _, s := range []string{"", "-", ".", "+.", "1.5Gi", "8Ei", "1000E", "1e2147483647", "1e-2147483647",
		"-.484785E-7466", "1000e2147483647", "1.55e-2147483647", "123456789012345678901234567890e-40",
		"0.0009765625Ki", "1e4294967297", "1.1.M", " 1", "01Ki", "1E+21", "9223372036854775807m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return // keep big-number work small
		}
		q, err := ParseQuantity(s)
		if err != nil {
			if !reflect.DeepEqual(q, Quantity{}) {
				t.Fatalf("%q: error %v with a non-zero result", s, err)
			}
			return
		}
		out := q.String()
		q2, err := ParseQuantity(out)
		if err != nil {
			t.Fatalf("%q: String() = %q does not parse: %v", s, out, err)
		}
		if q2.Cmp(q) != 0 {
			t.Fatalf("%q: String() = %q parses to a different value %q", s, out, q2.String())
		}
		if out2 := q2.String(); out2 != out {
			t.Fatalf("%q: String() = %q, but reparsed String() = %q", s, out, out2)
		}
		b, err := q.MarshalJSON()
		if err != nil || string(b) != `"`+out+`"` {
			t.Fatalf("%q: MarshalJSON = %s, %v", s, b, err)
		}
		_ = q.Value()
		_ = q.MilliValue()
		_ = q.asApproximateFloat64()
	})
}

var (
	sinkFormat Format
	sinkString string
	sinkBytes  []byte
	sinkInt    int
	sinkInt64  int64
)

func BenchmarkParseQuantity(b *testing.B) {
	for _, s := range []string{"500m", "512Mi", "1", "1.5", "1.5Gi", "18446744073709551616"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q, err := ParseQuantity(s)
				if err != nil {
					b.Fatal(err)
				}
				sinkFormat = q.Format
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	for _, s := range []string{"500m", "1.5", "1024Mi"} {
		q := MustParse(s)
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkString = q.String()
			}
		})
	}
}

func BenchmarkMarshalJSON(b *testing.B) {
	q := MustParse("512Mi")
	b.ReportAllocs()
	for b.Loop() {
		out, _ := q.MarshalJSON()
		sinkBytes = out
	}
}

func BenchmarkCmp(b *testing.B) {
	x, y := MustParse("500m"), MustParse("1")
	b.ReportAllocs()
	for b.Loop() {
		sinkInt = x.Cmp(y)
	}
}

func BenchmarkAdd(b *testing.B) {
	x := MustParse("250m")
	b.ReportAllocs()
	for b.Loop() {
		q := MustParse("512Mi")
		q.Add(x)
		sinkInt64 = q.MilliValue()
	}
}

// ratOf returns q's exact value.
func ratOf(q Quantity) *big.Rat {
	var m big.Int
	q.a.mant(&m)
	r := new(big.Rat).SetInt(&m)
	p := new(big.Rat).SetInt(pow10Big(abs64(q.a.exp)))
	if q.a.exp >= 0 {
		return r.Mul(r, p)
	}
	return r.Quo(r, p)
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// ceilAway rounds r away from zero to an integer and saturates it to int64.
func ceilAway(r *big.Rat) int64 {
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(int64(r.Sign())))
	}
	switch {
	case q.Cmp(big.NewInt(math.MaxInt64)) > 0:
		return math.MaxInt64
	case q.Cmp(big.NewInt(math.MinInt64)) < 0:
		return math.MinInt64
	}
	return q.Int64()
}

// FuzzArithmetic checks Cmp, Add, Sub, Value and MilliValue against big.Rat
// for quantities of moderate magnitude.
func FuzzArithmetic(f *testing.F) {
	seeds := [][2]string{{"500m", "1"}, {"1.5Gi", "-512Mi"}, {"9223372036854775807", "1"},
		{"-9223372036854775807", "-2"}, {"18446744073709551616", "1n"}, {"1e30", "-1e-9"}, {"0", "-0.5"},
		{"1.0000000001Ei", "123.456789012"}, {"-1.5n", "2"}}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, sx, sy string) {
		if len(sx) > 60 || len(sy) > 60 {
			return
		}
		x, err1 := ParseQuantity(sx)
		y, err2 := ParseQuantity(sy)
		if err1 != nil || err2 != nil || abs64(x.a.exp) > 200 || abs64(y.a.exp) > 200 {
			return
		}
		rx, ry := ratOf(x), ratOf(y)
		if got, want := x.Cmp(y), rx.Cmp(ry); got != want {
			t.Fatalf("%s.Cmp(%s) = %d, want %d", sx, sy, got, want)
		}
		if got, want := x.Value(), ceilAway(rx); got != want {
			t.Fatalf("%s.Value() = %d, want %d", sx, got, want)
		}
		milli := new(big.Rat).Mul(rx, big.NewRat(1000, 1))
		if got, want := x.MilliValue(), ceilAway(milli); got != want {
			t.Fatalf("%s.MilliValue() = %d, want %d", sx, got, want)
		}
		sum := x
		sum.Add(y)
		if want := new(big.Rat).Add(rx, ry); ratOf(sum).Cmp(want) != 0 {
			t.Fatalf("%s + %s = %s", sx, sy, sum.String())
		}
		diff := x
		diff.Sub(y)
		if want := new(big.Rat).Sub(rx, ry); ratOf(diff).Cmp(want) != 0 {
			t.Fatalf("%s - %s = %s", sx, sy, diff.String())
		}
		// Results are in normal form, so equal values from different paths
		// are DeepEqual.
		back := sum
		back.Sub(y)
		if !reflect.DeepEqual(back.a, x.a) {
			t.Fatalf("(%s + %s) - %s = %#v, want %#v", sx, sy, sy, back.a, x.a)
		}
		// (A BinarySI sum past 2^63-1 prints in a spelling that parses
		// capped, as upstream.)
		capped := sum.Format == BinarySI && cmpAmount(sum.a.abs(), amountMaxInt64) > 0
		if s := sum.String(); !capped && MustParse(s).Cmp(sum) != 0 {
			t.Fatalf("%s + %s prints as %q, which parses to another value", sx, sy, s)
		}
	})
}

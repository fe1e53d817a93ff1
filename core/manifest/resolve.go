package manifest

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// scalarKind is the JSON type a YAML scalar becomes.
type scalarKind uint8

const (
	strScalar scalarKind = iota + 1
	numScalar
	boolScalar
	nullScalar
)

// resolvePlain reads an unquoted scalar the way yaml.v2 (inside
// sigs.k8s.io/yaml, inside kubectl) does before the result is turned into
// JSON. It returns the JSON kind and, for numbers, the JSON text that
// encoding/json would write for the value yaml.v2 produced; bad is set for
// values JSON cannot hold (.inf, .nan), which upstream rejects.
//
// This is YAML 1.1 as yaml.v2 implements it: y/yes/on/true are true,
// n/no/off/false are false, ~ and null are null, 0x1F and 017 and 0b101 are
// integers (underscores ignored), 1.10 and 1e3 are floats, and timestamps
// stay strings because kubectl decodes into interface{}, where yaml.v2
// keeps them as text.
func resolvePlain(s string) (kind scalarKind, text string, bad bool) {
	if v, ok := resolveMap[s]; ok {
		return v.kind, v.text, v.bad
	}
	if s == "" {
		return strScalar, s, false
	}
	switch c := s[0]; {
	case c == '.':
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return floatJSON(f)
		}
	case c == '+' || c == '-' || (c >= '0' && c <= '9'):
		if looksLikeTimestamp(s) {
			return strScalar, s, false
		}
		return resolveNumber(s)
	}
	return strScalar, s, false
}

type resolved struct {
	kind scalarKind
	text string
	bad  bool
}

// resolveMap is yaml.v2's table of special plain scalars.
var resolveMap = func() map[string]resolved {
	m := map[string]resolved{}
	add := func(r resolved, words ...string) {
		for _, w := range words {
			m[w] = r
		}
	}
	add(resolved{boolScalar, "true", false}, "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON")
	add(resolved{boolScalar, "false", false}, "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF")
	add(resolved{nullScalar, "null", false}, "", "~", "null", "Null", "NULL")
	add(resolved{numScalar, "NaN", true}, ".nan", ".NaN", ".NAN")
	add(resolved{numScalar, "+Inf", true}, ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF")
	add(resolved{numScalar, "-Inf", true}, "-.inf", "-.Inf", "-.INF")
	return m
}()

// resolveNumber follows yaml.v2's order for scalars that start with a sign
// or a digit: int64, uint64, float, 0b binary, big integer, else string.
func resolveNumber(s string) (scalarKind, string, bool) {
	plain := strings.ReplaceAll(s, "_", "")
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return numScalar, strconv.FormatInt(i, 10), false
	}
	u, uerr := strconv.ParseUint(plain, 0, 64)
	if uerr == nil {
		return numScalar, strconv.FormatUint(u, 10), false
	}
	if isYAMLStyleFloat(plain) {
		if f, err := strconv.ParseFloat(plain, 64); err == nil {
			return floatJSON(f)
		}
	}
	if rest, ok := strings.CutPrefix(plain, "0b"); ok {
		if i, err := strconv.ParseInt(rest, 2, 64); err == nil {
			return numScalar, strconv.FormatInt(i, 10), false
		}
		if u, err := strconv.ParseUint(rest, 2, 64); err == nil {
			return numScalar, strconv.FormatUint(u, 10), false
		}
	} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
		if i, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
			return numScalar, strconv.FormatInt(i, 10), false
		}
	}
	// The kubernetes-sigs fork of yaml.v2 keeps integers too big for 64
	// bits as big.Int, which encoding/json writes as plain digits.
	if strings.Contains(uerr.Error(), "out of range") {
		if b, ok := new(big.Int).SetString(plain, 0); ok {
			return numScalar, b.String(), false
		}
	}
	return strScalar, s, false
}

// floatJSON renders f as encoding/json would (1.1, 1e+21, 3 for 3.0).
func floatJSON(f float64) (scalarKind, string, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return numScalar, strconv.FormatFloat(f, 'g', -1, 64), true
	}
	b, _ := json.Marshal(f)
	return numScalar, string(b), false
}

// looksLikeTimestamp is yaml.v2's timestamp test (YYYY-M-D with optional
// time): such scalars stay strings.
func looksLikeTimestamp(s string) bool {
	i := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, layout := range timestampLayouts {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// timestampLayouts are the forms yaml.v2 recognises.
var timestampLayouts = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

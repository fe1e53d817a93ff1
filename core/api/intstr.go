package api

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// IntOrString is intstr.IntOrString: a field such as maxSurge or targetPort
// that holds either an integer or a string ("25%", "http").
type IntOrString struct {
	IsString bool
	IntVal   int32
	StrVal   string
}

// FromInt returns an integer IntOrString.
func FromInt(i int32) IntOrString { return IntOrString{IntVal: i} }

// FromString returns a string IntOrString.
func FromString(s string) IntOrString { return IntOrString{IsString: true, StrVal: s} }

// String renders the value as kubectl does ("25%" or "1").
func (v IntOrString) String() string {
	if v.IsString {
		return v.StrVal
	}
	return strconv.Itoa(int(v.IntVal))
}

// MarshalJSON emits a JSON number or string.
func (v IntOrString) MarshalJSON() ([]byte, error) {
	if v.IsString {
		return json.Marshal(v.StrVal)
	}
	return json.Marshal(v.IntVal)
}

// UnmarshalJSON accepts a JSON string or an integer that fits in int32.
func (v *IntOrString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		v.IsString, v.IntVal = true, 0
		return json.Unmarshal(b, &v.StrVal)
	}
	var i int32
	if err := json.Unmarshal(b, &i); err != nil {
		return err
	}
	*v = IntOrString{IntVal: i}
	return nil
}

// ScaledValue resolves an int or a percentage of total, rounding up or down
// (intstr.GetScaledValueFromIntOrPercent). A string without '%' is an error.
func (v IntOrString) ScaledValue(total int, roundUp bool) (int, error) {
	if !v.IsString {
		return int(v.IntVal), nil
	}
	pct, ok := v.Percent()
	if !ok {
		return 0, fmt.Errorf("invalid value for IntOrString: invalid type: string is not a percentage")
	}
	// Upstream multiplies first, then divides, in float64.
	scaled := float64(pct) * float64(total) / 100
	if roundUp {
		return int(math.Ceil(scaled)), nil
	}
	return int(math.Floor(scaled)), nil
}

// Percent returns N for a string "N%" whose N parses as an integer.
func (v IntOrString) Percent() (int, bool) {
	if !v.IsString || !strings.HasSuffix(v.StrVal, "%") {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(v.StrVal, "%"))
	if err != nil {
		return 0, false
	}
	return n, true
}

package jsonpath

import (
	"errors"
	"fmt"
)

// The comparison errors of text/template's eq/lt family, which upstream
// forks for filters.
var (
	errBadComparisonType = errors.New("invalid type for comparison")
	errBadComparison     = errors.New("incompatible types for comparison")
)

type kind int

const (
	invalidKind kind = iota
	boolKind
	intKind
	uintKind
	floatKind
	stringKind
)

// basicKind classifies a value: JSON numbers are int64 or float64,
// literals int or float64, string bytes uint8.
func basicKind(v any) (kind, error) {
	switch v.(type) {
	case bool:
		return boolKind, nil
	case int, int64:
		return intKind, nil
	case uint8:
		return uintKind, nil
	case float64:
		return floatKind, nil
	case string:
		return stringKind, nil
	}
	return invalidKind, errBadComparisonType
}

func asInt(v any) int64 {
	switch t := v.(type) {
	case int:
		return int64(t)
	case int64:
		return t
	}
	return 0
}

func asUint(v any) uint64 {
	if t, ok := v.(uint8); ok {
		return uint64(t)
	}
	return 0
}

// equal is template's eq for two values: integers compare across
// signedness, anything else only within its kind.
func equal(a, b any) (bool, error) {
	ka, err := basicKind(a)
	if err != nil {
		return false, err
	}
	kb, err := basicKind(b)
	if err != nil {
		return false, err
	}
	if ka != kb {
		switch {
		case ka == intKind && kb == uintKind:
			return asInt(a) >= 0 && uint64(asInt(a)) == asUint(b), nil
		case ka == uintKind && kb == intKind:
			return asInt(b) >= 0 && asUint(a) == uint64(asInt(b)), nil
		}
		return false, errBadComparison
	}
	switch ka {
	case boolKind:
		return a.(bool) == b.(bool), nil
	case floatKind:
		return a.(float64) == b.(float64), nil
	case intKind:
		return asInt(a) == asInt(b), nil
	case stringKind:
		return a.(string) == b.(string), nil
	default:
		return asUint(a) == asUint(b), nil
	}
}

// less is template's lt.
func less(a, b any) (bool, error) {
	ka, err := basicKind(a)
	if err != nil {
		return false, err
	}
	kb, err := basicKind(b)
	if err != nil {
		return false, err
	}
	if ka != kb {
		switch {
		case ka == intKind && kb == uintKind:
			return asInt(a) < 0 || uint64(asInt(a)) < asUint(b), nil
		case ka == uintKind && kb == intKind:
			return asInt(b) >= 0 && asUint(a) < uint64(asInt(b)), nil
		}
		return false, errBadComparison
	}
	switch ka {
	case boolKind:
		return false, errBadComparisonType
	case floatKind:
		return a.(float64) < b.(float64), nil
	case intKind:
		return asInt(a) < asInt(b), nil
	case stringKind:
		return a.(string) < b.(string), nil
	default:
		return asUint(a) < asUint(b), nil
	}
}

// compare applies a filter operator; <= is < or ==, > is not <=, >= is
// not <.
func compare(op string, a, b any) (bool, error) {
	switch op {
	case "==":
		return equal(a, b)
	case "!=":
		eq, err := equal(a, b)
		return !eq, err
	case "<":
		return less(a, b)
	case "<=":
		lt, err := less(a, b)
		if lt || err != nil {
			return lt, err
		}
		return equal(a, b)
	case ">":
		lt, err := less(a, b)
		if lt || err != nil {
			return false, err
		}
		eq, err := equal(a, b)
		return !eq, err
	case ">=":
		lt, err := less(a, b)
		if err != nil {
			return false, err
		}
		return !lt, nil
	}
	return false, fmt.Errorf("unrecognized filter operator %s", op)
}

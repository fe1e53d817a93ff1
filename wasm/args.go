//go:build js && wasm

// Reading the arguments JavaScript passes to an operation: strings,
// whole numbers, seeds, language tags, each with the error the page shows
// when one is missing or of the wrong type.

package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hack-pad/safejs"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/scenario"
)

// argNameText returns the first two arguments, a name and a text.
func argNameText(args []safejs.Value) (string, string, error) {
	name, err := argString(args, 0)
	if err != nil {
		return "", "", err
	}
	text, err := argString(args, 1)
	return name, text, err
}

func arg(args []safejs.Value, i int) (safejs.Value, bool) {
	if i >= len(args) || args[i].IsUndefined() || args[i].IsNull() {
		return safejs.Undefined(), false
	}
	return args[i], true
}

// argString returns argument i, which must be a string.
func argString(args []safejs.Value, i int) (string, error) {
	v, ok := arg(args, i)
	if !ok {
		return "", fmt.Errorf("argument %d: missing (want a string)", i+1)
	}
	if v.Type() != safejs.TypeString {
		return "", fmt.Errorf("argument %d: got a %s, want a string", i+1, v.Type())
	}
	return v.String()
}

// argInt returns argument i, a whole number, or def when it is absent.
func argInt(args []safejs.Value, i, def int) (int, error) {
	v, ok := arg(args, i)
	if !ok {
		return def, nil
	}
	if v.Type() != safejs.TypeNumber {
		return 0, fmt.Errorf("argument %d: got a %s, want a number", i+1, v.Type())
	}
	f, err := v.Float()
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) || f < math.MinInt32 || f > math.MaxInt32 {
		return 0, fmt.Errorf("argument %d: %v is not a whole number in range", i+1, f)
	}
	return int(f), nil
}

// argSeed returns argument i as a seed: a whole number from 0 to 2^53, or
// a decimal string for any uint64; absent means the default seed.
func argSeed(args []safejs.Value, i int) (uint64, error) {
	v, ok := arg(args, i)
	if !ok {
		return cluster.DefaultSeed, nil
	}
	switch v.Type() {
	case safejs.TypeNumber:
		f, err := v.Float()
		if err != nil {
			return 0, err
		}
		if f < 0 || f != math.Trunc(f) || f > 1<<53 {
			return 0, fmt.Errorf("seed %v: want a whole number from 0 to 2^53 (or a decimal string)", f)
		}
		return uint64(f), nil
	case safejs.TypeString:
		s, err := v.String()
		if err != nil {
			return 0, err
		}
		n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("seed %q: want a whole number", s)
		}
		return n, nil
	}
	return 0, fmt.Errorf("seed: got a %s, want a number", v.Type())
}

// argLang returns argument i as a language tag, "en" when absent.
func argLang(args []safejs.Value, i int) (string, error) {
	s, err := argOptString(args, i)
	if err != nil || s == "" {
		return "en", err
	}
	lang := scenario.Lang(s)
	if lang == "" {
		return "", fmt.Errorf("argument %d: %q is not a language tag (en, vi, zh-CN)", i+1, s)
	}
	return lang, nil
}

// argOptString returns argument i, a string, or "" when it is absent.
func argOptString(args []safejs.Value, i int) (string, error) {
	if _, ok := arg(args, i); !ok {
		return "", nil
	}
	return argString(args, i)
}

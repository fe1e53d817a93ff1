package lesson

import (
	"errors"
	"fmt"
	"strings"
)

// The `matches` check takes a small regular expression, matched by hand:
// the core leaves out Go's regexp package to keep the wasm download small
// (see the README's Size and speed). It has what a check on kubectl's
// tables needs: literals, . (any character but a newline), character
// classes [a-z0-9] and [^...], the escapes \d \w \s \n \t (and \. \* ...
// for a literal), the repetitions * + ? on one item, and ^ $ at the start and
// end of any line of the output. There are no groups and no alternation:
// write two checks instead.

type reItem struct {
	kind  byte // 'c' one of the set, '.' any but newline, '^', '$'
	set   []runeRange
	neg   bool
	min   int // 0 or 1
	multi bool
}

type runeRange struct{ lo, hi rune }

// regex is a compiled pattern.
type regex struct {
	items []reItem
}

func compileRegex(pat string) (*regex, error) {
	rs := []rune(pat)
	var items []reItem
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		var it reItem
		switch r {
		case '^', '$':
			items = append(items, reItem{kind: byte(r), min: 1})
			continue
		case '.':
			it = reItem{kind: '.'}
		case '[':
			j := i + 1
			it = reItem{kind: 'c'}
			if j < len(rs) && rs[j] == '^' {
				it.neg = true
				j++
			}
			start := j
			for ; j < len(rs) && (rs[j] != ']' || j == start); j++ {
				lo := rs[j]
				if lo == '\\' && j+1 < len(rs) {
					j++
					if cls, ok := escapeClass(rs[j]); ok {
						it.set = append(it.set, cls...)
						continue
					}
					lo = rs[j]
				}
				hi := lo
				if j+2 < len(rs) && rs[j+1] == '-' && rs[j+2] != ']' {
					hi = rs[j+2]
					j += 2
				}
				if hi < lo {
					return nil, fmt.Errorf("bad range %c-%c in %q", lo, hi, pat)
				}
				it.set = append(it.set, runeRange{lo, hi})
			}
			if j == len(rs) {
				return nil, fmt.Errorf("missing ] in %q", pat)
			}
			i = j
		case '\\':
			if i+1 == len(rs) {
				return nil, fmt.Errorf("trailing \\ in %q", pat)
			}
			i++
			it = reItem{kind: 'c'}
			if cls, ok := escapeClass(rs[i]); ok {
				it.set = cls
			} else if c, ok := escapeChar[rs[i]]; ok {
				it.set = []runeRange{{c, c}}
			} else {
				it.set = []runeRange{{rs[i], rs[i]}}
			}
		case '(', ')', '|', '{', '}':
			return nil, fmt.Errorf("%q: a check's pattern has no groups, alternation or {n} counts (write two checks, or repeat the item)", pat)
		case '*', '+', '?':
			return nil, fmt.Errorf("%q: %c must follow something to repeat", pat, r)
		default:
			it = reItem{kind: 'c', set: []runeRange{{r, r}}}
		}
		it.min = 1
		if i+1 < len(rs) {
			switch rs[i+1] {
			case '*':
				it.min, it.multi = 0, true
				i++
			case '+':
				it.multi = true
				i++
			case '?':
				it.min = 0
				i++
			}
		}
		if i+1 < len(rs) && strings.ContainsRune("*+?", rs[i+1]) {
			return nil, fmt.Errorf("%q: one repetition to an item", pat)
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil, errors.New("an empty pattern")
	}
	return &regex{items: items}, nil
}

// escapeChar are the escapes of one control character.
var escapeChar = map[rune]rune{'n': '\n', 't': '\t'}

func escapeClass(r rune) ([]runeRange, bool) {
	switch r {
	case 'd':
		return []runeRange{{'0', '9'}}, true
	case 'w':
		return []runeRange{{'0', '9'}, {'A', 'Z'}, {'a', 'z'}, {'_', '_'}}, true
	case 's':
		return []runeRange{{' ', ' '}, {'\t', '\t'}, {'\n', '\n'}, {'\r', '\r'}, {'\f', '\f'}, {'\v', '\v'}}, true
	}
	return nil, false
}

// MatchString reports whether the pattern matches anywhere in s.
func (re *regex) MatchString(s string) bool {
	rs := []rune(s)
	for start := 0; start <= len(rs); start++ {
		if re.matchAt(0, rs, start) {
			return true
		}
	}
	return false
}

func (re *regex) matchAt(k int, rs []rune, i int) bool {
	if k == len(re.items) {
		return true
	}
	it := re.items[k]
	switch it.kind {
	case '^':
		return (i == 0 || rs[i-1] == '\n') && re.matchAt(k+1, rs, i)
	case '$':
		return (i == len(rs) || rs[i] == '\n') && re.matchAt(k+1, rs, i)
	}
	// Greedy, backtracking: take as many as allowed, then give back.
	n := 0
	for i+n < len(rs) && it.one(rs[i+n]) && (it.multi || n < 1) {
		n++
	}
	for ; n >= it.min; n-- {
		if re.matchAt(k+1, rs, i+n) {
			return true
		}
	}
	return false
}

func (it reItem) one(r rune) bool {
	if it.kind == '.' {
		return r != '\n'
	}
	in := false
	for _, rr := range it.set {
		if r >= rr.lo && r <= rr.hi {
			in = true
			break
		}
	}
	return in != it.neg
}

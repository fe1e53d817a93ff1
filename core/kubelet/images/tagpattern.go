package images

import "fmt"

// A tagPattern is a compiled catalogue pattern: the part of regular
// expression syntax the catalogue uses, always matched against a whole
// tag. Literal characters, `\.`, classes of characters and ranges (`[5-8]`),
// groups (`(?:...)`), alternation (`|`) and the repetitions `?` and
// `{m,n}`. It saves the wasm build the regexp package; tagpattern_test.go
// checks it against the regular expressions.
type tagPattern [][]patternItem // alternatives

// A patternItem is one atom, repeated min to max times.
type patternItem struct {
	class    string     // pairs of bytes, each an inclusive range; "" for a group
	group    tagPattern // the alternatives of a (?:...) group
	min, max int
}

// compileTagPattern compiles p, panicking on syntax outside the subset
// (the catalogue is code, so that is a programming error).
func compileTagPattern(p string) tagPattern {
	c := patternCompiler{src: p}
	alts := c.alternatives()
	if c.pos != len(p) {
		c.fail("unexpected )")
	}
	return alts
}

type patternCompiler struct {
	src string
	pos int
}

func (c *patternCompiler) fail(msg string) {
	panic(fmt.Sprintf("images: tag pattern %q at %d: %s", c.src, c.pos, msg))
}

// alternatives reads seq(|seq)* up to a ')' or the end.
func (c *patternCompiler) alternatives() tagPattern {
	alts := tagPattern{c.sequence()}
	for c.pos < len(c.src) && c.src[c.pos] == '|' {
		c.pos++
		alts = append(alts, c.sequence())
	}
	return alts
}

// sequence reads atoms, each with an optional repetition, up to a '|',
// a ')' or the end.
func (c *patternCompiler) sequence() []patternItem {
	var seq []patternItem
	for c.pos < len(c.src) && c.src[c.pos] != '|' && c.src[c.pos] != ')' {
		it := patternItem{min: 1, max: 1}
		switch ch := c.src[c.pos]; ch {
		case '(':
			if len(c.src) < c.pos+3 || c.src[c.pos:c.pos+3] != "(?:" {
				c.fail("only (?: groups")
			}
			c.pos += 3
			it.group = c.alternatives()
			if c.pos == len(c.src) {
				c.fail("missing )")
			}
			c.pos++
		case '[':
			end := c.pos + 1
			for end < len(c.src) && c.src[end] != ']' {
				end++
			}
			if end == len(c.src) {
				c.fail("missing ]")
			}
			it.class = classRanges(c.src[c.pos+1 : end])
			if it.class == "" {
				c.fail("unsupported class")
			}
			c.pos = end + 1
		case '\\':
			if c.pos+1 == len(c.src) || c.src[c.pos+1] != '.' {
				c.fail(`only \.`)
			}
			it.class = ".."
			c.pos += 2
		case '.', '*', '+', '?', '{', '^', '$', ']', '}':
			c.fail("unsupported " + string(ch))
		default:
			it.class = string([]byte{ch, ch})
			c.pos++
		}
		c.repetition(&it)
		seq = append(seq, it)
	}
	return seq
}

// classRanges turns the inside of [...] (single characters and a-b
// ranges, nothing negated or escaped) into byte pairs, "" if unsupported.
func classRanges(s string) string {
	var r []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '^' || s[i] == '\\' || s[i] == '[' || s[i] == '-' {
			return ""
		}
		lo, hi := s[i], s[i]
		if i+2 < len(s) && s[i+1] == '-' {
			hi = s[i+2]
			i += 2
		}
		r = append(r, lo, hi)
	}
	return string(r)
}

// repetition reads an optional ? or {m,n} after an atom.
func (c *patternCompiler) repetition(it *patternItem) {
	if c.pos == len(c.src) {
		return
	}
	switch c.src[c.pos] {
	case '?':
		it.min, c.pos = 0, c.pos+1
	case '{':
		var n [2]int
		k, digits := 0, 0
		for c.pos++; c.pos < len(c.src) && c.src[c.pos] != '}'; c.pos++ {
			switch ch := c.src[c.pos]; {
			case ch >= '0' && ch <= '9' && n[k] < 100:
				n[k] = n[k]*10 + int(ch-'0')
				digits++
			case ch == ',' && k == 0 && digits > 0:
				k, digits = 1, 0
			default:
				c.fail("only {m,n}")
			}
		}
		if c.pos == len(c.src) || k == 0 || digits == 0 || n[0] > n[1] {
			c.fail("only {m,n}")
		}
		it.min, it.max, c.pos = n[0], n[1], c.pos+1
	}
	if c.pos < len(c.src) && (c.src[c.pos] == '?' || c.src[c.pos] == '{' || c.src[c.pos] == '*' || c.src[c.pos] == '+') {
		c.fail("repeated repetition")
	}
}

// MatchString reports whether p matches all of s.
func (p tagPattern) MatchString(s string) bool {
	return p.match(s, func(rest string) bool { return rest == "" })
}

// match reports whether some alternative matches a prefix of s after which
// k accepts the rest (backtracking: the patterns and tags are short).
func (p tagPattern) match(s string, k func(string) bool) bool {
	for _, seq := range p {
		if matchSequence(seq, s, k) {
			return true
		}
	}
	return false
}

func matchSequence(seq []patternItem, s string, k func(string) bool) bool {
	if len(seq) == 0 {
		return k(s)
	}
	return matchRepeated(seq[0], 0, s, func(rest string) bool { return matchSequence(seq[1:], rest, k) })
}

// matchRepeated matches it having already matched n times. Every
// repetition is bounded, so this ends.
func matchRepeated(it patternItem, n int, s string, k func(string) bool) bool {
	if n < it.max && matchOnce(it, s, func(rest string) bool { return matchRepeated(it, n+1, rest, k) }) {
		return true
	}
	return n >= it.min && k(s)
}

func matchOnce(it patternItem, s string, k func(string) bool) bool {
	if it.class == "" {
		return it.group.match(s, k)
	}
	if s == "" {
		return false
	}
	for i := 0; i+1 < len(it.class); i += 2 {
		if s[0] >= it.class[i] && s[0] <= it.class[i+1] {
			return k(s[1:])
		}
	}
	return false
}

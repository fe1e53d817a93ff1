package manifest

// Scalar analysis, ported from yaml.v2's emitterc.go
// (yaml_emitter_analyze_scalar) with the same byte-level tests: it decides
// which styles can write a string so that it reads back unchanged.

// analysis is what a scalar's text allows (libyaml's scalar_data).
type analysis struct {
	multiline           bool
	flowPlainAllowed    bool
	blockPlainAllowed   bool
	singleQuotedAllowed bool
	blockAllowed        bool
}

func analyze(value string) analysis {
	v := []byte(value)
	if len(v) == 0 {
		return analysis{blockPlainAllowed: true, singleQuotedAllowed: true}
	}
	var (
		blockIndicators, flowIndicators, lineBreaks, specialCharacters bool
		leadingSpace, leadingBreak, trailingSpace, trailingBreak       bool
		breakSpace, spaceBreak, previousSpace, previousBreak           bool
	)
	if len(v) >= 3 && (v[0] == '-' && v[1] == '-' && v[2] == '-' || v[0] == '.' && v[1] == '.' && v[2] == '.') {
		blockIndicators, flowIndicators = true, true
	}
	precededByWhitespace := true
	for i, w := 0, 0; i < len(v); i += w {
		w = width(v[i])
		followedByWhitespace := i+w >= len(v) || isBlank(v[i+w:i+w+1])
		if i == 0 {
			switch v[i] {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				flowIndicators, blockIndicators = true, true
			case '?', ':':
				flowIndicators = true
				if followedByWhitespace {
					blockIndicators = true
				}
			case '-':
				if followedByWhitespace {
					flowIndicators, blockIndicators = true, true
				}
			}
		} else {
			switch v[i] {
			case ',', '?', '[', ']', '{', '}':
				flowIndicators = true
			case ':':
				flowIndicators = true
				if followedByWhitespace {
					blockIndicators = true
				}
			case '#':
				if precededByWhitespace {
					flowIndicators, blockIndicators = true, true
				}
			}
		}
		if !isPrintable(v, i) {
			specialCharacters = true
		}
		switch {
		case v[i] == ' ':
			if i == 0 {
				leadingSpace = true
			}
			if i+w == len(v) {
				trailingSpace = true
			}
			if previousBreak {
				breakSpace = true
			}
			previousSpace, previousBreak = true, false
		case isBreak(v, i):
			lineBreaks = true
			if i == 0 {
				leadingBreak = true
			}
			if i+w == len(v) {
				trailingBreak = true
			}
			if previousSpace {
				spaceBreak = true
			}
			previousSpace, previousBreak = false, true
		default:
			previousSpace, previousBreak = false, false
		}
		precededByWhitespace = v[i] == ' ' || v[i] == '\t' || v[i] == 0 || isBreak(v, i)
	}
	a := analysis{multiline: lineBreaks, flowPlainAllowed: true, blockPlainAllowed: true,
		singleQuotedAllowed: true, blockAllowed: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.flowPlainAllowed, a.blockPlainAllowed = false, false
	}
	if trailingSpace {
		a.blockAllowed = false
	}
	if breakSpace {
		a.flowPlainAllowed, a.blockPlainAllowed, a.singleQuotedAllowed = false, false, false
	}
	if spaceBreak || specialCharacters {
		a.flowPlainAllowed, a.blockPlainAllowed, a.singleQuotedAllowed, a.blockAllowed = false, false, false, false
	}
	if lineBreaks {
		a.flowPlainAllowed, a.blockPlainAllowed = false, false
	}
	if flowIndicators {
		a.flowPlainAllowed = false
	}
	if blockIndicators {
		a.blockPlainAllowed = false
	}
	return a
}

// width is the length of the UTF-8 sequence that starts with b.
func width(b byte) int {
	switch {
	case b&0x80 == 0x00:
		return 1
	case b&0xE0 == 0xC0:
		return 2
	case b&0xF0 == 0xE0:
		return 3
	case b&0xF8 == 0xF0:
		return 4
	}
	return 1
}

func at(v []byte, i int) byte {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// isPrintable is libyaml's test: it excludes tabs, controls, the BOM and,
// notably, every 4-byte sequence (emoji are escaped in double quotes).
func isPrintable(v []byte, i int) bool {
	b, b1, b2 := v[i], at(v, i+1), at(v, i+2)
	return b == 0x0A ||
		b >= 0x20 && b <= 0x7E ||
		b == 0xC2 && b1 >= 0xA0 ||
		b > 0xC2 && b < 0xED ||
		b == 0xED && b1 < 0xA0 ||
		b == 0xEE ||
		b == 0xEF && !(b1 == 0xBB && b2 == 0xBF) && !(b1 == 0xBF && (b2 == 0xBE || b2 == 0xBF))
}

// isBreak: \r, \n, NEL, LS, PS.
func isBreak(v []byte, i int) bool {
	b, b1, b2 := v[i], at(v, i+1), at(v, i+2)
	return b == '\r' || b == '\n' ||
		b == 0xC2 && b1 == 0x85 ||
		b == 0xE2 && b1 == 0x80 && (b2 == 0xA8 || b2 == 0xA9)
}

func isBOM(v []byte, i int) bool {
	return v[i] == 0xEF && at(v, i+1) == 0xBB && at(v, i+2) == 0xBF
}

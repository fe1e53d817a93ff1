package manifest

// The low-level half of the YAML emitter: the writers, ported from
// yaml.v2's emitterc.go (yaml_emitter_write_*), so indentation, quoting,
// escapes and line folding match kubectl's output byte for byte.

func (e *emitter) increaseIndent(flow, indentless bool) {
	e.indents = append(e.indents, e.indent)
	switch {
	case e.indent < 0 && flow:
		e.indent = bestIndent
	case e.indent < 0:
		e.indent = 0
	case !indentless:
		e.indent += bestIndent
	}
}

func (e *emitter) popIndent() {
	e.indent = e.indents[len(e.indents)-1]
	e.indents = e.indents[:len(e.indents)-1]
}

func (e *emitter) put(b byte) {
	e.out = append(e.out, b)
	e.column++
}

func (e *emitter) putBreak() {
	e.out = append(e.out, '\n')
	e.column = 0
}

// write copies one character (a whole UTF-8 sequence) from v at *i.
func (e *emitter) write(v []byte, i *int) {
	w := width(v[*i])
	e.out = append(e.out, v[*i:min(*i+w, len(v))]...)
	e.column++
	*i += w
}

// writeBreak copies a line break from v at *i.
func (e *emitter) writeBreak(v []byte, i *int) {
	if v[*i] == '\n' {
		e.putBreak()
		*i++
		return
	}
	e.write(v, i)
	e.column = 0
}

func (e *emitter) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.putBreak()
	}
	for e.column < indent {
		e.put(' ')
	}
	e.whitespace, e.indention = true, true
}

func (e *emitter) writeIndicator(indicator string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.put(' ')
	}
	v := []byte(indicator)
	for i := 0; i < len(v); {
		e.write(v, &i)
	}
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
}

func (e *emitter) writePlain(value string, allowBreaks bool) {
	v := []byte(value)
	if !e.whitespace {
		e.put(' ')
	}
	spaces, breaks := false, false
	for i := 0; i < len(v); {
		switch {
		case v[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && at(v, i+1) != ' ' {
				e.writeIndent()
				i++
			} else {
				e.write(v, &i)
			}
			spaces = true
		case isBreak(v, i):
			if !breaks && v[i] == '\n' {
				e.putBreak()
			}
			e.writeBreak(v, &i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			e.write(v, &i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.whitespace, e.indention = false, false
}

func (e *emitter) writeSingleQuoted(value string, allowBreaks bool) {
	v := []byte(value)
	e.writeIndicator("'", true, false, false)
	spaces, breaks := false, false
	for i := 0; i < len(v); {
		switch {
		case v[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(v)-1 && at(v, i+1) != ' ' {
				e.writeIndent()
				i++
			} else {
				e.write(v, &i)
			}
			spaces = true
		case isBreak(v, i):
			if !breaks && v[i] == '\n' {
				e.putBreak()
			}
			e.writeBreak(v, &i)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if v[i] == '\'' {
				e.put('\'')
			}
			e.write(v, &i)
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.writeIndicator("'", false, false, false)
	e.whitespace, e.indention = false, false
}

func (e *emitter) writeDoubleQuoted(value string, allowBreaks bool) {
	v := []byte(value)
	spaces := false
	e.writeIndicator("\"", true, false, false)
	for i := 0; i < len(v); {
		switch {
		case !isPrintable(v, i) || isBOM(v, i) || isBreak(v, i) || v[i] == '"' || v[i] == '\\':
			e.writeEscape(v, &i)
			spaces = false
		case v[i] == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i > 0 && i < len(v)-1 {
				e.writeIndent()
				if at(v, i+1) == ' ' {
					e.put('\\')
				}
				i++
			} else {
				e.write(v, &i)
			}
			spaces = true
		default:
			e.write(v, &i)
			spaces = false
		}
	}
	e.writeIndicator("\"", false, false, false)
	e.whitespace, e.indention = false, false
}

// writeEscape writes the character at *i as a double-quoted escape.
func (e *emitter) writeEscape(v []byte, i *int) {
	octet := v[*i]
	w, r := 1, rune(octet&0x7F)
	switch {
	case octet&0xE0 == 0xC0:
		w, r = 2, rune(octet&0x1F)
	case octet&0xF0 == 0xE0:
		w, r = 3, rune(octet&0x0F)
	case octet&0xF8 == 0xF0:
		w, r = 4, rune(octet&0x07)
	}
	for k := 1; k < w && *i+k < len(v); k++ {
		r = r<<6 + rune(v[*i+k])&0x3F
	}
	*i += w
	e.put('\\')
	simple := map[rune]byte{0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0A: 'n', 0x0B: 'v', 0x0C: 'f',
		0x0D: 'r', 0x1B: 'e', 0x22: '"', 0x5C: '\\', 0x85: 'N', 0xA0: '_', 0x2028: 'L', 0x2029: 'P'}
	if c, ok := simple[r]; ok {
		e.put(c)
		return
	}
	digits := 8
	switch {
	case r <= 0xFF:
		e.put('x')
		digits = 2
	case r <= 0xFFFF:
		e.put('u')
		digits = 4
	default:
		e.put('U')
	}
	for k := (digits - 1) * 4; k >= 0; k -= 4 {
		d := byte(r>>uint(k)) & 0x0F
		if d < 10 {
			e.put(d + '0')
		} else {
			e.put(d + 'A' - 10)
		}
	}
}

func (e *emitter) writeLiteral(value string) {
	v := []byte(value)
	e.writeIndicator("|", true, false, false)
	e.writeBlockHints(v)
	e.putBreak()
	e.indention, e.whitespace = true, true
	breaks := true
	for i := 0; i < len(v); {
		if isBreak(v, i) {
			e.writeBreak(v, &i)
			e.indention = true
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		e.write(v, &i)
		e.indention = false
		breaks = false
	}
}

// writeBlockHints writes a literal's indentation indicator (when it starts
// with a space or break) and chomping indicator: "-" without a final line
// break, none with one, "+" with more.
func (e *emitter) writeBlockHints(v []byte) {
	if len(v) > 0 && (v[0] == ' ' || isBreak(v, 0)) {
		e.writeIndicator(string(rune('0'+bestIndent)), false, false, false)
	}
	chomp := ""
	if len(v) == 0 {
		chomp = "-"
	} else {
		i := len(v) - 1
		for i > 0 && v[i]&0xC0 == 0x80 {
			i--
		}
		switch {
		case !isBreak(v, i):
			chomp = "-"
		case i == 0:
			chomp = "+"
		default:
			i--
			for i > 0 && v[i]&0xC0 == 0x80 {
				i--
			}
			if isBreak(v, i) {
				chomp = "+"
			}
		}
	}
	if chomp != "" {
		e.writeIndicator(chomp, false, false, false)
	}
}

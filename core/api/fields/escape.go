package fields

import (
	"fmt"
	"strings"
)

// A value in a field selector escapes the three characters the syntax gives
// a meaning to: `\` as `\\`, `,` as `\,` and `=` as `\=`. Any other escape,
// a lone trailing backslash, and an unescaped `,` or `=` in a value are
// errors. (fields.EscapeValue / UnescapeValue.)

// EscapeValue escapes a literal value for use in a field selector.
func EscapeValue(s string) string {
	if !strings.ContainsAny(s, `\,=`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	for _, r := range s {
		if r == '\\' || r == ',' || r == '=' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// InvalidEscapeSequence is the error for a backslash that escapes anything
// but `\`, `,` or `=`, or that ends the value.
type InvalidEscapeSequence struct{ sequence string }

func (e InvalidEscapeSequence) Error() string {
	return "invalid field selector: invalid escape sequence: " + e.sequence
}

// UnescapedRune is the error for a `,` or `=` left unescaped in a value.
// Like upstream it prints the character as a number (44 for ',', 61 for
// '='): fmt's %v of a rune.
type UnescapedRune struct{ r rune }

func (e UnescapedRune) Error() string {
	return fmt.Sprintf("invalid field selector: unescaped character in value: %v", e.r)
}

// UnescapeValue returns the literal value an escaped selector value stands
// for.
func UnescapeValue(s string) (string, error) {
	if !strings.ContainsAny(s, `\,=`) {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			if r != '\\' && r != ',' && r != '=' {
				return "", InvalidEscapeSequence{sequence: `\` + string(r)}
			}
			b.WriteRune(r)
			escaped = false
		case r == '\\':
			escaped = true
		case r == ',' || r == '=':
			return "", UnescapedRune{r: r}
		default:
			b.WriteRune(r)
		}
	}
	if escaped {
		return "", InvalidEscapeSequence{sequence: `\`}
	}
	return b.String(), nil
}

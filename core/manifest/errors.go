package manifest

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Class says what kind of problem an Error is, so callers can react to
// classes (the editor colours limits differently from typos) without parsing
// messages.
type Class int

const (
	// ClassLimit: the input is too large, too deep, too wide or aliases too
	// much to be parsed safely.
	ClassLimit Class = iota + 1
	// ClassSyntax: the text is not valid YAML or JSON.
	ClassSyntax
	// ClassTypeMeta: apiVersion or kind is missing, not a string, or the
	// document is not an object (kubectl's client-side validation).
	ClassTypeMeta
	// ClassNoKindMatch: no served kind matches kind and apiVersion.
	ClassNoKindMatch
	// ClassUnknownField: strict field validation found a field the type lacks.
	ClassUnknownField
	// ClassDuplicateField: strict field validation found a key twice.
	ClassDuplicateField
	// ClassType: a value has the wrong JSON type or does not fit (3.5 or
	// 3000000000 into an int32, a number into a string).
	ClassType
	// ClassValue: a value has the right type but a bad form (a quantity or a
	// timestamp that does not parse).
	ClassValue
)

var classNames = map[Class]string{
	ClassLimit:          "limit",
	ClassSyntax:         "syntax",
	ClassTypeMeta:       "typemeta",
	ClassNoKindMatch:    "nokindmatch",
	ClassUnknownField:   "unknownfield",
	ClassDuplicateField: "duplicatefield",
	ClassType:           "type",
	ClassValue:          "value",
}

func (c Class) String() string {
	if s, ok := classNames[c]; ok {
		return s
	}
	return fmt.Sprintf("Class(%d)", int(c))
}

// Error is one problem in a manifest, positioned for an editor.
//
// Msg is worded as upstream words it (kubectl's client-side validation, the
// API server's strict decoder, encoding/json's type errors), so users can
// search for it; Error() adds the position and, when Msg does not already
// name it, the field path.
type Error struct {
	Class Class
	// Doc is the 1-based number of the document among the non-empty
	// documents of the stream; 0 when the problem is the whole input.
	Doc int
	// Item is the 1-based index inside a List document's items, 0 otherwise.
	Item int
	// Line and Column are 1-based; Column counts characters (runes), so a
	// tab is one column. Both are 0 when the problem has no position.
	Line, Column int
	// Path is the field path inside the object, as the API server writes it
	// in strict decoding errors: "spec.template.spec.containers[0].image".
	// It is relative to the List item when Item > 0.
	Path string
	// Kind and Version name the type being decoded, once known; they make
	// the API server's "cannot be handled as" prefix (see ServerMessage).
	Kind, Version string
	// Name and Namespace are the object's metadata.name and
	// metadata.namespace when they could be read (kubectl names them in
	// "resource mapping not found for name: ... namespace: ...").
	Name, Namespace string
	// Msg is the upstream-worded message.
	Msg string
	// More holds the other unknown and duplicate fields of the same
	// object, each with its own position; Msg already names them all, as
	// the API server's message does.
	More []*Error
}

// Error renders "document 2, line 7, column 13: <path>: <message>".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Doc > 0 {
		fmt.Fprintf(&b, "document %d, ", e.Doc)
	}
	if e.Item > 0 {
		fmt.Fprintf(&b, "item %d, ", e.Item)
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Column)
	}
	// Upstream's messages carry the path for unknown, duplicate and type
	// errors; a bad quantity or timestamp, or a kind/version mismatch,
	// does not say where it is.
	if e.Path != "" && (e.Class == ClassValue || e.Class == ClassNoKindMatch) {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ServerMessage is the message as the API server would return it: decoding
// errors carry `Deployment in version "v1" cannot be handled as a
// Deployment: ` before the detail, as in
// `Error from server (BadRequest): error when creating "web.yaml": ...`.
// Client-side errors (syntax, apiVersion/kind, no kind match, limits) are
// returned unchanged.
func (e *Error) ServerMessage() string {
	switch e.Class {
	case ClassUnknownField, ClassDuplicateField, ClassType, ClassValue:
		if e.Kind != "" {
			return fmt.Sprintf("%s in version %q cannot be handled as a %s: %s", e.Kind, e.Version, e.Kind, e.Msg)
		}
	}
	return e.Msg
}

// SourceLine renders the offending line of src and a caret under the
// column, for terminals and plain-text panes:
//
//	7 |     replicas: 3.5
//	  |               ^
//
// Tabs before the column are copied into the caret line so the caret stays
// aligned whatever the tab width. It returns "" when the error has no line.
func (e *Error) SourceLine(src []byte) string {
	text, ok := lineText(src, e.Line)
	if !ok {
		return ""
	}
	gutter := fmt.Sprintf("%d | ", e.Line)
	var b strings.Builder
	b.WriteString(gutter)
	b.WriteString(text)
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", len(gutter)-2))
	b.WriteString("| ")
	col := 1
	for _, r := range text {
		if col >= e.Column {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		col++
	}
	// A column past the end of the line (an error "at end of input")
	// still gets its caret, after the last character.
	for ; col < e.Column; col++ {
		b.WriteByte(' ')
	}
	b.WriteByte('^')
	return b.String()
}

// lineText returns the 1-based line n of src without its line break.
func lineText(src []byte, n int) (string, bool) {
	if n < 1 {
		return "", false
	}
	start := 0
	for line := 1; line < n; line++ {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			return "", false
		}
		start += i + 1
	}
	end := start + bytes.IndexByte(src[start:], '\n')
	if end < start {
		end = len(src)
	}
	text := strings.TrimSuffix(string(src[start:end]), "\r")
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	return text, true
}

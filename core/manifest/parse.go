package manifest

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// parseChunk parses one document and builds its tree. It returns nil for a
// document whose value is null ("--- ~"), which kubectl skips.
func parseChunk(ch chunk, doc int, aliasTotal *int) (root *node, err *Error) {
	pos := &positioner{text: ch.text, firstLine: ch.firstLine}
	defer func() {
		// goccy is third-party code fed hostile input: a panic in it
		// becomes an error on the document, never a crash.
		if r := recover(); r != nil {
			root, err = nil, &Error{Class: ClassSyntax, Doc: doc, Line: ch.firstLine, Column: 1,
				Msg: fmt.Sprintf("manifest: internal error: %v", r)}
		}
	}()
	// Duplicate keys are reported by the strict decoder, with their field
	// path; goccy's own check would stop at the first with less context.
	f, perr := parser.Parse(lexer.Tokenize(string(ch.text)), 0, parser.AllowDuplicateMapKey())
	if perr != nil {
		return nil, syntaxError(perr, pos, doc)
	}
	b := &builder{pos: pos, doc: doc, json: isJSON(ch.text), anchors: map[string]*node{}, total: aliasTotal}
	for _, d := range f.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		n, berr := b.build(d.Body)
		if berr != nil {
			return nil, berr
		}
		if n.isNull() {
			continue // a directive's own "document", or a null one
		}
		if root != nil {
			// The splitter gives goccy one document at a time, so a
			// second one means a marker it could not see.
			return nil, &Error{Class: ClassSyntax, Doc: doc, Line: n.line, Column: n.col,
				Msg: "error converting YAML to JSON: yaml: unexpected second document"}
		}
		root = n
	}
	return root, nil
}

// syntaxError words a goccy error as kubectl words YAML errors:
// "error converting YAML to JSON: yaml: line 7: <problem>".
func syntaxError(err error, pos *positioner, doc int) *Error {
	e := &Error{Class: ClassSyntax, Doc: doc, Line: pos.firstLine, Column: 1}
	// Not err.Error(): goccy renders the source around the token into
	// it, which takes minutes on a 1 MiB line.
	var msg string
	var ye yaml.Error
	if errors.As(err, &ye) {
		msg = ye.GetMessage()
		if tk := ye.GetToken(); tk != nil {
			e.Line, e.Column = pos.of(tk)
		}
	} else {
		msg = err.Error()
	}
	e.Msg = fmt.Sprintf("error converting YAML to JSON: yaml: line %d: %s", e.Line, msg)
	return e
}

// positioner maps goccy token positions to lines and columns of the whole
// input. goccy's line numbers are right but its columns miscount tabs
// (JSON indented with tabs); its rune offsets are right, so columns are
// computed from them.
type positioner struct {
	text       []byte
	firstLine  int
	lineStarts []int // rune offset of each line's first character
}

func (p *positioner) of(tk *token.Token) (line, col int) {
	if tk == nil || tk.Position == nil {
		return p.firstLine, 1
	}
	pos := tk.Position
	if p.lineStarts == nil {
		p.index()
	}
	col = pos.Column
	if pos.Line >= 1 && pos.Line <= len(p.lineStarts) {
		c := pos.Offset - p.lineStarts[pos.Line-1]
		if c >= 1 && (pos.Line == len(p.lineStarts) || pos.Offset <= p.lineStarts[pos.Line]) {
			col = c
		}
	}
	if col < 1 {
		col = 1
	}
	return p.firstLine + pos.Line - 1, col
}

// ofOrigin positions a token whose Value is only the end of its text
// (goccy's misread "k<<"): the text starts len(text)-len(Value) characters
// earlier.
func (p *positioner) ofOrigin(tk *token.Token, text string) (line, col int) {
	line, col = p.of(tk)
	if shift := utf8.RuneCountInString(text) - utf8.RuneCountInString(tk.Value); shift > 0 && col > shift {
		col -= shift
	}
	return line, col
}

// index records where each line starts, counting runes as goccy does.
func (p *positioner) index() {
	p.lineStarts = append(p.lineStarts, 0)
	runes := 0
	for i := 0; i < len(p.text); {
		c := p.text[i]
		size := 1
		if c >= utf8.RuneSelf {
			_, size = utf8.DecodeRune(p.text[i:])
		}
		i += size
		runes++
		switch c {
		case '\n':
			p.lineStarts = append(p.lineStarts, runes)
		case '\r':
			if i < len(p.text) && p.text[i] == '\n' {
				i++
				runes++
			}
			p.lineStarts = append(p.lineStarts, runes)
		}
	}
}

// isJSON reports whether a document is JSON: its first character that is
// not blank, a comment or a marker line opens an object or an array.
func isJSON(text []byte) bool {
	for pos := 0; pos < len(text); {
		end, next := lineEnd(text, pos)
		l := text[pos:end]
		pos = next
		if isMarker(l, '-') {
			l = l[3:]
		}
		for i, c := range l {
			switch {
			case c == ' ' || c == '\t':
				continue
			case c == '#' || (c == '%' && i == 0):
			default:
				return c == '{' || c == '['
			}
			break
		}
	}
	return false
}

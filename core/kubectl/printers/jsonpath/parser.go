package jsonpath

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

const eof = -1

// ErrSyntax is returned by UnquoteExtend for a malformed quoted string.
var ErrSyntax = errors.New("invalid syntax")

// Parser turns a template into a tree of nodes. It scans runes as
// upstream's does and reports the same errors, but in a loop: upstream's
// scanner calls itself once per token, so a long template nests as deep as
// it is long, and inside a wasm export that overflows the JavaScript
// engine's stack, which Go cannot recover from.
type Parser struct {
	Name  string
	Root  *ListNode
	input string
	pos   int
	start int
	width int
}

// Parse parses a template such as `{range .items[*]}{.metadata.name}{"\n"}{end}`.
func Parse(name, text string) (*Parser, error) {
	p := &Parser{Name: name, input: text, Root: &ListNode{}}
	for p.parseText(p.Root) {
		action := p.parseLeftDelim(p.Root)
		for {
			closed, err := p.parseInsideAction(action)
			if err != nil {
				return nil, err
			}
			if closed {
				break
			}
		}
	}
	if err := checkLimits(p.Root); err != nil {
		return nil, err
	}
	return p, nil
}

// parseAction parses the inside of one action, as filters and unions need.
func parseAction(name, text string) (*Parser, error) {
	p, err := Parse(name, "{"+text+"}")
	if err != nil {
		return nil, err
	}
	p.Root = p.Root.Nodes[0].(*ListNode)
	return p, nil
}

// consumeText returns the input scanned since the last call.
func (p *Parser) consumeText() string {
	v := p.input[p.start:p.pos]
	p.start = p.pos
	return v
}

func (p *Parser) next() rune {
	if p.pos >= len(p.input) {
		p.width = 0
		return eof
	}
	r, w := utf8.DecodeRuneInString(p.input[p.pos:])
	p.width = w
	p.pos += w
	return r
}

func (p *Parser) peek() rune {
	r := p.next()
	p.backup()
	return r
}

func (p *Parser) backup() { p.pos -= p.width }

// parseText scans literal text up to the next action and says whether
// there is one.
func (p *Parser) parseText(cur *ListNode) bool {
	for {
		if strings.HasPrefix(p.input[p.pos:], "{") {
			if p.pos > p.start {
				cur.append(&TextNode{p.consumeText()})
			}
			return true
		}
		if p.next() == eof {
			break
		}
	}
	if p.pos > p.start {
		cur.append(&TextNode{p.consumeText()})
	}
	return false
}

// parseLeftDelim opens an action and returns its node.
func (p *Parser) parseLeftDelim(cur *ListNode) *ListNode {
	p.pos++
	p.consumeText()
	action := &ListNode{}
	cur.append(action)
	return action
}

// parseInsideAction scans one token of an action and says whether it was
// the closing brace (parseRightDelim), after which text continues at the
// top level.
func (p *Parser) parseInsideAction(cur *ListNode) (closed bool, err error) {
	rest := p.input[p.pos:]
	switch {
	case strings.HasPrefix(rest, "}"):
		p.pos++
		p.consumeText()
		return true, nil
	case strings.HasPrefix(rest, "[?("):
		return false, p.parseFilter(cur)
	case strings.HasPrefix(rest, ".."):
		return false, p.parseRecursive(cur)
	}
	switch r := p.next(); {
	case r == eof || isEndOfLine(r):
		return false, fmt.Errorf("unclosed action")
	case r == ' ':
		p.consumeText()
	case r == '@' || r == '$': // the current object: nothing to do
		p.consumeText()
	case r == '[':
		return false, p.parseArray(cur)
	case r == '"' || r == '\'':
		return false, p.parseQuote(cur, r)
	case r == '.':
		return false, p.parseField(cur)
	case r == '+' || r == '-' || unicode.IsDigit(r):
		p.backup()
		return false, p.parseNumber(cur)
	case isAlphaNumeric(r):
		p.backup()
		return false, p.parseIdentifier(cur)
	default:
		return false, fmt.Errorf("unrecognized character in action: %#U", r)
	}
	return false, nil
}

// parseIdentifier scans range, end, true or false.
func (p *Parser) parseIdentifier(cur *ListNode) error {
	for {
		if r := p.next(); isTerminator(r) {
			p.backup()
			break
		}
	}
	value := p.consumeText()
	if value == "true" || value == "false" {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("can not parse bool '%s': %s", value, err.Error())
		}
		cur.append(&BoolNode{b})
	} else {
		cur.append(&IdentifierNode{value})
	}
	return nil
}

func (p *Parser) parseRecursive(cur *ListNode) error {
	if n := len(cur.Nodes); n > 0 {
		if _, ok := cur.Nodes[n-1].(*RecursiveNode); ok {
			return fmt.Errorf("invalid multiple recursive descent")
		}
	}
	p.pos += 2
	p.consumeText()
	cur.append(&RecursiveNode{})
	if isAlphaNumeric(p.peek()) {
		return p.parseField(cur)
	}
	return nil
}

func (p *Parser) parseNumber(cur *ListNode) error {
	if r := p.peek(); r == '+' || r == '-' {
		p.next()
	}
	for {
		if r := p.next(); r != '.' && !unicode.IsDigit(r) {
			p.backup()
			break
		}
	}
	value := p.consumeText()
	if i, err := strconv.Atoi(value); err == nil {
		cur.append(&IntNode{i})
		return nil
	}
	if f, err := strconv.ParseFloat(value, 64); err == nil {
		cur.append(&FloatNode{f})
		return nil
	}
	return fmt.Errorf("cannot parse number %s", value)
}

// parseArray scans [index], [start:end:step], [a,b] and ['key'].
func (p *Parser) parseArray(cur *ListNode) error {
loop:
	for {
		switch p.next() {
		case eof, '\n':
			return fmt.Errorf("unterminated array")
		case ']':
			break loop
		}
	}
	text := p.consumeText()
	text = text[1 : len(text)-1]
	if text == "*" {
		text = ":"
	}

	if parts := strings.Split(text, ","); len(parts) > 1 {
		union := &UnionNode{}
		for _, part := range parts {
			sub, err := parseAction("union", "["+strings.Trim(part, " ")+"]")
			if err != nil {
				return err
			}
			union.Nodes = append(union.Nodes, sub.Root)
		}
		cur.append(union)
		return nil
	}

	if key, ok := dictKey(text); ok {
		sub, err := parseAction("arraydict", "."+key)
		if err != nil {
			return err
		}
		for _, n := range sub.Root.Nodes {
			cur.append(n)
		}
		return nil
	}

	value, ok := sliceOperator(text)
	if !ok {
		return fmt.Errorf("invalid array index %s", text)
	}
	var params [3]ParamsEntry
	for i := 0; i < 3; i++ {
		switch {
		case value[i] != "":
			if i > 0 {
				value[i] = value[i][1:]
			}
			if i > 0 && value[i] == "" {
				params[i].Known = false
				continue
			}
			n, err := strconv.Atoi(value[i])
			if err != nil {
				return fmt.Errorf("array index %s is not a number", value[i])
			}
			params[i] = ParamsEntry{Value: n, Known: true}
		case i == 1:
			params[i] = ParamsEntry{Value: params[0].Value + 1, Known: true, Derived: true}
		}
	}
	cur.append(&ArrayNode{params})
	return nil
}

// parseFilter scans [?(left op right)] or [?(path)].
func (p *Parser) parseFilter(cur *ListNode) error {
	p.pos += len("[?(")
	p.consumeText()
	begin, end := false, false
	var pair rune
loop:
	for {
		r := p.next()
		switch r {
		case eof, '\n':
			return fmt.Errorf("unterminated filter")
		case '"', '\'':
			if !begin {
				begin, pair = true, r
				continue
			}
			if p.input[p.pos-2] != '\\' && r == pair {
				end = true
			}
		case ')':
			// quotes appear zero times or once, paired
			if begin == end {
				break loop
			}
		}
	}
	if p.next() != ']' {
		return fmt.Errorf("unclosed array expect ]")
	}
	text := p.consumeText()
	text = text[:len(text)-2]
	value, ok := filterParts(text)
	if !ok {
		sub, err := parseAction("text", text)
		if err != nil {
			return err
		}
		cur.append(&FilterNode{Left: sub.Root, Right: &ListNode{}, Operator: "exists"})
		return nil
	}
	left, err := parseAction("left", value[0])
	if err != nil {
		return err
	}
	right, err := parseAction("right", value[2])
	if err != nil {
		return err
	}
	cur.append(&FilterNode{Left: left.Root, Right: right.Root, Operator: value[1]})
	return nil
}

// parseQuote scans a quoted string literal.
func (p *Parser) parseQuote(cur *ListNode, end rune) error {
loop:
	for {
		switch p.next() {
		case eof, '\n':
			return fmt.Errorf("unterminated quoted string")
		case end:
			if p.input[p.pos-2] != '\\' {
				break loop
			}
		}
	}
	value := p.consumeText()
	s, err := UnquoteExtend(value)
	if err != nil {
		return fmt.Errorf("unquote string %s error %v", value, err)
	}
	cur.append(&TextNode{s})
	return nil
}

// parseField scans a field name up to the next unescaped terminator.
func (p *Parser) parseField(cur *ListNode) error {
	p.consumeText()
	for p.advance() {
	}
	value := p.consumeText()
	if value == "*" {
		cur.append(&WildcardNode{})
	} else {
		cur.append(&FieldNode{strings.ReplaceAll(value, `\`, "")})
	}
	return nil
}

func (p *Parser) advance() bool {
	r := p.next()
	if r == '\\' {
		p.next()
	} else if isTerminator(r) {
		p.backup()
		return false
	}
	return true
}

func isTerminator(r rune) bool {
	if isSpace(r) || isEndOfLine(r) {
		return true
	}
	switch r {
	case eof, '.', ',', '[', ']', '$', '@', '{', '}':
		return true
	}
	return false
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' }

func isEndOfLine(r rune) bool { return r == '\r' || r == '\n' }

func isAlphaNumeric(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// UnquoteExtend is strconv.Unquote that also accepts single-quoted strings
// of any length.
func UnquoteExtend(s string) (string, error) {
	n := len(s)
	if n < 2 {
		return "", ErrSyntax
	}
	quote := s[0]
	if quote != s[n-1] || (quote != '"' && quote != '\'') {
		return "", ErrSyntax
	}
	s = s[1 : n-1]
	if !strings.ContainsRune(s, '\\') && !strings.ContainsRune(s, rune(quote)) {
		return s, nil
	}
	var buf []byte
	for len(s) > 0 {
		c, multibyte, rest, err := strconv.UnquoteChar(s, quote)
		if err != nil {
			return "", err
		}
		s = rest
		if c < utf8.RuneSelf || !multibyte {
			buf = append(buf, byte(c))
		} else {
			buf = utf8.AppendRune(buf, c)
		}
	}
	return string(buf), nil
}

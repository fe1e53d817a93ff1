package manifest

import (
	"fmt"
	"unicode/utf8"
)

// The guard: the line scan that split.go runs over every line, estimating
// nesting depth from indentation, compact "- " indicators and flow
// brackets, and counting the keys of each block mapping, so that no input
// reaches goccy's quadratic paths (see limits.go for the measurements).
//
// It is not a parser: where it cannot be sure it counts too much. An
// unhelpful error on an absurd input is acceptable; letting goccy choke
// is not.

// docScan is the guard's view of the current document's structure.
type docScan struct {
	frames []frame // open block collections, innermost last
	flow   int     // open flow brackets; never below 0
	quote  byte    // ' or " while a quoted scalar spans lines
	quoted int     // unclosed brackets in quoted and block scalars

	block       bool // inside a block scalar's content
	blockParent int  // its parent's column; content is indented further
	blockIndent int  // its content's indentation, once a line shows it
}

type frame struct {
	col  int  // 0-based column of its keys or "-" entries
	seq  bool // a sequence, else a mapping
	keys int  // keys seen, for mappings
}

// scanBlockLine handles a line while a block scalar is open. It reports
// done when the line is part of the scalar. Content is text to goccy, read
// in linear time, but its brackets and "- - -" runs still count, as those
// in quoted strings do (see scanLine), in case the guard ever took a line
// for a block scalar header that goccy does not.
func (s *splitter) scanBlockLine(l []byte) (bool, *Error) {
	d := &s.doc
	ind := 0
	for ind < len(l) && l[ind] == ' ' {
		ind++
	}
	switch {
	case isBlank(l[ind:]):
	case d.blockIndent == 0 && ind > d.blockParent:
		d.blockIndent = ind
	case d.blockIndent > 0 && ind >= d.blockIndent:
	default:
		d.block = false
		return false, nil
	}
	s.content = true
	if compactRun(l, ind) > maxQuotedBrackets {
		return true, s.errAt(l, ind, fmt.Sprintf("block scalar line nests more than %d levels; the limit is %d",
			maxQuotedBrackets, maxQuotedBrackets))
	}
	for i, c := range l {
		switch c {
		case '[', '{':
			d.quoted++
			if d.quoted > maxQuotedBrackets {
				return true, s.tooManyQuotedBrackets(l, i)
			}
		case ']', '}':
			if d.quoted > 0 {
				d.quoted--
			}
		}
	}
	return true, nil
}

// compactRun counts the "- ", "? " and ": " indicators that open the line
// at ind: each one nests a collection ("- - - x" is three deep).
func compactRun(l []byte, ind int) int {
	n := 0
	for i := ind; i < len(l); {
		c := l[i]
		if (c == '-' || c == '?' || c == ':') && (i+1 == len(l) || l[i+1] == ' ' || l[i+1] == '\t') {
			n++
			i++
			for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
				i++
			}
			continue
		}
		break
	}
	return n
}

// scanLine scans a line from byte from. Its opening indicators and its key
// update the block frames; brackets update the flow depth; a quote or a
// block scalar header that stays open carries over to the next lines.
//
// Keys and opening indicators count even inside a quoted scalar, and
// brackets there are counted apart (d.quoted): if the scan's idea of where
// a quote opens ever differed from goccy's, what it took for text would
// still be bounded.
func (s *splitter) scanLine(l []byte, from int) *Error {
	d := &s.doc
	i := from
	for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
		i++
	}
	if i == len(l) || (l[i] == '#' && d.quote == 0) {
		return nil
	}
	s.content = true
	if d.quote == 0 {
		// Whatever starts a line closes the collections indented
		// further: in JSON the "}," between two List items ends the
		// first item's keys, as a "- " does in YAML.
		s.close(i)
	}

	// Opening indicators nest one level each: "- - x" is two deep.
	for i < len(l) {
		c := l[i]
		if (c != '-' && c != '?' && c != ':') || (i+1 < len(l) && l[i+1] != ' ' && l[i+1] != '\t') {
			break
		}
		s.open(i, c == '-')
		if depth := len(d.frames) + d.flow; depth > MaxDepth {
			return s.tooDeep(l, i)
		}
		i++
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
	}

	// The rest of the line. tok says whether a new token may start here
	// (quotes and block scalar headers only open a token, so "it's" and
	// "a |" stay text); plain says a plain scalar is running, in which
	// brackets are text too ("echo [x]"; goccy reads them in linear time).
	// Brackets anywhere else count, even right after a quoted scalar or a
	// flow collection, where goccy's lexer takes them for flow and slows
	// down quadratically before it reports the error.
	keyCol := i
	tok, plain := true, false
	sawKey, sawValue := false, false
	for ; i < len(l); i++ {
		c := l[i]
		next := byte(' ')
		if i+1 < len(l) {
			next = l[i+1]
		}
		valueIndicator := c == ':' && (next == ' ' || next == '\t')
		if valueIndicator && !sawKey {
			// Keys count even inside a quote the scan may have
			// misread, so a misread cannot hide a huge mapping.
			sawKey = true
			if err := s.key(l, keyCol); err != nil {
				return err
			}
		}
		if d.quote != 0 {
			// Inside a quoted scalar brackets are text; goccy reads
			// them in linear time. They still count, apart, for the
			// whole document: if the scan ever misread where a quote
			// opens, what it took for text could be flow to goccy.
			switch {
			case d.quote == '"' && c == '\\':
				i++ // an escaped character
			case d.quote == '\'' && c == '\'' && next == '\'':
				i++ // '' is an escaped quote
			case c == d.quote:
				d.quote = 0
				tok, plain = false, false
			case c == '[' || c == '{':
				d.quoted++
				if d.quoted > maxQuotedBrackets {
					return s.tooManyQuotedBrackets(l, i)
				}
			case (c == ']' || c == '}') && d.quoted > 0:
				d.quoted--
			}
			continue
		}
		switch {
		case c == ' ' || c == '\t':
		case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return nil // a comment ends the line
		case plain && d.flow == 0 && !valueIndicator:
			// more of a plain scalar
		case c == '[' || c == '{':
			d.flow++
			if len(d.frames)+d.flow > MaxDepth {
				return s.tooDeep(l, i)
			}
			tok, plain = true, false
		case c == ']' || c == '}':
			if d.flow > 0 {
				d.flow--
			}
			tok, plain = false, false
		case c == ',' && d.flow > 0:
			tok, plain = true, false
		case c == ':' && (valueIndicator || d.flow > 0):
			if valueIndicator && d.flow == 0 {
				// A second ": " on a block line is always an error
				// (a plain scalar cannot hold one), and a line of
				// thousands is slow for goccy to find: say it here,
				// in yaml.v2's words, as kubectl would.
				if sawValue {
					e := s.errAt(l, i, fmt.Sprintf(
						"error converting YAML to JSON: yaml: line %d: mapping values are not allowed in this context", s.line))
					e.Class = ClassSyntax
					return e
				}
				sawValue = true
			}
			tok, plain = true, false
		case (c == '"' || c == '\'') && tok:
			d.quote = c
		case (c == '|' || c == '>') && tok && blockHeader(l[i+1:]):
			s.openBlock(l[i+1:])
			return nil
		case (c == '&' || c == '!') && tok:
			// An anchor or a tag: the node it decorates follows.
			for i+1 < len(l) && l[i+1] != ' ' && l[i+1] != '\t' {
				i++
			}
		default:
			plain = plain || (tok && d.flow == 0)
			tok = false
		}
	}
	return nil
}

// openBlock starts a block scalar whose header ends with rest. Its content
// is the following lines indented further than the innermost collection.
func (s *splitter) openBlock(rest []byte) {
	d := &s.doc
	d.block = true
	d.blockParent = -1
	if n := len(d.frames); n > 0 {
		d.blockParent = d.frames[n-1].col
	}
	d.blockIndent = 0
	if ind := explicitIndent(rest); ind > 0 {
		d.blockIndent = max(d.blockParent, 0) + ind
	}
}

// open records a block collection starting at col: a "-" entry (seq) or a
// key (map). A "-" at its parent key's column opens a sequence there (the
// "containers:\n- name: x" style); a key at the column of an open sequence
// ends that sequence.
func (s *splitter) open(col int, seq bool) *frame {
	d := &s.doc
	s.close(col)
	if n := len(d.frames); n > 0 && d.frames[n-1].col == col {
		top := &d.frames[n-1]
		switch {
		case top.seq == seq:
			return top
		case top.seq && !seq:
			d.frames = d.frames[:n-1]
			if n > 1 && d.frames[n-2].col == col && !d.frames[n-2].seq {
				return &d.frames[n-2]
			}
		}
	}
	d.frames = append(d.frames, frame{col: col, seq: seq})
	return &d.frames[len(d.frames)-1]
}

// close ends the collections indented further than col.
func (s *splitter) close(col int) {
	d := &s.doc
	for n := len(d.frames); n > 0 && d.frames[n-1].col > col; n-- {
		d.frames = d.frames[:n-1]
	}
}

// key records a mapping key at col and enforces MaxMappingKeys and MaxDepth.
func (s *splitter) key(l []byte, col int) *Error {
	f := s.open(col, false)
	f.keys++
	if f.keys > MaxMappingKeys {
		return s.errAt(l, col, fmt.Sprintf("mapping has more than %d keys; the limit is %d", MaxMappingKeys, MaxMappingKeys))
	}
	if depth := len(s.doc.frames) + s.doc.flow; depth > MaxDepth {
		return s.tooDeep(l, col)
	}
	return nil
}

// blockHeader reports whether rest (after | or >) is a block scalar header:
// indentation and chomping indicators, then blanks or a comment.
func blockHeader(rest []byte) bool {
	for i, c := range rest {
		switch {
		case c == '+' || c == '-' || (c >= '1' && c <= '9'):
		case c == ' ' || c == '\t':
			return isBlank(rest[i:]) || commentAfterBlanks(rest[i:])
		default:
			return false
		}
	}
	return true
}

func commentAfterBlanks(b []byte) bool {
	for _, c := range b {
		if c == '#' {
			return true
		}
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return false
}

// explicitIndent returns the indentation indicator of a block scalar
// header, or 0.
func explicitIndent(rest []byte) int {
	for _, c := range rest {
		if c >= '1' && c <= '9' {
			return int(c - '0')
		}
		if c != '+' && c != '-' {
			return 0
		}
	}
	return 0
}

func (s *splitter) tooManyQuotedBrackets(l []byte, i int) *Error {
	return s.errAt(l, i, fmt.Sprintf("strings hold more than %d unclosed brackets; the limit is %d",
		maxQuotedBrackets, maxQuotedBrackets))
}

func (s *splitter) tooDeep(l []byte, i int) *Error {
	return s.errAt(l, i, fmt.Sprintf("manifest nests deeper than %d levels; the limit is %d", MaxDepth, MaxDepth))
}

// errAt builds a limit error at byte i of line l of the current document.
func (s *splitter) errAt(l []byte, i int, msg string) *Error {
	if i > len(l) {
		i = len(l)
	}
	return &Error{
		Class:  ClassLimit,
		Doc:    len(s.chunks) + 1,
		Line:   s.line,
		Column: utf8.RuneCount(l[:i]) + 1,
		Msg:    msg,
	}
}

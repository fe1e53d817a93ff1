package manifest

// chunk is one non-empty document of the stream, as the parser will see it.
type chunk struct {
	text      []byte // the document's lines, its --- and ... markers included
	firstLine int    // 1-based line of text's first line in the whole input
}

// split cuts src into documents and refuses shapes that would make goccy's
// lexer or parser slow, before either sees a byte.
//
// Splitting ourselves is the workaround for goccy v1.19 dropping every
// document that follows an empty or comment-only one: each document is
// parsed on its own, and empty ones are never parsed at all. Per the YAML
// spec a "---" or "..." at column 0 is always a document marker (they are
// forbidden inside quoted scalars, and block scalar content is indented), so
// no parsing is needed to find them.
//
// The same pass runs the guard (guard.go) over every line.
func split(src []byte) ([]chunk, *Error) {
	s := splitter{src: src, line: 1, startLine: 1}
	for pos := 0; pos < len(src); {
		end, next := lineEnd(src, pos)
		if err := s.line1(pos, end, next); err != nil {
			return nil, err
		}
		pos = next
		s.line++
	}
	s.finish(len(src))
	return s.chunks, nil
}

// lineEnd finds the end of the line starting at pos and the start of the
// next one. \n, \r\n and a lone \r all end a line, as in YAML.
func lineEnd(src []byte, pos int) (end, next int) {
	for i := pos; i < len(src); i++ {
		switch src[i] {
		case '\n':
			return i, i + 1
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				return i, i + 2
			}
			return i, i + 1
		}
	}
	return len(src), len(src)
}

type splitter struct {
	src    []byte
	chunks []chunk
	line   int // 1-based number of the line being scanned

	// The document being collected.
	start, startLine int  // where it begins
	marker           bool // it began with ---
	content          bool // it has more than blanks, comments and directives
	ended            bool // it was closed by ...

	doc docScan
}

// line1 processes one line: markers first, then block scalar content, then
// ordinary structure.
func (s *splitter) line1(pos, end, next int) *Error {
	l := s.src[pos:end]
	if isMarker(l, '-') {
		if s.content || s.marker || s.ended {
			s.finish(pos)
			s.begin(pos)
		}
		s.marker = true
		s.doc = docScan{}
		return s.scanLine(l, 3)
	}
	if isMarker(l, '.') {
		s.ended = true
		s.doc = docScan{}
		return nil
	}
	if s.ended {
		// A bare document after "...": it starts here.
		s.finish(pos)
		s.begin(pos)
	}
	if s.doc.block {
		if done, err := s.scanBlockLine(l); done || err != nil {
			return err
		}
	}
	ind := 0
	for ind < len(l) && l[ind] == ' ' {
		ind++
	}
	if isBlank(l[ind:]) {
		return nil
	}
	if l[ind] == '#' && s.doc.quote == 0 {
		return nil // a comment line
	}
	if l[0] == '%' && !s.content && !s.marker {
		return nil // a directive, before the document starts
	}
	return s.scanLine(l, 0)
}

// begin starts a new document at byte offset pos of the current line.
func (s *splitter) begin(pos int) {
	*s = splitter{src: s.src, chunks: s.chunks, line: s.line, start: pos, startLine: s.line}
}

// finish closes the current document at byte offset end, keeping it only if
// it has content: empty and comment-only documents are dropped here.
func (s *splitter) finish(end int) {
	if s.content {
		s.chunks = append(s.chunks, chunk{text: s.src[s.start:end], firstLine: s.startLine})
	}
}

func isMarker(l []byte, c byte) bool {
	if len(l) < 3 || l[0] != c || l[1] != c || l[2] != c {
		return false
	}
	return len(l) == 3 || l[3] == ' ' || l[3] == '\t'
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

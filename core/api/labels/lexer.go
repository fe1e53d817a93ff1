package labels

// The selector lexer (labels.Lexer upstream). It splits the input into
// identifiers, the keywords "in"/"notin", and the symbols below; it never
// fails on odd bytes, which simply become part of identifiers and are
// rejected later by key/value validation. (Upstream also has an error token
// for an unknown symbol run, which no input can produce, since every symbol
// byte is a token on its own; it is left out.)
//
// Upstream quirks kept on purpose, since they decide which inputs parse:
//   - a NUL byte where a token would start ends the input (the rest is
//     ignored); a NUL right after an identifier or a symbol ends that
//     token and is dropped, so "x=\x00y" reads as "x=y";
//   - symbols are matched longest-first, two bytes at most ("!=", "==").

type tokenKind int

const (
	tokEnd tokenKind = iota
	tokClosePar
	tokComma
	tokNot // "!" before a key: the key must not exist
	tokDoubleEquals
	tokEquals
	tokGreater
	tokIdent
	tokIn
	tokLess
	tokNotEquals
	tokNotIn
	tokOpenPar
)

// keywordTokens maps every fixed spelling to its token.
var keywordTokens = map[string]tokenKind{
	")":     tokClosePar,
	",":     tokComma,
	"!":     tokNot,
	"==":    tokDoubleEquals,
	"=":     tokEquals,
	">":     tokGreater,
	"in":    tokIn,
	"<":     tokLess,
	"!=":    tokNotEquals,
	"notin": tokNotIn,
	"(":     tokOpenPar,
}

type token struct {
	kind tokenKind
	lit  string
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isSymbol(c byte) bool {
	switch c {
	case '=', '!', '(', ')', ',', '>', '<':
		return true
	}
	return false
}

// lexAll returns every token up to and including the end token.
func lexAll(s string) []token {
	toks := make([]token, 0, 8)
	for pos := 0; ; {
		var t token
		t, pos = nextToken(s, pos)
		toks = append(toks, t)
		if t.kind == tokEnd {
			return toks
		}
	}
}

// nextToken scans the token starting at or after pos and returns it with
// the position after it.
func nextToken(s string, pos int) (token, int) {
	for pos < len(s) && isSpace(s[pos]) {
		pos++
	}
	if pos == len(s) || s[pos] == 0 {
		return token{tokEnd, ""}, pos
	}
	start := pos
	if isSymbol(s[pos]) {
		pos++
		if pos < len(s) {
			if k, ok := keywordTokens[s[start:pos+1]]; ok {
				pos++
				return token{k, s[start:pos]}, skipNUL(s, pos)
			}
		}
		return token{keywordTokens[s[start:pos]], s[start:pos]}, skipNUL(s, pos)
	}
	for pos < len(s) && s[pos] != 0 && !isSymbol(s[pos]) && !isSpace(s[pos]) {
		pos++
	}
	word := s[start:pos]
	if k, ok := keywordTokens[word]; ok {
		return token{k, word}, skipNUL(s, pos)
	}
	return token{tokIdent, word}, skipNUL(s, pos)
}

// skipNUL drops a NUL right after a token: upstream's scanner reads one byte
// past every token and only puts it back when it is not NUL.
func skipNUL(s string, pos int) int {
	if pos < len(s) && s[pos] == 0 {
		return pos + 1
	}
	return pos
}

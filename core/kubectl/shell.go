package kubectl

import (
	"fmt"
	"strings"
)

// ParseCommandLine splits a command line into words as a POSIX shell does,
// without expansions: blanks separate words; 'single quotes' keep
// everything literally; "double quotes" keep everything but \" \\ \$ \`
// and a backslash-newline; an unquoted backslash escapes the next
// character (a backslash-newline joins lines); an unquoted # at the start
// of a word begins a comment. Quotes may join parts of one word
// (--selector='app=web'). An empty quoted string is a word of its own.
//
// The console runs one command at a time, so the shell's control and
// redirection operators (| & ; < > ( )) are refused with an error rather
// than passed to kubectl. No input makes it panic.
func ParseCommandLine(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			flush()
		case ch == '#' && !inWord:
			return words, nil
		case ch == '\\':
			if i+1 >= len(line) {
				// A trailing backslash escapes nothing; bash keeps it.
				cur.WriteByte('\\')
				inWord = true
				continue
			}
			i++
			if line[i] == '\n' {
				continue
			}
			cur.WriteByte(line[i])
			inWord = true
		case ch == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("%s: unexpected EOF while looking for matching `''", shellName)
			}
			cur.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case ch == '"':
			inWord = true
			closed := false
			for i++; i < len(line); i++ {
				c := line[i]
				if c == '"' {
					closed = true
					break
				}
				if c == '\\' && i+1 < len(line) {
					switch n := line[i+1]; n {
					case '"', '\\', '$', '`':
						cur.WriteByte(n)
						i++
						continue
					case '\n':
						i++
						continue
					}
				}
				cur.WriteByte(c)
			}
			if !closed {
				return nil, fmt.Errorf("%s: unexpected EOF while looking for matching `\"'", shellName)
			}
		case strings.IndexByte("|&;<>()", ch) >= 0:
			return nil, fmt.Errorf("%s: syntax error near unexpected token `%c': the console runs one kubectl command at a time, without pipes or redirections", shellName, ch)
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	flush()
	return words, nil
}

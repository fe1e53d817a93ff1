package lesson

import (
	"errors"
	"strings"
)

// Prose is a page of a lesson's text: its file, its Markdown source and
// the blocks the page draws (so the page needs no Markdown parser of its
// own and never renders a lesson's text as HTML).
type Prose struct {
	File   string  `json:"file"`
	Source string  `json:"source"`
	Blocks []Block `json:"blocks"`
}

// Block is a paragraph ("p"), a bulleted or numbered list ("ul", "ol",
// one Items entry per item) or a fenced code block ("pre", its Code).
type Block struct {
	Kind  string     `json:"kind"`
	Items [][]Inline `json:"items,omitempty"`
	Code  string     `json:"code,omitempty"`
}

// Inline is a run of text: plain ("text"), `code` ("code"), **bold**
// ("bold") or a [link](https://...) ("link", with its Href).
type Inline struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
	Href string `json:"href,omitempty"`
}

// parseMarkdown reads the subset of Markdown lessons are written in:
// paragraphs separated by blank lines, "- " and "1. " list items (an
// indented line continues the item), ``` fenced code, and in the text
// `code`, **bold** and [text](https://...) links. Anything else is text.
// On error it returns the 0-based line of the problem.
func parseMarkdown(src string) ([]Block, int, error) {
	var blocks []Block
	var para []string
	paraLine := 0
	inList := false // the last block is a list still open to items
	endPara := func() error {
		if len(para) == 0 {
			return nil
		}
		in, err := parseInline(strings.Join(para, " "))
		para = nil
		if err != nil {
			return err
		}
		blocks = append(blocks, Block{Kind: "p", Items: [][]Inline{in}})
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		kind, item, isItem := listItem(lines[i])
		if trimmed == "" || strings.HasPrefix(trimmed, "```") || isItem {
			if err := endPara(); err != nil {
				return nil, paraLine, err
			}
		}
		switch {
		case trimmed == "":
			inList = false
		case strings.HasPrefix(trimmed, "```"):
			inList = false
			start := i
			var code []string
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				code = append(code, lines[i])
			}
			if i == len(lines) {
				return nil, start, errors.New("a ``` code block is not closed")
			}
			blocks = append(blocks, Block{Kind: "pre", Code: strings.Join(code, "\n")})
		case isItem:
			if !inList || blocks[len(blocks)-1].Kind != kind {
				blocks = append(blocks, Block{Kind: kind})
				inList = true
			}
			start := i
			words := []string{item}
			// An indented line that is not an item continues this one.
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") && strings.TrimSpace(lines[i+1]) != "" {
				if _, _, next := listItem(lines[i+1]); next {
					break
				}
				i++
				words = append(words, strings.TrimSpace(lines[i]))
			}
			in, err := parseInline(strings.Join(words, " "))
			if err != nil {
				return nil, start, err
			}
			blocks[len(blocks)-1].Items = append(blocks[len(blocks)-1].Items, in)
		default:
			if len(para) == 0 {
				paraLine = i
			}
			inList = false
			para = append(para, trimmed)
		}
	}
	if err := endPara(); err != nil {
		return nil, paraLine, err
	}
	return blocks, 0, nil
}

// listItem recognises "- item", "* item" and "1. item".
func listItem(line string) (kind, rest string, ok bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return "", "", false
	}
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
		return "ul", strings.TrimSpace(t[2:]), true
	}
	d := 0
	for d < len(t) && t[d] >= '0' && t[d] <= '9' {
		d++
	}
	if d > 0 && d < len(t)-1 && t[d] == '.' && t[d+1] == ' ' {
		return "ol", strings.TrimSpace(t[d+2:]), true
	}
	return "", "", false
}

// parseInline splits text into plain runs, `code`, **bold** and links.
func parseInline(s string) ([]Inline, error) {
	var out []Inline
	var text strings.Builder
	emit := func(in Inline) {
		if text.Len() > 0 {
			out = append(out, Inline{Kind: "text", Text: text.String()})
			text.Reset()
		}
		out = append(out, in)
	}
	for i := 0; i < len(s); {
		switch {
		case s[i] == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, errors.New("a `code` span is not closed: " + quoteFrom(s, i))
			}
			emit(Inline{Kind: "code", Text: s[i+1 : i+1+j]})
			i += j + 2
		case strings.HasPrefix(s[i:], "**"):
			j := strings.Index(s[i+2:], "**")
			if j <= 0 {
				return nil, errors.New("**bold** is not closed: " + quoteFrom(s, i))
			}
			emit(Inline{Kind: "bold", Text: s[i+2 : i+2+j]})
			i += j + 4
		case s[i] == '[':
			close := strings.Index(s[i:], "](")
			end := -1
			if close > 0 {
				end = strings.IndexByte(s[i+close:], ')')
			}
			if close <= 0 || end < 0 {
				text.WriteByte(s[i])
				i++
				continue
			}
			label, href := s[i+1:i+close], s[i+close+2:i+close+end]
			if !strings.HasPrefix(href, "https://") && !strings.HasPrefix(href, "http://") {
				return nil, errors.New("a link must go to an http(s):// address: " + quoteFrom(s, i))
			}
			emit(Inline{Kind: "link", Text: label, Href: href})
			i += close + end + 1
		default:
			text.WriteByte(s[i])
			i++
		}
	}
	if text.Len() > 0 {
		out = append(out, Inline{Kind: "text", Text: text.String()})
	}
	return out, nil
}

// quoteFrom shows where a problem starts, shortened.
func quoteFrom(s string, i int) string {
	t := s[i:]
	if len(t) > 30 {
		t = t[:30] + "..."
	}
	return "\"" + t + "\""
}

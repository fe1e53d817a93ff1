package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
)

// A translation of a scenario's description (or of a lesson's prose)
// changes the words and nothing a learner types or checks: the code
// spans, the fenced code, the addresses and the numbers stay as they are
// in the English source, because they come from the simulation or are
// what the learner types.

// CompareTranslation says what a translation changed that it must keep
// from its source, one problem a line ("" when nothing): the fenced code
// blocks (in order, byte for byte), the `code` spans and the http(s)
// addresses (the same ones, in any order, as a sentence's word order may
// change), and every number of the prose (a translation may write a digit
// where the source has a word, never drop or change one). An address of
// the Kubernetes documentation may go to its page in the translation's
// language (https://kubernetes.io/zh-cn/docs/... for .../docs/...), as
// the localised documentation links its own pages.
func CompareTranslation(source, translation, lang string) []string {
	src, dst := verbatim(source), verbatim(translation)
	for i, u := range dst.urls {
		dst.urls[i] = DocsAddress(u, lang)
	}
	var problems []string
	if !slices.Equal(src.fences, dst.fences) {
		problems = append(problems, fmt.Sprintf("the ``` code blocks differ from the source's (want %d, the same text in the same order)", len(src.fences)))
	}
	problems = append(problems, sameSet("code span", src.code, dst.code)...)
	problems = append(problems, sameSet("address", src.urls, dst.urls)...)
	have := map[string]int{}
	for _, n := range dst.numbers {
		have[n]++
	}
	var lost []string
	for _, n := range src.numbers {
		if have[n] == 0 {
			lost = append(lost, n)
			continue
		}
		have[n]--
	}
	if len(lost) > 0 {
		problems = append(problems, "numbers of the source are missing: "+strings.Join(lost, ", "))
	}
	return problems
}

// DocsAddress is the English address of a page of the Kubernetes
// documentation in language lang (the address itself when it is not one).
func DocsAddress(u, lang string) string {
	if lang == "" || lang == "en" {
		return u
	}
	if rest, ok := strings.CutPrefix(u, "https://kubernetes.io/"+strings.ToLower(lang)+"/docs/"); ok {
		return "https://kubernetes.io/docs/" + rest
	}
	return u
}

// sameSet compares two lists as multisets and names what one has that the
// other lacks.
func sameSet(what string, src, dst []string) []string {
	count := map[string]int{}
	for _, s := range src {
		count[s]++
	}
	for _, s := range dst {
		count[s]--
	}
	var missing, extra []string
	for _, k := range slices.Sorted(maps.Keys(count)) {
		for n := count[k]; n > 0; n-- {
			missing = append(missing, quoteSpan(what, k))
		}
		for n := count[k]; n < 0; n++ {
			extra = append(extra, quoteSpan(what, k))
		}
	}
	var out []string
	if len(missing) > 0 {
		out = append(out, fmt.Sprintf("%s of the source missing: %s", plural(what, len(missing)), strings.Join(missing, ", ")))
	}
	if len(extra) > 0 {
		out = append(out, fmt.Sprintf("%s not in the source: %s", plural(what, len(extra)), strings.Join(extra, ", ")))
	}
	return out
}

func quoteSpan(what, s string) string {
	if what == "code span" {
		return "`" + s + "`"
	}
	return s
}

func plural(what string, n int) string {
	if n == 1 {
		return what
	}
	return what + "s"
}

// kept is what a text holds that a translation must keep.
type kept struct {
	fences, code, urls, numbers []string
}

// verbatim takes a text apart: ``` fenced blocks, `code` spans, addresses,
// and the numbers of what remains.
func verbatim(text string) kept {
	var k kept
	var prose strings.Builder
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
			prose.WriteString(lines[i] + "\n")
			continue
		}
		var fence []string
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			fence = append(fence, lines[i])
		}
		k.fences = append(k.fences, strings.Join(fence, "\n"))
	}
	rest := prose.String()
	var plain strings.Builder
	for {
		open := strings.IndexByte(rest, '`')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open+1:], '`')
		if end < 0 {
			break
		}
		plain.WriteString(rest[:open] + " ")
		// A span may break across lines where the text is wrapped:
		// its words are what must stay.
		k.code = append(k.code, strings.Join(strings.Fields(rest[open+1:open+1+end]), " "))
		rest = rest[open+1+end+1:]
	}
	plain.WriteString(rest)
	for _, word := range strings.Fields(plain.String()) {
		if i := strings.Index(word, "http"); i >= 0 && (strings.HasPrefix(word[i:], "https://") || strings.HasPrefix(word[i:], "http://")) {
			k.urls = append(k.urls, strings.TrimRight(cutAny(word[i:], ")]>\"'"), ".,;:"))
			continue
		}
		k.numbers = append(k.numbers, digits(word)...)
	}
	return k
}

// cutAny is s up to the first of chars or of the non-ASCII characters
// (an address ends at the full-width punctuation of Chinese prose).
func cutAny(s, chars string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || strings.IndexByte(chars, s[i]) >= 0 {
			return s[:i]
		}
	}
	return s
}

// digits are the runs of ASCII digits in a word ("1.16.1" has 1, 16, 1).
func digits(word string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(word); i++ {
		if i < len(word) && word[i] >= '0' && word[i] <= '9' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, word[start:i])
			start = -1
		}
	}
	return out
}

// TranslateDoc reads the translation of a scenario's description (Doc):
// the text of file (LANG/NAME.md), its first line the title. It must keep
// what CompareTranslation asks; the error names the file.
func TranslateDoc(doc, lang, file string, data []byte) (string, error) {
	text := strings.TrimSpace(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))))
	var errs ErrorList
	if title, _, _ := strings.Cut(text, "\n"); strings.TrimSpace(title) == "" {
		errs = append(errs, &Error{File: file, Line: 1, Msg: "no title: the first line is the example's title"})
	}
	if srcTitle, _, _ := strings.Cut(doc, "\n"); srcTitle != "" {
		srcTitle = strings.TrimSpace(srcTitle)
		title, _, _ := strings.Cut(text, "\n")
		for _, p := range CompareTranslation(srcTitle, title, lang) {
			errs = append(errs, &Error{File: file, Line: 1, Msg: "title: " + p})
		}
	}
	for _, p := range CompareTranslation(doc, text, lang) {
		errs = append(errs, &Error{File: file, Msg: p})
	}
	if len(errs) > 0 {
		return "", errs
	}
	return text, nil
}

// Lang is the canonical form of a language tag ("zh-cn" is "zh-CN", ""
// is "en"), or "" when it is not one (letters, digits and dashes, as a
// file name may hold).
func Lang(tag string) string {
	if tag == "" {
		return "en"
	}
	parts := strings.Split(tag, "-")
	for i, p := range parts {
		if p == "" || len(p) > 8 {
			return ""
		}
		for _, r := range p {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				return ""
			}
		}
		switch {
		case i == 0:
			parts[i] = strings.ToLower(p)
		case len(p) == 2:
			parts[i] = strings.ToUpper(p) // a region: CN
		case len(p) == 4:
			parts[i] = strings.ToUpper(p[:1]) + strings.ToLower(p[1:]) // a script: Hans
		default:
			parts[i] = strings.ToLower(p)
		}
	}
	return strings.Join(parts, "-")
}

// LocalDoc is the description of the scenario NAME in lang, from fsys's
// LANG/NAME.md, and the language it is in: the English doc and "en" when
// the language is English, not a language tag, or has no such file (the
// caller sees the fallback in the language it gets back). A translation
// that does not keep its source is an error.
func LocalDoc(fsys fs.FS, name, lang, doc string) (string, string, error) {
	lang = Lang(lang)
	if lang == "" || lang == "en" {
		return doc, "en", nil
	}
	file := lang + "/" + name + ".md"
	data, err := fs.ReadFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) {
		return doc, "en", nil
	}
	if err != nil {
		return doc, "en", err
	}
	text, err := TranslateDoc(doc, lang, file, data)
	if err != nil {
		return doc, "en", err
	}
	return text, lang, nil
}

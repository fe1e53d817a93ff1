package lesson

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Msg is one sentence of what a check saw, as a message key and its
// arguments: the page renders it in its language from a catalog
// (assets/i18n/LANG/lesson.json), so a new language is a catalog, not a
// code change. The arguments are shown verbatim (commands, JSONPaths,
// values and kubectl's own messages stay in English, as kubectl prints
// them); the numbers are ints.
type Msg struct {
	Key  string         `json:"key"`
	Args map[string]any `json:"args,omitempty"`
}

func msg(key string, kv ...any) Msg {
	m := Msg{Key: key}
	if len(kv) > 0 {
		m.Args = map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return m
}

// A Catalog maps message keys to sentences with {name} placeholders.
type Catalog map[string]string

// JoinKey is the catalog's separator between the sentences of one reason
// ("; " in English).
const JoinKey = "join"

// English is the catalog the lesson's Saw and Reason are written in, and
// the source of assets/i18n/en/lesson.json (a test keeps the file equal
// to it). Each sentence names the arguments Eval gives its key.
var English = Catalog{
	JoinKey:                "; ",
	"saw.contains":         "the output of {command} contains {text}",
	"saw.notContains":      "the output of {command} does not contain {text}",
	"saw.is":               "the output of {command} is {output}",
	"saw.matches":          "the output of {command} matches {pattern}",
	"saw.notMatches":       "the output of {command} does not match {pattern}",
	"saw.printed":          "it printed {output}",
	"saw.exits":            "{command} exits with {code}",
	"saw.error":            "{error}",
	"saw.none":             "{target} has no {path}",
	"saw.noneZero":         "{target} has no {path} (0)",
	"saw.value":            "{target} {path} is {value}",
	"saw.count.one":        "{n} {singular}",
	"saw.count.other":      "{n} {resource}",
	"saw.countWhere.one":   "{n} {singular} ({selector})",
	"saw.countWhere.other": "{n} {resource} ({selector})",
	"saw.event":            "an Event {reason} for {object}: {message}",
	"saw.noEvent":          "no Event {reason} for {object} so far",
	"saw.noEventSaying":    "no Event {reason} for {object} saying {text} so far",
	"want.opposite":        "the step wants the opposite",
	"want.compare":         "the step wants {op} {value}",
	"want.is":              "the step wants {text}",
	"want.exit":            "the step wants exit status {code}",
}

// ParseCatalog reads a catalog file: one JSON object of key to sentence.
func ParseCatalog(data []byte) (Catalog, error) {
	var c Catalog
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("catalog: %v", err)
	}
	return c, nil
}

// Render writes the sentences in the catalog's language, joined by its
// separator. A key the catalog lacks, or a placeholder with no argument,
// is an error: a missing word must not pass for a sentence.
func (c Catalog) Render(msgs []Msg) (string, error) {
	parts := make([]string, len(msgs))
	for i, m := range msgs {
		s, err := c.render(m)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	sep, ok := c[JoinKey]
	if !ok && len(parts) > 1 {
		return "", fmt.Errorf("catalog: no %q", JoinKey)
	}
	return strings.Join(parts, sep), nil
}

func (c Catalog) render(m Msg) (string, error) {
	tmpl, ok := c[m.Key]
	if !ok {
		return "", fmt.Errorf("catalog: no message %q", m.Key)
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return b.String(), nil
		}
		end := strings.IndexByte(tmpl[open:], '}')
		if end < 0 {
			return "", fmt.Errorf("catalog: %s: a { has no }", m.Key)
		}
		name := tmpl[open+1 : open+end]
		v, ok := m.Args[name]
		if !ok {
			return "", fmt.Errorf("catalog: %s: no argument {%s}", m.Key, name)
		}
		b.WriteString(tmpl[:open])
		switch v := v.(type) {
		case int:
			b.WriteString(strconv.Itoa(v))
		default:
			fmt.Fprint(&b, v)
		}
		tmpl = tmpl[open+end+1:]
	}
}

// Placeholders are the {names} a sentence uses, sorted.
func Placeholders(sentence string) []string {
	var out []string
	for {
		open := strings.IndexByte(sentence, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(sentence[open:], '}')
		if end < 0 {
			break
		}
		out = append(out, sentence[open+1:open+end])
		sentence = sentence[open+end+1:]
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Keys are the catalog's keys, sorted.
func (c Catalog) Keys() []string { return slices.Sorted(maps.Keys(c)) }

// english renders messages with the English catalog, which has every key
// Eval uses (a test renders every form).
func english(msgs []Msg) string {
	s, err := English.Render(msgs)
	if err != nil {
		// A key or argument Eval gives and English lacks: a bug here,
		// which TestEnglishHasEveryForm catches; say it rather than panic.
		return err.Error()
	}
	return s
}

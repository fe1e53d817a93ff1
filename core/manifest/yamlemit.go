package manifest

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode"
)

// emitter writes a JSON value (map[string]any, []any, string, json.Number,
// bool, nil) as YAML, byte for byte as yaml.v2's emitter does under
// sigs.k8s.io/yaml.JSONToYAML, which is how `kubectl get -o yaml` prints.
// It is a port of the parts of yaml.v2's emitterc.go (itself a port of
// libyaml) that block output uses: the indentation state machine, the
// scalar analysis that picks plain, single-quoted, double-quoted or
// literal style, and the writers, including folding long scalars at
// 80 columns. Flow style appears only for empty collections ({} and []).
type emitter struct {
	out        []byte
	column     int
	indent     int
	indents    []int
	whitespace bool // the last character written was whitespace
	indention  bool // only indentation has been written on this line
	flowLevel  int
}

const (
	bestIndent = 2
	bestWidth  = 80
)

// ctx is the context a node is emitted in (libyaml's *_context flags).
type ctx struct {
	mapping, sequence, simpleKey bool
}

// marshalYAML renders v as a YAML document.
func marshalYAML(v any) []byte {
	e := &emitter{indent: -1, whitespace: true, indention: true}
	e.node(v, ctx{})
	e.writeIndent() // document end: finish the last line
	return e.out
}

func (e *emitter) node(v any, c ctx) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			e.emptyFlow('{', '}')
			return
		}
		e.blockMapping(v)
	case []any:
		if len(v) == 0 {
			e.emptyFlow('[', ']')
			return
		}
		e.blockSequence(v, c)
	case string:
		e.scalar(v, stringStyle(v), c)
	case json.Number:
		e.scalar(string(v), plainStyle, c)
	case bool:
		if v {
			e.scalar("true", plainStyle, c)
		} else {
			e.scalar("false", plainStyle, c)
		}
	case nil:
		e.scalar("null", plainStyle, c)
	}
}

func (e *emitter) blockMapping(m map[string]any) {
	e.increaseIndent(false, false)
	for _, k := range sortedKeys(m) {
		e.writeIndent()
		a := analyze(k)
		if !a.multiline && len(k) <= 128 {
			e.scalar(k, stringStyle(k), ctx{mapping: true, simpleKey: true})
			e.writeIndicator(":", false, false, false)
		} else {
			// A key that cannot be a simple key (over 128 bytes, or
			// multi-line): "? key" then ": value".
			e.writeIndicator("?", true, false, true)
			e.scalar(k, stringStyle(k), ctx{mapping: true})
			e.writeIndent()
			e.writeIndicator(":", true, false, true)
			// Deviation: goccy cannot read a literal block value after
			// a quoted "? key" when a sibling key follows, so such a
			// value is double-quoted.
			if v, ok := m[k].(string); ok && stringStyle(v) == literalStyle {
				e.scalar(v, doubleQuotedStyle, ctx{mapping: true})
				continue
			}
		}
		e.node(m[k], ctx{mapping: true})
	}
	e.popIndent()
}

// blockSequence writes "- item" lines. As a mapping value it is not
// indented further than its key ("containers:\n- name: x"), libyaml's
// indentless sequence.
func (e *emitter) blockSequence(s []any, c ctx) {
	e.increaseIndent(false, c.mapping && !e.indention)
	for _, item := range s {
		e.writeIndent()
		e.writeIndicator("-", true, false, true)
		e.node(item, ctx{sequence: true})
	}
	e.popIndent()
}

func (e *emitter) emptyFlow(open, close byte) {
	e.writeIndicator(string(open), true, true, false)
	e.increaseIndent(true, false)
	e.popIndent()
	e.writeIndicator(string(close), false, false, false)
}

type scalarStyle int

const (
	plainStyle scalarStyle = iota
	singleQuotedStyle
	doubleQuotedStyle
	literalStyle
)

// stringStyle is yaml.v2's choice for a Go string (encode.go stringv):
// literal when it has a line break, plain when it would read back as the
// same string, double-quoted otherwise ("true", "123", "1.10", "",
// timestamps, "1:20").
//
// Three deviations keep the output readable by this package's own
// decoder (goccy, YAML 1.2), and all only touch strings no manifest holds
// (a fourth, in blockMapping, touches values of keys over 128 bytes):
// a string with \r, NEL, LS or PS (line breaks to yaml.v2's YAML 1.1,
// which would fold or lose them), a string of nothing but line breaks (an
// empty block scalar goccy cannot read) and a string ending in "<<" (a key
// goccy misreads as a merge key) are double-quoted.
func stringStyle(s string) scalarStyle {
	switch {
	case strings.ContainsAny(s, "\r\u0085\u2028\u2029") || strings.Trim(s, "\n") == "" && s != "" ||
		strings.HasSuffix(s, "<<"):
		return doubleQuotedStyle
	case strings.Contains(s, "\n"):
		return literalStyle
	case readsAsString(s) && !isBase60Float(s):
		return plainStyle
	}
	return doubleQuotedStyle
}

// readsAsString reports whether yaml.v2 would resolve the plain scalar s
// as a string (not a bool, number, null, timestamp or merge key).
func readsAsString(s string) bool {
	if s == "<<" || looksLikeTimestamp(s) {
		return false
	}
	kind, _, _ := resolvePlain(s)
	return kind == strScalar
}

// scalar writes a scalar, first downgrading the requested style where the
// analysis forbids it (libyaml's yaml_emitter_select_scalar_style).
func (e *emitter) scalar(value string, style scalarStyle, c ctx) {
	a := analyze(value)
	if c.simpleKey && a.multiline {
		style = doubleQuotedStyle
	}
	if style == plainStyle {
		if e.flowLevel > 0 && !a.flowPlainAllowed || e.flowLevel == 0 && !a.blockPlainAllowed {
			style = singleQuotedStyle
		}
		if value == "" && (e.flowLevel > 0 || c.simpleKey) {
			style = singleQuotedStyle
		}
	}
	if style == singleQuotedStyle && !a.singleQuotedAllowed {
		style = doubleQuotedStyle
	}
	if style == literalStyle && (!a.blockAllowed || e.flowLevel > 0 || c.simpleKey) {
		style = doubleQuotedStyle
	}
	e.increaseIndent(true, false)
	switch style {
	case plainStyle:
		e.writePlain(value, !c.simpleKey)
	case singleQuotedStyle:
		e.writeSingleQuoted(value, !c.simpleKey)
	case doubleQuotedStyle:
		e.writeDoubleQuoted(value, !c.simpleKey)
	case literalStyle:
		e.writeLiteral(value)
	}
	e.popIndent()
}

// sortedKeys orders keys as yaml.v2 sorts map keys (sorter.go): runs of
// digits compare by value ("a2" < "a10"), and at the first difference a
// non-letter sorts before a letter.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	return keys
}

func keyLess(a, b string) bool {
	if a == b {
		return false
	}
	ar, br := []rune(a), []rune(b)
	for i := 0; i < len(ar) && i < len(br); i++ {
		if ar[i] == br[i] {
			continue
		}
		al, bl := unicode.IsLetter(ar[i]), unicode.IsLetter(br[i])
		if al && bl {
			return ar[i] < br[i]
		}
		if al || bl {
			return bl
		}
		var ai, bi int
		var an, bn int64
		if ar[i] == '0' || br[i] == '0' {
			for j := i - 1; j >= 0 && unicode.IsDigit(ar[j]); j-- {
				if ar[j] != '0' {
					an, bn = 1, 1
					break
				}
			}
		}
		for ai = i; ai < len(ar) && unicode.IsDigit(ar[ai]); ai++ {
			an = an*10 + int64(ar[ai]-'0')
		}
		for bi = i; bi < len(br) && unicode.IsDigit(br[bi]); bi++ {
			bn = bn*10 + int64(br[bi]-'0')
		}
		if an != bn {
			return an < bn
		}
		if ai != bi {
			return ai < bi
		}
		return ar[i] < br[i]
	}
	return len(ar) < len(br)
}

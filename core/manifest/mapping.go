package manifest

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// mapping builds a mapping from its pairs, applying "<<" merges: merged
// keys never override keys written in the mapping itself, and an earlier
// merge source wins over a later one, as the YAML merge spec says.
func (b *builder) mapping(pairs []*ast.MappingValueNode, line, col int) (*node, *Error) {
	n := &node{kind: mapNode, line: line, col: col, size: 1, entries: make([]entry, 0, len(pairs))}
	merges := 0
	for _, p := range pairs {
		if p == nil {
			continue
		}
		if isMergeKey(p.Key) {
			merges++
			if err := b.merge(n, p.Value); err != nil {
				return nil, err
			}
			continue
		}
		kn, err := b.build(p.Key)
		if err != nil {
			return nil, err
		}
		key, kerr := b.keyString(kn)
		if kerr != nil {
			return nil, kerr
		}
		val, err := b.build(p.Value)
		if err != nil {
			return nil, err
		}
		n.entries = append(n.entries, entry{key: key, line: kn.line, col: kn.col, val: val})
		n.size += 1 + val.size
	}
	if merges > 0 {
		n.entries = dropShadowedMerges(n.entries)
	}
	return n, nil
}

// isMergeKey reports a real "<<" key. goccy v1.19 also lexes a plain key
// that ends in "<<" ("k<<: v") as a merge key, dropping the "k"; its
// token's Origin still holds the whole text, so such keys are caught here
// and read as the plain scalars they are (see misreadMergeKey).
func isMergeKey(k ast.MapKeyNode) bool {
	m, ok := k.(*ast.MergeKeyNode)
	return ok && misreadMergeKey(m) == ""
}

// misreadMergeKey returns the text of a key goccy took for "<<", or "".
func misreadMergeKey(m *ast.MergeKeyNode) string {
	if m.Token == nil {
		return ""
	}
	if text := strings.TrimSpace(m.Token.Origin); text != "<<" && text != "" {
		return text
	}
	return ""
}

// merge appends the entries of the mapping(s) v names to n, marked merged.
func (b *builder) merge(n *node, v ast.Node) *Error {
	src, err := b.build(v)
	if err != nil {
		return err
	}
	var maps []*node
	switch s := src.deref(); s.kind {
	case mapNode:
		maps = append(maps, s)
	case seqNode:
		for _, item := range s.items {
			maps = append(maps, item.deref())
		}
	default:
		maps = append(maps, s)
	}
	for _, m := range maps {
		if m.kind != mapNode {
			return b.errAt(src.line, src.col, ClassSyntax,
				"error converting YAML to JSON: yaml: map merge requires map or sequence of maps as the value")
		}
		for _, e := range m.entries {
			e.merged = true
			n.entries = append(n.entries, e)
			n.size += 1 + e.val.size
		}
	}
	return nil
}

// dropShadowedMerges removes merged entries whose key is written in the
// mapping itself or was merged earlier.
func dropShadowedMerges(es []entry) []entry {
	seen := make(map[string]bool, len(es))
	for _, e := range es {
		if !e.merged {
			seen[e.key] = true
		}
	}
	out := es[:0]
	for _, e := range es {
		if e.merged {
			if seen[e.key] {
				continue
			}
			seen[e.key] = true
		}
		out = append(out, e)
	}
	return out
}

// keyString turns a key node into the JSON key kubectl's conversion gives
// it: numbers and booleans become their text (a float with 32-bit
// precision, as sigs.k8s.io/yaml formats it), null and collections fail.
func (b *builder) keyString(k *node) (string, *Error) {
	k = k.deref()
	if k.kind != scalarNode {
		return "", b.errAt(k.line, k.col, ClassSyntax,
			"error converting YAML to JSON: unsupported map key of type: "+goTypeOf(k))
	}
	switch k.scalar {
	case strScalar, boolScalar:
		return k.text, nil
	case numScalar:
		if isInteger(k.text) {
			return k.text, nil
		}
		f, err := strconv.ParseFloat(k.text, 64)
		if err != nil {
			return k.text, nil
		}
		return strconv.FormatFloat(f, 'g', -1, 32), nil
	}
	return "", b.errAt(k.line, k.col, ClassSyntax,
		"error converting YAML to JSON: unsupported map key of type: <nil>")
}

// goTypeOf names the Go type yaml.v2 would have produced for k.
func goTypeOf(k *node) string {
	switch k.kind {
	case mapNode:
		return "map[interface {}]interface {}"
	case seqNode:
		return "[]interface {}"
	}
	return "<nil>"
}

package manifest

import (
	"encoding/json"
	"slices"
	"strings"
)

// JSON is the document as kubectl holds it after reading the file: the
// YAML converted to JSON (sigs.k8s.io/yaml) and re-encoded from an
// unstructured map, so keys are sorted and every field the file wrote is
// there, zero values included. kubectl apply stores exactly this in the
// last-applied-configuration annotation, which the typed object cannot
// reproduce (it drops fields set to their zero value).
func (d Document) JSON() []byte {
	if d.tree == nil {
		return nil
	}
	var b strings.Builder
	writeJSON(&b, d.tree)
	return []byte(b.String())
}

// writeJSON writes n compactly with sorted keys; for a duplicated key the
// last one wins, as in a map (the decoder has already refused duplicates).
func writeJSON(b *strings.Builder, n *node) {
	n = n.deref()
	switch n.kind {
	case mapNode:
		last := map[string]*node{}
		keys := make([]string, 0, len(n.entries))
		for _, e := range n.entries {
			if _, seen := last[e.key]; !seen {
				keys = append(keys, e.key)
			}
			last[e.key] = e.val
		}
		slices.Sort(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			writeJSON(b, last[k])
		}
		b.WriteByte('}')
	case seqNode:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, it)
		}
		b.WriteByte(']')
	default:
		if n.scalar == strScalar {
			writeString(b, n.text)
		} else {
			b.WriteString(n.text)
		}
	}
}

func writeString(b *strings.Builder, s string) {
	q, _ := json.Marshal(s) // a string always marshals
	b.Write(q)
}

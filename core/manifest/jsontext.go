package manifest

import "encoding/json"

// appendJSON writes n as JSON text, the text upstream's decoder would hand a
// json.Unmarshaler after kubectl's YAML-to-JSON conversion.
func appendJSON(b []byte, n *node) []byte {
	n = n.deref()
	switch n.kind {
	case mapNode:
		b = append(b, '{')
		for i, e := range n.entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, e.key)
			b = append(b, ':')
			b = appendJSON(b, e.val)
		}
		return append(b, '}')
	case seqNode:
		b = append(b, '[')
		for i, item := range n.items {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, item)
		}
		return append(b, ']')
	}
	if n.scalar == strScalar {
		return appendJSONString(b, n.text)
	}
	return append(b, n.text...)
}

func appendJSONString(b []byte, s string) []byte {
	if isPlainJSONString(s) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	q, _ := json.Marshal(s)
	return append(b, q...)
}

// isPlainJSONString reports whether s needs no escaping: the common case
// ("25%", "100m", a timestamp) skips encoding/json's allocation.
func isPlainJSONString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

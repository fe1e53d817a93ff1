package manifest

// JSONDepth is how deep the brackets of JSON text nest, counted in one
// pass without recursion (strings skipped, escapes honoured). Go's
// encoding/json accepts 10,000 levels and decodes them recursively, as do
// the patch functions after it, which is too deep for a wasm program whose
// calls run on the browser's stack; callers that take JSON straight from a
// person check it against MaxDepth first, as Decode does for YAML.
func JSONDepth(data []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}

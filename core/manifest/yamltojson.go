package manifest

import (
	"errors"
	"strings"
)

// YAMLToJSON converts the first document of src to JSON as
// sigs.k8s.io/yaml.YAMLToJSON does, which kubectl patch uses to read -p:
// yaml.v2's scalar resolution (yes is true, 0x1F is 31), keys sorted,
// "null" for an empty document. Its errors read as that library's do
// ("yaml: line 1: did not find expected node content").
//
// It saves the wasm goccy/go-yaml's reflective Decoder and Encoder (about
// 790 KB), which goccy's own YAMLToJSON would bring in.
func YAMLToJSON(src []byte) ([]byte, error) {
	if len(src) > MaxBytes {
		return nil, errors.New("yaml: input is over " + sizeText(MaxBytes))
	}
	chunks, err := split(src)
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Msg, "error converting YAML to JSON: "))
	}
	var root *node
	aliasTotal := 0
	if len(chunks) > 0 {
		if root, err = parseChunk(chunks[0], 1, &aliasTotal); err != nil {
			return nil, errors.New(strings.TrimPrefix(err.Msg, "error converting YAML to JSON: "))
		}
	}
	if root == nil {
		return []byte("null"), nil
	}
	var b strings.Builder
	writeJSON(&b, root)
	return []byte(b.String()), nil
}

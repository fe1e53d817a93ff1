// Package manifest turns manifest text into typed API objects and typed
// objects back into text, the way kubectl and the API server do.
//
//	Decode(src) ([]api.Object, error)            objects in document order
//	DecodeDocuments(src) ([]Document, error)     the same, with positions
//	EncodeYAML(obj), EncodeJSON(obj)             kubectl get -o yaml / -o json
//	EncodeYAMLList(objs), EncodeJSONList(objs)   the same for several objects
//
// Errors are *Error values: a Class, the document (1-based), List item,
// line, column and field path, and a message worded as upstream words it;
// SourceLine renders the offending line with a caret, ServerMessage adds
// the API server's "Deployment in version "v1" cannot be handled as a
// Deployment: " prefix where the server would.
//
// # Decoding
//
// Decoding is a pipeline of small stages, each in its own file:
//
//	split.go    cut the stream into documents; guard.go refuses hostile
//	            shapes (nesting, huge mappings) before any parser sees them
//	parse.go    run github.com/goccy/go-yaml on one document at a time
//	tree.go     turn goccy's AST into a small positioned tree: YAML 1.1
//	            scalars (resolve.go), tags (tags.go), anchors and aliases
//	            with a budget, merge keys (mapping.go)
//	typemeta.go pick the Go type from apiVersion and kind, unwrap v1 Lists
//	strict.go   decode the tree into the typed struct through its json tags
//	            (fields.go), strictly, with the API server's error wording
//
// Why not decode with goccy directly? Its v1.19 decoder silently drops
// every document after an empty one, coerces scalars loosely (3.5 into an
// int32, 1.10 into the string "1.1"), has no defence against deep nesting
// or alias expansion, and misreads a key ending in "<<" as a merge key.
// Walking the AST ourselves fixes all of these and gives every error a
// line, a column and a field path. pitfalls_test.go shows each problem in
// goccy and its fix here.
//
// Scalars are read the way kubectl reads them: sigs.k8s.io/yaml converts
// YAML to JSON with yaml.v2, which follows YAML 1.1. So yes/no/on/off/y/n
// are booleans, 0x1F, 017 and 0b101 are integers, 1.10 is the number 1.1
// (and fails to decode into a string field, as upstream does), timestamps
// stay strings, and non-string map keys become strings ("on" becomes
// "true"). In a JSON document numbers keep their text, as kubectl sends
// JSON unchanged ("replicas": 3.0 fails for an int32, replicas: 3.0 in YAML
// does not). Merge keys follow the YAML merge spec: keys written in the
// mapping win over merged ones wherever "<<" stands.
//
// Not supported: several JSON objects one after another without "---"
// between them (kubectl reads such a stream; Decode reports a syntax
// error on the second object).
//
// # Encoding
//
// Encoding prints what `kubectl get -o yaml` and `-o json` print: the
// object goes through encoding/json (so omitempty, omitzero and custom
// marshalers apply); JSON keys are sorted bytewise and indented by four
// spaces; YAML follows yaml.v2's emitter (natural key order, two-space
// indent, sequences not indented under their key, quoting only where YAML
// needs it, lines folded at 80 columns). See yamlemit.go for the four
// small deviations that keep the output readable by goccy, all for strings
// no manifest holds.
package manifest

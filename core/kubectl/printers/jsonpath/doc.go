// Package jsonpath is kubectl's JSONPath template language
// (k8s.io/client-go/util/jsonpath), over the generic values kubectl reads
// from the API server: map[string]any, []any, string, int64, float64, bool
// and nil.
//
// It accepts what kubectl accepts and fails as kubectl fails, with the same
// error texts: text and {actions}; fields (.metadata.name, ['a.b']); array
// indexes and slices ([0], [-1], [1:3], [*], [0,2]); wildcards (.*);
// recursive descent (..name); filters ([?(@.type=="Ready")], [?(@.x)]) with
// ==, !=, <, >, <=, >=; and {range ...}...{end}. Maps and lists print as
// compact JSON, everything else as Go's fmt prints it.
//
// Where upstream iterates a Go map (wildcards and recursive descent over an
// object), keys are visited in sorted order so output is deterministic.
//
//	node.go    the parse tree (node.go upstream)
//	parser.go  the template parser (parser.go)
//	eval.go    evaluation, including range/end (jsonpath.go)
//	limits.go  bounds on {range} actions and values, which upstream lacks
//	compare.go filter comparisons (third_party/forked/golang/template)
//	print.go   printing results
package jsonpath

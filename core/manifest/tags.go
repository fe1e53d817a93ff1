package manifest

import (
	"fmt"
	"strconv"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// tagged applies an explicit tag as yaml.v2 does: !!str keeps the text,
// !!int/!!float/!!bool/!!null/!!timestamp must agree with the text, !!map and
// !!seq change nothing, and other tags are ignored on collections and make
// scalars strings.
func (b *builder) tagged(an *ast.TagNode, line, col int) (*node, *Error) {
	if an.Start == nil {
		return b.build(an.Value)
	}
	tag := an.Start.Value
	if long, ok := longTags[tag]; ok {
		tag = long
	}
	inner := an.Value
	if a, ok := inner.(*ast.AnchorNode); ok {
		// "!!str &a x": the anchor names the tagged value.
		v, err := b.tagged(&ast.TagNode{BaseNode: an.BaseNode, Start: an.Start, Value: a.Value}, line, col)
		if err == nil {
			b.anchors[tokenValue(a.Name)] = v
		}
		return v, err
	}
	switch inner.(type) {
	case *ast.MappingNode, *ast.MappingValueNode, *ast.SequenceNode, *ast.AliasNode, *ast.TagNode:
		return b.build(inner)
	}
	text := scalarText(inner)
	switch tag {
	case "!!str", "!!binary":
		return str(text, line, col), nil
	case "!!int", "!!float", "!!bool", "!!null", "!!timestamp":
		kind, jsonText, bad := resolvePlain(text)
		if looksLikeTimestamp(text) {
			kind = strScalar
		}
		want := map[string]scalarKind{"!!int": numScalar, "!!float": numScalar, "!!bool": boolScalar,
			"!!null": nullScalar, "!!timestamp": strScalar}[tag]
		ok := kind == want
		if tag == "!!int" && kind == numScalar && !isInteger(jsonText) {
			ok = false
		}
		if tag == "!!timestamp" && !looksLikeTimestamp(text) {
			ok = false
		}
		if !ok {
			return nil, b.errAt(line, col, ClassType, fmt.Sprintf(
				"error converting YAML to JSON: yaml: cannot decode %s `%s` as a %s", shortTag(kind, jsonText), text, tag))
		}
		if bad {
			return nil, b.errAt(line, col, ClassType, "error converting YAML to JSON: json: unsupported value: "+jsonText)
		}
		return &node{kind: scalarNode, scalar: kind, text: jsonText, line: line, col: col, size: 1}, nil
	case "!!map", "!!seq":
		return b.build(inner)
	}
	return str(text, line, col), nil
}

var longTags = map[string]string{}

func init() {
	for _, t := range []string{"str", "binary", "int", "float", "bool", "null", "timestamp", "map", "seq"} {
		longTags["!<tag:yaml.org,2002:"+t+">"] = "!!" + t
	}
}

func shortTag(kind scalarKind, text string) string {
	switch kind {
	case numScalar:
		if isInteger(text) {
			return "!!int"
		}
		return "!!float"
	case boolScalar:
		return "!!bool"
	case nullScalar:
		return "!!null"
	}
	return "!!str"
}

func isInteger(text string) bool {
	_, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		_, err = strconv.ParseUint(text, 10, 64)
	}
	return err == nil
}

// scalarText is the text of a scalar AST node as written (quotes removed).
func scalarText(an ast.Node) string {
	switch an := an.(type) {
	case nil:
		return ""
	case *ast.StringNode:
		return an.Value
	case *ast.LiteralNode:
		if an.Value != nil {
			return an.Value.Value
		}
		return ""
	case *ast.NullNode:
		if an.Token != nil && an.Token.Type == token.ImplicitNullType {
			return ""
		}
	}
	return tokenValue(an)
}

func tokenValue(an ast.Node) string {
	if an == nil {
		return ""
	}
	if s, ok := an.(*ast.StringNode); ok {
		return s.Value
	}
	if tk := an.GetToken(); tk != nil {
		return tk.Value
	}
	return ""
}

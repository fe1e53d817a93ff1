package manifest

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// nodeKind is the JSON shape of a node.
type nodeKind uint8

const (
	mapNode nodeKind = iota + 1
	seqNode
	scalarNode
	aliasNode // a use of an anchor: target holds the shared node
)

// node is a YAML value after kubectl's YAML-to-JSON rules, with the source
// position the editor needs. Aliases are not copied: an aliasNode points at
// the anchored node, so a document's tree is never bigger than its text
// plus one node per alias use.
type node struct {
	kind      nodeKind
	line, col int // 1-based, in the whole input

	scalar scalarKind // scalarNode: its JSON kind
	text   string     // scalarNode: the string, or the JSON text of a number/bool/null

	entries []entry // mapNode, in source order, duplicates included
	items   []*node // seqNode
	target  *node   // aliasNode

	size int // nodes in the fully expanded value, for the alias budget
}

// entry is one key of a mapping. Keys are strings, as in JSON.
type entry struct {
	key       string
	line, col int
	val       *node
	merged    bool // came from a "<<" merge key
}

// deref follows an alias to the node it names.
func (n *node) deref() *node {
	for n.kind == aliasNode {
		n = n.target
	}
	return n
}

func (n *node) isNull() bool {
	n = n.deref()
	return n.kind == scalarNode && n.scalar == nullScalar
}

// jsonType names the node's JSON type as encoding/json does in errors.
func (n *node) jsonType() string {
	n = n.deref()
	switch n.kind {
	case mapNode:
		return "object"
	case seqNode:
		return "array"
	}
	switch n.scalar {
	case strScalar:
		return "string"
	case numScalar:
		return "number"
	case boolScalar:
		return "bool"
	}
	return "null"
}

// builder turns one document's goccy AST into nodes.
type builder struct {
	pos     *positioner
	doc     int
	json    bool // the document is JSON: numbers keep their text
	anchors map[string]*node
	aliased int  // nodes added by aliases in this document
	total   *int // the same across the whole input
}

func (b *builder) errAt(line, col int, class Class, msg string) *Error {
	return &Error{Class: class, Doc: b.doc, Line: line, Column: col, Msg: msg}
}

// build converts an AST node. A nil node is an empty value: null.
func (b *builder) build(an ast.Node) (*node, *Error) {
	if an == nil {
		return &node{kind: scalarNode, scalar: nullScalar, text: "null", size: 1}, nil
	}
	line, col := b.pos.of(an.GetToken())
	switch an := an.(type) {
	case *ast.MappingNode:
		if len(an.Values) > 0 && an.Values[0].Key != nil && !an.IsFlowStyle {
			line, col = b.pos.of(an.Values[0].Key.GetToken())
		}
		return b.mapping(an.Values, line, col)
	case *ast.MappingValueNode:
		if an.Key != nil {
			line, col = b.pos.of(an.Key.GetToken())
		}
		return b.mapping([]*ast.MappingValueNode{an}, line, col)
	case *ast.SequenceNode:
		n := &node{kind: seqNode, line: line, col: col, size: 1, items: make([]*node, 0, len(an.Values))}
		for _, v := range an.Values {
			item, err := b.build(v)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
			n.size += item.size
		}
		return n, nil
	case *ast.AnchorNode:
		v, err := b.build(an.Value)
		if err != nil {
			return nil, err
		}
		if name := tokenValue(an.Name); name != "" {
			b.anchors[name] = v
		}
		return v, nil
	case *ast.AliasNode:
		name := tokenValue(an.Value)
		target, ok := b.anchors[name]
		if !ok {
			return nil, b.errAt(line, col, ClassSyntax,
				fmt.Sprintf("error converting YAML to JSON: yaml: unknown anchor '%s' referenced", name))
		}
		b.aliased += target.size
		*b.total += target.size
		// yaml.v2's and yaml.v3's message, with the numbers added.
		if b.aliased > MaxAliasNodes {
			return nil, b.errAt(line, col, ClassLimit, fmt.Sprintf(
				"yaml: document contains excessive aliasing: aliases expand to more than %d nodes; the limit is %d",
				MaxAliasNodes, MaxAliasNodes))
		}
		if *b.total > maxAliasNodesTotal {
			return nil, b.errAt(line, col, ClassLimit, fmt.Sprintf(
				"yaml: manifest contains excessive aliasing: aliases in all documents expand to more than %d nodes; the limit is %d",
				maxAliasNodesTotal, maxAliasNodesTotal))
		}
		return &node{kind: aliasNode, line: line, col: col, target: target, size: target.size}, nil
	case *ast.TagNode:
		return b.tagged(an, line, col)
	case *ast.LiteralNode:
		s := ""
		if an.Value != nil {
			s = an.Value.Value
		}
		return str(s, line, col), nil
	case *ast.StringNode:
		if an.Token != nil && (an.Token.Type == token.SingleQuoteType || an.Token.Type == token.DoubleQuoteType) {
			return str(an.Value, line, col), nil
		}
		return b.plain(an.Value, line, col)
	case *ast.MergeKeyNode:
		if text := misreadMergeKey(an); text != "" {
			line, col = b.pos.ofOrigin(an.Token, text)
			return b.plain(text, line, col)
		}
		return b.plain(tokenValue(an), line, col)
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.NullNode,
		*ast.InfinityNode, *ast.NanNode:
		return b.plain(tokenValue(an), line, col)
	case *ast.MappingKeyNode:
		return b.build(an.Value)
	case *ast.CommentGroupNode, *ast.CommentNode, *ast.DirectiveNode:
		return b.build(nil)
	}
	return nil, b.errAt(line, col, ClassSyntax, fmt.Sprintf("error converting YAML to JSON: yaml: unsupported %s node", an.Type()))
}

func str(s string, line, col int) *node {
	return &node{kind: scalarNode, scalar: strScalar, text: s, line: line, col: col, size: 1}
}

// plain resolves an unquoted scalar. .inf and .nan are refused here, as
// upstream's JSON conversion refuses them whatever field they are for.
//
// In a JSON document a number keeps its text: kubectl sends JSON as it is,
// so "replicas": 3.0 reaches the server as 3.0 and fails there, where the
// YAML 3.0 becomes the JSON 3 and passes.
func (b *builder) plain(s string, line, col int) (*node, *Error) {
	kind, text, bad := resolvePlain(s)
	if bad {
		return nil, b.errAt(line, col, ClassType, "error converting YAML to JSON: json: unsupported value: "+text)
	}
	if b.json && kind == numScalar && isJSONNumber(s) {
		text = s
	}
	return &node{kind: scalarNode, scalar: kind, text: text, line: line, col: col, size: 1}, nil
}

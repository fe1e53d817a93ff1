package jsonpath

import "fmt"

// Node is one element of a parsed template.
type Node interface {
	String() string
}

// ListNode is a sequence of nodes: the template itself, or one {action}
// whose nodes are applied one after the other.
type ListNode struct {
	Nodes []Node
}

func (l *ListNode) append(n Node) { l.Nodes = append(l.Nodes, n) }

func (l *ListNode) String() string { return fmt.Sprintf("NodeList: %v", l.Nodes) }

// TextNode is literal text, outside actions or quoted inside one.
type TextNode struct{ Text string }

func (t *TextNode) String() string { return fmt.Sprintf("NodeText: %s", t.Text) }

// FieldNode selects a map key: .name or ['name'].
type FieldNode struct{ Value string }

func (f *FieldNode) String() string { return fmt.Sprintf("NodeField: %s", f.Value) }

// IdentifierNode is a keyword: range or end.
type IdentifierNode struct{ Name string }

func (f *IdentifierNode) String() string { return fmt.Sprintf("NodeIdentifier: %s", f.Name) }

// ParamsEntry is one part of an array slice [start:end:step]. Derived marks
// an end computed from a single index ([i] means [i:i+1]).
type ParamsEntry struct {
	Value   int
	Known   bool
	Derived bool
}

// ArrayNode is an index or a slice of a list.
type ArrayNode struct{ Params [3]ParamsEntry }

func (a *ArrayNode) String() string { return fmt.Sprintf("NodeArray: %v", a.Params) }

// FilterNode keeps list elements for which Left Operator Right holds; the
// operator "exists" keeps those where Left finds something.
type FilterNode struct {
	Left     *ListNode
	Right    *ListNode
	Operator string
}

func (f *FilterNode) String() string {
	return fmt.Sprintf("NodeFilter: %s %s %s", f.Left, f.Operator, f.Right)
}

// IntNode, FloatNode and BoolNode are literals in filters.
type IntNode struct{ Value int }

func (i *IntNode) String() string { return fmt.Sprintf("NodeInt: %d", i.Value) }

// FloatNode is a floating-point literal.
type FloatNode struct{ Value float64 }

func (f *FloatNode) String() string { return fmt.Sprintf("NodeFloat: %f", f.Value) }

// BoolNode is true or false.
type BoolNode struct{ Value bool }

func (b *BoolNode) String() string { return fmt.Sprintf("NodeBool: %t", b.Value) }

// WildcardNode is .* or [*] over an object: all its values.
type WildcardNode struct{}

func (w *WildcardNode) String() string { return "NodeWildcard: *" }

// RecursiveNode is .. : the value and everything below it.
type RecursiveNode struct{}

func (r *RecursiveNode) String() string { return "NodeRecursive: .." }

// UnionNode is [a,b]: the results of each alternative, concatenated.
type UnionNode struct{ Nodes []*ListNode }

func (u *UnionNode) String() string { return fmt.Sprintf("NodeUnion: %v", u.Nodes) }

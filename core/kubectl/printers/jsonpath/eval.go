package jsonpath

import (
	"fmt"
	"io"
	"reflect"
	"slices"
)

// JSONPath is a parsed template ready to run against data.
type JSONPath struct {
	name   string
	parser *Parser

	// range/end bookkeeping, as upstream: values are pushed at {range} and
	// popped at the {end} that closes the last iteration.
	stack      [][]any
	cur        []any
	beginRange int
	inRange    int
	endRange   int

	allowMissingKeys bool

	// depth is how deep FindResults has called itself (one level per
	// {range} iteration); values counts what this evaluation produced
	// (limits.go).
	depth  int
	values int
}

// New returns an empty JSONPath named name (the name appears in errors).
func New(name string) *JSONPath { return &JSONPath{name: name} }

// AllowMissingKeys makes a missing field or key an empty result instead of
// an error ("x is not found"). kubectl allows them by default
// (--allow-missing-template-keys=true), custom-columns and --sort-by always.
func (j *JSONPath) AllowMissingKeys(allow bool) *JSONPath {
	j.allowMissingKeys = allow
	return j
}

// Parse parses the template.
func (j *JSONPath) Parse(text string) error {
	p, err := Parse(j.name, text)
	if err != nil {
		return err
	}
	j.parser = p
	return nil
}

// Execute runs the template against data and writes the results.
func (j *JSONPath) Execute(w io.Writer, data any) error {
	results, err := j.FindResults(data)
	if err != nil {
		return err
	}
	for _, r := range results {
		if err := j.PrintResults(w, r); err != nil {
			return err
		}
	}
	return nil
}

// FindResults evaluates every top-level node against data and returns one
// result list per node. A {range} repeats the nodes up to its {end} for
// each value; as upstream, the template is consumed as it runs, so a
// JSONPath that ranges should run once.
func (j *JSONPath) FindResults(data any) ([][]any, error) {
	if j.parser == nil {
		return nil, fmt.Errorf("%s is an incomplete jsonpath template", j.name)
	}
	if j.depth == 0 {
		j.values = 0
	}
	j.depth++
	defer func() { j.depth-- }()
	j.cur = []any{data}
	nodes := j.parser.Root.Nodes
	full := [][]any{}
	for i := 0; i < len(nodes); i++ {
		results, err := j.walk(j.cur, nodes[i])
		if err != nil {
			return nil, err
		}
		if err := j.spend(len(results)); err != nil {
			return nil, err
		}
		// an {end} closes the current iteration
		if j.endRange > 0 && j.endRange <= j.inRange {
			j.endRange--
			break
		}
		// a {range} runs the rest of the template once per value
		if j.beginRange > 0 {
			j.beginRange--
			j.inRange++
			for k, v := range results {
				j.parser.Root.Nodes = nodes[i+1:]
				if k == len(results)-1 {
					j.inRange--
				}
				next, err := j.FindResults(v)
				if err != nil {
					return nil, err
				}
				full = append(full, next...)
			}
			break
		}
		full = append(full, results)
	}
	return full, nil
}

func (j *JSONPath) walk(values []any, node Node) ([]any, error) {
	switch n := node.(type) {
	case *ListNode:
		return j.evalList(values, n)
	case *TextNode:
		return []any{n.Text}, nil
	case *FieldNode:
		return j.evalField(values, n)
	case *ArrayNode:
		return j.evalArray(values, n)
	case *FilterNode:
		return j.evalFilter(values, n)
	case *IntNode:
		return repeat(values, n.Value), nil
	case *BoolNode:
		return repeat(values, n.Value), nil
	case *FloatNode:
		return repeat(values, n.Value), nil
	case *WildcardNode:
		return evalWildcard(values), nil
	case *RecursiveNode:
		return evalRecursive(values), nil
	case *UnionNode:
		return j.evalUnion(values, n)
	case *IdentifierNode:
		return j.evalIdentifier(values, n)
	}
	return values, fmt.Errorf("unexpected Node %v", node)
}

// repeat yields a literal once per input value.
func repeat(values []any, v any) []any {
	out := make([]any, len(values))
	for i := range out {
		out[i] = v
	}
	return out
}

func (j *JSONPath) evalList(values []any, node *ListNode) ([]any, error) {
	cur := values
	for _, n := range node.Nodes {
		var err error
		if cur, err = j.walk(cur, n); err != nil {
			return cur, err
		}
		if err := j.spend(len(cur)); err != nil {
			return cur, err
		}
	}
	return cur, nil
}

func (j *JSONPath) evalIdentifier(values []any, node *IdentifierNode) ([]any, error) {
	switch node.Name {
	case "range":
		j.stack = append(j.stack, j.cur)
		j.beginRange++
		return values, nil
	case "end":
		if j.endRange < j.inRange { // inside a loop: end this iteration
			j.endRange++
			return []any{}, nil
		}
		// the last iteration ends: restore the values before {range}
		if len(j.stack) == 0 {
			return []any{}, fmt.Errorf("not in range, nothing to end")
		}
		j.cur, j.stack = j.stack[len(j.stack)-1], j.stack[:len(j.stack)-1]
		return []any{}, nil
	}
	return values, fmt.Errorf("unrecognized identifier %v", node.Name)
}

func (j *JSONPath) evalArray(values []any, node *ArrayNode) ([]any, error) {
	result := []any{}
	for _, v := range values {
		if v == nil {
			continue
		}
		list, ok := v.([]any)
		if !ok {
			return values, fmt.Errorf("%v is not array or slice", typeName(v))
		}
		params := node.Params
		n := len(list)
		if !params[0].Known {
			params[0].Value = 0
		}
		if params[0].Value < 0 {
			params[0].Value += n
		}
		if !params[1].Known {
			params[1].Value = n
		}
		if params[1].Value < 0 || (params[1].Value == 0 && params[1].Derived) {
			params[1].Value += n
		}
		if params[1].Value == params[0].Value { // zero elements requested
			return result, nil
		}
		if params[0].Value >= n || params[0].Value < 0 {
			return values, fmt.Errorf("array index out of bounds: index %d, length %d", params[0].Value, n)
		}
		if params[1].Value > n || params[1].Value < 0 {
			return values, fmt.Errorf("array index out of bounds: index %d, length %d", params[1].Value-1, n)
		}
		if params[0].Value > params[1].Value {
			return values, fmt.Errorf("starting index %d is greater than ending index %d", params[0].Value, params[1].Value)
		}
		step := 1
		if params[2].Known {
			if params[2].Value <= 0 {
				return values, fmt.Errorf("step must be > 0")
			}
			step = params[2].Value
		}
		part := list[params[0].Value:params[1].Value]
		for i := 0; i < len(part); i += step {
			result = append(result, part[i])
		}
	}
	return result, nil
}

func (j *JSONPath) evalUnion(values []any, node *UnionNode) ([]any, error) {
	result := []any{}
	for _, alt := range node.Nodes {
		r, err := j.evalList(values, alt)
		if err != nil {
			return values, err
		}
		result = append(result, r...)
	}
	return result, nil
}

func (j *JSONPath) evalField(values []any, node *FieldNode) ([]any, error) {
	results := []any{}
	if len(values) == 0 {
		return results, nil
	}
	for _, v := range values {
		if m, ok := v.(map[string]any); ok {
			if e, found := m[node.Value]; found {
				results = append(results, e)
			}
		}
	}
	if len(results) == 0 && !j.allowMissingKeys {
		return results, fmt.Errorf("%s is not found", node.Value)
	}
	return results, nil
}

// children lists what a wildcard yields for one value: an object's values
// (by sorted key), a list's elements, a string's bytes.
func children(v any) []any {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = t[k]
		}
		return out
	case []any:
		return t
	case string:
		out := make([]any, len(t))
		for i := range len(t) {
			out[i] = t[i]
		}
		return out
	}
	return nil
}

func evalWildcard(values []any) []any {
	results := []any{}
	for _, v := range values {
		results = append(results, children(v)...)
	}
	return results
}

// evalRecursive yields every value that has children, followed by
// everything below it.
func evalRecursive(values []any) []any {
	result := []any{}
	for _, v := range values {
		if kids := children(v); len(kids) != 0 {
			result = append(result, v)
			result = append(result, evalRecursive(kids)...)
		}
	}
	return result
}

func (j *JSONPath) evalFilter(values []any, node *FilterNode) ([]any, error) {
	results := []any{}
	for _, v := range values {
		list, ok := v.([]any)
		if !ok {
			return values, fmt.Errorf("%v is not array or slice and cannot be filtered", fmt.Sprint(v))
		}
		for _, item := range list {
			lefts, err := j.evalList([]any{item}, node.Left)
			if node.Operator == "exists" {
				if len(lefts) > 0 {
					results = append(results, item)
				}
				continue
			}
			if err != nil {
				return values, err
			}
			switch {
			case len(lefts) == 0:
				continue
			case len(lefts) > 1:
				return values, fmt.Errorf("can only compare one element at a time")
			}
			rights, err := j.evalList([]any{item}, node.Right)
			if err != nil {
				return values, err
			}
			switch {
			case len(rights) == 0:
				continue
			case len(rights) > 1:
				return values, fmt.Errorf("can only compare one element at a time")
			}
			pass, err := compare(node.Operator, lefts[0], rights[0])
			if err != nil {
				return results, err
			}
			if pass {
				results = append(results, item)
			}
		}
	}
	return results, nil
}

// typeName is the Go type name upstream's reflection-based errors print:
// "map[string]interface {}", "string", "int64".
func typeName(v any) string { return reflect.TypeOf(v).String() }

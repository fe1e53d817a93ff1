package jsonpath

import "fmt"

// Upstream's jsonpath has no limits; here a template comes from a console
// line in a browser, where running out of stack kills the wasm program for
// good and an endless evaluation freezes the page, so both are bounded far
// above what any real template needs.
const (
	// MaxRanges bounds the {range} actions of a template. Evaluation nests
	// one call per {range} (the rest of the template runs inside each
	// iteration, as upstream's FindResults does), whether the ranges nest
	// or follow one another; 2,000 of them overflowed the browser's stack.
	MaxRanges = 100
	// MaxValues bounds the values one evaluation may produce across all its
	// steps, so nested ranges over long lists, or repeated recursive
	// descent, end with an error instead of running for hours.
	MaxValues = 1_000_000
)

// checkLimits refuses a template with more than MaxRanges {range} actions,
// at parse time, so kubectl reports it before it contacts the server, like
// any other parse error ("error parsing jsonpath ..., ...").
func checkLimits(root *ListNode) error {
	ranges := 0
	for _, n := range root.Nodes {
		action, ok := n.(*ListNode)
		if !ok {
			continue
		}
		for _, m := range action.Nodes {
			if id, ok := m.(*IdentifierNode); ok && id.Name == "range" {
				ranges++
			}
		}
	}
	if ranges > MaxRanges {
		return fmt.Errorf("too many range actions: %d, the limit is %d", ranges, MaxRanges)
	}
	return nil
}

// spend counts n values produced against MaxValues.
func (j *JSONPath) spend(n int) error {
	j.values += n
	if j.values > MaxValues {
		return fmt.Errorf("template produced more than %d values, the limit is %d", MaxValues, MaxValues)
	}
	return nil
}

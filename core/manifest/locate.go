package manifest

import (
	"strconv"
	"strings"
)

// Locate finds where, in the manifest text src, the API server's field
// path points for the object of kind and name: the document (1-based, as
// Error.Doc counts), line and column of the deepest part of path the text
// spells out. An error such as
// `spec.template.metadata.labels: Invalid value: ...` names a field, not a
// line; this gives the editor the line.
//
// kind is the object's kind ("Deployment"), name its metadata.name; a v1
// List's items are searched too. path is written as the API server writes
// field.Path: dotted names, [N] for a list index and [key] for a map key
// ("spec.template.spec.containers[0].ports[0].containerPort",
// "metadata.labels[app]"). Where the text stops short of the path (a
// required field left out), the position is that of its nearest written
// parent. ok is false when no document holds the object, or the text
// cannot be read.
func Locate(src []byte, kind, name, path string) (doc, line, col int, ok bool) {
	if len(src) > MaxBytes {
		return 0, 0, 0, false
	}
	chunks, err := split(src)
	if err != nil {
		return 0, 0, 0, false
	}
	aliasTotal := 0
	for i, ch := range chunks {
		root, perr := parseChunk(ch, i+1, &aliasTotal)
		if perr != nil || root == nil {
			continue
		}
		for _, obj := range objectsOf(root) {
			if scalarAt(obj, "kind") == kind && scalarAt(valueAt(obj, "metadata"), "name") == name {
				line, col = walk(obj, pathSteps(path))
				return i + 1, line, col, true
			}
		}
	}
	return 0, 0, 0, false
}

// objectsOf is the document itself, or the items of a List.
func objectsOf(root *node) []*node {
	if root.kind != mapNode {
		return nil
	}
	if k := scalarAt(root, "kind"); k == "List" || strings.HasSuffix(k, "List") {
		if items := valueAt(root, "items"); items != nil && items.kind == seqNode {
			out := make([]*node, 0, len(items.items))
			for _, it := range items.items {
				if it = it.deref(); it.kind == mapNode {
					out = append(out, it)
				}
			}
			return out
		}
	}
	return []*node{root}
}

// step is one part of a field path: a name, or a bracketed index or key.
type step struct {
	name    string
	index   int
	indexed bool // [N]
}

// pathSteps splits "a.b[0].c[key]" into its steps.
func pathSteps(path string) []step {
	var out []step
	for _, part := range strings.Split(path, ".") {
		name, rest, _ := strings.Cut(part, "[")
		if name != "" {
			out = append(out, step{name: name})
		}
		for rest != "" {
			inner, after, found := strings.Cut(rest, "]")
			if !found {
				break
			}
			if n, err := strconv.Atoi(inner); err == nil {
				out = append(out, step{index: n, indexed: true})
			} else {
				out = append(out, step{name: inner})
			}
			rest = strings.TrimPrefix(after, "[")
		}
	}
	return out
}

// walk follows steps from n and returns the position of the last one the
// text holds: a map key's position, or a list item's.
func walk(n *node, steps []step) (line, col int) {
	line, col = n.line, n.col
	for _, s := range steps {
		n = n.deref()
		switch {
		case s.indexed && n.kind == seqNode && s.index >= 0 && s.index < len(n.items):
			n = n.items[s.index]
			line, col = n.line, n.col
		case !s.indexed && n.kind == mapNode:
			e := lastEntry(n, s.name)
			if e == nil {
				return line, col
			}
			n = e.val
			line, col = e.line, e.col
		default:
			return line, col
		}
	}
	return line, col
}

// lastEntry is the entry for key; the last one wins, as in JSON.
func lastEntry(n *node, key string) *entry {
	for i := len(n.entries) - 1; i >= 0; i-- {
		if n.entries[i].key == key {
			return &n.entries[i]
		}
	}
	return nil
}

func valueAt(n *node, key string) *node {
	if n == nil || n.deref().kind != mapNode {
		return nil
	}
	if e := lastEntry(n.deref(), key); e != nil {
		return e.val.deref()
	}
	return nil
}

// scalarAt is the string value at key, or "".
func scalarAt(n *node, key string) string {
	if v := valueAt(n, key); v != nil && v.kind == scalarNode {
		return v.text
	}
	return ""
}

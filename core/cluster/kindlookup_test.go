package cluster

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// literalKindLookups lists every api.LookupKind("Name") in f. Code that
// means one kind uses its typed value (api.PodKind, ...): a lookup by a
// literal name hides a misspelling behind a nil, and its ok was discarded
// at every such call when issue 18 counted them. LookupKind stays for names
// that come from input (a manifest, a kubectl argument).
func literalKindLookups(fset *token.FileSet, f *ast.File) []string {
	var found []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "LookupKind" {
			return true
		}
		if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			found = append(found, fset.Position(call.Pos()).String()+": LookupKind("+lit.Value+"): use the typed kind in core/api/registry.go")
		}
		return true
	})
	return found
}

func TestNoLiteralKindLookups(t *testing.T) {
	if checked := checkSources(t, "../..", literalKindLookups); checked < 100 {
		t.Fatalf("only %d source files were checked; the walk is broken", checked)
	}
}

func TestLiteralKindLookupCheckCatchesOne(t *testing.T) {
	src := `package x
func f(name string) {
	k, _ := api.LookupKind("ConfigMap")
	j, _ := api.LookupKind(name)
	_, _ = k, j
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := literalKindLookups(fset, f)
	if len(got) != 1 || !strings.Contains(got[0], `LookupKind("ConfigMap")`) {
		t.Fatalf("want the one literal lookup, got %q", got)
	}
}

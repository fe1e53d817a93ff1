package assets

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/lesson"
)

// The Why? pane's plain sentences (i18n/LANG/why.json) are keyed by the
// decision records' messages, which the core writes as literal calls:
// d.Say("key", controller.Count("n", …), …) or controller.Msg("key", …).
// Reading those calls from the source finds every message the core can
// say, reached by a scenario or not.

// argMakers are core/controller's Arg constructors.
var argMakers = []string{"Name", "Count", "Duration", "Text"}

// coreMessages returns every message key the core's sources say, with its
// placeholders (sorted), and the file:line of one call.
func coreMessages(t *testing.T) (args map[string][]string, at map[string]string) {
	t.Helper()
	args, at = map[string][]string{}, map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("../core", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			name := funcName(call)
			if name != "Say" && name != "Msg" {
				return true
			}
			pos := fset.Position(call.Pos()).String()
			key, ok := stringLit(call.Args[0])
			if !ok {
				if name == "Msg" || isSelectorCall(call) {
					t.Errorf("%s: %s's key is not a string literal, so no test can see it", pos, name)
				}
				return true
			}
			var names []string
			for _, a := range call.Args[1:] {
				ac, ok := a.(*ast.CallExpr)
				if !ok || !slices.Contains(argMakers, funcName(ac)) || len(ac.Args) == 0 {
					t.Errorf("%s: %q: an argument that is not a literal controller.Name/Count/Duration/Text call", pos, key)
					continue
				}
				p, ok := stringLit(ac.Args[0])
				if !ok {
					t.Errorf("%s: %q: a placeholder name that is not a string literal", pos, key)
					continue
				}
				names = append(names, p)
			}
			if len(names) != len(slices.Compact(slices.Sorted(slices.Values(names)))) {
				t.Errorf("%s: %q names a placeholder twice", pos, key)
			}
			slices.Sort(names)
			if prev, ok := args[key]; ok && !slices.Equal(prev, names) {
				t.Errorf("%s: %q has placeholders %v, but %v at %s", pos, key, names, prev, at[key])
			}
			args[key], at[key] = names, pos
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return args, at
}

func funcName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr: // Count[int32](…)
		if s, ok := f.X.(*ast.SelectorExpr); ok {
			return s.Sel.Name
		}
		if i, ok := f.X.(*ast.Ident); ok {
			return i.Name
		}
	}
	return ""
}

func isSelectorCall(c *ast.CallExpr) bool {
	_, ok := c.Fun.(*ast.SelectorExpr)
	return ok
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

// English has a sentence for every message the core says, with exactly
// the placeholders the core fills, and no sentence the core never says;
// every other language has exactly English's keys and placeholders.
func TestWhyCatalogs(t *testing.T) {
	said, at := coreMessages(t)
	if len(said) < 50 {
		t.Fatalf("only %d messages found in core/: the scanner is stale", len(said))
	}
	en := readCatalog(t, "en", "why.json")
	for key, names := range said {
		s, ok := en[key]
		if !ok {
			t.Errorf("%s says %q, which en/why.json does not have", at[key], key)
			continue
		}
		if got := lesson.Placeholders(s); !slices.Equal(got, names) {
			t.Errorf("en/why.json %q has placeholders %v; %s fills %v", key, got, at[key], names)
		}
	}
	for _, key := range en.Keys() {
		if _, ok := said[key]; !ok {
			t.Errorf("en/why.json: %q is said nowhere in core/", key)
		}
	}
	for _, lang := range languages {
		compareCatalog(t, lang+"/why.json", readCatalog(t, lang, "why.json"), en)
	}
}

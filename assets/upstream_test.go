package assets

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// upstream.json is where the Why? pane links each decision's upstream
// function (why.js upstreamHTML): the release tag Kubeplay models and, per
// name a decision's Upstream holds, the function's file and line in
// kubernetes/kubernetes at that tag, null for a name with no upstream
// source, or an object from controller to file and line where two
// controllers' functions share a name.
type upstreamTable struct {
	Tag       string                     `json:"tag"`
	Repo      string                     `json:"repo"`
	Functions map[string]json.RawMessage `json:"functions"`
}

// upstreamSource is one name's entry: a path, none (null), or a path per
// controller.
type upstreamSource struct {
	path         string
	none         bool
	byController map[string]string
}

// upstreamPath is a file of the repository and the line a function starts
// at: a Go file under pkg/, cmd/, plugin/ or a staging repository.
var upstreamPath = regexp.MustCompile(`^(pkg|cmd|plugin|staging/src/k8s\.io/[a-z0-9-]+)(/[A-Za-z0-9_.-]+)+\.go#L[1-9][0-9]*$`)

// readUpstream reads and checks upstream.json: the tag is the one
// scripts/hashvectors builds with (the release the README names), every path
// is well formed, and the file is as the page's JSON files are written.
func readUpstream(t *testing.T) (upstreamTable, map[string]upstreamSource) {
	t.Helper()
	b, err := os.ReadFile("upstream.json")
	if err != nil {
		t.Fatal(err)
	}
	var u upstreamTable
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&u); err != nil {
		t.Fatalf("upstream.json: %v", err)
	}
	if u.Repo != "https://github.com/kubernetes/kubernetes" {
		t.Errorf("upstream.json: repo %q, want https://github.com/kubernetes/kubernetes", u.Repo)
	}
	if want := modelledRelease(t); u.Tag != want {
		t.Errorf("upstream.json: tag %q, but scripts/hashvectors builds with k8s.io/kubernetes %s", u.Tag, want)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err == nil {
		want, _ := json.MarshalIndent(out, "", "  ") // encoding/json sorts map keys
		if string(b) != string(want)+"\n" {
			t.Error("upstream.json is not written with sorted keys, 2-space indent and a trailing newline")
		}
	}
	srcs := map[string]upstreamSource{}
	for name, raw := range u.Functions {
		var s upstreamSource
		switch {
		case string(raw) == "null":
			s.none = true
		case strings.HasPrefix(string(raw), `"`):
			if err := json.Unmarshal(raw, &s.path); err != nil {
				t.Errorf("upstream.json: %s: %v", name, err)
			}
			checkUpstreamPath(t, name, s.path)
		default:
			if err := json.Unmarshal(raw, &s.byController); err != nil || len(s.byController) < 2 {
				t.Errorf("upstream.json: %s is %s: want a path, null, or paths for two or more controllers", name, raw)
			}
			for ctl, p := range s.byController {
				checkUpstreamPath(t, name+" ("+ctl+")", p)
			}
		}
		srcs[name] = s
	}
	return u, srcs
}

func checkUpstreamPath(t *testing.T, name, p string) {
	t.Helper()
	if !upstreamPath.MatchString(p) || strings.Contains(p, "..") || strings.Contains(p, "//") {
		t.Errorf("upstream.json: %s: %q is not FILE.go#LNN under pkg/, cmd/, plugin/ or staging/src/k8s.io/REPO/", name, p)
	}
}

// modelledRelease is the k8s.io/kubernetes version scripts/hashvectors
// requires: the release whose functions the core models.
func modelledRelease(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "scripts", "hashvectors", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*k8s\.io/kubernetes (v1\.\d+\.\d+)\s*$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("scripts/hashvectors/go.mod requires no k8s.io/kubernetes vN.N.N; the pattern is stale")
	}
	return string(m[1])
}

// Every decision the examples and lessons make names an upstream function
// the table knows: its source, or null for a name with none.
func TestEveryDecisionHasUpstreamSource(t *testing.T) {
	_, srcs := readUpstream(t)
	ds, from := transcriptDecisions(t)
	seen := map[string]bool{}
	linked := 0
	for i, d := range ds {
		key := d.Controller + " " + d.Upstream
		if seen[key] {
			continue
		}
		seen[key] = true
		s, ok := srcs[d.Upstream]
		switch {
		case !ok:
			t.Errorf("%s: t=%d %s %s: upstream %q is not in upstream.json (a path, or null for no upstream function)",
				from[i], d.Tick, d.Controller, d.Object, d.Upstream)
		case s.byController != nil && s.byController[d.Controller] == "":
			t.Errorf("%s: t=%d %s: upstream.json has %q for controllers %v, not for %s",
				from[i], d.Tick, d.Controller, d.Upstream, slices.Sorted(maps.Keys(s.byController)), d.Controller)
		case !s.none:
			linked++
		}
	}
	t.Logf("%d controller and upstream pairs, %d linked", len(seen), linked)
}

// Every upstream name the core can record (the string arguments of
// Decisions.Add and AddAbout, and of the functions that pass their own
// argument on to them, followed through constants) is in the table, and the
// table has no name the core never records.
func TestEveryCoreUpstreamInTable(t *testing.T) {
	_, srcs := readUpstream(t)
	names := coreUpstreamNames(t, filepath.Join("..", "core"))
	if len(names) < 50 {
		t.Fatalf("only %d upstream names in core/: the scan is stale", len(names))
	}
	for name, at := range names {
		if _, ok := srcs[name]; !ok {
			t.Errorf("%s: upstream %q is not in upstream.json (a path, or null for no upstream function)", at, name)
		}
	}
	for name := range srcs {
		if _, ok := names[name]; !ok {
			t.Errorf("upstream.json has %q, which no decision in core/ records", name)
		}
	}
}

// coreUpstreamNames scans the Go files (tests aside) under dir for the
// upstream names decisions are recorded with, each with where it is first
// passed.
func coreUpstreamNames(t *testing.T, dir string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	type file struct {
		pkg string // the directory: constants are per package
		f   *ast.File
	}
	var files []file
	consts := map[string]string{} // "dir.Name" -> value
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		files = append(files, file{filepath.Dir(p), f})
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, id := range vs.Names {
						if i < len(vs.Values) {
							if s, ok := stringLit(vs.Values[i]); ok {
								consts[filepath.Dir(p)+"."+id.Name] = s
							}
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// takers maps a function's name to the index of the argument it records
	// as a decision's upstream: Decisions.Add and AddAbout, then every
	// function that passes a parameter of its own there.
	takers := map[string]int{"Add": 0, "AddAbout": 1}
	names := map[string]string{}
	for changed := true; changed; {
		changed = false
		for _, fl := range files {
			for _, decl := range fl.f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				params := paramIndex(fd)
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					c, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					fn := funcName(c)
					i, ok := takers[fn]
					// Decisions.Add takes at least 3 arguments, AddAbout 4:
					// time.Time.Add and the like take fewer.
					if !ok || len(c.Args) < i+3 {
						return true
					}
					at := fset.Position(c.Pos()).String()
					switch a := c.Args[i].(type) {
					case *ast.BasicLit:
						if s, ok := stringLit(a); ok && names[s] == "" {
							names[s] = at
						}
					case *ast.Ident:
						if j, ok := params[a.Name]; ok {
							if _, known := takers[fd.Name.Name]; !known {
								takers[fd.Name.Name] = j
								changed = true
							}
						} else if s, ok := consts[fl.pkg+"."+a.Name]; ok {
							if names[s] == "" {
								names[s] = at
							}
						} else {
							t.Errorf("%s: %s's upstream %s is neither a constant nor a parameter: the scan cannot follow it", at, fn, a.Name)
						}
					case *ast.CallExpr:
						// A cluster's Add(controllers...), not a decision.
					default:
						t.Errorf("%s: %s's upstream is %T: the scan cannot follow it", at, fn, a)
					}
					return true
				})
			}
		}
	}
	return names
}

// paramIndex maps a function's parameter names to their positions.
func paramIndex(fd *ast.FuncDecl) map[string]int {
	m := map[string]int{}
	i := 0
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			i++
		}
		for _, n := range f.Names {
			m[n.Name] = i
			i++
		}
	}
	return m
}

// The table's checks fail as they should: a malformed path, a name missing.
func TestUpstreamPathPattern(t *testing.T) {
	for p, ok := range map[string]bool{
		"pkg/controller/deployment/util/deployment_util.go#L817":                   true,
		"staging/src/k8s.io/client-go/tools/leaderelection/leaderelection.go#L444": true,
		"pkg/controller/deployment/util/deployment_util.go":                        false,
		"pkg/controller/deployment/util/deployment_util.go#L0":                     false,
		"pkg/controller/deployment/util/deployment_util.go:817":                    false,
		"/pkg/controller/deployment/util/deployment_util.go#L817":                  false,
		"https://github.com/kubernetes/kubernetes/blob/v1.37.2/pkg/a.go#L1":        false,
		"vendor/k8s.io/client-go/tools/leaderelection/leaderelection.go#L444":      false,
		"pkg/controller/deployment/util/deployment_util.go#L817 ":                  false,
	} {
		if got := upstreamPath.MatchString(p); got != ok {
			t.Errorf("%q: matched %v, want %v", p, got, ok)
		}
	}
	src := `package p
const prefix = "BindPodVolumes"
func (ds *Decisions) record(upstream, formula, result string) { ds.Add(upstream, formula, result) }
func f(ds *Decisions) {
	ds.Add("NewRSNewReplicas", "", "")
	ds.AddAbout("node/a", "monitorNodeHealth", "", "")
	ds.Add(prefix, "", "")
	ds.record("ClaimObject", "", "")
	now.Add(d)
}
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(coreUpstreamNames(t, dir)))
	if want := []string{"BindPodVolumes", "ClaimObject", "NewRSNewReplicas", "monitorNodeHealth"}; !slices.Equal(got, want) {
		t.Errorf("scan found %v, want %v", got, want)
	}
}

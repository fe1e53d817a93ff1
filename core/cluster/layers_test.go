package cluster

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the import path prefix of the repository's packages.
const module = "github.com/kubeplay/kubeplay/"

// layers states the level of every package of the module. A package may
// import only packages of a lower level: never one above it (up), nor one
// of its own level (sideways). The levels follow the architecture in the
// README: the API types at the bottom, the API server on them, the
// controller machinery and the clients' libraries above it, then the
// actors (controllers, scheduler, kubelet, cloud, kubectl) that talk only
// through the API server, the cluster that wires them, and the faces.
//
// A new package must be given a level here; the test says so.
var layers = map[string]int{
	// 0: leaves, importing nothing of the module.
	"assets":                         0,
	"core/api/field":                 0,
	"core/api/fields":                0,
	"core/api/naming":                0,
	"core/api/resource":              0,
	"core/clock":                     0,
	"core/internal/allstrings":       0,
	"core/kubectl/printers/jsonpath": 0,
	"core/kubectl/unidiff":           0,
	"internal/golden":                0, // the tests' golden files; only _test.go files import it
	// 1: the object types, defaults and kinds; the page's menus, on the
	// embedded assets.
	"core/api":    1,
	"assets/menu": 1,
	// 2: what works on the types alone.
	"core/api/labels":         2,
	"core/api/strategicpatch": 2,
	"core/controller/podhash": 2, // the pod-template-hash of a template
	"core/kubelet/images":     2,
	"core/kubelet/nodestatus": 2,
	"core/manifest":           2,
	// 3: validation, and kubectl's printers.
	"core/api/validation":   3,
	"core/kubectl/printers": 3,
	// 4: the API server; describe (printers only).
	"core/apiserver":        4,
	"core/kubectl/describe": 4,
	// 5: the controller machinery (informers, queues, events, decisions)
	// and the libraries on the API server's calls.
	"core/controller":        5,
	"core/quota":             5,
	"core/kubectl/apply":     5,
	"core/kubelet/nodelease": 5, // the node Lease the kubelet renews
	// 6: the helpers the actors and the clients share, where upstream
	// keeps them (pkg/controller/deployment/util).
	"core/controller/deployment/util": 6,
	"core/leaderelection":             6, // client-go's leader election, for the actors that elect
	// 7: the actors. None of them calls another: they talk through API
	// objects (principle 2 of the brief).
	"core/controller/deployment":          7,
	"core/controller/endpoint":            7,
	"core/controller/endpointslice":       7,
	"core/controller/garbagecollector":    7,
	"core/controller/namespace":           7,
	"core/controller/nodelifecycle":       7,
	"core/controller/podgc":               7,
	"core/controller/tainteviction":       7,
	"core/controller/replicaset":          7,
	"core/controller/resourcequota":       7,
	"core/controller/ttl":                 7,
	"core/controller/volume":              7,
	"core/controller/podautoscaler":       7,
	"core/controller/disruption":          7,
	"core/controller/serviceaccount":      7,
	"core/controller/rootcacertpublisher": 7,
	"core/scheduler":                      7,
	"core/kubelet":                        7,
	"core/cloud":                          7,
	"core/kubectl":                        7,
	// core/cluster is the engine (clock, seed, the actors' step loop); it
	// runs actors, it does not know them.
	"core/cluster": 7,
	// 8: kube-controller-manager and the scheduler as processes that stop,
	// start and elect a leader.
	"core/controlplane": 8,
	// 9: the standard cluster, all the actors wired; the tests' clusters.
	"core/sim":                  9,
	"core/internal/clustertest": 9,
	// 10: the scenario format and its runner.
	"core/scenario": 10,
	// 11: the lesson format, on the scenario format.
	"core/lesson": 11,
	// 12: the page's timeline, which follows a lesson's checks.
	"core/session": 12,
	// 13: the faces and the tools.
	"wasm":                      13,
	"site":                      13,
	"scripts/bench":             13,
	"scripts/deepcopygen":       13,
	"scripts/build":             13,
	"scripts/e2e":               13,
	"scripts/shots":             13,
	"scripts/internal/browser":  11,
	"scripts/internal/wasmdata": 11,
	"scripts/internal/wasmfile": 10, // the wasm reader wasmdata and wasmsize share
	"scripts/play":              13,
	"scripts/loadtest":          13,
	"scripts/wasmsize":          13,
	"scripts/wasmsize/floor":    13,
}

// knownLayerExceptions are the imports that break the layering today,
// each with the work that removes it. The test fails when one of them is
// gone too, so that the list stays true.
var knownLayerExceptions = map[string]string{
	// Merged from main (issue 11 §4): the page shows a pod's CRI calls and
	// names the kubelet's CRICall type; core/sim could hand the log out in
	// a type of its own, or the type move below the kubelet.
	"core/session -> core/kubelet": "the page's CRI call log names kubelet.CRICall",
	// Upstream shares these helpers through pkg/controller/util/endpoint.
	"core/controller/endpoint -> core/controller/endpointslice": "the shared endpoint helpers belong in a util package (pkg/controller/util/endpoint)",
}

// wiredOnlyBySim are the actors' packages: only core/sim, which builds
// the cluster, imports them (and core/controlplane, which runs the
// scheduler as a process, and core/internal/clustertest, which starts the
// scheduler and kubelets for the controllers' own tests); everyone
// else reaches them through API objects. (A level alone would let the
// faces above reach into them.)
var wiredOnlyBySim = []string{
	"core/controller/deployment", "core/controller/endpoint", "core/controller/endpointslice",
	"core/controller/garbagecollector", "core/controller/namespace", "core/controller/nodelifecycle",
	"core/controller/podgc", "core/controller/tainteviction", "core/controller/volume",
	"core/controller/podautoscaler", "core/controller/disruption", "core/controller/serviceaccount",
	"core/controller/rootcacertpublisher",
	"core/controller/replicaset", "core/controller/resourcequota", "core/controller/ttl",
	"core/scheduler", "core/kubelet", "core/cloud",
}

// moduleImports maps each package of the module (its path below the
// module) to the module's packages its non-test files import.
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root {
			switch {
			case d.Name() == "testdata", strings.HasPrefix(d.Name(), "."), path == filepath.Join(root, "build"):
				return filepath.SkipDir
			case fileExists(filepath.Join(path, "go.mod")):
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if dep, ok := strings.CutPrefix(p, module); ok && !slices.Contains(out[pkg], dep) {
				out[pkg] = append(out[pkg], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// layerViolations lists every import of imports that points up or
// sideways, or whose package has no level, except the known ones.
func layerViolations(imports map[string][]string, levels map[string]int, known map[string]string) []string {
	var out []string
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		lp, ok := levels[pkg]
		if !ok {
			out = append(out, fmt.Sprintf("%s has no level: give it one in layers", pkg))
			continue
		}
		for _, dep := range imports[pkg] {
			ld, ok := levels[dep]
			edge := pkg + " -> " + dep
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("%s: %s has no level", edge, dep))
			case known[edge] != "":
			case slices.Contains(wiredOnlyBySim, dep) && pkg != "core/sim" && pkg != "core/internal/clustertest" && pkg != "core/controlplane":
				out = append(out, fmt.Sprintf("%s reaches into an actor: only core/sim wires them", edge))
			case ld > lp:
				out = append(out, fmt.Sprintf("%s points up (level %d imports level %d)", edge, lp, ld))
			case ld == lp:
				out = append(out, fmt.Sprintf("%s points sideways (both level %d)", edge, lp))
			}
		}
	}
	return out
}

// TestLayers enforces "dependencies point down": every package of the
// module has a level, and imports only packages below it.
func TestLayers(t *testing.T) {
	imports := moduleImports(t, filepath.Join("..", ".."))
	if len(imports) < 30 {
		t.Fatalf("found only %d packages; the walk is broken", len(imports))
	}
	for _, v := range layerViolations(imports, layers, knownLayerExceptions) {
		t.Error(v)
	}
	for edge, why := range knownLayerExceptions {
		pkg, dep, _ := strings.Cut(edge, " -> ")
		if !slices.Contains(imports[pkg], dep) {
			t.Errorf("the known exception %q (%s) is gone: remove it from knownLayerExceptions", edge, why)
		}
	}
	for pkg := range layers {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("layers names %s, which has no Go files: remove it", pkg)
		}
	}
}

// The check fails on an import that points up, one that points sideways,
// and a package without a level.
func TestLayerCheckCatchesViolations(t *testing.T) {
	levels := map[string]int{"low": 0, "mid": 1, "mid2": 1, "high": 2, "core/kubelet": 0, "core/sim": 1, "core/session": 2}
	imports := map[string][]string{
		"low":          {"high"},
		"mid":          {"mid2", "low"},
		"core/sim":     {"core/kubelet"},
		"core/session": {"core/kubelet"},
		"mid2":         nil,
		"high":         {"mid", "low"},
		"new":          nil,
	}
	got := layerViolations(imports, levels, nil)
	want := []string{
		"core/session -> core/kubelet reaches into an actor: only core/sim wires them",
		"low -> high points up (level 0 imports level 2)",
		"mid -> mid2 points sideways (both level 1)",
		"new has no level: give it one in layers",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("violations:\n%q\nwant\n%q", got, want)
	}
	if got := layerViolations(imports, levels, map[string]string{"low -> high": "x", "mid -> mid2": "y", "core/session -> core/kubelet": "z"}); len(got) != 1 {
		t.Errorf("with the exceptions known: %q", got)
	}
}

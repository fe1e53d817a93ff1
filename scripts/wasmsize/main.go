// Command wasmsize shows where kubeplay.wasm's bytes go: it builds ./wasm
// as scripts/build does but keeps the function names, and prints the code
// bytes of each Go package, largest first, with the totals for Go's
// runtime and standard library, each module, and the data. It also builds
// ./scripts/wasmsize/floor, the runtime and libraries Kubeplay needs
// without Kubeplay, and prints both binaries' raw and brotli sizes.
//
//	go run ./scripts/wasmsize [-top 40]
//
// It is the measurement behind any work on the download budget: Go's
// js/wasm code is 3-4 times the size of the same code on amd64, and what
// a change saves shows here per package before brotli blurs it.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/andybalholm/brotli"

	"github.com/kubeplay/kubeplay/scripts/internal/wasmdata"
)

func main() {
	top := flag.Int("top", 40, "list this many packages, then the rest in one line")
	flag.Parse()
	if err := run(os.Stdout, *top); err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, top int) error {
	tmp, err := os.MkdirTemp("", "wasmsize-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	named, err := build(tmp, "./wasm", "-ldflags=-w") // -w only: the name section stays
	if err != nil {
		return err
	}
	m, err := parse(named)
	if err != nil {
		return err
	}
	list := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}} {{with .Module}}{{.Path}}{{end}}", "./wasm")
	list.Env = wasmEnv()
	list.Stderr = os.Stderr
	deps, err := list.Output()
	if err != nil {
		return fmt.Errorf("go list -deps ./wasm: %w", err)
	}
	fmt.Fprintln(w, "as scripts/build makes them (-s -w)     raw        brotli")
	for _, pkg := range []string{"./wasm", "./scripts/wasmsize/floor"} {
		b, err := build(tmp, pkg, "-ldflags=-s -w")
		if err != nil {
			return err
		}
		br, err := brotliSize(b)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  %-32s  %12s  %12s\n", pkg, commas(len(b)), commas(br))
	}
	fmt.Fprintln(w)
	report(w, m, packagesOf(string(deps)), len(named), top)
	return nil
}

// build compiles pkg for js/wasm, as scripts/build does but with ldflags,
// and returns the binary with its data segments packed as scripts/build
// packs them.
func build(dir, pkg, ldflags string) ([]byte, error) {
	out := filepath.Join(dir, "out.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", ldflags, "-o", out, pkg)
	cmd.Env = wasmEnv()
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("GOOS=js GOARCH=wasm go build %s: %w", pkg, err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	b, _, err = wasmdata.Pack(b, wasmdata.DefaultGap)
	return b, err
}

func wasmEnv() []string { return append(os.Environ(), "GOOS=js", "GOARCH=wasm") }

// brotliSize is the size of b at scripts/build's settings for wasm
// (quality 11, a 16 MiB window).
func brotliSize(b []byte) (int, error) {
	var n counter
	bw := brotli.NewWriterOptions(&n, brotli.WriterOptions{Quality: 11, LGWin: 24})
	if _, err := bw.Write(b); err != nil {
		return 0, err
	}
	if err := bw.Close(); err != nil {
		return 0, err
	}
	return int(n), nil
}

// counter is an io.Writer that counts what it is given.
type counter int

func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}

// pkg is a Go package of the build: its import path and what it belongs to
// (the module's path, or "Go runtime and standard library").
type pkg struct{ path, group string }

const stdGroup = "Go runtime and standard library"

// packagesOf reads go list's "path standard module" lines and indexes the
// packages by the prefix their functions' names carry: the import path
// with "/" and "-" written as "_", as the linker names wasm functions.
func packagesOf(list string) map[string]pkg {
	pkgs := map[string]pkg{}
	for line := range strings.Lines(list) {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		p := pkg{path: f[0], group: stdGroup}
		if f[1] != "true" && len(f) > 2 {
			p.group = f[2]
		}
		pkgs[strings.NewReplacer("/", "_", "-", "_").Replace(f[0])] = p
	}
	return pkgs
}

// packageOf returns the package of a function's name ("encoding_json.
// (*decodeState).object", "github.com_goccy_go_yaml_parser.parse",
// "runtime.mallocgc"): the longest known prefix that ends at a dot.
func packageOf(name string, pkgs map[string]pkg) pkg {
	for i := len(name) - 1; i > 0; i-- {
		if name[i] == '.' {
			if p, ok := pkgs[name[:i]]; ok {
				return p
			}
		}
	}
	// The linker's own functions (type equality, wrappers, wasm glue).
	return pkg{path: "(linker-made: " + strings.SplitN(name, ".", 2)[0] + ")", group: stdGroup}
}

func report(w io.Writer, m *module, pkgs map[string]pkg, size, top int) {
	byPkg := map[pkg]int{}
	byGroup := map[string]int{}
	for i, n := range m.bodies {
		p := packageOf(m.names[i], pkgs)
		byPkg[p] += n
		byGroup[p.group] += n
	}
	fmt.Fprintf(w, "kubeplay.wasm without -s: %s bytes: code %s, data %s, names and the rest %s\n\n",
		commas(size), commas(m.code), commas(m.data), commas(size-m.code-m.data))
	fmt.Fprintf(w, "code by owner\n")
	for _, g := range sortedKeys(byGroup) {
		fmt.Fprintf(w, "  %12s  %5.1f%%  %s\n", commas(byGroup[g]), pct(byGroup[g], m.code), g)
	}
	fmt.Fprintf(w, "\ncode by package\n")
	ps := sortedKeys(byPkg)
	rest, restN := 0, 0
	for i, p := range ps {
		if i >= top {
			rest += byPkg[p]
			restN++
			continue
		}
		fmt.Fprintf(w, "  %12s  %5.1f%%  %s\n", commas(byPkg[p]), pct(byPkg[p], m.code), p.path)
	}
	if restN > 0 {
		fmt.Fprintf(w, "  %12s  %5.1f%%  (%d more packages)\n", commas(rest), pct(rest, m.code), restN)
	}
}

// sortedKeys returns m's keys, largest value first, then by key.
func sortedKeys[K comparable](m map[K]int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b K) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
	})
	return keys
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(of) }

// commas writes n with thousands separators, as the build's size table does.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Command build builds the playground into one directory that site/ serves:
//
//	go run ./scripts/build [-out build/site]
//
// It compiles ./wasm to kubeplay.wasm, takes the Go toolchain's
// wasm_exec.js, minifies the files of assets/, renders the embed's posters
// (posters.go), writes the opening session's first views into index.html
// (prerender.go), fingerprints every file but index.html and the posters
// (app.js -> app.<hash>.js, references rewritten; see fingerprint.go), writes .gz and .br siblings of every compressible file,
// and prints each file's raw, gzip and brotli size.
package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"
)

func main() {
	out := flag.String("out", "build/site", "output directory")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "build: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	if err := build(*out, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "build: %v\n", err)
		os.Exit(1)
	}
}

// build writes the site into out. Files are replaced atomically, so a
// server running on out never sees a half-written one.
func build(out string, stdout io.Writer) error {
	start := time.Now()
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}

	// What the build is doing, on stderr (stdout has the size table): a
	// fresh clone's first build takes a minute or two, mostly the wasm.
	say := func(what string) { fmt.Fprintf(os.Stderr, "build: %s (%.0fs)\n", what, time.Since(start).Seconds()) }
	say("minifying the page")
	files, err := minifyAssets(os.DirFS(filepath.Join(root, "assets")))
	if err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	if files["wasm_exec.js"], err = readWasmExec(); err != nil {
		return err
	}
	if files["index.html"], err = preloadModules(files, "app.js"); err != nil {
		return err
	}
	version := gitVersion(root)
	say("compiling the core to WebAssembly (go build, cached after the first time)")
	wasm, err := buildWasm(root, version)
	if err != nil {
		return err
	}
	if files["kubeplay.wasm"], err = packWasm(wasm, stdout); err != nil {
		return err
	}
	// After the wasm: the opening names the core it ships (prerender.go).
	say("prerendering the opening")
	if files["index.html"], err = inlineOpening(files["index.html"], version, buildID(files["kubeplay.wasm"])); err != nil {
		return err
	}
	say("rendering the embed's posters")
	posters, guides, err := buildPosters()
	if err != nil {
		return err
	}
	maps.Copy(posters, guides)
	fixed := maps.Clone(fixedNames)
	for name, b := range posters {
		files[name], fixed[name] = b, true
	}
	site, err := fingerprint(files, fixed)
	if err != nil {
		return err
	}
	// In fingerprint order, so index.html, naming the new files, comes last.
	var names []string
	for _, a := range site {
		dst := filepath.Join(out, filepath.FromSlash(a.name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := writeFileAtomic(dst, a.data); err != nil {
			return err
		}
		names = append(names, a.name)
	}
	if err := removeStale(out, site, fixed); err != nil {
		return err
	}
	slices.Sort(names)

	say("compressing (brotli quality 11; unchanged files come from the cache)")
	cache := userCompressCache()
	fmt.Fprintln(stdout, sizeLine("file", -1, -1, -1))
	var rawTotal, gzTotal, brTotal int64
	for _, name := range names {
		raw, gz, br, err := compressFile(filepath.Join(out, filepath.FromSlash(name)), cache)
		if err != nil {
			return err
		}
		rawTotal += raw
		gzTotal += orRaw(gz, raw)
		brTotal += orRaw(br, raw)
		fmt.Fprintln(stdout, sizeLine(name, raw, gz, br))
	}
	if err := cache.prune(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s  (%d files in %s, %.1fs)\n",
		sizeLine("total", rawTotal, gzTotal, brTotal), len(names), out, time.Since(start).Seconds())
	return nil
}

// orRaw returns n, or raw when n < 0 (no compressed sibling: the raw file
// is what is served).
func orRaw(n, raw int64) int64 {
	if n < 0 {
		return raw
	}
	return n
}

// sizeLine formats one line of the size summary; a size < 0 is shown as
// "-" (not written). With all three < 0 it is the header.
func sizeLine(name string, raw, gz, br int64) string {
	if raw < 0 && gz < 0 && br < 0 {
		return fmt.Sprintf("%-26s %14s %14s %14s", name, "raw", "gzip", "brotli")
	}
	size := func(n int64) string {
		if n < 0 {
			return "-"
		}
		return grouped(n) + " B"
	}
	return fmt.Sprintf("%-26s %14s %14s %14s", name, size(raw), size(gz), size(br))
}

// grouped writes n with thousands separators: 1234567 -> "1,234,567".
func grouped(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

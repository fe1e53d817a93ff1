// Command build builds the playground into one directory that site/ serves:
//
//	go run ./scripts/build [-out build/site]
//
// It compiles ./wasm to kubeplay.wasm, copies the Go toolchain's
// wasm_exec.js, minifies the files of assets/, writes a .gz sibling of every
// compressible file, and prints each file's raw and gzip size.
//
// There is no .br: Go's standard library has no brotli encoder, and the build
// takes no new dependency for it. site/ serves .br siblings if they appear.
package main

import (
	"flag"
	"fmt"
	"io"
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

	files, err := buildAssets(os.DirFS(filepath.Join(root, "assets")), out)
	if err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	if err := copyWasmExec(out); err != nil {
		return err
	}
	if err := buildWasm(root, out, gitVersion(root)); err != nil {
		return err
	}
	files = append(files, "wasm_exec.js", "kubeplay.wasm")
	slices.Sort(files)

	var rawTotal, gzTotal int64
	for _, name := range files {
		raw, gz, err := compressFile(filepath.Join(out, filepath.FromSlash(name)))
		if err != nil {
			return err
		}
		rawTotal += raw
		gzTotal += gz
		fmt.Fprintln(stdout, sizeLine(name, raw, gz))
	}
	fmt.Fprintf(stdout, "%s  (%d files in %s, %.1fs)\n",
		sizeLine("total", rawTotal, gzTotal), len(files), out, time.Since(start).Seconds())
	return nil
}

// sizeLine formats one line of the size summary; gz < 0 means "not gzipped".
func sizeLine(name string, raw, gz int64) string {
	gzs := "-"
	if gz >= 0 {
		gzs = grouped(gz) + " B"
	}
	return fmt.Sprintf("%-16s %12s B   gzip %12s", name, grouped(raw), gzs)
}

// grouped writes n with thousands separators: 1234567 -> "1,234,567".
func grouped(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

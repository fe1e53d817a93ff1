package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestGzipBytesRoundTrips(t *testing.T) {
	for _, in := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("kubeplay "), 10000)} {
		z, err := gzipBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := gunzip(t, z); !bytes.Equal(got, in) {
			t.Errorf("round trip of %d bytes gave %d bytes", len(in), len(got))
		}
	}
}

func TestGzipBytesIsDeterministicAndBest(t *testing.T) {
	in := []byte(strings.Repeat("apiVersion: apps/v1\nkind: Deployment\n", 500))
	a, _ := gzipBytes(in)
	b, _ := gzipBytes(in)
	if !bytes.Equal(a, b) {
		t.Error("two runs gave different bytes")
	}
	zr, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if !zr.ModTime.IsZero() || zr.Name != "" {
		t.Errorf("header carries time %v and name %q; want neither", zr.ModTime, zr.Name)
	}
	var def bytes.Buffer
	zw := gzip.NewWriter(&def)
	zw.Write(in)
	zw.Close()
	if len(a) > def.Len() {
		t.Errorf("best compression %d bytes > default %d bytes", len(a), def.Len())
	}
}

func TestCompressible(t *testing.T) {
	for name, want := range map[string]bool{
		"index.html": true, "app.js": true, "style.css": true, "favicon.svg": true,
		"data.json": true, "kubeplay.wasm": true, "APP.JS": true,
		"logo.png": false, "app.js.gz": false, "noext": false,
	} {
		if got := compressible(name); got != want {
			t.Errorf("compressible(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCompressFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	big := write("app.js", strings.Repeat("console.log(1);", 100))
	raw, gz, err := compressFile(big)
	if err != nil {
		t.Fatal(err)
	}
	z, err := os.ReadFile(big + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	if raw != 1500 || gz != int64(len(z)) || gz >= raw {
		t.Errorf("sizes raw %d gz %d (file %d)", raw, gz, len(z))
	}
	if string(gunzip(t, z)) != strings.Repeat("console.log(1);", 100) {
		t.Error("app.js.gz does not hold app.js")
	}

	// Too small to gain: no .gz, and a stale one is removed.
	tiny := write("a.css", "a{}")
	write("a.css.gz", "stale")
	if _, gz, err := compressFile(tiny); err != nil || gz != -1 {
		t.Errorf("tiny file: gz %d, err %v; want -1", gz, err)
	}
	if _, err := os.Stat(tiny + ".gz"); !os.IsNotExist(err) {
		t.Error("stale a.css.gz survived")
	}

	// Not compressible: no .gz.
	png := write("logo.png", strings.Repeat("x", 1000))
	if _, gz, err := compressFile(png); err != nil || gz != -1 {
		t.Errorf("png: gz %d, err %v; want -1", gz, err)
	}
}

func TestWriteFileAtomicLeavesNoTemporaries(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	for _, s := range []string{"one", "two"} {
		if err := writeFileAtomic(p, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("content %q, want two", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want 1", len(entries))
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
}

func TestSizeLine(t *testing.T) {
	if got, want := grouped(2708933), "2,708,933"; got != want {
		t.Errorf("grouped = %q, want %q", got, want)
	}
	if got := grouped(999); got != "999" {
		t.Errorf("grouped(999) = %q", got)
	}
	if got := sizeLine("logo.png", 1000, -1); !strings.HasSuffix(got, "gzip            -") {
		t.Errorf("sizeLine without gzip: %q", got)
	}
}

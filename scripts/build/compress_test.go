package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
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

func unbrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBrotliBytesRoundTrips(t *testing.T) {
	big := bytes.Repeat([]byte("apiVersion: apps/v1\nkind: Deployment\n"), 3000)
	for _, in := range [][]byte{nil, []byte("x"), big} {
		for _, q := range []struct{ quality, lgwin int }{{brotliTextQuality, 0}, {brotliWasmQuality, brotliWasmWindow}} {
			z, err := brotliBytes(in, q.quality, q.lgwin)
			if err != nil {
				t.Fatal(err)
			}
			if got := unbrotli(t, z); !bytes.Equal(got, in) {
				t.Errorf("quality %d: round trip of %d bytes gave %d bytes", q.quality, len(in), len(got))
			}
			again, _ := brotliBytes(in, q.quality, q.lgwin)
			if !bytes.Equal(z, again) {
				t.Errorf("quality %d: two runs gave different bytes", q.quality)
			}
		}
	}
	z, _ := brotliBytes(big, brotliTextQuality, 0)
	g, _ := gzipBytes(big)
	if len(z) >= len(g) {
		t.Errorf("brotli %d bytes >= gzip %d bytes", len(z), len(g))
	}
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

	content := strings.Repeat("console.log(1);", 100)
	big := write("app.js", content)
	raw, gz, br, err := compressFile(big, nil)
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
	if string(gunzip(t, z)) != content {
		t.Error("app.js.gz does not hold app.js")
	}
	bz, err := os.ReadFile(big + ".br")
	if err != nil {
		t.Fatal(err)
	}
	if br != int64(len(bz)) || br >= raw {
		t.Errorf("sizes raw %d br %d (file %d)", raw, br, len(bz))
	}
	if string(unbrotli(t, bz)) != content {
		t.Error("app.js.br does not hold app.js")
	}

	// wasm gets its own settings and still round-trips.
	wasm := write("k.wasm", "\x00asm"+strings.Repeat("\x01\x02\x03 wasm body ", 500))
	if _, _, br, err := compressFile(wasm, nil); err != nil || br < 0 {
		t.Fatalf("wasm: br %d, err %v", br, err)
	}
	if bz, _ := os.ReadFile(wasm + ".br"); !strings.HasSuffix(string(unbrotli(t, bz)), "wasm body ") {
		t.Error("k.wasm.br does not hold k.wasm")
	}

	// Too small to gain: no .gz or .br, and stale ones are removed.
	tiny := write("a.css", "a{}")
	write("a.css.gz", "stale")
	write("a.css.br", "stale")
	if _, gz, br, err := compressFile(tiny, nil); err != nil || gz != -1 || br != -1 {
		t.Errorf("tiny file: gz %d, br %d, err %v; want -1, -1", gz, br, err)
	}
	for _, ext := range []string{".gz", ".br"} {
		if _, err := os.Stat(tiny + ext); !os.IsNotExist(err) {
			t.Errorf("stale a.css%s survived", ext)
		}
	}

	// Not compressible: no .gz or .br, stale ones removed.
	png := write("logo.png", strings.Repeat("x", 1000))
	write("logo.png.br", "stale")
	if _, gz, br, err := compressFile(png, nil); err != nil || gz != -1 || br != -1 {
		t.Errorf("png: gz %d, br %d, err %v; want -1, -1", gz, br, err)
	}
	if _, err := os.Stat(png + ".br"); !os.IsNotExist(err) {
		t.Error("stale logo.png.br survived")
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
	got := sizeLine("logo.png", 1000, -1, -1)
	if f := strings.Fields(got); !slices.Equal(f, []string{"logo.png", "1,000", "B", "-", "-"}) {
		t.Errorf("sizeLine without gzip or brotli: %q", got)
	}
	got = sizeLine("app.js", 2000, 900, 800)
	if f := strings.Fields(got); !slices.Equal(f, []string{"app.js", "2,000", "B", "900", "B", "800", "B"}) {
		t.Errorf("sizeLine: %q", got)
	}
	if f := strings.Fields(sizeLine("file", -1, -1, -1)); !slices.Equal(f, []string{"file", "raw", "gzip", "brotli"}) {
		t.Errorf("header: %q", f)
	}
}

// The cache gives back what the encoders made, keyed by the bytes and the
// settings; other settings or other bytes are other entries.
func TestCompressCache(t *testing.T) {
	c := newCompressCache(t.TempDir())
	calls := 0
	enc := func(b []byte) ([]byte, error) { calls++; return append([]byte("z:"), b...), nil }
	for range 2 {
		z, err := c.get("s1", []byte("abc"), enc)
		if err != nil || string(z) != "z:abc" {
			t.Fatalf("get = %q, %v", z, err)
		}
	}
	if calls != 1 {
		t.Errorf("the encoder ran %d times for the same bytes and settings, want 1", calls)
	}
	if _, err := c.get("s2", []byte("abc"), enc); err != nil || calls != 2 {
		t.Errorf("other settings: %d encoder runs, %v; want a second run", calls, err)
	}
	if z, err := c.get("s1", []byte("abd"), enc); err != nil || string(z) != "z:abd" || calls != 3 {
		t.Errorf("other bytes: %q after %d runs, %v", z, calls, err)
	}
	// An entry unused for longer than cacheMaxAge goes; a recent one stays.
	entries, _ := os.ReadDir(c.dir)
	old := time.Now().Add(-cacheMaxAge - time.Hour)
	if err := os.Chtimes(filepath.Join(c.dir, entries[0].Name()), old, old); err != nil {
		t.Fatal(err)
	}
	if err := c.prune(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(c.dir); len(left) != len(entries)-1 {
		t.Errorf("prune left %d of %d entries, want one removed", len(left), len(entries))
	}
	// No folder: no cache, the encoder every time.
	none := newCompressCache("")
	none.get("s", []byte("x"), enc)
	none.get("s", []byte("x"), enc)
	if calls != 5 {
		t.Errorf("without a folder the encoder ran %d times in all, want 5", calls)
	}
}

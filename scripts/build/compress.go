package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// compressibleExts are the extensions worth a .gz sibling: text, and wasm
// (which gzip typically shrinks to a third). Images such as PNG are already
// compressed.
var compressibleExts = map[string]bool{
	".html": true, ".css": true, ".js": true, ".mjs": true, ".json": true,
	".map": true, ".svg": true, ".txt": true, ".xml": true, ".yaml": true,
	".yml": true, ".webmanifest": true, ".wasm": true,
}

// compressible reports whether name should get a .gz sibling.
func compressible(name string) bool {
	return compressibleExts[strings.ToLower(filepath.Ext(name))]
}

// gzipBytes compresses b at the best compression level. The header carries
// no name and no time, so the same input always gives the same bytes.
func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Brotli settings. Every file gets the best quality; kubeplay.wasm (about
// 12.7 MB) also gets a 16 MiB window, which makes it 1.3% smaller than the
// default 4 MiB. The wasm is most of the first load, so its bytes matter
// more than build time (issue #6): on the 2-core development machine
// quality 9 takes about 4 s and gives 2.62 MB, quality 10 about 20 s for
// 2.36 MB, quality 11 about 26 s for 2.27 MB (13% fewer bytes than 9).
const (
	brotliTextQuality = 11
	brotliWasmQuality = 11
	brotliWasmWindow  = 24 // log2 of the window: 16 MiB
)

// brotliBytes compresses b with the given quality and window (0 lets the
// encoder choose). The output depends only on the input and the settings.
func brotliBytes(b []byte, quality, lgwin int) ([]byte, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: lgwin})
	if _, err := bw.Write(b); err != nil {
		return nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// brotliSettings are the quality and window for name's kind of file.
func brotliSettings(name string) (quality, lgwin int) {
	if strings.EqualFold(filepath.Ext(name), ".wasm") {
		return brotliWasmQuality, brotliWasmWindow
	}
	return brotliTextQuality, 0
}

// compressFile writes file.gz and file.br beside a compressible file, each
// when it saves bytes (and removes a stale one when it does not). It returns
// the raw size and the gzip and brotli sizes, -1 for a sibling not written.
// The two encoders run concurrently: kubeplay.wasm dominates the build.
// cache, if not nil, keeps and gives back what they made for the same bytes.
func compressFile(file string, cache *compressCache) (raw, gz, br int64, err error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, 0, 0, err
	}
	raw = int64(len(b))
	if !compressible(file) {
		if gz, err = writeSibling(file, ".gz", b, nil); err != nil {
			return 0, 0, 0, err
		}
		br, err = writeSibling(file, ".br", b, nil)
		return raw, gz, br, err
	}
	var z []byte
	var zerr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		z, zerr = cache.get("gzip best", b, gzipBytes)
	}()
	quality, lgwin := brotliSettings(file)
	bz, berr := cache.get(fmt.Sprintf("brotli quality %d window %d", quality, lgwin), b, func(b []byte) ([]byte, error) {
		return brotliBytes(b, quality, lgwin)
	})
	<-done
	if err := errors.Join(zerr, berr); err != nil {
		return 0, 0, 0, err
	}
	if gz, err = writeSibling(file, ".gz", b, z); err != nil {
		return 0, 0, 0, err
	}
	if br, err = writeSibling(file, ".br", b, bz); err != nil {
		return 0, 0, 0, err
	}
	return raw, gz, br, nil
}

// writeSibling writes file+ext holding z when z is smaller than the raw
// bytes b and returns its size; otherwise (z nil: not compressible) it
// removes any stale file+ext and returns -1.
func writeSibling(file, ext string, b, z []byte) (int64, error) {
	if z != nil && len(z) < len(b) {
		return int64(len(z)), writeFileAtomic(file+ext, z)
	}
	if err := os.Remove(file + ext); err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	return -1, nil
}

// writeFileAtomic writes b to name through a temporary file and a rename, so
// readers see the old file or the new one, never a partial one.
func writeFileAtomic(name string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // no-op after a successful rename
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

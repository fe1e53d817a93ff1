package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// compressFile writes file.gz beside a compressible file when that saves
// bytes (and removes a stale one when it does not). It returns the raw size
// and the gzip size, or -1 if no .gz was written.
func compressFile(file string) (raw, gz int64, err error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, 0, err
	}
	raw, gz = int64(len(b)), -1
	if compressible(file) {
		z, err := gzipBytes(b)
		if err != nil {
			return 0, 0, err
		}
		if len(z) < len(b) {
			return raw, int64(len(z)), writeFileAtomic(file+".gz", z)
		}
	}
	if err := os.Remove(file + ".gz"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, 0, err
	}
	return raw, gz, nil
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

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// The compression cache. Brotli at quality 11 over the 13 MB wasm is most
// of a build's time (26 s on the 2-core machine), and most builds change
// no byte of it. Compressed outputs are kept by the SHA-256 of their input
// and settings in a folder beside the site; a build whose input is the
// same reads the same bytes back (both encoders are deterministic, so this
// changes no output). The folder is the user's cache (as Go's build cache
// is), shared by every checkout; an entry no build has used for a week is
// removed.
type compressCache struct {
	dir string
}

// cacheMaxAge is how long an unused entry stays.
const cacheMaxAge = 7 * 24 * time.Hour

// cacheFormat names the encoders' settings and library in the key, so a
// change to either never reads an old entry. Bump it with either.
const cacheFormat = "andybalholm/brotli v1, compress/gzip"

// newCompressCache keeps its entries in dir; "" disables it.
func newCompressCache(dir string) *compressCache { return &compressCache{dir: dir} }

// userCompressCache is the cache in the user's cache folder, or none when
// there is no such folder (KUBEPLAY_BUILD_CACHE=off turns it off too).
func userCompressCache() *compressCache {
	base, err := os.UserCacheDir()
	if err != nil || os.Getenv("KUBEPLAY_BUILD_CACHE") == "off" {
		return newCompressCache("")
	}
	return newCompressCache(filepath.Join(base, "kubeplay-build", "compress"))
}

// get returns the compressed form of b under settings, from the cache or
// made by compress (and then kept). A cache that cannot be written costs
// only time.
func (c *compressCache) get(settings string, b []byte, compress func([]byte) ([]byte, error)) ([]byte, error) {
	if c == nil || c.dir == "" {
		return compress(b)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", cacheFormat, settings)
	h.Write(b)
	name := hex.EncodeToString(h.Sum(nil))
	path := filepath.Join(c.dir, name)
	if z, err := os.ReadFile(path); err == nil {
		now := time.Now()
		_ = os.Chtimes(path, now, now) // used: kept another week
		return z, nil
	}
	z, err := compress(b)
	if err != nil {
		return nil, err
	}
	if os.MkdirAll(c.dir, 0o755) == nil {
		_ = writeFileAtomic(path, z)
	}
	return z, nil
}

// prune removes the entries no build has used for cacheMaxAge.
func (c *compressCache) prune() error {
	if c == nil || c.dir == "" {
		return nil
	}
	entries, err := os.ReadDir(c.dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		info, err := e.Info()
		if err == nil && time.Since(info.ModTime()) > cacheMaxAge {
			if err := os.Remove(filepath.Join(c.dir, e.Name())); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
	}
	return nil
}

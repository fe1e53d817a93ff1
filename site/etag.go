package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"sync"
	"time"
)

// etagCache remembers a strong ETag (a content hash) per served file, and
// recomputes it when the file's size or modification time changes. Each
// encoding of a file is its own file, so it gets its own tag, as RFC 9110
// requires of strong validators.
type etagCache struct {
	mu sync.Mutex
	m  map[string]etagEntry
}

type etagEntry struct {
	size int64
	mod  time.Time
	tag  string
}

// get returns the ETag of f, the file called name whose stat is fi, and
// leaves f positioned at its start.
func (c *etagCache) get(name string, f io.ReadSeeker, fi fs.FileInfo) (string, error) {
	c.mu.Lock()
	e, ok := c.m[name]
	c.mu.Unlock()
	if ok && e.size == fi.Size() && e.mod.Equal(fi.ModTime()) {
		return e.tag, nil
	}

	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := `"` + hex.EncodeToString(h.Sum(nil)[:16]) + `"`

	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]etagEntry{}
	}
	c.m[name] = etagEntry{size: fi.Size(), mod: fi.ModTime(), tag: tag}
	c.mu.Unlock()
	return tag, nil
}

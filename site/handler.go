package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"
)

// Handler serves the static files under one directory, the build output.
//
// It is deliberately small and strict, in the manner of net/http's fs.go:
// GET and HEAD only, no directory listings, no dotfiles, and no path that
// escapes the directory, whether by ".." or by a symbolic link (os.Root
// enforces the latter). Everything it sends carries the security headers of
// headers.go.
type Handler struct {
	dir   string
	etags etagCache
	log   *log.Logger
	// now is the clock write deadlines count from (time.Now).
	now func() time.Time
}

// NewHandler returns a Handler for dir, or an error if dir is not a directory.
func NewHandler(dir string, logger *log.Logger) (*Handler, error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("directory %q does not exist; run \"make build\" first", dir)
	case err != nil:
		return nil, err
	case !fi.IsDir():
		return nil, fmt.Errorf("%q is not a directory", dir)
	}
	if logger == nil {
		logger = log.Default()
	}
	return &Handler{dir: dir, log: logger, now: time.Now}, nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Errors and redirects are small; a file's deadline grows with it.
	setWriteDeadline(w, h.now(), writeGrace)
	setSecurityHeaders(w.Header())
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if r.URL.Path == "/healthz" {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok"))
		return
	}
	if r.URL.Path == "/favicon.ico" {
		// Browsers ask for /favicon.ico on their own, before or without
		// the page's <link rel=icon> (Chromium does on a reload). The
		// page's icon is the SVG its HTML names; no content here keeps
		// a 404 out of every console and access log.
		w.Header().Set("Cache-Control", "max-age=86400")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	h.serveFile(w, r)
}

// serveFile resolves the request path inside the root and serves the file,
// or the best precompressed variant of it.
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request) {
	upath := r.URL.Path
	if !strings.HasPrefix(upath, "/") || containsDotDot(upath) {
		http.Error(w, "invalid URL path", http.StatusBadRequest)
		return
	}
	name := strings.TrimPrefix(path.Clean(upath), "/")
	if name == "" {
		name = "."
	}
	if isHidden(name) {
		http.NotFound(w, r)
		return
	}

	// The root is opened per request, so a rebuild that replaces the
	// directory never leaves the server holding a stale one.
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		h.log.Printf("open root: %v", err)
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}
	defer root.Close()

	// Root.Stat follows symbolic links but refuses any that leave the root.
	fi, err := root.Stat(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if fi.IsDir() {
		if !strings.HasSuffix(upath, "/") {
			localRedirect(w, r, path.Base(upath)+"/")
			return
		}
		name = path.Join(name, "index.html")
		if fi, err = root.Stat(name); err != nil {
			http.NotFound(w, r) // no listings
			return
		}
	} else if strings.HasSuffix(upath, "/") {
		http.NotFound(w, r) // a file is not a directory
		return
	}
	if !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}

	ctype := contentType(name)
	served, encoding := name, ""
	if ctype != "" {
		// Only known types get variants: an unknown type is sniffed by
		// ServeContent, and sniffing compressed bytes would be wrong.
		w.Header().Add("Vary", "Accept-Encoding")
		served, encoding = chooseVariant(root, name, fi, r.Header.Get("Accept-Encoding"))
	}

	f, err := root.Open(served)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	sfi, err := f.Stat()
	if err != nil || !sfi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	setWriteDeadline(w, h.now(), writeDeadline(sfi.Size()))
	tag, err := h.etags.get(served, f, sfi)
	if err != nil {
		h.log.Printf("etag %s: %v", served, err)
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}

	hdr := w.Header()
	if ctype != "" {
		hdr.Set("Content-Type", ctype)
	}
	if encoding != "" {
		hdr.Set("Content-Encoding", encoding)
		// ServeContent omits Content-Length when Content-Encoding is set (for
		// handlers that compress on the fly). Ours are files of known size;
		// ServeContent still overrides this for ranges and drops it on 304.
		hdr.Set("Content-Length", strconv.FormatInt(sfi.Size(), 10))
	}
	hdr.Set("ETag", tag)
	hdr.Set("Cache-Control", cacheControl(name))
	if isEmbed(name, r) {
		allowFraming(hdr)
	}
	if tooManyRanges(r) {
		r = r.Clone(r.Context())
		r.Header.Del("Range")
	}
	// ServeContent handles HEAD, Range, If-None-Match, If-Modified-Since and
	// friends. Last-Modified is the original file's, whatever the encoding.
	http.ServeContent(w, r, "", fi.ModTime(), f)
}

// containsDotDot reports whether v has a ".." path element (fs.go's rule,
// which also treats a backslash as a separator).
func containsDotDot(v string) bool {
	if !strings.Contains(v, "..") {
		return false
	}
	for _, ent := range strings.FieldsFunc(v, func(r rune) bool { return r == '/' || r == '\\' }) {
		if ent == ".." {
			return true
		}
	}
	return false
}

// isHidden reports whether a cleaned, root-relative name has an element
// starting with a dot. The build output has none; a stray .git or .env that
// lands in the directory is never served.
func isHidden(name string) bool {
	for _, ent := range strings.Split(name, "/") {
		if ent != "." && strings.HasPrefix(ent, ".") {
			return true
		}
	}
	return false
}

// localRedirect redirects to a path relative to the current one, keeping the
// query, as fs.go does.
func localRedirect(w http.ResponseWriter, r *http.Request, newPath string) {
	if q := r.URL.RawQuery; q != "" {
		newPath += "?" + q
	}
	w.Header().Set("Location", newPath)
	w.WriteHeader(http.StatusMovedPermanently)
}

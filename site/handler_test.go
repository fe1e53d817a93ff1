package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	t0        = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	appJS     = "console.log('kubeplay');\n"
	indexHTML = "<!doctype html><title>Kubeplay</title>\n"
	wasmBytes = "\x00asm\x01\x00\x00\x00"
)

// fixture builds a site directory and returns a handler for it and the
// directory. Every file gets the same modification time, t0.
func fixture(t testing.TB) (*Handler, string) {
	t.Helper()
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	files := map[string]string{
		"index.html":             indexHTML,
		"index.html.gz":          gz(t, indexHTML),
		"app.js":                 appJS,
		"app.js.gz":              gz(t, appJS),
		"app.js.br":              "pretend-brotli",
		"style.css":              "body{color:red}",
		"favicon.svg":            "<svg xmlns='http://www.w3.org/2000/svg'/>",
		"data.json":              `{"a":1}`,
		"kubeplay.wasm":          wasmBytes,
		"kubeplay.wasm.gz":       gz(t, wasmBytes),
		"app.3f9a1c2b.js":        appJS,
		"sub/index.html":         "<p>sub</p>",
		"empty/readme.txt":       "no index here",
		".secret":                "hidden",
		"docs/.git/config":       "hidden",
		"stale.js":               "new content",
		"stale.js.gz":            gz(t, "old content"),
		"noext":                  "plain words",
		"../outside.txt":         "outside the root",
		"../outside/index.html":  "outside the root",
		"../sibling-secret.html": "outside the root",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, t0, t0); err != nil {
			t.Fatal(err)
		}
	}
	// The stale sibling is older than its original, so it must be ignored.
	if err := os.Chtimes(filepath.Join(dir, "stale.js.gz"), t0.Add(-time.Hour), t0.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"link-out.txt": filepath.Join(parent, "outside.txt"),
		"link-dir":     filepath.Join(parent, "outside"),
		"link-rel.txt": "../outside.txt",
		"link-in.js":   "app.js",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	h, err := NewHandler(dir, log.New(io.Discard, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	return h, dir
}

func gz(t testing.TB, s string) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// do sends one request to h; header is a list of key, value pairs.
func do(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestContentTypes(t *testing.T) {
	h, _ := fixture(t)
	for _, tc := range []struct{ path, want string }{
		{"/", "text/html; charset=utf-8"},
		{"/index.html", "text/html; charset=utf-8"},
		{"/app.js", "text/javascript; charset=utf-8"},
		{"/style.css", "text/css; charset=utf-8"},
		{"/kubeplay.wasm", "application/wasm"},
		{"/favicon.svg", "image/svg+xml"},
		{"/data.json", "application/json"},
		{"/noext", "text/plain; charset=utf-8"}, // sniffed
	} {
		w := do(h, "GET", tc.path)
		if w.Code != 200 {
			t.Errorf("GET %s: status %d, want 200", tc.path, w.Code)
		}
		if got := w.Header().Get("Content-Type"); got != tc.want {
			t.Errorf("GET %s: Content-Type %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestPrecompressedVariants(t *testing.T) {
	h, _ := fixture(t)
	for _, tc := range []struct {
		path, accept, wantEncoding, wantBody string
	}{
		{"/app.js", "", "", appJS},
		{"/app.js", "identity", "", appJS},
		{"/app.js", "gzip", "gzip", gz(t, appJS)},
		{"/app.js", "gzip, deflate, br", "br", "pretend-brotli"},
		{"/app.js", "br;q=0.5, gzip", "gzip", gz(t, appJS)},
		{"/app.js", "*", "br", "pretend-brotli"},
		{"/app.js", "*, br;q=0", "gzip", gz(t, appJS)},
		{"/app.js", "gzip;q=0", "", appJS},
		{"/kubeplay.wasm", "br, gzip", "gzip", gz(t, wasmBytes)}, // no .br: next best
		{"/", "gzip", "gzip", gz(t, indexHTML)},
		{"/style.css", "gzip", "", "body{color:red}"}, // no sibling
		{"/stale.js", "gzip", "", "new content"},      // sibling older than the original
	} {
		w := do(h, "GET", tc.path, "Accept-Encoding", tc.accept)
		if w.Code != 200 {
			t.Errorf("GET %s (Accept-Encoding %q): status %d", tc.path, tc.accept, w.Code)
			continue
		}
		if got := w.Header().Get("Content-Encoding"); got != tc.wantEncoding {
			t.Errorf("GET %s (Accept-Encoding %q): Content-Encoding %q, want %q", tc.path, tc.accept, got, tc.wantEncoding)
		}
		if got := w.Body.String(); got != tc.wantBody {
			t.Errorf("GET %s (Accept-Encoding %q): body %q, want %q", tc.path, tc.accept, got, tc.wantBody)
		}
		if got, want := w.Header().Get("Content-Length"), strconv.Itoa(len(tc.wantBody)); got != want {
			t.Errorf("GET %s (Accept-Encoding %q): Content-Length %q, want %q", tc.path, tc.accept, got, want)
		}
		if got := w.Header().Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("GET %s (Accept-Encoding %q): Vary %q, want Accept-Encoding", tc.path, tc.accept, got)
		}
		if got, want := w.Header().Get("Content-Type"), contentType(tc.path); tc.path != "/" && got != want {
			t.Errorf("GET %s (Accept-Encoding %q): Content-Type %q, want %q (the original's)", tc.path, tc.accept, got, want)
		}
	}
}

func TestETagAndConditionalRequests(t *testing.T) {
	h, dir := fixture(t)
	first := do(h, "GET", "/app.js")
	tag := first.Header().Get("ETag")
	if !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) || len(tag) < 10 {
		t.Fatalf("ETag %q is not a strong validator", tag)
	}
	if got, want := first.Header().Get("Last-Modified"), t0.Format(http.TimeFormat); got != want {
		t.Errorf("Last-Modified %q, want %q", got, want)
	}

	w := do(h, "GET", "/app.js", "If-None-Match", tag)
	if w.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match with the current tag: status %d, want 304", w.Code)
	}
	if w.Body.Len() != 0 {
		t.Errorf("304 has a body: %q", w.Body.String())
	}
	if w.Header().Get("ETag") != tag || w.Header().Get("Cache-Control") != "no-cache" || w.Header().Get("Vary") == "" {
		t.Errorf("304 lost cache headers: %v", w.Header())
	}

	if w := do(h, "GET", "/app.js", "If-None-Match", `"something-else"`); w.Code != 200 {
		t.Errorf("If-None-Match with another tag: status %d, want 200", w.Code)
	}
	if w := do(h, "GET", "/app.js", "If-Modified-Since", t0.Format(http.TimeFormat)); w.Code != http.StatusNotModified {
		t.Errorf("If-Modified-Since at mtime: status %d, want 304", w.Code)
	}
	if w := do(h, "HEAD", "/app.js", "If-None-Match", tag); w.Code != http.StatusNotModified {
		t.Errorf("HEAD with If-None-Match: status %d, want 304", w.Code)
	}

	gzTag := do(h, "GET", "/app.js", "Accept-Encoding", "gzip").Header().Get("ETag")
	if gzTag == "" || gzTag == tag {
		t.Errorf("gzip variant ETag %q must differ from the identity one %q", gzTag, tag)
	}
	if w := do(h, "GET", "/app.js", "Accept-Encoding", "gzip", "If-None-Match", tag); w.Code != 200 {
		t.Errorf("identity tag must not validate the gzip variant: status %d", w.Code)
	}

	// A rebuild changes the content, and with it the tag.
	p := filepath.Join(dir, "app.js")
	if err := os.WriteFile(p, []byte("console.log('v2');\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, t0.Add(time.Minute), t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	w = do(h, "GET", "/app.js", "If-None-Match", tag)
	if w.Code != 200 || w.Header().Get("ETag") == tag {
		t.Errorf("after a change: status %d, ETag %q (old %q); want 200 and a new tag", w.Code, w.Header().Get("ETag"), tag)
	}
}

func TestRangeOfAVariant(t *testing.T) {
	h, _ := fixture(t)
	full := gz(t, appJS)
	w := do(h, "GET", "/app.js", "Accept-Encoding", "gzip", "Range", "bytes=0-3")
	if w.Code != http.StatusPartialContent || w.Body.String() != full[:4] || w.Header().Get("Content-Length") != "4" {
		t.Errorf("range of gzip variant: %d, %q, Content-Length %q", w.Code, w.Body.String(), w.Header().Get("Content-Length"))
	}
}

func TestHead(t *testing.T) {
	h, _ := fixture(t)
	w := do(h, "HEAD", "/kubeplay.wasm")
	if w.Code != 200 || w.Body.Len() != 0 {
		t.Errorf("HEAD: status %d, body %d bytes; want 200 and none", w.Code, w.Body.Len())
	}
	if got := w.Header().Get("Content-Length"); got != "8" {
		t.Errorf("HEAD: Content-Length %q, want 8", got)
	}
}

func TestCacheHeaders(t *testing.T) {
	h, _ := fixture(t)
	for _, tc := range []struct{ path, want string }{
		{"/", "no-cache"},
		{"/index.html", "no-cache"},
		{"/app.js", "no-cache"},
		{"/app.3f9a1c2b.js", "public, max-age=31536000, immutable"},
		{"/nope.3f9a1c2b.js", "no-cache"}, // a 404 is never immutable
	} {
		if got := do(h, "GET", tc.path).Header().Get("Cache-Control"); got != tc.want {
			t.Errorf("GET %s: Cache-Control %q, want %q", tc.path, got, tc.want)
		}
	}
}

func TestIsFingerprinted(t *testing.T) {
	for name, want := range map[string]bool{
		"app.3f9a1c2b.js":                true,
		"kubeplay.0123456789abcdef.wasm": true,
		"style.deadbeef.css":             true,
		"app.js":                         false,
		"index.html":                     false,
		"app.3f9a1c2.js":                 false, // 7 digits
		"app.3F9A1C2B.js":                false, // uppercase
		"app.3f9a1c2g.js":                false, // not hex
		".3f9a1c2b.js":                   false, // no stem
		"app.3f9a1c2b.":                  false, // no extension
		"3f9a1c2b.js":                    false, // the hash must be its own element
	} {
		if got := isFingerprinted(name); got != want {
			t.Errorf("isFingerprinted(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	h, _ := fixture(t)
	tag := do(h, "GET", "/app.js").Header().Get("ETag")
	for _, tc := range []struct {
		name string
		w    *httptest.ResponseRecorder
		// embed: the response is the embed's, which any site may frame.
		embed bool
	}{
		{"200", do(h, "GET", "/"), false},
		{"index.html", do(h, "GET", "/index.html"), false},
		{"embed", do(h, "GET", "/?embed&example=rolling-update"), true},
		{"embed index.html", do(h, "GET", "/index.html?lang=vi&embed"), true},
		{"embed 304", do(h, "GET", "/?embed", "If-None-Match", do(h, "GET", "/").Header().Get("ETag")), true},
		{"embed on a script", do(h, "GET", "/app.js?embed"), false},
		{"embed= in a value", do(h, "GET", "/?x=embed"), false},
		{"304", do(h, "GET", "/app.js", "If-None-Match", tag), false},
		{"404", do(h, "GET", "/missing?embed"), false},
		{"400", do(h, "GET", "/../x"), false},
		{"405", do(h, "POST", "/?embed"), false},
		{"healthz", do(h, "GET", "/healthz"), false},
	} {
		hdr := tc.w.Header()
		csp := hdr.Get("Content-Security-Policy")
		frame, xfo := "frame-ancestors 'none'", "DENY"
		if tc.embed {
			frame, xfo = "frame-ancestors *", ""
		}
		for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'", frame} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", tc.name, csp, want)
			}
		}
		for _, bad := range []string{"unsafe-inline", "'unsafe-eval'", "http:", "https:", "data:", "blob:"} {
			if strings.Contains(csp, bad) {
				t.Errorf("%s: CSP %q allows %q", tc.name, csp, bad)
			}
		}
		if strings.Count(csp, "frame-ancestors") != 1 {
			t.Errorf("%s: CSP %q should name frame-ancestors once", tc.name, csp)
		}
		if got := hdr.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", tc.name, got)
		}
		if got := hdr.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", tc.name, got)
		}
		if got := hdr.Get("X-Frame-Options"); got != xfo {
			t.Errorf("%s: X-Frame-Options %q, want %q", tc.name, got, xfo)
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h, _ := fixture(t)
	for _, m := range []string{"POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "BREW"} {
		for _, p := range []string{"/", "/app.js", "/healthz", "/missing"} {
			w := do(h, m, p)
			if w.Code != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: status %d, want 405", m, p, w.Code)
			}
			if got := w.Header().Get("Allow"); got != "GET, HEAD" {
				t.Errorf("%s %s: Allow %q, want \"GET, HEAD\"", m, p, got)
			}
		}
	}
}

func TestNoEscapeFromRoot(t *testing.T) {
	h, _ := fixture(t)
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/../outside.txt", 400},
		{"/sub/../../outside.txt", 400},
		{"/%2e%2e/outside.txt", 400},
		{"/..%2foutside.txt", 400},
		{"/..%5coutside.txt", 400},
		{"/sub/..%5c..%5coutside.txt", 400},
		{"/link-out.txt", 404}, // absolute symlink out of the root
		{"/link-rel.txt", 404}, // relative symlink out of the root
		{"/link-dir/", 404},    // symlinked directory out of the root
		{"/link-dir/index.html", 404},
		{"/.secret", 404},
		{"/docs/.git/config", 404},
		{"/%2esecret", 404},
		{"/link-in.js", 200}, // a symlink that stays inside is fine
		{"/sub/../app.js", 400},
	} {
		w := do(h, "GET", tc.path)
		if w.Code != tc.want {
			t.Errorf("GET %s: status %d, want %d", tc.path, w.Code, tc.want)
		}
		if strings.Contains(w.Body.String(), "outside the root") || strings.Contains(w.Body.String(), "hidden") {
			t.Errorf("GET %s leaked %q", tc.path, w.Body.String())
		}
	}
}

func TestNoDirectoryListing(t *testing.T) {
	h, _ := fixture(t)
	if w := do(h, "GET", "/sub/"); w.Code != 200 || w.Body.String() != "<p>sub</p>" {
		t.Errorf("GET /sub/: status %d, body %q; want its index.html", w.Code, w.Body.String())
	}
	w := do(h, "GET", "/sub?x=1")
	if w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != "sub/?x=1" {
		t.Errorf("GET /sub: status %d, Location %q; want 301 to sub/?x=1", w.Code, w.Header().Get("Location"))
	}
	w = do(h, "GET", "/empty/")
	if w.Code != 404 || strings.Contains(w.Body.String(), "readme") {
		t.Errorf("GET /empty/: status %d, body %q; want 404 and no listing", w.Code, w.Body.String())
	}
	if w := do(h, "GET", "/app.js/"); w.Code != 404 {
		t.Errorf("GET /app.js/: status %d, want 404", w.Code)
	}
	if w := do(h, "GET", "/missing.html"); w.Code != 404 {
		t.Errorf("GET /missing.html: status %d, want 404", w.Code)
	}
}

func TestFaviconICO(t *testing.T) {
	h, _ := fixture(t)
	if w := do(h, "GET", "/favicon.ico"); w.Code != http.StatusNoContent || w.Body.Len() != 0 {
		t.Errorf("GET /favicon.ico: %d with %d bytes, want 204 and none", w.Code, w.Body.Len())
	}
}

func TestHealthz(t *testing.T) {
	h, _ := fixture(t)
	w := do(h, "GET", "/healthz")
	if w.Code != 200 || w.Body.String() != "ok" {
		t.Errorf("GET /healthz: %d %q, want 200 \"ok\"", w.Code, w.Body.String())
	}
	if got := w.Header().Get("Cache-Control"); got != "no-store" {
		t.Errorf("GET /healthz: Cache-Control %q, want no-store", got)
	}
	if w := do(h, "HEAD", "/healthz"); w.Code != 200 {
		t.Errorf("HEAD /healthz: %d, want 200", w.Code)
	}
}

func TestNewHandlerNeedsADirectory(t *testing.T) {
	dir := t.TempDir()
	if _, err := NewHandler(filepath.Join(dir, "nope"), nil); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing dir: err %v, want \"does not exist\"", err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewHandler(file, nil); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("file: err %v, want \"not a directory\"", err)
	}
}

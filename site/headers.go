package main

import (
	"mime"
	"net/http"
	"path"
	"strings"
)

// contentSecurityPolicy allows only this origin, plus 'wasm-unsafe-eval' so
// that WebAssembly.instantiate may compile kubeplay.wasm. No inline script or
// style, no foreign host, no plugins, no <base> tricks.
//
// frame-ancestors is "*" on purpose, and there is no X-Frame-Options header
// (which cannot express "anyone"): documentation sites embedding the
// playground in an iframe is a real use case, and framing costs nothing here.
// The page has no login, no cookies and no server-side state, so there is
// nothing a clickjacking page could make a visitor do to themselves.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"object-src 'none'; " +
	"base-uri 'none'; " +
	"form-action 'self'; " +
	"frame-ancestors *"

// setSecurityHeaders sets the headers every response carries.
//
// Referrer-Policy is no-referrer rather than strict-origin-when-cross-origin:
// a playground link can carry the user's scenario in its URL, and the page
// fetches nothing from other origins, so there is no one who needs a referrer
// and nothing we want to leak to the sites the page links to.
//
// Cross-Origin-Opener-Policy same-origin puts the page in its own browsing
// context group: a page that opened it cannot reach into it, and it opens
// no windows it needs to talk to. Cross-Origin-Resource-Policy same-origin
// keeps other sites from loading the wasm, scripts and styles as their own
// subresources; the HTML pages say cross-origin instead (serveFile), so a
// documentation site that requires CORP of what it embeds may still frame
// the playground. Permissions-Policy turns off the powerful features the
// page never uses, for it and anything it might frame.
func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", permissionsPolicy)
}

// permissionsPolicy denies every feature that asks for hardware or the
// person's data.
const permissionsPolicy = "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
	"hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()"

// isHTML reports whether a Content-Type is an HTML document.
func isHTML(ctype string) bool { return strings.HasPrefix(ctype, "text/html") }

// immutable is the Cache-Control of fingerprinted files: their name changes
// whenever their content does, so a cache may keep them for a year.
const immutable = "public, max-age=31536000, immutable"

// cacheControl returns the Cache-Control for a served file: immutable for
// fingerprinted names, and "no-cache" (store, but revalidate with the ETag
// every time) for everything else, index.html included.
func cacheControl(name string) string {
	if isFingerprinted(path.Base(name)) {
		return immutable
	}
	return "no-cache"
}

// isFingerprinted reports whether base looks like "app.3f9a1c2b.js": a stem,
// then a dot-separated lowercase hex hash of at least 8 digits, then an
// extension.
func isFingerprinted(base string) bool {
	parts := strings.Split(base, ".")
	if len(parts) < 3 || parts[0] == "" || parts[len(parts)-1] == "" {
		return false
	}
	hash := parts[len(parts)-2]
	if len(hash) < 8 {
		return false
	}
	for _, c := range hash {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// contentTypes fixes the types the site actually serves, so they do not
// depend on the host's /etc/mime.types.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".webmanifest": "application/manifest+json",
	".txt":         "text/plain; charset=utf-8",
	".yaml":        "application/yaml",
	".yml":         "application/yaml",
	".woff2":       "font/woff2",
}

// contentType returns the Content-Type for name, or "" if its extension is
// unknown (the caller then lets http.ServeContent sniff it).
func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	return mime.TypeByExtension(ext)
}

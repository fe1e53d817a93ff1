package main

import (
	"mime"
	"net/http"
	"path"
	"strings"
)

// contentSecurityPolicy allows only this origin, plus 'wasm-unsafe-eval' so
// that WebAssembly.instantiate may compile kubeplay.wasm. No inline script or
// style, no foreign host, no plugins, no <base> tricks, and no framing:
// the full page is never shown inside another site (with X-Frame-Options
// for browsers that predate frame-ancestors), so no page can dress it up
// to trick a visitor into clicking it.
const contentSecurityPolicy = policyBase + "frame-ancestors 'none'"

// embedSecurityPolicy is the embed's (the page with ?embed: the compact
// layout made for documentation sites, assets/embed.js). Any site may
// frame it: that is what it is for. It has no login, no cookies and no
// server-side state, and it takes the focus only when the reader clicks
// it, so a framing page can make a visitor do nothing to themselves.
const embedSecurityPolicy = policyBase + "frame-ancestors *"

const policyBase = "default-src 'self'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"object-src 'none'; " +
	"base-uri 'none'; " +
	"form-action 'self'; "

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
// subresources; the embed says cross-origin instead (allowFraming), so a
// documentation site that requires CORP of what it embeds may still frame
// it. Permissions-Policy turns off the powerful features the
// page never uses, for it and anything it might frame.
func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", permissionsPolicy)
}

// allowFraming turns the headers of the page into the embed's: any site
// may frame it, and a site that requires CORP of what it frames may too.
func allowFraming(h http.Header) {
	h.Set("Content-Security-Policy", embedSecurityPolicy)
	h.Del("X-Frame-Options")
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
}

// isEmbed reports whether a request for the file name asks for the embed:
// the page with ?embed in its query (assets/embed.js reads the rest).
func isEmbed(name string, r *http.Request) bool {
	return path.Base(name) == "index.html" && r.URL.Query().Has("embed")
}

// permissionsPolicy denies every feature that asks for hardware or the
// person's data.
const permissionsPolicy = "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
	"hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()"

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

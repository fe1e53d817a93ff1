package browser

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"strings"
	"sync"
)

// HoldCore serves the site at url from another origin (a fresh profile's
// worth of storage and cache) and holds back the wasm until release is
// called, so a check or a screenshot can act while the core is not ready; hold holds it
// back again, for the next load. /blank is an empty page of that origin. The wasm is served uncacheable, so a
// reload fetches it again and meets the gate.
func HoldCore(url string) (srv *httptest.Server, release, hold func()) {
	target, _ := neturl.Parse(url)
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		if strings.HasSuffix(r.Request.URL.Path, ".wasm") {
			r.Header.Set("Cache-Control", "no-store")
		}
		return nil
	}
	var mu sync.Mutex
	gate := make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/blank" { // another page of the origin, to leave the page for
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!doctype html><title>blank</title>")
			return
		}
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			mu.Lock()
			g := gate
			mu.Unlock()
			select {
			case <-g:
			case <-r.Context().Done():
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	open := false
	release = func() {
		mu.Lock()
		defer mu.Unlock()
		if !open {
			open = true
			close(gate)
		}
	}
	hold = func() {
		mu.Lock()
		defer mu.Unlock()
		if open {
			open = false
			gate = make(chan struct{})
		}
	}
	return srv, release, hold
}

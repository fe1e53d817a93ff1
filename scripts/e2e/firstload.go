package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// The first load (issue 15): a first visit works at first paint, over the
// build's prerender of the new session, while the core downloads.

func init() { checks = append(checks, firstLoadChecks...) }

// slowCore serves the site at url from another origin (a fresh profile's
// worth of storage and cache) and holds back the wasm until release is
// called, so a check can act while the core is not ready.
func slowCore(url string) (srv *httptest.Server, release func()) {
	target, _ := neturl.Parse(url)
	proxy := httputil.NewSingleHostReverseProxy(target)
	gate := make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	var once bool
	return srv, func() {
		if !once {
			once = true
			close(gate)
		}
	}
}

var firstLoadChecks = []check{
	{"a first visit works at first paint: Tick moves over the prerender and a command waits for the core", func(ctx context.Context, url string) error {
		srv, release := slowCore(url)
		defer srv.Close()
		defer release()
		const clock = `document.getElementById("clock").textContent`
		err := chromedp.Do(ctx,
			chromedp.Navigate(srv.URL),
			// Drawn, usable and not ready: the core is still held back.
			poll(`performance.getEntriesByName("kubeplay-first-view").length === 1 && document.body.classList.contains("early") && !`+pageReady+
				` && `+clock+`.startsWith("tick 0 / 0") && document.getElementById("summary").textContent !== "" && document.getElementById("editor").value.includes("kind: Deployment")`, 20*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			chromedp.Click(chromedp.ID("tick")),
			chromedp.Click(chromedp.ID("back")),
			poll(clock+`.startsWith("tick 1 / 2") && !`+pageReady, 5*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			chromedp.Click(chromedp.ID("tick")),
			poll(clock+`.startsWith("tick 3 / 3") && !`+pageReady, 5*time.Second),
			console("kubectl get nodes -o name"),
			poll(`[...document.querySelectorAll("#console-output .queued")].length === 2 && !`+pageReady, 5*time.Second),
		)
		if err != nil {
			return err
		}
		release()
		err = chromedp.Do(ctx,
			poll(pageReady, 60*time.Second),
			// The command ran once the core was ready, after the clock's
			// requests, in order.
			poll(consoleHas("$ kubectl get nodes -o name\nnode/node-1\nnode/node-2\nnode/node-3\n")+
				` && document.querySelectorAll("#console-output .queued").length === 0`, 10*time.Second),
			poll(`performance.getEntriesByName("kubeplay-first-input").length === 1 && performance.getEntriesByName("kubeplay-ready").length === 1`, 5*time.Second),
			// The live core took over where the prerender was: no jump.
			poll(clock+`.startsWith("tick 3 / 3")`, 5*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			poll(clock+`.startsWith("tick 4 / 4")`, 10*time.Second),
		)
		if err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](clock+` + " | " + document.getElementById("console-output").textContent.slice(-400)`))
			return fmt.Errorf("%v; the clock and console show %q", err, text)
		}
		return nil
	}},
}

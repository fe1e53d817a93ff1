package main

import (
	"context"
	_ "embed"
	"fmt"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"os"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

// The checks of the embed (assets/embed.js): testdata/embed-demo.html, a
// documentation page with two embeds, served from another origin than the
// playground (a second server, on its own port), as a documentation site
// would frame it; hostile addresses; and the full page's Embed dialog.
func init() { checks = append(checks, embedChecks...) }

//go:embed testdata/embed-demo.html
var embedDemo string

// demoPlayground is the playground's address in embed-demo.html, the one
// `make run` serves; the checks serve the page with the tested site's.
const demoPlayground = "http://localhost:8080/"

// serveDemo serves embed-demo.html, framing the playground at url, from a
// server of its own: another origin.
func serveDemo(url string) *httptest.Server {
	page := strings.ReplaceAll(embedDemo, demoPlayground, url)
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(page))
	}))
}

// frameOf is the node of an iframe of the host page, for checks inside it.
func frameOf(ctx context.Context, id string) (*chromedp.Node, error) {
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.ID(id)))
	if err != nil {
		return nil, err
	}
	return nodes[0], nil
}

// inEmbed guards a condition evaluated in an iframe: until the frame has
// its document, the browser evaluates it in the host page instead, where
// it must not pass.
func inEmbed(cond string) string {
	return `new URLSearchParams(location.search).has("embed") && (` + cond + `)`
}

// pollIn waits until cond is true inside an iframe (its document, not the
// host's: the two are different origins, so only the browser can look). It
// asks again while the frame is still loading its document, which replaces
// the context the condition ran in.
func pollIn(frame *chromedp.Node, cond string, timeout time.Duration) chromedp.Action[void] {
	return func(ctx context.Context, t *chromedp.Target) (void, error) {
		deadline := time.Now().Add(timeout)
		for {
			left := time.Until(deadline)
			_, err := chromedp.Poll[void](inEmbed(cond), chromedp.WithPollingInFrame(frame), chromedp.WithPollingTimeout(min(left, 2*time.Second)))(ctx, t)
			if err == nil {
				return void{}, nil
			}
			if left <= 2*time.Second || ctx.Err() != nil {
				// What the embed said, to tell a slow core from a stuck one.
				said, _ := chromedp.Poll[string](`document.getElementById("status").textContent + " | " + `+
					`document.getElementById("clock").textContent + " | " + document.getElementById("console-output").textContent.slice(-300)`,
					chromedp.WithPollingInFrame(frame), chromedp.WithPollingTimeout(time.Second))(ctx, t)
				return void{}, fmt.Errorf("waiting in #%s for %s: %w (%q)", frame.AttributeValue("id"), cond, err, said)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// clickIn clicks an element inside an iframe with the mouse, as a reader
// would: at its centre, found in the frame and placed on the host page.
func clickIn(ctx context.Context, frame *chromedp.Node, id string) error {
	if err := chromedp.Do(ctx, pollIn(frame, `document.getElementById(`+browser.JS(id)+`)?.getBoundingClientRect().width > 0`, 20*time.Second)); err != nil {
		return err
	}
	at, err := chromedp.Run(ctx, chromedp.Poll[struct{ X, Y float64 }](inEmbed(`(() => {
		const r = document.getElementById(`+browser.JS(id)+`).getBoundingClientRect();
		return { X: r.x + r.width / 2, Y: r.y + r.height / 2 };
	})()`), chromedp.WithPollingInFrame(frame), chromedp.WithPollingTimeout(5*time.Second)))
	if err != nil {
		return fmt.Errorf("finding #%s in the frame: %w", id, err)
	}
	origin, err := chromedp.Run(ctx, chromedp.Evaluate[struct{ X, Y float64 }](`(() => {
		const f = document.getElementById(`+browser.JS(frame.AttributeValue("id"))+`);
		f.scrollIntoView({ block: "center" });
		const r = f.getBoundingClientRect();
		return { X: r.x + f.clientLeft, Y: r.y + f.clientTop };
	})()`))
	if err != nil {
		return err
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(origin.X+at.X, origin.Y+at.Y))
}

// playDemoEmbed opens the demo page, clicks the play button of one of
// its embeds and waits for its core to be ready; it returns the frame.
func playDemoEmbed(ctx context.Context, demo, id string) (*chromedp.Node, error) {
	if err := chromedp.Do(ctx,
		chromedp.Navigate(demo+"/embed-demo.html"),
		eval(`document.getElementById(`+browser.JS(id)+`).scrollIntoView()`), // loading="lazy" waits for it
	); err != nil {
		return nil, err
	}
	f, err := frameOf(ctx, id)
	if err != nil {
		return nil, err
	}
	// The poster's view drawn first: drawing it moves the play button, and
	// a click where the button was would miss the poster.
	if err := chromedp.Do(ctx, pollIn(f, posterShown+` && document.getElementById("scenario-title").textContent !== "" && document.querySelector("#pane-workloads .card") !== null`, 20*time.Second)); err != nil {
		return nil, err
	}
	if err := clickIn(ctx, f, "poster-play"); err != nil {
		return nil, err
	}
	return f, chromedp.Do(ctx, pollIn(f, embedReady, 60*time.Second))
}

// posterBudget is what an embed may fetch before it is clicked (the
// README's "Use it in your documentation" says what it is).
const posterBudget = 120_000

// The state of an embed, read inside its frame.
const (
	posterShown  = `document.body.classList.contains("embed") && !document.getElementById("poster").hidden`
	embedReady   = `document.body.classList.contains("ready") && document.getElementById("poster").hidden`
	noCoreLoaded = `performance.getEntriesByType("resource").every((e) => !/kubeplay\.[0-9a-f]+\.wasm|worker\.[0-9a-f]+\.js/.test(e.name))`
	embedClock   = `document.getElementById("clock").textContent`
)

var embedChecks = []check{
	{"two embeds on another origin's page: posters, no core, no focus or scroll taken", func(ctx context.Context, url string) error {
		demo := serveDemo(url)
		defer demo.Close()
		if strings.HasPrefix(demo.URL+"/", url) {
			return fmt.Errorf("the demo page %s has the playground's origin %s", demo.URL, url)
		}
		if err := chromedp.Do(ctx,
			chromedp.Navigate(demo.URL+"/embed-demo.html"),
			poll(`document.activeElement.id === "search"`, 10*time.Second),
		); err != nil {
			return err
		}
		for i, id := range []string{"embed-rolling", "embed-rollback"} {
			// The second embed is below the fold: loading="lazy" waits for it.
			if i > 0 {
				if err := chromedp.Do(ctx, eval(`document.getElementById(`+browser.JS(id)+`).scrollIntoView()`)); err != nil {
					return err
				}
			}
			f, err := frameOf(ctx, id)
			if err != nil {
				return err
			}
			// The poster: the prerendered first view (tick 0 of the example,
			// its ReplicaSet drawn), the title, a link to the full page; no
			// worker, no wasm.
			if err := chromedp.Do(ctx,
				pollIn(f, posterShown+` && document.querySelectorAll("#pane-workloads .card").length >= 1 && `+
					`document.getElementById("scenario-title").textContent.length > 0 && `+embedClock+`.startsWith("tick 0 / ")`, 20*time.Second),
				pollIn(f, `document.getElementById("embed-full").href.includes("#example=")`, 5*time.Second),
				pollIn(f, noCoreLoaded, 5*time.Second),
			); err != nil {
				return err
			}
			// What a poster costs: the page's small files and the poster, as
			// the wire carried them (the same for every embed after the first,
			// from the cache).
			bytes, err := chromedp.Run(ctx, chromedp.Poll[float64](inEmbed(`document.readyState === "complete" && `+
				`performance.getEntriesByType("resource").reduce((n, e) => n + e.transferSize, 0)`),
				chromedp.WithPollingInFrame(f), chromedp.WithPollingTimeout(5*time.Second)))
			if err != nil {
				return err
			}
			if bytes > posterBudget {
				return fmt.Errorf("#%s: the poster fetched %.0f bytes, over its budget of %d", id, bytes, posterBudget)
			}
			fmt.Fprintf(os.Stderr, "     #%s: poster %.0f bytes\n", id, bytes)
			if err := chromedp.Do(ctx,
				// It asked for its height and the host's few lines fitted it.
				poll(`document.getElementById(`+browser.JS(id)+`).style.height.endsWith("px")`, 10*time.Second),
			); err != nil {
				return err
			}
			if i == 0 {
				// Drawn and sized, the first embed has left the host page
				// where it was: scrolled to the top, the search box focused.
				if err := chromedp.Do(ctx, poll(`window.scrollY === 0 && document.activeElement.id === "search"`, 5*time.Second)); err != nil {
					return err
				}
			}
		}
		// Neither took the focus from the host's search box, and the page is
		// where the test scrolled it last, not where an embed wanted it.
		return chromedp.Do(ctx,
			eval(`window.scrollTo(0, 0)`),
			chromedp.Sleep(500*time.Millisecond),
			poll(`document.activeElement.id === "search" && window.scrollY === 0 && location.pathname === "/embed-demo.html"`, 5*time.Second),
		)
	}},
	{"an embed plays on a click; the other stays a poster", func(ctx context.Context, url string) error {
		demo := serveDemo(url)
		defer demo.Close()
		first, err := playDemoEmbed(ctx, demo.URL, "embed-rolling")
		if err != nil {
			return err
		}
		// start=end: the example plays from tick 0 to its end by itself.
		const atEnd = `(([, n, head]) => n === head && Number(head) > 0)(` + embedClock + `.match(/tick (\d+) \/ (\d+)/))`
		if err := chromedp.Do(ctx,
			pollIn(first, `document.getElementById("play").getAttribute("aria-pressed") === "true" || `+atEnd, 10*time.Second),
			pollIn(first, atEnd+` && document.querySelectorAll("#pane-workloads .rs").length >= 2`, 60*time.Second),
			pollIn(first, `!(`+noCoreLoaded+`)`, 5*time.Second),
			// The link to the full page carries the session now.
			pollIn(first, `new URL(document.getElementById("embed-full").href).hash.startsWith("#k1.")`, 5*time.Second),
		); err != nil {
			return err
		}
		// The console works inside the sandbox (its form).
		if err := clickIn(ctx, first, "console-input"); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent("kubectl get deploy\n")); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, pollIn(first, `/nginx-deployment\s+3\/3/.test(document.getElementById("console-output").textContent)`, 10*time.Second)); err != nil {
			return err
		}
		second, err := frameOf(ctx, "embed-rollback")
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			eval(`document.getElementById("embed-rollback").scrollIntoView()`),
			pollIn(second, posterShown, 20*time.Second),
			pollIn(second, noCoreLoaded, 5*time.Second),
			// The host page still works: its own script, its address.
			poll(`location.pathname === "/embed-demo.html" && document.getElementById("after") !== null`, 5*time.Second),
		)
	}},
	{"the second embed plays until settled", func(ctx context.Context, url string) error {
		demo := serveDemo(url)
		defer demo.Close()
		f, err := playDemoEmbed(ctx, demo.URL, "embed-rollback")
		if err != nil {
			return err
		}
		// It plays toward the tick the core found the cluster settled at;
		// at full speed, to see it stop there.
		const head = `Number(` + embedClock + `.match(/\/ (\d+)/)[1])`
		return chromedp.Do(ctx,
			pollIn(f, `document.getElementById("play").getAttribute("aria-pressed") === "true"`, 10*time.Second),
			pollIn(f, head+` > 0 && (() => { const e = document.getElementById("speed"); e.value = "100"; e.dispatchEvent(new Event("change")); return true; })()`, 5*time.Second),
			pollIn(f, `document.getElementById("console-output").textContent.includes("(settled at tick")`, 60*time.Second),
			pollIn(f, `document.getElementById("play").getAttribute("aria-pressed") === "false"`, 10*time.Second),
		)
	}},
	{"another site may frame the embed but not the full page", func(ctx context.Context, url string) error {
		host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			// No favicon to fetch: the browser asks for it lazily, and it
			// would ask this server after the check has closed it, an error
			// in the next check's console.
			_, _ = fmt.Fprintf(w, `<!doctype html><title>framing</title><link rel="icon" href="data:,"><iframe id="full" src="%s"></iframe><iframe id="embed" src="%s?embed"></iframe>`, url, url)
		}))
		defer host.Close()
		if err := chromedp.Do(ctx, chromedp.Navigate(host.URL)); err != nil {
			return err
		}
		embed, err := frameOf(ctx, "embed")
		if err != nil {
			return err
		}
		if err := chromedp.Do(ctx, pollIn(embed, posterShown, 20*time.Second)); err != nil {
			return err
		}
		// The browser refused the full page, and said why.
		for deadline := time.Now().Add(10 * time.Second); !pageErrors.expect("frame-ancestors 'none'"); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				return fmt.Errorf("the browser framed the full page: no frame-ancestors refusal")
			}
		}
		return nil
	}},
	{"hostile embed addresses are refused as text", func(ctx context.Context, url string) error {
		const img = `<img src=x onerror="document.body.dataset.owned=1">`
		q := neturl.QueryEscape(img)
		for _, addr := range []string{
			"?embed&example=" + q,
			"?embed&lesson=" + q + "&start=" + q + "&lang=" + q,
			"?embed&example=..%2F..%2Fetc%2Fpasswd",
			"?embed&editor=" + q + "#" + neturl.PathEscape(img),
			"?embed#k1." + neturl.PathEscape(img),
			"?embed&example=javascript:alert(1)",
		} {
			if err := chromedp.Do(ctx,
				chromedp.Navigate(url+addr),
				poll(posterShown+` && document.getElementById("poster-note").textContent.includes("no scenario")`, 20*time.Second),
				poll(`document.body.dataset.owned === undefined && document.querySelector("img[src=x]") === null && `+
					`document.getElementById("embed-full").protocol === new URL(location.href).protocol && `+
					`document.getElementById("embed-full").host === location.host`, 5*time.Second),
			); err != nil {
				return fmt.Errorf("%s: %w", addr, err)
			}
		}
		// Clicked, it opens an empty cluster and says why.
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.ID("poster-play")),
			poll(embedReady+` && `+consoleHas("names no scenario"), 60*time.Second),
			poll(`document.body.dataset.owned === undefined && document.querySelector("img[src=x]") === null`, 5*time.Second),
		)
	}},
	{"the Embed dialog gives an iframe with a title, lazy loading, a sandbox and the state", func(ctx context.Context, url string) error {
		const code = `document.getElementById("embed-code").value`
		if err := chromedp.Do(ctx,
			eval(`localStorage.clear()`),
			chromedp.Navigate(url+"?embeddialog#example=rolling-update"),
			poll(pageReady+` && document.getElementById("examples").value === "rolling-update"`, 60*time.Second),
			// Played to its end, so the session's state stays put.
			poll(`document.getElementById("play").getAttribute("aria-pressed") === "false" && `+clockTick+` > 0`, 30*time.Second),
			chromedp.Click(chromedp.ID("embed")),
			poll(`document.getElementById("embed-dialog").open`, 10*time.Second),
			poll(code+`.includes('src="`+url+`?embed&amp;example=rolling-update&amp;start=end"') && `+
				code+`.includes('title="Kubeplay: ') && `+code+`.includes('loading="lazy"') && `+
				code+`.includes('sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"')`, 5*time.Second),
			// The session itself, paused, with the editor, as a Hugo shortcode.
			setControl("embed-what", "1", "change"),
			setControl("embed-start", "paused", "change"),
			eval(`document.getElementById("embed-editor").click()`),
			setControl("embed-format", "hugo", "change"),
			poll(code+`.startsWith('{{< kubeplay src="`+url+`?embed&start=paused&editor=1#k1.')`, 5*time.Second),
			setControl("embed-format", "mdx", "change"),
			poll(code+`.startsWith('<Kubeplay src="`+url+`?embed&start=paused&editor=1#k1.')`, 5*time.Second),
		); err != nil {
			return err
		}
		tick, err := tickShown(ctx)
		if err != nil {
			return err
		}
		src, err := chromedp.Run(ctx, chromedp.Evaluate[string](code+`.match(/src="([^"]+)"/)[1]`))
		if err != nil {
			return err
		}
		// The snippet's embed opens that session at that tick, paused, with
		// the editor.
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS("#embed-dialog form button")),
			chromedp.Navigate(src),
			poll(posterShown+` && document.getElementById("scenario-title").textContent === "A shared session"`, 20*time.Second),
			chromedp.Click(chromedp.ID("poster-play")),
			poll(embedReady+` && `+atTick(tick)+` && !document.getElementById("editor-panel").hidden && `+
				`getComputedStyle(document.getElementById("editor-panel")).display !== "none" && `+
				`document.getElementById("play").getAttribute("aria-pressed") === "false"`, 60*time.Second),
			poll(`new URL(document.getElementById("embed-full").href).hash.startsWith("#k1.")`, 5*time.Second),
		)
	}},
	{"a lesson embed shows its setup, and its link opens the lesson", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			chromedp.Navigate(url+"?embed&lesson=rolling-update&lang=vi"),
			poll(posterShown+` && document.querySelectorAll("#pane-workloads .card").length >= 1 && `+
				`document.getElementById("scenario-title").textContent.length > 0 && document.documentElement.lang === "vi"`, 20*time.Second),
			poll(`document.getElementById("embed-full").href === new URL("./?lang=vi#lesson=rolling-update", location.href).href`, 5*time.Second),
			chromedp.Click(chromedp.ID("poster-play")),
			// Its setup, at its end: no guide (the full page teaches it).
			poll(embedReady+` && (([, n, head]) => n === head)(`+embedClock+`.match(/tick (\d+) \/ (\d+)/)) && `+
				`getComputedStyle(document.getElementById("guide")).display === "none"`, 60*time.Second),
		)
	}},
}

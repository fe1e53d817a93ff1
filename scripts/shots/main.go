// Command shots takes screenshots of the built page, one per scene and
// viewport, for a person to look at before a change to the page lands:
//
//	make build && go run ./scripts/shots [-dir build/site] [-out build/shots]
//
// The viewports are the three the project checks: a laptop (1440x900), a
// small laptop or tablet (1024x768) and a phone (390x844). Each scene opens
// the page at an address (an example, a lesson step) and waits for the page
// to be ready and, where it says, for a condition. Files are named
// SCENE-WIDTHxHEIGHT.png. It checks nothing: scripts/e2e does that.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

type viewport struct{ w, h int64 }

var viewports = []viewport{{1440, 900}, {1024, 768}, {390, 844}}

// settleShowingEvents applies the manifest, settles the rollout and, on a
// phone, switches to the cluster, where the events are.
const settleShowingEvents = `document.getElementById("apply").click();
setTimeout(() => { document.getElementById("clock-hint-settle").click(); document.querySelector("#switcher [data-show=cluster]").click(); }, 500)`

// eventsDrawn is true once the settled rollout's events are in the table
// (the console's note is in the page's language, the events are not).
const eventsDrawn = `[...document.querySelectorAll("#events tbody td")].some((td) => td.textContent === "Started")`

// A scene is an address below the site's root and what to wait for there.
type scene struct {
	name, path string
	ready      string     // JavaScript that is true once the page can be used; "" for the page's own ready
	js         string     // run once the page is ready, to open the scene
	wait       string     // JavaScript that is true when the scene is drawn; "" for none
	scroll     string     // a selector scrolled into view (its bottom) before the picture
	sizes      []viewport // the viewports to take it at; nil for all three
	// reload, when set, is the address below the root reloaded once the
	// scene is drawn, with the core held back (browser.HoldCore): the
	// picture shows the page restoring its saved session, or opening a
	// lesson link.
	reload string
}

// A session to restore: a Deployment created and its pods started.
const restoreSession = `(async () => {
  await kubeplayPage.rpc("run", "kubectl create deployment web --image=nginx:1.14.2 --replicas=3");
  await kubeplayPage.rpc("tick", 5);
})()`

// forgetSession leaves nothing saved when the page goes, so the reload
// opens its address (a lesson link) as a first visit would.
const forgetSession = `localStorage.clear(); addEventListener("pagehide", () => localStorage.clear())`

// restored is true once restoreSession has run.
const restored = `document.getElementById("clock").textContent.startsWith("tick 5 / 5") && document.querySelectorAll("#pane-workloads [data-pod]").length === 3`

const restoringShown = `document.body.classList.contains("restoring") && document.querySelector("#pane-workloads .card") !== null`

// The embed's sizes: the iframe a documentation page gives it, and a phone.
var embedSizes = []viewport{{720, 480}, {390, 844}}

// An embed's poster is up once its prerendered view is drawn.
const posterUp = `!document.getElementById("poster").hidden && document.querySelector("#pane-workloads .card") !== null`

// editorError puts a Deployment whose template labels miss its selector
// in the editor and applies it; on a phone the switcher shows the editor.
const editorError = `(() => {
  const e = document.getElementById("editor");
  const label = "app.kubernetes.io/name: nginx", at = e.value.lastIndexOf(label);
  e.value = e.value.slice(0, at) + "app.kubernetes.io/name: other" + e.value.slice(at + label.length);
  e.dispatchEvent(new Event("input"));
  document.getElementById("apply").click();
  document.querySelector("#switcher [data-show=editor]")?.click();
})()`

const editorErrorShown = `document.querySelector("#gutter .err") !== null`

var scenes = []scene{
	{name: "start", path: ""},
	{name: "example", path: "", js: `(() => { const e = document.getElementById("examples"); e.value = "rolling-update"; e.dispatchEvent(new Event("change")); })()`,
		wait: `document.querySelectorAll("#pane-workloads .rs").length >= 1`},
	{name: "lesson", path: "#lesson=rolling-update&step=2", wait: `!document.getElementById("guide").hidden`},
	{name: "lesson-checks", path: "#lesson=rolling-update&step=2", wait: `document.querySelectorAll("#guide-checks li").length > 0`,
		scroll: "#guide-nav"},
	{name: "lesson-vi", path: "?lang=vi#lesson=rolling-update&step=2", wait: `document.querySelectorAll("#guide-checks li").length > 0`},
	{name: "lesson-zh-CN", path: "?lang=zh-CN#lesson=rolling-update&step=2", wait: `document.querySelectorAll("#guide-checks li").length > 0`},
	// A Deployment card's uses: steps 1-3 of missing-config solved, so api's Secret is missing.
	{name: "uses", path: "#lesson=missing-config&step=4", wait: `document.querySelector(".uses .badge.warn") !== null`},
	{name: "uses-vi", path: "?lang=vi#lesson=missing-config&step=4", wait: `document.querySelector(".uses .badge.warn") !== null`},
	{name: "uses-zh-CN", path: "?lang=zh-CN#lesson=missing-config&step=4", wait: `document.querySelector(".uses .badge.warn") !== null`},
	{name: "lesson-intro", path: "#lesson=create-deployment", wait: `!document.getElementById("guide").hidden`},
	// The editor's colours and a server-side error at its line: the
	// selector/template mismatch, placed by its field path.
	{name: "editor-error", path: "", js: editorError, wait: editorErrorShown},
	{name: "editor-error-vi", path: "?lang=vi", js: editorError, wait: editorErrorShown},
	{name: "editor-error-zh-CN", path: "?lang=zh-CN", js: editorError, wait: editorErrorShown},
	{name: "paused-hint", path: "", js: `document.getElementById("apply").click()`, wait: `!document.getElementById("clock-hint").hidden`},
	{name: "why-en", path: "", js: `document.getElementById("apply").click(); setTimeout(() => document.getElementById("step").click(), 500)`,
		wait: `document.querySelector("#why .say") !== null`, scroll: "#why"},
	{name: "why-vi", path: "?lang=vi", js: `document.getElementById("apply").click(); setTimeout(() => document.getElementById("step").click(), 500)`,
		wait: `document.querySelector("#why .say") !== null`, scroll: "#why"},
	{name: "why-zh-CN", path: "?lang=zh-CN", js: `document.getElementById("apply").click(); setTimeout(() => document.getElementById("step").click(), 500)`,
		wait: `document.querySelector("#why .say") !== null`, scroll: "#why"},
	// After Apply and a settled rollout: on a phone the switcher shows the
	// cluster, the part Apply made.
	{name: "settled", path: "", js: `document.getElementById("apply").click(); setTimeout(() => document.getElementById("clock-hint-settle").click(), 500)`,
		wait: `document.getElementById("console-output").textContent.includes("settled at tick")`},
	// The events table after a settled rollout (its rows are kept from
	// draw to draw, assets/events.js).
	{name: "events", path: "", js: settleShowingEvents, wait: eventsDrawn, scroll: "#events"},
	{name: "events-vi", path: "?lang=vi", js: settleShowingEvents, wait: eventsDrawn, scroll: "#events"},
	{name: "events-zh-CN", path: "?lang=zh-CN", js: settleShowingEvents, wait: eventsDrawn, scroll: "#events"},
	{name: "phone-why", path: "", js: `document.getElementById("apply").click(); setTimeout(() => { document.getElementById("step").click(); document.querySelector("#switcher [data-show=why]").click(); }, 500)`,
		wait: `document.querySelector("#why .say") !== null`},
	{name: "services", path: "", js: `document.getElementById("apply").click(); setTimeout(() => document.getElementById("tab-services").click(), 800)`,
		wait: `!document.getElementById("pane-services").hidden`},
	{name: "present", path: "#lesson=rolling-update&step=2", js: `document.getElementById("present").click()`,
		wait: `document.querySelectorAll("#guide-checks li").length > 0`},
	{name: "restoring", path: "", js: restoreSession, wait: restored, reload: "/"},
	{name: "restoring-vi", path: "", js: restoreSession, wait: restored, reload: "?lang=vi"},
	{name: "restoring-zh-CN", path: "", js: restoreSession, wait: restored, reload: "?lang=zh-CN"},
	{name: "lesson-opening", path: "", js: forgetSession, reload: "?lesson#lesson=rolling-update&step=2"},
	{name: "lesson-opening-vi", path: "", js: forgetSession, reload: "?lang=vi#lesson=rolling-update&step=2"},
	{name: "lesson-opening-zh-CN", path: "", js: forgetSession, reload: "?lang=zh-CN#lesson=rolling-update&step=2"},
	{name: "embed-poster", path: "?embed&example=rolling-update", ready: posterUp, sizes: embedSizes},
	{name: "embed-poster-vi", path: "?embed&example=rolling-update&lang=vi", ready: posterUp, sizes: embedSizes},
	{name: "embed-playing", path: "?embed&example=rolling-update&start=end", ready: posterUp,
		js: `document.getElementById("poster-play").click()`, wait: `document.body.classList.contains("ready") && document.querySelectorAll("#pane-workloads .rs").length >= 2`, sizes: embedSizes},
	{name: "embed-editor", path: "?embed&example=rolling-update&editor=1&start=paused", ready: posterUp,
		js: `document.getElementById("poster-play").click()`, wait: `document.body.classList.contains("ready")`, sizes: embedSizes},
	{name: "embed-dialog", path: "#example=rolling-update", js: `document.getElementById("embed").click()`,
		wait: `document.getElementById("embed-dialog").open`, sizes: []viewport{{1440, 900}}},
}

func main() {
	dir := flag.String("dir", "build/site", "the built site to serve")
	out := flag.String("out", "build/shots", "where the screenshots go")
	only := flag.String("scene", "", "take only this scene")
	flag.Parse()
	if err := run(*dir, *out, *only); err != nil {
		fmt.Fprintln(os.Stderr, "shots:", err)
		os.Exit(1)
	}
}

func run(dir, out, only string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	url, stop, err := browser.Serve(dir)
	if err != nil {
		return err
	}
	defer stop()
	for _, s := range scenes {
		if only != "" && s.name != only {
			continue
		}
		sizes := s.sizes
		if sizes == nil {
			sizes = viewports
		}
		for _, v := range sizes {
			file := filepath.Join(out, fmt.Sprintf("%s-%dx%d.png", s.name, v.w, v.h))
			if err := shoot(url, s, v, file); err != nil {
				return fmt.Errorf("%s at %dx%d: %w", s.name, v.w, v.h, err)
			}
			fmt.Println(file)
		}
	}
	return nil
}

// shoot takes one picture in a fresh browser, so no scene sees another's
// saved editor text or lesson progress.
func shoot(url string, s scene, v viewport, file string) error {
	tab, cancel, err := browser.Start(context.Background(), chromedp.WindowSize(int(v.w), int(v.h)))
	if err != nil {
		return err
	}
	defer cancel()
	// The page's own complaints, so a scene that never gets ready says why.
	if err := chromedp.Listen(tab, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			fmt.Fprintf(os.Stderr, "  %s: exception: %s %s\n", s.name, ev.ExceptionDetails.Text, exceptionText(ev.ExceptionDetails))
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				for _, a := range ev.Args {
					fmt.Fprintf(os.Stderr, "  %s: console.error: %s%s\n", s.name, a.Description, a.Value)
				}
			}
		}
	}); err != nil {
		return err
	}
	ctx, cancelT := context.WithTimeout(tab, 90*time.Second)
	defer cancelT()
	hold := func() {}
	if s.reload != "" {
		srv, release, held := browser.HoldCore(url)
		defer srv.Close()
		defer release()
		release()
		url, hold = srv.URL+"/", held
	}
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(v.w, v.h),
		chromedp.Navigate(url + s.path),
	}
	ready := s.ready
	if ready == "" {
		ready = `document.body.classList.contains("ready")`
	}
	steps = append(steps, chromedp.Poll[chromedp.Void](ready, chromedp.WithPollingTimeout(60*time.Second)))
	if s.js != "" {
		steps = append(steps, chromedp.Evaluate[chromedp.Void](s.js))
	}
	if s.wait != "" {
		steps = append(steps, chromedp.Poll[chromedp.Void](s.wait, chromedp.WithPollingTimeout(30*time.Second)))
	}
	if s.scroll != "" {
		steps = append(steps, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "end"})`, s.scroll)))
	}
	if s.reload != "" {
		steps = append(steps, chromedp.Action[chromedp.Void](func(context.Context, *chromedp.Target) (chromedp.Void, error) {
			hold()
			return chromedp.Void{}, nil
		}),
			chromedp.Navigate(url+strings.TrimPrefix(s.reload, "/")),
			chromedp.Poll[chromedp.Void](restoringShown, chromedp.WithPollingTimeout(30*time.Second)))
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		return err
	}
	time.Sleep(1500 * time.Millisecond) // let a playing example and the layout settle
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	return os.WriteFile(file, png, 0o644)
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception == nil {
		return ""
	}
	return d.Exception.Description
}

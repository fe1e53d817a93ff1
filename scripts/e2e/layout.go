package main

import (
	"context"
	"strconv"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

// The page's layout (issue 14): on a phone one part shows at a time,
// chosen from the switcher, with nothing wider than the screen; a trainer's
// presentation mode; the splitter between the columns. They run on a fresh
// page and leave the window as they found it.
func init() { checks = append(checks, layoutChecks...) }

// noOverflow is true when nothing makes the page scroll sideways.
const noOverflow = `document.documentElement.scrollWidth <= window.innerWidth`

// showing is true when the switcher shows pane and only it.
func showing(pane string) string {
	return `(() => { const vis = (el) => el.getClientRects().length > 0;` +
		` const want = ` + browser.JS(pane) + `;` +
		` return document.body.dataset.show === want && [...document.querySelectorAll("[data-pane]")]` +
		`.every((el) => el.dataset.pane === want || !vis(el)) &&` +
		` [...document.querySelectorAll("[data-pane=" + want + "]")].some(vis); })()`
}

func showPane(pane string) chromedp.Action[void] {
	return eval(`document.querySelector("#switcher [data-show=` + pane + `]").click()`)
}

var layoutChecks = []check{
	{"on a phone the switcher shows one part at a time, and none is wider than the screen", func(ctx context.Context, url string) error {
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(390, 844),
			freshStorage(url),
			chromedp.Navigate(url),
			poll(pageReady+` && `+showing("editor")+` && `+noOverflow, 60*time.Second),
			chromedp.Click(chromedp.ID("apply")),
			// Apply shows what it made; the console's answer is marked unread.
			poll(showing("cluster")+` && document.querySelectorAll("#pane-workloads .card").length === 1 && `+
				`document.getElementById("switch-console").classList.contains("unread")`, 10*time.Second),
			// The transport bar stays at the top as the cluster scrolls.
			eval(`window.scrollTo(0, document.body.scrollHeight)`),
			poll(`document.querySelector(".transport").getBoundingClientRect().top === 0`, 5*time.Second),
			showPane("console"),
			poll(showing("console")+` && !document.getElementById("switch-console").classList.contains("unread")`, 5*time.Second),
			// A long kubectl line scrolls inside the console, not the page.
			console("kubectl get pods -o wide"),
			poll(consoleHas("NOMINATED NODE")+` && `+noOverflow, 10*time.Second),
			eval(`document.getElementById("step").click()`),
			showPane("why"),
			poll(showing("why")+` && document.querySelector("#why .say") !== null && `+noOverflow, 10*time.Second),
			showPane("cluster"),
			eval(`document.getElementById("tab-nodes").click()`),
			poll(showing("cluster")+` && `+noOverflow, 5*time.Second),
			eval(`document.getElementById("tab-services").click()`),
			poll(noOverflow, 5*time.Second),
			// A lesson's guide has its own part, shown when it opens.
			chromedp.Navigate(url+"?phone#lesson=rolling-update"),
			poll(pageReady+` && `+showing("guide")+` && `+noOverflow, 60*time.Second),
		)
		return restoreViewport(ctx, err)
	}},
	{"P switches the presentation mode, kept over a reload", func(ctx context.Context, url string) error {
		const presenting = `document.body.classList.contains("present")`
		const editorHidden = `document.getElementById("editor-panel").getClientRects().length === 0`
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(1024, 768),
			freshStorage(url),
			chromedp.Navigate(url),
			poll(pageReady+` && !`+presenting, 60*time.Second),
			press("p"),
			poll(presenting+` && `+editorHidden+` && document.getElementById("present").getAttribute("aria-pressed") === "true" && `+noOverflow, 5*time.Second),
			chromedp.Reload(),
			poll(pageReady+` && `+presenting, 60*time.Second),
			press("p"),
			poll(`!`+presenting+` && !(`+editorHidden+`)`, 5*time.Second),
		)
		return restoreViewport(ctx, err)
	}},
	{"the splitter widens the console from the keyboard and keeps the width", func(ctx context.Context, url string) error {
		const left = `Math.round(document.querySelector(".layout > .left").getBoundingClientRect().width)`
		before, err := chromedp.Run(ctx, chromedp.Evaluate[int](left))
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			chromedp.Focus(chromedp.ID("splitter")),
			chromedp.KeyEvent(kb.ArrowRight),
			chromedp.KeyEvent(kb.ArrowRight),
			poll(left+` >= `+strconv.Itoa(before+70)+` && `+atTick(0), 5*time.Second),
			chromedp.Reload(),
			poll(pageReady+` && `+left+` >= `+strconv.Itoa(before+70), 60*time.Second),
			// Back as it was, for the checks after this one.
			eval(`localStorage.removeItem("kubeplay.left")`),
			chromedp.Reload(),
			poll(pageReady+` && `+left+` === `+strconv.Itoa(before), 60*time.Second),
		)
	}},
}

// restoreViewport puts the window back to the size the other checks use,
// keeping the check's error.
func restoreViewport(ctx context.Context, err error) error {
	if rerr := chromedp.Do(ctx, browser.Viewport()); err == nil {
		err = rerr
	}
	return err
}

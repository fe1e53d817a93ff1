package main

import (
	"context"
	"time"

	"github.com/chromedp/chromedp"
)

// The first minute of a learner on a fresh page (issue 14): after Apply
// the page says the clock is paused and offers Run until settled, which
// plays to the tick the rollout settled at and says why it stopped; a
// command that waits says how far the clock moved; the Why? pane speaks
// the page's language. They run after the main checks, on a fresh page.
func init() { checks = append(checks, firstMinuteChecks...) }

const (
	hintShown = `!document.getElementById("clock-hint").hidden`
	playing   = `document.getElementById("play").getAttribute("aria-pressed") === "true"`
)

var firstMinuteChecks = []check{
	{"after Apply the paused clock says so, and Run until settled stops at the end of the rollout", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			eval(`localStorage.clear()`),
			chromedp.Navigate(url),
			poll(pageReady+` && `+atTick(0)+` && document.getElementById("clock-hint").hidden`, 60*time.Second),
			enterText("editor", webManifest),
			chromedp.Click(chromedp.ID("apply")),
			poll(consoleHas("deployment.apps/web created")+` && `+hintShown, 10*time.Second),
			chromedp.Click(chromedp.ID("clock-hint-settle")),
			// It plays (the hint goes while it does) and pauses where the
			// rollout settled, with the three Pods ready, and says so.
			poll(playing+` && document.getElementById("clock-hint").hidden`, 10*time.Second),
			poll(`!(`+playing+`) && `+consoleHas("(settled at tick ")+` && `+
				`document.querySelectorAll("#pane-workloads .pod.s-ready").length === 3`, 30*time.Second),
			poll(`(() => { const m = document.getElementById("console-output").textContent.match(/settled at tick (\d+):/);`+
				` return m && `+clockTick+` === Number(m[1]); })()`, 5*time.Second),
			poll(`document.getElementById("clock-hint").hidden`, 5*time.Second),
		)
	}},
	{"a command that waits says how far the clock moved", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			console("kubectl set image deployment/web nginx=nginx:1.16.1"),
			console("kubectl rollout status deployment/web"),
			poll(consoleHas(`successfully rolled out`)+` && /\(the clock moved \d+ s while it waited: tick \d+ → \d+\)/.test(document.getElementById("console-output").textContent)`, 20*time.Second),
		)
	}},
	{"the Why? pane leads with a plain sentence in the page's language", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			eval(`localStorage.clear()`),
			chromedp.Navigate(url+"?lang=vi"),
			poll(pageReady+` && document.documentElement.lang === "vi"`, 60*time.Second),
			enterText("editor", webManifest),
			chromedp.Click(chromedp.ID("apply")),
			poll(consoleHas("deployment.apps/web created"), 10*time.Second),
			// One Step: the Deployment controller makes the ReplicaSet,
			// said in Vietnamese, with the object in code type.
			chromedp.Click(chromedp.ID("step")),
			poll(`[...document.querySelectorAll("#why .say")].some((p) => p.textContent.startsWith("Chưa có ReplicaSet nào chạy Pod template này") && p.querySelector("code"))`, 10*time.Second),
			poll(`![...document.querySelectorAll("#why .say")].some((p) => /[{}]/.test(p.textContent))`, 5*time.Second),
		)
	}},
}

package main

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

// The first load (issue 15): a first visit works at first paint, over the
// build's prerender of the new session, while the core downloads.

func init() { checks = append(checks, firstLoadChecks...) }

var firstLoadChecks = []check{
	{"a first visit works at first paint: Tick moves over the prerender and a command waits for the core", func(ctx context.Context, url string) error {
		srv, release, _ := browser.HoldCore(url)
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
	{"the menus are filled at first paint, and an example chosen before the core is ready plays once it is", func(ctx context.Context, url string) error {
		srv, release, _ := browser.HoldCore(url)
		defer srv.Close()
		defer release()
		const title = `document.getElementById("guide-h").textContent`
		err := chromedp.Do(ctx,
			chromedp.Navigate(srv.URL),
			poll(`!document.getElementById("lessons").disabled && !document.getElementById("examples").disabled`+
				` && document.querySelectorAll("#lessons option").length > 14 && document.querySelectorAll("#examples option").length > 20`+
				` && document.querySelector("#lessons option[value=create-deployment]").textContent === "Creating a Deployment"`+
				` && document.querySelector("#examples option[value=rolling-update]").textContent !== "" && !`+pageReady, 20*time.Second),
			eval(`(() => { const s = document.getElementById("examples"); s.value = "rolling-update"; s.dispatchEvent(new Event("change")); })()`),
			poll(`!`+pageReady, time.Second),
		)
		if err != nil {
			return err
		}
		release()
		err = chromedp.Do(ctx,
			poll(pageReady, 60*time.Second),
			// Listed once, by the build: the core's answer adds no second copy.
			poll(title+` === document.querySelector("#examples option[value=rolling-update]").textContent`+
				` && document.getElementById("examples").value === "rolling-update"`+
				` && document.querySelectorAll("#examples option[value=rolling-update]").length === 1`+
				` && document.querySelectorAll("#lessons option[value=create-deployment]").length === 1`, 20*time.Second),
		)
		if err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](title+` + " | " + `+consoleText+`.slice(-300)`))
			return fmt.Errorf("%v; the guide and console show %q", err, text)
		}
		return nil
	}},
	{"a lesson link shows its lesson's page and its cluster at once, and the lesson opens once the core is ready", func(ctx context.Context, url string) error {
		srv, release, _ := browser.HoldCore(url)
		defer srv.Close()
		defer release()
		const where = `document.getElementById("guide-where").textContent`
		err := chromedp.Do(ctx,
			chromedp.Navigate(srv.URL+"#lesson=rolling-update&step=2"),
			// The page, the cluster at the lesson's start and step 2's text,
			// drawn while the core is held back, its buttons waiting.
			poll(`performance.getEntriesByName("kubeplay-first-view").length === 1 && document.body.classList.contains("restoring") && !`+pageReady+
				` && document.getElementById("guide-h").textContent === "Rolling update arithmetic" && `+where+`.startsWith("Step 2 of ")`+
				` && document.querySelector("#guide-body h3").textContent !== "" && document.getElementById("guide-next").disabled`+
				` && document.querySelectorAll("#pane-workloads .card").length > 0`+
				` && document.getElementById("status").textContent.startsWith("Opening the lesson")`, 20*time.Second),
		)
		if err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("guide-h").textContent + " | " + `+where+` + " | " + document.getElementById("status").textContent`))
			return fmt.Errorf("%v; the guide and status show %q", err, text)
		}
		step, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#guide-body h3").textContent`))
		if err != nil {
			return err
		}
		release()
		// The core opened the lesson at the same page, step 1 solved on
		// the way, and the page is live.
		return chromedp.Do(ctx,
			poll(pageReady+` && !document.body.classList.contains("restoring") && `+where+`.startsWith("Step 2 of ")`+
				` && document.querySelector("#guide-body h3").textContent === `+browser.JS(step)+
				` && !document.getElementById("guide-next").disabled && `+consoleHas("(steps 1 to 1 solved for you"), 60*time.Second),
		)
	}},
	{"a reload draws the view it left at once, as restoring, and a command typed meanwhile runs after the restore", func(ctx context.Context, url string) error {
		srv, release, hold := browser.HoldCore(url)
		defer srv.Close()
		defer release()
		release()
		const clock = `document.getElementById("clock").textContent`
		const card = `[...document.querySelectorAll("#pane-workloads .card")].some((c) => c.textContent.includes("restore-me"))`
		if err := chromedp.Do(ctx,
			chromedp.Navigate(srv.URL),
			poll(pageReady, 60*time.Second),
			console("kubectl create deployment restore-me --image=nginx:1.14.2"),
			poll(consoleHas("deployment.apps/restore-me created"), 10*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			poll(card+` && `+clock+`.startsWith("tick 1 / 1")`, 10*time.Second),
		); err != nil {
			return err
		}
		shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](clock+` + " | " + document.getElementById("summary").textContent`))
		if err != nil {
			return err
		}
		hold()
		err = chromedp.Do(ctx,
			chromedp.Reload(),
			// The view left, drawn while the core is held back, and said to
			// be restoring.
			poll(`performance.getEntriesByName("kubeplay-first-view").length === 1 && document.body.classList.contains("restoring") && !`+pageReady+
				` && `+card+` && `+clock+` + " | " + document.getElementById("summary").textContent === `+browser.JS(shown)+
				` && document.getElementById("status").textContent.startsWith("Restoring your session")`, 20*time.Second),
			console("kubectl get deployments -o name"),
			poll(`document.querySelectorAll("#console-output .queued").length === 2 && !`+pageReady, 5*time.Second),
		)
		if err != nil {
			return err
		}
		release()
		restored := "(the session was restored as you left it)"
		ran := "$ kubectl get deployments -o name\ndeployment.apps/restore-me\n"
		err = chromedp.Do(ctx,
			poll(pageReady, 60*time.Second),
			// The queued command ran once the session was restored, and
			// printed after its transcript.
			poll(consoleHas(ran)+` && `+consoleText+`.indexOf(`+browser.JS(restored)+`) < `+consoleText+`.indexOf(`+browser.JS(ran)+`)`+
				` && document.querySelectorAll("#console-output .queued").length === 0 && !document.body.classList.contains("restoring")`, 10*time.Second),
			poll(clock+`.startsWith("tick 1 / 1") && `+card, 5*time.Second),
		)
		if err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](clock+` + " | " + `+consoleText+`.slice(-400)`))
			return fmt.Errorf("%v; the clock and console show %q", err, text)
		}
		// A view kept by another build is not drawn: the page waits for its
		// core. The loading notice is written in the same step that would
		// draw it, so once it shows, the page has decided.
		hold()
		err = chromedp.Do(ctx,
			// Left for another page of the origin (the page keeps its view),
			// which rewrites the view's build.
			chromedp.Navigate(srv.URL+"/blank"),
			eval(`(() => { const k = JSON.parse(localStorage.getItem("kubeplay.view")); k.build = "another"; localStorage.setItem("kubeplay.view", JSON.stringify(k)); })()`),
			chromedp.Navigate(srv.URL),
			poll(`document.getElementById("status").textContent.startsWith("Loading the Kubeplay core")`, 20*time.Second),
			poll(`performance.getEntriesByName("kubeplay-first-view").length === 0 && !document.body.classList.contains("restoring") && !`+pageReady, time.Second),
		)
		if err != nil {
			return err
		}
		release()
		return chromedp.Do(ctx, poll(pageReady+` && `+card, 60*time.Second))
	}},
}

package main

import (
	"context"
	"fmt"
	neturl "net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

// The first minute of a learner on a fresh page (issue 14): after Apply
// the page says the clock is paused and offers Run until settled, which
// plays to the tick the rollout settled at and says why it stopped; a
// command that waits says how far the clock moved; the console's entries
// are tied to the timeline, and a discarded timeline can be brought back;
// the Why? pane speaks the page's language. They run after the main
// checks, on a fresh page.
func init() { checks = append(checks, firstMinuteChecks...) }

const (
	hintShown = `!document.getElementById("clock-hint").hidden`
	playing   = `document.getElementById("play").getAttribute("aria-pressed") === "true"`
)

// freshStorage leaves the page (so nothing it was still saving lands
// later) and empties the site's localStorage.
func freshStorage(site string) chromedp.Action[void] {
	u, _ := neturl.Parse(site)
	origin := u.Scheme + "://" + u.Host
	return chromedp.Steps(chromedp.Navigate("about:blank"), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: "local_storage"})
		return err
	}))
}

var firstMinuteChecks = []check{
	{"after Apply the paused clock says so, and Run until settled stops at the end of the rollout", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			freshStorage(url),
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
	{"the slider marks the rollout, and ] and [ move between its landmarks", func(ctx context.Context, _ string) error {
		const titles = `[...document.querySelectorAll("#marks .mark")].map((m) => m.title)`
		return chromedp.Do(ctx,
			poll(titles+`.some((s) => s === "tick 0: kubectl apply -f editor-1.yaml") && `+
				titles+`.some((s) => /^tick 1: the rollout of deployment\/web starts$/.test(s)) && `+
				titles+`.some((s) => /^tick \d+: the rollout of deployment\/web is complete$/.test(s))`, 10*time.Second),
			// Each mark sits at its tick's place on the track: 8 px in
			// from either end, scaled by the head (style.css .marks .mark).
			poll(`(() => { const box = document.getElementById("marks");
				const head = Number(document.getElementById("clock").textContent.match(/tick \d+ \/ (\d+)/)[1]);
				return [...box.querySelectorAll(".mark")].every((m) => {
					const tick = Number(m.title.match(/^tick (\d+)/)[1]);
					return Math.abs(m.offsetLeft - (8 + (box.clientWidth - 16) * tick / Math.max(head, 1) - 1)) < 2; }); })()`, 5*time.Second),
			press(kb.Home),
			poll(atTick(0), 5*time.Second),
			press("]"),
			poll(atTick(1), 5*time.Second),
			press("]"),
			poll(`(() => { const t = `+titles+`.find((s) => s.endsWith("is complete")); return t && `+clockTick+` === Number(t.match(/tick (\d+)/)[1]); })()`, 5*time.Second),
			press("["),
			poll(atTick(1), 5*time.Second),
			press(kb.End),
		)
	}},
	{"a command that waits says how far the clock moved", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			console("kubectl set image deployment/web nginx=nginx:1.16.1"),
			console("kubectl rollout status deployment/web"),
			poll(consoleHas(`successfully rolled out`)+` && /\(the clock moved \d+ s while it waited: tick \d+ → \d+\)/.test(document.getElementById("console-output").textContent)`, 20*time.Second),
		)
	}},
	{"console entries after the tick shown are dimmed, and a click on one shows its tick", func(ctx context.Context, _ string) error {
		at, err := tickShown(ctx)
		if err != nil {
			return err
		}
		const entries = `[...document.querySelectorAll("#console-output .entry")]`
		const getPods = entries + `.findLast((e) => e.firstChild.textContent.startsWith("$ kubectl get pods"))`
		const ticked = entries + `.findLast((e) => e.firstChild.textContent.startsWith("$ tick 5"))`
		return chromedp.Do(ctx,
			console("kubectl get pods"),
			console("tick 5"),
			poll(atTick(at+5)+` && !`+getPods+`.classList.contains("future") && !`+ticked+`.classList.contains("future")`, 10*time.Second),
			press(kb.Home),
			poll(atTick(0)+` && `+getPods+`.classList.contains("future") && `+ticked+`.classList.contains("future")`, 10*time.Second),
			eval(getPods+`.firstChild.click()`),
			poll(fmt.Sprintf(`%s && !%s.classList.contains("future") && %s.classList.contains("future")`, atTick(at), getPods, ticked), 10*time.Second),
		)
	}},
	{"acting in the past offers the discarded timeline back", func(ctx context.Context, _ string) error {
		at, err := tickShown(ctx)
		if err != nil {
			return err
		}
		const head = `Number(document.getElementById("clock").textContent.match(/tick \d+ \/ (\d+)/)[1])`
		return chromedp.Do(ctx,
			poll(head+` === `+fmt.Sprint(at+5), 5*time.Second),
			console("kubectl scale deployment/web --replicas=2"),
			poll(consoleHas("5 later ticks discarded")+` && `+head+` === `+fmt.Sprint(at), 10*time.Second),
			eval(`[...document.querySelectorAll("#console-output button.restore")].pop().click()`),
			poll(consoleHas(fmt.Sprintf("(the timeline is back: tick %d of %d)", at, at+5))+` && `+head+` === `+fmt.Sprint(at+5), 10*time.Second),
			// The restored timeline is the one before the scale: three Pods.
			press(kb.End),
			poll(`document.querySelectorAll("#pane-workloads .rs-new .pod").length === 3`, 10*time.Second),
		)
	}},
	{"Reset asks nothing and offers the timeline back", func(ctx context.Context, _ string) error {
		const head = `Number(document.getElementById("clock").textContent.match(/tick \d+ \/ (\d+)/)[1])`
		before, err := chromedp.Run(ctx, chromedp.Evaluate[int](head))
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			eval(`document.getElementById("reset").click()`),
			poll(consoleHas("cluster reset")+` && `+head+` === 0 && document.querySelectorAll("#pane-workloads .pod").length === 0 && document.getElementById("examples").value === ""`, 10*time.Second),
			eval(`[...document.querySelectorAll("#console-output button.restore")].pop().click()`),
			poll(head+` === `+fmt.Sprint(before)+` && document.querySelectorAll("#pane-workloads .rs-new .pod").length === 3`, 10*time.Second),
		)
	}},
	{"the address follows the session, the editor's unapplied text included, and opens it in a fresh profile", func(ctx context.Context, url string) error {
		at, err := tickShown(ctx)
		if err != nil {
			return err
		}
		draft := strings.Replace(webManifest, "replicas: 3", "replicas: 7", 1)
		err = chromedp.Do(ctx,
			enterText("editor", draft),
			// The address catches up within a second or so of the last key.
			poll(`location.hash.startsWith("#k1.")`, 5*time.Second),
			chromedp.Sleep(2500*time.Millisecond),
		)
		if err != nil {
			return err
		}
		address, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			freshStorage(url),
			chromedp.Navigate(address),
			poll(pageReady+` && `+atTick(at)+` && document.getElementById("editor").value === `+browser.JS(draft)+
				` && document.querySelectorAll("#pane-workloads .rs-new .pod").length === 3`, 60*time.Second),
		)
	}},
	{"a lesson address pasted into the open tab opens the lesson", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			chromedp.Navigate(url+"?paste"),
			poll(pageReady, 60*time.Second),
			// Only the fragment changes: the page reloads itself to open it.
			eval(`location.hash = "lesson=create-deployment"`),
			pollThroughReload(pageReady+` && !document.getElementById("guide").hidden && `+
				`document.getElementById("guide-h").textContent !== ""`, 60*time.Second),
			eval(`document.getElementById("guide-close").click()`),
			poll(`document.getElementById("guide").hidden`, 5*time.Second),
		)
	}},
	{"the Why? pane speaks Chinese with ?lang=zh-CN", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			freshStorage(url),
			chromedp.Navigate(url+"?lang=zh-CN"),
			poll(pageReady+` && document.documentElement.lang === "zh-CN"`, 60*time.Second),
			enterText("editor", webManifest),
			chromedp.Click(chromedp.ID("apply")),
			poll(consoleHas("deployment.apps/web created"), 10*time.Second),
			eval(`document.getElementById("step").click()`),
			poll(`[...document.querySelectorAll("#why .say")].some((p) => p.textContent.startsWith("还没有 ReplicaSet 运行这个 Pod 模板") && p.querySelector("code"))`, 10*time.Second),
			poll(`document.getElementById("why-h").textContent.includes("为什么") && `+noKeysShown, 5*time.Second),
		)
	}},
	{"the Why? pane leads with a plain sentence in the page's language", func(ctx context.Context, url string) error {
		err := chromedp.Do(ctx,
			freshStorage(url),
			chromedp.Navigate(url+"?lang=vi"),
			poll(pageReady+` && document.documentElement.lang === "vi"`, 60*time.Second),
			enterText("editor", webManifest),
			chromedp.Click(chromedp.ID("apply")),
			poll(consoleHas("deployment.apps/web created"), 10*time.Second),
			// One Step: the Deployment controller makes the ReplicaSet,
			// said in Vietnamese, with the object in code type.
			eval(`document.getElementById("step").click()`),
		)
		if err != nil {
			return err
		}
		err = chromedp.Do(ctx,
			poll(`[...document.querySelectorAll("#why .say")].some((p) => p.textContent.startsWith("Chưa có ReplicaSet nào chạy Pod template này") && p.querySelector("code"))`, 10*time.Second),
			poll(`![...document.querySelectorAll("#why .say")].some((p) => /[{}]/.test(p.textContent))`, 5*time.Second),
		)
		if err != nil {
			said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#why .say")].slice(0, 3).map((p) => p.textContent).join(" | ") + " / " + document.getElementById("console-output").textContent.slice(-300)`))
			return fmt.Errorf("%v; the pane says %q", err, said)
		}
		return nil
	}},
	{"the Why? pane marks what the Step made, filters by controller and finds the next tick with a decision", func(ctx context.Context, _ string) error {
		const ctls = `[...document.querySelectorAll("#why .ctl")].map((e) => e.textContent)`
		return chromedp.Do(ctx,
			poll(`document.querySelectorAll("#why li.stepped").length > 0 && [...document.querySelectorAll("#why li.stepped .ctl")].every((e) => e.textContent === "deployment-controller")`, 10*time.Second),
			setControl("why-controller", "deployment-controller", "change"),
			poll(ctls+`.length > 0 && `+ctls+`.every((c) => c === "deployment-controller")`, 5*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			chromedp.Click(chromedp.ID("tick")),
			// The Step left the clock at 0: wait for the ticks, or "tick 0"
			// would be seen before them and why-next would start from 2.
			poll(atTick(2), 5*time.Second),
			press(kb.Home),
			poll(atTick(0), 5*time.Second),
			eval(`document.getElementById("why-next").click()`),
			poll(clockTick+` > 0 && `+ctls+`.length > 0 && `+ctls+`.every((c) => c === "deployment-controller")`, 10*time.Second),
		)
	}},
}

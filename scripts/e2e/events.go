package main

import (
	"context"
	"time"

	"github.com/chromedp/chromedp"
)

// The events table and the chart keep their markup from draw to draw and
// change only what moved (assets/events.js, assets/chart.js): these checks
// compare what they show with the view the page drew, after each of the
// moves a learner makes, so a row kept, moved or dropped wrongly, or a line
// left from another tick, fails.
func init() { checks = append(checks, eventChecks...) }

// eventsMatchView is true when the table shows the drawn view's events,
// newest first, cell by cell, the warnings marked.
const eventsMatchView = `(() => {
  const v = kubeplayPage.view();
  if (!v || v.events.length === 0) return false;
  const want = v.events.slice().reverse().map((e) => [e.lastSeen, e.type, e.reason, e.object,
    e.message + (e.count > 1 ? " (x" + e.count + ")" : ""), e.type === "Warning"].join("|"));
  const got = [...document.querySelectorAll("#events tbody tr")].map((tr) =>
    [...[...tr.cells].map((td) => td.textContent), tr.classList.contains("warning")].join("|"));
  return JSON.stringify(want) === JSON.stringify(got);
})()`

// chartMatchesView is true when the chart has a solid and a dashed line
// and a legend entry per ReplicaSet of the drawn view, names them all in
// its description, and its axis labels are the view's window; with no
// ReplicaSet, it says so.
const chartMatchesView = `(() => {
  const c = kubeplayPage.view()?.chart;
  const svg = document.querySelector("#chart svg");
  if (!c || c.series.length === 0) return !svg && document.querySelector("#chart p.muted") !== null;
  if (!svg) return false;
  const labels = [...svg.querySelectorAll("[data-label]")].map((t) => t.textContent);
  const lines = svg.querySelectorAll("path");
  return lines.length === 2 * c.series.length && labels[1] === "tick " + c.from && labels[2] === "tick " + c.to &&
    c.series.every((s) => svg.getAttribute("aria-label").includes(s.name)) &&
    document.querySelectorAll(".chart-legend li").length === c.series.length + 1;
})()`

// viewDrawn is both, at the tick the clock shows.
func viewDrawn(tick int) string {
	return atTick(tick) + ` && ` + eventsMatchView + ` && ` + chartMatchesView
}

var eventChecks = []check{
	{"the events table and the chart follow the view through ticks, steps back and jumps", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			freshStorage(url),
			chromedp.Navigate(url),
			poll(pageReady+` && `+atTick(0), 60*time.Second),
			// An image that cannot be pulled: its events repeat, so their
			// counts and order move from tick to tick.
			console("kubectl create deployment broken --image=nginx:no-such-tag --replicas=2"),
			poll(consoleHas("deployment.apps/broken created"), 10*time.Second),
			console("tick 40"),
			poll(viewDrawn(40), 20*time.Second),
			poll(`kubeplayPage.view().events.some((e) => e.count > 1 && e.type === "Warning")`, 5*time.Second),
			chromedp.Click(chromedp.ID("back")),
			poll(viewDrawn(39), 10*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			poll(viewDrawn(40), 10*time.Second),
			// Back to before the Deployment: fewer events, rows dropped.
			setControl("slider", "0", "input"),
			poll(viewDrawn(0)+` && kubeplayPage.view().events.length < 30`, 10*time.Second),
			setControl("slider", "40", "input"),
			poll(viewDrawn(40), 10*time.Second),
			// A second ReplicaSet: the chart builds its markup again.
			console("kubectl set image deployment/broken nginx=nginx:1.25"),
			console("tick 30"),
			poll(viewDrawn(70)+` && kubeplayPage.view().chart.series.length === 2`, 20*time.Second),
		)
	}},
}

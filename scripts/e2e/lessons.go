package main

import (
	"context"
	"fmt"
	neturl "net/url"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The checks of the guide panel (assets/guide.js): a lesson opened by its
// address, a step done by the learner and checked by the core, progress
// kept across a reload, and Show me. They run after the main checks.
func init() { checks = append(checks, lessonChecks...) }

const (
	guideWhere = `document.getElementById("guide-where").textContent`
	checksAll  = `document.querySelectorAll("#guide-checks li").length`
	checksMet  = `document.querySelectorAll("#guide-checks li.met").length`
	// allMet is true once the step's every check holds, live.
	allMet = checksAll + ` > 0 && ` + checksMet + ` === ` + checksAll +
		` && document.getElementById("guide-checks-note").className === "ok"`
)

var lessonChecks = []check{
	{"a Deployment card names the ConfigMaps and Secrets its Pods read, and marks a missing one", func(ctx context.Context, url string) error {
		// Step 4 of missing-config: steps 1-3 solved, so web reads the
		// ConfigMap web-config and api the Secret db, which does not exist.
		const card = `document.querySelector('#pane-workloads article[aria-label="Deployment %s"] .uses')`
		return chromedp.Do(ctx,
			eval(`localStorage.removeItem("kubeplay.lesson.missing-config")`),
			chromedp.Navigate(url+"?uses#lesson=missing-config&step=4"),
			poll(pageReady+` && `+fmt.Sprintf(card, "api")+`?.textContent.replace(/\s+/g, " ").trim() === "Uses secret db missing" && `+
				fmt.Sprintf(card, "web")+`?.querySelector('button[data-object="configmap/default/web-config"]') != null`, 60*time.Second),
			chromedp.Click(chromedp.CSS(`#pane-workloads button[data-object="configmap/default/web-config"]`)),
			poll(`document.getElementById("detail").open && `+
				`document.getElementById("detail-describe-h").textContent.startsWith("kubectl describe configmap ") && `+
				`/^Name: +web-config\n/.test(document.getElementById("detail-describe").textContent)`, 10*time.Second),
			chromedp.Click(chromedp.CSS("#detail form button")),
			poll(`!document.getElementById("detail").open`, 5*time.Second),
		)
	}},
	{"a hostile language or lesson in the address is refused as text", func(ctx context.Context, url string) error {
		const img = `<img src=x onerror="document.body.dataset.owned=1">`
		return chromedp.Do(ctx,
			eval(`localStorage.clear()`),
			chromedp.Navigate(url+"?lang="+neturl.QueryEscape(img)+"#lesson="+neturl.QueryEscape(img)),
			poll(pageReady+` && document.documentElement.lang === "en" && `+
				consoleHas(`The lesson "`+img+`" could not be opened:`), 60*time.Second),
			poll(`document.body.dataset.owned === undefined && document.querySelector("img[src=x]") === null && location.hash === ""`, 5*time.Second),
		)
	}},
	{"a lesson opens from its address at its introduction", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			eval(`localStorage.removeItem("kubeplay.lesson.create-deployment")`),
			chromedp.Navigate(url+"?lesson#lesson=create-deployment"),
			poll(pageReady+` && !document.getElementById("guide").hidden && `+guideWhere+` === "Introduction"`, 60*time.Second),
			poll(`document.getElementById("lessons").value === "create-deployment" && `+
				`document.querySelectorAll("#guide-body .step-list li").length === 3`, 10*time.Second),
			// The lesson's file is in the editor, ready to apply.
			poll(`document.getElementById("editor").value.includes("name: nginx-deployment")`, 5*time.Second),
		)
	}},
	{"a step's checks turn green when the learner does what it asks", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS(`#guide-body button.primary[data-go="1"]`)),
			poll(guideWhere+` === "Step 1 of 3" && location.hash === "#lesson=create-deployment&step=1"`, 5*time.Second),
			// Before anything is done, the checks are open and say why.
			poll(checksAll+` === 2 && `+checksMet+` === 0 && document.querySelector("#guide-checks .saw") !== null`, 10*time.Second),
			// A suggested command pastes into the console; Enter runs it.
			chromedp.Click(chromedp.CSS(`#guide-body .try[data-line="kubectl apply -f nginx-deployment.yaml"]`)),
			poll(`document.getElementById("console-input").value === "kubectl apply -f nginx-deployment.yaml" && `+
				`document.activeElement.id === "console-input"`, 5*time.Second),
			chromedp.KeyEvent(kb.Enter),
			poll(consoleHas("deployment.apps/nginx-deployment created"), 10*time.Second),
			console("tick"),
			poll(allMet, 10*time.Second),
			poll(`document.getElementById("guide-bar").value === 1`, 5*time.Second),
			// Back one tick, before the controllers made the ReplicaSet: the
			// checks are evaluated there, and one no longer holds; at the live
			// tick again they are earned again.
			chromedp.Click(chromedp.ID("back")),
			poll(`document.body.classList.contains("past") && `+checksMet+` === 1 && `+
				`document.getElementById("guide-checks-note").textContent.includes("evaluated at tick 0")`, 10*time.Second),
			press(kb.End),
			poll(allMet, 10*time.Second),
		)
	}},
	{"a reload keeps the lesson, its page and its progress", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			chromedp.Reload(),
			poll(pageReady+` && `+guideWhere+` === "Step 1 of 3"`, 60*time.Second),
			poll(allMet, 10*time.Second),
			chromedp.Click(chromedp.ID("guide-prev")),
			poll(guideWhere+` === "Introduction" && document.querySelector("#guide-body .step-list li.done") !== null`, 5*time.Second),
		)
	}},
	{"Show me solves a step, and an address opens a later step with the earlier ones solved", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS(`#guide-body .step-list button[data-go="2"]`)),
			poll(guideWhere+` === "Step 2 of 3" && `+checksAll+` === 3`, 10*time.Second),
			chromedp.Click(chromedp.ID("guide-show")),
			poll(allMet, 30*time.Second),
			// A trainer's link to the last step, in a new document: steps 1
			// and 2 are solved on the way, so step 3's checks hold at once
			// (they only read what steps 1 and 2 made).
			// Nothing saved, so the session is the lesson's own.
			eval(`localStorage.clear()`),
			chromedp.Navigate(url+"?again#lesson=create-deployment&step=3"),
			poll(pageReady+` && `+guideWhere+` === "Step 3 of 3" && `+consoleHas("(steps 1 to 2 solved for you"), 60*time.Second),
			poll(allMet, 30*time.Second),
			chromedp.Click(chromedp.ID("guide-next")),
			poll(guideWhere+` === "Finished" && location.hash === "#lesson=create-deployment&step=end"`, 5*time.Second),
			// Closing the guide keeps the session and takes the lesson out of
			// the address.
			chromedp.Click(chromedp.ID("guide-close")),
			poll(`document.getElementById("guide").hidden && location.hash === "" && `+
				`document.querySelectorAll("#pane-workloads .rs").length === 1`, 5*time.Second),
		)
	}},
	{"?lang=vi shows the page, a lesson and its checks in Vietnamese", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			eval(`localStorage.clear()`),
			chromedp.Navigate(url+"?lang=vi#lesson=create-deployment&step=1"),
			poll(pageReady+` && document.documentElement.lang === "vi" && `+guideWhere+` === "Bước 1 trên 3"`, 60*time.Second),
			poll(`document.querySelector("[data-i18n=\"menu.lesson\"]").textContent === "Bài học" && `+
				`document.getElementById("play").textContent === "Chạy" && document.getElementById("lang").value === "vi"`, 5*time.Second),
			// The lesson's own words come from its Vietnamese overlay, and
			// what an open check saw from the Vietnamese lesson catalog.
			poll(`document.getElementById("guide-h").textContent !== "Creating a Deployment" && `+
				`[...document.querySelectorAll("#guide-checks .saw")].some((e) => e.textContent.includes("bước này yêu cầu == 1"))`, 10*time.Second),
			poll(noKeysShown, 5*time.Second),
		)
	}},
	{"the language picker reloads the page in Chinese and keeps the choice", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			setControl("lang", "zh-CN", "change"),
			pollThroughReload(pageReady+` && document.documentElement.lang === "zh-CN" && location.search.includes("lang=zh-CN") && `+
				guideWhere+` === "第 1 步，共 3 步"`, 60*time.Second),
			poll(`document.getElementById("share").textContent === "分享链接" && `+noKeysShown, 5*time.Second),
			// Kept: an address without ?lang opens in Chinese too.
			chromedp.Navigate(url+"?again"),
			poll(pageReady+` && document.documentElement.lang === "zh-CN"`, 60*time.Second),
			// Back to English, and to the lesson's cluster with the guide
			// closed, where the checks after these start.
			eval(`localStorage.clear()`),
			chromedp.Navigate(url+"#lesson=create-deployment&step=end"),
			poll(pageReady+` && document.documentElement.lang === "en" && `+guideWhere+` === "Finished"`, 60*time.Second),
			chromedp.Click(chromedp.ID("guide-close")),
			poll(`document.getElementById("guide").hidden`, 5*time.Second),
		)
	}},
}

// pollThroughReload is poll for a condition that holds only once the page
// has reloaded: while the old document goes, the page cannot be asked, so
// those failures are tried again until the timeout.
func pollThroughReload(cond string, timeout time.Duration) chromedp.Action[void] {
	return func(ctx context.Context, t *chromedp.Target) (void, error) {
		deadline := time.Now().Add(timeout)
		for {
			_, err := poll(cond, time.Second)(ctx, t)
			if err == nil || time.Now().After(deadline) {
				return void{}, err
			}
		}
	}
}

// noKeysShown is true when no message key shows on the page in place of
// its sentence (a key missing from every catalog is shown as itself).
const noKeysShown = `!/\b(app|guide|menu|transport|editor|console|help|events|pod|theme|load|example)\.[a-z][A-Za-z0-9.]*\b/.test(document.body.innerText)`

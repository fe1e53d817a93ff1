package main

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/kubeplay/kubeplay/core/session"
	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

// The checks of the page's crash recovery (assets/recovery.js), run after
// the others: they break the core, reload, and open bad links.
func init() { checks = append(checks, recoveryChecks...) }

const consoleText = `document.getElementById("console-output").textContent`

func consoleHas(s string) string { return consoleText + `.includes(` + browser.JS(s) + `)` }

// encodeScript encodes a session archive as a share link's state, as
// core/session's Encode does, for links no session would write.
func encodeScript(script string) string {
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zw.Write([]byte(script))
	zw.Close()
	return "k1." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// deepLink is the link of issue 12: a session whose log holds a jsonpath
// {range} nested 3,000 times, which overflowed the browser's stack inside
// the core every time the link was opened.
func deepLink() (string, error) {
	s, err := session.New(1)
	if err != nil {
		return "", err
	}
	s.Run("kubectl get pods -o jsonpath='" + strings.Repeat("{range .items[*]}", 3000) + strings.Repeat("{end}", 3000) + "'")
	return s.Encode(), nil
}

// tickAfter runs the actions and returns the tick the page then shows.
func tickAfter(ctx context.Context, actions ...chromedp.Action[void]) (int, error) {
	if err := chromedp.Do(ctx, actions...); err != nil {
		return 0, err
	}
	return tickShown(ctx)
}

var recoveryChecks = []check{
	{"the core breaking mid-session restores the timeline", func(ctx context.Context, _ string) error {
		before, err := tickAfter(ctx,
			chromedp.Click(chromedp.ID("tab-workloads")),
			console("tick 3"),
			poll(consoleHas("$ tick 3"), 10*time.Second),
		)
		if err != nil {
			return err
		}
		summary, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("summary")))
		if err != nil {
			return err
		}
		editor, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("editor").value`))
		if err != nil {
			return err
		}
		// exit stops the Go program, as the stack overflow did.
		err = chromedp.Do(ctx,
			eval(`kubeplayPage.rpc("exit").catch(() => {})`),
			poll(consoleHas("The Kubeplay core broke on exit:\nThe Kubeplay core stopped\n")+` && `+consoleHas("the session restored to before that"), 30*time.Second),
			poll(atTick(before)+` && document.getElementById("summary").textContent === `+browser.JS(summary), 10*time.Second),
			// The console kept what it showed, the editor its text.
			poll(consoleHas("$ tick 3")+` && document.getElementById("editor").value === `+browser.JS(editor), 5*time.Second),
			// The new core answers, on the restored cluster.
			console("kubectl get deploy -o name"),
			poll(consoleHas("deployment.apps/nginx-deployment\n"), 10*time.Second),
			chromedp.Click(chromedp.ID("tick")),
			poll(atTick(before+1), 10*time.Second),
		)
		if err != nil {
			tail, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("console-output").textContent.slice(-600)`))
			return fmt.Errorf("%v; the console ends %q", err, tail)
		}
		return nil
	}},
	{"a reload restores the saved session", func(ctx context.Context, _ string) error {
		before, err := tickShown(ctx)
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			chromedp.Reload(),
			poll(pageReady, 60*time.Second),
			poll(atTick(before)+` && `+consoleHas("(the session was restored as you left it)"), 10*time.Second),
		)
	}},
	{"the poisoned link of issue 12 opens and the core keeps answering", func(ctx context.Context, url string) error {
		link, err := deepLink()
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			chromedp.Navigate(url+"?deep#"+link),
			poll(pageReady, 60*time.Second),
			poll(consoleHas("error: error parsing jsonpath {range .items[*]}{range"), 10*time.Second),
			console("kubectl get nodes -o name"),
			poll(consoleHas("node/node-3"), 10*time.Second),
		)
	}},
	{"a link that fails to replay opens an empty session with its editor text", func(ctx context.Context, url string) error {
		manifest := strings.Replace(webManifest, "name: web", "name: from-the-link", 1)
		link := encodeScript("seed 1\nkubectl apply -f editor-1.yaml\nnode fail no-such-node\n-- editor-1.yaml --\n" + manifest)
		if err := chromedp.Do(ctx,
			chromedp.Navigate(url+"?bad#"+link),
			poll(pageReady, 60*time.Second),
			poll(consoleHas("This link could not be opened:\nsession.txtar:3: node fail:")+` && `+consoleHas("no-such-node")+` && `+
				consoleHas("(this is a new, empty session instead)")+` && `+consoleHas("(the editor holds the link's manifest)"), 10*time.Second),
			poll(`document.getElementById("editor").value === `+browser.JS(manifest), 5*time.Second),
			// Empty: tick 0, no Deployments; the link has left the address bar
			// (which now holds the empty session with the link's manifest).
			poll(atTick(0)+` && document.querySelectorAll("#pane-workloads .card").length === 0 && location.hash !== `+browser.JS("#"+link), 5*time.Second),
		); err != nil {
			return err
		}
		// Not retried: a reload opens the (empty) saved session quietly.
		if err := chromedp.Do(ctx,
			chromedp.Reload(),
			poll(pageReady, 60*time.Second),
		); err != nil {
			return err
		}
		if out, err := chromedp.Run(ctx, chromedp.Evaluate[string](consoleText)); err != nil || strings.Contains(out, "could not be opened") {
			return fmt.Errorf("after a reload the console says %q (%v)", out, err)
		}
		return nil
	}},
	{"Escape stops a long action and restores the session", func(ctx context.Context, url string) error {
		before, err := tickAfter(ctx,
			chromedp.Navigate(url+"?long"),
			poll(pageReady, 60*time.Second),
			console("kubectl create deployment big --image=nginx:1.25 --replicas=100000"),
			poll(consoleHas("deployment.apps/big created"), 20*time.Second),
		)
		if err != nil {
			return err
		}
		// 600 ticks of a Deployment that keeps growing take minutes.
		if err := chromedp.Do(ctx, console("tick 600")); err != nil {
			return err
		}
		time.Sleep(1500 * time.Millisecond) // Escape stops actions that ran for a second or more
		return chromedp.Do(ctx,
			chromedp.KeyEvent(kb.Escape),
			poll(consoleHas(`Stopped "tick 600" (Escape, after `)+` && `+consoleHas("the session restored to before that"), 30*time.Second),
			poll(atTick(before), 10*time.Second),
			console("kubectl get deploy big -o name"),
			poll(consoleHas("deployment.apps/big\n"), 20*time.Second),
		)
	}},
	{"a damaged link opens an empty session with a message", func(ctx context.Context, url string) error {
		return chromedp.Do(ctx,
			chromedp.Navigate(url+"?damaged#k1.this-is-not-deflate"),
			poll(pageReady, 60*time.Second),
			poll(consoleHas("This link could not be opened:\nthe link is damaged"), 10*time.Second),
			poll(atTick(0)+` && location.hash === ""`, 5*time.Second),
		)
	}},
}

// Command e2e runs Kubeplay's end-to-end checks in a real browser: Debian's
// Chromium, headless, driven with chromedp, against the real site server
// serving the real build.
//
//	go run ./scripts/build -out build/site      # or: make build
//	go run ./scripts/e2e [-dir build/site] [-url URL] [-shots DIR] [-run REGEXP]
//
// It starts the site server on a free loopback port (or uses -url), runs
// every check in one tab of a browser with a fresh profile, prints one line
// per check and a closing "N passed, M failed" line, and exits non-zero if
// any failed. A console error or an uncaught exception in the page fails
// the check during which it happened. -shots writes a screenshot after each
// check. -run runs only the checks whose names match (a check may lean on
// the ones before it). scripts/bench measures the page's size and speed.
//
// Chromium is $CHROMIUM, /usr/lib/chromium/chromium or /usr/bin/chromium;
// install it with `apt-get install -y chromium`.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

func main() {
	dir := flag.String("dir", "build/site", "the built site to serve")
	siteURL := flag.String("url", "", "test this running site instead of starting one")
	shots := flag.String("shots", "", "write a screenshot after each check into this directory")
	only := flag.String("run", "", "run only the checks whose names match this regular expression")
	flag.Parse()
	match, err := regexp.Compile(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: -run:", err)
		os.Exit(2)
	}
	failed, err := run(context.Background(), os.Stdout, *dir, *siteURL, *shots, match)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(2)
	}
	if failed > 0 {
		os.Exit(1)
	}
}

// run runs every check and returns how many failed.
func run(ctx context.Context, w io.Writer, dir, url, shots string, match *regexp.Regexp) (int, error) {
	if url == "" {
		u, stop, err := browser.Serve(dir)
		if err != nil {
			return 0, err
		}
		defer stop()
		url = u
	}
	if shots != "" {
		if err := os.MkdirAll(shots, 0o755); err != nil {
			return 0, err
		}
	}
	tab, cancel, err := browser.Start(ctx)
	if err != nil {
		return 0, err
	}
	defer cancel()
	if err := chromedp.Listen(tab, pageErrors.record); err != nil {
		return 0, err
	}

	passed, failed := 0, 0
	for _, c := range checks {
		if !match.MatchString(c.name) {
			continue
		}
		start := time.Now()
		cctx, cancel := context.WithTimeout(tab, 90*time.Second)
		err := c.run(cctx, url)
		cancel()
		// Listen saw every event that came before the check's last reply.
		if errs := pageErrors.take(); len(errs) > 0 {
			cerr := fmt.Errorf("console errors: %s", strings.Join(errs, "; "))
			if err != nil {
				cerr = fmt.Errorf("%v; %v", err, cerr)
			}
			err = cerr
		}
		if err != nil {
			failed++
			fmt.Fprintf(w, "FAIL %s (%.1fs): %v\n", c.name, time.Since(start).Seconds(), err)
		} else {
			passed++
			fmt.Fprintf(w, "ok   %s (%.1fs)\n", c.name, time.Since(start).Seconds())
		}
		if shots != "" {
			name := regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(c.name), "-")
			if err := screenshot(tab, filepath.Join(shots, name+".png")); err != nil {
				fmt.Fprintf(w, "     screenshot: %v\n", err)
			}
		}
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	return failed, nil
}

func screenshot(ctx context.Context, file string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	return os.WriteFile(file, png, 0o644)
}

// consoleErrors collects the page's console errors, failed assertions,
// uncaught exceptions and browser log errors (a failed request, a CSP
// violation). record runs in the tab's event loop, in the order of arrival.
type consoleErrors struct {
	mu   sync.Mutex
	errs []string
}

func (c *consoleErrors) record(ev any) {
	var msg string
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg = "exception: " + d.Text
		if d.Exception != nil { // the error and its stack: keep the error
			msg += " " + strings.SplitN(d.Exception.Description, "\n", 2)[0]
		}
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
			return
		}
		var args []string
		for _, a := range ev.Args {
			var v any
			if a.Description != "" || json.Unmarshal(a.Value, &v) != nil {
				args = append(args, a.Description)
			} else {
				args = append(args, fmt.Sprint(v))
			}
		}
		msg = "console." + string(ev.Type) + ": " + strings.Join(args, " ")
	case *log.EventEntryAdded:
		if ev.Entry.Level != log.EntryLevelError {
			return
		}
		msg = "log: " + ev.Entry.Text + " " + ev.Entry.URL
	default:
		return
	}
	c.mu.Lock()
	c.errs = append(c.errs, strings.ReplaceAll(msg, "\n", " "))
	c.mu.Unlock()
}

// pageErrors are the errors of the tab the checks run in.
var pageErrors consoleErrors

// expect removes the errors recorded so far that contain want, for a check
// that provokes them, and says whether there was one.
func (c *consoleErrors) expect(want string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.errs)
	c.errs = slices.DeleteFunc(c.errs, func(e string) bool { return strings.Contains(e, want) })
	return len(c.errs) < n
}

// take returns the errors recorded since the last take.
func (c *consoleErrors) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	errs := c.errs
	c.errs = nil
	return errs
}

type check struct {
	name string
	run  func(ctx context.Context, url string) error
}

// brokenManifest has an error on line 6: replicas is not a number.
const brokenManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: broken
spec:
  replicas: three
  selector:
    matchLabels:
      app: broken
  template:
    metadata:
      labels:
        app: broken
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
`

const webManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
`

type void = chromedp.Void

// poll waits until the JavaScript condition cond is true, re-checking it
// at each animation frame.
func poll(cond string, timeout time.Duration) chromedp.Action[void] {
	return func(ctx context.Context, t *chromedp.Target) (void, error) {
		if _, err := chromedp.Poll[void](cond, chromedp.WithPollingTimeout(timeout))(ctx, t); err != nil {
			return void{}, fmt.Errorf("waiting for %s: %w", cond, err)
		}
		return void{}, nil
	}
}

// eval runs JavaScript in the page for its effect.
func eval(js string) chromedp.Action[void] { return chromedp.Evaluate[void](js) }

// enterText replaces the text of the focused-and-selected field as typing
// (or pasting) would: one insertText input event.
func enterText(id, text string) chromedp.Action[void] {
	return chromedp.Steps(
		chromedp.Focus(chromedp.ID(id)),
		eval(`document.getElementById(`+browser.JS(id)+`).select()`),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
			return err
		}),
	)
}

// console types a line into the kubectl console and presses Enter.
func console(line string) chromedp.Action[void] {
	return chromedp.SendKeys(chromedp.ID("console-input"), line+"\n")
}

// press presses a key with nothing focused, for the page's shortcuts.
func press(key string) chromedp.Action[void] {
	return chromedp.Steps(eval(`document.activeElement.blur()`), chromedp.KeyEvent(key))
}

// setControl sets a select's or a slider's value as a person choosing it
// would, with the event the page listens for.
func setControl(id, value, event string) chromedp.Action[void] {
	return eval(`(() => { const e = document.getElementById(` + browser.JS(id) + `); e.value = ` + browser.JS(value) +
		`; e.dispatchEvent(new Event(` + browser.JS(event) + `)); })()`)
}

// The tick the page shows, in the page and in Go.
const clockTick = `Number(document.getElementById("clock").textContent.match(/tick (\d+)/)[1])`

func atTick(n int) string { return clockTick + ` === ` + strconv.Itoa(n) }

func tickShown(ctx context.Context) (int, error) {
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("clock")))
	if err != nil {
		return 0, err
	}
	m := regexp.MustCompile(`tick (\d+)`).FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("the clock shows %q", s)
	}
	return strconv.Atoi(m[1])
}

const pageReady = `document.body.classList.contains("ready")`

var checks = []check{
	{"page loads without console errors", func(ctx context.Context, url string) error {
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, poll(pageReady, 60*time.Second)); err != nil {
			s, _ := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("status")))
			return fmt.Errorf("%v (status: %q)", err, s)
		}
		// The examples menu filled, then three nodes in the nodes tab.
		return chromedp.Do(ctx,
			chromedp.WaitNotVisible(chromedp.ID("loading")),
			poll(`document.querySelectorAll("#examples option").length >= 2 && !document.getElementById("examples").disabled`, 5*time.Second),
			chromedp.Click(chromedp.ID("tab-nodes")),
			poll(`document.querySelectorAll("#pane-nodes .node").length === 3`, 10*time.Second),
			chromedp.Click(chromedp.ID("tab-workloads")),
			chromedp.WaitVisible(chromedp.ID("pane-workloads")),
		)
	}},
	{"apply a manifest with Ctrl+Enter", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			enterText("editor", webManifest),
			chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)),
			poll(`document.getElementById("console-output").textContent.includes("deployment.apps/web created")`, 20*time.Second),
			poll(`document.querySelector("#pane-workloads .card h3")?.textContent.includes("web")`, 10*time.Second),
		)
	}},
	{"tick until the rollout finishes", func(ctx context.Context, _ string) error {
		start, err := tickShown(ctx)
		if err != nil {
			return err
		}
		for i := 1; i <= 15; i++ {
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tick")), poll(atTick(start+i), 10*time.Second)); err != nil {
				return err
			}
			if i == 1 {
				// One ReplicaSet and its three pods, none of them ready yet.
				err := chromedp.Do(ctx, poll(`document.querySelectorAll("#pane-workloads .rs").length === 1 && `+
					`document.querySelectorAll("#pane-workloads .pod").length === 3 && `+
					`document.querySelectorAll("#pane-workloads .pod.s-ready").length === 0`, 5*time.Second))
				if err != nil {
					return err
				}
			}
		}
		if err := chromedp.Do(ctx, poll(`document.querySelectorAll("#pane-workloads .pod.s-ready").length === 3`, 10*time.Second)); err != nil {
			return err
		}
		r, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#pane-workloads .rollout")))
		if err != nil || !strings.Contains(r, "successfully rolled out") {
			return fmt.Errorf("rollout line %q (%v)", r, err)
		}
		// A new image: a second ReplicaSet appears, the old one drains.
		return chromedp.Do(ctx,
			console("kubectl set image deployment/web nginx=nginx:1.16.1"),
			console("tick 20"),
			poll(`document.querySelectorAll("#pane-workloads .rs").length === 2`, 20*time.Second),
			poll(`document.querySelectorAll("#pane-workloads .rs-new .pod.s-ready").length === 3 && `+
				`document.querySelectorAll("#pane-workloads .rs-old .pod").length === 0`, 20*time.Second),
		)
	}},
	{"kubectl get rs in the console", func(ctx context.Context, _ string) error {
		// Both ReplicaSets, the new one with its three pods ready.
		return chromedp.Do(ctx,
			console("kubectl get rs"),
			poll(`/NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE/.test(document.getElementById("console-output").textContent)`, 10*time.Second),
			poll(`document.getElementById("console-output").textContent.match(/^web-\w+\s+\d+\s+\d+\s+\d+\s/gm)?.length >= 2 && `+
				`/^web-\w+\s+3\s+3\s+3\s/m.test(document.getElementById("console-output").textContent)`, 5*time.Second),
		)
	}},
	{"the Diff button previews an apply and changes nothing", func(ctx context.Context, _ string) error {
		before, err := tickShown(ctx)
		if err != nil {
			return err
		}
		err = chromedp.Do(ctx,
			enterText("editor", strings.Replace(webManifest, "replicas: 3", "replicas: 5", 1)),
			chromedp.Click(chromedp.ID("diff")),
			poll(`document.getElementById("console-output").textContent.includes("$ kubectl diff -f editor.yaml")`, 10*time.Second),
			poll(`/^-  replicas: 3$/m.test(document.getElementById("console-output").textContent) && `+
				`/^\+  replicas: 5$/m.test(document.getElementById("console-output").textContent)`, 5*time.Second),
			// Nothing changed: still three pods in the new ReplicaSet.
			poll(`document.querySelectorAll("#pane-workloads .rs-new .pod").length === 3`, 5*time.Second),
		)
		if err != nil {
			return err
		}
		if after, err := tickShown(ctx); err != nil || after != before {
			return fmt.Errorf("the diff moved the clock from tick %d to %d (%v)", before, after, err)
		}
		return nil
	}},
	{"step back and jump", func(ctx context.Context, _ string) error {
		before, err := tickShown(ctx)
		if err != nil {
			return err
		}
		// Back one tick with the Left key, one more with the button.
		if err := chromedp.Do(ctx,
			press(kb.ArrowLeft),
			poll(atTick(before-1)+` && document.body.classList.contains("past")`, 10*time.Second),
			chromedp.Click(chromedp.ID("back")),
			poll(atTick(before-2), 10*time.Second),
		); err != nil {
			return err
		}
		// Back to tick 3: the second ReplicaSet did not exist then. End
		// returns to the live cluster.
		return chromedp.Do(ctx,
			setControl("slider", "3", "input"),
			poll(atTick(3)+` && document.querySelectorAll("#pane-workloads .rs").length === 1`, 10*time.Second),
			press(kb.End),
			poll(atTick(before)+` && !document.body.classList.contains("past") && `+
				`document.querySelectorAll("#pane-workloads .rs").length === 2`, 10*time.Second),
		)
	}},
	{"a broken manifest shows its error at its line", func(ctx context.Context, _ string) error {
		if err := chromedp.Do(ctx,
			enterText("editor", brokenManifest),
			chromedp.Click(chromedp.ID("apply")),
			poll(`document.querySelector("#editor-errors li")?.textContent.includes("Line 6")`, 10*time.Second),
			poll(`document.querySelector("#gutter .err")?.textContent === "6"`, 5*time.Second),
		); err != nil {
			return err
		}
		// The page keeps working: the cluster still ticks.
		before, err := tickShown(ctx)
		if err != nil {
			return err
		}
		return chromedp.Do(ctx, chromedp.Click(chromedp.ID("tick")), poll(atTick(before+1), 10*time.Second))
	}},
	{"the editor colours YAML, keeps indentation and places a server error at its line", func(ctx context.Context, _ string) error {
		// The selector/template mismatch is the API server's: a field path,
		// which the core turns into line 12 of the text.
		mismatch := strings.Replace(brokenManifest, "replicas: three", "replicas: 1", 1)
		mismatch = strings.Replace(mismatch, "labels:\n        app: broken", "labels:\n        app: other", 1)
		const hlKept = `document.getElementById("editor-hl").textContent === document.getElementById("editor").value + "\n "`
		err := chromedp.Do(ctx,
			enterText("editor", mismatch),
			poll(hlKept+` && document.querySelector("#editor-hl .hl-key")?.textContent === "apiVersion"`, 5*time.Second),
			chromedp.Click(chromedp.ID("apply")),
			poll(`document.querySelector("#editor-errors li")?.textContent.includes("spec.template.metadata.labels: Invalid value")`, 10*time.Second),
			poll(`document.querySelector("#gutter .err")?.textContent === "12" && document.querySelector("#editor-errors li button").textContent.includes("12")`, 5*time.Second),
			// Enter keeps the indentation, one step deeper under "key:".
			enterText("editor", "spec:"),
			// One keyDown carrying the text, as a keyboard sends it (KeyEvent
			// adds a "char" event that inserts a second line break).
			chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				for _, ev := range []input.DispatchKeyEventParams{
					{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, Text: "\r"},
					{Type: input.DispatchKeyEventTypeKeyUp, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13},
				} {
					if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, ev); err != nil {
						return err
					}
				}
				_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: "replicas: 1"})
				return err
			}),
			poll(`document.getElementById("editor").value === "spec:\n  replicas: 1" && `+hlKept, 5*time.Second),
		)
		if err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([document.getElementById("editor").value, document.getElementById("editor-hl").textContent])`))
			return fmt.Errorf("%v; the editor and its colours hold %s", err, text)
		}
		return nil
	}},
	{"a reload restores the editor text", func(ctx context.Context, _ string) error {
		text := fmt.Sprintf("# kept across reloads %d\n", time.Now().UnixNano()) + webManifest
		return chromedp.Do(ctx,
			enterText("editor", text),
			// The page saves the editor's text shortly after typing stops.
			poll(`localStorage.getItem("kubeplay.editor") === `+browser.JS(text), 5*time.Second),
			chromedp.Reload(),
			poll(pageReady, 60*time.Second),
			poll(`document.getElementById("editor").value === `+browser.JS(text), 5*time.Second),
		)
	}},
	{"an example shows its description and plays from tick 0 to its end", func(ctx context.Context, _ string) error {
		// The clock reads "tick N / HEAD": at the end N is HEAD.
		const atEnd = `(([, n, head]) => n === head && Number(head) > 0)(document.getElementById("clock").textContent.match(/tick (\d+) \/ (\d+)/))`
		return chromedp.Do(ctx,
			setControl("examples", "rolling-update", "change"),
			poll(`!document.getElementById("guide").hidden && `+guideWhere+` === "Example" && `+
				`document.querySelector("#guide-body a[href^='https://kubernetes.io/docs/']") !== null`, 30*time.Second),
			poll(consoleHas("(the example starts at tick 0"), 10*time.Second),
			// It plays (Run reads Pause) and stops by itself at the end.
			poll(`document.getElementById("play").getAttribute("aria-pressed") === "true"`, 10*time.Second),
			poll(atEnd+` && document.getElementById("play").getAttribute("aria-pressed") === "false" && `+
				`document.querySelectorAll("#pane-workloads .rs").length >= 2`, 60*time.Second),
			press(kb.Home),
			poll(atTick(0), 10*time.Second),
		)
	}},
	{"a share link reopens the session at its tick", func(ctx context.Context, url string) error {
		if err := chromedp.Do(ctx,
			setControl("slider", "5", "input"),
			poll(atTick(5), 10*time.Second),
			chromedp.Click(chromedp.ID("share")),
			// The address follows the session anyway; Share has written it
			// once it says so.
			poll(`location.hash.startsWith("#k1.") && `+consoleHas("up to tick 5)"), 10*time.Second),
		); err != nil {
			return err
		}
		link, err := chromedp.Run(ctx, chromedp.Location())
		if err != nil {
			return err
		}
		pods, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("summary")))
		if err != nil {
			return err
		}
		// A new document (the query differs), as when someone opens the link.
		return chromedp.Do(ctx,
			chromedp.Navigate(url+"?again"+link[strings.Index(link, "#"):]),
			poll(pageReady+` && `+atTick(5), 60*time.Second),
			poll(`document.getElementById("summary").textContent === `+browser.JS(pods), 5*time.Second),
		)
	}},
	{"the nodes tab groups pods by node, in the dark theme", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.ID("tab-nodes")),
			chromedp.Click(chromedp.ID("theme")),
			poll(`!document.getElementById("pane-nodes").hidden && document.querySelectorAll("#pane-nodes .node").length === 3`, 10*time.Second),
			poll(`document.documentElement.dataset.theme === "dark" && `+
				`getComputedStyle(document.body).backgroundColor === "rgb(13, 17, 23)"`, 5*time.Second),
			// To the end of the example, where its pods run.
			press(kb.End),
			poll(`document.querySelectorAll("#pane-nodes .pod").length >= 3`, 10*time.Second),
		)
	}},
	{"kube-controller-manager stops, nothing reconciles, a new one takes the Lease over", func(ctx context.Context, _ string) error {
		const kcm = `document.getElementById("kcm-state").textContent`
		const pods = `document.querySelectorAll("#pane-nodes .pod").length`
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](pods))
		if err != nil {
			return err
		}
		return chromedp.Do(ctx,
			poll(kcm+`.includes("leads")`, 5*time.Second),
			chromedp.Click(chromedp.ID("kcm-toggle")),
			poll(kcm+`.includes("is stopped") && document.getElementById("kcm-toggle").textContent.startsWith("Start")`, 10*time.Second),
			// No ReplicaSet controller: scaling up makes no pod.
			console("kubectl scale deployment/nginx-deployment --replicas=6"),
			console("tick 5"),
			poll(`document.getElementById("console-output").textContent.endsWith("$ tick 5\n") && `+pods+` <= `+strconv.Itoa(n), 10*time.Second),
			chromedp.Click(chromedp.ID("kcm-toggle")),
			poll(kcm+`.includes("waiting for its Lease")`, 10*time.Second),
			console("tick 20"),
			poll(kcm+`.includes("leads") && `+pods+` === 6`, 20*time.Second),
		)
	}},
	{"a pod opens its CRI calls and describe output", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS("#pane-nodes .pod[data-pod]")),
			poll(`document.getElementById("detail").open && `+
				`[...document.querySelectorAll("#detail-cri tbody td code")].map((c) => c.textContent).join(" ").startsWith("RunPodSandbox PullImage CreateContainer StartContainer") && `+
				`document.getElementById("detail-describe").textContent.includes("Events:")`, 10*time.Second),
			// Closed again, so the checks after this one can reach the page.
			chromedp.Click(chromedp.CSS("#detail form button")),
			poll(`!document.getElementById("detail").open`, 5*time.Second),
		)
	}},
	{"a Deployment's name opens its describe output and YAML at the tick shown", func(ctx context.Context, _ string) error {
		return chromedp.Do(ctx,
			eval(`document.getElementById("tab-workloads").click()`),
			chromedp.Click(chromedp.CSS(`#pane-workloads button[data-object^="deployment/"]`)),
			poll(`document.getElementById("detail").open && document.getElementById("detail-cri-box").hidden && `+
				`document.getElementById("detail-describe-h").textContent.startsWith("kubectl describe deployment ") && `+
				`/^Name: +nginx-deployment\n/.test(document.getElementById("detail-describe").textContent) && `+
				`document.getElementById("detail-yaml").textContent.includes("\nkind: Deployment\n")`, 10*time.Second),
			chromedp.Click(chromedp.CSS("#detail form button")),
			poll(`!document.getElementById("detail").open`, 5*time.Second),
		)
	}},
}

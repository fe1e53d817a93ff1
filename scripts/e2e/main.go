// Command e2e runs Kubeplay's end-to-end checks in a real browser: Debian's
// Chromium, headless, driven through the DevTools protocol (cdp.go, standard
// library only), against the real site server serving the real build.
//
//	go run ./scripts/build -out build/site      # or: make build
//	go run ./scripts/e2e [-dir build/site] [-shots DIR] [-loads 5] [-perf 1000]
//
// It starts `go run ./site` on a free loopback port (or uses -url), runs
// every check in a fresh browser profile, prints one line per check and a
// closing "N passed, M failed" line, and exits non-zero if any failed.
// -shots writes a screenshot after each check; -loads measures the time to
// an interactive page (the core instantiated and the first view drawn) over
// that many loads and prints the median; -perf measures one tick plus redraw
// with that many pods.
//
// Chromium is /usr/lib/chromium/chromium (or /usr/bin/chromium, or
// $CHROMIUM); install it with `apt-get install -y chromium`.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

func main() {
	dir := flag.String("dir", "build/site", "the built site to serve")
	siteURL := flag.String("url", "", "test this running site instead of starting one")
	shots := flag.String("shots", "", "write a screenshot after each check into this directory")
	loads := flag.Int("loads", 0, "measure the time to interactive over this many page loads")
	perf := flag.Int("perf", 0, "measure one tick plus redraw with this many pods")
	flag.Parse()
	ctx := context.Background()
	failed, err := run(ctx, os.Stdout, options{dir: *dir, url: *siteURL, shots: *shots, loads: *loads, perf: *perf})
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(2)
	}
	if failed > 0 {
		os.Exit(1)
	}
}

type options struct {
	dir, url, shots string
	loads, perf     int
}

// run runs every check and returns how many failed.
func run(ctx context.Context, w io.Writer, o options) (int, error) {
	bin, err := FindChromium()
	if err != nil {
		return 0, err
	}
	url := o.url
	if url == "" {
		stop, u, err := startSite(o.dir)
		if err != nil {
			return 0, err
		}
		defer stop()
		url = u
	}
	if o.shots != "" {
		if err := os.MkdirAll(o.shots, 0o755); err != nil {
			return 0, err
		}
	}
	b, err := Launch(ctx, bin, 1440, 1000)
	if err != nil {
		return 0, err
	}
	defer b.Close()

	passed, failed := 0, 0
	for _, c := range checks {
		start := time.Now()
		cctx, cancel := context.WithTimeout(ctx, 90*time.Second)
		err := c.run(cctx, b, url)
		cancel()
		if err == nil {
			if errs := b.ConsoleErrors(); len(errs) > 0 {
				err = fmt.Errorf("console errors: %s", strings.Join(errs, "; "))
			}
		}
		if err != nil {
			failed++
			fmt.Fprintf(w, "FAIL %s (%.1fs): %v\n", c.name, time.Since(start).Seconds(), err)
		} else {
			passed++
			fmt.Fprintf(w, "ok   %s (%.1fs)\n", c.name, time.Since(start).Seconds())
		}
		if o.shots != "" {
			name := regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(c.name), "-")
			if err := b.Screenshot(ctx, filepath.Join(o.shots, name+".png")); err != nil {
				fmt.Fprintf(w, "     screenshot: %v\n", err)
			}
		}
	}
	if o.loads > 0 {
		if err := measureLoads(ctx, w, b, url, o.loads); err != nil {
			fmt.Fprintf(w, "load timing: %v\n", err)
		}
	}
	if o.perf > 0 {
		if err := measureTick(ctx, w, b, url, o.perf); err != nil {
			fmt.Fprintf(w, "tick timing: %v\n", err)
		}
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", passed, failed)
	return failed, nil
}

// startSite runs the site server on a free loopback port and returns its
// URL; stop ends it.
func startSite(dir string) (stop func(), url string, err error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return nil, "", fmt.Errorf("%s has no index.html: run `make build` (or go run ./scripts/build -out %s) first", dir, dir)
	}
	tmp, err := os.MkdirTemp("", "kubeplay-site-")
	if err != nil {
		return nil, "", err
	}
	exe := filepath.Join(tmp, "site")
	if out, err := exec.Command("go", "build", "-o", exe, "./site").CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return nil, "", fmt.Errorf("go build ./site: %v\n%s", err, out)
	}
	cmd := exec.Command(exe, "-addr", "127.0.0.1:0", "-dir", dir)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(tmp)
		return nil, "", err
	}
	stop = func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		os.RemoveAll(tmp)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := regexp.MustCompile(`http://\S+`).FindString(line)
	if err != nil || m == "" {
		stop()
		return nil, "", fmt.Errorf("the site server did not say where it listens (%q)", line)
	}
	return stop, m + "/", nil
}

type check struct {
	name string
	run  func(ctx context.Context, b *Browser, url string) error
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

// js quotes s as a JavaScript string literal.
func js(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// setEditor replaces the editor's text as typing would (an input event).
func setEditor(ctx context.Context, b *Browser, text string) error {
	return b.Eval(ctx, `(() => { const e = document.getElementById("editor"); e.value = `+js(text)+
		`; e.dispatchEvent(new Event("input")); e.focus(); })()`, nil)
}

// console types a line into the console and presses Enter.
func console(ctx context.Context, b *Browser, line string) error {
	if err := b.Eval(ctx, `document.getElementById("console-input").focus()`, nil); err != nil {
		return err
	}
	if err := b.Type(ctx, line); err != nil {
		return err
	}
	return b.Key(ctx, "Enter", "Enter", 13, 0)
}

func text(ctx context.Context, b *Browser, expr string) (string, error) {
	var s string
	err := b.Eval(ctx, expr, &s)
	return s, err
}

var clockTick = `Number(document.getElementById("clock").textContent.match(/tick (\d+)/)[1])`

var checks = []check{
	{"page loads without console errors", func(ctx context.Context, b *Browser, url string) error {
		if err := b.Navigate(ctx, url); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.body.classList.contains("ready")`, 60*time.Second); err != nil {
			s, _ := text(ctx, b, `document.getElementById("status").textContent`)
			return fmt.Errorf("%v (status: %q)", err, s)
		}
		// Three nodes, an empty cluster, and the examples menu filled.
		var n int
		if err := b.Eval(ctx, `document.querySelectorAll("#examples option").length`, &n); err != nil || n < 2 {
			return fmt.Errorf("examples menu has %d entries (%v)", n, err)
		}
		if err := b.Eval(ctx, `document.getElementById("tab-nodes").click()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.querySelectorAll("#pane-nodes .node").length === 3`, 10*time.Second); err != nil {
			return err
		}
		return b.Eval(ctx, `document.getElementById("tab-workloads").click()`, nil)
	}},
	{"apply a manifest with Ctrl+Enter", func(ctx context.Context, b *Browser, _ string) error {
		if err := setEditor(ctx, b, webManifest); err != nil {
			return err
		}
		if err := b.Key(ctx, "Enter", "Enter", 13, 2); err != nil { // Ctrl+Enter
			return err
		}
		if err := b.WaitFor(ctx, `document.getElementById("console-output").textContent.includes("deployment.apps/web created")`, 20*time.Second); err != nil {
			return err
		}
		return b.WaitFor(ctx, `document.querySelector("#pane-workloads .card h3")?.textContent.includes("web")`, 10*time.Second)
	}},
	{"tick until the rollout finishes", func(ctx context.Context, b *Browser, _ string) error {
		for i := 0; i < 15; i++ {
			if err := b.Eval(ctx, `document.getElementById("tick").click()`, nil); err != nil {
				return err
			}
			if err := b.WaitFor(ctx, clockTick+` >= `+fmt.Sprint(i+1), 10*time.Second); err != nil {
				return err
			}
		}
		if err := b.WaitFor(ctx, `document.querySelectorAll("#pane-workloads .pod.s-ready").length === 3`, 10*time.Second); err != nil {
			return err
		}
		r, err := text(ctx, b, `document.querySelector("#pane-workloads .rollout").textContent`)
		if err != nil || !strings.Contains(r, "successfully rolled out") {
			return fmt.Errorf("rollout line %q (%v)", r, err)
		}
		// A new image: a second ReplicaSet appears, the old one drains.
		if err := console(ctx, b, "kubectl set image deployment/web nginx=nginx:1.16.1"); err != nil {
			return err
		}
		if err := console(ctx, b, "tick 20"); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.querySelectorAll("#pane-workloads .rs").length === 2`, 20*time.Second); err != nil {
			return err
		}
		return b.WaitFor(ctx, `document.querySelectorAll("#pane-workloads .rs-new .pod.s-ready").length === 3 && `+
			`document.querySelectorAll("#pane-workloads .rs-old .pod").length === 0`, 20*time.Second)
	}},
	{"kubectl get rs in the console", func(ctx context.Context, b *Browser, _ string) error {
		if err := console(ctx, b, "kubectl get rs"); err != nil {
			return err
		}
		return b.WaitFor(ctx, `/NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE/.test(document.getElementById("console-output").textContent)`, 10*time.Second)
	}},
	{"step back and jump", func(ctx context.Context, b *Browser, _ string) error {
		var before int
		if err := b.Eval(ctx, clockTick, &before); err != nil {
			return err
		}
		if err := b.Eval(ctx, `document.body.focus(); document.activeElement.blur()`, nil); err != nil {
			return err
		}
		if err := b.Key(ctx, "ArrowLeft", "ArrowLeft", 37, 0); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, clockTick+` === `+fmt.Sprint(before-1)+` && document.body.classList.contains("past")`, 10*time.Second); err != nil {
			return err
		}
		// Back to tick 3: one ReplicaSet, pods not all ready yet or ready;
		// the second ReplicaSet did not exist then.
		if err := b.Eval(ctx, `(() => { const s = document.getElementById("slider"); s.value = "3"; s.dispatchEvent(new Event("input")); })()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, clockTick+` === 3 && document.querySelectorAll("#pane-workloads .rs").length === 1`, 10*time.Second); err != nil {
			return err
		}
		if err := b.Key(ctx, "End", "End", 35, 0); err != nil {
			return err
		}
		return b.WaitFor(ctx, clockTick+` === `+fmt.Sprint(before)+` && !document.body.classList.contains("past")`, 10*time.Second)
	}},
	{"a broken manifest shows its error at its line", func(ctx context.Context, b *Browser, _ string) error {
		if err := setEditor(ctx, b, brokenManifest); err != nil {
			return err
		}
		if err := b.Eval(ctx, `document.getElementById("apply").click()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.querySelector("#editor-errors li")?.textContent.includes("Line 6")`, 10*time.Second); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.querySelector("#gutter .err")?.textContent === "6"`, 5*time.Second); err != nil {
			return err
		}
		// The page keeps working: the cluster still ticks.
		var before int
		if err := b.Eval(ctx, clockTick, &before); err != nil {
			return err
		}
		if err := b.Eval(ctx, `document.getElementById("tick").click()`, nil); err != nil {
			return err
		}
		return b.WaitFor(ctx, clockTick+` === `+fmt.Sprint(before+1), 10*time.Second)
	}},
	{"a reload restores the editor text", func(ctx context.Context, b *Browser, _ string) error {
		marker := fmt.Sprintf("# kept across reloads %d\n", time.Now().UnixNano())
		if err := setEditor(ctx, b, marker+webManifest); err != nil {
			return err
		}
		time.Sleep(400 * time.Millisecond) // the editor saves 250 ms after typing stops
		if err := b.Reload(ctx); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.body.classList.contains("ready")`, 60*time.Second); err != nil {
			return err
		}
		return b.WaitFor(ctx, `document.getElementById("editor").value.startsWith(`+js(marker)+`)`, 5*time.Second)
	}},
	{"an example loads and replays from tick 0", func(ctx context.Context, b *Browser, _ string) error {
		if err := b.Eval(ctx, `(() => { const s = document.getElementById("examples"); s.value = "rolling-update"; s.dispatchEvent(new Event("change")); })()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.getElementById("scenario-title").textContent.length > 0 && document.querySelectorAll("#pane-workloads .rs").length >= 2`, 30*time.Second); err != nil {
			return err
		}
		if err := b.Eval(ctx, `document.activeElement.blur()`, nil); err != nil {
			return err
		}
		if err := b.Key(ctx, "Home", "Home", 36, 0); err != nil {
			return err
		}
		return b.WaitFor(ctx, clockTick+` === 0`, 10*time.Second)
	}},
	{"a share link reopens the session at its tick", func(ctx context.Context, b *Browser, url string) error {
		if err := b.Eval(ctx, `(() => { const s = document.getElementById("slider"); s.value = "5"; s.dispatchEvent(new Event("input")); })()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, clockTick+` === 5`, 10*time.Second); err != nil {
			return err
		}
		if err := b.Eval(ctx, `document.getElementById("share").click()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `location.hash.startsWith("#k1.")`, 10*time.Second); err != nil {
			return err
		}
		link, err := text(ctx, b, `location.href`)
		if err != nil {
			return err
		}
		pods, err := text(ctx, b, `document.getElementById("summary").textContent`)
		if err != nil {
			return err
		}
		if err := b.Navigate(ctx, url+"?again"+link[strings.Index(link, "#"):]); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.body.classList.contains("ready") && `+clockTick+` === 5`, 60*time.Second); err != nil {
			return err
		}
		return b.WaitFor(ctx, `document.getElementById("summary").textContent === `+js(pods), 5*time.Second)
	}},
	{"the nodes tab groups pods by node, in the dark theme", func(ctx context.Context, b *Browser, _ string) error {
		if err := b.Eval(ctx, `document.getElementById("tab-nodes").click(); document.getElementById("theme").click()`, nil); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `!document.getElementById("pane-nodes").hidden && document.querySelectorAll("#pane-nodes .node").length === 3`, 10*time.Second); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `document.documentElement.dataset.theme === "dark" && `+
			`getComputedStyle(document.body).backgroundColor === "rgb(13, 17, 23)"`, 5*time.Second); err != nil {
			return err
		}
		// Tick to the end of the example, where its pods run.
		if err := b.Eval(ctx, `document.activeElement.blur()`, nil); err != nil {
			return err
		}
		if err := b.Key(ctx, "End", "End", 35, 0); err != nil {
			return err
		}
		return b.WaitFor(ctx, `document.querySelectorAll("#pane-nodes .pod").length >= 3`, 10*time.Second)
	}},
}

// measureLoads loads the page n times and prints the median time to an
// interactive page (performance mark "kubeplay-ready").
func measureLoads(ctx context.Context, w io.Writer, b *Browser, url string, n int) error {
	var ms []float64
	steps := map[string][]float64{}
	names := []string{"kubeplay-workerStart", "kubeplay-instantiated", "kubeplay-goStarted"}
	for range n {
		if err := b.Navigate(ctx, url); err != nil {
			return err
		}
		if err := b.WaitFor(ctx, `performance.getEntriesByName("kubeplay-ready").length > 0`, 60*time.Second); err != nil {
			return err
		}
		var t float64
		if err := b.Eval(ctx, `performance.getEntriesByName("kubeplay-ready")[0].startTime`, &t); err != nil {
			return err
		}
		ms = append(ms, t)
		// The worker's start-up steps (assets/worker.js), where present.
		for _, name := range names {
			var at float64
			if err := b.Eval(ctx, `performance.getEntriesByName("`+name+`")[0]?.startTime ?? -1`, &at); err == nil && at >= 0 {
				steps[name] = append(steps[name], at)
			}
		}
	}
	for _, name := range names {
		if v := steps[name]; len(v) > 0 {
			slices.Sort(v)
			fmt.Fprintf(w, "  %s at median %.0f ms\n", name, v[len(v)/2])
		}
	}
	slices.Sort(ms)
	fmt.Fprintf(w, "time to interactive: median %.0f ms over %d loads (min %.0f, max %.0f)\n", ms[len(ms)/2], n, ms[0], ms[len(ms)-1])
	return nil
}

// measureTick builds a cluster of about pods pods (100 nodes, Deployments
// of 100) and times one tick plus redraw, and one step back, as the page
// sees them (from the request to the drawn view), median of 9.
func measureTick(ctx context.Context, w io.Writer, b *Browser, url string, pods int) error {
	if err := b.Navigate(ctx, url); err != nil {
		return err
	}
	if err := b.WaitFor(ctx, `document.body.classList.contains("ready")`, 60*time.Second); err != nil {
		return err
	}
	var script strings.Builder
	script.WriteString("# perf\n\n")
	for i := 4; i <= 100; i++ {
		fmt.Fprintf(&script, "node add node-%d\n", i)
	}
	script.WriteString("kubectl apply -f perf.yaml\ntick 30\n-- perf.yaml --\n")
	for d := 0; d*100 < pods; d++ {
		m := strings.ReplaceAll(webManifest, "web", fmt.Sprintf("app-%03d", d))
		script.WriteString(strings.Replace(m, "replicas: 3", fmt.Sprintf("replicas: %d", min(100, pods-d*100)), 1) + "---\n")
	}
	start := time.Now()
	if err := b.Eval(ctx, `kubeplayPage.rpc("load", "perf.txtar", `+js(script.String())+`).then(() => true)`, nil); err != nil {
		return err
	}
	fmt.Fprintf(w, "perf: built %d pods in %.1fs\n", pods, time.Since(start).Seconds())
	for _, op := range []string{"tick", "back"} {
		var times []float64
		var split struct{ Core, Parse, Draw float64 }
		for range 9 {
			var t float64
			arg := "1"
			if op == "back" {
				arg = ""
			}
			if err := b.Eval(ctx, `(async () => { const t0 = performance.now(); await kubeplayPage.rpc("`+op+`"`+
				map[bool]string{true: ", " + arg, false: ""}[arg != ""]+`); await new Promise(requestAnimationFrame); return performance.now() - t0; })()`, &t); err != nil {
				return err
			}
			times = append(times, t)
			if err := b.Eval(ctx, `kubeplayPage.timings`, &split); err != nil {
				return err
			}
		}
		slices.Sort(times)
		fmt.Fprintf(w, "perf: %s + redraw with %d pods: median %.0f ms (min %.0f, max %.0f); last: core %.0f ms, parse %.0f ms, draw %.0f ms\n",
			op, pods, times[4], times[0], times[8], split.Core, split.Parse, split.Draw)
	}
	return nil
}

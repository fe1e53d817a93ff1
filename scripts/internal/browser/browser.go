// Package browser starts what the page checks (scripts/e2e) and the page
// benchmark (scripts/bench) drive: the real site server serving a build,
// and Debian's Chromium, headless, under chromedp.
package browser

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium returns the Chromium binary: $CHROMIUM, or Debian's.
func Chromium() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, p := range []string{"/usr/lib/chromium/chromium", "/usr/bin/chromium"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("chromium not found: install Debian's chromium package (apt-get install -y chromium) or set $CHROMIUM")
}

// The size of the pages' viewport, a laptop's screen.
const Width, Height = 1440, 1000

// Viewport gives a tab the viewport Width×Height.
func Viewport() chromedp.Action[chromedp.Void] { return chromedp.EmulateViewport(Width, Height) }

// Start starts a headless Chromium and returns a chromedp context for its
// first tab, with the viewport Width×Height. Cancelling the context ends the
// browser. Each browser gets a fresh profile: the allocator makes a
// temporary --user-data-dir and removes it afterwards. extra adds flags,
// such as V8's (--js-flags) for an experiment.
func Start(ctx context.Context, extra ...chromedp.ExecAllocatorOption) (context.Context, context.CancelFunc, error) {
	bin, err := Chromium()
	if err != nil {
		return nil, nil, err
	}
	// Only what the project's machines need: no sandbox (CI runs as root),
	// no GPU, and nothing that reaches for the network on its own.
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-default-apps", true),
		chromedp.WindowSize(Width, Height),
	}, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tab, cancelTab := chromedp.NewContext(actx)
	cancel := func() { cancelTab(); cancelAlloc() }
	// Start the browser now, on a context without a deadline: the first
	// action binds the browser's life to the context it runs on.
	if err := chromedp.Do(tab, Viewport()); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	return tab, cancel, nil
}

// Serve builds the site server (./site, so it must run from the module's
// root), starts it on a free loopback port serving dir, and returns the
// site's URL; stop ends the server.
func Serve(dir string) (url string, stop func(), err error) {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return "", nil, fmt.Errorf("%s has no index.html: run `make build` (or go run ./scripts/build -out %s) first", dir, dir)
	}
	tmp, err := os.MkdirTemp("", "kubeplay-site-")
	if err != nil {
		return "", nil, err
	}
	exe := filepath.Join(tmp, "site")
	if out, err := exec.Command("go", "build", "-o", exe, "./site").CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("go build ./site: %v\n%s", err, out)
	}
	cmd := exec.Command(exe, "-addr", "127.0.0.1:0", "-dir", dir)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(tmp)
		return "", nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(tmp)
		return "", nil, err
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
	// The server's first line says where it listens.
	line, err := bufio.NewReader(stdout).ReadString('\n')
	m := regexp.MustCompile(`http://\S+`).FindString(line)
	if err != nil || m == "" {
		stop()
		return "", nil, fmt.Errorf("the site server did not say where it listens (%q)", line)
	}
	return m + "/", stop, nil
}

// JS returns v as a JavaScript literal (JSON is one), to splice Go values
// into the expressions the page evaluates.
func JS(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain strings and numbers are passed
	}
	return string(b)
}

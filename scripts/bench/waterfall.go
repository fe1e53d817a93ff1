package main

import (
	"bytes"
	"context"
	"os"
	"sync"

	"fmt"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/tracing"
	"io"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

// The waterfall (-waterfall): where one first visit's time goes, to find
// what the first view waits for. Every entry is in ms since the page's
// navigation started; the worker's have another time origin and are moved
// onto the page's.

// step is one line of the waterfall: what, from when to when (ms).
type step struct {
	What  string  `json:"what"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

// The page's own steps: its navigation's milestones, its paints, its marks
// and its fetches, and its time origin (ms since the epoch).
const pageStepsJS = `(() => {
	const n = performance.getEntriesByType("navigation")[0];
	const steps = [
		{what: "document: request to last byte", start: n.requestStart, end: n.responseEnd},
		{what: "document: interactive (parsed)", start: n.domInteractive, end: n.domInteractive},
		{what: "document: DOMContentLoaded (module scripts run)", start: n.domContentLoadedEventStart, end: n.domContentLoadedEventEnd},
	];
	for (const p of performance.getEntriesByType("paint")) steps.push({what: "paint: " + p.name, start: p.startTime, end: p.startTime});
	for (const m of performance.getEntriesByType("mark")) if (m.name.startsWith("kubeplay-")) steps.push({what: "mark: " + m.name, start: m.startTime, end: m.startTime});
	for (const r of performance.getEntriesByType("resource")) steps.push({what: "fetch: " + r.name, start: r.startTime, end: r.responseEnd});
	return {origin: performance.timeOrigin, steps};
})()`

// The worker's fetches, on its own clock.
const workerStepsJS = `({origin: performance.timeOrigin, steps: performance.getEntriesByType("resource")
	.map((r) => ({what: "worker fetch: " + r.name, start: r.startTime, end: r.responseEnd}))})`

type clocked struct {
	Origin float64 `json:"origin"`
	Steps  []step  `json:"steps"`
}

func runWaterfall(ctx context.Context, w io.Writer, dir, jsFlags, trace string) error {
	site, stop, err := browser.Serve(dir)
	if err != nil {
		return err
	}
	defer stop()
	var extra []chromedp.ExecAllocatorOption
	if jsFlags != "" {
		extra = append(extra, chromedp.Flag("js-flags", jsFlags))
	}
	tab, cancel, err := browser.Start(ctx, extra...)
	if err != nil {
		return err
	}
	defer cancel()
	bctx, cancel := chromedp.NewContext(tab, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(bctx, browser.Viewport()); err != nil {
		return err
	}
	var tracer *tracer
	if trace != "" {
		if tracer, err = startTrace(bctx); err != nil {
			return err
		}
	}
	var t timings
	t.marks = map[string][]float64{}
	if err := load(bctx, site, &t); err != nil {
		return err
	}
	// Let the fetches that follow the ready mark (catalogs of the menus)
	// finish, so they show too.
	time.Sleep(300 * time.Millisecond)
	if tracer != nil {
		if err := tracer.stop(bctx, trace); err != nil {
			return err
		}
	}
	page, err := chromedp.Run(bctx, chromedp.Evaluate[clocked](pageStepsJS))
	if err != nil {
		return err
	}
	steps := page.Steps
	targets, err := chromedp.Targets(bctx)
	if err != nil {
		return err
	}
	own := chromedp.FromContext(bctx).BrowserContextID
	for _, tg := range targets {
		if tg.Type != "worker" || tg.BrowserContextID != own || !strings.HasPrefix(tg.URL, site) {
			continue
		}
		wctx, cancel := chromedp.NewContext(bctx, chromedp.WithTargetID(tg.TargetID), chromedp.WithDetachOnCancel())
		wk, err := chromedp.Run(wctx, chromedp.Evaluate[clocked](workerStepsJS))
		cancel()
		if err != nil {
			return fmt.Errorf("reading the worker's fetches: %w", err)
		}
		shift := wk.Origin - page.Origin
		for _, s := range wk.Steps {
			steps = append(steps, step{s.What, s.Start + shift, s.End + shift})
		}
	}
	slices.SortStableFunc(steps, func(a, b step) int {
		if a.Start != b.Start {
			if a.Start < b.Start {
				return -1
			}
			return 1
		}
		return strings.Compare(a.What, b.What)
	})
	fmt.Fprintf(w, "one first visit of %s, ms since the navigation started\n", dir)
	for _, s := range steps {
		what := s.What
		if i := strings.Index(what, site); i >= 0 {
			if u, err := url.Parse(what[i:]); err == nil {
				what = what[:i] + strings.TrimPrefix(u.Path, "/")
			}
		}
		if s.End > s.Start {
			fmt.Fprintf(w, "  %7.1f %7.1f  %s (%.1f ms)\n", s.Start, s.End, what, s.End-s.Start)
		} else {
			fmt.Fprintf(w, "  %7.1f          %s\n", s.Start, what)
		}
	}
	return nil
}

// tracer collects a DevTools performance trace of one tab.
type tracer struct {
	mu     sync.Mutex
	events []jsonv2.Value
	done   chan struct{}
}

// The trace's categories: what DevTools' Performance panel records.
var traceCategories = []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8",
	"blink", "blink.user_timing", "loading", "navigation", "toplevel", "disabled-by-default-devtools.timeline.frame"}

func startTrace(ctx context.Context) (*tracer, error) {
	t := &tracer{done: make(chan struct{})}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			t.mu.Lock()
			t.events = append(t.events, ev.Value...)
			t.mu.Unlock()
		case *tracing.EventTracingComplete:
			close(t.done)
		}
	}); err != nil {
		return nil, err
	}
	_, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
	})
	return t, err
}

// stop ends the trace and writes it to file.
func (t *tracer) stop(ctx context.Context, file string) error {
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		return err
	}
	select {
	case <-t.done:
	case <-time.After(30 * time.Second):
		return fmt.Errorf("the trace did not complete")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var b bytes.Buffer
	b.WriteString(`{"traceEvents":[`)
	for i, e := range t.events {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.Write(e)
	}
	b.WriteString("]}\n")
	return os.WriteFile(file, b.Bytes(), 0o644)
}

// Command loadtest measures the site server under load, on loopback only:
//
//	go run ./scripts/build -out build/site      # or: make build
//	go run ./scripts/loadtest [-dir build/site] [-n 5000] [-c 16] [-max 60s]
//
// It builds and starts the real server (./site) on 127.0.0.1, sends -n
// requests from -c clients at once, cycling through every file of the
// build as a browser asks for it (Accept-Encoding: br, gzip, so the
// precompressed variants are served) plus the page and /healthz, and
// prints requests per second, bytes per second, latency percentiles and
// the errors (a transport error, a status other than 200, or a body of the
// wrong length). It stops after -max whatever it has done. It exits 1 when
// any request failed or it could not run.
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kubeplay/kubeplay/scripts/internal/browser"
)

func main() {
	dir := flag.String("dir", "build/site", "the built site to serve")
	n := flag.Int("n", 5000, "requests to send (at most 1,000,000)")
	c := flag.Int("c", 16, "clients sending at once (at most 256)")
	maxTime := flag.Duration("max", time.Minute, "stop after this long (at most 10m)")
	flag.Parse()
	if *n < 1 || *n > 1_000_000 || *c < 1 || *c > 256 || *maxTime <= 0 || *maxTime > 10*time.Minute {
		fmt.Fprintln(os.Stderr, "loadtest: -n 1..1000000, -c 1..256, -max up to 10m")
		os.Exit(2)
	}
	paths, err := sitePaths(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	base, stop, err := browser.Serve(*dir) // always 127.0.0.1
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	r := load(strings.TrimSuffix(base, "/"), paths, *n, *c, *maxTime)
	stop()
	r.print(os.Stdout, *c)
	if r.errors > 0 || r.done == 0 {
		os.Exit(1)
	}
}

// sitePaths lists the URLs a browser fetches from the build: every file
// but the precompressed copies, plus the page and the health check.
func sitePaths(dir string) ([]string, error) {
	paths := []string{"/", "/healthz"}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(p); ext == ".gz" || ext == ".br" {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		paths = append(paths, "/"+filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(paths) == 2 {
		return nil, fmt.Errorf("%s is empty: run `make build` first", dir)
	}
	return paths, nil
}

type result struct {
	done, errors int
	bytes        int64
	elapsed      time.Duration
	latencies    []time.Duration
	firstErrors  []string
}

// load sends up to n requests from c goroutines, stopping at maxTime.
func load(base string, paths []string, n, c int, maxTime time.Duration) *result {
	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: c, DisableCompression: true},
	}
	var next atomic.Int64
	deadline := time.Now().Add(maxTime)
	var mu sync.Mutex
	res := &result{}
	start := time.Now()
	var wg sync.WaitGroup
	for range c {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(n) || time.Now().After(deadline) {
					return
				}
				t0 := time.Now()
				size, err := get(client, base+paths[i%int64(len(paths))])
				lat := time.Since(t0)
				mu.Lock()
				res.done++
				res.bytes += size
				res.latencies = append(res.latencies, lat)
				if err != nil {
					res.errors++
					if len(res.firstErrors) < 5 {
						res.firstErrors = append(res.firstErrors, err.Error())
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// get fetches url as a browser would and checks the answer is whole.
func get(client *http.Client, url string) (int64, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept-Encoding", "br, gzip")
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	switch {
	case err != nil:
		return n, fmt.Errorf("%s: %v after %d bytes", url, err, n)
	case resp.StatusCode != 200:
		return n, fmt.Errorf("%s: %s", url, resp.Status)
	case resp.ContentLength >= 0 && n != resp.ContentLength:
		return n, fmt.Errorf("%s: %d of %d bytes", url, n, resp.ContentLength)
	}
	return n, nil
}

func (r *result) print(w io.Writer, c int) {
	slices.Sort(r.latencies)
	pct := func(p float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
	}
	secs := r.elapsed.Seconds()
	fmt.Fprintf(w, "%d requests from %d clients in %.2f s: %.0f requests/s, %.1f MB/s, %d errors\n",
		r.done, c, secs, float64(r.done)/secs, float64(r.bytes)/secs/1e6, r.errors)
	fmt.Fprintf(w, "latency: p50 %v, p90 %v, p99 %v, max %v\n",
		pct(0.50).Round(time.Microsecond), pct(0.90).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), pct(1).Round(time.Microsecond))
	for _, e := range r.firstErrors {
		fmt.Fprintln(w, "error:", e)
	}
}

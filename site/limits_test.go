package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCrossOriginAndPermissionsHeaders(t *testing.T) {
	h, _ := fixture(t)
	for _, tc := range []struct{ path, corp string }{
		{"/", "same-origin"}, // the full page is framed nowhere
		{"/index.html", "same-origin"},
		{"/?embed", "cross-origin"}, // the embed may be framed anywhere
		{"/index.html?embed&lesson=x", "cross-origin"},
		{"/app.js", "same-origin"},
		{"/kubeplay.wasm", "same-origin"},
		{"/missing", "same-origin"},
		{"/healthz", "same-origin"},
	} {
		hdr := do(h, "GET", tc.path).Header()
		if got := hdr.Get("Cross-Origin-Opener-Policy"); got != "same-origin" {
			t.Errorf("%s: Cross-Origin-Opener-Policy %q", tc.path, got)
		}
		if got := hdr.Get("Cross-Origin-Resource-Policy"); got != tc.corp {
			t.Errorf("%s: Cross-Origin-Resource-Policy %q, want %q", tc.path, got, tc.corp)
		}
		pp := hdr.Get("Permissions-Policy")
		for _, want := range []string{"camera=()", "microphone=()", "geolocation=()", "usb=()"} {
			if !strings.Contains(pp, want) {
				t.Errorf("%s: Permissions-Policy %q lacks %q", tc.path, pp, want)
			}
		}
	}
}

// 2,000 one-byte ranges used to return a multipart body 45 times the
// file; past maxRanges the request gets the file once, as nginx does.
func TestTooManyRangesGetTheWholeFile(t *testing.T) {
	h, _ := fixture(t)
	parts := make([]string, 2000)
	for i := range parts {
		parts[i] = fmt.Sprintf("%d-%d", i%len(appJS), i%len(appJS))
	}
	w := do(h, "GET", "/app.js", "Range", "bytes="+strings.Join(parts, ","))
	if w.Code != 200 || w.Body.String() != appJS {
		t.Errorf("2000 ranges: %d, %d bytes, want 200 and the file (%d bytes)", w.Code, w.Body.Len(), len(appJS))
	}
	w = do(h, "GET", "/app.js", "Range", "bytes=0-0,2-2,4-4")
	if w.Code != 206 || !strings.HasPrefix(w.Header().Get("Content-Type"), "multipart/byteranges") {
		t.Errorf("3 ranges: %d %q, want a 206 multipart answer", w.Code, w.Header().Get("Content-Type"))
	}
}

func TestWriteDeadlineGrowsWithTheFile(t *testing.T) {
	wasm := int64(13 << 20)
	if d := writeDeadline(wasm); d < time.Duration(wasm/minWriteRate)*time.Second || d < 13*time.Minute {
		t.Errorf("13 MB may take %v to send; a 16 KB/s connection needs 14 minutes", d)
	}
	if d := writeDeadline(0); d != writeGrace {
		t.Errorf("an empty answer may take %v", d)
	}
}

// The write deadline is really set on the connection, from the file's
// size: with the clock an hour behind every deadline has passed and the
// answer is cut off; with the clock just past the short deadline for small
// answers, the file's own deadline still lets it through whole.
func TestWriteDeadlineIsEnforced(t *testing.T) {
	h, dir := fixture(t)
	big := strings.Repeat("x", 8<<20)
	if err := os.WriteFile(filepath.Join(dir, "big.bin"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func() int64 {
		resp, err := http.Get(srv.URL + "/big.bin")
		if err != nil {
			return 0
		}
		defer resp.Body.Close()
		n, _ := io.Copy(io.Discard, resp.Body)
		return n
	}
	h.now = func() time.Time { return time.Now().Add(-time.Hour - writeDeadline(int64(len(big)))) }
	if n := get(); n == int64(len(big)) {
		t.Errorf("the whole file arrived past its deadline")
	}
	h.now = func() time.Time { return time.Now().Add(-writeGrace - time.Minute) }
	if n := get(); n != int64(len(big)) {
		t.Errorf("%d of %d bytes arrived within the file's deadline", n, len(big))
	}
}

func TestHeadersOver64KBAreRefused(t *testing.T) {
	h, _ := fixture(t)
	srv := httptest.NewUnstartedServer(h)
	srv.Config = newServer(h, nil)
	srv.Start()
	defer srv.Close()
	for _, tc := range []struct {
		size int
		want int
	}{{8 << 10, 200}, {100 << 10, http.StatusRequestHeaderFieldsTooLarge}} {
		req, _ := http.NewRequest("GET", srv.URL+"/app.js", nil)
		req.Header.Set("X-Pad", strings.Repeat("a", tc.size))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%d-byte header: %v", tc.size, err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%d-byte header: %d, want %d", tc.size, resp.StatusCode, tc.want)
		}
	}
}

// startRun runs the server on a loopback port with a 32 MB file, larger
// than the socket buffers, and returns its URL, the cancel that stops it
// and run's result.
func startRun(t *testing.T, grace string) (string, []byte, context.CancelFunc, <-chan error) {
	t.Helper()
	_, dir := fixture(t)
	big := make([]byte, 32<<20)
	if err := os.WriteFile(filepath.Join(dir, "big.bin"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", dir, "-shutdown-grace", grace}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no startup line: %v", err)
	}
	go io.Copy(io.Discard, pr)
	return strings.TrimSpace(line[strings.LastIndex(line, " ")+1:]), big, cancel, done
}

// A download in flight when the server is told to stop finishes, and the
// server then exits cleanly.
func TestShutdownWaitsForDownloads(t *testing.T) {
	url, big, cancel, done := startRun(t, "1m")
	resp, err := http.Get(url + "/big.bin")
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 1<<20)
	if _, err := io.ReadFull(resp.Body, head); err != nil {
		t.Fatal(err)
	}
	cancel()
	rest, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || len(head)+len(rest) != len(big) {
		t.Errorf("download cut short at shutdown: %d of %d bytes, %v", len(head)+len(rest), len(big), err)
	}
	if err := <-done; err != nil {
		t.Errorf("run: %v, want a clean exit", err)
	}
}

// A download that outlasts the grace period is closed, and the exit is
// still clean.
func TestShutdownClosesStalledDownloads(t *testing.T) {
	url, big, cancel, done := startRun(t, "50ms")
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(conn)
	if status, err := br.ReadString('\n'); err != nil || !strings.Contains(status, "200") {
		t.Fatalf("status %q %v", status, err)
	}
	cancel() // the client reads nothing more: the server's writes block
	if err := <-done; err != nil {
		t.Errorf("run: %v, want a clean exit", err)
	}
	n, _ := io.Copy(io.Discard, br)
	if n >= int64(len(big)) {
		t.Errorf("the stalled download got all %d bytes", n)
	}
}

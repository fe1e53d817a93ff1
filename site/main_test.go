package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRunFailsFastWithoutDir(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-dir", t.TempDir() + "/missing"}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "make build") {
		t.Fatalf("run with a missing dir: err %v, want a clear \"does not exist; run make build\"", err)
	}
	if stdout.Len() != 0 {
		t.Errorf("printed %q before failing", stdout.String())
	}
}

func TestRunServesAndShutsDown(t *testing.T) {
	_, dir := fixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", dir}, pw, io.Discard)
		pw.Close()
	}()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no startup line: %v (run: %v)", err, <-done)
	}
	prefix := "kubeplay: serving " + dir + " on http://127.0.0.1:"
	if !strings.HasPrefix(line, prefix) {
		t.Fatalf("startup line %q, want prefix %q", line, prefix)
	}
	url := strings.TrimSpace(strings.TrimPrefix(line, "kubeplay: serving "+dir+" on "))

	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "ok" {
		t.Errorf("GET /healthz: %d %q", resp.StatusCode, body)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run after shutdown: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after the context was cancelled")
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("server still answering after shutdown")
	}
}

func TestDisplayURL(t *testing.T) {
	for addr, want := range map[string]string{
		"[::]:8080":      "http://localhost:8080",
		"0.0.0.0:8080":   "http://localhost:8080",
		"127.0.0.1:9000": "http://127.0.0.1:9000",
		"[::1]:8080":     "http://[::1]:8080",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := displayURL(a); got != want {
			t.Errorf("displayURL(%s) = %q, want %q", addr, got, want)
		}
	}
}

package main

import "testing"

func BenchmarkServe(b *testing.B) {
	h, _ := fixture(b)
	tag := do(h, "GET", "/app.js", "Accept-Encoding", "gzip").Header().Get("ETag")
	for _, bc := range []struct {
		name   string
		path   string
		header []string
	}{
		{"index", "/", nil},
		{"gzip", "/app.js", []string{"Accept-Encoding", "gzip, br"}},
		{"not-modified", "/app.js", []string{"Accept-Encoding", "gzip", "If-None-Match", tag}},
		{"healthz", "/healthz", nil},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				do(h, "GET", bc.path, bc.header...)
			}
		})
	}
}

package main

import (
	"log"
	"net/http"
	"strings"
	"time"
)

// The server's limits on slow or greedy clients. Every one of them leaves
// room for a person on a slow connection: the largest file is the wasm,
// about 13 MB raw and 2.3 MB brotli.
const (
	// readTimeout bounds reading a whole request (headers and the body a
	// GET does not have); readHeaderTimeout the headers alone.
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	// maxHeaderBytes bounds the request line and headers (net/http's
	// default is 1 MB): a browser's request for a static file is under
	// 2 KB, a long share link in a Referer-free request under 16 KB.
	maxHeaderBytes = 64 << 10
	// writeGrace plus one second per minWriteRate bytes of the response is
	// how long a response may take to send, so a slow download of the
	// wasm finishes (13 MB at 16 KB/s is 14 minutes) while a client that
	// stops reading releases its connection.
	writeGrace   = 30 * time.Second
	minWriteRate = 16 << 10
	// maxRanges is the most byte ranges a request may ask for. Browsers ask
	// for one; 2,000 one-byte ranges made a multipart answer 45 times the
	// file's size. A request for more gets the whole file, as nginx's
	// max_ranges does.
	maxRanges = 8
	// shutdownGrace is how long a shutdown waits for downloads in flight
	// before it closes their connections.
	shutdownGrace = 30 * time.Second
)

// newServer is the HTTP server for h with the limits above. WriteTimeout
// stays unset: the write deadline is set per response, from its size, by
// setWriteDeadline.
func newServer(h http.Handler, logger *log.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          logger,
	}
}

// writeDeadline is how long a response of size bytes may take to send.
func writeDeadline(size int64) time.Duration {
	return writeGrace + time.Duration(size/minWriteRate)*time.Second
}

// setWriteDeadline gives the response on w until now+d to be sent. It is a
// no-op on a ResponseWriter without a connection (httptest's recorder).
func setWriteDeadline(w http.ResponseWriter, now time.Time, d time.Duration) {
	_ = http.NewResponseController(w).SetWriteDeadline(now.Add(d))
}

// tooManyRanges reports whether a Range header asks for more than
// maxRanges ranges.
func tooManyRanges(r *http.Request) bool {
	v := r.Header.Get("Range")
	return v != "" && strings.Count(v, ",") >= maxRanges
}

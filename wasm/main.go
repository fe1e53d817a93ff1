//go:build js && wasm

// Command wasm is Kubeplay's browser bridge: it is compiled to kubeplay.wasm
// and exposes a core/session.Session to JavaScript as globalThis.kubeplay.
// The page runs it in a Web Worker (assets/worker.js), so a busy cluster
// never blocks the page; the worker answers the page's postMessage requests
// by calling these functions.
//
// The API is the table of ops in api.go: each function's call, what it
// does, whether it answers with JSON text and how it changes the view the
// page shows. The worker reads the last two from ops(), so the table is
// the one list of the operations. Every function returns a plain value,
// or an Error object on failure; none throws, and a Go panic inside one
// comes back as an Error too, leaving the runtime alive.
//
// JSON strings are the one shape that crosses the boundary cheaply and
// safely (safejs cannot convert typed slices, maps or structs); the schema
// is core/session's View, Output, ApplyResult and LoadResult.
package main

import (
	"fmt"
	"os"
)

// version is set at build time by scripts/build:
//
//	-ldflags "-X main.version=..."
var version = "devel"

func main() {
	b := &bridge{}
	if err := export("kubeplay", b.handlers()); err != nil {
		fmt.Fprintln(os.Stderr, "kubeplay:", err)
		os.Exit(1)
	}
	select {} // keep the Go runtime alive for the callbacks
}

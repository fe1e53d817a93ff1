//go:build js && wasm

// Command wasm is Kubeplay's browser bridge: it is compiled to kubeplay.wasm
// and exposes a core/session.Session to JavaScript as globalThis.kubeplay.
// The page runs it in a Web Worker (assets/worker.js), so a busy cluster
// never blocks the page; the worker answers the page's postMessage requests
// by calling these functions.
//
// The API (every function returns a plain value, or an Error object on
// failure; none throws, and a Go panic inside one comes back as an Error
// too, leaving the runtime alive):
//
//	version()            the build's version string
//	create(seed)         a new session on a fresh cluster; returns the head view (JSON)
//	reset(seed)          the same, keeping nothing of the old session
//	run(line)            a console line; returns an Output (JSON)
//	apply(text)          the editor's text; returns an ApplyResult (JSON)
//	diff(text)           what applying it would change (kubectl diff), changing
//	                     nothing; returns an ApplyResult (JSON)
//	tick(n)              let n simulated seconds pass; returns an Output (JSON)
//	step()               one reconcile; returns an Output (JSON)
//	back()               one tick back; returns the tick shown (number)
//	jump(tick)           show any tick, running the cluster to it if needed; Output (JSON)
//	view(mode)           the View of the tick shown (JSON); view("delta") may send
//	                     its pods as a patch over the last view sent (View.JSONDelta)
//	load(name, text)     a scenario archive; returns a LoadResult (JSON)
//	example(name)        an embedded example scenario, by name; LoadResult (JSON)
//	scenarios()          the embedded examples: [{name, title, files}] (JSON)
//	encode()             the session as a share-link string
//	decode(state)        a share-link string; returns a LoadResult (JSON)
//	pod(ns, name)        a pod at the tick shown: its describe output and its
//	                     kubelet's CRI calls; returns a PodDetail (JSON)
//	script()             the session as a scenario archive (text)
//	transcript()         what each logged command printed: [Output] (JSON)
//	complete(line)       console completions of the line's last word (JSON array)
//	linkFiles(state)     a share link's files and editor text, not replayed (JSON)
//	exit()               stop the Go program, as a crash would (recovery.go)
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

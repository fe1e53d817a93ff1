//go:build js && wasm

// Command wasm is Kubeplay's browser bridge: it is compiled to kubeplay.wasm
// and exposes the core to JavaScript as globalThis.kubeplay.
//
// For now the bridge exports only version(); the cluster is exported once
// core/cluster exists. The JS shim draws; it never decides.
package main

import (
	"fmt"
	"os"

	"github.com/hack-pad/safejs"
)

// version is set at build time by scripts/build:
//
//	-ldflags "-X main.version=..."
var version = "devel"

func main() {
	err := export("kubeplay", map[string]handler{
		"version": func([]safejs.Value) (any, error) { return version, nil },
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubeplay:", err)
		os.Exit(1)
	}
	select {} // keep the Go runtime alive for the callbacks
}

// Package assets holds the page: index.html, the JS shim, the worker, the
// stylesheet and the example scenarios. scripts/build minifies the page's
// files into the site; the scenarios are embedded into kubeplay.wasm
// through this package, so the page lists and loads them without a fetch.
package assets

import "embed"

// Scenarios are the example scenarios, scenarios/*.txtar.
//
//go:embed scenarios/*.txtar
var Scenarios embed.FS

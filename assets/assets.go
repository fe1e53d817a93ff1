// Package assets holds the page: index.html, the JS shim, the worker, the
// stylesheet, the example scenarios and the lessons. scripts/build minifies
// the page's files into the site; the scenarios and the lessons are
// embedded into kubeplay.wasm through this package, so the page lists and
// loads them without a fetch.
package assets

import "embed"

// Scenarios are the example scenarios, scenarios/*.txtar, and the
// translations of their descriptions, scenarios/LANG/NAME.md
// (core/scenario.LocalDoc).
//
//go:embed scenarios/*.txtar scenarios/*/*.md
var Scenarios embed.FS

// Lessons are the lessons (core/lesson), lessons/*.txtar, and
// lessons/index, their names in teaching order; lessons/LANG/*.txtar are
// their translations (core/lesson.Translate).
//
//go:embed lessons/*.txtar lessons/index lessons/*/*.txtar
var Lessons embed.FS

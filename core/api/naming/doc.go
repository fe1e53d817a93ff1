// Package naming holds the name, label and port validators of
// k8s.io/apimachinery/pkg/util/validation (and of its successor,
// k8s.io/apimachinery/pkg/api/validate/content) with upstream's exact
// messages, so that API validation errors read byte for byte like a real
// API server's.
//
// Every validator returns the list of problems with its input; an empty
// (nil) list means the input is valid. Callers wrap each message in a field
// error ("metadata.name: Invalid value: ...").
//
// The regular expressions upstream shows in its messages are checked here by
// small hand-written scanners (faster, and free of regexp in the wasm build's
// hot paths); the tests prove each scanner agrees with the regex it names.
//
// This package imports only the standard library: everything under core/api
// may use it.
package naming

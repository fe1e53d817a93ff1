// Package fields holds field sets and field selectors as
// k8s.io/apimachinery/pkg/fields has them: the `--field-selector` syntax
// (comma-separated `field=value`, `field==value` and `field!=value` terms,
// with `\`, `,` and `=` in values escaped by a backslash), the matching
// semantics (a field the object does not have reads as ""), the canonical
// String() form and the Transform hook through which the API server
// converts field labels per kind.
//
// Error texts are upstream's, byte for byte: they reach users through the
// API server ("Error from server (BadRequest): Unable to find ... field
// selector \"x\": invalid selector: 'x'; can't understand 'x'").
//
// The package is pure: no global state beyond immutable values, and every
// output that could depend on map order is sorted first.
package fields

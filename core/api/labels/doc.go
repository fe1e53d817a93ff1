// Package labels holds label sets and label selectors as
// k8s.io/apimachinery/pkg/labels has them: the set type, the requirement
// model, the `-l` selector syntax kubectl accepts (Parse), the canonical
// String() form, the matching semantics, and the conversion from the API's
// LabelSelector (metav1.LabelSelectorAsSelector).
//
// Error texts are upstream's, byte for byte: they reach users through kubectl
// ("error: unable to parse requirement: ...") and through API validation.
//
// The package is pure: no global state beyond immutable values, and every
// output that could depend on map order is sorted first.
package labels

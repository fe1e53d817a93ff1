// Package field describes validation failures the way the Kubernetes API
// server does (k8s.io/apimachinery/pkg/util/validation/field): a Path names
// the offending field ("spec.template.spec.containers[0].image"), an Error
// pairs it with a type, the bad value and a detail, and an ErrorList renders
// as the aggregate text kubectl prints after "is invalid: ".
//
// Rendering follows the v1.34+ upstream rules byte for byte: simple numbers
// and bools with %v, strings with %q, and everything else as JSON (falling
// back to String() and then %#v), so a map of labels prints as
// {"app":"x"} and an IntOrString as 0 or "25%".
package field

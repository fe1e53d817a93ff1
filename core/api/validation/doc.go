// Package validation checks API objects the way the Kubernetes API server
// does, with upstream's field paths, messages and error order, so that a
// learner sees in the playground what a real v1.37 cluster would print.
//
// Validation runs after defaulting (api.SetDefaults), as in the API server:
// it assumes, for example, that a Deployment's replicas and strategy have
// been filled in. Each function names the upstream function it models
// (mostly in k8s.io/kubernetes/pkg/apis/{core,apps}/validation and
// k8s.io/apimachinery/pkg/api/validation).
//
// Where upstream iterates a Go map (labels, annotations, resource lists),
// its error order is random; here keys are visited in sorted order so the
// output is deterministic. Where upstream passes an internal (untagged) API
// struct as the bad value, it is rendered through a mirror struct with the
// internal type's field names, so the JSON matches byte for byte.
package validation

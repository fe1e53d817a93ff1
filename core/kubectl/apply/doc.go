// Package apply is client-side `kubectl apply` for one object, without the
// command line: it keeps the kubectl.kubernetes.io/last-applied-configuration
// annotation and updates existing objects with a three-way strategic merge
// patch, so a manifest re-applied after `kubectl scale` behaves as the
// documentation's declarative-config walk-through says. It models
// applyOneObject in staging/src/k8s.io/kubectl/pkg/cmd/apply/apply.go,
// Patcher.patchSimple in patcher.go and util/apply.go's
// GetModifiedConfiguration.
//
// The kubectl layer decodes the manifest, calls Apply for each object with
// the object and its JSON, prints Result.Warnings to stderr and
// Result.String() ("deployment.apps/web configured") to stdout, and words
// failures with (*Error).WithSource(fileName).
//
// Not modelled: --prune and apply sets, --force (delete and re-create),
// --server-side, --dry-run, --overwrite=false, -o output, retries after
// a 409 (a patch without a resourceVersion never conflicts here) and the
// JSON merge patch kubectl uses for kinds it has no Go type for.
//
// Files:
//
//	apply.go       Apply, Options, Result: create or patch one object
//	patch.go       the three-way patch and how it reaches the server
//	annotation.go  the last-applied annotation and the modified configuration
//	errors.go      Error and kubectl's wording of apply failures
//	merged.go      Merged: kubectl diff's live and dry-run-applied versions
package apply

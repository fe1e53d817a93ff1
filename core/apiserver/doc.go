// Package apiserver is the playground's API server: the one place where
// controllers, the scheduler, kubelets and kubectl meet, as in a real
// cluster. It models kube-apiserver's generic registry
// (staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go), the
// per-kind REST strategies (pkg/registry/...), the admission chain, etcd's
// single global revision and the watch cache.
//
// Files, one job each:
//
//	store.go       Server, storage tables, Get / List / Count, commit helpers
//	create.go      Create (generateName retries, AlreadyExists)
//	update.go      Update, UpdateStatus, FinalizeNamespace (conflicts, no-op writes)
//	delete.go      Delete, DeleteCollection (graceful pods, finalizers, propagation, namespaces)
//	patch.go       Patch, PatchStatus; jsonpatch.go (RFC 6902), mergepatch.go (RFC 7386)
//	strategy.go    per-kind PrepareForCreate / PrepareForUpdate / status rules
//	admission.go   the plugin chain; plugin_*.go: one plugin each
//	watch.go       the watch log, watchers, compaction
//	ttl.go         event expiry: --event-ttl on etcd leases, revoked lazily
//	errors.go      StatusError and its constructors; kubectl.go renders them
//	names.go       generateName suffixes and uids from the seeded source
//	service_alloc.go  Service ClusterIP and NodePort allocation (storage/alloc.go);
//	               service_ipallocator.go and service_portallocator.go the
//	               ranges, service_storage.go the fields fixed up around it,
//	               service_bootstrap.go the `kubernetes` Service
//
// Semantic equality and a pod's QoS class, set on create, are core/api's
// (equality.go, qos.go).
//
// Determinism: the server reads time only from the clock.Source and
// randomness only from the *rand.Rand it is given; lists are sorted by
// namespace then name; watch events come in write order; nothing iterates a
// map where the order could show.
//
// Copies: see Server. Everything handed out is a deep copy the caller owns,
// including watch event objects, so no caller can change the store except
// through a verb.
package apiserver

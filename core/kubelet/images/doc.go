// Package images is the playground's simulated container image registry and
// each node's image store, the two things a real kubelet talks to through
// containerd when it pulls.
//
//   - reference.go: image reference parsing and normalization, as
//     github.com/distribution/reference ParseNormalizedNamed and the
//     kubelet's applyDefaultImageTag do ("nginx" →
//     "docker.io/library/nginx:latest").
//   - registry.go: the Registry (shared by the cluster): which repositories
//     and tags exist, what a missing one answers (containerd's error text),
//     the timing model (a first pull takes 2 s, a start 1 s, a stop 1 s)
//     and the Behaviors scenarios give images to inject faults: missing,
//     slow pull, crash after N seconds, never ready, slow start, unhealthy
//     after N seconds, ignoring SIGTERM, failing hooks.
//   - catalogue.go: the built-in catalogue (nginx, httpd, redis, busybox,
//     alpine, ubuntu, postgres, mysql, registry.k8s.io/pause, the echo
//     servers, agnhost, hello-app).
//   - cache.go: a node's image store (Cache), honoured by imagePullPolicy
//     and reported in the node's status.images.
//
// The package is pure data: no clock, no randomness, no I/O.
package images

package apiserver

import "math/rand/v2"

// DryRun runs fn with every write it makes through s done as a dry run
// (the dryRun=All query parameter: registry.Store with DryRunnableStorage).
// Each create, update and patch inside fn passes the whole admission chain
// (defaults, server-set fields, validation, quota) and returns the object
// the server would have stored, but nothing is stored: no resourceVersion
// is spent, no watch event is logged, no quota usage moves.
//
// As upstream: a dry-run create answers without a resourceVersion (etcd
// never assigned one) but with a uid and creationTimestamp; a dry-run
// update keeps the stored object's resourceVersion and bumps
// metadata.generation when the spec changes.
//
// A dry run changes nothing, not even the seeded source: the uids and
// generated names it draws come from a scratch source seeded by the
// server's resourceVersion and clock, so the same dry run at the same
// point answers the same, and the cluster's own stream (the next real
// uid, the next pod name) is as if the dry run never happened. That is
// what lets the console treat `kubectl diff` as read-only.
//
// The server is single-threaded: fn must not call DryRun's caller back
// into a real write. Events whose TTL has run out are expired on entry.
func (s *Server) DryRun(fn func() error) error {
	s.expire()
	prevDry, prevRng := s.dryRun, s.rng
	s.dryRun = true
	s.rng = rand.New(rand.NewPCG(s.rv, uint64(s.clock.Now().UnixNano())))
	defer func() { s.dryRun, s.rng = prevDry, prevRng }()
	return fn()
}

package apiserver

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
// metadata.generation when the spec changes. The uid (and a generated
// name) are drawn from the cluster's seeded source like every other
// server-side random value, so a dry run is reproducible from the seed and
// the commands that ran before it.
//
// The server is single-threaded: fn must not call DryRun's caller back
// into a real write. Events whose TTL has run out are expired on entry.
func (s *Server) DryRun(fn func() error) error {
	s.expire()
	prev := s.dryRun
	s.dryRun = true
	defer func() { s.dryRun = prev }()
	return fn()
}

// Uint32 draws from the cluster's seeded source, for the random values a
// client such as kubectl would draw itself (os.MkdirTemp's directory
// names), so they replay with the seed.
func (s *Server) Uint32() uint32 { return s.rng.Uint32() }

package apiserver

import "math/rand/v2"

// SetNamespaceRand makes the objects created in one namespace draw their
// uids and generated names from r rather than from the server's source.
//
// The cluster gives kube-system a source of its own: the control plane's
// Leases and LeaderElection events are written there from the first
// second and on, and without it every uid and generated name of what a
// learner creates would depend on how many such writes came first. Both
// are random on a real cluster; here they stay the same for a scenario
// and seed whatever the control plane does.
func (s *Server) SetNamespaceRand(namespace string, r *rand.Rand) {
	if s.nsRand == nil {
		s.nsRand = map[string]*rand.Rand{}
	}
	s.nsRand[namespace] = r
}

// randFor is the source for objects created in namespace.
func (s *Server) randFor(namespace string) *rand.Rand {
	if r, ok := s.nsRand[namespace]; ok {
		return r
	}
	return s.rng
}

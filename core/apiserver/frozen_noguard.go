//go:build !kubeplay_frozen

package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// Without the kubeplay_frozen build tag the frozen-object guard (see
// frozen_guard.go) compiles to nothing.

type frozenSnapshots struct{}

func (s *Server) freeze(api.Object)      {}
func (s *Server) checkFrozen(api.Object) {}

// CheckFrozen does nothing without the kubeplay_frozen build tag; with it,
// it panics if a stored object was changed after it was stored.
func (s *Server) CheckFrozen() {}

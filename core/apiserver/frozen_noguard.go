//go:build !kubeplay_frozen

package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// Without the kubeplay_frozen build tag the frozen-object guard (see
// frozen_guard.go) compiles to nothing.

// frozenSnapshots, embedded in the Server, holds nothing and checks
// nothing.
type frozenSnapshots struct{}

func (frozenSnapshots) freeze(api.Object)      {}
func (frozenSnapshots) checkFrozen(api.Object) {}

// CheckFrozen does nothing without the kubeplay_frozen build tag; with it,
// it panics if a stored object was changed after it was stored.
func (s *Server) CheckFrozen() {}

package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// The Shared verbs (GetShared, CreateShared, UpdateStatusShared,
// DeleteShared, BindShared) are the plain verbs without the copy of the
// result: they return the server's stored, frozen object itself. They are
// for the controllers' hot paths, which only read what a write returns or
// ignore it: as an object from an informer's cache (client-go hands every handler
// the same shared object), the result must never be changed; deep-copy it
// first. Building with the kubeplay_frozen tag checks that no one does.

// copied is the plain verbs' result: the caller's own copy of a stored
// object.
func copied(obj api.Object, err error) (api.Object, error) {
	if obj == nil {
		return nil, err
	}
	return out(obj), err
}

//go:build kubeplay_frozen

package apiserver

import (
	"fmt"
	"reflect"

	"github.com/kubeplay/kubeplay/core/api"
)

// With the kubeplay_frozen build tag the server checks that no one changes
// a stored object after it is frozen: every committed object is
// snapshotted, an object is compared with its snapshot when it is replaced,
// and CheckFrozen compares every object the server or an informer may
// still hand out. `make test-go` runs the packages that share informer
// objects with it (FROZEN_PKGS in the Makefile); run the whole suite with it
// after any change that shares stored objects (go test -tags
// kubeplay_frozen ./...).

// frozenSnapshots, embedded in the Server, maps a frozen object to a deep
// copy taken when it froze. Objects are compared by pointer, so the map is
// per object, not per key.
type frozenSnapshots struct{ snaps map[api.Object]api.Object }

func (f *frozenSnapshots) freeze(obj api.Object) {
	if f.snaps == nil {
		f.snaps = map[api.Object]api.Object{}
	}
	f.snaps[obj] = obj.DeepCopyObject()
}

func (f *frozenSnapshots) checkFrozen(obj api.Object) {
	if obj == nil {
		return
	}
	snap, ok := f.snaps[obj]
	if !ok {
		panic(fmt.Sprintf("apiserver: %T %s was never frozen", obj, describeFrozen(obj)))
	}
	if !reflect.DeepEqual(obj, snap) {
		panic(fmt.Sprintf("apiserver: frozen %T %s was changed after it was stored:\nnow:    %+v\nstored: %+v",
			obj, describeFrozen(obj), obj, snap))
	}
}

func describeFrozen(obj api.Object) string {
	m := obj.GetObjectMeta()
	return m.Namespace + "/" + m.Name + "@" + m.ResourceVersion
}

// CheckFrozen panics if any object the server stores or still logs differs
// from the state it was stored in, and forgets the snapshots of objects it
// no longer holds.
func (s *Server) CheckFrozen() {
	if s.past {
		return // it shares the live server's objects, which that one checks
	}
	keep := map[api.Object]api.Object{}
	check := func(obj api.Object) {
		if obj == nil {
			return
		}
		s.checkFrozen(obj)
		keep[obj] = s.snaps[obj]
	}
	for _, t := range s.tables {
		for _, r := range t.byKey {
			check(r.obj)
		}
	}
	for _, e := range s.log.entries {
		check(e.obj)
		check(e.prev)
	}
	s.snaps = keep
}

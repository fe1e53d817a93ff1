package apiserver

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Snapshots and past servers, for time travel. Stored objects are frozen
// (a write stores a new object, never changes one), so the state of the
// store at one resourceVersion is just which object each key held: a
// Snapshot copies those pointers, O(objects), and shares the objects. The
// writes after it are the watch events a shared watcher read (which point
// at the same frozen objects), so the store at any later version is the
// snapshot plus the writes up to that version, replayed the way etcd's
// watch cache rebuilds its state from its event history.
//
// A past server (Past) serves reads at that version and refuses every
// write, dry runs included: admitting a dry run needs state the snapshot
// does not keep (the allocators, the quota usage, the random source), and
// the past is not to be changed anyway. Its events never expire: at the
// version it shows, every lease due by its time was revoked already,
// because the first read at a new virtual time revokes them and the
// cluster reads at the start of every tick.

// Snapshot is the stored state of a server at one resourceVersion.
type Snapshot struct {
	rv     uint64
	tables map[*api.KindInfo][]record
}

// Snapshot returns the stored state as it is now.
func (s *Server) Snapshot() *Snapshot {
	s.expire()
	snap := &Snapshot{rv: s.rv, tables: make(map[*api.KindInfo][]record, len(s.tables))}
	for k, t := range s.tables {
		rs := t.namespaceRange("")
		recs := make([]record, len(rs))
		for i, r := range rs {
			recs[i] = record{key: r.key, obj: r.obj}
		}
		snap.tables[k] = recs
	}
	return snap
}

// ResourceVersion is the version of the last write the snapshot holds.
func (snap *Snapshot) ResourceVersion() uint64 { return snap.rv }

// Objects is how many objects the snapshot holds.
func (snap *Snapshot) Objects() int {
	n := 0
	for _, recs := range snap.tables {
		n += len(recs)
	}
	return n
}

// PastClock is the fixed virtual time a past server reads.
type PastClock time.Time

// Now is the fixed time.
func (c PastClock) Now() time.Time { return time.Time(c) }

// Past returns a read-only server holding the snapshot's state plus the
// writes of events (in order, as a shared watch of every kind delivers
// them, starting after the snapshot's version) up to resourceVersion rv,
// with its clock fixed at now. It costs O(objects + writes applied).
func (snap *Snapshot) Past(events []Event, rv uint64, now time.Time) *Server {
	s := &Server{
		clock:  PastClock(now),
		rng:    rand.New(rand.NewPCG(0, 0)), // never drawn from: writes are refused
		rv:     snap.rv,
		tables: make(map[*api.KindInfo]*table, len(snap.tables)),
		past:   true,
	}
	s.log.init()
	s.leases.init()
	s.leases.ttl = 0
	s.eventKind = api.EventKind
	for k, recs := range snap.tables {
		// One slab per kind: the records are the server's own (a table
		// changes them), the objects are shared.
		slab := slices.Clone(recs)
		t := &table{byKey: make(map[objKey]*record, len(recs)), sorted: make([]*record, len(recs))}
		for i := range slab {
			t.sorted[i] = &slab[i]
			t.byKey[slab[i].key] = &slab[i]
		}
		s.tables[k] = t
	}
	for _, e := range events {
		if e.ResourceVersion <= snap.rv {
			continue
		}
		if e.ResourceVersion > rv {
			break
		}
		if e.Kind == nil || e.Object == nil {
			continue
		}
		m := e.Object.GetObjectMeta()
		key := objKey{m.Namespace, m.Name}
		t := s.table(e.Kind)
		switch e.Type {
		case Added, Modified:
			if r := t.byKey[key]; r != nil {
				t.remove(r)
			}
			t.insert(&record{key: key, obj: e.Object})
		case Deleted:
			if r := t.byKey[key]; r != nil {
				t.remove(r)
			}
		}
		s.rv = e.ResourceVersion
	}
	s.rv = max(s.rv, rv)
	s.log.first = s.rv + 1
	return s
}

// ShareLists makes a past server's lists hand out its frozen objects
// rather than copies, as a shared watch does: for readers that never
// change what they read (informers, a view's builder), to which copying
// every object of a large store would cost more than the rest of their
// work. It returns s.
func (s *Server) ShareLists() *Server {
	s.shared = s.past
	return s
}

// WritesRefused counts the writes a past server refused: a caller that
// finds it nonzero knows the request needed a live cluster.
func (s *Server) WritesRefused() int { return s.refused }

// refusePast is the error every write to a past server gets.
func (s *Server) refusePast() error {
	s.refused++
	return NewBadRequest("the cluster shown is a past tick: it is read-only")
}

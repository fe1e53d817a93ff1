package apiserver

import (
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Event expiry. kube-apiserver stores Events with a TTL (--event-ttl,
// default 1h: the event registry's TTLFunc), and etcd deletes them when it
// runs out. Every write of an event (create, update, patch; not a no-op
// update) attaches it to an etcd lease afresh, so an event repeated with
// count+1 lives on from its last write.
//
// The leases come from the storage layer's leaseManager
// (staging/src/k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go): etcd
// leases are expensive, so a new lease is granted for ttl plus a reuse
// window (min(5% of ttl, --lease-reuse-duration-seconds = 60 s)) and every
// write in the next 60 s, up to 1,000 of them, shares it. An event
// therefore disappears between 1h and 1h+60s after its last write: the one
// that opened a lease lives 3,660 s, one written 59 s later 3,601 s, both
// expire together. SetEventTTL with a reuse of 0 gives every write its own
// lease, and exactly ttl.
//
// When a lease expires etcd revokes it, deleting every key still attached
// in one transaction; the API server's watch on etcd turns each deletion
// into a DELETED watch event carrying the event's last state, so informers
// and `kubectl get events -w` see expired events go. Here each deletion
// takes its own resourceVersion (etcd gives them one revision), in
// (namespace, name) order.
//
// The clock only moves between calls, so expiry runs lazily: every verb
// (and every watcher read) first revokes the leases whose time has come.
// Whoever looks first at a new virtual time (in the standard cluster, the
// informers pumped at the start of each tick) triggers it, and nothing can
// observe an expired event. It costs one comparison when nothing is due;
// revoking a lease costs O(k log k) for its k events (at most 1,000).

// Event expiry defaults.
const (
	// DefaultEventTTL is kube-apiserver's --event-ttl.
	DefaultEventTTL = time.Hour
	// DefaultLeaseReuseDuration is --lease-reuse-duration-seconds.
	DefaultLeaseReuseDuration = 60 * time.Second
	// leaseMaxObjectCount is defaultLeaseMaxObjectCount: objects per lease.
	leaseMaxObjectCount = 1000
	// leaseReuseDurationPercent caps the reuse window at 5% of the ttl.
	leaseReuseDurationPercent = 0.05
)

// lease is one etcd lease and the stored events attached to it.
type lease struct {
	expires time.Time
	records map[*record]struct{}
}

// leaseManager models etcd3's leaseManager plus the part of etcd's lessor
// the playground needs: the leases not yet revoked, ordered by expiry.
type leaseManager struct {
	ttl      time.Duration // 0: events never expire
	reuse    time.Duration // the --lease-reuse-duration-seconds cap
	prev     *lease        // the lease GetLease may hand out again
	attached int           // leaseAttachedObjectCount: writes since prev was granted
	leases   []*lease      // live leases, by expiry
}

func (m *leaseManager) init() {
	m.ttl, m.reuse = DefaultEventTTL, DefaultLeaseReuseDuration
}

// SetEventTTL changes how long events live after their last write (--event-ttl;
// 0 keeps them forever) and the lease reuse window
// (--lease-reuse-duration-seconds; 0 gives every write its own lease). It
// applies to writes from now on; events already stored keep their lease.
func (s *Server) SetEventTTL(ttl, leaseReuse time.Duration) {
	s.leases.ttl, s.leases.reuse = max(ttl, 0), max(leaseReuse, 0)
	s.leases.prev, s.leases.attached = nil, 0
}

// getLease models leaseManager.GetLease: the previous lease if it expires
// after now+ttl but no later than now+ttl+reuse and has room, else a new
// one granted for ttl+reuse. Durations are whole seconds, as etcd's are.
// Upstream wants the previous expiry strictly before now+ttl+reuse, which
// real time always gives a later write; on the virtual clock the writes of
// one tick share an instant, so equality counts too (else each write in
// the lease's first second would open a lease of its own).
func (m *leaseManager) getLease(now time.Time) *lease {
	ttl := int64(m.ttl / time.Second)
	reuse := min(int64(leaseReuseDurationPercent*float64(ttl)), int64(m.reuse/time.Second))
	m.attached++ // counted whether or not the lease is reused
	if p := m.prev; p != nil {
		valid := now.Add(time.Duration(ttl) * time.Second).Before(p.expires)
		sufficient := !now.Add(time.Duration(ttl+reuse) * time.Second).Before(p.expires)
		if valid && sufficient && m.attached <= leaseMaxObjectCount {
			return p
		}
	}
	l := &lease{expires: now.Add(time.Duration(ttl+reuse) * time.Second), records: map[*record]struct{}{}}
	i, _ := slices.BinarySearchFunc(m.leases, l.expires, func(x *lease, t time.Time) int {
		if x.expires.After(t) {
			return 1
		}
		return -1 // equal expiries keep grant order
	})
	m.leases = slices.Insert(m.leases, i, l)
	m.prev, m.attached = l, 1
	return l
}

// attach puts a freshly written event record on a lease (etcd3 store's
// ttlOpts on Create and GuaranteedUpdate), leaving any earlier one.
func (m *leaseManager) attach(r *record, now time.Time) {
	m.detach(r)
	if m.ttl < time.Second {
		return
	}
	l := m.getLease(now)
	l.records[r] = struct{}{}
	r.lease = l
}

// detach takes a deleted or rewritten record off its lease.
func (m *leaseManager) detach(r *record) {
	if r.lease != nil {
		delete(r.lease.records, r)
		r.lease = nil
	}
}

// leased reports whether writes of kind k carry a TTL: only Events do.
func (s *Server) leased(k *api.KindInfo) bool { return k == s.eventKind }

// expire revokes every lease whose time has come, deleting the events
// still attached to it (etcd's lessor revoking an expired lease). Every
// verb calls it first.
func (s *Server) expire() {
	m := &s.leases
	if len(m.leases) == 0 || s.dryRun { // DryRun expired them on entry
		return
	}
	now := s.clock.Now()
	for len(m.leases) > 0 && !m.leases[0].expires.After(now) {
		l := m.leases[0]
		m.leases[0] = nil
		m.leases = m.leases[1:]
		if m.prev == l {
			m.prev = nil
		}
		recs := make([]*record, 0, len(l.records))
		for r := range l.records {
			recs = append(recs, r)
		}
		slices.SortFunc(recs, func(a, b *record) int { return compareKeys(a.key, b.key) })
		t := s.table(s.eventKind)
		for _, r := range recs {
			if t.live(r) {
				s.commitDelete(s.eventKind, r)
			} else {
				m.detach(r)
			}
		}
	}
	if len(m.leases) == 0 {
		m.leases = nil // let the backing array go
	}
}

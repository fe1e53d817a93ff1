package apiserver

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/clock"
)

// Server is the simulated API server: typed storage by kind, namespace and
// name, the admission chain every write passes through, and the watch log
// every write appends to. It plays the parts of kube-apiserver's generic
// registry (registry.Store), its REST strategies and etcd.
//
// Server is a single-threaded state machine, like the rest of core/: it is
// not safe for concurrent use, starts no goroutines and reads time only from
// its clock and randomness only from its rng.
//
// Copy rules: the store never hands out a pointer it keeps. Every object
// passed in is deep-copied before the server touches it, and every object
// returned (Get, List, the result of a write, watch events) is a fresh deep
// copy the caller owns. Stored objects are copy-on-write: a write stores a
// new object and never changes a stored one, so the watch log can point at
// them safely.
type Server struct {
	clock clock.Source
	rng   *rand.Rand
	// nsRand are the sources of namespaces that draw their own (rand_namespace.go).
	nsRand map[string]*rand.Rand
	// fixedUID, when set, is the uid of the object being created
	// (CreateBootstrap) in place of one drawn from rng.
	fixedUID string

	rv     uint64                   // the global resourceVersion: the last write's
	tables map[*api.KindInfo]*table // one per kind, created on first write
	log    watchLog                 // every write, in order
	patch  map[PatchType]PatchFunc  // patch formats served

	leases    leaseManager  // the TTL leases of stored events (ttl.go)
	dryRun    bool          // inside DryRun: writes are answered, not stored
	eventKind *api.KindInfo // the one kind whose writes carry a TTL

	frozenSnapshots // the kubeplay_frozen guard's snapshots (frozen_guard.go)

	past    bool // a read-only server at a past version (snapshot.go)
	refused int  // the writes it refused
	shared  bool // its lists hand out the frozen objects (ShareLists)

	// Plugins is the admission chain, run in order on every create, update
	// and delete (see DefaultPlugins). Callers may change it; quota is
	// switched on by setting the Evaluator of the chain's ResourceQuota
	// plugin (FindPlugin("ResourceQuota")).
	Plugins []Plugin
}

// New returns a server whose clock and randomness come from the caller (the
// cluster's virtual clock and seeded source), with the namespaces a fresh
// cluster has: default, kube-node-lease, kube-public and kube-system, all
// Active.
func New(clk clock.Source, rng *rand.Rand) *Server {
	s := &Server{
		clock:   clk,
		rng:     rng,
		tables:  map[*api.KindInfo]*table{},
		Plugins: DefaultPlugins(),
		patch: map[PatchType]PatchFunc{
			JSONPatchType:           applyJSONPatch,
			MergePatchType:          applyMergePatch,
			StrategicMergePatchType: applyStrategicMergePatch,
		},
	}
	s.log.init()
	s.leases.init()
	s.eventKind = api.EventKind
	for _, name := range InitialNamespaces {
		ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}}
		if _, err := s.Create(ns); err != nil {
			panic("apiserver: bootstrapping namespace " + name + ": " + err.Error())
		}
	}
	return s
}

// InitialNamespaces are the namespaces every cluster starts with, in the
// order they are created.
var InitialNamespaces = []string{"default", "kube-node-lease", "kube-public", "kube-system"}

// ResourceVersion returns the current global resourceVersion: that of the
// last write, as a string, as list responses carry it.
func (s *Server) ResourceVersion() string {
	s.expire()
	return strconv.FormatUint(s.rv, 10)
}

// Now returns the server's virtual time.
func (s *Server) Now() time.Time { return s.clock.Now() }

// objKey is a stored object's identity within its kind.
type objKey struct{ namespace, name string }

func compareKeys(a, b objKey) int {
	if c := strings.Compare(a.namespace, b.namespace); c != 0 {
		return c
	}
	return strings.Compare(a.name, b.name)
}

// record is one stored object. obj is frozen: it is replaced on every
// write, never changed. lease is the TTL lease an Event is attached to.
type record struct {
	key   objKey
	obj   api.Object
	lease *lease
}

// table stores one kind: a map for lookups and a slice sorted by
// (namespace, name) so lists come out in order without sorting them whole.
// Writes are O(1): a new record waits in pending and a removed one stays in
// sorted until the next read merges them (a burst of 10,000 pod creations
// would otherwise shift the slice 10,000 times).
type table struct {
	byKey   map[objKey]*record
	sorted  []*record // may hold records since removed or replaced
	pending []*record // inserted since the last merge, in any order
	stale   bool      // sorted holds removed records
}

func (s *Server) table(k *api.KindInfo) *table {
	t := s.tables[k]
	if t == nil {
		t = &table{byKey: map[objKey]*record{}}
		s.tables[k] = t
	}
	return t
}

func (t *table) insert(r *record) {
	if old := t.byKey[r.key]; old != nil {
		t.stale = true // insert over a live key replaces it
	}
	t.byKey[r.key] = r
	t.pending = append(t.pending, r)
}

func (t *table) remove(r *record) {
	if t.byKey[r.key] == r {
		delete(t.byKey, r.key)
		t.stale = true
	}
}

// live reports whether r is the record stored under its key.
func (t *table) live(r *record) bool { return t.byKey[r.key] == r }

// merge folds pending into sorted and drops records no longer live.
func (t *table) merge() {
	if len(t.pending) == 0 && !t.stale {
		return
	}
	byKey := func(a, b *record) int { return compareKeys(a.key, b.key) }
	slices.SortFunc(t.pending, byKey)
	merged := make([]*record, 0, len(t.byKey))
	i, j := 0, 0
	for i < len(t.sorted) || j < len(t.pending) {
		var r *record
		if j == len(t.pending) || (i < len(t.sorted) && byKey(t.sorted[i], t.pending[j]) <= 0) {
			r, i = t.sorted[i], i+1
		} else {
			r, j = t.pending[j], j+1
		}
		if t.live(r) {
			merged = append(merged, r)
		}
	}
	clear(t.pending)
	t.sorted, t.pending, t.stale = merged, t.pending[:0], false
}

// namespaceRange returns the records of one namespace ("" = all).
func (t *table) namespaceRange(ns string) []*record {
	t.merge()
	if ns == "" {
		return t.sorted
	}
	lo, _ := slices.BinarySearchFunc(t.sorted, ns, func(x *record, ns string) int {
		return strings.Compare(x.key.namespace, ns)
	})
	hi := lo
	for hi < len(t.sorted) && t.sorted[hi].key.namespace == ns {
		hi++
	}
	return t.sorted[lo:hi]
}

// lookup returns the record for kind/namespace/name, or nil.
func (s *Server) lookup(k *api.KindInfo, ns, name string) *record {
	t := s.tables[k]
	if t == nil {
		return nil
	}
	return t.byKey[objKey{ns, name}]
}

// kindFor resolves the kind of a typed object, as the scheme does.
func kindFor(obj api.Object) (*api.KindInfo, error) {
	if obj == nil {
		return nil, NewBadRequest("no object was provided")
	}
	k := api.KindOf(obj)
	if k == nil {
		return nil, NewBadRequest(fmt.Sprintf("no kind is registered for the type %T", obj))
	}
	return k, nil
}

// requestNamespace is the namespace a single-object request addresses:
// cleared for cluster-scoped kinds, "default" when left empty for a
// namespaced kind (as kubectl's default context does).
func requestNamespace(k *api.KindInfo, ns string) string {
	switch {
	case !k.Namespaced:
		return ""
	case ns == "":
		return "default"
	}
	return ns
}

// out returns the caller's copy of a stored object.
func out(obj api.Object) api.Object {
	c := obj.DeepCopyObject()
	api.SetTypeMeta(c)
	return c
}

// shallowCopy returns a new object whose fields are those of obj: it shares
// obj's maps, slices and pointers, so it is only for frozen objects whose
// copy changes nothing but plain fields of its own (such as the metadata's
// resourceVersion).
func shallowCopy(obj api.Object) api.Object {
	v := reflect.ValueOf(obj).Elem()
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.Interface().(api.Object)
}

// metaCopy is a stored object's copy for a write that changes only its
// metadata (a deletion's timestamp, grace period and finalizers): the new
// version shares the frozen spec and status with the stored one, as a
// status write shares the spec, instead of copying the whole object.
func metaCopy(obj api.Object) api.Object {
	c := shallowCopy(obj)
	obj.GetObjectMeta().DeepCopyInto(c.GetObjectMeta())
	return c
}

// nextRV advances the global resourceVersion for one write.
func (s *Server) nextRV() uint64 {
	s.rv++
	return s.rv
}

// commitAdd stores a new object and logs ADDED. obj must be private to the
// server; it is frozen from here on.
func (s *Server) commitAdd(k *api.KindInfo, obj api.Object) {
	if s.past { // every verb refuses first; this is the last line of defence
		s.refused++
		return
	}
	if s.dryRun {
		api.SetTypeMeta(obj)
		return
	}
	rv := s.nextRV()
	m := obj.GetObjectMeta()
	m.ResourceVersion = strconv.FormatUint(rv, 10)
	api.SetTypeMeta(obj)
	r := &record{key: objKey{m.Namespace, m.Name}, obj: obj}
	s.table(k).insert(r)
	s.freeze(obj)
	if s.leased(k) {
		s.leases.attach(r, s.clock.Now())
	}
	s.log.append(logEntry{typ: Added, kind: k, obj: obj, rv: rv})
}

// commitUpdate replaces a stored object and logs MODIFIED.
func (s *Server) commitUpdate(k *api.KindInfo, r *record, obj api.Object) {
	if s.past { // every verb refuses first; this is the last line of defence
		s.refused++
		return
	}
	if s.dryRun {
		api.SetTypeMeta(obj)
		return
	}
	rv := s.nextRV()
	obj.GetObjectMeta().ResourceVersion = strconv.FormatUint(rv, 10)
	api.SetTypeMeta(obj)
	prev := r.obj
	s.checkFrozen(prev)
	s.freeze(obj)
	r.obj = obj
	if s.leased(k) {
		s.leases.attach(r, s.clock.Now())
	}
	s.log.append(logEntry{typ: Modified, kind: k, obj: obj, prev: prev, rv: rv})
}

// commitDelete removes a stored object and logs DELETED. As in an etcd
// watch, the event's object is the last stored state carrying the
// resourceVersion of its deletion.
func (s *Server) commitDelete(k *api.KindInfo, r *record) {
	if s.past { // every verb refuses first; this is the last line of defence
		s.refused++
		return
	}
	if s.dryRun {
		return
	}
	rv := s.nextRV()
	s.checkFrozen(r.obj)
	last := shallowCopy(r.obj) // frozen as r.obj is: only the version differs
	last.GetObjectMeta().ResourceVersion = strconv.FormatUint(rv, 10)
	s.table(k).remove(r)
	s.leases.detach(r)
	s.freeze(last)
	s.log.append(logEntry{typ: Deleted, kind: k, obj: last, prev: r.obj, rv: rv})
}

// Get returns a copy of the named object (rest.Getter). For cluster-scoped
// kinds the namespace is ignored; for namespaced ones "" means "default".
func (s *Server) Get(k *api.KindInfo, namespace, name string) (api.Object, error) {
	return copied(s.GetShared(k, namespace, name))
}

// GetShared is Get returning the stored object itself, not a copy: see the
// Shared verbs in shared.go.
func (s *Server) GetShared(k *api.KindInfo, namespace, name string) (api.Object, error) {
	if k == nil {
		return nil, NewBadRequest("no kind was provided")
	}
	s.expire()
	r := s.lookup(k, requestNamespace(k, namespace), name)
	if r == nil {
		return nil, NewNotFound(k, name)
	}
	return r.obj, nil
}

// List is the result of a list call: copies of the matching objects, sorted
// by namespace then name, and the resourceVersion they were read at (where
// an informer would start its watch).
type List struct {
	Kind            *api.KindInfo
	ResourceVersion string
	Items           []api.Object
}

// List returns copies of the objects of one kind in a namespace ("" = all
// namespaces; ignored for cluster-scoped kinds) whose labels match selector
// (nil = everything), sorted by namespace then name. ListWithOptions also
// takes a field selector.
func (s *Server) List(k *api.KindInfo, namespace string, selector labels.Selector) (*List, error) {
	return s.ListWithOptions(k, namespace, ListOptions{LabelSelector: selector})
}

// Count returns how many objects of a kind a namespace ("" = all) holds,
// without copying them.
func (s *Server) Count(k *api.KindInfo, namespace string) int {
	s.expire()
	t := s.tables[k]
	if t == nil {
		return 0
	}
	if !k.Namespaced {
		namespace = ""
	}
	return len(t.namespaceRange(namespace))
}

// GetAs is Get for a known Go type: GetAs[*api.Deployment](s, "default", "web").
func GetAs[T api.Object](s *Server, namespace, name string) (T, error) {
	var zero T
	k := api.KindOf(zero)
	obj, err := s.Get(k, namespace, name)
	if err != nil {
		return zero, err
	}
	return obj.(T), nil
}

// ListAs is List for a known Go type, returning the items and the list's
// resourceVersion.
func ListAs[T api.Object](s *Server, namespace string, selector labels.Selector) ([]T, string, error) {
	var zero T
	l, err := s.List(api.KindOf(zero), namespace, selector)
	if err != nil {
		return nil, "", err
	}
	items := make([]T, len(l.Items))
	for i, o := range l.Items {
		items[i] = o.(T)
	}
	return items, l.ResourceVersion, nil
}

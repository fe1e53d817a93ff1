package controller

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// Handler is client-go's ResourceEventHandlerFuncs: what an informer calls
// when an object of its kind is added, updated or deleted. Objects handed to
// handlers are the informer's shared copies: read them, never change them.
type Handler struct {
	Add    func(obj api.Object)
	Update func(old, cur api.Object)
	Delete func(obj api.Object)

	// NodeName, on a Pod handler, is the field selector
	// spec.nodeName=NodeName of a kubelet's informer: the handler sees the
	// events whose pod (after the change) is bound to that node, and those
	// of the keys it follows (Subscription.Follow). "" sees every event.
	NodeName string

	// process is the component process that registered the handler (see
	// Informers.ForProcess); "" for the cluster's long-lived components.
	process string
}

// Informers is the simulated SharedInformerFactory: one watch on the API
// server feeding one cache per kind and the handlers registered for it.
//
// Unlike client-go there are no goroutines: Pump delivers pending watch
// events when the cluster calls it, in resourceVersion order. The cluster
// pumps before every work item, so a controller always reads a cache that
// has seen every earlier write, and the run is deterministic.
type Informers struct {
	server   *apiserver.Server
	kinds    []*api.KindInfo
	watcher  *apiserver.Watcher
	stores   map[*api.KindInfo]*Store
	handlers map[*api.KindInfo]*dispatch
	seq      uint64 // handlers registered so far

	// root is the factory a process view (ForProcess) shares its caches,
	// watch and handler lists with; nil for the factory itself.
	root    *Informers
	process string
}

// NewInformers lists every kind, fills the caches, and starts watching from
// the list's resourceVersion (the reflector's ListAndWatch).
func NewInformers(s *apiserver.Server, kinds ...*api.KindInfo) *Informers {
	in := &Informers{
		server:   s,
		kinds:    kinds,
		stores:   map[*api.KindInfo]*Store{},
		handlers: map[*api.KindInfo]*dispatch{},
	}
	for _, k := range kinds {
		in.stores[k] = newStore()
		in.handlers[k] = newDispatch()
	}
	in.relist()
	return in
}

// Lister returns the cache of one kind. It panics for a kind the informers
// were not created with: that is a wiring bug, not a runtime condition.
func (in *Informers) Lister(k *api.KindInfo) *Store {
	st, ok := in.stores[k]
	if !ok {
		panic("controller: no informer for " + k.Kind)
	}
	return st
}

// AddHandler registers h for events on kind k and, as client-go does for a
// handler added to a running informer, first replays every cached object to
// h.Add, in key order, so a controller started late misses nothing (a
// handler scoped to a node: the objects bound to it).
func (in *Informers) AddHandler(k *api.KindInfo, h Handler) *Subscription {
	st := in.Lister(k) // same wiring check
	if h.NodeName != "" && k != api.PodKind {
		panic("controller: a NodeName handler for " + k.Kind)
	}
	h.process = in.process
	b := in.base()
	b.seq++
	s := &Subscription{h: h, seq: b.seq}
	b.handlers[k].add(s)
	if h.Add != nil {
		for _, key := range st.Keys() {
			if obj, _ := st.Get(key); h.NodeName == "" || podNode(obj) == h.NodeName {
				h.Add(obj)
			}
		}
	}
	return s
}

// ForProcess returns a view of the informers for one run of a component
// process that can stop and start again (kube-controller-manager): it
// reads the same caches, and the handlers registered through it are
// removed together by RemoveHandlers(process) when that process exits. A
// real new process lists and watches afresh; sharing the caches is the
// same thing here, as the caches always hold what a fresh list would
// return, and AddHandler replays them to each new handler.
func (in *Informers) ForProcess(process string) *Informers {
	v := *in.base()
	v.root, v.process = in.base(), process
	return &v
}

// RemoveHandlers unregisters every handler a process view registered
// (client-go's RemoveEventHandler for each of them).
func (in *Informers) RemoveHandlers(process string) {
	for _, d := range in.base().handlers {
		d.remove(process)
	}
}

func (in *Informers) base() *Informers {
	if in.root != nil {
		return in.root
	}
	return in
}

// Pump delivers every pending watch event to the caches and handlers and
// returns how many it delivered.
func (in *Informers) Pump() int {
	if in.root != nil {
		return in.root.Pump()
	}
	n := 0
	for {
		ev, ok := in.watcher.Next()
		if !ok {
			// Only with the kubeplay_frozen build tag: fail as soon as a
			// handler or a sync has changed a shared object. A pump that
			// delivered nothing skips the full check (most pumps, before
			// every step and actor): a changed object is still caught,
			// at its next write or at the next pump that delivers an
			// event, and the guard costs a tenth of the time.
			if n > 0 {
				in.server.CheckFrozen()
			}
			return n
		}
		if ev.Type == apiserver.Error {
			// The watch expired (410 Gone): relist, as the reflector does.
			in.relist()
			continue
		}
		n++
		in.deliver(ev.Kind, ev.Type, ev.Object)
	}
}

func (in *Informers) deliver(k *api.KindInfo, typ apiserver.EventType, obj api.Object) {
	st := in.stores[k]
	key := KeyOf(obj)
	st.lastSyncRV = obj.GetObjectMeta().ResourceVersion
	old, existed := st.Get(key)
	targets := in.handlers[k].targets(key, podNode(obj))
	switch typ {
	case apiserver.Deleted:
		st.remove(key)
		for _, s := range targets {
			if h := s.h; h.Delete != nil {
				h.Delete(obj)
			}
		}
	default:
		st.put(key, obj)
		for _, s := range targets {
			switch h := s.h; {
			case existed && h.Update != nil:
				h.Update(old, obj)
			case !existed && h.Add != nil:
				h.Add(obj)
			}
		}
	}
}

// relist replaces every cache with a fresh list and tells the handlers what
// changed, then watches from the list's resourceVersion.
func (in *Informers) relist() {
	if in.watcher != nil {
		in.watcher.Stop()
	}
	rv := ""
	for _, k := range in.kinds {
		l, err := in.server.List(k, "", nil)
		if err != nil {
			panic("controller: listing " + k.Kind + ": " + err.Error())
		}
		rv = l.ResourceVersion
		st := in.stores[k]
		seen := map[string]bool{}
		for _, obj := range l.Items {
			key := KeyOf(obj)
			seen[key] = true
			in.deliver(k, apiserver.Added, obj)
		}
		for _, key := range st.Keys() {
			if !seen[key] {
				obj, _ := st.Get(key)
				in.deliver(k, apiserver.Deleted, obj)
			}
		}
		st.lastSyncRV = rv
	}
	w, err := in.server.Watch(apiserver.WatchOptions{Kinds: in.kinds, ResourceVersion: rv, Shared: true})
	if err != nil {
		panic("controller: watching: " + err.Error())
	}
	in.watcher = w
}

// KeyOf is cache.MetaNamespaceKeyFunc: "namespace/name", or "name" for
// cluster-scoped objects.
func KeyOf(obj api.Object) string {
	m := obj.GetObjectMeta()
	if m.Namespace == "" {
		return m.Name
	}
	return m.Namespace + "/" + m.Name
}

// SplitKey is cache.SplitMetaNamespaceKey.
func SplitKey(key string) (namespace, name string) {
	if ns, n, ok := strings.Cut(key, "/"); ok {
		return ns, n
	}
	return "", key
}

// Store is one kind's informer cache (cache.Indexer with a lister on top).
// Besides the objects by key it keeps upstream's controller index: objects
// by their controller's UID, and orphans by namespace
// (controller.PodControllerUIDIndex and OrphanPodIndexKey), so a controller
// finds its pods without scanning the namespace.
type Store struct {
	// objects are the entries by key, the same entries as the buckets'.
	objects map[string]*entry
	keys    keyOrder
	// list is the entries in key order; nil once keys or entries changed.
	list    []*entry
	owned   map[string]*bucket
	byLabel labelIndex
	// revs counts the changes of the controller index's buckets (see
	// bucket.rev).
	revs uint64
	// lastSyncRV is the resourceVersion of the last list or watch event
	// the cache took in.
	lastSyncRV string
}

// bucket is one entry of the controller index. Its entries outlive the
// object versions they hold: an update of the same controller's object
// changes the entry in place, so the key-ordered list stays valid and is
// rebuilt only when objects join or leave.
type bucket struct {
	entries map[string]*entry
	keys    keyOrder
	// list is the entries in key order; nil once keys changed.
	list []*entry
	// rev changes whenever an object joins or leaves the bucket, or a
	// pod's CachedPod changes in what a sync reads of it; it is taken from
	// the store's counter, so a bucket made again never repeats an old one.
	rev uint64
	// log is the pods' changes with a rev above logBase, oldest first
	// (CachedPodChanges), kept to a bound.
	log     []PodChange
	logBase uint64
}

// PodChange is one change of a pod in the controller index: Old is the
// CachedPod it replaced (nil when the pod joined), New the one now there
// (nil when it left).
type PodChange struct {
	rev      uint64
	Old, New *CachedPod
}

// changed marks b as changed in what its readers see (see rev), by the
// change of a pod from old to new (both nil for other kinds).
func (b *bucket) changed(st *Store, old, new *CachedPod) {
	st.revs++
	b.rev = st.revs
	if old == nil && new == nil {
		return
	}
	if len(b.log) >= max(256, len(b.entries)/4) {
		drop := len(b.log) / 2
		b.logBase = b.log[drop-1].rev
		b.log = append(b.log[:0], b.log[drop:]...)
	}
	b.log = append(b.log, PodChange{rev: b.rev, Old: old, New: new})
}

// changesSince returns the pod changes of one controller-index entry after
// rev since, oldest first, or false when they are no longer all known.
func (st *Store) changesSince(ik string, since uint64) ([]PodChange, bool) {
	b := st.owned[ik]
	switch {
	case b == nil:
		// Empty now: unchanged if it was empty then (a bucket that
		// emptied took its log with it).
		return nil, since == 0
	case b.rev == since:
		return nil, true
	case since < b.logBase:
		return nil, false
	}
	i, _ := slices.BinarySearchFunc(b.log, since+1, func(c PodChange, rev uint64) int { return cmp.Compare(c.rev, rev) })
	return b.log[i:], true
}

// entry is one object of a bucket; for a pod, also what controllers read
// of it at every sync (CachedPod), computed once per version.
type entry struct {
	obj api.Object
	pod *CachedPod
}

func newEntry(obj api.Object) *entry {
	e := &entry{obj: obj}
	if p, ok := obj.(*api.Pod); ok {
		e.pod = NewCachedPod(p)
	}
	return e
}

// sorted returns the entries in key order (shared: do not keep).
func (b *bucket) sorted() []*entry { return inKeyOrder(&b.list, &b.keys, b.entries) }

// inKeyOrder returns *list, first made from keys and entries if nil.
func inKeyOrder(list *[]*entry, keys *keyOrder, entries map[string]*entry) []*entry {
	if *list == nil {
		ks := keys.list()
		*list = make([]*entry, len(ks))
		for i, k := range ks {
			(*list)[i] = entries[k]
		}
	}
	return *list
}

func newStore() *Store {
	return &Store{objects: map[string]*entry{}, owned: map[string]*bucket{}, byLabel: labelIndex{}}
}

// orphanIndexPrefix marks the index entries of objects without a
// controller; a UID never starts with a NUL byte.
const orphanIndexPrefix = "\x00orphan/"

func controllerIndexKey(obj api.Object) string {
	m := obj.GetObjectMeta()
	if ref := m.ControllerRef(); ref != nil {
		return ref.UID
	}
	return orphanIndexPrefix + m.Namespace
}

func (st *Store) put(key string, obj api.Object) {
	ik := controllerIndexKey(obj)
	old := st.objects[key]
	var oldLabels map[string]string
	if old != nil {
		oldLabels = old.obj.GetObjectMeta().Labels
	}
	st.byLabel.update(key, oldLabels, obj.GetObjectMeta().Labels)
	if old != nil {
		if controllerIndexKey(old.obj) == ik {
			// The usual update: same controller, so the sorted entries
			// stay valid; the entry takes the new version.
			old.obj = obj
			if old.pod != nil && !old.pod.update(obj.(*api.Pod)) {
				// A new CachedPod, not a change in place: a sync that
				// listed the old one keeps what it saw.
				was := old.pod
				old.pod = NewCachedPod(obj.(*api.Pod))
				st.owned[ik].changed(st, was, old.pod)
			}
			return
		}
		st.unindex(key, old.obj)
	} else {
		st.keys.add(key)
	}
	e := newEntry(obj)
	st.objects[key] = e
	st.list = nil
	b := st.owned[ik]
	if b == nil {
		// Its log starts now: a reader of an earlier bucket of the same
		// index entry lists again.
		b = &bucket{entries: map[string]*entry{}, logBase: st.revs}
		st.owned[ik] = b
	}
	b.entries[key] = e
	b.keys.add(key)
	b.list = nil
	b.changed(st, nil, e.pod)
}

func (st *Store) remove(key string) {
	if old, ok := st.objects[key]; ok {
		st.unindex(key, old.obj)
		st.byLabel.update(key, old.obj.GetObjectMeta().Labels, nil)
		delete(st.objects, key)
		st.keys.remove(key)
		st.list = nil
	}
}

// sorted returns the entries in key order (shared: do not keep).
func (st *Store) sorted() []*entry { return inKeyOrder(&st.list, &st.keys, st.objects) }

func (st *Store) unindex(key string, old api.Object) {
	ik := controllerIndexKey(old)
	if b := st.owned[ik]; b != nil {
		if e, ok := b.entries[key]; ok {
			delete(b.entries, key)
			b.keys.remove(key)
			b.list = nil
			b.changed(st, e.pod, nil)
		}
		if len(b.entries) == 0 {
			delete(st.owned, ik)
		}
	}
}

// Keys returns every key in sorted order, a copy the caller may keep while
// the store changes.
func (st *Store) Keys() []string {
	return slices.Clone(st.keys.list())
}

// byIndex returns the objects of one controller-index entry, sorted by key.
func (st *Store) byIndex(ik string) []api.Object {
	b := st.owned[ik]
	if b == nil {
		return nil
	}
	es := b.sorted()
	out := make([]api.Object, len(es))
	for i, e := range es {
		out[i] = e.obj
	}
	return out
}

// bucketRev is the rev of one controller-index entry (0 when it is empty).
func (st *Store) bucketRev(ik string) uint64 {
	if b := st.owned[ik]; b != nil {
		return b.rev
	}
	return 0
}

// cachedPods is byIndex for a pod cache, with each pod's CachedPod.
func (st *Store) cachedPods(ik string) []*CachedPod {
	b := st.owned[ik]
	if b == nil {
		return nil
	}
	es := b.sorted()
	out := make([]*CachedPod, len(es))
	for i, e := range es {
		out[i] = e.pod
	}
	return out
}

// ListControlledBy returns the cached objects whose controller has uid,
// sorted by key (the controllerUID index).
func (st *Store) ListControlledBy(uid string) []api.Object { return st.byIndex(uid) }

// ListOrphans returns the cached objects of namespace that have no
// controller, sorted by key (the orphan index).
func (st *Store) ListOrphans(namespace string) []api.Object {
	return st.byIndex(orphanIndexPrefix + namespace)
}

// Get returns the cached object for key ("namespace/name").
func (st *Store) Get(key string) (api.Object, bool) {
	e, ok := st.objects[key]
	if !ok {
		return nil, false
	}
	return e.obj, true
}

// List returns the cached objects in namespace ("" = all) whose labels match
// selector (nil = all), sorted by key. The objects are shared: do not change
// them; deep-copy first, as upstream controllers do.
func (st *Store) List(namespace string, selector labels.Selector) []api.Object {
	return slices.Collect(st.All(namespace, selector))
}

// All yields what List returns, in the same order, without building the
// list, for callers that only count or look (do not change the store while
// iterating).
func (st *Store) All(namespace string, selector labels.Selector) iter.Seq[api.Object] {
	return func(yield func(api.Object) bool) {
		visit := func(obj api.Object) bool {
			m := obj.GetObjectMeta()
			if namespace != "" && m.Namespace != namespace {
				return true
			}
			if selector != nil && !selector.Matches(labels.Set(m.Labels)) {
				return true
			}
			return yield(obj)
		}
		if selector != nil {
			if keys, ok := st.byLabel.candidates(selector); ok {
				for _, key := range keys {
					if !visit(st.objects[key].obj) {
						return
					}
				}
				return
			}
		}
		if namespace == "" && selector == nil {
			// Everything: no object's metadata to read, and with 100,000
			// pods that is most of the cost (PodGC lists them all).
			for _, e := range st.sorted() {
				if !yield(e.obj) {
					return
				}
			}
			return
		}
		for _, e := range st.sorted() {
			if !visit(e.obj) {
				return
			}
		}
	}
}

// LastStoreSyncResourceVersion is the resourceVersion the cache is synced
// to: its last list's, or its last watch event's (client-go's
// SharedInformer.LastStoreSyncResourceVersion, what the consistency store
// compares its writes with).
func (st *Store) LastStoreSyncResourceVersion() string { return st.lastSyncRV }

// ListAs is Store.List for a known Go type.
func ListAs[T api.Object](st *Store, namespace string, selector labels.Selector) []T {
	// One list, sized at once when it is everything (PodGC's pass lists
	// every pod), rather than List's and a typed copy of it.
	out := []T{}
	if namespace == "" && selector == nil {
		out = make([]T, 0, len(st.objects))
	}
	for o := range st.All(namespace, selector) {
		out = append(out, o.(T))
	}
	return out
}

// GetAs is Store.Get for a known Go type.
func GetAs[T api.Object](st *Store, namespace, name string) (T, bool) {
	key := name
	if namespace != "" {
		key = namespace + "/" + name
	}
	e, ok := st.objects[key]
	if !ok {
		var zero T
		return zero, false
	}
	return e.obj.(T), true
}

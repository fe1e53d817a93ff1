package session

import (
	"cmp"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Bounds on what one view carries, so a busy cluster cannot make a view (or
// its JSON) unbounded.
const (
	// maxViewDecisions is how many decision records of one tick a view
	// keeps (the last ones); the rest are counted in DecisionsOmitted.
	maxViewDecisions = 300
	// maxViewEvents is how many recent events a view shows.
	maxViewEvents = 100
)

var (
	kindDeployment    = api.KindOf(&api.Deployment{})
	kindReplicaSet    = api.KindOf(&api.ReplicaSet{})
	kindPod           = api.KindOf(&api.Pod{})
	kindNode          = api.KindOf(&api.Node{})
	kindService       = api.KindOf(&api.Service{})
	kindEndpointSlice = api.KindOf(&api.EndpointSlice{})
	kindEvent         = api.KindOf(&api.Event{})
)

// builder turns the cluster's informer caches into Views. Consecutive
// views share what did not change, and building one costs what changed:
//
//   - It remembers the Pod view it made for each (uid, resourceVersion), so
//     a pod that did not change is not rebuilt.
//   - It follows the pods with an informer handler and keeps the last pod
//     list, its counts and its pods per node: the next build rebuilds only
//     the entries of the pods added, updated or deleted since, and a tick
//     where no pod changed reuses the list itself.
//   - It remembers the Deployment and Node views it made for the objects it
//     read (informer objects are immutable; an update replaces them), so a
//     Deployment whose object and ReplicaSets are the same values, or a
//     Node with the same object and pod count, keeps its view.
//
// The history's memory grows with what changed, and a view's JSON reuses
// the encodings of the pods, Deployments and Nodes it shares (View.JSON).
type builder struct {
	pods  map[string]podCacheEntry
	stamp uint64

	// followed is set once the pod handler is registered; dirty holds the
	// keys of the pods added, updated or deleted since the last build, and
	// gone the uids of the deleted ones.
	followed bool
	dirty    map[string]bool
	gone     []string
	// last is the pod list of the last build (nil before the first), with
	// its pods by drawing state and by node. counts and perNode are the
	// builder's own; views get copies.
	last    []*Pod
	counts  map[string]int
	perNode map[string]int

	deployments map[string]deploymentCacheEntry
	nodes       map[string]nodeCacheEntry
}

type podCacheEntry struct {
	rv    string
	view  *Pod
	stamp uint64
}

type deploymentCacheEntry struct {
	d    *api.Deployment
	rss  []*api.ReplicaSet
	view *Deployment
}

type nodeCacheEntry struct {
	n    *api.Node
	pods int
	view *Node
}

func newBuilder() *builder {
	return &builder{
		pods:        map[string]podCacheEntry{},
		dirty:       map[string]bool{},
		deployments: map[string]deploymentCacheEntry{},
		nodes:       map[string]nodeCacheEntry{},
	}
}

// follow registers the handler that notes which pods change. Registering
// replays every cached pod as an Add, which the first build, a full one,
// takes care of.
func (b *builder) follow(in *controller.Informers) {
	if b.followed {
		return
	}
	b.followed = true
	note := func(o api.Object) { b.dirty[controller.KeyOf(o)] = true }
	in.AddHandler(kindPod, controller.Handler{
		Add:    note,
		Update: func(_, cur api.Object) { note(cur) },
		Delete: func(o api.Object) {
			note(o)
			b.gone = append(b.gone, o.GetObjectMeta().UID)
		},
	})
}

// build makes the view of w as it is now. Head and Live are left for the
// session to set when it serves the view.
func (b *builder) build(w *world, _ int64, chart *Chart) *View {
	s := w.sim
	tick := s.CurrentTick()
	decisions, omitted := decisionsOf(s.Decisions(tick), tick)
	return b.buildFrom(viewSource{in: s.Informers, events: w.events, now: s.Now(), tick: tick, seed: s.Seed(),
		decisions: decisions, omitted: omitted, chart: chart, cm: controllerManagerView(s)})
}

// viewSource is what a view is made of: the informer caches and the event
// log of a cluster (a live one, or the API server's store at a past tick),
// its time, and what the store does not hold: the tick's decision records,
// the replica chart and the controller manager's state.
type viewSource struct {
	in        *controller.Informers
	events    *eventLog
	now       time.Time
	tick      int64
	seed      uint64
	decisions []*Decision
	omitted   int
	chart     *Chart
	cm        *ControllerManager
}

// buildFrom makes the view of src.
func (b *builder) buildFrom(src viewSource) *View {
	b.stamp++
	now, tick, in := src.now, src.tick, src.in
	b.follow(in)
	v := &View{
		Tick:  tick,
		Head:  tick,
		Time:  rfc3339(now),
		Seed:  src.seed,
		Live:  true,
		Chart: src.chart,
	}

	v.Pods = b.podList(in, now)
	v.Counts = maps.Clone(b.counts)
	v.ControllerManager = src.cm

	// ReplicaSets, grouped by their controlling Deployment's uid.
	rsObjs := in.Lister(kindReplicaSet).List("", nil)
	rsByOwner := map[string][]*api.ReplicaSet{}
	for _, o := range rsObjs {
		rs := o.(*api.ReplicaSet)
		if ref := controllerRef(&rs.ObjectMeta); ref != nil && ref.Kind == "Deployment" {
			rsByOwner[ref.UID] = append(rsByOwner[ref.UID], rs)
		} else {
			v.ReplicaSets = append(v.ReplicaSets, replicaSetView(rs, "", false, now))
		}
	}
	deployments := make(map[string]deploymentCacheEntry, len(b.deployments))
	for _, o := range in.Lister(kindDeployment).List("", nil) {
		d := o.(*api.Deployment)
		rss := rsByOwner[d.UID]
		uses := resolveUses(in, d.Namespace, templateUses(&d.Spec.Template))
		e, ok := b.deployments[d.UID]
		if !ok || e.d != d || !slices.Equal(e.rss, rss) || !usesEqual(e.view.Uses, uses) {
			e = deploymentCacheEntry{d: d, rss: rss, view: deploymentView(d, rss, uses, now)}
		}
		deployments[d.UID] = e
		v.Deployments = append(v.Deployments, e.view)
	}
	b.deployments = deployments

	nodes := make(map[string]nodeCacheEntry, len(b.nodes))
	for _, o := range in.Lister(kindNode).List("", nil) {
		n := o.(*api.Node)
		e, ok := b.nodes[n.Name]
		if pods := b.perNode[n.Name]; !ok || e.n != n || e.pods != pods {
			e = nodeCacheEntry{n: n, pods: pods, view: nodeView(n, b.perNode)}
		}
		nodes[n.Name] = e
		v.Nodes = append(v.Nodes, e.view)
	}
	b.nodes = nodes

	bySvc := map[string][]*api.EndpointSlice{}
	for _, o := range in.Lister(kindEndpointSlice).List("", nil) {
		es := o.(*api.EndpointSlice)
		if svc := es.Labels["kubernetes.io/service-name"]; svc != "" {
			key := es.Namespace + "/" + svc
			bySvc[key] = append(bySvc[key], es)
		}
	}
	for _, o := range in.Lister(kindService).List("", nil) {
		svc := o.(*api.Service)
		v.Services = append(v.Services, serviceView(svc, bySvc[svc.Namespace+"/"+svc.Name]))
	}

	v.Events = src.events.view(now, maxViewEvents)
	v.Decisions, v.DecisionsOmitted = src.decisions, src.omitted

	// Empty lists encode as [] rather than null, so the page never checks.
	if v.Deployments == nil {
		v.Deployments = []*Deployment{}
	}
	if v.ReplicaSets == nil {
		v.ReplicaSets = []*ReplicaSet{}
	}
	if v.Nodes == nil {
		v.Nodes = []*Node{}
	}
	if v.Services == nil {
		v.Services = []*Service{}
	}
	return v
}

// podList returns the view's pods, in key order (namespace/name), and
// brings b.counts and b.perNode up to date. With a last list and few pods
// changed since, it edits the last list; with none changed it returns it.
func (b *builder) podList(in *controller.Informers, now time.Time) []*Pod {
	st := in.Lister(kindPod)
	for _, uid := range b.gone {
		delete(b.pods, uid)
	}
	b.gone = b.gone[:0]
	if b.last != nil && len(b.dirty) == 0 {
		return b.last
	}
	if b.last == nil || 4*len(b.dirty) > len(b.last)+64 {
		return b.allPods(st, now)
	}
	keys := make([]string, 0, len(b.dirty))
	for key := range b.dirty {
		if !strings.Contains(key, "/") {
			return b.allPods(st, now) // a pod without a namespace: not in key order below
		}
		keys = append(keys, key)
	}
	clear(b.dirty)
	slices.Sort(keys)
	last := b.last
	pods := make([]*Pod, 0, len(last)+len(keys))
	at := 0 // last[:at] is copied or replaced
	for _, key := range keys {
		ns, name := controller.SplitKey(key)
		i := at + sort.Search(len(last)-at, func(j int) bool {
			p := last[at+j]
			return compareKeys(p.Namespace, p.Name, ns, name) >= 0
		})
		pods = append(pods, last[at:i]...)
		at = i
		if at < len(last) && last[at].Namespace == ns && last[at].Name == name {
			b.count(last[at], -1)
			at++
		}
		if o, ok := st.Get(key); ok {
			pv := b.pod(o.(*api.Pod), now)
			b.count(pv, 1)
			pods = append(pods, pv)
		}
	}
	pods = append(pods, last[at:]...)
	b.last = pods
	return pods
}

// allPods builds the pod list from the whole cache.
func (b *builder) allPods(st *controller.Store, now time.Time) []*Pod {
	clear(b.dirty)
	podObjs := st.List("", nil)
	pods := make([]*Pod, 0, len(podObjs))
	b.counts, b.perNode = map[string]int{}, map[string]int{}
	for _, o := range podObjs {
		pv := b.pod(o.(*api.Pod), now)
		pods = append(pods, pv)
		b.count(pv, 1)
	}
	b.sweep(len(podObjs))
	b.last = pods
	return pods
}

// count adds a pod to (by 1) or removes it from (by -1) the counts.
func (b *builder) count(p *Pod, by int) {
	add(b.counts, p.State, by)
	if p.Node != "" {
		add(b.perNode, p.Node, by)
	}
}

func add(m map[string]int, key string, by int) {
	if n := m[key] + by; n != 0 {
		m[key] = n
	} else {
		delete(m, key)
	}
}

// compareKeys orders (namespace, name) pairs as the informer keys
// "namespace/name" sort, without making the keys: namespaces hold no '/'.
func compareKeys(ns1, name1, ns2, name2 string) int {
	if ns1 == ns2 {
		return strings.Compare(name1, name2)
	}
	// The first difference of ns1+"/" and ns2+"/" decides.
	n := min(len(ns1), len(ns2))
	if c := strings.Compare(ns1[:n], ns2[:n]); c != 0 {
		return c
	}
	if len(ns1) < len(ns2) {
		return cmp.Compare('/', ns2[n])
	}
	return cmp.Compare(ns1[n], '/')
}

// sweep forgets cached pod views that the last full build did not use, once
// the cache holds twice as many as there are pods.
func (b *builder) sweep(live int) {
	if len(b.pods) <= 2*live+64 {
		return
	}
	for uid, e := range b.pods {
		if e.stamp != b.stamp {
			delete(b.pods, uid)
		}
	}
}

// pod returns the view of p, reusing the one made for the same
// resourceVersion. Nothing in a Pod view depends on the time, only on the
// object, so reuse is exact.
func (b *builder) pod(p *api.Pod, now time.Time) *Pod {
	if e, ok := b.pods[p.UID]; ok && e.rv == p.ResourceVersion && p.UID != "" {
		e.stamp = b.stamp
		b.pods[p.UID] = e
		return e.view
	}
	pv := podView(p, now)
	b.pods[p.UID] = podCacheEntry{rv: p.ResourceVersion, view: pv, stamp: b.stamp}
	return pv
}

// decisionsOf returns the records of one tick from the sim's kept ones (all
// made at or after it), at most maxViewDecisions of them: the last ones.
func decisionsOf(all []controller.Decision, tick int64) ([]*Decision, int) {
	end := len(all)
	for i, d := range all {
		if d.Tick > tick {
			end = i
			break
		}
	}
	all = all[:end]
	omitted := 0
	if len(all) > maxViewDecisions {
		omitted = len(all) - maxViewDecisions
		all = all[omitted:]
	}
	out := make([]*Decision, 0, len(all))
	for _, d := range all {
		d.Inputs = slices.Clone(d.Inputs) // the sim's records are reused
		out = append(out, &Decision{Decision: d, Text: d.String(), System: housekeeping(d)})
	}
	return out, omitted
}

func deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

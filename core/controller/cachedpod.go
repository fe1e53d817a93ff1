package controller

import (
	"maps"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// CachedPod is a pod in the cache with what the ReplicaSet controller
// reads of it at every sync, worked out once, when the cache takes the
// version in. Upstream's sync walks all of a ReplicaSet's pods each time
// (FilterPodsByOwner, FilterActivePods, ClaimPods, calculateStatus); so
// does this one, but over these small records instead of the pods
// themselves: with 100,000 pods the pods' memory is far larger than the
// processor's caches, and every pass over it waited for memory.
type CachedPod struct {
	Pod *api.Pod
	// namespace is the pod's; refKind and refName are its controller
	// reference's ("" without).
	namespace, refKind, refName string
	// active is IsPodActive, terminating IsPodTerminating, ready
	// IsPodReady; readySince is the Ready condition's lastTransitionTime
	// when ready (IsPodAvailable's clock).
	active, terminating, ready bool
	readySince                 time.Time
	// match remembers the last owner whose selector and template labels
	// were matched against the pod's labels: both are in the owner's spec,
	// so its uid and generation name them.
	match matchMemo
}

type matchMemo struct {
	uid                   string
	generation            int64
	selects, fullyLabeled bool
}

// NewCachedPod works out p's CachedPod (the cache does, as it takes p in).
func NewCachedPod(p *api.Pod) *CachedPod {
	c := cachedPodOf(p)
	return &c
}

func cachedPodOf(p *api.Pod) CachedPod {
	c := CachedPod{Pod: p, namespace: p.Namespace, active: IsPodActive(p), terminating: IsPodTerminating(p), ready: IsPodReady(p)}
	if ref := p.ControllerRef(); ref != nil {
		c.refKind, c.refName = ref.Kind, ref.Name
	}
	if c.ready {
		c.readySince = GetPodReadyCondition(&p.Status).LastTransitionTime.Time
	}
	return c
}

// update takes p, a newer version of c's pod, in place when nothing a
// sync reads of it changed (its namespace, controller reference and
// labels, and whether it is active, terminating, ready and since when),
// and says whether it did. Most pod updates change none of that: the
// scheduler's conditions on a pending pod, a container's restart.
func (c *CachedPod) update(p *api.Pod) bool {
	n := cachedPodOf(p)
	if n.namespace != c.namespace || n.refKind != c.refKind || n.refName != c.refName ||
		n.active != c.active || n.terminating != c.terminating || n.ready != c.ready ||
		!n.readySince.Equal(c.readySince) || !maps.Equal(p.Labels, c.Pod.Labels) {
		return false
	}
	c.Pod = p
	return true
}

// PodsRevision names what CachedPodsByOwner returns for one owner with
// its orphans: while it is unchanged the same CachedPods are there, in the
// same order, each unchanged in what a sync reads (their Pod may be a
// newer version).
type PodsRevision struct{ owned, orphans uint64 }

// CachedPodsRevision returns the PodsRevision of owner's pods and its
// namespace's orphans in a pod cache.
func CachedPodsRevision(pods *Store, owner *api.ObjectMeta) PodsRevision {
	return PodsRevision{owned: pods.bucketRev(owner.UID), orphans: pods.bucketRev(orphanIndexPrefix + owner.Namespace)}
}

// HasControllerRef says the pod has a controller reference.
func (c *CachedPod) HasControllerRef() bool { return c.refKind != "" }

// Active is IsPodActive(c.Pod).
func (c *CachedPod) Active() bool { return c.active }

// Terminating is IsPodTerminating(c.Pod).
func (c *CachedPod) Terminating() bool { return c.terminating }

// Ready is IsPodReady(c.Pod).
func (c *CachedPod) Ready() bool { return c.ready }

// Available is IsPodAvailable(c.Pod, minReadySeconds, now).
func (c *CachedPod) Available(minReadySeconds int32, now time.Time) bool {
	if !c.ready {
		return false
	}
	if minReadySeconds == 0 {
		return true
	}
	d := time.Duration(minReadySeconds) * time.Second
	return !c.readySince.IsZero() && c.readySince.Add(d).Compare(now) <= 0
}

// Matches reports whether owner's selector, and its pod template's labels
// (the ReplicaSet's fullyLabeledReplicas test), match the pod's labels.
// selector and template must be those of owner's current generation: the
// answer is remembered for it.
func (c *CachedPod) Matches(owner *api.ObjectMeta, selector, template labels.Selector) (selects, fullyLabeled bool) {
	m := &c.match
	if m.uid != owner.UID || m.generation != owner.Generation || m.uid == "" {
		set := labels.Set(c.Pod.Labels)
		*m = matchMemo{uid: owner.UID, generation: owner.Generation, selects: selector.Matches(set), fullyLabeled: template.Matches(set)}
	}
	return m.selects, m.fullyLabeled
}

// CachedPodChanges returns the changes of owner's pods and of its
// namespace's orphans since the revision since, oldest first, or false
// when the cache no longer knows them all (list again then).
func CachedPodChanges(pods *Store, owner *api.ObjectMeta, since PodsRevision) (owned, orphans []PodChange, ok bool) {
	if owned, ok = pods.changesSince(owner.UID, since.owned); !ok {
		return nil, nil, false
	}
	if orphans, ok = pods.changesSince(orphanIndexPrefix+owner.Namespace, since.orphans); !ok {
		return nil, nil, false
	}
	return owned, orphans, true
}

// OwnedBy reports whether the pod, found under owner's uid in the
// controller index, names owner (of kind ownerKind) as its controller:
// FilterPodsByOwner's test.
func (c *CachedPod) OwnedBy(owner *api.ObjectMeta, ownerKind string) bool {
	return c.namespace == owner.Namespace && c.refKind == ownerKind && c.refName == owner.Name
}

// CachedPodsByOwner is FilterPodsByOwner over a pod cache's CachedPods.
func CachedPodsByOwner(pods *Store, owner *api.ObjectMeta, ownerKind string, includeOrphans bool) []*CachedPod {
	controlled := pods.cachedPods(owner.UID)
	owned := make([]*CachedPod, 0, len(controlled))
	for _, c := range controlled {
		if c.OwnedBy(owner, ownerKind) {
			owned = append(owned, c)
		}
	}
	if !includeOrphans {
		return owned
	}
	orphans := pods.cachedPods(orphanIndexPrefix + owner.Namespace)
	if len(orphans) == 0 {
		return owned
	}
	out := make([]*CachedPod, 0, len(owned)+len(orphans))
	i := 0
	for _, c := range orphans {
		for i < len(owned) && KeyOf(owned[i].Pod) < KeyOf(c.Pod) {
			out = append(out, owned[i])
			i++
		}
		out = append(out, c)
	}
	return append(out, owned[i:]...)
}

// ClaimCachedPods is ClaimPods (no filters) over the active pods among
// CachedPodsByOwner's: a pod the owner controls whose labels its selector
// matches is claimed on the remembered answer; any other goes through
// RefManager.ClaimObject (adopt or release) as ClaimPods would take it.
// The claimed keep their order. template is the owner's pod template
// labels' selector, remembered with the selector's answer. settled says
// no pod was adopted or released (or failed to be): the answer then
// depends only on the pods and the owner's spec and deletion.
func ClaimCachedPods(ctx *Context, owner api.Object, selector, template labels.Selector, pods []*CachedPod, ds *Decisions) (claimed []*CachedPod, settled bool, err error) {
	meta := owner.GetObjectMeta()
	claimed = make([]*CachedPod, 0, len(pods))
	var m *RefManager
	var errs []error
	wrote := false
	for _, c := range pods {
		if !c.active {
			continue
		}
		if c.refKind != "" { // CachedPodsByOwner's: controlled by owner
			if selects, _ := c.Matches(meta, selector, template); selects {
				claimed = append(claimed, c)
				continue
			}
		}
		if m == nil {
			m = NewRefManager(ctx.Server, owner, selector, RecheckOwner(ctx.Server, owner))
			m.Decisions = ds
		}
		ok, err := m.ClaimObject(c.Pod, func(obj api.Object) bool {
			return selector.Matches(labels.Set(obj.GetObjectMeta().Labels))
		}, func(obj api.Object) error {
			wrote = true
			return m.AdoptObject(obj)
		}, func(obj api.Object) error {
			wrote = true
			return m.ReleaseObject(obj)
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ok {
			claimed = append(claimed, c)
		}
	}
	return claimed, !wrote, newAggregate(errs)
}

// Pods returns the pods of cs, in order.
func Pods(cs []*CachedPod) []*api.Pod {
	out := make([]*api.Pod, len(cs))
	for i, c := range cs {
		out[i] = c.Pod
	}
	return out
}

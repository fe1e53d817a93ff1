package garbagecollector

import "container/list"

// absentOwnerCacheSize is the capacity upstream gives the absent-owner
// cache (NewReferenceCache(500) in NewDependencyGraphBuilder).
const absentOwnerCacheSize = 500

// referenceCache remembers owners the API server said do not exist, so
// that many dependents of one deleted owner cost one lookup, not one each.
// It is upstream's ReferenceCache (uid_cache.go): a least-recently-used set
// of identities with a fixed capacity. Eviction order is deterministic.
//
// Unlike upstream's set, each entry keeps how the owner was found absent
// ("deleted", "not found", ...), so a decision that relies on the cache can
// still say why.
type referenceCache struct {
	max   int
	order *list.List // front = most recently used; values are *absentOwner
	items map[objectReference]*list.Element
}

type absentOwner struct {
	ref    objectReference
	reason string
}

func newReferenceCache(max int) *referenceCache {
	return &referenceCache{max: max, order: list.New(), items: map[objectReference]*list.Element{}}
}

// Add records ref as absent for reason, evicting the least recently used
// entry when the cache is full.
func (c *referenceCache) Add(ref objectReference, reason string) {
	if e, ok := c.items[ref]; ok {
		c.order.MoveToFront(e)
		e.Value.(*absentOwner).reason = reason
		return
	}
	c.items[ref] = c.order.PushFront(&absentOwner{ref: ref, reason: reason})
	if c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*absentOwner).ref)
	}
}

// Get reports whether ref is known to be absent and why, refreshing its
// recency (upstream ReferenceCache.Has).
func (c *referenceCache) Get(ref objectReference) (string, bool) {
	e, ok := c.items[ref]
	if !ok {
		return "", false
	}
	c.order.MoveToFront(e)
	return e.Value.(*absentOwner).reason, true
}

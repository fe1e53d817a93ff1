package controller

import "container/list"

// lru is a bounded least-recently-used map, like the groupcache LRU that
// client-go's event correlator uses, so its eviction order is deterministic.
type lru[V any] struct {
	max   int
	order *list.List // front = most recent; values are *lruEntry[V]
	items map[string]*list.Element
}

type lruEntry[V any] struct {
	key   string
	value V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru[V]) get(key string) (V, bool) {
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[V]).value, true
	}
	var zero V
	return zero, false
}

func (c *lru[V]) add(key string, v V) {
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		e.Value.(*lruEntry[V]).value = v
		return
	}
	c.items[key] = c.order.PushFront(&lruEntry[V]{key: key, value: v})
	if c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry[V]).key)
	}
}

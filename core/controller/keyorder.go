package controller

import "slices"

// keyOrder is a set of keys read in sorted order. A cache of 10,000 pods
// changes by tens of keys a tick and is read after each change; sorting
// every key at each read was a tenth of a large rollout's CPU. Changes wait
// here instead, and the next read merges them into the sorted list in one
// pass. The caller says what is a member: add takes a key not in the set,
// remove one that is.
type keyOrder struct {
	sorted  []string // sorted; still holds removed, lacks added
	added   []string // members not yet merged into sorted
	removed []string // keys of sorted that are no longer members
}

func (o *keyOrder) add(k string) {
	if i := slices.Index(o.removed, k); i >= 0 {
		o.removed = slices.Delete(o.removed, i, i+1) // back, and still in sorted
		return
	}
	o.added = append(o.added, k)
	o.bound()
}

func (o *keyOrder) remove(k string) {
	if i := slices.Index(o.added, k); i >= 0 {
		o.added = slices.Delete(o.added, i, i+1)
		return
	}
	o.removed = append(o.removed, k)
	o.bound()
}

// bound merges once the pending changes are many, so that add and remove,
// which scan them, stay cheap when thousands of keys change between reads.
func (o *keyOrder) bound() {
	if n := len(o.added) + len(o.removed); n > 256 && n > len(o.sorted)/4 {
		o.list()
	}
}

// list returns the members in sorted order. The slice is valid until the
// next change (the merge reuses it): iterate, do not keep.
func (o *keyOrder) list() []string {
	if len(o.added) == 0 && len(o.removed) == 0 {
		return o.sorted
	}
	slices.Sort(o.added)
	slices.Sort(o.removed)
	// Drop the removed in place, then merge the added in from the back.
	kept, r := o.sorted[:0], o.removed
	for _, k := range o.sorted {
		if len(r) > 0 && r[0] == k {
			r = r[1:]
			continue
		}
		kept = append(kept, k)
	}
	clear(o.sorted[len(kept):])
	n, a := len(kept), o.added
	out := slices.Grow(kept, len(a))[:n+len(a)]
	for i, w := n-1, len(out)-1; len(a) > 0; w-- {
		if i >= 0 && out[i] > a[len(a)-1] {
			out[w] = out[i]
			i--
		} else {
			out[w] = a[len(a)-1]
			a = a[:len(a)-1]
		}
	}
	o.sorted, o.added, o.removed = out, o.added[:0], o.removed[:0]
	return out
}

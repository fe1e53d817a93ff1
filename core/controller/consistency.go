package controller

import (
	"fmt"
	"sort"
	"strconv"
)

// ConsistencyStore models pkg/controller/util/consistency (the
// StaleControllerConsistencyReplicaSet feature, beta and on by default since
// v1.36): a controller records the resourceVersion of each write it makes
// for an owner, and before it syncs that owner again checks that its
// informers have caught up with those writes. A sync that would read a
// cache older than its own last write fails instead, and is retried with
// rate limiting.
//
// The simulated cluster pumps every informer before each work item, so in a
// normal run the check always passes; it bites only when a sync runs on a
// cache that has not seen the controller's writes.
//
// A nil *ConsistencyStore is NoopConsistencyStore (the gate off): it
// records nothing and is always ready.
type ConsistencyStore struct {
	// stores are the caches by resource ("pods", "replicasets.apps").
	stores map[string]*Store
	// writes are the owners' records, by "namespace/name".
	writes map[string]*ownerRecord
}

// ownerRecord is the record of one owner, identified by uid so that a
// record of a deleted owner does not hold back a new one of the same name.
type ownerRecord struct {
	uid      string
	versions map[string]string // resource → newest resourceVersion written
}

// ConsistencyError is the error EnsureReady returns.
type ConsistencyError struct {
	ReadRV, WroteRV, Resource string
}

func (e *ConsistencyError) Error() string {
	return fmt.Sprintf("read version: %s is not as new as written version: %s for group resource %s", e.ReadRV, e.WroteRV, e.Resource)
}

// NewConsistencyStore models the function of that name.
func NewConsistencyStore(stores map[string]*Store) *ConsistencyStore {
	return &ConsistencyStore{stores: stores, writes: map[string]*ownerRecord{}}
}

// WroteAt records rv as written for owner (with ownerUID) on resource,
// if it is newer than what is recorded. A record for another uid is
// replaced.
func (c *ConsistencyStore) WroteAt(owner, ownerUID, resource, rv string) {
	if c == nil {
		return
	}
	rec := c.writes[owner]
	if rec == nil || rec.uid != ownerUID {
		rec = &ownerRecord{uid: ownerUID, versions: map[string]string{}}
		c.writes[owner] = rec
	}
	if old, ok := rec.versions[resource]; ok {
		if cmp, err := compareResourceVersion(old, rv); err == nil && cmp >= 0 {
			return
		}
	}
	rec.versions[resource] = rv
}

// Clear forgets owner's record if it has ownerUID, or whatever its uid when
// ownerUID is "".
func (c *ConsistencyStore) Clear(owner, ownerUID string) {
	if c == nil {
		return
	}
	if rec := c.writes[owner]; rec != nil && (ownerUID == "" || rec.uid == ownerUID) {
		delete(c.writes, owner)
	}
}

// EnsureReady returns nil, and forgets the record, if every cache has read
// at least what was written for owner; otherwise a *ConsistencyError.
// Resources are checked in sorted order so the error is deterministic
// (upstream ranges over a map).
func (c *ConsistencyStore) EnsureReady(owner string) error {
	if c == nil {
		return nil
	}
	rec := c.writes[owner]
	if rec == nil {
		return nil
	}
	resources := make([]string, 0, len(rec.versions))
	for r := range rec.versions {
		resources = append(resources, r)
	}
	sort.Strings(resources)
	for _, r := range resources {
		st := c.stores[r]
		if st == nil {
			continue
		}
		read := st.LastStoreSyncResourceVersion()
		if read == "" {
			continue
		}
		cmp, err := compareResourceVersion(rec.versions[r], read)
		if err != nil {
			continue // bad data must not block syncing
		}
		if cmp > 0 {
			return &ConsistencyError{ReadRV: read, WroteRV: rec.versions[r], Resource: r}
		}
	}
	c.Clear(owner, rec.uid)
	return nil
}

// compareResourceVersion models apimachinery's
// resourceversion.CompareResourceVersion for the API server's decimal
// resourceVersions.
func compareResourceVersion(a, b string) (int, error) {
	x, err := strconv.ParseUint(a, 10, 64)
	if err != nil {
		return 0, err
	}
	y, err := strconv.ParseUint(b, 10, 64)
	if err != nil {
		return 0, err
	}
	switch {
	case x < y:
		return -1, nil
	case x > y:
		return 1, nil
	}
	return 0, nil
}

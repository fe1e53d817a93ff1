package endpoint

import "github.com/kubeplay/kubeplay/core/api"

// staleEndpointsTracker models the type of that name
// (endpoints_tracker.go): the resourceVersion each Endpoints had before the
// controller last updated it, so that a sync reading that version from
// the informer cache knows the cache is behind its own write and retries.
type staleEndpointsTracker struct {
	staleResourceVersion map[string]string // namespace/name → resourceVersion
}

func newStaleEndpointsTracker() *staleEndpointsTracker {
	return &staleEndpointsTracker{staleResourceVersion: map[string]string{}}
}

// stale models Stale.
func (t *staleEndpointsTracker) stale(e *api.Endpoints) {
	t.staleResourceVersion[e.Namespace+"/"+e.Name] = e.ResourceVersion
}

// isStale models IsStale.
func (t *staleEndpointsTracker) isStale(e *api.Endpoints) bool {
	rv, ok := t.staleResourceVersion[e.Namespace+"/"+e.Name]
	return ok && rv == e.ResourceVersion
}

// delete models Delete.
func (t *staleEndpointsTracker) delete(namespace, name string) {
	delete(t.staleResourceVersion, namespace+"/"+name)
}

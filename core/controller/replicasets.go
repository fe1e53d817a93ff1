package controller

import "github.com/kubeplay/kubeplay/core/api"

// This file holds the ReplicaSet orderings and filters of
// pkg/controller/controller_utils.go that the Deployment controller sorts
// and filters with. The orderings implement sort.Interface exactly as
// upstream's do, so callers use sort.Sort(controller.ReplicaSetsBySizeNewer(rss)).
// Each is a total order (the name breaks every tie), so the result does not
// depend on the sort algorithm or the input order.

// replicas reads spec.replicas; nil counts as 0 (the API server defaults it
// to 1, so nil only occurs in hand-built objects).
func replicas(rs *api.ReplicaSet) int32 {
	if rs.Spec.Replicas == nil {
		return 0
	}
	return *rs.Spec.Replicas
}

// ReplicaSetsByCreationTimestamp sorts oldest first, ties by name
// (controller.ReplicaSetsByCreationTimestamp). Timestamps have one-second
// precision, so ReplicaSets created in the same second order by name.
type ReplicaSetsByCreationTimestamp []*api.ReplicaSet

func (o ReplicaSetsByCreationTimestamp) Len() int      { return len(o) }
func (o ReplicaSetsByCreationTimestamp) Swap(i, j int) { o[i], o[j] = o[j], o[i] }
func (o ReplicaSetsByCreationTimestamp) Less(i, j int) bool {
	if o[i].CreationTimestamp.Equal(o[j].CreationTimestamp.Time) {
		return o[i].Name < o[j].Name
	}
	return o[i].CreationTimestamp.Before(o[j].CreationTimestamp.Time)
}

// ReplicaSetsBySizeOlder sorts the largest spec.replicas first; equal sizes
// go oldest first (controller.ReplicaSetsBySizeOlder). Proportional scaling
// uses it when shrinking, so older ReplicaSets give up replicas first.
type ReplicaSetsBySizeOlder []*api.ReplicaSet

func (o ReplicaSetsBySizeOlder) Len() int      { return len(o) }
func (o ReplicaSetsBySizeOlder) Swap(i, j int) { o[i], o[j] = o[j], o[i] }
func (o ReplicaSetsBySizeOlder) Less(i, j int) bool {
	if replicas(o[i]) == replicas(o[j]) {
		return ReplicaSetsByCreationTimestamp(o).Less(i, j)
	}
	return replicas(o[i]) > replicas(o[j])
}

// ReplicaSetsBySizeNewer sorts the largest spec.replicas first; equal sizes
// go newest first (controller.ReplicaSetsBySizeNewer). Proportional scaling
// uses it when growing, so newer ReplicaSets get replicas first.
type ReplicaSetsBySizeNewer []*api.ReplicaSet

func (o ReplicaSetsBySizeNewer) Len() int      { return len(o) }
func (o ReplicaSetsBySizeNewer) Swap(i, j int) { o[i], o[j] = o[j], o[i] }
func (o ReplicaSetsBySizeNewer) Less(i, j int) bool {
	if replicas(o[i]) == replicas(o[j]) {
		return ReplicaSetsByCreationTimestamp(o).Less(j, i)
	}
	return replicas(o[i]) > replicas(o[j])
}

// FilterReplicaSets returns the ReplicaSets for which keep is true, in order
// (controller.FilterReplicaSets).
func FilterReplicaSets(rss []*api.ReplicaSet, keep func(*api.ReplicaSet) bool) []*api.ReplicaSet {
	var out []*api.ReplicaSet
	for _, rs := range rss {
		if keep(rs) {
			out = append(out, rs)
		}
	}
	return out
}

// FilterActiveReplicaSets keeps the non-nil ReplicaSets with spec.replicas
// > 0 (controller.FilterActiveReplicaSets). Callers pass lists that may end
// in a nil new ReplicaSet, which this drops.
func FilterActiveReplicaSets(rss []*api.ReplicaSet) []*api.ReplicaSet {
	return FilterReplicaSets(rss, func(rs *api.ReplicaSet) bool { return rs != nil && replicas(rs) > 0 })
}

// FilterReplicaSetsByUID keeps the non-nil ReplicaSets controlled by the
// owner with this uid: what a client such as kubectl's deployment util does
// after listing ReplicaSets by selector (ListReplicaSets' ownership filter).
func FilterReplicaSetsByUID(rss []*api.ReplicaSet, ownerUID string) []*api.ReplicaSet {
	return FilterReplicaSets(rss, func(rs *api.ReplicaSet) bool { return rs != nil && rs.IsControlledBy(ownerUID) })
}

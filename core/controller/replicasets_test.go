package controller

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func sizedRS(name string, replicas int32, created time.Time) *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, UID: "uid-" + name, CreationTimestamp: api.Time{Time: created}},
		Spec:       api.ReplicaSetSpec{Replicas: &replicas},
	}
}

func names(rss []*api.ReplicaSet) string {
	var out []string
	for _, rs := range rss {
		out = append(out, rs.Name)
	}
	return strings.Join(out, " ")
}

func TestReplicaSetOrderings(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	list := func() []*api.ReplicaSet {
		return []*api.ReplicaSet{
			sizedRS("c", 3, t0.Add(2*time.Minute)),
			sizedRS("a", 3, t0),
			sizedRS("d", 1, t0.Add(3*time.Minute)),
			sizedRS("b2", 3, t0.Add(time.Minute)),
			sizedRS("b1", 3, t0.Add(time.Minute)), // same second as b2: name breaks the tie
			sizedRS("e", 5, t0.Add(4*time.Minute)),
		}
	}
	tests := []struct {
		name string
		sort func([]*api.ReplicaSet)
		want string
	}{
		{"ByCreationTimestamp", func(l []*api.ReplicaSet) { sort.Sort(ReplicaSetsByCreationTimestamp(l)) }, "a b1 b2 c d e"},
		{"BySizeOlder", func(l []*api.ReplicaSet) { sort.Sort(ReplicaSetsBySizeOlder(l)) }, "e a b1 b2 c d"},
		{"BySizeNewer", func(l []*api.ReplicaSet) { sort.Sort(ReplicaSetsBySizeNewer(l)) }, "e c b2 b1 a d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := list()
			tt.sort(l)
			if got := names(l); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFilterReplicaSets(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	owned := sizedRS("owned", 2, t0)
	yes := true
	owned.OwnerReferences = []api.OwnerReference{{Kind: "Deployment", Name: "web", UID: "d-1", Controller: &yes}}
	other := sizedRS("other", 0, t0)
	other.OwnerReferences = []api.OwnerReference{{Kind: "Deployment", Name: "web", UID: "d-2", Controller: &yes}}
	orphan := sizedRS("orphan", 4, t0)
	all := []*api.ReplicaSet{owned, nil, other, orphan}
	if got := names(FilterActiveReplicaSets(all)); got != "owned orphan" {
		t.Errorf("FilterActiveReplicaSets = %q, want %q", got, "owned orphan")
	}
	if got := names(FilterReplicaSetsByUID(all, "d-1")); got != "owned" {
		t.Errorf("FilterReplicaSetsByUID = %q, want owned", got)
	}
	if got := FilterReplicaSets(all, func(*api.ReplicaSet) bool { return false }); got != nil {
		t.Errorf("FilterReplicaSets(none) = %v, want nil", got)
	}
}

package deployment

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// Cases of upstream's recreate_test.go TestOldPodsRunning.

func TestOldPodsRunning(t *testing.T) {
	newRS := rs("new", 1, nil, api.Time{})
	newRS.Status.Replicas = 1
	oldRS := rs("old", 0, nil, api.Time{})
	oldRS.Status.Replicas = 1
	oldRS2 := rs("old2", 0, nil, api.Time{})
	pod := func(phase api.PodPhase) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{Name: string(phase)}, Status: api.PodStatus{Phase: phase}}
	}
	terminating := pod(api.PodRunning)
	terminating.DeletionTimestamp = &api.Time{}

	tests := []struct {
		name     string
		newRS    *api.ReplicaSet
		oldRSs   []*api.ReplicaSet
		podMap   map[string][]*api.Pod
		expected bool
	}{
		{name: "no old RSs", expected: false},
		{name: "old RSs with running pods", oldRSs: []*api.ReplicaSet{oldRS, oldRS2},
			podMap: map[string][]*api.Pod{oldRS.UID: {pod(api.PodRunning)}}, expected: true},
		{name: "old RSs without pods but with non-zero status replicas", oldRSs: []*api.ReplicaSet{oldRS}, expected: true},
		{name: "old RSs without pods or non-zero status replicas", oldRSs: []*api.ReplicaSet{oldRS2}, expected: false},
		{name: "old RSs with zero status replicas but pods in terminal state are present", oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{oldRS2.UID: {pod(api.PodFailed), pod(api.PodSucceeded)}}, expected: false},
		{name: "old RSs with zero status replicas but pod in unknown phase present", oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{oldRS2.UID: {pod(api.PodUnknown)}}, expected: true},
		{name: "old RSs with zero status replicas with pending pod present", oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{oldRS2.UID: {pod(api.PodPending)}}, expected: true},
		{name: "old RSs with zero status replicas with running pod present", oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{oldRS2.UID: {pod(api.PodRunning)}}, expected: true},
		{name: "old RSs with zero status replicas but pods in terminal state and pending are present", oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{oldRS2.UID: {pod(api.PodFailed), pod(api.PodSucceeded), pod(api.PodPending)}}, expected: true},
		// Kubeplay: the reference's rule that terminating pods count.
		{name: "a terminating old pod counts", oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{oldRS2.UID: {terminating}}, expected: true},
		{name: "the new ReplicaSet's pods do not count", newRS: newRS, oldRSs: []*api.ReplicaSet{oldRS2},
			podMap: map[string][]*api.Pod{newRS.UID: {pod(api.PodRunning)}}, expected: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, why := oldPodsRunning(tt.newRS, tt.oldRSs, tt.podMap); got != tt.expected || (got && why == "") {
				t.Errorf("got %v (%q), want %v", got, why, tt.expected)
			}
		})
	}
}

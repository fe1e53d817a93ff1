package deployment

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Tables ported from upstream's sync_test.go / deployment_controller_test.go
// (TestScale, TestDeploymentController_cleanupDeployment and
// cleanupDeploymentOrder), run against a real API server.

func TestScale(t *testing.T) {
	newTS, oldTS, olderTS := at(2*time.Hour), at(time.Hour), at(0)
	updatedTemplate := func(replicas int32) *api.Deployment {
		d := newDeployment("foo", replicas, nil, nil, nil, map[string]string{"foo": "bar"})
		d.Spec.Template.Labels["another"] = "label"
		return d
	}
	tests := []struct {
		name               string
		deployment, oldD   *api.Deployment
		newRS              *api.ReplicaSet
		oldRSs             []*api.ReplicaSet
		expectedNew        int32
		expectedOld        []int32
		desiredAnnotations map[string]int32
		expectEvents       []string
	}{
		{name: "normal scaling event: 10 -> 12", deployment: newDeployment("foo", 12, nil, nil, nil, nil), oldD: newDeployment("foo", 10, nil, nil, nil, nil),
			newRS: rs("foo-v1", 10, nil, newTS), expectedNew: 12},
		{name: "normal scaling event: 10 -> 5", deployment: newDeployment("foo", 5, nil, nil, nil, nil), oldD: newDeployment("foo", 10, nil, nil, nil, nil),
			newRS: rs("foo-v1", 10, nil, newTS), expectedNew: 5},
		{name: "proportional scaling: 5 -> 10", deployment: newDeployment("foo", 10, nil, nil, nil, nil), oldD: newDeployment("foo", 5, nil, nil, nil, nil),
			newRS: rs("foo-v2", 2, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 3, nil, oldTS)}, expectedNew: 4, expectedOld: []int32{6}},
		{name: "proportional scaling: 5 -> 3", deployment: newDeployment("foo", 3, nil, nil, nil, nil), oldD: newDeployment("foo", 5, nil, nil, nil, nil),
			newRS: rs("foo-v2", 2, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 3, nil, oldTS)}, expectedNew: 1, expectedOld: []int32{2}},
		{name: "proportional scaling: 9 -> 4", deployment: newDeployment("foo", 4, nil, nil, nil, nil), oldD: newDeployment("foo", 9, nil, nil, nil, nil),
			newRS: rs("foo-v2", 8, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 1, nil, oldTS)}, expectedNew: 4, expectedOld: []int32{0}},
		{name: "proportional scaling: 7 -> 10", deployment: newDeployment("foo", 10, nil, nil, nil, nil), oldD: newDeployment("foo", 7, nil, nil, nil, nil),
			newRS: rs("foo-v3", 2, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 3, nil, oldTS), rs("foo-v1", 2, nil, olderTS)},
			expectedNew: 3, expectedOld: []int32{4, 3}},
		{name: "proportional scaling: 13 -> 8", deployment: newDeployment("foo", 8, nil, nil, nil, nil), oldD: newDeployment("foo", 13, nil, nil, nil, nil),
			newRS: rs("foo-v3", 2, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 8, nil, oldTS), rs("foo-v1", 3, nil, olderTS)},
			expectedNew: 1, expectedOld: []int32{5, 2}},
		{name: "leftover distribution: 3 -> 4 (scales up the new replica set)", deployment: newDeployment("foo", 4, nil, nil, nil, nil), oldD: newDeployment("foo", 3, nil, nil, nil, nil),
			newRS: rs("foo-v3", 1, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 1, nil, oldTS), rs("foo-v1", 1, nil, olderTS)},
			expectedNew: 2, expectedOld: []int32{1, 1}},
		{name: "leftover distribution: 3 -> 2 (scales down the older replica set)", deployment: newDeployment("foo", 2, nil, nil, nil, nil), oldD: newDeployment("foo", 3, nil, nil, nil, nil),
			newRS: rs("foo-v3", 1, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 1, nil, oldTS), rs("foo-v1", 1, nil, olderTS)},
			expectedNew: 1, expectedOld: []int32{1, 0}},
		{name: "proportional scaling (no new rs): 4 -> 5 (scales up the latest replica set first)", deployment: newDeployment("foo", 5, nil, nil, nil, nil), oldD: newDeployment("foo", 4, nil, nil, nil, nil),
			oldRSs: []*api.ReplicaSet{rs("foo-v2", 2, nil, oldTS), rs("foo-v1", 2, nil, olderTS)}, expectedOld: []int32{3, 2}},
		{name: "proportional scaling: 6 -> 0", deployment: newDeployment("foo", 0, nil, nil, nil, nil), oldD: newDeployment("foo", 6, nil, nil, nil, nil),
			newRS: rs("foo-v3", 3, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 2, nil, oldTS), rs("foo-v1", 1, nil, olderTS)},
			expectedNew: 0, expectedOld: []int32{0, 0}},
		{name: "proportional scaling: 0 -> 6", deployment: newDeployment("foo", 6, nil, nil, nil, nil), oldD: newDeployment("foo", 6, nil, nil, nil, nil),
			newRS: rs("foo-v3", 0, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 0, nil, oldTS), rs("foo-v1", 0, nil, olderTS)},
			expectedNew: 6, expectedOld: []int32{0, 0}},
		{name: "failed rs update", deployment: newDeployment("foo", 5, nil, nil, nil, nil), oldD: newDeployment("foo", 5, nil, nil, nil, nil),
			newRS: rs("foo-v3", 2, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v2", 1, nil, oldTS), rs("foo-v1", 1, nil, olderTS)},
			expectedNew: 2, expectedOld: []int32{2, 1}, desiredAnnotations: map[string]int32{"foo-v2": 3}},
		{name: "deployment with surge pods", deployment: newDeployment("foo", 20, nil, intstr(2), nil, nil), oldD: newDeployment("foo", 10, nil, intstr(2), nil, nil),
			newRS: rs("foo-v2", 6, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 6, nil, oldTS)}, expectedNew: 11, expectedOld: []int32{11}},
		{name: "change both surge and size", deployment: newDeployment("foo", 50, nil, intstr(6), nil, nil), oldD: newDeployment("foo", 10, nil, intstr(3), nil, nil),
			newRS: rs("foo-v2", 5, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 8, nil, oldTS)}, expectedNew: 22, expectedOld: []int32{34}},
		{name: "change both size and template", deployment: updatedTemplate(14), oldD: newDeployment("foo", 10, nil, nil, nil, map[string]string{"foo": "bar"}),
			oldRSs: []*api.ReplicaSet{rs("foo-v2", 7, nil, newTS), rs("foo-v1", 3, nil, oldTS)}, expectedOld: []int32{10, 4}},
		{name: "saturated but broken new replica set does not affect old pods",
			deployment: newDeployment("foo", 2, nil, intstr(1), intstr(1), nil), oldD: newDeployment("foo", 2, nil, intstr(1), intstr(1), nil),
			newRS: rs("foo-v2", 2, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 1, nil, oldTS)}, expectedNew: 2, expectedOld: []int32{1}},
		// Kubeplay: the documented example (reference §19 b).
		{name: "docs: 10 -> 15 with maxSurge 3", deployment: newDeployment("foo", 15, nil, intstr(3), intstr(2), nil), oldD: newDeployment("foo", 10, nil, intstr(3), intstr(2), nil),
			newRS: rs("foo-v2", 5, nil, newTS), oldRSs: []*api.ReplicaSet{rs("foo-v1", 8, nil, oldTS)}, expectedNew: 7, expectedOld: []int32{11},
			expectEvents: []string{"Scaled up replica set foo-v1 from 8 to 11", "Scaled up replica set foo-v2 from 5 to 7"}},
		{name: "saturated new replica set scales the old ones to 0", deployment: newDeployment("foo", 3, nil, intstr(1), intstr(0), nil), oldD: newDeployment("foo", 3, nil, intstr(1), intstr(0), nil),
			newRS:  func() *api.ReplicaSet { r := rs("foo-v2", 3, nil, newTS); r.Status.AvailableReplicas = 3; return r }(),
			oldRSs: []*api.ReplicaSet{rs("foo-v1", 1, nil, oldTS)}, expectedNew: 3, expectedOld: []int32{0},
			expectEvents: []string{"Scaled down replica set foo-v1 from 1 to 0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, testEpoch.Add(-time.Hour))
			annotate := func(r *api.ReplicaSet) {
				desired := *tt.oldD.Spec.Replicas
				if v, ok := tt.desiredAnnotations[r.Name]; ok {
					desired = v
				}
				deploymentutil.SetReplicasAnnotations(r, desired, desired+deploymentutil.MaxSurge(tt.oldD))
			}
			all := append([]*api.ReplicaSet(nil), tt.oldRSs...)
			if tt.newRS != nil {
				all = append(all, tt.newRS)
			}
			for _, r := range all {
				annotate(r)
			}
			stored := f.storeAll(all...)
			var newRS *api.ReplicaSet
			oldRSs := stored[:len(tt.oldRSs)]
			if tt.newRS != nil {
				newRS = stored[len(stored)-1]
			}
			if err := f.dc.scale(tt.deployment, newRS, oldRSs, f.ds); err != nil {
				t.Fatal(err)
			}
			if tt.newRS != nil {
				if got := f.size(tt.newRS.Name); got != tt.expectedNew {
					t.Errorf("new %s: %d replicas, want %d", tt.newRS.Name, got, tt.expectedNew)
				}
			}
			for i, r := range tt.oldRSs {
				if got := f.size(r.Name); got != tt.expectedOld[i] {
					t.Errorf("old %s: %d replicas, want %d", r.Name, got, tt.expectedOld[i])
				}
			}
			if tt.expectEvents != nil {
				if got := f.eventMessages(); !slices.Equal(got, tt.expectEvents) {
					t.Errorf("events %q, want %q", got, tt.expectEvents)
				}
			}
		})
	}
}

// eventMessages lists the messages of the events recorded so far, in order.
func (f *fixture) eventMessages() []string {
	evs, _, err := apiserver.ListAs[*api.Event](f.server, "default", nil)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, e := range evs {
		out = append(out, e.Message)
	}
	return out
}

// TestScaleReplicaSetModes checks sync.go scaleReplicaSet's two modes
// (v1.37): lazy (forceUpdate false) leaves a ReplicaSet of the right size
// alone even when its desired-/max-replicas annotations are stale; forced
// (the proportional-scaling loop) writes the annotations, with no event
// since the size did not change; a forced call with nothing stale writes
// nothing.
func TestScaleReplicaSetModes(t *testing.T) {
	f := newFixture(t, testEpoch)
	d := newDeployment("foo", 4, nil, intstr(1), intstr(0), nil)
	r := f.store(rs("foo-v1", 4, nil, at(0)))
	scaled, same, err := f.dc.scaleReplicaSet(r, 4, d, false)
	if err != nil || scaled || same.ResourceVersion != r.ResourceVersion || len(f.get("foo-v1").Annotations) != 0 {
		t.Fatalf("lazy mode, size unchanged: scaled=%v err=%v annotations %v; want no write", scaled, err, f.get("foo-v1").Annotations)
	}
	scaled, updated, err := f.dc.scaleReplicaSet(r, 4, d, true)
	if err != nil || scaled {
		t.Fatalf("forced mode: scaled=%v err=%v", scaled, err)
	}
	if updated.Annotations[deploymentutil.DesiredReplicasAnnotation] != "4" || updated.Annotations[deploymentutil.MaxReplicasAnnotation] != "5" {
		t.Errorf("forced mode: annotations %v, want desired 4, max 5", updated.Annotations)
	}
	if evs := f.eventMessages(); len(evs) != 0 {
		t.Errorf("events %q for an annotation-only write", evs)
	}
	// Nothing to change: no write at all, in either mode.
	rv := updated.ResourceVersion
	if _, again, _ := f.dc.scaleReplicaSet(updated, 4, d, true); again.ResourceVersion != rv {
		t.Error("a forced no-op scale wrote the ReplicaSet")
	}
}

func TestCleanupDeployment(t *testing.T) {
	selector := map[string]string{"foo": "bar"}
	// sync.go cleanupDeployment (v1.37) has no terminatingReplicas test:
	// the cases below give some ReplicaSets terminating pods, and they are
	// deleted all the same.
	synced := func(name string, spec, status int32) *api.ReplicaSet {
		r := newRSWithStatus(name, spec, status, selector)
		r.Status.TerminatingReplicas = ptr[int32](0)
		r.Status.ObservedGeneration = 1
		return r
	}
	full := func(name string, spec int32, st api.ReplicaSetStatus) *api.ReplicaSet {
		r := rs(name, spec, selector, api.Time{})
		r.Status = st
		return r
	}
	tests := []struct {
		name      string
		oldRSs    []*api.ReplicaSet
		limit     int32
		deletions []string
	}{
		{"three empty, limit 1", []*api.ReplicaSet{synced("foo-1", 0, 0), synced("foo-2", 0, 0), synced("foo-3", 0, 0)}, 1, []string{"foo-1", "foo-2"}},
		{"only delete the replica set with Spec.Replicas = Status.Replicas = 0",
			[]*api.ReplicaSet{synced("foo-1", 0, 0), synced("foo-2", 0, 1), synced("foo-3", 1, 0), synced("foo-4", 1, 1)}, 0, []string{"foo-1"}},
		{"terminating pods (or an unknown count) do not keep an empty replica set",
			[]*api.ReplicaSet{
				full("foo-1", 0, api.ReplicaSetStatus{ObservedGeneration: 1, TerminatingReplicas: ptr[int32](0)}),
				full("foo-2", 0, api.ReplicaSetStatus{ObservedGeneration: 1, TerminatingReplicas: ptr[int32](1)}),
				full("foo-3", 0, api.ReplicaSetStatus{ObservedGeneration: 1, TerminatingReplicas: nil}),
				full("foo-4", 0, api.ReplicaSetStatus{ObservedGeneration: 1, Replicas: 1, TerminatingReplicas: ptr[int32](0)}),
				full("foo-5", 1, api.ReplicaSetStatus{ObservedGeneration: 1, Replicas: 0, TerminatingReplicas: ptr[int32](0)}),
				full("foo-6", 1, api.ReplicaSetStatus{ObservedGeneration: 1, Replicas: 1, TerminatingReplicas: ptr[int32](0)}),
			}, 0, []string{"foo-1", "foo-2", "foo-3"}},
		{"two empty, limit 0", []*api.ReplicaSet{synced("foo-1", 0, 0), synced("foo-2", 0, 0)}, 0, []string{"foo-1", "foo-2"}},
		{"two active, limit 0", []*api.ReplicaSet{synced("foo-1", 1, 1), synced("foo-2", 1, 1)}, 0, nil},
		{"unlimited", []*api.ReplicaSet{synced("foo-1", 0, 0), synced("foo-2", 0, 0), synced("foo-3", 0, 0)}, math.MaxInt32, nil},
		// Kubeplay: a status not yet current keeps the ReplicaSet.
		{"status not observed", []*api.ReplicaSet{full("foo-1", 0, api.ReplicaSetStatus{TerminatingReplicas: ptr[int32](0)})}, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, testEpoch)
			stored := f.storeAll(tt.oldRSs...)
			d := newDeployment("foo", 1, ptr(tt.limit), nil, nil, selector)
			if err := f.dc.cleanupDeployment(stored, d, f.ds); err != nil {
				t.Fatal(err)
			}
			var deleted []string
			for _, r := range tt.oldRSs {
				if !f.exists(r.Name) {
					deleted = append(deleted, r.Name)
				}
			}
			if !slices.Equal(deleted, tt.deletions) {
				t.Errorf("deleted %v, want %v", deleted, tt.deletions)
			}
		})
	}

	t.Run("already being deleted", func(t *testing.T) {
		f := newFixture(t, testEpoch)
		r := synced("foo-1", 0, 0)
		r.Finalizers = []string{"example.com/keep"}
		stored := f.store(r)
		if _, _, err := f.server.Delete(f.dc.rsKind, "default", "foo-1", nil); err != nil {
			t.Fatal(err)
		}
		stored = f.get(stored.Name)
		d := newDeployment("foo", 1, ptr[int32](0), nil, nil, selector)
		if err := f.dc.cleanupDeployment([]*api.ReplicaSet{stored}, d, f.ds); err != nil {
			t.Fatal(err)
		}
		if len(f.ds.List()) != 0 {
			t.Errorf("decisions %v for a ReplicaSet being deleted", f.ds.List())
		}
	})
}

func TestCleanupDeploymentOrder(t *testing.T) {
	selector := map[string]string{"foo": "bar"}
	mk := func(name string, replicas int32, created time.Duration, revision string) *api.ReplicaSet {
		r := rs(name, replicas, selector, at(created))
		if revision != "" {
			r.Annotations = map[string]string{deploymentutil.RevisionAnnotation: revision}
		}
		r.Status = api.ReplicaSetStatus{Replicas: replicas, ObservedGeneration: 1, TerminatingReplicas: ptr[int32](0)}
		return r
	}
	d := time.Minute
	tests := []struct {
		name    string
		oldRSs  []*api.ReplicaSet
		limit   int32
		deleted []string
	}{
		{"revision order: rs1 < rs2, delete rs1", []*api.ReplicaSet{mk("foo-1", 0, 0, "1"), mk("foo-2", 0, d, "2")}, 1, []string{"foo-1"}},
		{"revision order: rs2 < rs1, delete rs2", []*api.ReplicaSet{mk("foo-1", 0, 0, "2"), mk("foo-2", 0, d, "1")}, 1, []string{"foo-2"}},
		{"rs1 has revision but rs2 doesn't have revision, delete rs2", []*api.ReplicaSet{mk("foo-1", 0, 0, "1"), mk("foo-2", 0, d, "")}, 1, []string{"foo-2"}},
		{"rs1 doesn't have revision while rs2 has revision, delete rs1", []*api.ReplicaSet{mk("foo-1", 0, 0, ""), mk("foo-2", 0, d, "2")}, 1, []string{"foo-1"}},
		{"revision order: rs1 < rs2 < r3, but rs1 has replicas, delete rs2",
			[]*api.ReplicaSet{mk("foo-1", 1, 0, "1"), mk("foo-2", 0, d, "2"), mk("foo-3", 0, 2*d, "3")}, 1, []string{"foo-2"}},
		{"revision order: rs1 < rs2 < r3, both rs1 && rs2 have replicas, don't delete",
			[]*api.ReplicaSet{mk("foo-1", 1, 0, "1"), mk("foo-2", 1, d, "2"), mk("foo-3", 0, 2*d, "3")}, 1, nil},
		{"revision order: rs2 < rs4 < rs1 < rs3, delete rs2 && rs4",
			[]*api.ReplicaSet{mk("foo-1", 0, 0, "3"), mk("foo-2", 0, d, "1"), mk("foo-3", 0, 2*d, "4"), mk("foo-4", 0, 3*d, "2")}, 2, []string{"foo-2", "foo-4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, testEpoch)
			stored := f.storeAll(tt.oldRSs...)
			if err := f.dc.cleanupDeployment(stored, newDeployment("foo", 1, ptr(tt.limit), nil, nil, selector), f.ds); err != nil {
				t.Fatal(err)
			}
			var deleted []string
			for _, r := range tt.oldRSs {
				if !f.exists(r.Name) {
					deleted = append(deleted, r.Name)
				}
			}
			if !slices.Equal(deleted, tt.deleted) {
				t.Errorf("deleted %v, want %v", deleted, tt.deleted)
			}
		})
	}
}

// TestGetNewReplicaSetWriteThenConflict checks sync.go getNewReplicaSet
// (v1.37) on a rollback: when the template matches an old ReplicaSet again,
// the first call of the sync (from isScalingEvent) writes that ReplicaSet's
// new revision and returns the written object at once, without touching the
// Deployment's revision; the second call (rolloutRolling's) still holds the
// cached copy, finds the same annotations stale, and its update meets a 409
// Conflict: the sync fails and is retried. The retry, on a fresh cache,
// brings the Deployment's revision up.
func TestGetNewReplicaSetWriteThenConflict(t *testing.T) {
	c, first := rolledBackUnsynced(t, 2)
	r, ok := c.Step()
	if !ok || r.Key != "default/web" {
		t.Fatalf("step %+v", r)
	}
	if !apiserver.IsConflict(r.Err) || !strings.Contains(r.Err.Error(), `replicasets.apps "`+first.Name+`"`) {
		t.Fatalf("sync error %v, want a 409 on replicasets.apps %q", r.Err, first.Name)
	}
	reused, _ := apiserver.GetAs[*api.ReplicaSet](c.API, "default", first.Name)
	if reused.Annotations[deploymentutil.RevisionAnnotation] != "3" || reused.Annotations[deploymentutil.RevisionHistoryAnnotation] != "1" {
		t.Errorf("reused ReplicaSet annotations %v, want revision 3, revision-history 1", reused.Annotations)
	}
	if got, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web"); got.Annotations[deploymentutil.RevisionAnnotation] != "2" {
		t.Errorf("Deployment revision %q after the failed sync, want still 2", got.Annotations[deploymentutil.RevisionAnnotation])
	}
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	if got, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web"); got.Annotations[deploymentutil.RevisionAnnotation] != "3" {
		t.Errorf("Deployment revision %q after the retry, want 3", got.Annotations[deploymentutil.RevisionAnnotation])
	}
}

// rolledBackUnsynced is web (image nginx:1.14.2, revision 1) rolled to
// nginx:1.16.1 (revision 2) and settled, then given revision 1's template
// again, with no sync since: the cluster (Deployment controller only) and
// revision 1's ReplicaSet.
func rolledBackUnsynced(t *testing.T, replicas int32) (*cluster.Cluster, *api.ReplicaSet) {
	t.Helper()
	c, _, _, first := oneReplicaSet(t, webDeployment("web", replicas, map[string]string{"app": "web"}))
	for i, image := range []string{"nginx:1.16.1", "nginx:1.14.2"} {
		d, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "web")
		d.Spec.Template.Spec.Containers[0].Image = image
		if _, err := c.API.Update(d); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if _, err := c.Settle(); err != nil {
				t.Fatal(err)
			}
		}
	}
	return c, first
}

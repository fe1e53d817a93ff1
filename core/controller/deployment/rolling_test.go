package deployment

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Tables ported from upstream's rolling_test.go.

func TestReconcileNewReplicaSet(t *testing.T) {
	tests := []struct {
		deploymentReplicas int32
		maxSurge           *api.IntOrString
		oldReplicas        int32
		newReplicas        int32
		scaleExpected      bool
		expectedNew        int32
	}{
		{10, intstr(0), 10, 0, false, 0}, // should not scale up
		{10, intstr(2), 10, 0, true, 2},
		{10, intstr(2), 5, 0, true, 7},
		{10, intstr(2), 10, 2, false, 0},
		{10, intstr(2), 2, 11, true, 10}, // should scale down
		// Kubeplay: percent surge rounds up.
		{4, percent("25%"), 4, 0, true, 1},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			f := newFixture(t, testEpoch)
			stored := f.storeAll(rs("foo-new", tt.newReplicas, nil, at(1)), rs("foo-old", tt.oldReplicas, nil, at(0)))
			newRS, oldRS := stored[0], stored[1]
			d := newDeployment("foo", tt.deploymentReplicas, nil, tt.maxSurge, intstr(0), map[string]string{"foo": "bar"})
			scaled, err := f.dc.reconcileNewReplicaSet([]*api.ReplicaSet{newRS, oldRS}, newRS, d, f.ds)
			if err != nil {
				t.Fatal(err)
			}
			if scaled != tt.scaleExpected {
				t.Fatalf("scaled = %v, want %v", scaled, tt.scaleExpected)
			}
			want := tt.newReplicas
			if tt.scaleExpected {
				want = tt.expectedNew
			}
			if got := f.size("foo-new"); got != want {
				t.Errorf("new RS has %d replicas, want %d", got, want)
			}
		})
	}
}

func TestReconcileOldReplicaSets(t *testing.T) {
	tests := []struct {
		deploymentReplicas int32
		maxUnavailable     *api.IntOrString
		oldReplicas        int32
		newReplicas        int32
		readyFromOld       int32
		readyFromNew       int32
		scaleExpected      bool
		expectedOld        int32
	}{
		{10, intstr(0), 10, 0, 10, 0, true, 9},
		// v1.37 (rolling.go reconcileOldReplicaSets): with maxUnavailable
		// > 0 old pods go before any new pod is available.
		{10, intstr(2), 10, 0, 10, 0, true, 8},
		{10, intstr(2), 10, 0, 8, 0, true, 8}, // unhealthy old replicas cleaned up
		{10, intstr(2), 10, 0, 9, 0, true, 8}, // 1 unhealthy cleaned up, 1 ready scaled down
		{10, intstr(2), 8, 2, 8, 0, false, 8}, // unavailable new pods block further scale-down
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			f := newFixture(t, testEpoch)
			newRS := rs("foo-new", tt.newReplicas, map[string]string{"foo": "new"}, at(1))
			newRS.Status.AvailableReplicas = tt.readyFromNew
			oldRS := rs("foo-old", tt.oldReplicas, map[string]string{"foo": "old"}, at(0))
			oldRS.Status.AvailableReplicas = tt.readyFromOld
			stored := f.storeAll(oldRS, newRS)
			d := newDeployment("foo", tt.deploymentReplicas, nil, intstr(0), tt.maxUnavailable, map[string]string{"foo": "new"})
			scaled, err := f.dc.reconcileOldReplicaSets(stored, stored[:1], stored[1], d, f.ds)
			if err != nil {
				t.Fatal(err)
			}
			if scaled != tt.scaleExpected {
				t.Fatalf("scaled = %v, want %v", scaled, tt.scaleExpected)
			}
			if got := f.size("foo-old"); got != tt.expectedOld {
				t.Errorf("old RS has %d replicas, want %d", got, tt.expectedOld)
			}
		})
	}
}

func TestCleanupUnhealthyReplicas(t *testing.T) {
	tests := []struct {
		oldReplicas, readyPods, maxCleanupCount, cleanupCountExpected int32
	}{
		{10, 8, 1, 1},
		{10, 8, 3, 2},
		{10, 8, 0, 0},
		{10, 10, 3, 0},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			f := newFixture(t, testEpoch)
			oldRS := rs("foo-v2", tt.oldReplicas, nil, at(0))
			oldRS.Status.AvailableReplicas = tt.readyPods
			stored := f.store(oldRS)
			d := newDeployment("foo", 10, nil, intstr(2), intstr(2), nil)
			out, count, err := f.dc.cleanupUnhealthyReplicas([]*api.ReplicaSet{stored}, d, tt.maxCleanupCount, f.ds)
			if err != nil {
				t.Fatal(err)
			}
			if count != tt.cleanupCountExpected {
				t.Errorf("cleaned up %d, want %d", count, tt.cleanupCountExpected)
			}
			if got := f.size("foo-v2"); got != tt.oldReplicas-tt.cleanupCountExpected || deploymentutil.SpecReplicas(out[0]) != got {
				t.Errorf("old RS has %d replicas (returned %d), want %d", got, deploymentutil.SpecReplicas(out[0]), tt.oldReplicas-tt.cleanupCountExpected)
			}
		})
	}

	t.Run("oldest first, budget shared", func(t *testing.T) {
		f := newFixture(t, testEpoch)
		a, b := rs("a", 3, nil, at(0)), rs("b", 3, nil, at(1e9))
		a.Status.AvailableReplicas, b.Status.AvailableReplicas = 2, 0
		stored := f.storeAll(b, a) // given newest first: the function sorts
		_, count, err := f.dc.cleanupUnhealthyReplicas(stored, newDeployment("foo", 10, nil, intstr(2), intstr(2), nil), 2, f.ds)
		if err != nil || count != 2 || f.size("a") != 2 || f.size("b") != 2 {
			t.Errorf("count %d err %v; a=%d b=%d, want a=2 b=2", count, err, f.size("a"), f.size("b"))
		}
	})
}

func TestScaleDownOldReplicaSetsForRollingUpdate(t *testing.T) {
	tests := []struct {
		deploymentReplicas int32
		maxUnavailable     *api.IntOrString
		readyPods          int32
		oldReplicas        int32
		scaleExpected      bool
		expectedOld        int32
	}{
		{10, intstr(0), 10, 10, true, 9},
		{10, intstr(2), 10, 10, true, 8},
		{10, intstr(2), 8, 10, false, 10},
		{10, intstr(2), 10, 0, false, 0},
		{10, intstr(2), 1, 10, false, 10},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			f := newFixture(t, testEpoch)
			oldRS := rs("foo-v2", tt.oldReplicas, nil, at(0))
			oldRS.Status.AvailableReplicas = tt.readyPods
			stored := f.store(oldRS)
			d := newDeployment("foo", tt.deploymentReplicas, nil, intstr(0), tt.maxUnavailable, map[string]string{"foo": "bar"})
			scaled, err := f.dc.scaleDownOldReplicaSetsForRollingUpdate([]*api.ReplicaSet{stored}, []*api.ReplicaSet{stored}, d, f.ds)
			if err != nil {
				t.Fatal(err)
			}
			if (scaled != 0) != tt.scaleExpected {
				t.Fatalf("scaled %d, want scaling %v", scaled, tt.scaleExpected)
			}
			if got := f.size("foo-v2"); got != tt.expectedOld {
				t.Errorf("old RS has %d replicas, want %d", got, tt.expectedOld)
			}
		})
	}
}

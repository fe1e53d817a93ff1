package deployment

import (
	"math"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Tables ported from upstream's progress_test.go.

func newDeploymentStatus(replicas, updated, available int32) api.DeploymentStatus {
	return api.DeploymentStatus{Replicas: replicas, UpdatedReplicas: updated, AvailableReplicas: available}
}

// currentDeployment is a Recreate Deployment with the given status (the
// upstream helper).
func currentDeployment(pds *int32, replicas, statusReplicas, updated, available int32, conditions []api.DeploymentCondition) *api.Deployment {
	d := &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "progress-test", Namespace: "default"},
		Spec: api.DeploymentSpec{ProgressDeadlineSeconds: pds, Replicas: &replicas,
			Strategy: api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType}},
		Status: newDeploymentStatus(statusReplicas, updated, available),
	}
	d.Status.Conditions = conditions
	return d
}

func newRSWithAvailable(name string, spec, status, available int32) *api.ReplicaSet {
	r := rs(name, spec, nil, api.Time{})
	r.Status = api.ReplicaSetStatus{Replicas: status, AvailableReplicas: available}
	return r
}

var progressTestTime = time.Date(2017, 2, 15, 18, 49, 0, 0, time.UTC)

func TestRequeueStuckDeployment(t *testing.T) {
	pds, infinite := int32(60), int32(math.MaxInt32)
	failed := []api.DeploymentCondition{{Type: api.DeploymentProgressing, Status: api.ConditionFalse, Reason: deploymentutil.TimedOutReason}}
	stuck := []api.DeploymentCondition{{Type: api.DeploymentProgressing, Status: api.ConditionTrue, LastUpdateTime: api.Time{Time: progressTestTime}}}
	tm := func(min, sec, nsec int) time.Time { return time.Date(2017, 2, 15, 18, min, sec, nsec, time.UTC) }
	tests := []struct {
		name     string
		d        *api.Deployment
		status   api.DeploymentStatus
		now      time.Time
		expected time.Duration
	}{
		{"nil progressDeadlineSeconds specified", currentDeployment(nil, 4, 3, 3, 2, nil), newDeploymentStatus(3, 3, 2), progressTestTime, -1},
		{"infinite progressDeadlineSeconds specified", currentDeployment(&infinite, 4, 3, 3, 2, nil), newDeploymentStatus(3, 3, 2), progressTestTime, -1},
		{"no progressing condition found", currentDeployment(&pds, 4, 3, 3, 2, nil), newDeploymentStatus(3, 3, 2), progressTestTime, -1},
		{"complete deployment does not need to be requeued", currentDeployment(&pds, 3, 3, 3, 3, nil), newDeploymentStatus(3, 3, 3), progressTestTime, -1},
		{"already failed deployment does not need to be requeued", currentDeployment(&pds, 3, 3, 3, 0, failed), newDeploymentStatus(3, 3, 0), progressTestTime, -1},
		{"stuck deployment - 30s", currentDeployment(&pds, 3, 3, 3, 1, stuck), newDeploymentStatus(3, 3, 1), tm(49, 30, 0), 30 * time.Second},
		{"stuck deployment - 1s", currentDeployment(&pds, 3, 3, 3, 1, stuck), newDeploymentStatus(3, 3, 1), tm(49, 59, 0), time.Second},
		{"failed deployment - less than a second => now", currentDeployment(&pds, 3, 3, 3, 1, stuck), newDeploymentStatus(3, 3, 1), tm(49, 59, 1), 0},
		{"failed deployment - now", currentDeployment(&pds, 3, 3, 3, 1, stuck), newDeploymentStatus(3, 3, 1), tm(50, 0, 0), 0},
		{"failed deployment - 1s after deadline", currentDeployment(&pds, 3, 3, 3, 1, stuck), newDeploymentStatus(3, 3, 1), tm(50, 1, 0), 0},
		{"failed deployment - 60s after deadline", currentDeployment(&pds, 3, 3, 3, 1, stuck), newDeploymentStatus(3, 3, 1), tm(51, 0, 0), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, tt.now)
			got := f.dc.requeueStuckDeployment(tt.d, tt.status, f.ds)
			if got != tt.expected {
				t.Fatalf("got %v, want %v", got, tt.expected)
			}
			q := f.dc.Queue()
			due, parked := q.NextDue()
			switch {
			case tt.expected < 0:
				if parked || q.Len() != 0 {
					t.Error("queued although no re-check is needed")
				}
			case tt.expected == 0:
				// Rate limited: parked for the first back-off step.
				if q.NumRequeues("default/progress-test") != 1 || !parked {
					t.Errorf("expected a rate-limited requeue, NumRequeues %d", q.NumRequeues("default/progress-test"))
				}
			default:
				if want := tt.now.Add(tt.expected + time.Second); !parked || !due.Equal(want) {
					t.Errorf("re-check due %v, want %v (deadline + 1s)", due, want)
				}
			}
		})
	}
}

func TestSyncRolloutStatus(t *testing.T) {
	pds := int32(60)
	testTime := api.Time{Time: progressTestTime}
	failedTimedOut := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionFalse, Reason: deploymentutil.TimedOutReason}
	newRSAvailable := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: deploymentutil.NewRSAvailableReason,
		LastUpdateTime: testTime, LastTransitionTime: testTime}
	replicaSetUpdated := api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: deploymentutil.ReplicaSetUpdatedReason,
		LastUpdateTime: testTime, LastTransitionTime: testTime}
	now := progressTestTime.Add(2 * time.Minute)

	tests := []struct {
		name           string
		d              *api.Deployment
		allRSs         []*api.ReplicaSet
		newRS          *api.ReplicaSet
		status         api.ConditionStatus // "" = no Progressing condition expected
		reason         string
		message        string
		lastUpdate     time.Time // zero = not checked
		lastTransition time.Time
	}{
		{name: "General: remove Progressing condition and do not estimate progress if deployment has no Progress Deadline",
			d:      currentDeployment(nil, 3, 2, 2, 2, []api.DeploymentCondition{replicaSetUpdated}),
			allRSs: []*api.ReplicaSet{newRSWithAvailable("bar", 0, 1, 1)}, newRS: newRSWithAvailable("foo", 3, 2, 2)},
		{name: "General: do not estimate progress of deployment with only one active ReplicaSet",
			d:      currentDeployment(&pds, 3, 3, 3, 3, []api.DeploymentCondition{newRSAvailable}),
			allRSs: []*api.ReplicaSet{newRSWithAvailable("bar", 3, 3, 3)},
			status: api.ConditionTrue, reason: deploymentutil.NewRSAvailableReason, lastUpdate: progressTestTime, lastTransition: progressTestTime},
		{name: "DeploymentProgressing: dont update lastTransitionTime if deployment already has Progressing=True",
			d:      currentDeployment(&pds, 3, 2, 2, 2, []api.DeploymentCondition{replicaSetUpdated}),
			allRSs: []*api.ReplicaSet{newRSWithAvailable("bar", 0, 1, 1)}, newRS: newRSWithAvailable("foo", 3, 2, 2),
			status: api.ConditionTrue, reason: deploymentutil.ReplicaSetUpdatedReason, message: `ReplicaSet "foo" is progressing.`,
			lastUpdate: now, lastTransition: progressTestTime},
		{name: "DeploymentProgressing: update everything if deployment has Progressing=False",
			d:      currentDeployment(&pds, 3, 2, 2, 2, []api.DeploymentCondition{failedTimedOut}),
			allRSs: []*api.ReplicaSet{newRSWithAvailable("bar", 0, 1, 1)}, newRS: newRSWithAvailable("foo", 3, 2, 2),
			status: api.ConditionTrue, reason: deploymentutil.ReplicaSetUpdatedReason, lastUpdate: now, lastTransition: now},
		{name: "DeploymentProgressing: create Progressing condition if it does not exist",
			d:      currentDeployment(&pds, 3, 2, 2, 2, []api.DeploymentCondition{}),
			allRSs: []*api.ReplicaSet{newRSWithAvailable("bar", 0, 1, 1)}, newRS: newRSWithAvailable("foo", 3, 2, 2),
			status: api.ConditionTrue, reason: deploymentutil.ReplicaSetUpdatedReason},
		{name: "DeploymentComplete: dont update lastTransitionTime if deployment already has Progressing=True",
			d:     currentDeployment(&pds, 3, 3, 3, 3, []api.DeploymentCondition{replicaSetUpdated}),
			newRS: newRSWithAvailable("foo", 3, 3, 3), status: api.ConditionTrue, reason: deploymentutil.NewRSAvailableReason,
			message: `ReplicaSet "foo" has successfully progressed.`, lastTransition: progressTestTime},
		{name: "DeploymentComplete: update everything if deployment has Progressing=False",
			d:     currentDeployment(&pds, 3, 3, 3, 3, []api.DeploymentCondition{failedTimedOut}),
			newRS: newRSWithAvailable("foo", 3, 3, 3), status: api.ConditionTrue, reason: deploymentutil.NewRSAvailableReason, lastTransition: now},
		{name: "DeploymentComplete: create Progressing condition if it does not exist",
			d:     currentDeployment(&pds, 3, 3, 3, 3, []api.DeploymentCondition{}),
			newRS: newRSWithAvailable("foo", 3, 3, 3), status: api.ConditionTrue, reason: deploymentutil.NewRSAvailableReason},
		{name: "DeploymentComplete: defend against NPE when newRS=nil",
			d:      currentDeployment(&pds, 0, 3, 3, 3, []api.DeploymentCondition{replicaSetUpdated}),
			allRSs: []*api.ReplicaSet{newRSWithAvailable("foo", 0, 0, 0)},
			status: api.ConditionTrue, reason: deploymentutil.NewRSAvailableReason, message: `Deployment "progress-test" has successfully progressed.`},
		{name: "DeploymentTimedOut: update status if rollout exceeds Progress Deadline",
			d:     currentDeployment(&pds, 3, 2, 2, 2, []api.DeploymentCondition{replicaSetUpdated}),
			newRS: newRSWithAvailable("foo", 3, 2, 2), status: api.ConditionFalse, reason: deploymentutil.TimedOutReason,
			message: `ReplicaSet "foo" has timed out progressing.`, lastUpdate: now, lastTransition: now},
		{name: "DeploymentTimedOut: do not update status if deployment has existing timedOut condition",
			d:     currentDeployment(&pds, 3, 2, 2, 2, []api.DeploymentCondition{failedTimedOut}),
			newRS: newRSWithAvailable("foo", 3, 2, 2), status: api.ConditionFalse, reason: deploymentutil.TimedOutReason},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, now)
			all := tt.allRSs
			if tt.newRS != nil {
				all = append(all, tt.newRS)
			}
			// The Deployment is not stored: the write fails with NotFound
			// after the status has been computed into d.
			if err := f.dc.syncRolloutStatus(all, tt.newRS, tt.d, f.ds); err != nil && !apiserver.IsNotFound(err) {
				t.Fatal(err)
			}
			c := deploymentutil.GetDeploymentCondition(tt.d.Status, api.DeploymentProgressing)
			if tt.status == "" {
				if c != nil {
					t.Fatalf("unexpected Progressing condition %+v", c)
				}
				return
			}
			if c == nil || c.Status != tt.status || c.Reason != tt.reason {
				t.Fatalf("Progressing = %+v, want %s %s", c, tt.status, tt.reason)
			}
			if tt.message != "" && c.Message != tt.message {
				t.Errorf("message %q, want %q", c.Message, tt.message)
			}
			if !tt.lastUpdate.IsZero() && !c.LastUpdateTime.Equal(tt.lastUpdate) {
				t.Errorf("lastUpdateTime %v, want %v", c.LastUpdateTime, tt.lastUpdate)
			}
			if !tt.lastTransition.IsZero() && !c.LastTransitionTime.Equal(tt.lastTransition) {
				t.Errorf("lastTransitionTime %v, want %v", c.LastTransitionTime, tt.lastTransition)
			}
		})
	}
}

func TestSyncRolloutStatusReplicaFailure(t *testing.T) {
	failure := api.ReplicaSetCondition{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue, Reason: "FailedCreate", Message: "quota exceeded"}
	f := newFixture(t, progressTestTime)
	old := newRSWithAvailable("old", 1, 1, 1)
	old.Status.Conditions = []api.ReplicaSetCondition{failure}
	newRS := newRSWithAvailable("new", 1, 0, 0)
	d := currentDeployment(nil, 2, 1, 0, 1, nil)
	_ = f.dc.syncRolloutStatus([]*api.ReplicaSet{old, newRS}, newRS, d, f.ds)
	if c := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentReplicaFailure); c == nil || c.Reason != "FailedCreate" || c.Message != "quota exceeded" {
		t.Fatalf("ReplicaFailure = %+v, want the old ReplicaSet's", c)
	}
	old.Status.Conditions = nil
	_ = f.dc.syncRolloutStatus([]*api.ReplicaSet{old, newRS}, newRS, d, f.ds)
	if c := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentReplicaFailure); c != nil {
		t.Fatalf("ReplicaFailure %+v not removed", c)
	}
}

func TestCalculateStatus(t *testing.T) {
	f := newFixture(t, progressTestTime)
	d := newDeployment("foo", 4, nil, percent("25%"), percent("25%"), nil)
	d.Generation = 3
	d.Status.CollisionCount = ptr[int32](2)
	old := newRSWithAvailable("old", 3, 3, 3)
	old.Status.ReadyReplicas, old.Status.ObservedGeneration, old.Status.TerminatingReplicas = 3, 1, ptr[int32](1)
	newRS := newRSWithAvailable("new", 2, 1, 0)
	newRS.Status.ObservedGeneration, newRS.Status.TerminatingReplicas = 1, ptr[int32](0)
	s := f.dc.calculateStatus([]*api.ReplicaSet{old, newRS}, newRS, d, f.ds)
	// unavailable uses Σ spec (5) − available (3), replicas uses Σ status.
	want := api.DeploymentStatus{ObservedGeneration: 3, Replicas: 4, UpdatedReplicas: 1, ReadyReplicas: 3, AvailableReplicas: 3,
		UnavailableReplicas: 2, TerminatingReplicas: ptr[int32](1), CollisionCount: ptr[int32](2)}
	got := s
	got.Conditions = nil
	if !api.SemanticEqual(got, want) {
		t.Errorf("status %+v, want %+v", got, want)
	}
	// available 3 ≥ 4 − 1: Available.
	if c := deploymentutil.GetDeploymentCondition(s, api.DeploymentAvailable); c == nil || c.Status != api.ConditionTrue || c.Message != "Deployment has minimum availability." {
		t.Errorf("Available = %+v", c)
	}
	old.Status.AvailableReplicas = 2
	s = f.dc.calculateStatus([]*api.ReplicaSet{old, newRS}, newRS, d, f.ds)
	if c := deploymentutil.GetDeploymentCondition(s, api.DeploymentAvailable); c == nil || c.Status != api.ConditionFalse || c.Reason != deploymentutil.MinimumReplicasUnavailable ||
		c.Message != "Deployment does not have minimum availability." {
		t.Errorf("Available = %+v", c)
	}
}

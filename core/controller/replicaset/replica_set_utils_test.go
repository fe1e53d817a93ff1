package replicaset

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// newTableRS and newTablePod mirror upstream's newReplicaSet and newPod
// (replica_set_test.go): the template carries name=foo,type=production, the
// pods carry the selector's labels, and a Running pod is Ready (with a zero
// transition time unless one is given).
func newTableRS(replicas int32, selector map[string]string) *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "foobar", Namespace: "default", UID: "rs-uid", Generation: 1},
		Spec: api.ReplicaSetSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: selector},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"name": "foo", "type": "production"}}},
		},
	}
}

func newTablePod(name string, rs *api.ReplicaSet, phase api.PodPhase, lastTransition *time.Time) *api.Pod {
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: rs.Namespace, Labels: rs.Spec.Selector.MatchLabels},
		Status:     api.PodStatus{Phase: phase},
	}
	if phase == api.PodRunning {
		c := api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue}
		if lastTransition != nil {
			c.LastTransitionTime = api.Time{Time: *lastTransition}
		}
		p.Status.Conditions = []api.PodCondition{c}
	}
	return p
}

func i32(v int32) *int32 { return &v }

// TestCalculateStatus carries over upstream's table; "terminating" plays
// the part of the DeploymentReplicaSetTerminatingReplicas gate.
func TestCalculateStatus(t *testing.T) {
	labelMap := map[string]string{"name": "foo"}
	fullLabelMap := map[string]string{"name": "foo", "type": "production"}
	notFullyLabelledRS := newTableRS(1, labelMap)
	fullyLabelledRS := newTableRS(2, fullLabelMap)
	longMinReadySecondsRS := newTableRS(1, fullLabelMap)
	longMinReadySecondsRS.Spec.MinReadySeconds = 3600
	now := clock.Epoch
	asTerminating := func(p *api.Pod) *api.Pod {
		p.DeletionTimestamp = api.NewTimePtr(now)
		return p
	}
	tests := []struct {
		name        string
		terminating bool
		rs          *api.ReplicaSet
		active      []*api.Pod
		term        []*api.Pod
		want        api.ReplicaSetStatus
	}{
		{"1 fully labelled pod", false, fullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", fullyLabelledRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 1, FullyLabeledReplicas: 1, ReadyReplicas: 1, AvailableReplicas: 1}},
		{"1 not fully labelled pod", false, notFullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", notFullyLabelledRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 1, FullyLabeledReplicas: 0, ReadyReplicas: 1, AvailableReplicas: 1}},
		{"2 fully labelled pods", false, fullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", fullyLabelledRS, api.PodRunning, nil), newTablePod("pod2", fullyLabelledRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 2, FullyLabeledReplicas: 2, ReadyReplicas: 2, AvailableReplicas: 2}},
		{"2 fully labelled pods with terminatingReplicas", true, fullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", fullyLabelledRS, api.PodRunning, nil), newTablePod("pod2", fullyLabelledRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 2, FullyLabeledReplicas: 2, ReadyReplicas: 2, AvailableReplicas: 2, TerminatingReplicas: i32(0)}},
		{"2 not fully labelled pods", false, notFullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", notFullyLabelledRS, api.PodRunning, nil), newTablePod("pod2", notFullyLabelledRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 2, FullyLabeledReplicas: 0, ReadyReplicas: 2, AvailableReplicas: 2}},
		{"1 fully labelled pod, 1 not fully labelled pod", false, notFullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", notFullyLabelledRS, api.PodRunning, nil), newTablePod("pod2", fullyLabelledRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 2, FullyLabeledReplicas: 1, ReadyReplicas: 2, AvailableReplicas: 2}},
		{"1 non-ready pod", false, fullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", fullyLabelledRS, api.PodPending, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 1, FullyLabeledReplicas: 1}},
		{"1 ready but non-available pod", false, longMinReadySecondsRS,
			[]*api.Pod{newTablePod("pod1", longMinReadySecondsRS, api.PodRunning, nil)}, nil,
			api.ReplicaSetStatus{Replicas: 1, FullyLabeledReplicas: 1, ReadyReplicas: 1}},
		{"1 fully labelled pod and 1 terminating without the gate", false, fullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", fullyLabelledRS, api.PodRunning, nil)},
			[]*api.Pod{asTerminating(newTablePod("pod2", fullyLabelledRS, api.PodRunning, nil))},
			api.ReplicaSetStatus{Replicas: 1, FullyLabeledReplicas: 1, ReadyReplicas: 1, AvailableReplicas: 1}},
		{"1 fully labelled pods and 2 terminating with the gate", true, fullyLabelledRS,
			[]*api.Pod{newTablePod("pod1", fullyLabelledRS, api.PodRunning, nil)},
			[]*api.Pod{asTerminating(newTablePod("pod2", fullyLabelledRS, api.PodRunning, nil)), asTerminating(newTablePod("pod3", fullyLabelledRS, api.PodRunning, nil))},
			api.ReplicaSetStatus{Replicas: 1, FullyLabeledReplicas: 1, ReadyReplicas: 1, AvailableReplicas: 1, TerminatingReplicas: i32(2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := statusOf(t, tt.rs, tt.active, tt.term, nil, tt.terminating, now)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("status\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// statusOf runs calculateStatus as syncReplicaSet does: over the pods'
// CachedPods, with the terminating ones counted when the gate is on.
func statusOf(t *testing.T, rs *api.ReplicaSet, active, term []*api.Pod, err error, gate bool, now time.Time) api.ReplicaSetStatus {
	t.Helper()
	sel, selErr := labels.SelectorFromLabelSelector(rs.Spec.Selector)
	if selErr != nil {
		t.Fatal(selErr)
	}
	var cached []*controller.CachedPod
	for _, p := range active {
		cached = append(cached, controller.NewCachedPod(p))
	}
	var n *int32
	if gate {
		n = i32(int32(len(term)))
	}
	return calculateStatus(rs, countPods(rs, sel, labels.SelectorFromSet(labels.Set(rs.Spec.Template.Labels)), cached, n, now), err, now)
}

// TestCalculateStatusAvailability checks the minReadySeconds boundary of
// calculateStatus, through podutil.IsPodAvailable (v1.37): available at
// lastTransitionTime + minReadySeconds, not a moment later.
func TestCalculateStatusAvailability(t *testing.T) {
	rs := newTableRS(1, map[string]string{"name": "foo"})
	rs.Spec.MinReadySeconds = 5
	ready := clock.Epoch
	pod := newTablePod("pod1", rs, api.PodRunning, &ready)
	for _, tt := range []struct {
		at   time.Duration
		want int32
	}{{0, 0}, {4 * time.Second, 0}, {5*time.Second - 1, 0}, {5 * time.Second, 1}, {6 * time.Second, 1}} {
		got := statusOf(t, rs, []*api.Pod{pod}, nil, nil, true, ready.Add(tt.at))
		if got.AvailableReplicas != tt.want || got.ReadyReplicas != 1 {
			t.Errorf("at +%v: available %d ready %d, want available %d", tt.at, got.AvailableReplicas, got.ReadyReplicas, tt.want)
		}
	}
}

// TestCalculateStatusConditions carries over upstream's table.
func TestCalculateStatusConditions(t *testing.T) {
	labelMap := map[string]string{"name": "foo"}
	rs := newTableRS(2, labelMap)
	replicaFailureRS := newTableRS(10, labelMap)
	replicaFailureRS.Status.Conditions = []api.ReplicaSetCondition{{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue}}
	now := clock.Epoch.Add(time.Minute)
	fake := errors.New("fake manageReplicasErr")
	tests := []struct {
		name   string
		rs     *api.ReplicaSet
		active []*api.Pod
		err    error
		want   []api.ReplicaSetCondition
	}{
		{"manageReplicasErr != nil && failureCond == nil, diff < 0", rs,
			[]*api.Pod{newTablePod("pod1", rs, api.PodRunning, nil)}, fake,
			[]api.ReplicaSetCondition{{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue, Reason: "FailedCreate",
				Message: "fake manageReplicasErr", LastTransitionTime: api.NewTime(now)}}},
		{"manageReplicasErr != nil && failureCond == nil, diff > 0", rs,
			[]*api.Pod{newTablePod("pod1", rs, api.PodRunning, nil), newTablePod("pod2", rs, api.PodRunning, nil), newTablePod("pod3", rs, api.PodRunning, nil)}, fake,
			[]api.ReplicaSetCondition{{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue, Reason: "FailedDelete",
				Message: "fake manageReplicasErr", LastTransitionTime: api.NewTime(now)}}},
		{"manageReplicasErr == nil && failureCond != nil", replicaFailureRS,
			[]*api.Pod{newTablePod("pod1", replicaFailureRS, api.PodRunning, nil)}, nil, nil},
		{"manageReplicasErr != nil && failureCond != nil", replicaFailureRS,
			[]*api.Pod{newTablePod("pod1", replicaFailureRS, api.PodRunning, nil)}, fake,
			[]api.ReplicaSetCondition{{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue}}},
		{"manageReplicasErr == nil && failureCond == nil", rs,
			[]*api.Pod{newTablePod("pod1", rs, api.PodRunning, nil)}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := statusOf(t, tt.rs, tt.active, nil, tt.err, true, now)
			if !reflect.DeepEqual(got.Conditions, tt.want) {
				t.Errorf("conditions\n got %+v\nwant %+v", got.Conditions, tt.want)
			}
		})
	}
}

func TestSetCondition(t *testing.T) {
	at := func(s int) api.Time { return api.NewTime(clock.Epoch.Add(time.Duration(s) * time.Second)) }
	other := api.ReplicaSetCondition{Type: "Other", Status: api.ConditionTrue}
	st := api.ReplicaSetStatus{Conditions: []api.ReplicaSetCondition{
		{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue, Reason: "FailedCreate", Message: "old", LastTransitionTime: at(1)}, other}}
	// Same status and reason: nothing changes, not even the message.
	SetCondition(&st, NewReplicaSetCondition(api.ReplicaSetReplicaFailure, api.ConditionTrue, "FailedCreate", "new", clock.Epoch.Add(9*time.Second)))
	if c := GetCondition(st, api.ReplicaSetReplicaFailure); c.Message != "old" || c.LastTransitionTime != at(1) || st.Conditions[0].Type != api.ReplicaSetReplicaFailure {
		t.Errorf("same status+reason changed the condition: %+v", st.Conditions)
	}
	// A different reason replaces it and moves it to the end.
	SetCondition(&st, NewReplicaSetCondition(api.ReplicaSetReplicaFailure, api.ConditionTrue, "FailedDelete", "new", clock.Epoch.Add(9*time.Second)))
	if len(st.Conditions) != 2 || st.Conditions[0].Type != "Other" || st.Conditions[1].Reason != "FailedDelete" || st.Conditions[1].LastTransitionTime != at(9) {
		t.Errorf("after a new reason: %+v", st.Conditions)
	}
	RemoveCondition(&st, api.ReplicaSetReplicaFailure)
	if len(st.Conditions) != 1 || st.Conditions[0] != other {
		t.Errorf("after remove: %+v", st.Conditions)
	}
	RemoveCondition(&st, "Other")
	if st.Conditions != nil {
		t.Errorf("removing the last condition leaves %#v, want nil", st.Conditions)
	}
}

// TestSlowStartBatch checks the batch sizes and the stop at the first
// failing batch.
func TestSlowStartBatch(t *testing.T) {
	tests := []struct {
		count, initial int
		failFrom       int // the call number (1-based) from which calls fail; 0 = never
		wantSuccesses  int
		wantBatches    []int
		wantCalls      int
	}{
		{0, 1, 0, 0, nil, 0},
		{1, 1, 0, 1, []int{1}, 1},
		{3, 1, 0, 3, []int{1, 2}, 3},
		{10, 1, 0, 10, []int{1, 2, 4, 3}, 10},
		{500, 1, 0, 500, []int{1, 2, 4, 8, 16, 32, 64, 128, 245}, 500},
		{10, 1, 1, 0, []int{1}, 1},
		{10, 1, 2, 1, []int{1, 2}, 3},
		{10, 1, 6, 5, []int{1, 2, 4}, 7},
		{10, 2, 0, 10, []int{2, 4, 4}, 10},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("count=%d,initial=%d,failFrom=%d", tt.count, tt.initial, tt.failFrom), func(t *testing.T) {
			calls := 0
			s := newSlowStart(tt.count, tt.initial)
			done, err := s.run(func() error {
				calls++
				if tt.failFrom > 0 && calls >= tt.failFrom {
					return fmt.Errorf("call %d failed", calls)
				}
				return nil
			})
			successes, batches := s.successes, s.batches
			if !done {
				t.Errorf("not done after a run without throttling")
			}
			if successes != tt.wantSuccesses || !reflect.DeepEqual(batches, tt.wantBatches) || calls != tt.wantCalls {
				t.Errorf("successes %d batches %v calls %d; want %d %v %d", successes, batches, calls, tt.wantSuccesses, tt.wantBatches, tt.wantCalls)
			}
			if (err != nil) != (tt.failFrom > 0 && tt.failFrom <= tt.count) {
				t.Errorf("err = %v", err)
			}
			if err != nil && err.Error() != fmt.Sprintf("call %d failed", tt.failFrom) {
				t.Errorf("err = %v, want the first failure", err)
			}
		})
	}
}

// TestSlowStartThrottled: a slow start the client holds back at every
// 7th call carries on where it stopped, and ends with the calls, batches
// and first failure of one that was never held back.
func TestSlowStartThrottled(t *testing.T) {
	for _, failFrom := range []int{0, 12} {
		s := newSlowStart(100, 1)
		calls, runs := 0, 0
		throttleAt := 7
		var done bool
		var err error
		for !done {
			if runs++; runs > 100 {
				t.Fatal("the slow start never finished")
			}
			sent := 0
			done, err = s.run(func() error {
				if sent == throttleAt {
					return &controller.ThrottledError{Client: "test", Wait: 2 * time.Second}
				}
				sent++
				calls++
				if failFrom > 0 && calls >= failFrom {
					return fmt.Errorf("call %d failed", calls)
				}
				return nil
			})
			if !done {
				if _, ok := controller.IsThrottled(err); !ok {
					t.Fatalf("run stopped with %v, want the throttled error", err)
				}
			}
		}
		want := newSlowStart(100, 1)
		wantCalls := 0
		_, wantErr := want.run(func() error {
			wantCalls++
			if failFrom > 0 && wantCalls >= failFrom {
				return fmt.Errorf("call %d failed", wantCalls)
			}
			return nil
		})
		if calls != wantCalls || s.successes != want.successes || !reflect.DeepEqual(s.batches, want.batches) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("failFrom %d: throttled every %d calls: calls %d successes %d batches %v err %v; unthrottled: %d %d %v %v",
				failFrom, throttleAt, calls, s.successes, s.batches, err, wantCalls, want.successes, want.batches, wantErr)
		}
		if runs < 100/throttleAt && failFrom == 0 {
			t.Errorf("%d runs: the throttle never held the slow start back", runs)
		}
	}
}

// TestDescribeRankSidecarRestarts: when compareMaxContainerRestarts (v1.37
// controller_utils.go) decides by the sidecars' restarts, the decision
// record names those, not two equal regular counts.
func TestDescribeRankSidecarRestarts(t *testing.T) {
	always := api.ContainerRestartPolicyAlways
	mk := func(regular, sidecar int32) *api.Pod {
		return &api.Pod{
			Spec: api.PodSpec{InitContainers: []api.Container{{Name: "proxy", RestartPolicy: &always}}},
			Status: api.PodStatus{
				ContainerStatuses:     []api.ContainerStatus{{Name: "app", RestartCount: regular}},
				InitContainerStatuses: []api.ContainerStatus{{Name: "proxy", RestartCount: sidecar}},
			}}
	}
	for _, c := range []struct {
		a, b *api.Pod
		want string
	}{
		{mk(1, 3), mk(1, 0), "1 restarts each; sidecar restarts 3 vs 0"},
		{mk(2, 0), mk(1, 9), "2 restarts vs 1"},
	} {
		s := controller.ActivePodsWithRanks{Pods: []*api.Pod{c.a, c.b}, Rank: []int{0, 0}}
		if got := describeRank(s, 0, 1, controller.RankRestarts, time.Time{}); got != c.want {
			t.Errorf("describeRank = %q, want %q", got, c.want)
		}
	}
}

package controller

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// rankedPod builds a pod the way upstream's TestSortingActivePodsWithRanks
// does.
func rankedPod(name, node string, phase api.PodPhase, ready bool, restarts int32, readySince, created time.Time, annotations map[string]string) *api.Pod {
	p := &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, CreationTimestamp: api.Time{Time: created}, Annotations: annotations},
		Spec:       api.PodSpec{NodeName: node},
		Status:     api.PodStatus{Phase: phase},
	}
	if ready {
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.Time{Time: readySince}}}
		p.Status.ContainerStatuses = []api.ContainerStatus{{RestartCount: restarts}}
	}
	return p
}

// TestSortingActivePodsWithRanks carries over upstream's equality and
// inequality tables (controller_utils_test.go). The case that needs the
// PodDeletionCost gate off is left out: the gate is GA and locked on.
func TestSortingActivePodsWithRanks(t *testing.T) {
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	then1Month := now.AddDate(0, -1, 0)
	then2Hours := now.Add(-2 * time.Hour)
	then5Hours := now.Add(-5 * time.Hour)
	then8Hours := now.Add(-8 * time.Hour)
	var zero time.Time
	var (
		unscheduledPod                      = rankedPod("unscheduled", "", api.PodPending, false, 0, zero, zero, nil)
		scheduledPendingPod                 = rankedPod("pending", "node", api.PodPending, false, 0, zero, zero, nil)
		unknownPhasePod                     = rankedPod("unknown-phase", "node", api.PodUnknown, false, 0, zero, zero, nil)
		runningNotReadyPod                  = rankedPod("not-ready", "node", api.PodRunning, false, 0, zero, zero, nil)
		runningReadyNoLastTransitionTimePod = rankedPod("ready-no-last-transition-time", "node", api.PodRunning, true, 0, zero, zero, nil)
		runningReadyNow                     = rankedPod("ready-now", "node", api.PodRunning, true, 0, now, now, nil)
		runningReadyThen                    = rankedPod("ready-then", "node", api.PodRunning, true, 0, then1Month, then1Month, nil)
		runningReadyNowHighRestarts         = rankedPod("ready-high-restarts", "node", api.PodRunning, true, 9001, now, now, nil)
		runningReadyNowCreatedThen          = rankedPod("ready-now-created-then", "node", api.PodRunning, true, 0, now, then1Month, nil)
		lowPodDeletionCost                  = rankedPod("low-deletion-cost", "node", api.PodRunning, true, 0, now, then1Month, map[string]string{PodDeletionCostAnnotation: "10"})
		highPodDeletionCost                 = rankedPod("high-deletion-cost", "node", api.PodRunning, true, 0, now, then1Month, map[string]string{PodDeletionCostAnnotation: "100"})
		unscheduled5Hours                   = rankedPod("unscheduled-5-hours", "", api.PodPending, false, 0, then5Hours, then5Hours, nil)
		unscheduled8Hours                   = rankedPod("unscheduled-10-hours", "", api.PodPending, false, 0, then8Hours, then8Hours, nil)
		ready2Hours                         = rankedPod("ready-2-hours", "", api.PodRunning, true, 0, then2Hours, then1Month, nil)
		ready5Hours                         = rankedPod("ready-5-hours", "", api.PodRunning, true, 0, then5Hours, then1Month, nil)
		ready10Hours                        = rankedPod("ready-10-hours", "", api.PodRunning, true, 0, then8Hours, then1Month, nil)
	)
	equality := []struct{ p1, p2 *api.Pod }{
		{p1: unscheduledPod},
		{p1: scheduledPendingPod},
		{p1: unknownPhasePod},
		{p1: runningNotReadyPod},
		{p1: runningReadyNowCreatedThen},
		{p1: runningReadyNow},
		{p1: runningReadyThen},
		{p1: runningReadyNowHighRestarts},
		{p1: runningReadyNowCreatedThen},
		{p1: unscheduled5Hours, p2: unscheduled8Hours},
		{p1: ready5Hours, p2: ready10Hours},
	}
	for i, tt := range equality {
		t.Run(fmt.Sprintf("Equality tests %d", i), func(t *testing.T) {
			p2 := tt.p2
			if p2 == nil {
				p2 = tt.p1
			}
			s := ActivePodsWithRanks{Pods: []*api.Pod{tt.p1, p2}, Rank: []int{1, 1}, Now: now}
			if s.Less(0, 1) || s.Less(1, 0) {
				t.Errorf("expected pod %q to be equivalent to %q", tt.p1.Name, p2.Name)
			}
		})
	}
	type podWithRank struct {
		pod  *api.Pod
		rank int
	}
	inequality := []struct {
		lesser, greater podWithRank
		reason          RankReason
	}{
		{podWithRank{unscheduledPod, 1}, podWithRank{scheduledPendingPod, 2}, RankUnassigned},
		{podWithRank{unscheduledPod, 2}, podWithRank{scheduledPendingPod, 1}, RankUnassigned},
		{podWithRank{scheduledPendingPod, 1}, podWithRank{unknownPhasePod, 2}, RankPhase},
		{podWithRank{unknownPhasePod, 1}, podWithRank{runningNotReadyPod, 2}, RankPhase},
		{podWithRank{runningNotReadyPod, 1}, podWithRank{runningReadyNoLastTransitionTimePod, 1}, RankNotReady},
		{podWithRank{runningReadyNoLastTransitionTimePod, 1}, podWithRank{runningReadyNow, 1}, RankReadyTime},
		{podWithRank{runningReadyNow, 2}, podWithRank{runningReadyNoLastTransitionTimePod, 1}, RankColocated},
		{podWithRank{runningReadyNow, 1}, podWithRank{runningReadyThen, 1}, RankReadyTime},
		{podWithRank{runningReadyNow, 2}, podWithRank{runningReadyThen, 1}, RankColocated},
		{podWithRank{runningReadyNowHighRestarts, 1}, podWithRank{runningReadyNow, 1}, RankRestarts},
		{podWithRank{runningReadyNow, 2}, podWithRank{runningReadyNowHighRestarts, 1}, RankColocated},
		{podWithRank{runningReadyNow, 1}, podWithRank{runningReadyNowCreatedThen, 1}, RankCreated},
		{podWithRank{runningReadyNowCreatedThen, 2}, podWithRank{runningReadyNow, 1}, RankColocated},
		{podWithRank{lowPodDeletionCost, 2}, podWithRank{highPodDeletionCost, 1}, RankDeletionCost},
		{podWithRank{ready2Hours, 1}, podWithRank{ready5Hours, 1}, RankReadyTime},
	}
	for i, tt := range inequality {
		t.Run(fmt.Sprintf("Inequality tests %d", i), func(t *testing.T) {
			s := ActivePodsWithRanks{
				Pods: []*api.Pod{tt.lesser.pod, tt.greater.pod},
				Rank: []int{tt.lesser.rank, tt.greater.rank},
				Now:  now,
			}
			less, why := s.LessReason(0, 1)
			if !less {
				t.Errorf("expected pod %q with rank %v to be less than %q with rank %v", s.Pods[0].Name, s.Rank[0], s.Pods[1].Name, s.Rank[1])
			}
			if why != tt.reason {
				t.Errorf("decided by %q, want %q", why, tt.reason)
			}
			if s.Less(1, 0) {
				t.Errorf("expected pod %q with rank %v not to be less than %v with rank %v", s.Pods[1].Name, s.Rank[1], s.Pods[0].Name, s.Rank[0])
			}
		})
	}
}

// TestSortingActivePodsWithRanksOrder sorts shuffled pods, as upstream's
// TestSortingActivePods does, and checks the whole deletion order,
// including the uid tie-break inside a logarithmic bucket.
func TestSortingActivePodsWithRanksOrder(t *testing.T) {
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	month := now.AddDate(0, -1, 0)
	ready := func(name, node string, readySince, created time.Time, restarts int32, uid string) *api.Pod {
		p := rankedPod(name, node, api.PodRunning, true, restarts, readySince, created, nil)
		p.UID = uid
		return p
	}
	want := []*api.Pod{
		rankedPod("unscheduled", "", api.PodPending, false, 0, time.Time{}, now, nil),
		rankedPod("scheduled-pending", "a", api.PodPending, false, 0, time.Time{}, now, nil),
		rankedPod("unknown", "a", api.PodUnknown, false, 0, time.Time{}, now, nil),
		rankedPod("running-not-ready", "a", api.PodRunning, false, 0, time.Time{}, now, nil),
		ready("cheap", "b", month, month, 0, "z"),
		ready("doubled-up", "a", month, month, 0, "y"),
		ready("ready-0.9s", "b", now.Add(-900*time.Millisecond), month, 0, "d"),
		// 1.5 s and 1.2 s ago share bucket 30: the lower uid goes first.
		ready("ready-1.5s-uid-b", "b", now.Add(-1500*time.Millisecond), month, 0, "b"),
		ready("ready-1.2s-uid-c", "b", now.Add(-1200*time.Millisecond), month, 0, "c"),
		ready("ready-an-hour", "b", now.Add(-time.Hour), month, 0, "a"),
		ready("restarts", "b", month, month, 5, "x"),
		ready("new", "b", month, now.Add(-time.Minute), 0, "w"),
		ready("old", "b", month, month, 0, "v"),
	}
	want[4].Annotations = map[string]string{PodDeletionCostAnnotation: "-5"}
	rank := map[string]int{"a": 3, "b": 1, "": 1}
	r := rand.New(rand.NewPCG(7, 7))
	for range 20 {
		pods := slices.Clone(want)
		r.Shuffle(len(pods), func(i, j int) { pods[i], pods[j] = pods[j], pods[i] })
		ranks := make([]int, len(pods))
		for i, p := range pods {
			ranks[i] = rank[p.Spec.NodeName]
		}
		sort.Sort(ActivePodsWithRanks{Pods: pods, Rank: ranks, Now: now})
		if got, w := podNames(pods), podNames(want); !slices.Equal(got, w) {
			t.Fatalf("order\n got %v\nwant %v", got, w)
		}
	}
}

func TestLogarithmicRank(t *testing.T) {
	now := clock.Epoch
	for _, tt := range []struct {
		ago  time.Duration
		want int64
	}{
		{-time.Second, -1}, {0, -1}, {1, 0}, {2, 1}, {3, 1}, {time.Second, 29},
		{2 * time.Second, 30}, {3 * time.Second, 31}, {5 * time.Hour, 44}, {8 * time.Hour, 44}, {2 * time.Hour, 42},
	} {
		if got := LogarithmicRank(now.Add(-tt.ago), now); got != tt.want {
			t.Errorf("LogarithmicRank(%v ago) = %d, want %d", tt.ago, got, tt.want)
		}
	}
}

func TestActivePodFiltering(t *testing.T) {
	now := api.NewTimePtr(clock.Epoch)
	mk := func(name string, phase api.PodPhase, del bool) *api.Pod {
		p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name}, Status: api.PodStatus{Phase: phase}}
		if del {
			p.DeletionTimestamp = now
		}
		return p
	}
	pods := []*api.Pod{
		mk("succeeded", api.PodSucceeded, false), mk("failed", api.PodFailed, false),
		mk("pending-deleting", api.PodPending, true), mk("running-deleting", api.PodRunning, true),
		mk("failed-deleting", api.PodFailed, true),
		mk("pending", api.PodPending, false), mk("running", api.PodRunning, false), mk("unknown", api.PodUnknown, false),
		mk("no-phase", "", false),
	}
	if got, want := podNames(FilterActivePods(pods)), []string{"pending", "running", "unknown", "no-phase"}; !slices.Equal(got, want) {
		t.Errorf("FilterActivePods = %v, want %v", got, want)
	}
	var active, terminating []string
	for _, p := range pods {
		c := NewCachedPod(p)
		if c.Active() {
			active = append(active, p.Name)
		}
		if c.Terminating() {
			terminating = append(terminating, p.Name)
		}
	}
	if want := podNames(FilterActivePods(pods)); !slices.Equal(active, want) {
		t.Errorf("CachedPod.Active for %v, FilterActivePods %v", active, want)
	}
	if want := []string{"pending-deleting", "running-deleting"}; !slices.Equal(terminating, want) {
		t.Errorf("CachedPod.Terminating for %v, want %v (IsPodTerminating)", terminating, want)
	}
	if got := countTerminatingPods(pods); got != 2 {
		t.Errorf("CountTerminatingPods = %d, want 2", got)
	}
}

func readyPod(now time.Time, ready bool, before time.Duration) *api.Pod {
	st := api.ConditionFalse
	if ready {
		st = api.ConditionTrue
	}
	return &api.Pod{Status: api.PodStatus{Conditions: []api.PodCondition{
		{Type: api.PodReady, Status: st, LastTransitionTime: api.Time{Time: now.Add(-before)}}}}}
}

// TestIsPodAvailable checks podutil.IsPodAvailable (pkg/api/v1/pod/util.go).
func TestIsPodAvailable(t *testing.T) {
	now := clock.Epoch.Add(time.Hour)
	for _, tt := range []struct {
		name string
		pod  *api.Pod
		mrs  int32
		want bool
	}{
		{"not ready", readyPod(now, false, time.Hour), 0, false},
		{"ready, no minReadySeconds", readyPod(now, true, 0), 0, true},
		// The boundary (pkg/api/v1/pod/util.go IsPodAvailable, v1.37:
		// lastTransitionTime + minReadySeconds Compare(now) <= 0), with
		// upstream's own case: ready 51 s ago, minReadySeconds 51.
		{"ready 51 s, minReadySeconds 51: available at the boundary", readyPod(now, true, 51*time.Second), 51, true},
		{"ready 51 s, minReadySeconds 50", readyPod(now, true, 51*time.Second), 50, true},
		{"ready exactly minReadySeconds", readyPod(now, true, 5*time.Second), 5, true},
		{"one nanosecond short", readyPod(now, true, 5*time.Second-1), 5, false},
		{"one second short", readyPod(now, true, 4*time.Second), 5, false},
		{"just became ready", readyPod(now, true, 0), 1, false},
		{"zero transition time", &api.Pod{Status: api.PodStatus{Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}}}, 1, false},
		{"no conditions", &api.Pod{}, 0, false},
	} {
		if got := IsPodAvailable(tt.pod, tt.mrs, now); got != tt.want {
			t.Errorf("%s: IsPodAvailable = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNextPodAvailabilityCheck carries over upstream's table.
func TestNextPodAvailabilityCheck(t *testing.T) {
	now := clock.Epoch.Add(time.Hour)
	for _, tt := range []struct {
		name string
		pod  *api.Pod
		mrs  int32
		want time.Duration
		ok   bool
	}{
		{"not ready", readyPod(now, false, 0), 0, 0, false},
		{"no minReadySeconds defined", readyPod(now, true, 0), 0, 0, false},
		{"lastTransitionTime is zero", &api.Pod{Status: api.PodStatus{Conditions: []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}}}, 1, 0, false},
		{"just became ready - available in 1s", readyPod(now, true, 0), 1, time.Second, true},
		{"ready for 20s - available in 10s", readyPod(now, true, 20*time.Second), 30, 10 * time.Second, true},
		{"available", readyPod(now, true, 51*time.Second), 50, 0, false},
	} {
		got, ok := NextPodAvailabilityCheck(tt.pod, tt.mrs, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

// TestFindMinNextPodAvailabilityCheck carries over upstream's
// TestFindMinNextPodAvailabilitySimpleCheck table and checks the clocked
// variant.
func TestFindMinNextPodAvailabilityCheck(t *testing.T) {
	clk := clock.New(clock.Epoch.Add(time.Hour))
	now := clk.Now()
	pod := func(name string, ready bool, before time.Duration) *api.Pod {
		p := readyPod(now, ready, before)
		p.Name = name
		return p
	}
	for _, tt := range []struct {
		name    string
		pods    []*api.Pod
		mrs     int32
		want    time.Duration
		wantPod string
	}{
		{"no pods", nil, 0, 0, ""},
		{"unready pods", []*api.Pod{pod("pod1", false, 0), pod("pod2", false, 0)}, 0, 0, ""},
		{"ready pods with no minReadySeconds", []*api.Pod{pod("pod1", true, 0), pod("pod2", true, 0)}, 0, 0, ""},
		{"unready and ready pods should find min next availability check", []*api.Pod{
			pod("pod1", false, 0), pod("pod2", true, 2*time.Second), pod("pod3", true, 0),
			pod("pod4", true, 4*time.Second), pod("pod5", false, 0)}, 10, 6 * time.Second, "pod4"},
		{"unready and available pods do not require min next availability check", []*api.Pod{
			pod("pod1", false, 0), pod("pod2", true, 15*time.Second), pod("pod3", true, 11*time.Second),
			pod("pod4", true, 10*time.Second), pod("pod5", false, 0)}, 10, 0, ""},
	} {
		got, p, ok := FindMinNextPodAvailabilitySimpleCheck(tt.pods, tt.mrs, now)
		name := ""
		if p != nil {
			name = p.Name
		}
		if got != tt.want || name != tt.wantPod || ok != (tt.wantPod != "") {
			t.Errorf("%s: simple = %v, %q, %v; want %v, %q", tt.name, got, name, ok, tt.want, tt.wantPod)
		}
		got, ok = FindMinNextPodAvailabilityCheck(tt.pods, tt.mrs, now, clk)
		if got != tt.want || ok != (tt.wantPod != "") {
			t.Errorf("%s: = %v, %v; want %v", tt.name, got, ok, tt.want)
		}
	}
	// Evaluated earlier, checked later: the remaining time shrinks, and a
	// pod that became available in between asks for an immediate check.
	pods := []*api.Pod{pod("p", true, 4*time.Second)}
	clk.Advance(3 * time.Second)
	if got, ok := FindMinNextPodAvailabilityCheck(pods, 10, now, clk); !ok || got != 3*time.Second {
		t.Errorf("after 3s: %v, %v; want 3s", got, ok)
	}
	clk.Advance(10 * time.Second)
	if got, ok := FindMinNextPodAvailabilityCheck(pods, 10, now, clk); !ok || got != 0 {
		t.Errorf("after 13s: %v, %v; want 0, true", got, ok)
	}
}

func TestGetDeletionCostFromPodAnnotations(t *testing.T) {
	for _, tt := range []struct {
		value   *string
		want    int32
		wantErr bool
	}{
		{nil, 0, false},
		{ptr("10"), 10, false},
		{ptr("-10"), -10, false},
		{ptr("0"), 0, false},
		{ptr("2147483647"), 2147483647, false},
		{ptr("-2147483648"), -2147483648, false},
		{ptr("2147483648"), 0, true},
		{ptr("+10"), 0, true},
		{ptr("008"), 0, true},
		{ptr(""), 0, true},
		{ptr("ten"), 0, true},
		{ptr("1.5"), 0, true},
	} {
		ann := map[string]string{"other": "1"}
		name := "<absent>"
		if tt.value != nil {
			ann[PodDeletionCostAnnotation] = *tt.value
			name = *tt.value
		}
		got, err := GetDeletionCostFromPodAnnotations(ann)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("%q: = %d, %v; want %d, error %v", name, got, err, tt.want, tt.wantErr)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func events(t *testing.T, s *apiserver.Server) []string {
	t.Helper()
	evs, _, err := apiserver.ListAs[*api.Event](s, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(evs, func(a, b *api.Event) int { return strings.Compare(a.Name, b.Name) })
	var out []string
	for _, e := range evs {
		out = append(out, fmt.Sprintf("%s %s %s/%s %s: %s", e.Source.Component, e.Type, e.InvolvedObject.Kind, e.InvolvedObject.Name, e.Reason, e.Message))
	}
	return out
}

// TestCreatePods follows upstream's TestCreatePodsWithGenerateName: the pod
// carries the template's labels, annotations, finalizers and spec, the
// controller reference, and a name drawn from "<rs>-".
func TestCreatePods(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "web-5d8f7c9b6", productionLabel)
	rs.Spec.Template.Annotations = map[string]string{"a": "b"}
	rs.Spec.Template.Finalizers = []string{"example.com/keep"}
	ctx := NewContext(s, nil, clock.New(clock.Epoch))
	pc := PodControl{Server: s, Recorder: ctx.Recorder("replicaset-controller", "")}
	ref := NewControllerRef(rs)
	pod, err := pc.CreatePods("default", &rs.Spec.Template, rs, ref)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pod.Name, "web-5d8f7c9b6-") || len(pod.Name) != len("web-5d8f7c9b6-")+5 ||
		strings.Trim(pod.Name[len("web-5d8f7c9b6-"):], "bcdfghjklmnpqrstvwxz2456789") != "" {
		t.Errorf("pod name %q, want web-5d8f7c9b6- plus 5 characters of the utilrand alphabet", pod.Name)
	}
	if pod.GenerateName != "web-5d8f7c9b6-" || pod.Labels["type"] != "production" || pod.Annotations["a"] != "b" ||
		!slices.Equal(pod.Finalizers, []string{"example.com/keep"}) || pod.Spec.Containers[0].Image != "nginx:1.25" {
		t.Errorf("pod metadata/spec not copied from the template: %+v", pod.ObjectMeta)
	}
	if got := pod.ControllerRef(); got == nil || got.UID != rs.UID || got.Kind != "ReplicaSet" || got.APIVersion != "apps/v1" {
		t.Errorf("controller ref %+v", got)
	}
	// The template is not changed by the create.
	if rs.Spec.Template.GenerateName != "" || len(rs.Spec.Template.OwnerReferences) != 0 {
		t.Error("template modified")
	}
	if err := pc.DeletePod("default", pod.Name, rs); err != nil {
		t.Fatal(err)
	}
	err = pc.DeletePod("default", "missing", rs)
	if !apiserver.IsNotFound(err) {
		t.Errorf("deleting a missing pod: %v, want NotFound", err)
	}
	want := []string{
		"replicaset-controller Normal ReplicaSet/web-5d8f7c9b6 SuccessfulCreate: Created pod: " + pod.Name,
		"replicaset-controller Normal ReplicaSet/web-5d8f7c9b6 SuccessfulDelete: Deleted pod: " + pod.Name,
	}
	if got := events(t, s); !slices.Equal(got, want) {
		t.Errorf("events\n got %q\nwant %q", got, want)
	}
}

func TestCreatePodsErrors(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	ctx := NewContext(s, nil, clock.New(clock.Epoch))
	pc := PodControl{Server: s, Recorder: ctx.Recorder("replicaset-controller", "")}
	good := NewControllerRef(rs)
	f := false
	for _, tt := range []struct {
		name string
		ref  *api.OwnerReference
		tmpl api.PodTemplateSpec
		want string
	}{
		{"nil ref", nil, rs.Spec.Template, "controllerRef is nil"},
		{"no apiVersion", &api.OwnerReference{Kind: "ReplicaSet", Controller: &f}, rs.Spec.Template, "controllerRef has empty APIVersion"},
		{"no kind", &api.OwnerReference{APIVersion: "apps/v1"}, rs.Spec.Template, "controllerRef has empty Kind"},
		{"not controller", &api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Controller: &f}, rs.Spec.Template, "controllerRef.Controller is not set to true"},
		{"no blockOwnerDeletion", &api.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet", Controller: good.Controller}, rs.Spec.Template, "controllerRef.BlockOwnerDeletion is not set"},
		{"no labels", good, testPodTemplate(nil), "unable to create pods, no labels"},
	} {
		if _, err := pc.CreatePods("default", &tt.tmpl, rs, tt.ref); err == nil || err.Error() != tt.want {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	if got := events(t, s); len(got) != 0 {
		t.Errorf("events for refused requests: %q", got)
	}
	// An API error is recorded as FailedCreate.
	bad := rs.Spec.Template
	bad.Spec.Containers = nil
	_, err := pc.CreatePods("default", &bad, rs, good)
	if !apiserver.IsInvalid(err) {
		t.Fatalf("err = %v, want Invalid", err)
	}
	want := "replicaset-controller Warning ReplicaSet/rs FailedCreate: Error creating: " + err.Error()
	if got := events(t, s); len(got) != 1 || got[0] != want {
		t.Errorf("events %q, want %q", got, want)
	}
}

func TestGetPodsPrefix(t *testing.T) {
	long := strings.Repeat("a", 253)
	for _, tt := range []struct{ name, want string }{
		{"web", "web-"},
		{"web-5d8f7c9b6", "web-5d8f7c9b6-"},
		{long, long},
	} {
		if got := getPodsPrefix(tt.name); got != tt.want {
			t.Errorf("getPodsPrefix(%.20q) = %.20q, want %.20q", tt.name, got, tt.want)
		}
	}
}

func TestFilterPodsByOwnerAndClaimed(t *testing.T) {
	s, _ := newTestServer(t)
	rs := createTestRS(t, s, "rs", productionLabel)
	other := createTestRS(t, s, "other", productionLabel)
	createTestPod(t, s, "mine", productionLabel, rs)
	createTestPod(t, s, "mine-relabelled", testLabel, rs)
	createTestPod(t, s, "orphan", productionLabel, nil)
	createTestPod(t, s, "theirs", productionLabel, other)
	in := NewInformers(s, api.Kinds()...)
	st := in.Lister(podKindInfo(t))
	got, err := FilterPodsByOwner(st, &rs.ObjectMeta, "ReplicaSet", true)
	if err != nil || !slices.Equal(podNames(got), []string{"mine", "mine-relabelled", "orphan"}) {
		t.Errorf("FilterPodsByOwner(orphans) = %v, %v", podNames(got), err)
	}
	got, _ = FilterPodsByOwner(st, &rs.ObjectMeta, "ReplicaSet", false)
	if !slices.Equal(podNames(got), []string{"mine", "mine-relabelled"}) {
		t.Errorf("FilterPodsByOwner = %v", podNames(got))
	}
	if _, err := FilterPodsByOwner(st, &api.ObjectMeta{Namespace: "default", Name: "x"}, "ReplicaSet", true); err == nil || err.Error() != "no owner uid provided" {
		t.Errorf("missing uid: %v", err)
	}
}

func podKindInfo(t testing.TB) *api.KindInfo {
	k, ok := api.LookupKind("Pod")
	if !ok {
		t.Fatal("no Pod kind")
	}
	return k
}

// TestCreatePodsLongName: the API server truncates "<rs>-" to 58
// characters before adding the 5-character suffix.
func TestCreatePodsLongName(t *testing.T) {
	s, _ := newTestServer(t)
	name := "web-" + strings.Repeat("x", 56) + "-5d8f7c9b6" // 70 characters
	rs := createTestRS(t, s, name, productionLabel)
	pod, err := PodControl{Server: s}.CreatePods("default", &rs.Spec.Template, rs, NewControllerRef(rs))
	if err != nil {
		t.Fatal(err)
	}
	if pod.GenerateName != name+"-" || len(pod.Name) != 63 || pod.Name[:58] != name[:58] {
		t.Errorf("pod name %q (%d chars), generateName %q", pod.Name, len(pod.Name), pod.GenerateName)
	}
}

// TestRestartTieBreakIgnoresInitContainers checks rule 7 of
// ActivePodsWithRanks.Less (controller_utils.go compareMaxContainerRestarts,
// v1.37): the max restart count over regular containers decides; init
// containers count only if they are restartable (sidecars, see
// TestCompareMaxContainerRestartsSidecars), so a plain init container's
// restarts never put a pod first.
func TestRestartTieBreakIgnoresInitContainers(t *testing.T) {
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	ready := now.Add(-time.Hour)
	mk := func(name string, regular, initRestarts int32) *api.Pod {
		p := rankedPod(name, "node", api.PodRunning, true, regular, ready, ready, nil)
		p.Spec.InitContainers = []api.Container{{Name: "init"}}
		p.Status.InitContainerStatuses = []api.ContainerStatus{{Name: "init", RestartCount: initRestarts}}
		return p
	}
	regular, initOnly := mk("regular-2", 2, 0), mk("init-9", 1, 9)
	s := ActivePodsWithRanks{Pods: []*api.Pod{initOnly, regular}, Rank: []int{0, 0}, Now: now}
	if less, why := s.LessReason(1, 0); !less || why != RankRestarts {
		t.Errorf("regular-2 before init-9: %v (%s), want true by restarts", less, why)
	}
	if less, _ := s.LessReason(0, 1); less {
		t.Error("init-9 ranked first by its init container's restarts")
	}
}

// TestCompareMaxContainerRestartsSidecars checks rule 7 of
// ActivePodsWithRanks.Less over native sidecars (pkg/controller/
// controller_utils.go, maxContainerRestarts and compareMaxContainerRestarts,
// v1.37): the regular containers' maximum decides first, even against a
// sidecar that restarted far more; only when the regular maxima are equal
// does the restartable init containers' maximum break the tie. The pods are
// built from status objects, as the controller only reads status.
func TestCompareMaxContainerRestartsSidecars(t *testing.T) {
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	ready := now.Add(-time.Hour)
	always := api.ContainerRestartPolicyAlways
	mk := func(name string, regular, sidecarRestarts int32) *api.Pod {
		p := rankedPod(name, "node", api.PodRunning, true, regular, ready, ready, nil)
		p.Spec.InitContainers = []api.Container{{Name: "init"}, {Name: "proxy", RestartPolicy: &always}}
		p.Status.InitContainerStatuses = []api.ContainerStatus{
			{Name: "init", RestartCount: 50}, {Name: "proxy", RestartCount: sidecarRestarts}}
		return p
	}
	for _, c := range []struct {
		first, second *api.Pod
		why           RankReason
	}{
		// Equal regular restarts: the sidecar with more restarts goes first.
		{mk("sidecar-3", 1, 3), mk("sidecar-0", 1, 0), RankRestarts},
		// The regular maximum wins over any sidecar count.
		{mk("regular-2", 2, 0), mk("sidecar-9", 1, 9), RankRestarts},
	} {
		s := ActivePodsWithRanks{Pods: []*api.Pod{c.second, c.first}, Rank: []int{0, 0}, Now: now}
		if less, why := s.LessReason(1, 0); !less || why != c.why {
			t.Errorf("%s before %s: %v (%s), want true (%s)", c.first.Name, c.second.Name, less, why, c.why)
		}
		if less, _ := s.LessReason(0, 1); less {
			t.Errorf("%s ranked before %s", c.second.Name, c.first.Name)
		}
	}
	// A plain init container's restarts (50 in every pod above) are no sidecar's.
	p := mk("p", 4, 7)
	if r, sc := MaxContainerRestarts(p); r != 4 || sc != 7 {
		t.Errorf("MaxContainerRestarts = %d, %d; want 4, 7", r, sc)
	}
}

package deployment

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Tables ported from upstream's util/deployment_util_test.go (facts and
// vectors carried over; the code is Kubeplay's).

func podTemplate(name, node string, annotations, labels map[string]string) api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Name: name, Annotations: annotations, Labels: labels},
		Spec:       api.PodSpec{NodeName: node},
	}
}

func TestEqualIgnoreHash(t *testing.T) {
	const h = deploymentutil.DefaultDeploymentUniqueLabelKey
	tests := []struct {
		name           string
		former, latter api.PodTemplateSpec
		expected       bool
	}{
		{"Same spec, same labels",
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-1", "something": "else"}),
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-1", "something": "else"}), true},
		{"Same spec, only pod-template-hash label value is different",
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-1", "something": "else"}),
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-2", "something": "else"}), true},
		{"Same spec, the former doesn't have pod-template-hash label",
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{"something": "else"}),
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-2", "something": "else"}), true},
		{"Same spec, the label is different, the former doesn't have pod-template-hash label, same number of labels",
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{"something": "else"}),
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-2"}), false},
		{"Same spec, the label is different, the latter doesn't have pod-template-hash label, same number of labels",
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-1"}),
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{"something": "else"}), false},
		{"Same spec, the label is different, and the pod-template-hash label value is the same",
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-1"}),
			podTemplate("foo", "foo-node", map[string]string{}, map[string]string{h: "value-1", "something": "else"}), false},
		{"Different spec, same labels",
			podTemplate("foo", "foo-node", map[string]string{"former": "value"}, map[string]string{h: "value-1", "something": "else"}),
			podTemplate("foo", "foo-node", map[string]string{"latter": "value"}, map[string]string{h: "value-1", "something": "else"}), false},
		{"Different spec, different pod-template-hash label value",
			podTemplate("foo-1", "foo-node", map[string]string{}, map[string]string{h: "value-1", "something": "else"}),
			podTemplate("foo-2", "foo-node", map[string]string{}, map[string]string{h: "value-2", "something": "else"}), false},
		{"Different spec, the former doesn't have pod-template-hash label",
			podTemplate("foo-1", "foo-node-1", map[string]string{}, map[string]string{"something": "else"}),
			podTemplate("foo-2", "foo-node-2", map[string]string{}, map[string]string{h: "value-2", "something": "else"}), false},
		{"Different spec, different labels",
			podTemplate("foo", "foo-node-1", map[string]string{}, map[string]string{"something": "else"}),
			podTemplate("foo", "foo-node-2", map[string]string{}, map[string]string{"nothing": "else"}), false},
		// Kubeplay addition: semantic equality treats nil and empty alike.
		{"nil and empty annotations are equal",
			podTemplate("foo", "n", nil, map[string]string{"a": "b"}),
			podTemplate("foo", "n", map[string]string{}, map[string]string{"a": "b", h: "x"}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := func(t1, t2 *api.PodTemplateSpec, reversed string) {
				h1, h2 := t1.Labels[h], t2.Labels[h]
				if got := deploymentutil.EqualIgnoreHash(t1, t2); got != tt.expected {
					t.Errorf("%s: got %v, want %v", reversed, got, tt.expected)
				}
				if t1.Labels[h] != h1 || t2.Labels[h] != h2 || t1.Labels == nil || t2.Labels == nil {
					t.Errorf("%s: EqualIgnoreHash changed its arguments' labels", reversed)
				}
			}
			run(&tt.former, &tt.latter, "in order")
			run(&tt.latter, &tt.former, "reversed")
		})
	}
}

func TestFindNewReplicaSet(t *testing.T) {
	d := generateDeployment("nginx")
	newRS := generateRS(d)
	newRS.Labels[deploymentutil.DefaultDeploymentUniqueLabelKey] = "hash"
	newRS.CreationTimestamp = at(time.Minute)
	newRSDup := generateRS(d)
	newRSDup.Labels[deploymentutil.DefaultDeploymentUniqueLabelKey] = "different-hash"
	newRSDup.CreationTimestamp = at(0)
	oldD := generateDeployment("nginx")
	oldD.Spec.Template.Spec.Containers[0].Name = "nginx-old-1"
	oldRS := generateRS(oldD)

	tests := []struct {
		name     string
		rsList   []*api.ReplicaSet
		expected *api.ReplicaSet
	}{
		{"Get new ReplicaSet with the same template as Deployment spec but different pod-template-hash value", []*api.ReplicaSet{newRS, oldRS}, newRS},
		{"Get the oldest new ReplicaSet when there are more than one ReplicaSet with the same template", []*api.ReplicaSet{newRS, oldRS, newRSDup}, newRSDup},
		{"Get nil new ReplicaSet", []*api.ReplicaSet{oldRS}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.FindNewReplicaSet(d, tt.rsList); got != tt.expected {
				t.Errorf("got %v, want %v", rsName(got), rsName(tt.expected))
			}
		})
	}
}

func rsName(rs *api.ReplicaSet) string {
	if rs == nil {
		return "<nil>"
	}
	return rs.Name
}

func rsNames(rss []*api.ReplicaSet) string {
	var out []string
	for _, rs := range rss {
		out = append(out, rsName(rs))
	}
	return "[" + strings.Join(out, " ") + "]"
}

func TestFindOldReplicaSets(t *testing.T) {
	d := generateDeployment("nginx")
	newRS := generateRS(d)
	*newRS.Spec.Replicas = 1
	newRS.Labels[deploymentutil.DefaultDeploymentUniqueLabelKey] = "hash"
	newRS.CreationTimestamp = at(time.Minute)
	newRSDup := generateRS(d)
	newRSDup.Labels[deploymentutil.DefaultDeploymentUniqueLabelKey] = "different-hash"
	newRSDup.CreationTimestamp = at(0)
	oldD := generateDeployment("nginx")
	oldD.Spec.Template.Spec.Containers[0].Name = "nginx-old-1"
	oldRS := generateRS(oldD)
	oldRS.CreationTimestamp = at(-time.Minute)

	tests := []struct {
		name            string
		rsList          []*api.ReplicaSet
		expected        []*api.ReplicaSet
		expectedRequire []*api.ReplicaSet
	}{
		{"Get old ReplicaSets", []*api.ReplicaSet{newRS, oldRS}, []*api.ReplicaSet{oldRS}, nil},
		{"Get old ReplicaSets with no new ReplicaSet", []*api.ReplicaSet{oldRS}, []*api.ReplicaSet{oldRS}, nil},
		{"Get old ReplicaSets with two new ReplicaSets, only the oldest new ReplicaSet is seen as new ReplicaSet",
			[]*api.ReplicaSet{oldRS, newRS, newRSDup}, []*api.ReplicaSet{oldRS, newRS}, []*api.ReplicaSet{newRS}},
		{"Get empty old ReplicaSets", []*api.ReplicaSet{newRS}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			required, all := deploymentutil.FindOldReplicaSets(d, tt.rsList)
			sort.Sort(controller.ReplicaSetsByCreationTimestamp(all))
			if rsNames(all) != rsNames(tt.expected) {
				t.Errorf("all old = %s, want %s", rsNames(all), rsNames(tt.expected))
			}
			if rsNames(required) != rsNames(tt.expectedRequire) {
				t.Errorf("required old = %s, want %s", rsNames(required), rsNames(tt.expectedRequire))
			}
		})
	}
}

func TestGetReplicaCountForReplicaSets(t *testing.T) {
	rs1 := generateRS(generateDeployment("foo-rs"))
	rs1.Status.ObservedGeneration = 1
	*rs1.Spec.Replicas = 1
	rs1.Status.Replicas = 2
	rs1.Status.TerminatingReplicas = ptr[int32](3)
	rs2 := generateRS(generateDeployment("bar-rs"))
	*rs2.Spec.Replicas = 2
	rs2.Status.Replicas = 3
	rs2.Status.TerminatingReplicas = ptr[int32](1)
	rs3 := generateRS(generateDeployment("unsynced-rs"))
	*rs3.Spec.Replicas = 3
	rs4 := generateRS(generateDeployment("dropped-rs"))
	rs4.Status.ObservedGeneration = 1
	*rs4.Spec.Replicas = 1
	rs4.Status.Replicas = 1

	tests := []struct {
		name                string
		sets                []*api.ReplicaSet
		count, actual       int32
		expectedTerminating *int32
	}{
		{"scaling down rs1", []*api.ReplicaSet{rs1}, 1, 2, ptr[int32](3)},
		{"scaling down rs1 and rs2", []*api.ReplicaSet{rs1, rs2}, 3, 5, ptr[int32](4)},
		{"scaling up rs3", []*api.ReplicaSet{rs3}, 3, 0, ptr[int32](0)},
		{"scaling down rs1 and rs2 and scaling up rs3", []*api.ReplicaSet{rs1, rs2, rs3}, 6, 5, ptr[int32](4)},
		{"invalid/unknown terminating status for rs4", []*api.ReplicaSet{rs4}, 1, 1, nil},
		{"invalid/unknown terminating status for rs4 with rs1, rs2 and rs3", []*api.ReplicaSet{rs1, rs2, rs3, rs4}, 7, 6, nil},
		{"nil entries are skipped", []*api.ReplicaSet{nil, rs1}, 1, 2, ptr[int32](3)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.GetReplicaCountForReplicaSets(tt.sets); got != tt.count {
				t.Errorf("count = %d, want %d", got, tt.count)
			}
			if got := deploymentutil.GetActualReplicaCountForReplicaSets(tt.sets); got != tt.actual {
				t.Errorf("actual = %d, want %d", got, tt.actual)
			}
			got := deploymentutil.GetTerminatingReplicaCountForReplicaSets(tt.sets)
			if (got == nil) != (tt.expectedTerminating == nil) || (got != nil && *got != *tt.expectedTerminating) {
				t.Errorf("terminating = %s, want %s", optionalInt(got), optionalInt(tt.expectedTerminating))
			}
		})
	}
}

func TestReadyAndAvailableCounts(t *testing.T) {
	a, b := rs("a", 3, nil, api.Time{}), rs("b", 2, nil, api.Time{})
	a.Status.ReadyReplicas, a.Status.AvailableReplicas = 3, 2
	b.Status.ReadyReplicas, b.Status.AvailableReplicas = 1, 1
	all := []*api.ReplicaSet{a, nil, b}
	if got := deploymentutil.GetReadyReplicaCountForReplicaSets(all); got != 4 {
		t.Errorf("ready = %d, want 4", got)
	}
	if got := deploymentutil.GetAvailableReplicaCountForReplicaSets(all); got != 3 {
		t.Errorf("available = %d, want 3", got)
	}
}

func TestResolveFenceposts(t *testing.T) {
	tests := []struct {
		maxSurge, maxUnavailable *api.IntOrString
		desired                  int32
		surge, unavailable       int32
		wantErr                  bool
	}{
		{percent("0%"), percent("0%"), 0, 0, 1, false},
		{percent("39%"), percent("39%"), 10, 4, 3, false},
		{percent("oops"), percent("39%"), 10, 0, 0, true},
		{percent("55%"), percent("urg"), 10, 0, 0, true},
		{nil, percent("39%"), 10, 0, 3, false},
		{percent("39%"), nil, 10, 4, 0, false},
		{nil, nil, 10, 0, 1, false},
		// Kubeplay: the defaults (25%/25%) at the sizes reference §2 lists.
		{percent("25%"), percent("25%"), 1, 1, 0, false},
		{percent("25%"), percent("25%"), 3, 1, 0, false},
		{percent("25%"), percent("25%"), 4, 1, 1, false},
		{percent("25%"), percent("25%"), 10, 3, 2, false},
		// maxSurge 0%, maxUnavailable 1% of 10 floors to 0: the fencepost.
		{percent("0%"), percent("1%"), 10, 0, 1, false},
		{intstr(2), intstr(0), 5, 2, 0, false},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			s, u, err := deploymentutil.ResolveFenceposts(tt.maxSurge, tt.maxUnavailable, tt.desired)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if s != tt.surge || u != tt.unavailable {
				t.Errorf("got %d:%d, want %d:%d", s, u, tt.surge, tt.unavailable)
			}
		})
	}
}

func TestNewRSNewReplicas(t *testing.T) {
	tests := []struct {
		name                               string
		strategy                           api.DeploymentStrategyType
		depReplicas, newReplicas, maxSurge int32
		expected                           int32
	}{
		{"can not scale up - to newRSReplicas", api.RollingUpdateDeploymentStrategyType, 1, 5, 1, 5},
		{"scale up - to depReplicas", api.RollingUpdateDeploymentStrategyType, 6, 2, 10, 6},
		{"recreate - to depReplicas", api.RecreateDeploymentStrategyType, 3, 1, 1, 3},
	}
	d := generateDeployment("nginx")
	newRC := generateRS(d)
	rs5 := generateRS(d)
	*rs5.Spec.Replicas = 5
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			*d.Spec.Replicas = tt.depReplicas
			d.Spec.Strategy = api.DeploymentStrategy{Type: tt.strategy,
				RollingUpdate: &api.RollingUpdateDeployment{MaxUnavailable: intstr(1), MaxSurge: intstr(tt.maxSurge)}}
			*newRC.Spec.Replicas = tt.newReplicas
			got, err := deploymentutil.NewRSNewReplicas(d, []*api.ReplicaSet{rs5}, newRC)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.expected {
				t.Errorf("got %d, want %d", got, tt.expected)
			}
		})
	}
	d.Spec.Strategy = api.DeploymentStrategy{Type: "Canary"}
	if _, err := deploymentutil.NewRSNewReplicas(d, nil, newRC); err == nil || err.Error() != "deployment type Canary isn't supported" {
		t.Errorf("unknown strategy: err = %v", err)
	}
}

var (
	condProgressing  = api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionFalse, Reason: "ForSomeReason"}
	condProgressing2 = api.DeploymentCondition{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: "BecauseItIs"}
	condAvailable    = api.DeploymentCondition{Type: api.DeploymentAvailable, Status: api.ConditionTrue, Reason: "AwesomeController"}
)

func TestGetCondition(t *testing.T) {
	s := api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing, condAvailable}}
	if deploymentutil.GetDeploymentCondition(s, api.DeploymentAvailable) == nil {
		t.Error("condition exists: got nil")
	}
	if deploymentutil.GetDeploymentCondition(s, api.DeploymentReplicaFailure) != nil {
		t.Error("condition does not exist: got one")
	}
	// The result is a copy.
	deploymentutil.GetDeploymentCondition(s, api.DeploymentAvailable).Reason = "changed"
	if s.Conditions[1].Reason != "AwesomeController" {
		t.Error("GetDeploymentCondition returned a pointer into the status")
	}
}

func condList(s api.DeploymentStatus) string {
	var out []string
	for _, c := range s.Conditions {
		out = append(out, fmt.Sprintf("%s/%s/%s@%s,%s", c.Type, c.Status, c.Reason,
			c.LastUpdateTime.Format("04:05"), c.LastTransitionTime.Format("04:05")))
	}
	return strings.Join(out, " ")
}

func TestSetCondition(t *testing.T) {
	tests := []struct {
		name     string
		status   api.DeploymentStatus
		cond     api.DeploymentCondition
		expected api.DeploymentStatus
	}{
		{"set for the first time", api.DeploymentStatus{}, condAvailable,
			api.DeploymentStatus{Conditions: []api.DeploymentCondition{condAvailable}}},
		{"simple set", api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing}}, condAvailable,
			api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing, condAvailable}}},
		{"overwrite", api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing}}, condProgressing2,
			api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deploymentutil.SetDeploymentCondition(&tt.status, tt.cond)
			if condList(tt.status) != condList(tt.expected) {
				t.Errorf("got %s, want %s", condList(tt.status), condList(tt.expected))
			}
		})
	}

	// The rules reference §10 spells out.
	t0 := testEpoch
	old := *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.NewReplicaSetReason, "old message", t0)
	avail := *deploymentutil.NewDeploymentCondition(api.DeploymentAvailable, api.ConditionTrue, deploymentutil.MinimumReplicasAvailable, "m", t0)
	s := api.DeploymentStatus{Conditions: []api.DeploymentCondition{old, avail}}

	deploymentutil.SetDeploymentCondition(&s, *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.NewReplicaSetReason, "new message", t0.Add(time.Minute)))
	if c := deploymentutil.GetDeploymentCondition(s, api.DeploymentProgressing); c.Message != "old message" || !c.LastUpdateTime.Equal(t0) {
		t.Errorf("same status and reason must change nothing, got %+v", c)
	}
	deploymentutil.SetDeploymentCondition(&s, *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionTrue, deploymentutil.ReplicaSetUpdatedReason, "x", t0.Add(2*time.Minute)))
	if got, want := condList(s), "Available/True/MinimumReplicasAvailable@00:00,00:00 Progressing/True/ReplicaSetUpdated@02:00,00:00"; got != want {
		t.Errorf("same status, new reason: got %s, want %s (moved last, lastTransitionTime kept)", got, want)
	}
	deploymentutil.SetDeploymentCondition(&s, *deploymentutil.NewDeploymentCondition(api.DeploymentProgressing, api.ConditionFalse, deploymentutil.TimedOutReason, "x", t0.Add(3*time.Minute)))
	if got, want := condList(s), "Available/True/MinimumReplicasAvailable@00:00,00:00 Progressing/False/ProgressDeadlineExceeded@03:00,03:00"; got != want {
		t.Errorf("status change: got %s, want %s", got, want)
	}
}

func TestRemoveCondition(t *testing.T) {
	tests := []struct {
		name     string
		status   api.DeploymentStatus
		condType api.DeploymentConditionType
		expected string
	}{
		{"remove from empty status", api.DeploymentStatus{}, api.DeploymentProgressing, ""},
		{"simple remove", api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing}}, api.DeploymentProgressing, ""},
		{"doesn't remove anything", api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing, condAvailable}},
			api.DeploymentReplicaFailure, condList(api.DeploymentStatus{Conditions: []api.DeploymentCondition{condProgressing, condAvailable}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deploymentutil.RemoveDeploymentCondition(&tt.status, tt.condType)
			if got := condList(tt.status); got != tt.expected {
				t.Errorf("got %q, want %q", got, tt.expected)
			}
		})
	}
}

func TestReplicaSetToDeploymentCondition(t *testing.T) {
	c := deploymentutil.ReplicaSetToDeploymentCondition(api.ReplicaSetCondition{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue,
		LastTransitionTime: at(time.Minute), Reason: "FailedCreate", Message: "quota"})
	if c.Type != api.DeploymentReplicaFailure || c.Reason != "FailedCreate" || c.Message != "quota" ||
		!c.LastUpdateTime.Equal(at(time.Minute).Time) || !c.LastTransitionTime.Equal(at(time.Minute).Time) {
		t.Errorf("got %+v", c)
	}
}

func TestDeploymentComplete(t *testing.T) {
	dep := func(desired, current, updated, available, maxUnavailable, maxSurge int32) *api.Deployment {
		return &api.Deployment{
			Spec: api.DeploymentSpec{Replicas: &desired, Strategy: api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &api.RollingUpdateDeployment{MaxUnavailable: intstr(maxUnavailable), MaxSurge: intstr(maxSurge)}}},
			Status: api.DeploymentStatus{Replicas: current, UpdatedReplicas: updated, AvailableReplicas: available},
		}
	}
	tests := []struct {
		name     string
		d        *api.Deployment
		expected bool
	}{
		{"not complete: min but not all pods become available", dep(5, 5, 5, 4, 1, 0), false},
		{"not complete: min availability is not honored", dep(5, 5, 5, 3, 1, 0), false},
		{"complete", dep(5, 5, 5, 5, 0, 0), true},
		{"not complete: all pods are available but not updated", dep(5, 5, 4, 5, 0, 0), false},
		{"not complete: still running old pods", dep(1, 2, 1, 1, 0, 1), false},
		{"not complete: one replica deployment never comes up", dep(1, 1, 1, 0, 1, 1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.DeploymentComplete(tt.d, &tt.d.Status); got != tt.expected {
				t.Errorf("got %v, want %v", got, tt.expected)
			}
		})
	}
	d := dep(5, 5, 5, 5, 0, 0)
	d.Generation = 2
	d.Status.ObservedGeneration = 1
	if deploymentutil.DeploymentComplete(d, &d.Status) {
		t.Error("complete although the latest generation was not observed")
	}
}

func TestDeploymentProgressing(t *testing.T) {
	status := func(current, updated, ready, available int32) api.DeploymentStatus {
		return api.DeploymentStatus{Replicas: current, UpdatedReplicas: updated, ReadyReplicas: ready, AvailableReplicas: available}
	}
	dep := func(current, updated, ready, available int32) *api.Deployment {
		return &api.Deployment{Status: status(current, updated, ready, available)}
	}
	tests := []struct {
		name      string
		d         *api.Deployment
		newStatus api.DeploymentStatus
		expected  bool
	}{
		{"progressing: updated pods", dep(10, 4, 4, 4), status(10, 6, 4, 4), true},
		{"not progressing", dep(10, 4, 4, 4), status(10, 4, 4, 4), false},
		{"progressing: old pods removed", dep(10, 4, 6, 6), status(8, 4, 6, 6), true},
		{"not progressing: less new pods", dep(10, 7, 3, 3), status(10, 6, 3, 3), false},
		{"progressing: less overall but more new pods", dep(10, 4, 7, 7), status(8, 8, 5, 5), true},
		{"progressing: more ready pods", dep(10, 10, 9, 8), status(10, 10, 10, 8), true},
		{"progressing: more available pods", dep(10, 10, 10, 9), status(10, 10, 10, 10), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.DeploymentProgressing(tt.d, &tt.newStatus); got != tt.expected {
				t.Errorf("got %v, want %v", got, tt.expected)
			}
		})
	}
}

func TestDeploymentTimedOut(t *testing.T) {
	ten, infinite := int32(10), int32(math.MaxInt32)
	tm := func(min, sec int) time.Time { return time.Date(2016, 1, 1, 0, min, sec, 0, time.UTC) }
	dep := func(status api.ConditionStatus, reason string, pds *int32, from time.Time) *api.Deployment {
		return &api.Deployment{
			Spec: api.DeploymentSpec{ProgressDeadlineSeconds: pds},
			Status: api.DeploymentStatus{Conditions: []api.DeploymentCondition{{
				Type: api.DeploymentProgressing, Status: status, Reason: reason, LastUpdateTime: api.Time{Time: from}}}},
		}
	}
	tests := []struct {
		name     string
		d        *api.Deployment
		now      time.Time
		expected bool
	}{
		{"nil progressDeadlineSeconds specified - no timeout", dep(api.ConditionTrue, "", nil, tm(1, 9)), tm(1, 20), false},
		{"infinite progressDeadlineSeconds specified - no timeout", dep(api.ConditionTrue, "", &infinite, tm(1, 9)), tm(1, 20), false},
		{"progressDeadlineSeconds: 10s, now - started => 00:01:20 - 00:01:09 => 11s", dep(api.ConditionTrue, "", &ten, tm(1, 9)), tm(1, 20), true},
		{"progressDeadlineSeconds: 10s, now - started => 00:01:20 - 00:01:11 => 9s", dep(api.ConditionTrue, "", &ten, tm(1, 11)), tm(1, 20), false},
		{"previous status was a complete deployment", dep(api.ConditionTrue, deploymentutil.NewRSAvailableReason, nil, time.Time{}), time.Time{}, false},
		// Kubeplay: the boundary is strict, and a timeout stays a timeout.
		{"exactly at the deadline - not yet", dep(api.ConditionTrue, "", &ten, tm(1, 10)), tm(1, 20), false},
		{"already timed out", dep(api.ConditionFalse, deploymentutil.TimedOutReason, &ten, tm(1, 19)), tm(1, 20), true},
		{"complete never times out", dep(api.ConditionTrue, deploymentutil.NewRSAvailableReason, &ten, tm(0, 0)), tm(9, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.DeploymentTimedOut(tt.d, &tt.d.Status, tt.now); got != tt.expected {
				t.Errorf("got %v, want %v", got, tt.expected)
			}
		})
	}
}

func rollingDeployment(replicas int32, maxSurge, maxUnavailable *api.IntOrString) *api.Deployment {
	return &api.Deployment{Spec: api.DeploymentSpec{Replicas: &replicas, Strategy: api.DeploymentStrategy{
		Type: api.RollingUpdateDeploymentStrategyType, RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: maxSurge, MaxUnavailable: maxUnavailable}}}}
}

func recreateDeployment(replicas int32) *api.Deployment {
	return &api.Deployment{Spec: api.DeploymentSpec{Replicas: &replicas, Strategy: api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType}}}
}

func TestMaxUnavailable(t *testing.T) {
	tests := []struct {
		name     string
		d        *api.Deployment
		expected int32
	}{
		{"maxUnavailable less than replicas", rollingDeployment(10, intstr(1), intstr(5)), 5},
		{"maxUnavailable equal replicas", rollingDeployment(10, intstr(1), intstr(10)), 10},
		{"maxUnavailable greater than replicas", rollingDeployment(5, intstr(1), intstr(10)), 5},
		{"maxUnavailable with replicas is 0", rollingDeployment(0, intstr(1), intstr(10)), 0},
		{"maxUnavailable with Recreate deployment strategy", recreateDeployment(0), 0},
		{"maxUnavailable less than replicas with percents", rollingDeployment(10, intstr(1), percent("50%")), 5},
		{"maxUnavailable equal replicas with percents", rollingDeployment(10, intstr(1), percent("100%")), 10},
		{"maxUnavailable greater than replicas with percents", rollingDeployment(5, intstr(1), percent("100%")), 5},
		// Kubeplay: the fencepost applies after rounding.
		{"both round to zero", rollingDeployment(3, percent("0%"), percent("25%")), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.MaxUnavailable(tt.d); got != tt.expected {
				t.Errorf("got %d, want %d", got, tt.expected)
			}
		})
	}
}

func TestMinAvailable(t *testing.T) {
	tests := []struct {
		name     string
		d        *api.Deployment
		expected int32
	}{
		{"replicas greater than maxUnavailable", rollingDeployment(10, intstr(1), intstr(5)), 5},
		{"replicas equal maxUnavailable", rollingDeployment(10, intstr(1), intstr(10)), 0},
		{"replicas less than maxUnavailable", rollingDeployment(5, intstr(1), intstr(10)), 0},
		{"replicas is 0", rollingDeployment(0, intstr(1), intstr(10)), 0},
		{"minAvailable with Recreate deployment strategy", recreateDeployment(10), 0},
		{"replicas greater than maxUnavailable with percents", rollingDeployment(10, intstr(1), percent("60%")), 4},
		{"replicas equal maxUnavailable with percents", rollingDeployment(10, intstr(1), percent("100%")), 0},
		{"replicas less than maxUnavailable with percents", rollingDeployment(5, intstr(1), percent("100%")), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.MinAvailable(tt.d); got != tt.expected {
				t.Errorf("got %d, want %d", got, tt.expected)
			}
		})
	}
}

func TestMaxSurge(t *testing.T) {
	tests := []struct {
		name     string
		d        *api.Deployment
		expected int32
	}{
		{"int", rollingDeployment(10, intstr(3), intstr(2)), 3},
		{"percent rounds up", rollingDeployment(10, percent("25%"), intstr(2)), 3},
		{"percent of 1", rollingDeployment(1, percent("25%"), percent("25%")), 1},
		{"unset", rollingDeployment(10, nil, intstr(2)), 0},
		{"invalid reads as 0", rollingDeployment(10, percent("x"), intstr(2)), 0},
		{"Recreate", recreateDeployment(10), 0},
		{"more than replicas is allowed", rollingDeployment(2, intstr(5), intstr(0)), 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.MaxSurge(tt.d); got != tt.expected {
				t.Errorf("got %d, want %d", got, tt.expected)
			}
		})
	}
}

func TestAnnotationUtils(t *testing.T) {
	d := generateDeployment("nginx")
	r := generateRS(d)
	d.Annotations[deploymentutil.RevisionAnnotation] = "1"

	t.Run("SetNewReplicaSetAnnotations", func(t *testing.T) {
		for i := 10; i < 20; i++ {
			next := fmt.Sprint(i + 1)
			deploymentutil.SetNewReplicaSetAnnotations(d, r, next, true, 5)
			if i >= 12 {
				if want := fmt.Sprintf("%d,%d", i-1, i); r.Annotations[deploymentutil.RevisionHistoryAnnotation] != want {
					t.Errorf("revision history = %q, want %q", r.Annotations[deploymentutil.RevisionHistoryAnnotation], want)
				}
			}
			if r.Annotations[deploymentutil.RevisionAnnotation] != next {
				t.Errorf("revision = %q, want %q", r.Annotations[deploymentutil.RevisionAnnotation], next)
			}
		}
	})
	t.Run("SetReplicasAnnotations", func(t *testing.T) {
		if !deploymentutil.SetReplicasAnnotations(r, 10, 11) {
			t.Error("SetReplicasAnnotations reported no change")
		}
		if r.Annotations[deploymentutil.DesiredReplicasAnnotation] != "10" || r.Annotations[deploymentutil.MaxReplicasAnnotation] != "11" {
			t.Errorf("annotations = %v", r.Annotations)
		}
		if deploymentutil.SetReplicasAnnotations(r, 10, 11) {
			t.Error("second identical call reported a change")
		}
	})
	r.Annotations[deploymentutil.DesiredReplicasAnnotation] = "1"
	r.Status.AvailableReplicas = 1
	r.Spec.Replicas = ptr[int32](1)
	t.Run("IsSaturated", func(t *testing.T) {
		if !deploymentutil.IsSaturated(d, r) {
			t.Error("expected saturated")
		}
		r.Status.AvailableReplicas = 0
		if deploymentutil.IsSaturated(d, r) {
			t.Error("saturated without available pods")
		}
		if deploymentutil.IsSaturated(d, nil) {
			t.Error("nil ReplicaSet saturated")
		}
	})
}

func TestSetNewReplicaSetAnnotations(t *testing.T) {
	d := generateDeployment("nginx")
	d.Spec.Replicas = ptr[int32](4)
	d.Spec.Strategy = api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
		RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: percent("25%"), MaxUnavailable: percent("25%")}}
	d.Annotations = map[string]string{
		deploymentutil.ChangeCauseAnnotation:       "kubectl set image ...",
		deploymentutil.LastAppliedConfigAnnotation: "{}",
		deploymentutil.RevisionAnnotation:          "7",
		deploymentutil.DeprecatedRollbackTo:        "2",
		"empty":                                    "",
	}
	// A ReplicaSet about to be created gets the copied annotations, the
	// revision and the replica annotations.
	fresh := generateRS(d)
	if !deploymentutil.SetNewReplicaSetAnnotations(d, fresh, "3", false, maxRevHistoryLengthInChars) {
		t.Fatal("no change reported")
	}
	want := map[string]string{deploymentutil.ChangeCauseAnnotation: "kubectl set image ...", deploymentutil.RevisionAnnotation: "3",
		deploymentutil.DesiredReplicasAnnotation: "4", deploymentutil.MaxReplicasAnnotation: "5"}
	if fmt.Sprint(fresh.Annotations) != fmt.Sprint(want) {
		t.Errorf("annotations = %v, want %v", fresh.Annotations, want)
	}
	// Reused by a rollback: revision-history grows.
	if !deploymentutil.SetNewReplicaSetAnnotations(d, fresh, "5", true, maxRevHistoryLengthInChars) || fresh.Annotations[deploymentutil.RevisionHistoryAnnotation] != "3" {
		t.Errorf("history = %q, want 3", fresh.Annotations[deploymentutil.RevisionHistoryAnnotation])
	}
	deploymentutil.SetNewReplicaSetAnnotations(d, fresh, "8", true, maxRevHistoryLengthInChars)
	if fresh.Annotations[deploymentutil.RevisionHistoryAnnotation] != "3,5" || fresh.Annotations[deploymentutil.RevisionAnnotation] != "8" {
		t.Errorf("history = %q rev %q, want 3,5 / 8", fresh.Annotations[deploymentutil.RevisionHistoryAnnotation], fresh.Annotations[deploymentutil.RevisionAnnotation])
	}
	// A lower or equal revision changes nothing.
	if deploymentutil.SetNewReplicaSetAnnotations(d, fresh, "8", true, maxRevHistoryLengthInChars) {
		t.Error("equal revision reported a change")
	}
	// An unparsable revision on the ReplicaSet (deployment_util.go
	// SetNewReplicaSetAnnotations, v1.37) returns false before the revision
	// is touched, even though the Deployment's annotations were already
	// copied onto the object: the caller (getNewReplicaSet) writes nothing.
	bad := generateRS(d)
	bad.Annotations = map[string]string{deploymentutil.RevisionAnnotation: "x"}
	d.Annotations["kubernetes.io/change-cause"] = "unparsable test"
	if deploymentutil.SetNewReplicaSetAnnotations(d, bad, "9", true, maxRevHistoryLengthInChars) || bad.Annotations[deploymentutil.RevisionAnnotation] != "x" ||
		bad.Annotations["kubernetes.io/change-cause"] != "unparsable test" || bad.Annotations[deploymentutil.RevisionHistoryAnnotation] != "" {
		t.Errorf("unparsable revision: %v", bad.Annotations)
	}
	delete(d.Annotations, "kubernetes.io/change-cause")
	// An append that cannot fit even after dropping everything is skipped.
	long := generateRS(d)
	long.Annotations = map[string]string{deploymentutil.RevisionAnnotation: "123456", deploymentutil.RevisionHistoryAnnotation: "1,2"}
	deploymentutil.SetNewReplicaSetAnnotations(d, long, "1234567", true, 5)
	if long.Annotations[deploymentutil.RevisionHistoryAnnotation] != "1,2" || long.Annotations[deploymentutil.RevisionAnnotation] != "1234567" {
		t.Errorf("oversized append: %v", long.Annotations)
	}
}

func TestSetDeploymentAnnotationsTo(t *testing.T) {
	d := generateDeployment("nginx")
	d.Annotations = map[string]string{deploymentutil.RevisionAnnotation: "4", deploymentutil.ChangeCauseAnnotation: "current", "team": "a"}
	r := generateRS(d)
	r.Annotations = map[string]string{deploymentutil.RevisionAnnotation: "2", deploymentutil.ChangeCauseAnnotation: "old", deploymentutil.DesiredReplicasAnnotation: "3"}
	deploymentutil.SetDeploymentAnnotationsTo(d, r)
	want := map[string]string{deploymentutil.RevisionAnnotation: "4", deploymentutil.ChangeCauseAnnotation: "old"}
	if fmt.Sprint(d.Annotations) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", d.Annotations, want)
	}
}

func TestReplicasAnnotationsNeedUpdate(t *testing.T) {
	tests := []struct {
		name        string
		annotations map[string]string
		expected    bool
	}{
		{"test Annotations nil", nil, true},
		{"test desiredReplicas update", map[string]string{deploymentutil.DesiredReplicasAnnotation: "8", deploymentutil.MaxReplicasAnnotation: "20"}, true},
		{"test maxReplicas update", map[string]string{deploymentutil.DesiredReplicasAnnotation: "10", deploymentutil.MaxReplicasAnnotation: "16"}, true},
		{"test needn't update", map[string]string{deploymentutil.DesiredReplicasAnnotation: "10", deploymentutil.MaxReplicasAnnotation: "20"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rs("hello", 0, map[string]string{"foo": "bar"}, api.Time{})
			r.Annotations = tt.annotations
			if got := deploymentutil.ReplicasAnnotationsNeedUpdate(r, 10, 20); got != tt.expected {
				t.Errorf("got %v, want %v", got, tt.expected)
			}
		})
	}
}

func TestGetDeploymentsForReplicaSet(t *testing.T) {
	var deployments []*api.Deployment
	for i := range 3 {
		deployments = append(deployments, &api.Deployment{
			ObjectMeta: api.ObjectMeta{Name: fmt.Sprintf("deployment-%d", i), Namespace: "test"},
			Spec:       api.DeploymentSpec{Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": fmt.Sprintf("test-%d", i)}}},
		})
	}
	// Kubeplay: an empty selector and another namespace match nothing.
	deployments = append(deployments,
		&api.Deployment{ObjectMeta: api.ObjectMeta{Name: "everything", Namespace: "test"}, Spec: api.DeploymentSpec{Selector: &api.LabelSelector{}}},
		&api.Deployment{ObjectMeta: api.ObjectMeta{Name: "elsewhere", Namespace: "other"},
			Spec: api.DeploymentSpec{Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "test-0"}}}})
	var rss []*api.ReplicaSet
	for i := range 5 {
		rss = append(rss, &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Namespace: "test", Name: fmt.Sprintf("test-replicaSet-%d", i),
			Labels: map[string]string{"app": fmt.Sprintf("test-%d", i), "label": fmt.Sprintf("label-%d", i)}}})
	}
	tests := []struct {
		name   string
		rs     *api.ReplicaSet
		err    string
		expect []*api.Deployment
	}{
		{name: "GetDeploymentsForReplicaSet for rs-0", rs: rss[0], expect: []*api.Deployment{deployments[0]}},
		{name: "GetDeploymentsForReplicaSet for rs-1", rs: rss[1], expect: []*api.Deployment{deployments[1]}},
		{name: "GetDeploymentsForReplicaSet for rs-2", rs: rss[2], expect: []*api.Deployment{deployments[2]}},
		{name: "GetDeploymentsForReplicaSet for rs-3", rs: rss[3],
			err: "could not find deployments set for ReplicaSet test-replicaSet-3 in namespace test with labels: map[app:test-3 label:label-3]"},
		{name: "GetDeploymentsForReplicaSet for rs-4", rs: rss[4],
			err: "could not find deployments set for ReplicaSet test-replicaSet-4 in namespace test with labels: map[app:test-4 label:label-4]"},
		{name: "no labels", rs: &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Namespace: "test", Name: "bare"}},
			err: "no deployments found for ReplicaSet bare because it has no labels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := deploymentutil.GetDeploymentsForReplicaSet(deployments, tt.rs)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || len(got) != len(tt.expect) || got[0] != tt.expect[0] {
				t.Errorf("got %v, %v", got, err)
			}
		})
	}
}

func TestGetReplicaSetProportion(t *testing.T) {
	d := newDeployment("foo", 15, nil, intstr(3), intstr(2), nil)
	withMax := func(replicas int32, max string) *api.ReplicaSet {
		r := rs("r", replicas, nil, api.Time{})
		r.Annotations = map[string]string{deploymentutil.MaxReplicasAnnotation: max}
		return r
	}
	tests := []struct {
		name         string
		rs           *api.ReplicaSet
		toAdd, added int32
		expected     int32
	}{
		{"nil", nil, 5, 0, 0},
		{"inactive", withMax(0, "13"), 5, 0, 0},
		{"nothing to add", withMax(8, "13"), 0, 0, 0},
		{"all handed out", withMax(8, "13"), 5, 5, 0},
		{"fraction within budget", withMax(8, "13"), 5, 0, 3},
		{"clamped to the remaining budget", withMax(8, "13"), 5, 4, 1},
		{"scaling down is clamped from below", withMax(8, "26"), -1, 0, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.GetReplicaSetProportion(tt.rs, d, tt.toAdd, tt.added); got != tt.expected {
				t.Errorf("got %d, want %d", got, tt.expected)
			}
		})
	}
}

func TestRoundToInt32(t *testing.T) {
	for in, want := range map[float64]int32{0: 0, 0.4: 0, 0.5: 1, 1.5: 2, 2.5: 3, -0.5: -1, -1.5: -2, -2.4: -2, 11.077: 11, 6.92: 7} {
		if got := deploymentutil.RoundToInt32(in); got != want {
			t.Errorf("RoundToInt32(%v) = %d, want %d", in, got, want)
		}
	}
}

func TestFindActiveOrLatest(t *testing.T) {
	old1 := rs("old1", 0, nil, at(0))
	old2 := rs("old2", 0, nil, at(time.Minute))
	active := rs("active", 2, nil, at(30*time.Second))
	newRS := rs("new", 0, nil, at(2*time.Minute))
	newActive := rs("new-active", 1, nil, at(2*time.Minute))
	tests := []struct {
		name     string
		newRS    *api.ReplicaSet
		old      []*api.ReplicaSet
		expected *api.ReplicaSet
	}{
		{"nothing at all", nil, nil, nil},
		{"none active: the new one", newRS, []*api.ReplicaSet{old1, old2}, newRS},
		{"none active, no new one: the newest old", nil, []*api.ReplicaSet{old1, old2}, old2},
		{"one active old", newRS, []*api.ReplicaSet{old1, active}, active},
		{"one active new", newActive, []*api.ReplicaSet{old1, old2}, newActive},
		{"two active: none", newActive, []*api.ReplicaSet{active}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := deploymentutil.FindActiveOrLatest(tt.newRS, append([]*api.ReplicaSet(nil), tt.old...)); got != tt.expected {
				t.Errorf("got %s, want %s", rsName(got), rsName(tt.expected))
			}
		})
	}
}

func TestRevisions(t *testing.T) {
	withRev := func(name, rev string) *api.ReplicaSet {
		r := rs(name, 0, nil, api.Time{})
		if rev != "" {
			r.Annotations = map[string]string{deploymentutil.RevisionAnnotation: rev}
		}
		return r
	}
	all := []*api.ReplicaSet{withRev("a", "3"), withRev("b", ""), withRev("c", "x"), withRev("d", "7"), nil, withRev("e", "5")}
	if got := deploymentutil.MaxRevision(all); got != 7 {
		t.Errorf("MaxRevision = %d, want 7", got)
	}
	if got := deploymentutil.LastRevision(all); got != 5 {
		t.Errorf("LastRevision = %d, want 5", got)
	}
	if got := deploymentutil.LastRevision([]*api.ReplicaSet{withRev("a", "4")}); got != 0 {
		t.Errorf("LastRevision of one = %d, want 0", got)
	}
	if v, err := deploymentutil.Revision(withRev("b", "")); v != 0 || err != nil {
		t.Errorf("missing revision = %d, %v", v, err)
	}
	if _, err := deploymentutil.Revision(withRev("c", "x")); err == nil {
		t.Error("unparsable revision: no error")
	}
	d := generateDeployment("nginx")
	if !deploymentutil.SetDeploymentRevision(d, "4") || deploymentutil.SetDeploymentRevision(d, "4") || d.Annotations[deploymentutil.RevisionAnnotation] != "4" {
		t.Errorf("SetDeploymentRevision: %v", d.Annotations)
	}
}

func TestReplicaSetsByRevision(t *testing.T) {
	mk := func(name string, created time.Duration, rev string) *api.ReplicaSet {
		r := rs(name, 0, nil, at(created))
		if rev != "" {
			r.Annotations = map[string]string{deploymentutil.RevisionAnnotation: rev}
		}
		return r
	}
	tests := []struct {
		list []*api.ReplicaSet
		want string
	}{
		{[]*api.ReplicaSet{mk("foo-1", -time.Minute, "1"), mk("foo-2", 0, "2")}, "[foo-1 foo-2]"},
		{[]*api.ReplicaSet{mk("foo-1", -time.Minute, "2"), mk("foo-2", 0, "1")}, "[foo-2 foo-1]"},
		// A missing revision counts as 0.
		{[]*api.ReplicaSet{mk("foo-1", -time.Minute, "1"), mk("foo-2", 0, "")}, "[foo-2 foo-1]"},
		{[]*api.ReplicaSet{mk("foo-1", 0, "3"), mk("foo-2", time.Minute, "1"), mk("foo-3", 2*time.Minute, "4"), mk("foo-4", 3*time.Minute, "2")},
			"[foo-2 foo-4 foo-1 foo-3]"},
		// Unparsable or equal revisions fall back to creation time.
		{[]*api.ReplicaSet{mk("b", time.Minute, "x"), mk("a", 0, "9")}, "[a b]"},
	}
	for i, tt := range tests {
		sort.Sort(deploymentutil.ReplicaSetsByRevision(tt.list))
		if got := rsNames(tt.list); got != tt.want {
			t.Errorf("#%d: got %s, want %s", i, got, tt.want)
		}
	}
}

// TestGenerateReplicaSetName checks sync.go generateReplicaSetName: the
// Deployment part is cut to 253 − 1 − len(hash) characters.
func TestGenerateReplicaSetName(t *testing.T) {
	tests := []struct {
		name, deployment, hash, want string
	}{
		{"short name", "my-deployment", "abcde12345", "my-deployment-abcde12345"},
		{"maximum length without truncating", strings.Repeat("a", 242), "abcde12345", strings.Repeat("a", 242) + "-abcde12345"},
		{"very long deployment name is truncated", strings.Repeat("b", 250), "abcde12345", strings.Repeat("b", 242) + "-abcde12345"},
		// 253 − 1 − len(hash): an 8-character hash leaves 244.
		{"8-character hash leaves 244", strings.Repeat("c", 250), "96b9d695", strings.Repeat("c", 244) + "-96b9d695"},
		{"244 with an 8-character hash is not truncated", strings.Repeat("c", 244), "96b9d695", strings.Repeat("c", 244) + "-96b9d695"},
		{"very long hash is not truncated", strings.Repeat("d", 252), strings.Repeat("h", 252), strings.Repeat("d", 252) + "-" + strings.Repeat("h", 252)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := generateReplicaSetName(tt.deployment, tt.hash); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestHasProgressDeadlineAndHistoryLimit(t *testing.T) {
	d := &api.Deployment{}
	if deploymentutil.HasProgressDeadline(d) || deploymentutil.HasRevisionHistoryLimit(d) {
		t.Error("nil fields must mean no deadline and no limit")
	}
	d.Spec.ProgressDeadlineSeconds, d.Spec.RevisionHistoryLimit = ptr[int32](math.MaxInt32), ptr[int32](math.MaxInt32)
	if deploymentutil.HasProgressDeadline(d) || deploymentutil.HasRevisionHistoryLimit(d) {
		t.Error("MaxInt32 must mean no deadline and no limit")
	}
	d.Spec.ProgressDeadlineSeconds, d.Spec.RevisionHistoryLimit = ptr[int32](600), ptr[int32](0)
	if !deploymentutil.HasProgressDeadline(d) || !deploymentutil.HasRevisionHistoryLimit(d) {
		t.Error("600 / 0 must count")
	}
}

func TestSetFromReplicaSetTemplate(t *testing.T) {
	d := generateDeployment("nginx")
	tmpl := podTemplate("x", "", nil, map[string]string{"name": "nginx", deploymentutil.DefaultDeploymentUniqueLabelKey: "abc"})
	deploymentutil.SetFromReplicaSetTemplate(d, tmpl)
	if _, ok := d.Spec.Template.Labels[deploymentutil.DefaultDeploymentUniqueLabelKey]; ok || tmpl.Labels[deploymentutil.DefaultDeploymentUniqueLabelKey] != "abc" {
		t.Errorf("hash label handling: deployment %v, template %v", d.Spec.Template.Labels, tmpl.Labels)
	}
}

package resourcequota_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/controller/resourcequota"
	"github.com/kubeplay/kubeplay/core/internal/clustertest"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
	"github.com/kubeplay/kubeplay/core/quota"
)

var podKind = api.PodKind

func ptr[T any](v T) *T { return &v }

func rl(kv ...string) api.ResourceList {
	out := api.ResourceList{}
	for i := 0; i < len(kv); i += 2 {
		out[api.ResourceName(kv[i])] = resource.MustParse(kv[i+1])
	}
	return out
}

type fixture struct {
	clustertest.Driver
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	c := cluster.New(1)
	apiserver.InstallServiceAllocator(c.API)
	quota.Install(c.API)
	c.Add(deployment.New(c.Context), replicaset.New(c.Context), resourcequota.New(c.Context), garbagecollector.New(c.Context))
	clustertest.StartNodes(t, c, images.New())
	return &fixture{Driver: clustertest.Driver{T: t, C: c}}
}

func (f *fixture) quota(name string) *api.ResourceQuota {
	f.T.Helper()
	rq, err := apiserver.GetAs[*api.ResourceQuota](f.C.API, "default", name)
	if err != nil {
		f.T.Fatal(err)
	}
	return rq
}

func (f *fixture) status(name string) string {
	rq := f.quota(name)
	return "hard " + quota.PrettyPrint(rq.Status.Hard) + " used " + quota.PrettyPrint(rq.Status.Used)
}

func nginxDeployment(replicas int32) *api.Deployment {
	labels := map[string]string{"app": "nginx"}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx-deployment", Namespace: "default", Labels: labels},
		Spec: api.DeploymentSpec{
			Replicas: ptr(replicas),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.14.2",
					Ports: []api.ContainerPort{{ContainerPort: 80}}}}},
			},
		},
	}
}

func TestStatusTracksSpecAndUsage(t *testing.T) {
	f := newFixture(t)
	f.Create(nginxDeployment(2))
	f.Tick(3)
	f.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "q", Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: rl("pods", "10", "count/deployments.apps", "3", "count/replicasets.apps", "5",
			"requests.cpu", "4", "services", "2")}})
	f.Settle()
	want := "hard count/deployments.apps=3,count/replicasets.apps=5,pods=10,requests.cpu=4,services=2 " +
		"used count/deployments.apps=1,count/replicasets.apps=1,pods=2,requests.cpu=0,services=0"
	if got := f.status("q"); got != want {
		t.Errorf("status %s\nwant   %s", got, want)
	}
	// A spec change is published at once.
	rq := f.quota("q")
	rq.Spec.Hard = rl("pods", "1")
	if _, err := f.C.API.Update(rq); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if got := f.status("q"); got != "hard pods=1 used pods=2" {
		t.Errorf("after the spec change: %s", got)
	}
	// Deleting a pod releases its usage at once (replenishment); its
	// replacement is refused, since 1 pod remains and 1 is the limit.
	pods, _, _ := apiserver.ListAs[*api.Pod](f.C.API, "default", nil)
	zero := int64(0)
	if _, _, err := f.C.API.Delete(podKind, "default", pods[0].Name, &apiserver.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if got := f.status("q"); got != "hard pods=1 used pods=1" {
		t.Errorf("after a pod deletion: %s", got)
	}
	if pods, _, _ := apiserver.ListAs[*api.Pod](f.C.API, "default", nil); len(pods) != 1 {
		t.Errorf("%d pods, want 1 (quota)", len(pods))
	}
}

// TestTerminalPodsAreNotCharged: a finished pod counts under count/pods
// only.
func TestTerminalPodsAreNotCharged(t *testing.T) {
	f := newFixture(t)
	obj := f.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "job", Namespace: "default"},
		Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever, Containers: []api.Container{{Name: "c", Image: "busybox:1.36",
			Resources: api.ResourceRequirements{Requests: rl("cpu", "100m")}}}}})
	f.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "q", Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: rl("pods", "5", "count/pods", "5", "requests.cpu", "1")}})
	f.Settle()
	if got := f.status("q"); got != "hard count/pods=5,pods=5,requests.cpu=1 used count/pods=1,pods=1,requests.cpu=100m" {
		t.Fatalf("running: %s", got)
	}
	p := obj.(*api.Pod)
	p, _ = apiserver.GetAs[*api.Pod](f.C.API, "default", p.Name)
	p.Status.Phase = api.PodSucceeded
	if _, err := f.C.API.UpdateStatus(p); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	if got := f.status("q"); got != "hard count/pods=5,pods=5,requests.cpu=1 used count/pods=1,pods=0,requests.cpu=0" {
		t.Errorf("succeeded: %s", got)
	}
}

// TestPeriodicResync: what no event announces (a pod stuck terminating
// past its grace period stops counting) is caught by the 5-minute resync.
func TestPeriodicResync(t *testing.T) {
	f := newFixture(t)
	f.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "q", Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: rl("pods", "5")}})
	// Bound to a node no kubelet runs on, so that nothing reports on the
	// pod: no status change announces that its grace period has passed.
	p := f.Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "stuck", Namespace: "default", Finalizers: []string{"example.com/hold"}},
		Spec: api.PodSpec{NodeName: "node-9", TerminationGracePeriodSeconds: ptr(int64(10)),
			Containers: []api.Container{{Name: "c", Image: "nginx:1.25"}}}}).(*api.Pod)
	f.Settle()
	if got := f.status("q"); got != "hard pods=5 used pods=1" {
		t.Fatalf("status %s", got)
	}
	ten := int64(10)
	if _, _, err := f.C.API.Delete(podKind, "default", p.Name, &apiserver.DeleteOptions{GracePeriodSeconds: &ten}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 299; i++ {
		f.C.Clock.Advance(1e9)
		f.Settle()
	}
	if got := f.status("q"); got != "hard pods=5 used pods=1" {
		t.Errorf("before the resync: %s", got)
	}
	f.C.Clock.Advance(1e9) // 300 s since the controller started
	f.Settle()
	if got := f.status("q"); got != "hard pods=5 used pods=0" {
		t.Errorf("after the resync: %s", got)
	}
}

var podName = regexp.MustCompile(`^pods "nginx-deployment-[a-z0-9]+-[bcdfghjklmnpqrstvwxz2456789]{5}" is forbidden: exceeded quota: object-counts, requested: pods=1, used: pods=3, limited: pods=2$`)

// TestFailedDeploymentQuotaExample is the documentation's failed-deployment
// example (concepts/workloads/controllers/deployment.md, "Failed
// Deployment"): a quota of 2 pods is set on a namespace running 3; the
// next rollout cannot create its first new pod. The new ReplicaSet
// records FailedCreate events and the ReplicaFailure condition, the
// Deployment copies the condition, and after the progress deadline the
// conditions read as in the docs:
//
//	Available       True    MinimumReplicasAvailable
//	Progressing     False   ProgressDeadlineExceeded
//	ReplicaFailure  True    FailedCreate
//
// Raising the quota lets the rollout finish and clears ReplicaFailure.
func TestFailedDeploymentQuotaExample(t *testing.T) {
	f := newFixture(t)
	f.Create(nginxDeployment(3))
	f.Tick(3)
	f.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "object-counts", Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: rl("pods", "2")}})
	f.Settle()
	if got := f.status("object-counts"); got != "hard pods=2 used pods=3" {
		t.Fatalf("quota status %s", got)
	}

	d, _ := apiserver.GetAs[*api.Deployment](f.C.API, "default", "nginx-deployment")
	d.Spec.Template.Spec.Containers[0].Image = "nginx:1.16.1"
	if _, err := f.C.API.Update(d); err != nil {
		t.Fatal(err)
	}
	f.Settle()
	newRS := func() *api.ReplicaSet {
		rss, _, _ := apiserver.ListAs[*api.ReplicaSet](f.C.API, "default", nil)
		for _, rs := range rss {
			if rs.Spec.Template.Spec.Containers[0].Image == "nginx:1.16.1" {
				return rs
			}
		}
		t.Fatal("no new ReplicaSet")
		return nil
	}
	rs := newRS()

	// The ReplicaSet's FailedCreate event.
	events, _, _ := apiserver.ListAs[*api.Event](f.C.API, "default", nil)
	var failed *api.Event
	for _, e := range events {
		if e.Reason == "FailedCreate" && e.InvolvedObject.Name == rs.Name {
			failed = e
		}
	}
	if failed == nil {
		t.Fatal("no FailedCreate event")
	}
	if failed.Type != "Warning" || failed.Source.Component != "replicaset-controller" || failed.InvolvedObject.Kind != "ReplicaSet" ||
		!strings.HasPrefix(failed.Message, "Error creating: ") || !podName.MatchString(strings.TrimPrefix(failed.Message, "Error creating: ")) {
		t.Errorf("FailedCreate event: %s %s %q", failed.Type, failed.Source.Component, failed.Message)
	}

	// The ReplicaSet's and the Deployment's ReplicaFailure conditions.
	var rsCond *api.ReplicaSetCondition
	for i := range rs.Status.Conditions {
		if rs.Status.Conditions[i].Type == "ReplicaFailure" {
			rsCond = &rs.Status.Conditions[i]
		}
	}
	if rsCond == nil || rsCond.Status != "True" || rsCond.Reason != "FailedCreate" || !podName.MatchString(rsCond.Message) {
		t.Fatalf("ReplicaSet condition %+v", rsCond)
	}
	cond := func(typ api.DeploymentConditionType) *api.DeploymentCondition {
		d, _ := apiserver.GetAs[*api.Deployment](f.C.API, "default", "nginx-deployment")
		for i := range d.Status.Conditions {
			if d.Status.Conditions[i].Type == typ {
				return &d.Status.Conditions[i]
			}
		}
		return nil
	}
	if c := cond("ReplicaFailure"); c == nil || c.Status != "True" || c.Reason != "FailedCreate" || c.Message != rsCond.Message {
		t.Errorf("Deployment ReplicaFailure %+v", c)
	}
	if c := cond("Progressing"); c == nil || c.Status != "True" || c.Reason != "NewReplicaSetCreated" {
		t.Errorf("Progressing %+v", c)
	}

	// The old pods keep serving (maxUnavailable 25% of 3 is 0); no new pod
	// exists.
	pods, _, _ := apiserver.ListAs[*api.Pod](f.C.API, "default", nil)
	if len(pods) != 3 {
		t.Errorf("%d pods", len(pods))
	}

	// Past the 600 s progress deadline.
	f.Tick(601)
	table := func() string {
		var rows []string
		for _, typ := range []api.DeploymentConditionType{"Available", "Progressing", "ReplicaFailure"} {
			if c := cond(typ); c != nil {
				rows = append(rows, fmt.Sprintf("%s %s %s", c.Type, c.Status, c.Reason))
			}
		}
		return strings.Join(rows, "\n")
	}
	want := "Available True MinimumReplicasAvailable\nProgressing False ProgressDeadlineExceeded\nReplicaFailure True FailedCreate"
	if got := table(); got != want {
		t.Errorf("conditions after the deadline:\n%s\nwant:\n%s", got, want)
	}

	// Raising the quota lets the rollout complete, once the ReplicaSet
	// controller retries: nothing wakes it but its own back-off (5 ms
	// doubling per failure, up to 1000 s), as on a real cluster.
	rq := f.quota("object-counts")
	rq.Spec.Hard = rl("pods", "4")
	if _, err := f.C.API.Update(rq); err != nil {
		t.Fatal(err)
	}
	done := false
	for i := 0; i < 1100 && !done; i++ {
		f.Tick(1)
		d, _ = apiserver.GetAs[*api.Deployment](f.C.API, "default", "nginx-deployment")
		done = d.Status.UpdatedReplicas == 3 && d.Status.AvailableReplicas == 3 && d.Status.Replicas == 3
		if done {
			t.Logf("rollout complete %d s after the quota was raised", i+1)
		}
	}
	if !done {
		t.Fatalf("the rollout did not complete after raising the quota: %+v", d.Status)
	}
	if c := cond("ReplicaFailure"); c != nil {
		t.Errorf("ReplicaFailure still set: %+v", c)
	}
	if c := cond("Progressing"); c == nil || c.Status != "True" || c.Reason != "NewReplicaSetAvailable" {
		t.Errorf("Progressing %+v", c)
	}
	// The last old pod was still terminating (and charged); once it is
	// gone, replenishment brings the usage back to 3.
	f.Tick(2)
	if got := f.status("object-counts"); got != "hard pods=4 used pods=3" {
		t.Errorf("quota %s", got)
	}
}

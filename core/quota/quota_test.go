package quota_test

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/quota"
)

func rl(kv ...string) api.ResourceList {
	out := api.ResourceList{}
	for i := 0; i < len(kv); i += 2 {
		out[api.ResourceName(kv[i])] = resource.MustParse(kv[i+1])
	}
	return out
}

func container(name string, requests, limits api.ResourceList) api.Container {
	return api.Container{Name: name, Image: "nginx:1.25", Resources: api.ResourceRequirements{Requests: requests, Limits: limits}}
}

func TestResourceListArithmetic(t *testing.T) {
	a, b := rl("cpu", "500m", "memory", "1Gi"), rl("cpu", "250m", "pods", "1")
	if got := quota.PrettyPrint(quota.Add(a, b)); got != "cpu=750m,memory=1Gi,pods=1" {
		t.Errorf("Add: %s", got)
	}
	if got := quota.PrettyPrint(quota.Subtract(a, b)); got != "cpu=250m,memory=1Gi,pods=-1" {
		t.Errorf("Subtract: %s", got)
	}
	if got := quota.PrettyPrint(quota.SubtractWithNonNegativeResult(b, a)); got != "cpu=0,memory=0,pods=1" {
		t.Errorf("SubtractWithNonNegativeResult: %s", got)
	}
	if got := quota.PrettyPrint(quota.Mask(a, []api.ResourceName{"memory", "pods"})); got != "memory=1Gi" {
		t.Errorf("Mask: %s", got)
	}
	ok, exceeded := quota.LessThanOrEqual(rl("cpu", "2", "pods", "3", "memory", "1Gi"), rl("cpu", "1", "pods", "2"))
	if ok || len(exceeded) != 2 || exceeded[0] != "cpu" || exceeded[1] != "pods" {
		t.Errorf("LessThanOrEqual: %v %v", ok, exceeded)
	}
	if !quota.Equals(rl("cpu", "1"), rl("cpu", "1000m")) || quota.Equals(rl("cpu", "1"), rl("cpu", "1", "pods", "0")) {
		t.Error("Equals")
	}
	if got := quota.RemoveZeros(rl("cpu", "0", "pods", "1")); len(got) != 1 {
		t.Errorf("RemoveZeros: %v", got)
	}
}

// TestPodRequestsInitContainerMaxRule: containers' requests add up; an
// init container counts alone, so the pod requests the larger.
func TestPodRequestsInitContainerMaxRule(t *testing.T) {
	pod := &api.Pod{Spec: api.PodSpec{
		Containers: []api.Container{
			container("app", rl("cpu", "200m", "memory", "64Mi"), rl("cpu", "400m")),
			container("sidecar", rl("cpu", "300m", "memory", "64Mi"), rl("cpu", "400m")),
		},
		InitContainers: []api.Container{
			container("migrate", rl("cpu", "800m", "memory", "32Mi"), rl("memory", "1Gi")),
			container("wait", rl("cpu", "100m"), nil),
		},
	}}
	if got := quota.PrettyPrint(quota.PodRequests(pod)); got != "cpu=800m,memory=128Mi" {
		t.Errorf("requests %s, want cpu=800m (init) memory=128Mi (sum)", got)
	}
	if got := quota.PrettyPrint(quota.PodLimits(pod)); got != "cpu=800m,memory=1Gi" {
		t.Errorf("limits %s", got)
	}
}

func TestPodUsageAndQuotaV1Pod(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	e := quota.NewRegistry().Get(mustKind("Pod"))
	pod := &api.Pod{Spec: api.PodSpec{Containers: []api.Container{container("app", rl("cpu", "250m", "memory", "128Mi"), rl("cpu", "500m", "memory", "256Mi"))}}}
	want := "count/pods=1,cpu=250m,limits.cpu=500m,limits.memory=256Mi,memory=128Mi,pods=1,requests.cpu=250m,requests.memory=128Mi"
	if got := quota.PrettyPrint(e.Usage(pod, now)); got != want {
		t.Errorf("usage %s\nwant  %s", got, want)
	}
	done := api.DeepCopy(pod)
	done.Status.Phase = api.PodSucceeded
	if got := quota.PrettyPrint(e.Usage(done, now)); got != "count/pods=1" {
		t.Errorf("terminal pod usage %s", got)
	}
	// Terminating: charged until deletionTimestamp + grace has passed.
	term := api.DeepCopy(pod)
	term.DeletionTimestamp = api.NewTimePtr(now.Add(30 * time.Second))
	term.DeletionGracePeriodSeconds = ptr(int64(30))
	if !quota.QuotaV1Pod(term, now.Add(60*time.Second)) || quota.QuotaV1Pod(term, now.Add(61*time.Second)) {
		t.Error("QuotaV1Pod grace rule")
	}
}

func TestServiceUsage(t *testing.T) {
	e := quota.NewRegistry().Get(mustKind("Service"))
	mk := func(typ api.ServiceType, alloc *bool, nodePorts ...int32) *api.Service {
		s := &api.Service{Spec: api.ServiceSpec{Type: typ, AllocateLoadBalancerNodePorts: alloc}}
		for i, np := range nodePorts {
			s.Spec.Ports = append(s.Spec.Ports, api.ServicePort{Port: int32(80 + i), NodePort: np})
		}
		return s
	}
	for _, tc := range []struct {
		s    *api.Service
		want string
	}{
		{mk(api.ServiceTypeClusterIP, nil, 0, 0), "count/services=1,services=1,services.loadbalancers=0,services.nodeports=0"},
		{mk(api.ServiceTypeNodePort, nil, 0, 0), "count/services=1,services=1,services.loadbalancers=0,services.nodeports=2"},
		{mk(api.ServiceTypeLoadBalancer, nil, 0), "count/services=1,services=1,services.loadbalancers=1,services.nodeports=1"},
		{mk(api.ServiceTypeLoadBalancer, ptr(false), 0, 30001), "count/services=1,services=1,services.loadbalancers=1,services.nodeports=1"},
	} {
		if got := quota.PrettyPrint(e.Usage(tc.s, time.Time{})); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.s.Spec.Type, got, tc.want)
		}
	}
}

func TestPodConstraintsMessage(t *testing.T) {
	e := quota.NewRegistry().Get(mustKind("Pod"))
	pod := &api.Pod{Spec: api.PodSpec{
		Containers:     []api.Container{container("nginx", rl("cpu", "1"), nil), container("log", nil, rl("cpu", "1", "memory", "1Gi"))},
		InitContainers: []api.Container{container("init", nil, nil)},
	}}
	err := e.Constraints([]api.ResourceName{"limits.cpu", "limits.memory", "pods", "requests.cpu"}, pod)
	want := "must specify limits.cpu for: init,nginx; limits.memory for: init,nginx; requests.cpu for: init,log"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if err := e.Constraints([]api.ResourceName{"pods", "count/pods"}, pod); err != nil {
		t.Errorf("no compute quota, but %v", err)
	}
}

func ptr[T any](v T) *T { return &v }

func mustKind(k string) *api.KindInfo {
	ki, _ := api.LookupKind(k)
	return ki
}

// newQuotaCluster is a cluster with quota admission and no controllers:
// quota status is written by hand, as the quota controller would.
func newQuotaCluster(t *testing.T) *cluster.Cluster {
	t.Helper()
	c := cluster.New(1)
	apiserver.InstallServiceAllocator(c.API)
	if quota.Install(c.API) == nil {
		t.Fatal("no ResourceQuota plugin")
	}
	return c
}

// syncedQuota creates a quota and publishes its status as the controller
// would on its first sync.
func syncedQuota(t *testing.T, c *cluster.Cluster, name string, hard, used api.ResourceList) {
	t.Helper()
	obj, err := c.API.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: hard}})
	if err != nil {
		t.Fatal(err)
	}
	rq := obj.(*api.ResourceQuota)
	rq.Status = api.ResourceQuotaStatus{Hard: hard, Used: used}
	if _, err := c.API.UpdateStatus(rq); err != nil {
		t.Fatal(err)
	}
}

func pod(name string, cs ...api.Container) *api.Pod {
	if len(cs) == 0 {
		cs = []api.Container{container("nginx", nil, nil)}
	}
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}, Spec: api.PodSpec{Containers: cs}}
}

func used(t *testing.T, c *cluster.Cluster, name string) string {
	t.Helper()
	rq, err := apiserver.GetAs[*api.ResourceQuota](c.API, "default", name)
	if err != nil {
		t.Fatal(err)
	}
	return quota.PrettyPrint(rq.Status.Used)
}

func TestAdmissionExceededPods(t *testing.T) {
	c := newQuotaCluster(t)
	syncedQuota(t, c, "object-counts", rl("pods", "2"), rl("pods", "1"))
	if _, err := c.API.Create(pod("one")); err != nil {
		t.Fatal(err)
	}
	if got := used(t, c, "object-counts"); got != "pods=2" {
		t.Errorf("admission charged the quota: used %s, want pods=2", got)
	}
	_, err := c.API.Create(pod("two"))
	want := `pods "two" is forbidden: exceeded quota: object-counts, requested: pods=1, used: pods=2, limited: pods=2`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	if !apiserver.IsForbidden(err) {
		t.Errorf("not a Forbidden error: %#v", err)
	}
	// A generated name is in the message, as a ReplicaSet's pods show it.
	p := pod("")
	p.GenerateName = "web-5d8f7c9b6-"
	_, err = c.API.Create(p)
	if err == nil || !strings.HasPrefix(err.Error(), `pods "web-5d8f7c9b6-`) || len(strings.SplitN(err.Error(), `"`, 3)[1]) != len("web-5d8f7c9b6-")+5 {
		t.Errorf("generated name: %v", err)
	}
}

func TestAdmissionRequestsCPUExceeded(t *testing.T) {
	c := newQuotaCluster(t)
	syncedQuota(t, c, "compute", rl("requests.cpu", "1", "requests.memory", "1Gi", "pods", "10"),
		rl("requests.cpu", "0", "requests.memory", "0", "pods", "0"))
	if _, err := c.API.Create(pod("a", container("app", rl("cpu", "600m", "memory", "256Mi"), nil))); err != nil {
		t.Fatal(err)
	}
	if got := used(t, c, "compute"); got != "pods=1,requests.cpu=600m,requests.memory=256Mi" {
		t.Errorf("used %s", got)
	}
	_, err := c.API.Create(pod("b", container("app", rl("cpu", "600m", "memory", "256Mi"), nil)))
	want := `pods "b" is forbidden: exceeded quota: compute, requested: requests.cpu=600m, used: requests.cpu=600m, limited: requests.cpu=1`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// Several resources over at once are listed together, sorted.
	_, err = c.API.Create(pod("c", container("app", rl("cpu", "2", "memory", "2Gi"), nil)))
	want = `pods "c" is forbidden: exceeded quota: compute, requested: requests.cpu=2,requests.memory=2Gi, used: requests.cpu=600m,requests.memory=256Mi, limited: requests.cpu=1,requests.memory=1Gi`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// A pod with no requests is refused by the quota's constraints.
	_, err = c.API.Create(pod("d"))
	want = `pods "d" is forbidden: failed quota: compute: must specify requests.cpu for: nginx; requests.memory for: nginx`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestAdmissionMissingLimits(t *testing.T) {
	c := newQuotaCluster(t)
	syncedQuota(t, c, "x", rl("limits.cpu", "2", "limits.memory", "2Gi"), rl("limits.cpu", "0", "limits.memory", "0"))
	_, err := c.API.Create(pod("web"))
	want := `pods "web" is forbidden: failed quota: x: must specify limits.cpu for: nginx; limits.memory for: nginx`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	// Limits alone suffice; SetDefaults_Pod copies them to requests.
	if _, err := c.API.Create(pod("ok", container("nginx", nil, rl("cpu", "500m", "memory", "128Mi")))); err != nil {
		t.Fatal(err)
	}
	if got := used(t, c, "x"); got != "limits.cpu=500m,limits.memory=128Mi" {
		t.Errorf("used %s", got)
	}
}

func TestAdmissionObjectCountsAndServices(t *testing.T) {
	c := newQuotaCluster(t)
	syncedQuota(t, c, "deploys", rl("count/deployments.apps", "1"), rl("count/deployments.apps", "0"))
	mk := func(name string) *api.Deployment {
		l := map[string]string{"app": name}
		return &api.Deployment{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
			Spec: api.DeploymentSpec{Selector: &api.LabelSelector{MatchLabels: l}, Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: l}, Spec: api.PodSpec{Containers: []api.Container{container("nginx", nil, nil)}}}}}
	}
	if _, err := c.API.Create(mk("one")); err != nil {
		t.Fatal(err)
	}
	_, err := c.API.Create(mk("two"))
	want := `deployments.apps "two" is forbidden: exceeded quota: deploys, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// Updates of a Deployment are not charged.
	d, _ := apiserver.GetAs[*api.Deployment](c.API, "default", "one")
	d.Spec.Replicas = ptr(int32(5))
	if _, err := c.API.Update(d); err != nil {
		t.Errorf("update charged: %v", err)
	}

	syncedQuota(t, c, "svc", rl("services.nodeports", "1", "services.loadbalancers", "0"),
		rl("services.nodeports", "0", "services.loadbalancers", "0"))
	mkSvc := func(name string, typ api.ServiceType) *api.Service {
		return &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
			Spec: api.ServiceSpec{Type: typ, Selector: map[string]string{"app": "web"}, Ports: []api.ServicePort{{Port: 80}}}}
	}
	obj, err := c.API.Create(mkSvc("plain", ""))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.API.Create(mkSvc("lb", api.ServiceTypeLoadBalancer))
	want = `services "lb" is forbidden: exceeded quota: svc, requested: services.loadbalancers=1, used: services.loadbalancers=0, limited: services.loadbalancers=0`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// Updating ClusterIP → NodePort is charged the difference.
	s := obj.(*api.Service)
	s.Spec.Type = api.ServiceTypeNodePort
	if _, err := c.API.Update(s); err != nil {
		t.Fatal(err)
	}
	if got := used(t, c, "svc"); got != "services.loadbalancers=0,services.nodeports=1" {
		t.Errorf("used %s", got)
	}
	_, err = c.API.Create(mkSvc("np", api.ServiceTypeNodePort))
	want = `services "np" is forbidden: exceeded quota: svc, requested: services.nodeports=1, used: services.nodeports=1, limited: services.nodeports=1`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestAdmissionBeforeAndWithoutStatus: a quota the controller has not
// synced limits nothing; one whose status lacks a usage is "unknown".
func TestAdmissionBeforeAndWithoutStatus(t *testing.T) {
	c := newQuotaCluster(t)
	if _, err := c.API.Create(&api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "fresh", Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: rl("pods", "0")}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.API.Create(pod("early")); err != nil {
		t.Errorf("unsynced quota refused a pod: %v", err)
	}
	syncedQuota(t, c, "half", rl("pods", "5", "services", "1"), rl("pods", "0"))
	_, err := c.API.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "s", Namespace: "default"},
		Spec: api.ServiceSpec{Selector: map[string]string{"a": "b"}, Ports: []api.ServicePort{{Port: 80}}}})
	want := `services "s" is forbidden: status unknown for quota: half, resources: services`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// Other namespaces are not limited.
	p := pod("elsewhere")
	p.Namespace = "kube-system"
	if _, err := c.API.Create(p); err != nil {
		t.Errorf("kube-system pod: %v", err)
	}
}

// TestAdmissionChecksOnlyWhatIsRequested: a quota already over on one
// resource (lowered after the fact) still admits what uses others.
func TestAdmissionChecksOnlyWhatIsRequested(t *testing.T) {
	c := newQuotaCluster(t)
	syncedQuota(t, c, "svc", rl("services", "5", "services.nodeports", "0"), rl("services", "1", "services.nodeports", "1"))
	_, err := c.API.Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "plain", Namespace: "default"},
		Spec: api.ServiceSpec{Selector: map[string]string{"a": "b"}, Ports: []api.ServicePort{{Port: 80}}}})
	if err != nil {
		t.Fatalf("ClusterIP Service refused: %v", err)
	}
	if got := used(t, c, "svc"); got != "services=2,services.nodeports=1" {
		t.Errorf("used %s", got)
	}
}

package fakekubelet

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/cluster"
)

var podKind = api.PodKind

func newCluster(t *testing.T, opts Options) *cluster.Cluster {
	t.Helper()
	c := cluster.New(cluster.DefaultSeed)
	c.AddActor(New(c.Context, opts))
	return c
}

func tick(t *testing.T, c *cluster.Cluster, n int) {
	t.Helper()
	for range n {
		if _, err := c.Tick(); err != nil {
			t.Fatal(err)
		}
	}
}

func newPod(name string, images ...string) *api.Pod {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}}
	names := []string{"nginx", "sidecar"}
	for i, img := range images {
		p.Spec.Containers = append(p.Spec.Containers, api.Container{Name: names[i], Image: img})
	}
	return p
}

func createPod(t *testing.T, c *cluster.Cluster, p *api.Pod) *api.Pod {
	t.Helper()
	out, err := c.API.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	return out.(*api.Pod)
}

func getPod(t *testing.T, c *cluster.Cluster, name string) *api.Pod {
	t.Helper()
	p, err := apiserver.GetAs[*api.Pod](c.API, "default", name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func at(n int) api.Time { return api.NewTime(clock.Epoch.Add(time.Duration(n) * time.Second)) }

func condition(p *api.Pod, t api.PodConditionType) api.PodCondition {
	for _, c := range p.Status.Conditions {
		if c.Type == t {
			return c
		}
	}
	return api.PodCondition{}
}

func TestPodBecomesRunningAndReady(t *testing.T) {
	c := newCluster(t, Options{})
	createPod(t, c, newPod("web", "nginx:1.27"))

	tick(t, c, 1)
	p := getPod(t, c, "web")
	if p.Spec.NodeName != "node-1" {
		t.Fatalf("nodeName %q, want node-1", p.Spec.NodeName)
	}
	cs := p.Status.ContainerStatuses
	if p.Status.Phase != api.PodPending || len(cs) != 1 || cs[0].State.Waiting == nil || cs[0].State.Waiting.Reason != "ContainerCreating" || cs[0].Ready {
		t.Fatalf("after 1 tick: phase %s, containers %+v; want Pending, ContainerCreating", p.Status.Phase, cs)
	}
	if p.Status.PodIP != "10.244.1.2" || p.Status.HostIP != "172.18.0.2" || p.Status.StartTime == nil || !p.Status.StartTime.Equal(at(1).Time) {
		t.Errorf("podIP %q hostIP %q startTime %v", p.Status.PodIP, p.Status.HostIP, p.Status.StartTime)
	}
	if r := condition(p, api.PodReady); r.Status != api.ConditionFalse || r.Reason != "ContainersNotReady" || r.Message != "containers with unready status: [nginx]" {
		t.Errorf("Ready condition %+v", r)
	}
	if s := condition(p, api.PodScheduled); s.Status != api.ConditionTrue || !s.LastTransitionTime.Equal(at(1).Time) {
		t.Errorf("PodScheduled condition %+v", s)
	}

	tick(t, c, 1)
	p = getPod(t, c, "web")
	cs = p.Status.ContainerStatuses
	if p.Status.Phase != api.PodRunning || cs[0].State.Running == nil || !cs[0].Ready || cs[0].Started == nil || !*cs[0].Started {
		t.Fatalf("after 2 ticks: phase %s, containers %+v; want Running and ready", p.Status.Phase, cs)
	}
	if !cs[0].State.Running.StartedAt.Equal(at(2).Time) || cs[0].Image != "docker.io/library/nginx:1.27" ||
		len(cs[0].ImageID) != len("docker.io/library/nginx@sha256:")+64 || len(cs[0].ContainerID) != len("containerd://")+64 {
		t.Errorf("running container %+v", cs[0])
	}
	var types []string
	for _, cond := range p.Status.Conditions {
		types = append(types, string(cond.Type)+"="+string(cond.Status))
		if cond.Type == api.PodReady || cond.Type == api.ContainersReady {
			if !cond.LastTransitionTime.Equal(at(2).Time) || cond.Reason != "" {
				t.Errorf("%s: %+v, want True since tick 2", cond.Type, cond)
			}
		}
		if cond.Type == api.PodInitialized && !cond.LastTransitionTime.Equal(at(1).Time) {
			t.Errorf("Initialized moved: %+v", cond)
		}
	}
	want := `["PodReadyToStartContainers=True","Initialized=True","Ready=True","ContainersReady=True","PodScheduled=True"]`
	if got, _ := json.Marshal(types); string(got) != want {
		t.Errorf("conditions %s, want %s", got, want)
	}

	// A steady pod is not rewritten.
	rv := p.ResourceVersion
	tick(t, c, 3)
	if p = getPod(t, c, "web"); p.ResourceVersion != rv {
		t.Errorf("status rewritten without change: rv %s → %s", rv, p.ResourceVersion)
	}
}

func TestReadyAfterOption(t *testing.T) {
	c := newCluster(t, Options{ReadyAfter: 5, Images: map[string]ImageBehavior{"redis:7": {ReadyAfter: 3}}})
	createPod(t, c, newPod("slow", "nginx:1.27"))
	createPod(t, c, newPod("cache", "redis:7"))
	for i := 1; i <= 5; i++ {
		tick(t, c, 1)
		if got, want := getPod(t, c, "slow").Status.Phase == api.PodRunning, i >= 5; got != want {
			t.Errorf("tick %d: nginx pod running=%v, want %v", i, got, want)
		}
		if got, want := getPod(t, c, "cache").Status.Phase == api.PodRunning, i >= 3; got != want {
			t.Errorf("tick %d: redis pod running=%v, want %v", i, got, want)
		}
	}
}

func TestRoundRobinNodesAndIPs(t *testing.T) {
	c := newCluster(t, Options{})
	for _, n := range []string{"d", "b", "a", "c"} {
		createPod(t, c, newPod(n, "nginx:1.27"))
	}
	tick(t, c, 1)
	want := map[string][2]string{ // bound in key order
		"a": {"node-1", "10.244.1.2"}, "b": {"node-2", "10.244.2.2"},
		"c": {"node-3", "10.244.3.2"}, "d": {"node-1", "10.244.1.3"},
	}
	for name, w := range want {
		p := getPod(t, c, name)
		if p.Spec.NodeName != w[0] || p.Status.PodIP != w[1] {
			t.Errorf("pod %s on %s with %s, want %s with %s", name, p.Spec.NodeName, p.Status.PodIP, w[0], w[1])
		}
	}
}

func TestFixedNode(t *testing.T) {
	c := newCluster(t, Options{Nodes: []string{"node-1"}})
	createPod(t, c, newPod("a", "nginx:1.27"))
	createPod(t, c, newPod("b", "nginx:1.27"))
	tick(t, c, 1)
	if a, b := getPod(t, c, "a"), getPod(t, c, "b"); a.Spec.NodeName != "node-1" || b.Spec.NodeName != "node-1" || b.Status.PodIP != "10.244.1.3" {
		t.Errorf("a on %s, b on %s with %s", a.Spec.NodeName, b.Spec.NodeName, b.Status.PodIP)
	}
}

func TestBadImageNeverReady(t *testing.T) {
	c := newCluster(t, Options{Images: map[string]ImageBehavior{"nginx:1.161": {NeverReady: true}}})
	createPod(t, c, newPod("bad", "nginx:1.161"))
	pullErr := `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.161": failed to resolve reference "docker.io/library/nginx:1.161": docker.io/library/nginx:1.161: not found`
	backOff := `Back-off pulling image "nginx:1.161": ErrImagePull: ` + pullErr
	// First pull fails at tick 2; retries after 10 s, 20 s, 40 s.
	attempts := map[int]bool{2: true, 12: true, 32: true, 72: true}
	for i := 1; i <= 80; i++ {
		tick(t, c, 1)
		p := getPod(t, c, "bad")
		if p.Status.Phase != api.PodPending || p.Status.ContainerStatuses[0].Ready {
			t.Fatalf("tick %d: phase %s, want Pending and unready", i, p.Status.Phase)
		}
		w := p.Status.ContainerStatuses[0].State.Waiting
		want := api.ContainerStateWaiting{Reason: "ImagePullBackOff", Message: backOff}
		switch {
		case i < 2:
			want = api.ContainerStateWaiting{Reason: "ContainerCreating"}
		case attempts[i]:
			want = api.ContainerStateWaiting{Reason: "ErrImagePull", Message: pullErr}
		}
		if w == nil || *w != want {
			t.Fatalf("tick %d: waiting %+v, want %+v", i, w, want)
		}
		if r := condition(p, api.PodReady); r.Status != api.ConditionFalse || r.Message != "containers with unready status: [nginx]" {
			t.Fatalf("tick %d: Ready %+v", i, r)
		}
	}
}

func TestOneBadContainerKeepsPodPending(t *testing.T) {
	c := newCluster(t, Options{Images: map[string]ImageBehavior{"busybox:bad": {NeverReady: true}}})
	createPod(t, c, newPod("mixed", "nginx:1.27", "busybox:bad"))
	tick(t, c, 3)
	p := getPod(t, c, "mixed")
	cs := p.Status.ContainerStatuses
	if p.Status.Phase != api.PodPending || !cs[0].Ready || cs[1].Ready {
		t.Errorf("phase %s, ready %v/%v; want Pending, nginx ready, sidecar not", p.Status.Phase, cs[0].Ready, cs[1].Ready)
	}
	if r := condition(p, api.ContainersReady); r.Message != "containers with unready status: [sidecar]" {
		t.Errorf("ContainersReady %+v", r)
	}
}

func deletePod(t *testing.T, c *cluster.Cluster, name string, grace int64) {
	t.Helper()
	if _, _, err := c.API.Delete(podKind, "default", name, &apiserver.DeleteOptions{GracePeriodSeconds: &grace}); err != nil {
		t.Fatal(err)
	}
}

func TestDeletedPodsDisappear(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opts     Options
		grace    int64
		goneTick int // ticks after the delete when the pod is gone
	}{
		{"default: stops after one tick", Options{}, 30, 1},
		{"StopAfter 4", Options{StopAfter: 4}, 30, 4},
		{"grace shorter than StopAfter", Options{StopAfter: 10}, 2, 2},
		{"full grace period", Options{Termination: WaitForGracePeriod}, 5, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, tc.opts)
			createPod(t, c, newPod("web", "nginx:1.27"))
			tick(t, c, 3)
			deletePod(t, c, "web", tc.grace)
			for i := 1; i <= tc.goneTick; i++ {
				tick(t, c, 1)
				_, err := c.API.Get(podKind, "default", "web")
				if gone := apiserver.IsNotFound(err); gone != (i == tc.goneTick) {
					t.Fatalf("%d ticks after delete: gone=%v, want gone at %d", i, gone, tc.goneTick)
				}
			}
		})
	}
}

func TestPodHeldByFinalizerIsLeftAlone(t *testing.T) {
	c := newCluster(t, Options{})
	p := newPod("held", "nginx:1.27")
	p.Finalizers = []string{"example.com/hold"}
	createPod(t, c, p)
	tick(t, c, 3)
	deletePod(t, c, "held", 1)
	tick(t, c, 3)
	got := getPod(t, c, "held")
	if got.DeletionTimestamp == nil || got.DeletionGracePeriodSeconds == nil || *got.DeletionGracePeriodSeconds != 0 {
		t.Errorf("held pod: %+v", got.ObjectMeta)
	}
}

func TestDeterministic(t *testing.T) {
	run := func() string {
		c := newCluster(t, Options{Images: map[string]ImageBehavior{"nginx:1.161": {NeverReady: true}}})
		for i := range 5 {
			p := newPod("", "nginx:1.27")
			if i == 3 {
				p = newPod("", "nginx:1.161")
			}
			p.GenerateName = "web-"
			createPod(t, c, p)
		}
		tick(t, c, 4)
		l, err := c.API.List(podKind, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(l.Items)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("two runs with the same seed differ:\n%s\n%s", a, b)
	}
}

func TestNormalizeImage(t *testing.T) {
	for in, want := range map[string]string{
		"nginx":                     "docker.io/library/nginx:latest",
		"nginx:1.27":                "docker.io/library/nginx:1.27",
		"bitnami/redis:7":           "docker.io/bitnami/redis:7",
		"registry.k8s.io/pause:3.9": "registry.k8s.io/pause:3.9",
		"localhost:5000/app":        "localhost:5000/app:latest",
		"localhost/app:v1":          "localhost/app:v1",
	} {
		if got := normalizeImage(in); got != want {
			t.Errorf("normalizeImage(%q) = %q, want %q", in, got, want)
		}
	}
}

package kubelet

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// Init containers run to completion, one at a time, before the app
// containers; the pod is Pending and not Initialized until then.
func TestInitContainers(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.InitContainers = []api.Container{
		{Name: "init-a", Image: "busybox:1.36", Command: []string{"sh", "-c", "echo setting up; sleep 2"}},
		{Name: "init-b", Image: "busybox:1.36", Command: []string{"sh", "-c", "sleep 1"}},
	}
	e.create(p)
	diff(t, "timeline", e.timeline("web", 12), []string{
		"0 Pending Ready=False init-a=waiting:PodInitializing/ready=false/restarts=0 init-b=waiting:PodInitializing/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"3 Pending Ready=False init-a=running/ready=false/restarts=0 init-b=waiting:PodInitializing/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"5 Pending Ready=False init-a=terminated:Completed(0)/ready=true/restarts=0 init-b=waiting:PodInitializing/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"7 Pending Ready=False init-a=terminated:Completed(0)/ready=true/restarts=0 init-b=running/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"8 Pending Ready=False init-a=terminated:Completed(0)/ready=true/restarts=0 init-b=terminated:Completed(0)/ready=true/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"12 Running Ready=True init-a=terminated:Completed(0)/ready=true/restarts=0 init-b=terminated:Completed(0)/ready=true/restarts=0 nginx=running/ready=true/restarts=0",
	})
	diff(t, "initialized", conditions(e.pod("web"))[1:2], []string{"Initialized=True@8"})
}

// The documentation's init container waits for a Service with
// `until nslookup`; it completes at the first poll after the Service
// exists.
func TestInitContainerWaitsForService(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("myapp", "node-1", "nginx:1.25")
	p.Spec.InitContainers = []api.Container{{Name: "init-myservice", Image: "busybox:1.28",
		Command: []string{"sh", "-c", "until nslookup myservice.default.svc.cluster.local; do echo waiting for myservice; sleep 2; done"}}}
	e.create(p)
	e.tick(20)
	if s := summary(e.pod("myapp")); s != "Pending Ready=False init-myservice=running/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0" {
		t.Fatalf("tick 20: %s", s)
	}
	mkService(t, e, "myservice", "10.96.0.20", api.ServicePort{Port: 80})
	// Polls at 3, 5, …, 19, 21: done at 21.
	diff(t, "timeline", e.timeline("myapp", 8), []string{
		"20 Pending Ready=False init-myservice=running/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"21 Pending Ready=False init-myservice=terminated:Completed(0)/ready=true/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
		"25 Running Ready=True init-myservice=terminated:Completed(0)/ready=true/restarts=0 nginx=running/ready=true/restarts=0",
	})
}

// A failing init container fails the pod under restartPolicy Never and
// crash-loops under Always.
func TestFailingInitContainer(t *testing.T) {
	for _, policy := range []api.RestartPolicy{api.RestartPolicyNever, api.RestartPolicyAlways} {
		e := newEnv(t, 1)
		p := nginxPod("web", "node-1", "nginx:1.25")
		p.Spec.RestartPolicy = policy
		p.Spec.InitContainers = []api.Container{{Name: "init", Image: "busybox:1.36", Command: []string{"sh", "-c", "exit 3"}}}
		e.create(p)
		e.tick(20)
		got := summary(e.pod("web"))
		want := map[api.RestartPolicy]string{
			api.RestartPolicyNever:  "Failed Ready=False init=terminated:Error(3)/ready=false/restarts=0 nginx=waiting:PodInitializing/ready=false/restarts=0",
			api.RestartPolicyAlways: "Pending Ready=False init=waiting:CrashLoopBackOff/ready=false/restarts=2 nginx=waiting:PodInitializing/ready=false/restarts=0",
		}[policy]
		if got != want {
			t.Errorf("%s: got %s\nwant %s", policy, got, want)
		}
	}
}

// restartPolicy decides what an exit means: Never keeps the exit
// (Succeeded or Failed), OnFailure restarts only failures.
func TestRestartPolicies(t *testing.T) {
	cases := []struct {
		policy api.RestartPolicy
		cmd    string
		want   string
	}{
		{api.RestartPolicyNever, "sleep 2", "Succeeded Ready=False job=terminated:Completed(0)/ready=false/restarts=0"},
		{api.RestartPolicyNever, "sleep 2; exit 2", "Failed Ready=False job=terminated:Error(2)/ready=false/restarts=0"},
		{api.RestartPolicyOnFailure, "sleep 2", "Succeeded Ready=False job=terminated:Completed(0)/ready=false/restarts=0"},
		{api.RestartPolicyOnFailure, "sleep 2; exit 2", "Running Ready=False job=waiting:CrashLoopBackOff/ready=false/restarts=1"},
		{api.RestartPolicyAlways, "sleep 2", "Running Ready=False job=waiting:CrashLoopBackOff/ready=false/restarts=1"},
	}
	for _, tc := range cases {
		e := newEnv(t, 1)
		e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "job"}, Spec: api.PodSpec{NodeName: "node-1", RestartPolicy: tc.policy,
			Containers: []api.Container{{Name: "job", Image: "busybox:1.36", Command: []string{"sh", "-c", tc.cmd}}}}})
		e.tick(12)
		if got := summary(e.pod("job")); got != tc.want {
			t.Errorf("%s %q: got %s\nwant %s", tc.policy, tc.cmd, got, tc.want)
		}
		if tc.policy == api.RestartPolicyNever {
			diff(t, "terminal conditions", conditions(e.pod("job"))[:1], []string{"PodReadyToStartContainers=False@5"})
		}
	}
}

// A bare busybox runs sh, which exits at once: Completed, then a crash
// loop, as `kubectl run bb --image=busybox` shows.
func TestBareBusyboxCrashLoops(t *testing.T) {
	e := newEnv(t, 1)
	e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "bb"}, Spec: api.PodSpec{NodeName: "node-1",
		Containers: []api.Container{{Name: "bb", Image: "busybox"}}}})
	diff(t, "timeline", e.timeline("bb", 20), []string{
		"0 Pending Ready=False bb=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=False bb=terminated:Completed(0)/ready=false/restarts=0",
		"6 Running Ready=False bb=terminated:Completed(0)/ready=false/restarts=1",
		"7 Running Ready=False bb=waiting:CrashLoopBackOff/ready=false/restarts=1",
		"18 Running Ready=False bb=terminated:Completed(0)/ready=false/restarts=2",
		"19 Running Ready=False bb=waiting:CrashLoopBackOff/ready=false/restarts=2",
	})
	// busybox is :latest, so imagePullPolicy is Always: every start pulls
	// (1 s once the layers are on the node).
	diff(t, "pulls", e.events("bb")[:3], []string{
		`0 Normal Pulling: Pulling image "busybox" (x3, last 16)`,
		`2 Normal Pulled: Successfully pulled image "busybox" in 2s (2s including waiting). Image size: 2166802 bytes.`,
		`3 Normal Created: Container created (x3, last 18)`,
	})
}

// A database image without its password variable exits at once.
func TestRequiredEnv(t *testing.T) {
	e := newEnv(t, 1)
	e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "db"}, Spec: api.PodSpec{NodeName: "node-1",
		Containers: []api.Container{{Name: "postgres", Image: "postgres:16"}}}})
	e.tick(3)
	if s := summary(e.pod("db")); s != "Running Ready=False postgres=terminated:Error(1)/ready=false/restarts=0" {
		t.Errorf("%s", s)
	}
	e.create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "db2"}, Spec: api.PodSpec{NodeName: "node-1",
		Containers: []api.Container{{Name: "postgres", Image: "postgres:16", Env: []api.EnvVar{{Name: "POSTGRES_PASSWORD", Value: "x"}}}}}})
	e.tick(3)
	if s := summary(e.pod("db2")); s != "Running Ready=True postgres=running/ready=true/restarts=0" {
		t.Errorf("%s", s)
	}
}

// Two pods pulling the same image on one node share the pull.
func TestConcurrentPullsJoin(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{PullTime: 10 * time.Second})
	e.create(nginxPod("a", "node-1", "nginx:1.25"))
	e.tick(4)
	e.create(nginxPod("b", "node-1", "nginx:1.25"))
	e.tick(10)
	diff(t, "b", e.events("b")[:2], []string{
		`4 Normal Pulling: Pulling image "nginx:1.25"`,
		`10 Normal Pulled: Successfully pulled image "nginx:1.25" in 6s (6s including waiting). Image size: 70544635 bytes.`,
	})
}

// Pod IPs come round-robin from the node's range, as host-local hands them
// out: a freed address is not reused at once.
func TestPodIPAllocation(t *testing.T) {
	e := newEnv(t, 1, "node-1", "node-2")
	e.create(nginxPod("a", "node-1", "nginx:1.25"))
	e.create(nginxPod("b", "node-1", "nginx:1.25"))
	e.create(nginxPod("c", "node-2", "nginx:1.25"))
	e.tick(4)
	zero := int64(0)
	_ = zero
	e.delete("a")
	e.tick(3)
	e.create(nginxPod("d", "node-1", "nginx:1.25"))
	got := []string{e.pod("b").Status.PodIP, e.pod("c").Status.PodIP, e.pod("d").Status.PodIP, e.pod("c").Status.HostIP}
	diff(t, "IPs", got, []string{"10.244.1.3", "10.244.2.2", "10.244.1.4", "172.18.0.3"})
}

func setImage(t *testing.T, e *env, name, image string) {
	t.Helper()
	p := e.pod(name)
	p.Spec.Containers[0].Image = image
	if _, err := e.c.API.Update(p); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.Settle(); err != nil {
		t.Fatal(err)
	}
}

// Fixing a bad tag on the pod (kubectl set image) retries at once; changing
// a running container's image restarts it ("definition changed").
func TestImageChangeOnPod(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.161"))
	e.tick(15) // failed pulls at 0 and 11; the next is at 31
	setImage(t, e, "web", "nginx:1.25")
	diff(t, "fixed", e.timeline("web", 4)[1:], []string{"18 Running Ready=True nginx=running/ready=true/restarts=0"})
	e.tick(5)
	setImage(t, e, "web", "nginx:1.27")
	diff(t, "changed", e.timeline("web", 6), []string{
		"24 Running Ready=True nginx=running/ready=true/restarts=0",
		"25 Running Ready=False nginx=terminated:Completed(0)/ready=false/restarts=0",
		"28 Running Ready=True nginx=running/ready=true/restarts=1",
	})
	evs := e.events("web")
	diff(t, "events", evs[len(evs)-3:], []string{
		`24 Normal Killing: Container nginx definition changed, will be restarted`,
		`25 Normal Pulling: Pulling image "nginx:1.27"`,
		`27 Normal Pulled: Successfully pulled image "nginx:1.27" in 2s (2s including waiting). Image size: 72099410 bytes.`,
	})
}

// TestReadinessGatesAndHostNetwork: a readiness gate whose condition
// nobody sets keeps the pod from Ready with the kubelet's message; a pod
// on the host's network has the node's IP.
func TestReadinessGatesAndHostNetwork(t *testing.T) {
	e := newEnv(t, 1, "node-1")
	gated := nginxPod("gated", "node-1", "nginx:1.25")
	gated.Spec.ReadinessGates = []api.PodReadinessGate{{ConditionType: "example.com/lb-ready"}}
	host := nginxPod("host", "node-1", "nginx:1.25")
	host.Spec.HostNetwork = true
	e.create(gated)
	e.create(host)
	e.tick(5)
	for _, c := range e.pod("gated").Status.Conditions {
		if c.Type == api.PodReady && (c.Status != api.ConditionFalse || c.Reason != "ReadinessGatesNotReady" ||
			c.Message != `corresponding condition of pod readiness gate "example.com/lb-ready" does not exist.`) {
			t.Errorf("Ready: %+v", c)
		}
	}
	if p := e.pod("host"); p.Status.PodIP != p.Status.HostIP || p.Status.PodIP == "" {
		t.Errorf("host network pod IP %q, node %q", p.Status.PodIP, p.Status.HostIP)
	}
}

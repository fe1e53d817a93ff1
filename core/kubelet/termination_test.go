package kubelet

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// lastStatus drains a pod watch and returns the pod as last written
// before it was deleted, and the tick it was deleted at (-1 if not).
func lastStatus(t *testing.T, w *apiserver.Watcher, name string) (*api.Pod, int64) {
	t.Helper()
	var last *api.Pod
	deleted := int64(-1)
	for _, ev := range w.Drain() {
		p := ev.Object.(*api.Pod)
		if p.Name != name {
			continue
		}
		if ev.Type == apiserver.Deleted {
			deleted = tick(p.DeletionTimestamp.Time)
			continue
		}
		last = p
	}
	return last, deleted
}

func sleepPod(name string, grace int64) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name}, Spec: api.PodSpec{NodeName: "node-1",
		TerminationGracePeriodSeconds: &grace,
		Containers:                    []api.Container{{Name: "sleep", Image: "busybox:1.36", Command: []string{"sleep", "3600"}}}}}
}

// nginx exits 1 s after SIGTERM: the pod ends Succeeded and is deleted by
// the kubelet with grace 0.
func TestGracefulDeletion(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.25"))
	e.tick(5)
	w := e.watchPods()
	e.delete("web")
	diff(t, "timeline", e.timeline("web", 3), []string{
		"5 Running Ready=True nginx=running/ready=true/restarts=0 Terminating",
		"6 <gone>",
	})
	last, _ := lastStatus(t, w, "web")
	if last.Status.Phase != api.PodSucceeded {
		t.Errorf("final phase %s", last.Status.Phase)
	}
	cs := last.Status.ContainerStatuses[0]
	if tt := cs.State.Terminated; tt == nil || tt.ExitCode != 0 || tt.Reason != "Completed" || tick(tt.FinishedAt.Time) != 6 {
		t.Errorf("final state %s", mustJSON(cs.State))
	}
	diff(t, "final conditions", conditions(last), []string{
		"PodReadyToStartContainers=False@6",
		"Initialized=True@0 PodCompleted: ",
		"Ready=False@6 PodCompleted: ",
		"ContainersReady=False@6 PodCompleted: ",
		"PodScheduled=True@0",
	})
	diff(t, "events", e.events("web")[4:], []string{"5 Normal Killing: Stopping container nginx"})
	var calls []string
	for _, c := range e.kubelets["node-1"].CRILog(last) {
		calls = append(calls, itoa(c.Tick)+" "+c.Call)
	}
	diff(t, "CRI calls", calls, []string{"0 RunPodSandbox", "0 PullImage", "3 CreateContainer", "3 StartContainer",
		"5 StopContainer", "6 ContainerStatus", "6 StopPodSandbox", "6 RemovePodSandbox"})
}

// A preStop hook runs before SIGTERM and counts against the grace period.
func TestPreStopDelaysTermination(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Lifecycle = &api.Lifecycle{PreStop: &api.LifecycleHandler{
		Exec: &api.ExecAction{Command: []string{"/bin/sh", "-c", "sleep 5"}}}}
	e.create(p)
	e.tick(5)
	e.delete("web")
	var stops []CRICall
	for _, c := range e.kubelets["node-1"].CRILog(e.pod("web")) {
		if c.Call == "StopContainer" {
			stops = append(stops, c)
		}
	}
	// SIGTERM when the hook is done, with the 25 s of grace left.
	if len(stops) != 1 || stops[0].Tick != 10 || !strings.HasSuffix(stops[0].Detail, "timeout=25s") {
		t.Errorf("StopContainer calls: %+v", stops)
	}
	diff(t, "timeline", e.timeline("web", 8), []string{
		"5 Running Ready=True nginx=running/ready=true/restarts=0 Terminating",
		"11 <gone>",
	})
}

// The sleep action, and a preStop longer than the grace period (the grace
// period shrunk by the delete options): SIGTERM comes when the grace
// period is over, and the container still gets the minimum 2 s to stop.
func TestPreStopSleepLongerThanGrace(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Lifecycle = &api.Lifecycle{PreStop: &api.LifecycleHandler{Sleep: &api.SleepAction{Seconds: 10}}}
	e.create(p)
	e.tick(5)
	eight := int64(8)
	if _, _, err := e.c.API.Delete(podKind, "default", "web", &apiserver.DeleteOptions{GracePeriodSeconds: &eight}); err != nil {
		t.Fatal(err)
	}
	e.c.Settle()
	// preStop cut at 8 s (13), SIGTERM with the 2 s minimum, nginx out 1 s later.
	diff(t, "timeline", e.timeline("web", 12), []string{
		"5 Running Ready=True nginx=running/ready=true/restarts=0 Terminating",
		"14 <gone>",
	})
}

// A process that ignores SIGTERM is killed when the grace period runs out:
// exit code 137, reason Error, phase Failed.
func TestGracePeriodEndsInSIGKILL(t *testing.T) {
	e := newEnv(t, 1)
	e.create(sleepPod("sleeper", 10))
	e.tick(5)
	w := e.watchPods()
	e.delete("sleeper")
	diff(t, "timeline", e.timeline("sleeper", 12), []string{
		"5 Running Ready=True sleep=running/ready=true/restarts=0 Terminating",
		"15 <gone>",
	})
	last, _ := lastStatus(t, w, "sleeper")
	cs := last.Status.ContainerStatuses[0]
	if tt := cs.State.Terminated; last.Status.Phase != api.PodFailed || tt == nil || tt.ExitCode != 137 || tt.Reason != "Error" {
		t.Errorf("final: %s %s", last.Status.Phase, mustJSON(cs.State))
	}
}

// A shorter grace period in the delete options wins.
func TestDeleteGracePeriodOverride(t *testing.T) {
	e := newEnv(t, 1)
	e.create(sleepPod("sleeper", 30))
	e.tick(5)
	three := int64(3)
	if _, _, err := e.c.API.Delete(podKind, "default", "sleeper", &apiserver.DeleteOptions{GracePeriodSeconds: &three}); err != nil {
		t.Fatal(err)
	}
	e.c.Settle()
	diff(t, "timeline", e.timeline("sleeper", 6), []string{
		"5 Running Ready=True sleep=running/ready=true/restarts=0 Terminating",
		"8 <gone>",
	})
}

// A failing preStop hook is reported and does not stop the termination.
func TestFailedPreStopHook(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{FailPreStop: true})
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Lifecycle = &api.Lifecycle{PreStop: &api.LifecycleHandler{
		HTTPGet: &api.HTTPGetAction{Path: "/shutdown", Port: api.FromInt(80)}}}
	e.create(p)
	e.tick(5)
	e.delete("web")
	e.tick(3)
	diff(t, "events", e.events("web")[4:], []string{
		"5 Normal Killing: Stopping container nginx",
		"5 Warning FailedPreStopHook: PreStopHook failed",
	})
	if e.pod("web") != nil {
		t.Error("pod still there")
	}
}

// A pod deleted while its image is still being pulled goes at once.
func TestDeleteWhilePulling(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.25"))
	e.tick(1)
	e.delete("web")
	if p := e.pod("web"); p != nil {
		t.Errorf("still there: %s", summary(p))
	}
}

// A postStart hook blocks the container's Running state until it is done.
func TestPostStartHookBlocksRunning(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Lifecycle = &api.Lifecycle{PostStart: &api.LifecycleHandler{
		Exec: &api.ExecAction{Command: []string{"/bin/sh", "-c", "echo Hello > /usr/share/message; sleep 5"}}}}
	p.Spec.Containers[0].ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{
		Exec: &api.ExecAction{Command: []string{"cat", "/usr/share/message"}}}}
	e.create(p)
	diff(t, "timeline", e.timeline("web", 10), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"8 Running Ready=True nginx=running/ready=true/restarts=0",
	})
	diff(t, "events", e.events("web")[2:], []string{"3 Normal Created: Container created", "3 Normal Started: Container started"})
	if st := e.pod("web").Status.ContainerStatuses[0].State.Running; tick(st.StartedAt.Time) != 3 {
		t.Errorf("startedAt %v", st.StartedAt)
	}
}

// A failing postStart hook kills the container: FailedPostStartHook, a
// Killing event worded "FailedPostStartHook", PostStartHookError, and the
// crash-loop back-off.
func TestFailedPostStartHook(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Lifecycle = &api.Lifecycle{PostStart: &api.LifecycleHandler{
		Exec: &api.ExecAction{Command: []string{"/bin/sh", "-c", "exit 1"}}}}
	e.create(p)
	uid := e.pod("web").UID
	diff(t, "timeline", e.timeline("web", 10), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"4 Running Ready=False nginx=waiting:PostStartHookError/ready=false/restarts=0",
		"7 Running Ready=False nginx=waiting:PostStartHookError/ready=false/restarts=1",
		"8 Running Ready=False nginx=waiting:CrashLoopBackOff/ready=false/restarts=1",
	})
	cs := e.pod("web").Status.ContainerStatuses[0]
	if lt := cs.LastTerminationState.Terminated; lt == nil || lt.ExitCode != 0 {
		t.Errorf("lastState %s", mustJSON(cs.LastTerminationState))
	}
	e2 := newEnv(t, 1)
	e2.create(p)
	e2.tick(4)
	if w := e2.pod("web").Status.ContainerStatuses[0].State.Waiting; w.Message != `Exec lifecycle hook ([/bin/sh -c exit 1]) for Container "nginx" in Pod "web_default(`+uid+`)" failed - error: command '/bin/sh -c exit 1' exited with 1: , message: ""` {
		t.Errorf("message %q", w.Message)
	}
	diff(t, "events", e.events("web")[2:], []string{
		"3 Normal Created: Container created (x2, last 6)",
		"3 Normal Started: Container started (x2, last 6)",
		"3 Warning FailedPostStartHook: PostStartHook failed (x2, last 6)",
		"3 Normal Killing: FailedPostStartHook (x2, last 6)",
		`5 Normal Pulled: Container image "nginx:1.25" already present on machine and can be accessed by the pod`,
		"8 Warning BackOff: Back-off restarting failed container nginx in pod web_default(" + uid + ")",
	})
}

// activeDeadlineSeconds: the pod is killed and Failed with DeadlineExceeded.
func TestActiveDeadline(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	d := int64(20)
	p.Spec.ActiveDeadlineSeconds = &d
	p.Spec.RestartPolicy = api.RestartPolicyNever
	e.create(p)
	diff(t, "timeline", e.timeline("web", 25), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=True nginx=running/ready=true/restarts=0",
		"20 Failed Ready=False nginx=running/ready=true/restarts=0",
		"21 Failed Ready=False nginx=terminated:Completed(0)/ready=false/restarts=0",
	})
	st := e.pod("web").Status
	if st.Reason != "DeadlineExceeded" || st.Message != "Pod was active on the node longer than the specified deadline" {
		t.Errorf("reason %q message %q", st.Reason, st.Message)
	}
	_ = time.Second
}

// An httpGet postStart hook reaches a server that is up, and fails against
// one still starting (connection refused).
func TestHTTPPostStartHook(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Lifecycle = &api.Lifecycle{PostStart: &api.LifecycleHandler{
		HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt(80)}}}
	e.create(p)
	e.tick(4)
	if s := summary(e.pod("web")); s != "Running Ready=True nginx=running/ready=true/restarts=0" {
		t.Errorf("up: %s", s)
	}
	e.reg.SetBehavior("nginx:1.27", images.Behavior{ReadyAfter: 10 * time.Second})
	q := nginxPod("slow", "node-1", "nginx:1.27")
	q.Spec.Containers[0].Lifecycle = p.Spec.Containers[0].Lifecycle
	e.create(q)
	e.tick(5)
	cs := e.pod("slow").Status.ContainerStatuses[0]
	want := `HTTP lifecycle hook (/) for Container "nginx" in Pod "slow_default(` + e.pod("slow").UID +
		`)" failed - error: Get "http://10.244.1.3:80/": dial tcp 10.244.1.3:80: connect: connection refused`
	if w := cs.State.Waiting; w == nil || w.Reason != "PostStartHookError" || w.Message != want {
		t.Errorf("slow: %s", mustJSON(cs.State))
	}
}

// The kubelet reports the generation it synced (KEP-5067): 1 while the pod
// runs, then 2 once it has seen the deletion, which bumps the generation;
// every condition it writes carries the same number.
func TestStatusObservesGeneration(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.25"))
	e.tick(5)
	check := func(when string, p *api.Pod, want int64) {
		t.Helper()
		if p.Generation != want || p.Status.ObservedGeneration != want {
			t.Errorf("%s: generation %d, observedGeneration %d, want both %d", when, p.Generation, p.Status.ObservedGeneration, want)
		}
		for _, c := range p.Status.Conditions {
			if c.ObservedGeneration != want {
				t.Errorf("%s: condition %s observedGeneration %d, want %d", when, c.Type, c.ObservedGeneration, want)
			}
		}
	}
	check("running", e.pod("web"), 1)
	w := e.watchPods()
	e.delete("web")
	e.tick(3)
	last, _ := lastStatus(t, w, "web")
	check("terminated", last, 2)
}

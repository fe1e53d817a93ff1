package kubelet

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

func httpProbe(path string, port api.IntOrString) *api.Probe {
	return &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: path, Port: port}}}
}

// A readiness probe that never succeeds keeps the pod Running but not
// Ready; every failed probe is an Unhealthy event.
func TestReadinessProbeKeepsPodUnready(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{NeverReady: true})
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].ReadinessProbe = httpProbe("/", api.FromString("http"))
	e.create(p)
	diff(t, "timeline", e.timeline("web", 35), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=False nginx=running/ready=false/restarts=0",
	})
	diff(t, "events", e.events("web")[4:], []string{
		"3 Warning Unhealthy: Readiness probe failed: HTTP probe failed with statuscode: 503 (x4, last 30)",
	})
	diff(t, "conditions", conditions(e.pod("web"))[2:], []string{
		"Ready=False@0 ContainersNotReady: containers with unready status: [nginx]",
		"ContainersReady=False@0 ContainersNotReady: containers with unready status: [nginx]",
		"PodScheduled=True@0",
	})
	if cs := e.pod("web").Status.ContainerStatuses[0]; !*cs.Started || cs.Ready {
		t.Errorf("started %v ready %v", *cs.Started, cs.Ready)
	}
}

// A slow start: connection refused until the app listens, then Ready at
// the first probe after.
func TestReadinessProbeSlowStart(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{ReadyAfter: 20 * time.Second})
	p := nginxPod("web", "node-1", "nginx:1.25")
	rp := httpProbe("/", api.FromInt(80))
	rp.InitialDelaySeconds, rp.PeriodSeconds = 5, 5
	p.Spec.Containers[0].ReadinessProbe = rp
	e.create(p)
	diff(t, "timeline", e.timeline("web", 30), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=False nginx=running/ready=false/restarts=0",
		"25 Running Ready=True nginx=running/ready=true/restarts=0",
	})
	diff(t, "events", e.events("web")[4:], []string{
		`10 Warning Unhealthy: Readiness probe failed: Get "http://10.244.1.2:80/": dial tcp 10.244.1.2:80: connect: connection refused (x3, last 20)`,
	})
}

// A server's probe that has succeeded answers from its memo (steady) until
// the process or the image's behaviour can change: a behaviour set while
// the pod is Ready fails the next probe on the pod's grid (tick 25), and
// the third failure (failureThreshold) makes it unready.
func TestSteadyProbeSeesABehaviourChange(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	rp := httpProbe("/", api.FromInt(80))
	rp.PeriodSeconds = 5
	p.Spec.Containers[0].ReadinessProbe = rp
	e.create(p)
	e.tick(22)
	if err := e.reg.SetBehavior("nginx:1.25", images.Behavior{NeverReady: true}); err != nil {
		t.Fatal(err)
	}
	diff(t, "timeline", e.timeline("web", 15), []string{
		"22 Running Ready=True nginx=running/ready=true/restarts=0",
		"35 Running Ready=False nginx=running/ready=false/restarts=0",
	})
	diff(t, "events", e.events("web")[4:], []string{
		"25 Warning Unhealthy: Readiness probe failed: HTTP probe failed with statuscode: 503 (x3, last 35)",
	})
}

// successThreshold and failureThreshold count consecutive results.
func TestReadinessThresholds(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{UnhealthyAfter: 30 * time.Second})
	p := nginxPod("web", "node-1", "nginx:1.25")
	rp := httpProbe("/", api.FromInt(80))
	rp.PeriodSeconds, rp.SuccessThreshold, rp.FailureThreshold = 5, 2, 2
	p.Spec.Containers[0].ReadinessProbe = rp
	e.create(p)
	diff(t, "timeline", e.timeline("web", 45), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=False nginx=running/ready=false/restarts=0",
		"5 Running Ready=True nginx=running/ready=true/restarts=0",
		"40 Running Ready=False nginx=running/ready=false/restarts=0",
	})
	diff(t, "events", e.events("web")[4:], []string{
		"35 Warning Unhealthy: Readiness probe failed: HTTP probe failed with statuscode: 500 (x3, last 45)",
	})
}

// The documentation's liveness-exec example: the file is removed after
// 30 s, three failed probes 5 s apart kill the container; busybox ignores
// SIGTERM, so it is killed when the 30 s grace period runs out (137), and
// restarted at once.
func TestLivenessFailureRestarts(t *testing.T) {
	e := newEnv(t, 1)
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "liveness-exec"}, Spec: api.PodSpec{NodeName: "node-1",
		Containers: []api.Container{{Name: "liveness", Image: "registry.k8s.io/busybox:1.27.2",
			Args: []string{"/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"},
			LivenessProbe: &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"cat", "/tmp/healthy"}}},
				InitialDelaySeconds: 5, PeriodSeconds: 5}}}}}
	e.create(p)
	diff(t, "timeline", e.timeline("liveness-exec", 80), []string{
		"0 Pending Ready=False liveness=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=True liveness=running/ready=true/restarts=0",
		"75 Running Ready=False liveness=terminated:Error(137)/ready=false/restarts=0",
		"76 Running Ready=True liveness=running/ready=true/restarts=1",
	})
	diff(t, "events", e.events("liveness-exec"), []string{
		`0 Normal Pulling: Pulling image "registry.k8s.io/busybox:1.27.2"`,
		`2 Normal Pulled: Successfully pulled image "registry.k8s.io/busybox:1.27.2" in 2s (2s including waiting). Image size: 1144547 bytes.`,
		`3 Normal Created: Container created (x2, last 76)`,
		`3 Normal Started: Container started (x2, last 76)`,
		`35 Warning Unhealthy: Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory (x3, last 45)`,
		`45 Normal Killing: Container liveness failed liveness probe, will be restarted`,
		`75 Normal Pulled: Container image "registry.k8s.io/busybox:1.27.2" already present on machine and can be accessed by the pod`,
	})
}

// Without a startup probe, a slow starter is killed by its liveness probe
// again and again; restarts soon meet the crash-loop back-off. With a
// startup probe the same container starts once.
func TestStartupProbeProtectsSlowStart(t *testing.T) {
	mk := func(name string, startup bool) *api.Pod {
		p := nginxPod(name, "node-1", "nginx:1.25")
		p.Spec.Containers[0].LivenessProbe = httpProbe("/", api.FromString("http"))
		if startup {
			sp := httpProbe("/", api.FromString("http"))
			sp.FailureThreshold = 30
			p.Spec.Containers[0].StartupProbe = sp
		}
		return p
	}
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{ReadyAfter: 40 * time.Second})
	e.create(mk("without", false))
	e.create(mk("with", true))
	without := e.timeline("without", 160)
	diff(t, "with a startup probe", e.events("with")[4:], []string{
		`10 Warning Unhealthy: Startup probe failed: Get "http://10.244.1.3:80/": dial tcp 10.244.1.3:80: connect: connection refused (x4, last 40)`,
	})
	if s := summary(e.pod("with")); s != "Running Ready=True nginx=running/ready=true/restarts=0" {
		t.Errorf("with: %s", s)
	}
	// The liveness ticks fall at 10, 20, 30, ... (the pod's grid): killed at
	// 30, 60, 90, 120, 150 (three failed probes after each start); the runs
	// of about 30 s outlast the back-off for four restarts, and after the
	// exit at 151 the crash-loop back-off holds the fifth past the end of
	// the timeline, as upstream's doBackOff does (it reads the latest exit).
	diff(t, "without a startup probe", without, []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=True nginx=running/ready=true/restarts=0",
		"31 Running Ready=False nginx=terminated:Completed(0)/ready=false/restarts=0",
		"32 Running Ready=True nginx=running/ready=true/restarts=1",
		"61 Running Ready=False nginx=terminated:Completed(0)/ready=false/restarts=1",
		"62 Running Ready=True nginx=running/ready=true/restarts=2",
		"91 Running Ready=False nginx=terminated:Completed(0)/ready=false/restarts=2",
		"92 Running Ready=True nginx=running/ready=true/restarts=3",
		"121 Running Ready=False nginx=terminated:Completed(0)/ready=false/restarts=3",
		"122 Running Ready=True nginx=running/ready=true/restarts=4",
		"151 Running Ready=False nginx=waiting:CrashLoopBackOff/ready=false/restarts=4",
	})
	// Every event is written: the spam filter's buckets are per type
	// (getSpamKey, client-go v0.37), and neither the 21 Normal nor the 16
	// Warning emissions exhaust a burst of 25.
	diff(t, "events without a startup probe", e.events("without")[2:], []string{
		`3 Normal Created: Container created (x5, last 122)`,
		`3 Normal Started: Container started (x5, last 122)`,
		`10 Warning Unhealthy: Liveness probe failed: Get "http://10.244.1.2:80/": dial tcp 10.244.1.2:80: connect: connection refused (x15, last 150)`,
		`30 Normal Killing: Container nginx failed liveness probe, will be restarted (x5, last 150)`,
		`31 Normal Pulled: Container image "nginx:1.25" already present on machine and can be accessed by the pod (x4, last 121)`,
		`151 Warning BackOff: Back-off restarting failed container nginx in pod without_default(` + string(e.pod("without").UID) + `)`,
	})
}

// A startup probe that keeps failing kills the container.
func TestStartupProbeFailureRestarts(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{ReadyAfter: time.Hour})
	p := nginxPod("web", "node-1", "nginx:1.25")
	sp := httpProbe("/", api.FromInt(80))
	sp.PeriodSeconds, sp.FailureThreshold = 5, 3
	p.Spec.Containers[0].StartupProbe = sp
	e.create(p)
	e.tick(20)
	evs := e.events("web")
	diff(t, "events", evs[4:], []string{
		`5 Warning Unhealthy: Startup probe failed: Get "http://10.244.1.2:80/": dial tcp 10.244.1.2:80: connect: connection refused (x4, last 20)`,
		`15 Normal Killing: Container nginx failed startup probe, will be restarted`,
		`16 Normal Pulled: Container image "nginx:1.25" already present on machine and can be accessed by the pod`,
	})
}

// Probe outcomes follow the image: a path nginx does not serve is a 404,
// a port nothing listens on is refused, a missing file fails `cat` with
// the coreutils wording.
func TestProbeMessages(t *testing.T) {
	e := newEnv(t, 1)
	p := nginxPod("web", "node-1", "nginx:1.25")
	p.Spec.Containers[0].ReadinessProbe = httpProbe("/healthz", api.FromInt(80))
	p.Spec.Containers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(8080)}},
		FailureThreshold: 100}
	e.create(p)
	q := nginxPod("exec", "node-1", "nginx:1.25")
	q.Spec.Containers[0].ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"cat", "/tmp/ready"}}}}
	q.Spec.Containers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{
		Command: []string{"cat", "/usr/share/nginx/html/index.html"}}}}
	e.create(q)
	e.tick(10)
	// Readiness runs when the container starts (the manual trigger) and at
	// 10; liveness, which has no manual trigger, first at 10.
	diff(t, "web", e.events("web")[4:], []string{
		"3 Warning Unhealthy: Readiness probe failed: HTTP probe failed with statuscode: 404 (x2, last 10)",
		"10 Warning Unhealthy: Liveness probe failed: dial tcp 10.244.1.2:8080: connect: connection refused",
	})
	diff(t, "exec", e.events("exec")[4:], []string{
		"3 Warning Unhealthy: Readiness probe failed: cat: /tmp/ready: No such file or directory (x2, last 10)",
	})
}

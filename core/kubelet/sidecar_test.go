package kubelet

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// sidecarPod: a native sidecar logs (nginx:1.25, which stops 1 s after
// SIGTERM) before a main container that sleeps for main seconds.
func sidecarPod(name string, policy api.RestartPolicy, main string) *api.Pod {
	always := api.ContainerRestartPolicyAlways
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name},
		Spec: api.PodSpec{
			NodeName:      "node-1",
			RestartPolicy: policy,
			InitContainers: []api.Container{{
				Name: "logs", Image: "nginx:1.25", RestartPolicy: &always,
			}},
			Containers: []api.Container{{Name: "main", Image: "busybox:1.36", Command: []string{"sh", "-c", "sleep " + main}}},
		},
	}
}

func (e *env) logTimeline(name string, n int) []string {
	e.t.Helper()
	out := e.timeline(name, n)
	for _, l := range out {
		e.t.Log(l)
	}
	return out
}

// The sidecar starts first; the main container waits for the relist that
// sees it running (T+1); a regular init container before it runs to
// completion first.
func TestSidecarStartsBeforeMainContainers(t *testing.T) {
	e := newEnv(t, 1)
	p := sidecarPod("web", api.RestartPolicyAlways, "infinity")
	p.Spec.InitContainers = append([]api.Container{{Name: "init", Image: "busybox:1.36", Command: []string{"sh", "-c", "sleep 2"}}}, p.Spec.InitContainers...)
	e.create(p)
	diff(t, "timeline", e.logTimeline("web", 12), []string{
		"0 Pending Ready=False init=waiting:PodInitializing/ready=false/restarts=0 logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"3 Pending Ready=False init=running/ready=false/restarts=0 logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"5 Pending Ready=False init=terminated:Completed(0)/ready=true/restarts=0 logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"9 Pending Ready=False init=terminated:Completed(0)/ready=true/restarts=0 logs=running/ready=true/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"11 Running Ready=True init=terminated:Completed(0)/ready=true/restarts=0 logs=running/ready=true/restarts=0 main=running/ready=true/restarts=0",
	})
	var calls []string
	for _, c := range e.kubelets["node-1"].CRILog(e.pod("web")) {
		if c.Call == "StartContainer" || c.Call == "PullImage" {
			calls = append(calls, itoa(c.Tick)+" "+c.Call+" "+c.Container)
		}
	}
	// init exits at 5, seen at 6; nginx pulls 6..8 and starts at 9, seen
	// running at 10, when main (busybox, cached by init's pull) starts,
	// running at 11.
	diff(t, "CRI calls", calls, []string{"0 PullImage init", "3 StartContainer init", "6 PullImage logs", "9 StartContainer logs", "11 StartContainer main"})
}

// A sidecar with a startup probe holds the next container until the probe
// succeeds; readiness does not hold it.
func TestSidecarStartupProbeHoldsMainContainers(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{ReadyAfter: 12 * time.Second})
	p := sidecarPod("web", api.RestartPolicyAlways, "infinity")
	p.Spec.InitContainers[0].StartupProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}},
		PeriodSeconds: 5, FailureThreshold: 10, SuccessThreshold: 1, TimeoutSeconds: 1}
	e.create(p)
	got := e.logTimeline("web", 20)
	diff(t, "timeline", got, []string{
		"0 Pending Ready=False logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"3 Pending Ready=False logs=running/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		// started at 3, listening from 15; the probe runs at 5, 10, 15,
		// and its success starts main at once: a pull of 2 s, a start of 1 s.
		"15 Pending Ready=False logs=running/ready=true/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"18 Running Ready=True logs=running/ready=true/restarts=0 main=running/ready=true/restarts=0",
	})
}

// A sidecar that exits is shown terminated, restarted a PLEG relist
// later with no back-off the first time, then under the crash-loop
// back-off, whatever the pod's restartPolicy.
func TestSidecarCrashRestarts(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{CrashAfter: 5 * time.Second, ExitCode: 1})
	e.create(sidecarPod("job", api.RestartPolicyNever, "60"))
	diff(t, "timeline", e.logTimeline("job", 30), []string{
		"0 Pending Ready=False logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"3 Pending Ready=False logs=running/ready=true/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"7 Running Ready=True logs=running/ready=true/restarts=0 main=running/ready=true/restarts=0",
		"8 Running Ready=False logs=terminated:Error(1)/ready=false/restarts=0 main=running/ready=true/restarts=0",
		"10 Running Ready=True logs=running/ready=true/restarts=1 main=running/ready=true/restarts=0",
		"15 Running Ready=False logs=terminated:Error(1)/ready=false/restarts=1 main=running/ready=true/restarts=0",
		"16 Running Ready=False logs=waiting:CrashLoopBackOff/ready=false/restarts=1 main=running/ready=true/restarts=0",
		"26 Running Ready=True logs=running/ready=true/restarts=2 main=running/ready=true/restarts=0",
	})
	diff(t, "events", e.eventsWith("job", "BackOff", "Started"), []string{
		"3 Normal Started: Container started (x3, last 26)",
		"7 Normal Started: Container started",
		"16 Warning BackOff: Back-off restarting failed container logs in pod job_default(" + e.pod("job").UID + ")",
	})
}

// eventsWith is events(pod) less the lines that contain none of words.
func (e *env) eventsWith(pod string, words ...string) []string {
	var out []string
	for _, ev := range e.events(pod) {
		for _, w := range words {
			if strings.Contains(ev, w) {
				out = append(out, ev)
				break
			}
		}
	}
	return out
}

// Once the main container of a restartPolicy Never pod has finished, the
// sidecar is stopped (KillPod) and not started again; the pod is Running
// until it stopped, then Succeeded by its main container alone.
func TestSidecarDoesNotBlockCompletion(t *testing.T) {
	e := newEnv(t, 1)
	e.create(sidecarPod("job", api.RestartPolicyNever, "10"))
	w := e.watchPods()
	diff(t, "timeline", e.logTimeline("job", 20), []string{
		"0 Pending Ready=False logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"3 Pending Ready=False logs=running/ready=true/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"7 Running Ready=True logs=running/ready=true/restarts=0 main=running/ready=true/restarts=0",
		"17 Running Ready=False logs=running/ready=true/restarts=0 main=terminated:Completed(0)/ready=false/restarts=0",
		"18 Succeeded Ready=False logs=terminated:Completed(0)/ready=false/restarts=0 main=terminated:Completed(0)/ready=false/restarts=0",
	})
	last, _ := lastStatus(t, w, "job")
	diff(t, "final conditions", conditions(last), []string{
		"PodReadyToStartContainers=False@18",
		"Initialized=True@3 PodCompleted: ",
		"Ready=False@17 PodCompleted: ",
		"ContainersReady=False@17 PodCompleted: ",
		"PodScheduled=True@0",
	})
	evs := e.events("job")
	diff(t, "last event", evs[len(evs)-1:], []string{"17 Normal Killing: Stopping container logs"})
}

// A deleted pod's main containers get SIGTERM at once; each sidecar waits
// for them and for the sidecars after it, then gets what is left of the
// grace period. Every Killing event is at the deletion.
func TestSidecarsStopAfterMainContainersInReverse(t *testing.T) {
	e := newEnv(t, 1)
	p := sidecarPod("web", api.RestartPolicyAlways, "infinity")
	always := api.ContainerRestartPolicyAlways
	p.Spec.InitContainers = append(p.Spec.InitContainers, api.Container{Name: "proxy", Image: "nginx:1.25", RestartPolicy: &always})
	p.Spec.Containers[0] = api.Container{Name: "app", Image: "nginx:1.25"}
	p = e.create(p)
	e.tick(10)
	e.delete("web")
	diff(t, "timeline", e.logTimeline("web", 5), []string{
		"10 Running Ready=True logs=running/ready=true/restarts=0 proxy=running/ready=true/restarts=0 app=running/ready=true/restarts=0 Terminating",
		"11 Running Ready=False logs=running/ready=true/restarts=0 proxy=running/ready=true/restarts=0 app=terminated:Completed(0)/ready=false/restarts=0 Terminating",
		"12 Running Ready=False logs=running/ready=true/restarts=0 proxy=terminated:Completed(0)/ready=false/restarts=0 app=terminated:Completed(0)/ready=false/restarts=0 Terminating",
		"13 <gone>",
	})
	var calls []string
	for _, c := range e.kubelets["node-1"].CRILog(p) {
		if c.Call == "StopContainer" {
			calls = append(calls, itoa(c.Tick)+" "+c.Container+" "+c.Detail[14:])
		}
	}
	diff(t, "StopContainer", calls, []string{"10 app timeout=30s", "11 proxy timeout=29s", "12 logs timeout=28s"})
	evs := e.events("web")
	diff(t, "Killing events", evs[len(evs)-3:], []string{
		"10 Normal Killing: Stopping container app",
		"10 Normal Killing: Stopping container proxy",
		"10 Normal Killing: Stopping container logs",
	})
}

// A sidecar's wait for its turn is bounded by the grace period: when the
// main container ignores SIGTERM, the sidecar gets SIGTERM with the 2 s
// minimum as the main container is SIGKILLed.
func TestSidecarTurnBoundedByGracePeriod(t *testing.T) {
	e := newEnv(t, 1)
	p := sidecarPod("web", api.RestartPolicyAlways, "infinity")
	grace := int64(10)
	p.Spec.TerminationGracePeriodSeconds = &grace
	p = e.create(p)
	e.tick(10)
	e.delete("web")
	e.tick(15)
	var calls []string
	for _, c := range e.kubelets["node-1"].CRILog(p) {
		switch c.Call {
		case "StopContainer":
			calls = append(calls, itoa(c.Tick)+" stop "+c.Container+" "+c.Detail[14:])
		case "ContainerStatus":
			calls = append(calls, itoa(c.Tick)+" "+c.Container+" "+c.Detail)
		}
	}
	// At 20 the sidecar's wait times out as main is SIGKILLed (upstream's
	// timer and StopContainer race there too).
	diff(t, "CRI", calls, []string{"10 stop main timeout=10s", "20 stop logs timeout=2s", "20 main exited code=137", "21 logs exited code=0"})
}

// A sidecar that fails its liveness probe is killed with upstream's
// message (no ", will be restarted") and started again once stopped.
func TestSidecarLivenessRestart(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{UnhealthyAfter: 10 * time.Second})
	p := sidecarPod("web", api.RestartPolicyAlways, "infinity")
	p.Spec.InitContainers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt(80)}},
		PeriodSeconds: 5, FailureThreshold: 2, SuccessThreshold: 1, TimeoutSeconds: 1}
	e.create(p)
	diff(t, "timeline", e.logTimeline("web", 30), []string{
		"0 Pending Ready=False logs=waiting:PodInitializing/ready=false/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"3 Pending Ready=False logs=running/ready=true/restarts=0 main=waiting:PodInitializing/ready=false/restarts=0",
		"7 Running Ready=True logs=running/ready=true/restarts=0 main=running/ready=true/restarts=0",
		// Unhealthy from 13; the probe fails at 15 and 20 (threshold 2):
		// killed at 20, stopped at 21 and started again in the same sync.
		"21 Running Ready=False logs=terminated:Completed(0)/ready=false/restarts=0 main=running/ready=true/restarts=0",
		"22 Running Ready=True logs=running/ready=true/restarts=1 main=running/ready=true/restarts=0",
	})
	diff(t, "events", e.eventsWith("web", "Killing", "Unhealthy"), []string{
		"15 Warning Unhealthy: Liveness probe failed: HTTP probe failed with statuscode: 500 (x2, last 20)",
		"20 Normal Killing: Init container logs failed liveness probe",
	})
	if rc := e.pod("web").Status.InitContainerStatuses[0].RestartCount; rc != 1 {
		t.Errorf("restartCount %d, want 1", rc)
	}
}

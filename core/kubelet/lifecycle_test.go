package kubelet

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

var containerIDRe = regexp.MustCompile(`^containerd://[0-9a-f]{64}$`)

// A good image: Pending with ContainerCreating while the image is pulled
// (2 s) and the container started (1 s), then Running and Ready.
func TestGoodImageStartsAtExactTicks(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.16.1"))
	p := e.pod("web")
	if p.Status.PodIP != "10.244.1.2" || p.Status.HostIP != "172.18.0.2" || tick(p.Status.StartTime.Time) != 0 {
		t.Errorf("tick 0: podIP %q hostIP %q startTime %v", p.Status.PodIP, p.Status.HostIP, p.Status.StartTime)
	}
	wantConds := []string{
		"PodReadyToStartContainers=True@0",
		"Initialized=True@0",
		"Ready=False@0 ContainersNotReady: containers with unready status: [nginx]",
		"ContainersReady=False@0 ContainersNotReady: containers with unready status: [nginx]",
		"PodScheduled=True@0",
	}
	diff(t, "conditions at tick 0", conditions(p), wantConds)

	diff(t, "timeline", e.timeline("web", 5), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=True nginx=running/ready=true/restarts=0",
	})
	diff(t, "events", e.events("web"), []string{
		`0 Normal Pulling: Pulling image "nginx:1.16.1"`,
		`2 Normal Pulled: Successfully pulled image "nginx:1.16.1" in 2s (2s including waiting). Image size: 51030575 bytes.`,
		`3 Normal Created: Container created`,
		`3 Normal Started: Container started`,
	})
	p = e.pod("web")
	diff(t, "conditions at tick 5", conditions(p), []string{
		"PodReadyToStartContainers=True@0",
		"Initialized=True@0",
		"Ready=True@3",
		"ContainersReady=True@3",
		"PodScheduled=True@0",
	})
	cs := p.Status.ContainerStatuses[0]
	if cs.Image != "docker.io/library/nginx:1.16.1" ||
		cs.ImageID != "docker.io/library/nginx@sha256:d20aa6d1cae56fd17cd458f4807e0de462caf2336f0b70b5eeb69fcaaf30dd9c" ||
		!containerIDRe.MatchString(cs.ContainerID) || cs.Started == nil || !*cs.Started || !cs.Ready ||
		tick(cs.State.Running.StartedAt.Time) != 3 {
		t.Errorf("container status: %s", mustJSON(cs))
	}
	evs, _, _ := apiserver.ListAs[*api.Event](e.c.API, "default", nil)
	for _, ev := range evs {
		if ev.InvolvedObject.Name == "web" && (ev.Source.Component != "kubelet" || ev.Source.Host != "node-1" || ev.ReportingComponent != "kubelet") {
			t.Errorf("event source %+v, reporting %q", ev.Source, ev.ReportingComponent)
		}
	}
	cri := e.kubelets["node-1"].CRILog(p)
	var calls []string
	for _, c := range cri {
		calls = append(calls, strings.TrimSpace(strings.Join([]string{itoa(c.Tick), c.Call, c.Container}, " ")))
	}
	diff(t, "CRI calls", calls, []string{"0 RunPodSandbox", "0 PullImage nginx", "3 CreateContainer nginx", "3 StartContainer nginx"})
}

// An image already on the node is not pulled again; a second pod gets the
// next address of the node's range.
func TestCachedImageSkipsThePull(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("first", "node-1", "nginx:1.16.1"))
	e.tick(5)
	e.create(nginxPod("second", "node-1", "nginx:1.16.1"))
	diff(t, "timeline", e.timeline("second", 3), []string{
		"5 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"6 Running Ready=True nginx=running/ready=true/restarts=0",
	})
	diff(t, "events", e.events("second"), []string{
		`5 Normal Pulled: Container image "nginx:1.16.1" already present on machine and can be accessed by the pod`,
		`6 Normal Created: Container created`,
		`6 Normal Started: Container started`,
	})
	if ip := e.pod("second").Status.PodIP; ip != "10.244.1.3" {
		t.Errorf("second pod IP %q, want 10.244.1.3", ip)
	}
}

// imagePullPolicy: Always pulls even a cached image; Never never pulls.
func TestImagePullPolicies(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("warm", "node-1", "nginx:1.25"))
	e.tick(4)
	always := nginxPod("always", "node-1", "nginx:1.25")
	always.Spec.Containers[0].ImagePullPolicy = api.PullAlways
	e.create(always)
	never := nginxPod("never", "node-1", "nginx:1.27")
	never.Spec.Containers[0].ImagePullPolicy = api.PullNever
	e.create(never)
	neverCached := nginxPod("never-cached", "node-1", "nginx:1.25")
	neverCached.Spec.Containers[0].ImagePullPolicy = api.PullNever
	e.create(neverCached)
	e.tick(12)
	diff(t, "Always", e.events("always"), []string{
		`4 Normal Pulling: Pulling image "nginx:1.25"`,
		`5 Normal Pulled: Successfully pulled image "nginx:1.25" in 1s (1s including waiting). Image size: 70544635 bytes.`,
		`6 Normal Created: Container created`,
		`6 Normal Started: Container started`,
	})
	// Each failing sync emits both events; the sandbox's PLEG event syncs
	// the pod again at 5, then the worker's 10 s back-off at 15.
	diff(t, "Never, absent", e.events("never"), []string{
		`4 Warning ErrImageNeverPull: Container image "nginx:1.27" is not present with pull policy of Never (x3, last 15)`,
		`4 Warning Failed: Error: ErrImageNeverPull (x3, last 15)`,
	})
	cs := e.pod("never").Status.ContainerStatuses[0]
	if w := cs.State.Waiting; w == nil || w.Reason != "ErrImageNeverPull" ||
		w.Message != `Container image "nginx:1.27" is not present with pull policy of Never` {
		t.Errorf("Never: %s", mustJSON(cs.State))
	}
	diff(t, "Never, present", e.events("never-cached")[:1], []string{
		`4 Normal Pulled: Container image "nginx:1.25" already present on machine and can be accessed by the pod`,
	})
}

// A tag that does not exist: ErrImagePull at each attempt, ImagePullBackOff
// at the syncs in between (every 10 s, the first one a second after the
// first attempt, when the sandbox's PLEG event wakes the worker).
// Attempts come at the first sync at or after the back-off's expiry: 0,
// 11, 31, 71, 151, 311, 611, 911, 1211.
func TestBadTagBacksOff(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.161"))
	notFound := `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.161": ` +
		`failed to resolve reference "docker.io/library/nginx:1.161": docker.io/library/nginx:1.161: not found`
	p := e.pod("web")
	if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "ErrImagePull" || w.Message != notFound {
		t.Fatalf("tick 0: %s", mustJSON(p.Status.ContainerStatuses[0].State))
	}
	var attempts []int64
	lastReason := ""
	var reasons []string
	for e.c.CurrentTick() < 1300 {
		cs := e.pod("web").Status.ContainerStatuses[0]
		if r := cs.State.Waiting.Reason; r != lastReason {
			reasons = append(reasons, itoa(e.c.CurrentTick())+" "+r)
			lastReason = r
			if r == "ErrImagePull" {
				attempts = append(attempts, e.c.CurrentTick())
			}
		}
		e.tick(1)
	}
	var gaps []string
	for i := 1; i < len(attempts); i++ {
		gaps = append(gaps, itoa(attempts[i]-attempts[i-1]))
	}
	diff(t, "gaps between pulls", gaps, []string{"11", "20", "40", "80", "160", "300", "300", "300"})
	diff(t, "first reasons", reasons[:6], []string{"0 ErrImagePull", "1 ImagePullBackOff", "11 ErrImagePull", "21 ImagePullBackOff", "31 ErrImagePull", "41 ImagePullBackOff"})
	cs := e.pod("web").Status.ContainerStatuses[0]
	if w := cs.State.Waiting; w.Message != `Back-off pulling image "nginx:1.161": ErrImagePull: `+notFound {
		t.Errorf("back-off message: %q", w.Message)
	}
	if s := summary(e.pod("web")); !strings.HasPrefix(s, "Pending Ready=False") {
		t.Errorf("pod: %s", s)
	}
	// Three events per attempt (Pulling Normal, both failures Warning), two
	// per back-off sync (BackOff Normal, ImagePullBackOff Warning). The
	// recorder's spam filter has a bucket per type (getSpamKey: source,
	// object, type; 25 events, then one per 5 minutes, every emission
	// counted; see core/sim TestImagePullBackOffEventsForTenMinutes): each
	// type is written in full through the attempt at 151 and the syncs
	// just after it, then one event of each type at the first sync at or
	// after each 300 s: the BackOff and the ImagePullBackOff at 301, 601,
	// 901, 1201, which come before the attempts at 311, 611, ....
	// Their count at 1201 is every back-off sync so far: 1+1+3+7+15 = 27
	// up to 301, then 29 per 300 s back-off: 27+3*29 = 114.
	evs := e.events("web")
	diff(t, "events", evs, []string{
		`0 Normal Pulling: Pulling image "nginx:1.161" (x5, last 151)`,
		`0 Warning Failed: Failed to pull image "nginx:1.161": ` + notFound + ` (x5, last 151)`,
		`0 Warning Failed: Error: ErrImagePull (x5, last 151)`,
		`1 Normal BackOff: Back-off pulling image "nginx:1.161" (x114, last 1201)`,
		`1 Warning Failed: Error: ImagePullBackOff (x114, last 1201)`,
	})
}

// A repository that does not exist answers like Docker Hub does; the code
// Unknown is not shown (kubernetes#117612).
func TestUnknownRepository(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginxx"))
	want := `failed to pull and unpack image "docker.io/library/nginxx:latest": failed to resolve reference ` +
		`"docker.io/library/nginxx:latest": pull access denied, repository does not exist or may require authorization: ` +
		`server message: insufficient_scope: authorization failed`
	diff(t, "events", e.events("web")[:3], []string{
		`0 Normal Pulling: Pulling image "nginxx"`,
		`0 Warning Failed: Failed to pull image "nginxx": ` + want,
		`0 Warning Failed: Error: ErrImagePull`,
	})
}

// A container that exits with 1 after 5 s: Error, an immediate restart,
// then CrashLoopBackOff with back-offs of 10, 20, 40 … s.
func TestCrashLoopBackOff(t *testing.T) {
	e := newEnv(t, 1)
	if err := e.reg.SetBehavior("nginx:1.25", images.Behavior{CrashAfter: 5 * time.Second}); err != nil {
		t.Fatal(err)
	}
	e.create(nginxPod("web", "node-1", "nginx:1.25"))
	diff(t, "timeline", e.timeline("web", 100), []string{
		"0 Pending Ready=False nginx=waiting:ContainerCreating/ready=false/restarts=0",
		"3 Running Ready=True nginx=running/ready=true/restarts=0",
		"8 Running Ready=False nginx=terminated:Error(1)/ready=false/restarts=0",
		"10 Running Ready=True nginx=running/ready=true/restarts=1",
		"15 Running Ready=False nginx=terminated:Error(1)/ready=false/restarts=1",
		"16 Running Ready=False nginx=waiting:CrashLoopBackOff/ready=false/restarts=1",
		"26 Running Ready=True nginx=running/ready=true/restarts=2",
		"31 Running Ready=False nginx=terminated:Error(1)/ready=false/restarts=2",
		"32 Running Ready=False nginx=waiting:CrashLoopBackOff/ready=false/restarts=2",
		"52 Running Ready=True nginx=running/ready=true/restarts=3",
		"57 Running Ready=False nginx=terminated:Error(1)/ready=false/restarts=3",
		"58 Running Ready=False nginx=waiting:CrashLoopBackOff/ready=false/restarts=3",
		"98 Running Ready=True nginx=running/ready=true/restarts=4",
	})
	p := e.pod("web")
	uid := p.UID
	diff(t, "events", e.events("web"), []string{
		`0 Normal Pulling: Pulling image "nginx:1.25"`,
		`2 Normal Pulled: Successfully pulled image "nginx:1.25" in 2s (2s including waiting). Image size: 70544635 bytes.`,
		`3 Normal Created: Container created (x5, last 98)`,
		`3 Normal Started: Container started (x5, last 98)`,
		`9 Normal Pulled: Container image "nginx:1.25" already present on machine and can be accessed by the pod (x4, last 97)`,
		`16 Warning BackOff: Back-off restarting failed container nginx in pod web_default(` + uid + `) (x3, last 58)`,
	})
	e.tick(5) // crashes again at 103
	cs := e.pod("web").Status.ContainerStatuses[0]
	if w := cs.State.Waiting; w == nil || w.Message != "back-off 1m20s restarting failed container=nginx pod=web_default("+uid+")" {
		t.Errorf("waiting: %s", mustJSON(cs.State))
	}
	if lt := cs.LastTerminationState.Terminated; lt == nil || lt.ExitCode != 1 || lt.Reason != "Error" ||
		tick(lt.StartedAt.Time) != 98 || tick(lt.FinishedAt.Time) != 103 || lt.ContainerID != cs.ContainerID {
		t.Errorf("lastState: %s", mustJSON(cs.LastTerminationState))
	}
}

// The back-off caps at 5 minutes.
func TestCrashLoopBackOffCaps(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{CrashAfter: time.Second})
	e.create(nginxPod("web", "node-1", "nginx:1.25"))
	var msgs []string
	last := ""
	for e.c.CurrentTick() < 1500 {
		if w := e.pod("web").Status.ContainerStatuses[0].State.Waiting; w != nil && w.Reason == "CrashLoopBackOff" {
			m := strings.Fields(w.Message)[1]
			if m != last {
				msgs = append(msgs, m)
				last = m
			}
		}
		e.tick(1)
	}
	diff(t, "back-offs", msgs, []string{"10s", "20s", "40s", "1m20s", "2m40s", "5m0s"})
}

func conditions(p *api.Pod) []string {
	var out []string
	for _, c := range p.Status.Conditions {
		s := string(c.Type) + "=" + string(c.Status) + "@" + itoa(tick(c.LastTransitionTime.Time))
		if c.Reason != "" {
			s += " " + c.Reason + ": " + c.Message
		}
		out = append(out, s)
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

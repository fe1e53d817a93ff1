package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// backOffEnv is a standard cluster with one pod, created at second 0, and
// helpers that read its events and status in seconds since then.
type backOffEnv struct {
	t     *testing.T
	s     *Sim
	start time.Time
	name  string
}

func newBackOffEnv(t *testing.T, image string, b images.Behavior) *backOffEnv {
	t.Helper()
	s, err := New(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Registry.SetBehavior(image, b); err != nil {
		t.Fatal(err)
	}
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}}}
	if _, err := s.API.Create(pod); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	return &backOffEnv{t: t, s: s, start: s.Now(), name: "web"}
}

func (e *backOffEnv) sec() int { return int(e.s.Now().Sub(e.start) / time.Second) }

func (e *backOffEnv) tick() {
	e.t.Helper()
	if err := e.s.Tick(); err != nil {
		e.t.Fatal(err)
	}
}

func (e *backOffEnv) status() api.ContainerStatus {
	e.t.Helper()
	p, err := apiserver.GetAs[*api.Pod](e.s.API, "default", e.name)
	if err != nil {
		e.t.Fatal(err)
	}
	return p.Status.ContainerStatuses[0]
}

// event returns "xCOUNT first F last L" for the pod's event with reason
// and message prefix, or "" if there is none.
func (e *backOffEnv) event(reason, prefix string) string {
	e.t.Helper()
	evs, _, err := apiserver.ListAs[*api.Event](e.s.API, "default", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, ev := range evs {
		if ev.InvolvedObject.Name == e.name && ev.Reason == reason && strings.HasPrefix(ev.Message, prefix) {
			return fmt.Sprintf("x%d first %d last %d", ev.Count,
				int(ev.FirstTimestamp.Sub(e.start)/time.Second), int(ev.LastTimestamp.Sub(e.start)/time.Second))
		}
	}
	return ""
}

func (e *backOffEnv) want(what, got, want string) {
	e.t.Helper()
	if got != want {
		e.t.Errorf("at %d s: %s = %q, want %q", e.sec(), what, got, want)
	}
}

// TestCrashLoopBackOffEventsForTenMinutes: a container that exits 5 s
// after each start. The kubelet's model (doc.go):
//
//   - pulled at 2 s, running at 3 s, exits at 8 s; the PLEG relist at 9 s
//     restarts it at once (no back-off entry yet; doBackOff's Next starts
//     one at 10 s); running at 10 s (starts take 1 s);
//   - each later exit E is seen at E+1, where doBackOff finds the back-off
//     B and emits BackOff; the sync's error carries the expiry E+B
//     (kubernetes#133066), so the pod worker syncs again at E+B, or 60 s
//     later (resyncInterval) if that is sooner, emitting BackOff again at
//     each sync still inside the back-off; the restart is at E+B, running
//     one second later:
//     B=10 s:  exit 15,  BackOff 16,            restart 25,  running 26
//     B=20 s:  exit 31,  BackOff 32,            restart 51,  running 52
//     B=40 s:  exit 57,  BackOff 58,            restart 97,  running 98
//     B=80 s:  exit 103, BackOff 104, 164,      restart 183, running 184
//     B=160 s: exit 189, BackOff 190, 250, 310, restart 349, running 350
//     B=300 s: exit 355, BackOff 356, 416, 476, 536, 596, restart 655,
//     running 656; exit 661, BackOff 662, 722, 782, 842, 902, restart 961.
//
// The recorder (core/controller/recorder.go) counts every emission, then
// lets the pod's kubelet bucket (25 tokens, one more every 300 s, shared
// by all its events about the pod) decide which are written. The pod's
// events in order: Pulling 0, Pulled 2, Created+Started 3, then per
// restart "Pulled (already present)" at the restart, Created+Started a
// second later: 9,10,10 / 25,26,26 / 51,52,52 / 97,98,98 / 183,184,184,
// interleaved with the BackOffs above. The n-th write (n from 1) at t
// needs 25 + t/300 - (n-1) >= 1:
//
//   - events 1..25 (through BackOff at 190: 24 before it, 25 + 190/300 -
//     24 >= 1) are all written;
//   - BackOff at 250 (25 + 250/300 - 25 < 1) is dropped; BackOff at 310
//     is the 26th write (25 + 310/300 - 25 >= 1), with count 8: the
//     emissions at 16, 32, 58, 104, 164, 190, 250 and 310;
//   - the 27th write needs t >= 600: the Pulled at 655. Until then
//     kubectl shows BackOff x8, last seen at 310 s;
//   - the 28th needs t >= 900: BackOff at 902, count 8 + 5 (356 … 596) +
//     5 (662 … 902) = 18.
//
// The kubelet before this model emitted BackOff once per back-off (16,
// 32, 58, 104, 190, 356): x5, last 190, at 600 s.
func TestCrashLoopBackOffEventsForTenMinutes(t *testing.T) {
	e := newBackOffEnv(t, "nginx:crash", images.Behavior{CrashAfter: 5 * time.Second})
	var running []int
	lastID := ""
	for e.sec() < 600 {
		e.tick()
		if cs := e.status(); cs.State.Running != nil && cs.ContainerID != lastID {
			running = append(running, e.sec())
			lastID = cs.ContainerID
		}
	}
	if want := []int{3, 10, 26, 52, 98, 184, 350}; !slices.Equal(running, want) {
		t.Errorf("running at %v, want %v", running, want)
	}
	e.want("restartCount", fmt.Sprint(e.status().RestartCount), "6")
	e.want("BackOff", e.event("BackOff", "Back-off restarting failed container nginx"), "x8 first 16 last 310")
	e.want("Created", e.event("Created", ""), "x6 first 3 last 184")
	got := kubectl.Run(e.s, "kubectl describe pod web", kubectl.Input{}).Output
	if !strings.Contains(got, "Warning  BackOff    4m50s (x8 over 9m44s)  kubelet            spec.containers{nginx}: Back-off restarting failed container nginx in pod web_default(") {
		t.Errorf("kubectl describe pod:\n%s", got)
	}
	for e.sec() < 905 {
		e.tick()
	}
	e.want("BackOff", e.event("BackOff", "Back-off restarting failed container nginx"), "x18 first 16 last 902")
	e.want("restartCount", fmt.Sprint(e.status().RestartCount), "7")
}

// TestImagePullBackOffEventsForTenMinutes: an image whose tag does not
// exist. The model (doc.go): every pull attempt emits Pulling, Failed
// ("Failed to pull image …") and Failed ("Error: ErrImagePull"), and
// moves the image back-off on (10 s, doubling to 300 s, from the attempt);
// every sync that meets the back-off emits BackOff ("Back-off pulling
// image …") and Failed ("Error: ImagePullBackOff"). Both errors carry no
// expiry, so the pod worker syncs again 10 s later (backOffPeriod); only
// after the first attempt does the PLEG relist that sees the new sandbox
// wake it sooner, at 1 s. An attempt happens at the first sync at or
// after the back-off's expiry:
//
//	attempt 0   (10 s):  back-off sync 1;                    next sync 11
//	attempt 11  (20 s):  back-off sync 21;                   attempt 31
//	attempt 31  (40 s):  back-off syncs 41, 51, 61;          attempt 71
//	attempt 71  (80 s):  back-off syncs 81 … 141 (7);        attempt 151
//	attempt 151 (160 s): back-off syncs 161 … 301 (15);      attempt 311
//	attempt 311 (300 s): back-off syncs 321 … 601 (29);      attempt 611
//
// The recorder (see the crash-loop test): the events in order are 3 at
// 0, 2 at 1, 3 at 11, 2 at 21, 3 at 31, 2 at 41, 51, 61, 3 at 71, 2 at 81:
// 24, all written. At 91 the BackOff is the 25th write (25 + 91/300 - 24
// >= 1) and its Failed is dropped (25 + 91/300 - 25 < 1). The 26th write
// needs t >= 300: the BackOff at 301 (it comes before its Failed), count
// 1 + 1 + 3 + 7 + 15 = 27. The 27th needs t >= 600: the BackOff at 601,
// count 27 + 29 = 56. So at 600 s: BackOff x27 (last 301), "Error:
// ImagePullBackOff" x6 (1, 21, 41, 51, 61, 81; last 81), Pulling and both
// pull failures x4 (0, 11, 31, 71; last 71).
//
// The kubelet before this model emitted BackOff once per back-off, a
// second after each attempt, with attempts at 0, 10, 30, 70, ….
func TestImagePullBackOffEventsForTenMinutes(t *testing.T) {
	e := newBackOffEnv(t, "nginx:1.161", images.Behavior{Missing: true})
	var reasons []string
	last := ""
	for {
		if r := e.status().State.Waiting.Reason; r != last {
			reasons = append(reasons, fmt.Sprint(e.sec(), " ", r))
			last = r
		}
		if e.sec() == 600 {
			break
		}
		e.tick()
	}
	want := []string{"0 ErrImagePull", "1 ImagePullBackOff", "11 ErrImagePull", "21 ImagePullBackOff",
		"31 ErrImagePull", "41 ImagePullBackOff", "71 ErrImagePull", "81 ImagePullBackOff",
		"151 ErrImagePull", "161 ImagePullBackOff", "311 ErrImagePull", "321 ImagePullBackOff"}
	if !slices.Equal(reasons, want) {
		t.Errorf("waiting reasons:\n got %q\nwant %q", reasons, want)
	}
	e.want("BackOff", e.event("BackOff", `Back-off pulling image "nginx:1.161"`), "x27 first 1 last 301")
	e.want("Failed ImagePullBackOff", e.event("Failed", "Error: ImagePullBackOff"), "x6 first 1 last 81")
	e.want("Failed ErrImagePull", e.event("Failed", "Error: ErrImagePull"), "x4 first 0 last 71")
	e.want("Failed to pull", e.event("Failed", "Failed to pull image"), "x4 first 0 last 71")
	e.want("Pulling", e.event("Pulling", ""), "x4 first 0 last 71")
	got := kubectl.Run(e.s, "kubectl describe pod web", kubectl.Input{}).Output
	for _, line := range []string{
		`Normal   BackOff    4m59s (x27 over 9m59s)  kubelet            spec.containers{nginx}: Back-off pulling image "nginx:1.161"`,
		`Warning  Failed     8m39s (x6 over 9m59s)   kubelet            spec.containers{nginx}: Error: ImagePullBackOff`,
	} {
		if !strings.Contains(got, line) {
			t.Errorf("kubectl describe pod: no %q in\n%s", line, got)
		}
	}
	e.tick()
	e.want("BackOff", e.event("BackOff", `Back-off pulling image "nginx:1.161"`), "x56 first 1 last 601")
}

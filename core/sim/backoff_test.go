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
// lets a bucket of the pod's kubelet decide which are written: 25 tokens,
// one more every 300 s, one bucket per event type (getSpamKey is source,
// object and type, client-go v0.37). The n-th write of a type (n from 1)
// at t needs 25 + t/300 - (n-1) >= 1, so about 25 writes of each type fit
// in the first 300 s.
//
//   - Normal: Pulling 0, Pulled 2, Created+Started 3, then per restart
//     "Pulled (already present)" at the restart and Created+Started a
//     second later: 9,10,10 / 25,26,26 / 51,52,52 / 97,98,98 / 183,184,184
//     / 349,350,350: 22 writes by 600 s, all within the burst, so Created
//     shows x7, last 350;
//   - Warning: the BackOffs above, 13 by 600 s (16 … 596), all written:
//     BackOff x13, last 596; 18 by 902, still within the burst: x18.
//
// With one bucket for both types (source and object only, as older
// client-go keyed it) BackOff would read x8, last 310, at 600 s. The
// kubelet before this model emitted BackOff once per back-off (16, 32, 58,
// 104, 190, 356): x5, last 190, at 600 s.
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
	e.want("BackOff", e.event("BackOff", "Back-off restarting failed container nginx"), "x13 first 16 last 596")
	e.want("Created", e.event("Created", ""), "x7 first 3 last 350")
	got := kubectl.Run(e.s, "kubectl describe pod web", kubectl.Input{}).Output
	if !strings.Contains(got, "Warning  BackOff    4s (x13 over 9m44s)    kubelet            spec.containers{nginx}: Back-off restarting failed container nginx in pod web_default(") {
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
// The recorder (see the crash-loop test), one bucket per type:
//
//   - Normal: Pulling at each attempt, BackOff at each back-off sync. In
//     order: 0, 1, 11, 21, 31, 41, 51, 61, 71, 81 … 141, 151, 161 … 231:
//     the write at 231 is the 25th (25 + 231/300 - 24 >= 1); then nothing
//     until t >= 300: the BackOff at 301 (26th), count 1 + 1 + 3 + 7 + 15 =
//     27; the Pulling at 311 is dropped; the 27th write needs t >= 600: the
//     BackOff at 601, count 27 + 29 = 56. So at 600 s: BackOff x27 (last
//     301), Pulling x5 (0, 11, 31, 71, 151; last 151).
//   - Warning: both pull failures at each attempt, "Error:
//     ImagePullBackOff" at each back-off sync. In order: 0, 0, 1, 11, 11,
//     21, 31, 31, 41, 51, 61, 71, 71, 81 … 141, 151, 151, 161, 171, 181:
//     25 writes; the next at t >= 300 is the ImagePullBackOff at 301, count
//     27; the failures at 311 are dropped. So at 600 s: "Error:
//     ImagePullBackOff" x27 (last 301), both pull failures x5 (last 151).
//
// With one bucket for both types (older client-go) the Warnings would be
// starved by the Normals: ImagePullBackOff x6 (last 81), pull failures x4.
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
	e.want("Failed ImagePullBackOff", e.event("Failed", "Error: ImagePullBackOff"), "x27 first 1 last 301")
	e.want("Failed ErrImagePull", e.event("Failed", "Error: ErrImagePull"), "x5 first 0 last 151")
	e.want("Failed to pull", e.event("Failed", "Failed to pull image"), "x5 first 0 last 151")
	e.want("Pulling", e.event("Pulling", ""), "x5 first 0 last 151")
	got := kubectl.Run(e.s, "kubectl describe pod web", kubectl.Input{}).Output
	for _, line := range []string{
		`Normal   BackOff    4m59s (x27 over 9m59s)  kubelet            spec.containers{nginx}: Back-off pulling image "nginx:1.161"`,
		`Warning  Failed     4m59s (x27 over 9m59s)  kubelet            spec.containers{nginx}: Error: ImagePullBackOff`,
	} {
		if !strings.Contains(got, line) {
			t.Errorf("kubectl describe pod: no %q in\n%s", line, got)
		}
	}
	e.tick()
	e.want("BackOff", e.event("BackOff", `Back-off pulling image "nginx:1.161"`), "x56 first 1 last 601")
}

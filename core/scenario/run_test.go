package scenario

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

func mustRun(t *testing.T, src string, opts Options) (*Transcript, *Runner) {
	t.Helper()
	s := mustParse(t, src)
	r, err := NewRunner(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	tr := &Transcript{Name: s.Name, Seed: r.Seed()}
	for !r.Done() {
		res, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		tr.Results = append(tr.Results, res)
	}
	return tr, r
}

func TestRunSimulationVerbs(t *testing.T) {
	tr, r := mustRun(t, `seed 9
tick
tick 4
step
node add node-4 cpu=2
node fail node-1
tick 45
node recover node-1
node delete node-2
`, Options{})
	if tr.Seed != 9 || r.Sim().Seed() != 9 {
		t.Errorf("seed = %d (cluster %d), want 9", tr.Seed, r.Sim().Seed())
	}
	var ticks []int64
	for _, res := range tr.Results {
		ticks = append(ticks, res.Tick)
		want := ""
		if res.Command == "step" {
			want = "step: every work queue is empty; nothing to reconcile until the next tick\n"
		}
		if res.Output != want || res.ExitCode != 0 {
			t.Errorf("%s: output %q, exit %d; want %q, 0", res.Command, res.Output, res.ExitCode, want)
		}
	}
	if want := []int64{0, 1, 5, 5, 5, 5, 50, 50, 50}; !equalInts(ticks, want) {
		t.Errorf("ticks = %v, want %v", ticks, want)
	}
	nodes, _, _ := apiserver.ListAs[*api.Node](r.Sim().API, "", nil)
	var names []string
	for _, n := range nodes {
		names = append(names, n.Name)
		if n.Name == "node-4" && n.Status.Capacity[api.ResourceCPU].String() != "2" {
			t.Errorf("node-4 cpu = %v", n.Status.Capacity[api.ResourceCPU])
		}
	}
	if got := strings.Join(names, ","); got != "node-1,node-3,node-4" {
		t.Errorf("nodes = %s, want node-1,node-3,node-4", got)
	}
	// The node lifecycle controller noticed node-1's silence (40 s grace).
	if len(tr.Results[6].Decisions) == 0 {
		t.Error("tick 45 after a node failure recorded no decisions")
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestRunImageVerbs(t *testing.T) {
	_, r := mustRun(t, `image * pull=0s start=3s
image nginx:1.161 missing
image nginx:1.16.1 pull=10s crash=30s exit=2
image myapp:v1 like=nginx:1.25 unready
`, Options{})
	reg := r.Sim().Registry
	if want := (images.Timing{Pull: 0, Start: 3 * time.Second, Stop: time.Second}); reg.Defaults != want {
		t.Errorf("defaults = %+v, want %+v", reg.Defaults, want)
	}
	if _, err := reg.Lookup("nginx:1.161"); err == nil {
		t.Error("nginx:1.161 resolves, want missing")
	}
	if b := reg.Behavior("nginx:1.16.1"); b.PullTime != 10*time.Second || b.CrashAfter != 30*time.Second || b.ExitCode != 2 {
		t.Errorf("nginx:1.16.1 behaviour = %+v", b)
	}
	if got := reg.Timing("nginx:1.16.1", images.Timing{}); got.Pull != 10*time.Second || got.Start != 3*time.Second {
		t.Errorf("nginx:1.16.1 timing = %+v", got)
	}
	img, err := reg.Lookup("myapp:v1")
	if err != nil || !img.Listens(80) || !reg.Behavior("myapp:v1").NeverReady {
		t.Errorf("myapp:v1 = %+v, %v", img, err)
	}
}

func TestRunSeedOverride(t *testing.T) {
	s := mustParse(t, "seed 9\ntick\n")
	for _, tc := range []struct {
		opts Options
		want uint64
	}{
		{Options{}, 9},
		{Options{Seed: 4, OverrideSeed: true}, 4},
		{Options{Seed: 0, OverrideSeed: true}, 0},
	} {
		tr, err := Run(s, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Seed != tc.want {
			t.Errorf("%+v: seed %d, want %d", tc.opts, tr.Seed, tc.want)
		}
	}
	tr, err := Run(mustParse(t, "tick\n"), Options{})
	if err != nil || tr.Seed != cluster.DefaultSeed {
		t.Errorf("no seed: %d, %v; want the default %d", tr.Seed, err, cluster.DefaultSeed)
	}
}

// TestRunErrorsNameTheLine: a script that cannot go on stops with an error
// naming its line, and the transcript keeps what ran before.
func TestRunErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string
		ran  int
	}{
		{"tick\nnode fail node-9\ntick\n", `web.txtar:2: node fail: node "node-9" not found`, 1},
		{"node recover node-7\n", `web.txtar:1: node recover: node "node-7" not found`, 0},
		{"# doc\n\nnode delete node-5\n", `web.txtar:3: node delete: node "node-5" not found`, 0},
		{"node add node-1\n", `web.txtar:1: node add: node "node-1" already exists`, 0},
	} {
		tr, err := Run(mustParse(t, tc.src), Options{})
		var e *Error
		if !errors.As(err, &e) || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %s", tc.src, err, tc.want)
		}
		if tr == nil || len(tr.Results) != tc.ran {
			t.Errorf("%q: transcript %+v, want %d results", tc.src, tr, tc.ran)
		}
	}
}

// TestRunDecisionsPerCommand: each decision record belongs to exactly one
// command, the one that was running (or settling) when it was made.
func TestRunDecisionsPerCommand(t *testing.T) {
	s := mustParse(t, `kubectl apply -f web.yaml
step
step 2
kubectl get pods
tick
kubectl scale deployment web --replicas=3
tick 3
-- web.yaml --
`+webYAML)
	r, err := NewRunner(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := len(r.Sim().Decisions(0))
	total := 0
	var counts []int
	for !r.Done() {
		res, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, len(res.Decisions))
		total += len(res.Decisions)
		for _, d := range res.Decisions {
			if d.Tick != res.Tick && !strings.HasPrefix(res.Command, "tick") {
				t.Errorf("%s (tick %d) has a decision of tick %d", res.Command, res.Tick, d.Tick)
			}
		}
		if strings.HasPrefix(res.Command, "step") {
			// The step's output says how many decisions each reconcile made.
			n := 0
			for _, l := range strings.Split(res.Output, "\n") {
				var c, k string
				var d int
				if _, err := fmt.Sscanf(l, "step: %s reconciled %s (%d decisions)", &c, &k, &d); err == nil {
					n += d
				}
			}
			if n != len(res.Decisions) {
				t.Errorf("%s: output counts %d decisions, result has %d:\n%s", res.Command, n, len(res.Decisions), res.Output)
			}
		}
	}
	if after := len(r.Sim().Decisions(0)); total != after-before {
		t.Errorf("results hold %d decisions, the cluster made %d", total, after-before)
	}
	// The apply is followed by steps, so it leaves its work to them: it
	// decides nothing itself, each step reconciles one key, and the next
	// other command (get) first settles the rest. The scale, followed by a
	// tick, settles at once, so its reactions are its own.
	if counts[0] != 0 || counts[1] == 0 || counts[2] == 0 || counts[3] == 0 || counts[5] == 0 || counts[6] == 0 {
		t.Errorf("decisions per command = %v", counts)
	}
}

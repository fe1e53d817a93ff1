package session

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// FuzzSession drives whole sessions from the fuzzer's bytes: applies of a
// Deployment with varying replicas, images and surge, kubectl lines,
// ticks, steps, back, jump, and encode followed by decode. After each
// operation it checks:
//   - nothing panicked, and a second session fed the same operations shows
//     byte-identical views and encodings (same seed and inputs, same bytes);
//   - a decoded encoding shows the same view as the session it came from;
//   - at the live head, for every Deployment, its ReplicaSets' replicas sum
//     to at most replicas + maxSurge;
//   - once a Deployment has been complete and its replicas and
//     maxUnavailable have not changed since (all the images here are
//     healthy and no pod is deleted behind its back), its available replicas
//     never drop below replicas - maxUnavailable, whatever rollouts run;
//   - every Pod has at most one controller and at most one ReplicaSet owner.
func FuzzSession(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{0, 3, 1, 9, 1, 9}, // apply, ticks
		{0, 5, 1, 9, 4, 2, 1, 9, 1, 9, 2, 2, 6, 0},    // apply, set image, ticks, back, encode
		{0, 2, 1, 8, 4, 1, 1, 5, 3, 3, 5, 5, 4, 0},    // scale, jump, steps
		{0, 4, 1, 9, 4, 3, 4, 4, 1, 9, 4, 5, 1, 9, 6}, // undo, pause, resume
		{8, 1, 0, 6, 1, 9, 8, 3, 4, 2, 1, 9, 7, 0},    // surge changes between rollouts
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 80 {
			ops = ops[:80] // about 40 operations: a few hundred ticks at most
		}
		a, b := newFuzzRun(t), newFuzzRun(t)
		for i := 0; i < len(ops); i += 2 {
			op, arg := ops[i], byte(0)
			if i+1 < len(ops) {
				arg = ops[i+1]
			}
			what := a.do(op, arg)
			b.do(op, arg)
			a.check(what)
			b.check(what)
			va, vb := viewJSON(t, a.s), viewJSON(t, b.s)
			if !bytes.Equal(va, vb) || a.s.Encode() != b.s.Encode() {
				t.Fatalf("after %s: two sessions with the same inputs differ", what)
			}
		}
	})
}

// fuzzRun is one session and what the checks remember about it.
type fuzzRun struct {
	t *testing.T
	s *Session
	// steady holds, per Deployment, the replicas and maxUnavailable it was
	// complete with; a change of either, or of the timeline, clears it.
	steady map[string][2]int32
	// surge is the Deployment's strategy, changed by applies.
	surge, unavail string
}

func newFuzzRun(t *testing.T) *fuzzRun {
	s, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	return &fuzzRun{t: t, s: s, steady: map[string][2]int32{}, surge: "25%", unavail: "25%"}
}

var fuzzStrategies = [][2]string{{"25%", "25%"}, {"1", "0"}, {"0", "1"}, {"50%", "0"}, {"2", "2"}}

var fuzzLines = []string{
	"kubectl get pods",
	"kubectl scale deployment/web --replicas=%d",
	"kubectl set image deployment/web nginx=nginx:1.%d",
	"kubectl rollout undo deployment/web",
	"kubectl rollout pause deployment/web",
	"kubectl rollout resume deployment/web",
	"kubectl rollout restart deployment/web",
	"kubectl get deploy web -o jsonpath={.status}",
	"kubectl describe deployment web",
	"kubectl get rs -o wide --sort-by=.metadata.name",
	"kubectl rollout status deployment/web --timeout=%ds",
	"kubectl label pods --all fuzz=%d --overwrite",
}

// do runs one operation and says what it was.
func (r *fuzzRun) do(op, arg byte) string {
	s := r.s
	switch op % 9 {
	case 0:
		replicas := 1 + int(arg%6)
		text := fmt.Sprintf(fuzzManifest, replicas, r.surge, r.unavail, 25+int(arg/6%3))
		s.Apply(text)
		return fmt.Sprintf("apply replicas=%d surge=%s unavailable=%s", replicas, r.surge, r.unavail)
	case 1:
		s.Tick(1 + int(arg%10))
		return fmt.Sprintf("tick %d", 1+int(arg%10))
	case 2:
		s.Back()
		r.timelineChanged()
		return "back"
	case 3:
		to := int64(arg) % (s.Head() + 1)
		s.Jump(to)
		r.timelineChanged()
		return fmt.Sprintf("jump %d", to)
	case 4:
		line := fuzzLines[int(arg)%len(fuzzLines)]
		if bytes.Contains([]byte(line), []byte("%d")) {
			line = fmt.Sprintf(line, 1+int(arg/16%6))
		}
		if !s.View().Live {
			r.timelineChanged() // a command in the past may discard the future
		}
		s.Run(line)
		return line
	case 5:
		s.Step()
		return "step"
	case 6:
		enc := s.Encode()
		want := viewJSON(r.t, s)
		if _, err := s.Decode(enc); err != nil {
			r.t.Fatalf("decoding the session's own encoding: %v", err)
		}
		if got := viewJSON(r.t, s); !bytes.Equal(got, want) {
			r.t.Fatalf("encode then decode changed the view:\n%s\n---\n%s", want, got)
		}
		r.timelineChanged()
		return "encode, decode"
	case 7:
		s.Jump(s.Head())
		r.timelineChanged()
		return "end"
	default:
		st := fuzzStrategies[int(arg)%len(fuzzStrategies)]
		r.surge, r.unavail = st[0], st[1]
		return "strategy " + st[0] + "/" + st[1] + " for the next apply"
	}
}

func (r *fuzzRun) timelineChanged() { clear(r.steady) }

// check verifies the invariants on the live cluster, once the controllers
// have done what the last operation set off (after a kubectl command the
// session leaves that to the next operation, so that step can walk
// through it): a real cluster passes through the states in between within
// milliseconds.
func (r *fuzzRun) check(after string) {
	t := r.t
	if !r.s.View().Live || r.s.w.sim.Busy() {
		return
	}
	server := r.s.w.sim.API
	ds, _, err := apiserver.ListAs[*api.Deployment](server, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	rss, _, err := apiserver.ListAs[*api.ReplicaSet](server, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		replicas := int32(1)
		if d.Spec.Replicas != nil {
			replicas = *d.Spec.Replicas
		}
		surge, unavailable := deploymentutil.MaxSurge(d), deploymentutil.MaxUnavailable(d)
		var sum int32
		for _, rs := range rss {
			if owner := controllerOf(rs.OwnerReferences); owner != nil && owner.UID == d.UID && rs.Spec.Replicas != nil {
				sum += *rs.Spec.Replicas
			}
		}
		if sum > replicas+surge {
			t.Fatalf("after %s: Deployment %s's ReplicaSets want %d replicas, over replicas %d + maxSurge %d",
				after, d.Name, sum, replicas, surge)
		}
		key := d.Namespace + "/" + d.Name
		want := [2]int32{replicas, unavailable}
		if st, ok := r.steady[key]; ok && st != want {
			delete(r.steady, key)
		}
		if _, ok := r.steady[key]; ok && d.Status.AvailableReplicas < replicas-unavailable {
			t.Fatalf("after %s: Deployment %s has %d available, under replicas %d - maxUnavailable %d",
				after, d.Name, d.Status.AvailableReplicas, replicas, unavailable)
		}
		if d.Status.AvailableReplicas == replicas && d.Status.UpdatedReplicas == replicas && d.Status.Replicas == replicas &&
			d.Status.ObservedGeneration == d.Generation {
			r.steady[key] = want
		}
	}
	pods, _, err := apiserver.ListAs[*api.Pod](server, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pods {
		controllers, sets := 0, 0
		for _, o := range p.OwnerReferences {
			if o.Controller != nil && *o.Controller {
				controllers++
			}
			if o.Kind == "ReplicaSet" {
				sets++
			}
		}
		if controllers > 1 || sets > 1 {
			t.Fatalf("after %s: pod %s has %d controllers and %d ReplicaSet owners", after, p.Name, controllers, sets)
		}
	}
}

func controllerOf(refs []api.OwnerReference) *api.OwnerReference {
	for i := range refs {
		if refs[i].Controller != nil && *refs[i].Controller {
			return &refs[i]
		}
	}
	return nil
}

const fuzzManifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: %d
  strategy:
    rollingUpdate:
      maxSurge: %s
      maxUnavailable: %s
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.%d
`

package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// applyDelta does what the page does with JSONDelta's answer: given the
// JSON encodings of the pods it holds (those of base), it rebuilds the
// view's full JSON from data. A view sent whole comes back as it is. It
// fails the test if the patch is malformed or does not fit base.
func applyDelta(t *testing.T, held []json.RawMessage, data []byte) (full []byte, patched bool) {
	t.Helper()
	const at = `"pods":null,"podPatch":`
	i := bytes.Index(data, []byte(at))
	if i < 0 {
		return data, false
	}
	dec := json.NewDecoder(bytes.NewReader(data[i+len(at):]))
	var patch struct {
		Base int               `json:"base"`
		N    int               `json:"n"`
		Seq  []json.RawMessage `json:"seq"`
	}
	if err := dec.Decode(&patch); err != nil {
		t.Fatalf("podPatch: %v\n%s", err, data)
	}
	end := i + len(at) + int(dec.InputOffset())
	if patch.Base != len(held) {
		t.Fatalf("a patch over %d pods applied to %d", patch.Base, len(held))
	}
	var pods []json.RawMessage
	for _, e := range patch.Seq {
		if e[0] != '[' {
			pods = append(pods, e)
			continue
		}
		var run [2]int
		if err := json.Unmarshal(e, &run); err != nil {
			t.Fatalf("seq element %s: %v", e, err)
		}
		if run[0] < 0 || run[1] <= 0 || run[0]+run[1] > len(held) {
			t.Fatalf("seq run %v outside %d pods", run, len(held))
		}
		pods = append(pods, held[run[0]:run[0]+run[1]]...)
	}
	if len(pods) != patch.N {
		t.Fatalf("the patch makes %d pods, says %d", len(pods), patch.N)
	}
	var out []byte
	out = append(out, data[:i]...)
	out = append(out, `"pods":[`...)
	for j, p := range pods {
		if j > 0 {
			out = append(out, ',')
		}
		out = append(out, p...)
	}
	out = append(out, ']')
	out = append(out, data[end:]...)
	return out, true
}

// podsOf returns the encodings of the pods of a full view's JSON.
func podsOf(t *testing.T, full []byte) []json.RawMessage {
	t.Helper()
	var v struct {
		Pods []json.RawMessage `json:"pods"`
	}
	if err := json.Unmarshal(full, &v); err != nil {
		t.Fatal(err)
	}
	return v.Pods
}

// checkDelta encodes v as a delta over base, whose pods the receiver holds
// as held, and checks that applying it gives v.JSON() byte for byte. It
// returns the pods the receiver holds afterwards.
func checkDelta(t *testing.T, v *View, base []*Pod, held []json.RawMessage) (patched bool, now []json.RawMessage) {
	t.Helper()
	data, patched, err := v.JSONDelta(base)
	if err != nil {
		t.Fatal(err)
	}
	want, err := v.JSON()
	if err != nil {
		t.Fatal(err)
	}
	got, sentPatch := applyDelta(t, held, data)
	if sentPatch != patched {
		t.Fatalf("JSONDelta says patched %v, sent a patch %v", patched, sentPatch)
	}
	if patched && len(data) > len(want)+64 { // a patch's envelope is some 40 bytes
		t.Errorf("a patch of %d bytes for a view of %d", len(data), len(want))
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the delta applied to its base is not the view:\n got %s\nwant %s", got, want)
	}
	return patched, podsOf(t, want)
}

// TestJSONDeltaPatchesToTheFullView walks a rollout tick by tick, as the
// page does, forwards and back, and checks that applying each view's pod
// patch to the pods received before gives exactly the full view. The
// rollout creates and deletes pods, so patches both change the set of pods
// and keep it.
func TestJSONDeltaPatchesToTheFullView(t *testing.T) {
	s := newSession(t, 1)
	rollout(t, s)
	mustRun(t, s, "kubectl scale deployment/web --replicas=5")
	mustRun(t, s, "tick 3")
	mustRun(t, s, "kubectl scale deployment/web --replicas=2")
	mustRun(t, s, "tick 3")
	var base []*Pod
	var held []json.RawMessage
	patches, setChanges := 0, 0
	var ticks []int64
	for tick := range s.Head() + 1 {
		ticks = append(ticks, tick)
	}
	ticks = append(ticks, s.Head(), s.Head()-1, s.Head()-1, 5, 6, 7, 0, s.Head())
	for _, tick := range ticks {
		s.Jump(tick)
		v := s.View()
		patched, now := checkDelta(t, v, base, held)
		if patched {
			patches++
			if len(base) != len(v.Pods) || !slices.EqualFunc(base, v.Pods, func(a, b *Pod) bool { return a.Name == b.Name }) {
				setChanges++
			}
		}
		base, held = v.Pods, now
	}
	if patches == 0 || setChanges == 0 {
		t.Errorf("%d views sent as patches, %d of them changing the set of pods; want some of each", patches, setChanges)
	}
}

func TestJSONDeltaWithoutBaseIsJSON(t *testing.T) {
	s := newSession(t, 1)
	rollout(t, s)
	v := s.View()
	got, patched, err := v.JSONDelta(nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := v.JSON()
	if patched || string(got) != string(want) {
		t.Errorf("JSONDelta(nil) = %v, %.80s; want JSON", patched, got)
	}
	// The same pods: one run.
	got, patched, err = v.JSONDelta(v.Pods)
	if err != nil || !patched {
		t.Fatalf("JSONDelta(same) = %v, %v", patched, err)
	}
	run := fmt.Sprintf(`"podPatch":{"base":%d,"n":%d,"seq":[[0,%d]]}`, len(v.Pods), len(v.Pods), len(v.Pods))
	if !strings.Contains(string(got), run) {
		t.Errorf("JSONDelta(same) = %.300s; want %s", got, run)
	}
}

// randomPods makes n pods with distinct names in namespaces a and b, sorted
// as View.Pods are.
func randomPods(r *rand.Rand, n int) []*Pod {
	seen := map[string]bool{}
	var pods []*Pod
	for len(pods) < n {
		p := &Pod{Namespace: []string{"a", "b"}[r.IntN(2)], Name: fmt.Sprintf("web-%04d", r.IntN(4*n+10))}
		if seen[p.Namespace+"/"+p.Name] {
			continue
		}
		seen[p.Namespace+"/"+p.Name] = true
		randomState(r, p)
		pods = append(pods, p)
	}
	slices.SortFunc(pods, comparePods)
	return pods
}

func randomState(r *rand.Rand, p *Pod) {
	p.Status = []string{"Running", "Pending", "ContainerCreating", "Terminating"}[r.IntN(4)]
	p.Ready = r.IntN(2) == 0
	p.Restarts = int32(r.IntN(3))
	p.State = podState(p)
	p.json = nil
}

// edit returns a random next list of pods after base, as a tick makes it:
// some pods deleted, some created, some changed (new values), some the
// same values, and some equal copies (a new value that encodes the same).
func edit(r *rand.Rand, base []*Pod) []*Pod {
	var now []*Pod
	have := map[string]bool{}
	rate := []int{0, 1, 5, 30, 100}[r.IntN(5)] // percent of pods touched
	for _, p := range base {
		have[p.Namespace+"/"+p.Name] = true
		if r.IntN(100) >= rate {
			now = append(now, p)
			continue
		}
		switch r.IntN(4) {
		case 0: // deleted
		case 1: // changed
			q := *p
			randomState(r, &q)
			now = append(now, &q)
		case 2: // an equal copy
			q := *p
			q.json = nil
			now = append(now, &q)
		case 3: // kept, and a new pod next to it
			now = append(now, p)
			q := &Pod{Namespace: p.Namespace, Name: p.Name + "-x"}
			randomState(r, q)
			if !have[q.Namespace+"/"+q.Name] {
				now = append(now, q)
			}
		}
	}
	for range r.IntN(3) * rate / 10 { // new pods anywhere
		q := &Pod{Namespace: "a", Name: fmt.Sprintf("new-%04d", r.IntN(10000))}
		randomState(r, q)
		if !have[q.Namespace+"/"+q.Name] {
			have[q.Namespace+"/"+q.Name] = true
			now = append(now, q)
		}
	}
	slices.SortStableFunc(now, comparePods)
	return slices.CompactFunc(now, func(a, b *Pod) bool { return comparePods(a, b) == 0 })
}

// TestJSONDeltaProperty checks, over random sequences of edits to the pods
// (deterministic seeds), that each delta applied to its base gives the full
// view byte for byte, and that a tick that touches few pods is sent as a
// patch.
func TestJSONDeltaProperty(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 7))
		v := &View{Tick: 1, Time: "2026-01-01T00:00:00Z", Deployments: []*Deployment{}, Counts: map[string]int{"ready": 1}}
		v.Pods = randomPods(r, r.IntN(300))
		base := []*Pod(nil)
		var held []json.RawMessage
		for step := range 30 {
			patched, now := checkDelta(t, v, base, held)
			if base != nil && !patched && 2*changedPods(base, v.Pods) <= len(v.Pods) {
				t.Fatalf("seed %d step %d: %d of %d pods changed, but the view was sent whole",
					seed, step, changedPods(base, v.Pods), len(v.Pods))
			}
			base, held = v.Pods, now
			next := *v
			next.Tick++
			next.Pods = edit(r, v.Pods)
			v = &next
		}
	}
}

// changedPods counts the pods of now that are not in base with the same
// encoding.
func changedPods(base, now []*Pod) int {
	enc := map[string]string{}
	for _, p := range base {
		enc[p.Namespace+"/"+p.Name] = string(p.encoded())
	}
	n := 0
	for _, p := range now {
		if e, ok := enc[p.Namespace+"/"+p.Name]; !ok || e != string(p.encoded()) {
			n++
		}
	}
	return n
}

// TestJSONDeltaOfAnyLists checks the claim that the patch rebuilds the view
// whatever base holds: unsorted lists, duplicates, another view's pods.
func TestJSONDeltaOfAnyLists(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 11))
		pool := randomPods(r, 40)
		pick := func() []*Pod {
			out := []*Pod{}
			for range r.IntN(60) {
				out = append(out, pool[r.IntN(len(pool))])
			}
			if r.IntN(2) == 0 {
				slices.SortStableFunc(out, comparePods)
			}
			return out
		}
		base := pick()
		var held []json.RawMessage
		for _, p := range base {
			held = append(held, p.encoded())
		}
		v := &View{Pods: pick(), Deployments: []*Deployment{}}
		checkDelta(t, v, base, held)
	}
}

// TestIncrementalBuildIsAFullBuild checks the builder's shortcuts: at every
// tick and step of a session whose pods come and go (a rollout, scaling,
// deleted pods, a node that fails, a second namespace), the view it builds
// from what changed encodes exactly as one built from scratch.
func TestIncrementalBuildIsAFullBuild(t *testing.T) {
	s := newSession(t, 1)
	check := func(what string) {
		t.Helper()
		w := s.w
		got, err := w.view().JSON()
		if err != nil {
			t.Fatal(err)
		}
		fresh := newBuilder()
		fresh.followed = true // read the caches only
		want, err := fresh.build(w, w.tick(), w.series.chart(w.tick())).JSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s, tick %d: the view built from changes differs from a full build:\n got %s\nwant %s", what, w.tick(), got, want)
		}
	}
	ticks := func(n int) {
		t.Helper()
		for range n {
			s.Tick(1)
			check("tick")
		}
	}
	check("start")
	mustApply(t, s, webYAML)
	check("apply")
	ticks(8)
	mustRun(t, s, "kubectl create namespace team")
	mustRun(t, s, "kubectl create namespace team-a")
	mustRun(t, s, "kubectl create deployment api -n team-a --image=nginx:1.25 --replicas=2")
	mustRun(t, s, "kubectl create deployment api -n team --image=nginx:1.25 --replicas=2")
	ticks(4)
	mustRun(t, s, "kubectl set image deployment/web nginx=nginx:1.16.1")
	for range 5 {
		s.Step()
		check("step")
	}
	ticks(6)
	mustRun(t, s, "kubectl scale deployment web --replicas=8")
	ticks(3)
	mustRun(t, s, "kubectl delete pod -n team -l app=api")
	check("delete")
	ticks(3)
	mustRun(t, s, "node fail node-2")
	ticks(70)
	mustRun(t, s, "kubectl scale deployment web --replicas=1")
	ticks(5)
	// Back in time and on again: the session replays into a new world.
	s.Jump(10)
	mustRun(t, s, "kubectl scale deployment web --replicas=4")
	ticks(5)
}

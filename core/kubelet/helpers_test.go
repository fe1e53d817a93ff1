package kubelet

import (
	"encoding/json"
	"fmt"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// env is a cluster with kubelets and no other controllers: pods are bound
// by creating them with spec.nodeName set.
type env struct {
	t        *testing.T
	c        *cluster.Cluster
	reg      *images.Registry
	kubelets map[string]*Kubelet
}

func newEnv(t testing.TB, seed uint64, nodes ...string) *env {
	if len(nodes) == 0 {
		nodes = []string{"node-1"}
	}
	c := cluster.New(seed)
	e := &env{c: c, reg: images.New(), kubelets: map[string]*Kubelet{}}
	// Every pod's kube-api-access volume projects kube-root-ca.crt, which
	// must exist for the volume to mount.
	c.Add(rootcacertpublisher.New(c.Context))
	if tt, ok := t.(*testing.T); ok {
		e.t = tt
	}
	for _, n := range nodes {
		k, err := New(c.Context, n, e.reg, Options{Seed: seed, CRILog: true})
		if err != nil {
			t.Fatal(err)
		}
		c.Add(k)
		c.AddActor(k)
		e.kubelets[n] = k
	}
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	return e
}

// tick advances n ticks.
func (e *env) tick(n int) {
	e.t.Helper()
	for range n {
		if _, err := e.c.Tick(); err != nil {
			e.t.Fatal(err)
		}
	}
}

// until ticks until cond holds, failing after max ticks; it returns the
// tick reached.
func (e *env) until(max int, what string, cond func() bool) int64 {
	e.t.Helper()
	for range max {
		if cond() {
			return e.c.CurrentTick()
		}
		e.tick(1)
	}
	if cond() {
		return e.c.CurrentTick()
	}
	e.t.Fatalf("%s: not reached within %d ticks (tick %d)", what, max, e.c.CurrentTick())
	return 0
}

func (e *env) create(p *api.Pod) *api.Pod {
	e.t.Helper()
	if p.Namespace == "" {
		p.Namespace = "default"
	}
	obj, err := e.c.API.Create(p)
	if err != nil {
		e.t.Fatalf("creating pod: %v", err)
	}
	if _, err := e.c.Settle(); err != nil {
		e.t.Fatal(err)
	}
	return obj.(*api.Pod)
}

func (e *env) pod(name string) *api.Pod {
	e.t.Helper()
	p, err := apiserver.GetAs[*api.Pod](e.c.API, "default", name)
	if err != nil {
		return nil
	}
	return p
}

func (e *env) delete(name string) {
	e.t.Helper()
	if _, _, err := e.c.API.Delete(podKind, "default", name, nil); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.c.Settle(); err != nil {
		e.t.Fatal(err)
	}
}

// events lists the events about a pod as "tick Type Reason: message",
// oldest first; repeated events appear once per occurrence count change
// is not tracked, so the count is shown as (xN).
func (e *env) events(pod string) []string {
	e.t.Helper()
	evs, _, err := apiserver.ListAs[*api.Event](e.c.API, "default", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	slices.SortStableFunc(evs, func(a, b *api.Event) int {
		if c := a.FirstTimestamp.Compare(b.FirstTimestamp.Time); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	var out []string
	for _, ev := range evs {
		if ev.InvolvedObject.Name != pod {
			continue
		}
		s := fmt.Sprintf("%d %s %s: %s", tick(ev.FirstTimestamp.Time), ev.Type, ev.Reason, ev.Message)
		if ev.Count > 1 {
			s += fmt.Sprintf(" (x%d, last %d)", ev.Count, tick(ev.LastTimestamp.Time))
		}
		out = append(out, s)
	}
	return out
}

// summary is one line about a pod: phase, per-container state and readiness.
func summary(p *api.Pod) string {
	if p == nil {
		return "<gone>"
	}
	var parts []string
	parts = append(parts, string(p.Status.Phase))
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady {
			parts = append(parts, "Ready="+string(c.Status))
		}
	}
	for _, cs := range append(append([]api.ContainerStatus{}, p.Status.InitContainerStatuses...), p.Status.ContainerStatuses...) {
		st := "?"
		switch {
		case cs.State.Waiting != nil:
			st = "waiting:" + cs.State.Waiting.Reason
		case cs.State.Running != nil:
			st = "running"
		case cs.State.Terminated != nil:
			st = fmt.Sprintf("terminated:%s(%d)", cs.State.Terminated.Reason, cs.State.Terminated.ExitCode)
		}
		parts = append(parts, fmt.Sprintf("%s=%s/ready=%v/restarts=%d", cs.Name, st, cs.Ready, cs.RestartCount))
	}
	if p.DeletionTimestamp != nil {
		parts = append(parts, "Terminating")
	}
	return strings.Join(parts, " ")
}

func mustJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return string(b)
}

func nginxPod(name, node, image string) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Labels: map[string]string{"app": name}},
		Spec: api.PodSpec{
			NodeName: node,
			Containers: []api.Container{{
				Name:  "nginx",
				Image: image,
				Ports: []api.ContainerPort{{Name: "http", ContainerPort: 80}},
			}},
		},
	}
}

// timeline ticks n times and returns the pod's summary at the current
// tick and after each tick, keeping only the lines where it changed.
func (e *env) timeline(name string, n int) []string {
	e.t.Helper()
	var out []string
	last := ""
	record := func() {
		s := summary(e.pod(name))
		if s != last {
			out = append(out, fmt.Sprintf("%d %s", e.c.CurrentTick(), s))
			last = s
		}
	}
	record()
	for range n {
		e.tick(1)
		record()
	}
	return out
}

// watchPods starts recording every write to pods.
func (e *env) watchPods() *apiserver.Watcher {
	e.t.Helper()
	w, err := e.c.API.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{podKind}, ResourceVersion: e.c.API.ResourceVersion()})
	if err != nil {
		e.t.Fatal(err)
	}
	return w
}

func diff(t *testing.T, what string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	t.Errorf("%s:\n got:\n\t%s\nwant:\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
}

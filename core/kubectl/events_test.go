package kubectl

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// The scheduler writes its events through events.k8s.io/v1: read back as
// core/v1 Events they have no source, and kubectl get events -o wide
// builds SOURCE from reportingController and reportingInstance
// (formatEventSource), while describe's From is the component alone.
// The kubelet's core/v1 events keep "kubelet, <node>".
func TestSchedulerEventSource(t *testing.T) {
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	run := func(line string) string {
		t.Helper()
		r := Run(c, line, Input{})
		if r.ExitCode != 0 {
			t.Fatalf("$ %s\n%s", line, r.Output)
		}
		return r.Stdout
	}
	run("kubectl create deployment web --image=nginx")
	for range 5 {
		if err := c.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	var scheduled, pulling string
	for _, line := range strings.Split(run("kubectl get events -o wide"), "\n") {
		switch {
		case strings.Contains(line, " Scheduled "):
			scheduled = line
		case strings.Contains(line, " Pulling "):
			pulling = line
		}
	}
	if !strings.Contains(scheduled, "   default-scheduler, default-scheduler-kubeplay-control-plane   Successfully assigned default/web-") {
		t.Errorf("Scheduled event's SOURCE:\n%s", scheduled)
	}
	if !strings.Contains(pulling, "   kubelet, node-") {
		t.Errorf("Pulling event's SOURCE:\n%s", pulling)
	}
	pod := strings.TrimSpace(run("kubectl get pods -o name"))
	if d := run("kubectl describe " + pod); !strings.Contains(d, "s    default-scheduler  Successfully assigned default/web-") {
		t.Errorf("describe pod events:\n%s", d[strings.Index(d, "Events:"):])
	}
}

package session

import (
	"strings"
	"testing"
)

// A pod's detail: its describe output, and its CRI calls up to the tick
// shown, at the head and after stepping back.
func TestPodDetail(t *testing.T) {
	s, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	s.Run("kubectl create deployment web --image=nginx:1.25 --replicas=1")
	s.Tick(5)
	pods := s.View().Pods
	if len(pods) != 1 {
		t.Fatalf("%d pods", len(pods))
	}
	p := pods[0]
	d, err := s.Pod(p.Namespace, p.Name)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	for _, c := range d.CRI {
		calls = append(calls, c.Call)
	}
	if got := strings.Join(calls, " "); got != "RunPodSandbox PullImage CreateContainer StartContainer" {
		t.Errorf("CRI calls at tick 5: %s", got)
	}
	if !strings.Contains(d.Describe, "Name:             "+p.Name) || !strings.Contains(d.Describe, "Started") {
		t.Errorf("describe:\n%s", d.Describe)
	}
	s.Jump(1)
	d, err = s.Pod(p.Namespace, p.Name)
	if err != nil {
		t.Fatal(err)
	}
	calls = nil
	for _, c := range d.CRI {
		calls = append(calls, c.Call)
	}
	if got := strings.Join(calls, " "); got != "RunPodSandbox PullImage" {
		t.Errorf("CRI calls at tick 1: %s", got)
	}
	if _, err := s.Pod("default", "nosuch"); err == nil {
		t.Error("no error for a missing pod")
	}
}

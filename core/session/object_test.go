package session

import (
	"strings"
	"testing"
)

// The side panel's detail of an object is kubectl's describe and YAML at
// the tick shown, and refuses what is not a kind or name the view draws.
func TestObjectDetailAtTheTickShown(t *testing.T) {
	s := newSession(t, 5)
	mustApply(t, s, webYAML)
	s.Tick(8)
	mustRun(t, s, "kubectl set image deployment/web nginx=nginx:1.16.1")
	s.Tick(8)

	live, err := s.Object("deployment", "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	if want := mustRun(t, s, "kubectl describe deployment web").Stdout; live.Describe != want {
		t.Errorf("describe differs from the console's:\n%s\n---\n%s", live.Describe, want)
	}
	if !strings.Contains(live.YAML, "image: nginx:1.16.1") || !strings.HasPrefix(live.YAML, "apiVersion: apps/v1\n") {
		t.Errorf("YAML at the head:\n%s", live.YAML)
	}

	// At an earlier tick: the object as it was then.
	if out := s.Jump(4); out.Exit != 0 {
		t.Fatal(out.Stderr)
	}
	past, err := s.Object("deployment", "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(past.YAML, "image: nginx:1.14.2") {
		t.Errorf("YAML at tick 4:\n%s", past.YAML)
	}
	node, err := s.Object("node", "ignored", "node-1")
	if err != nil || node.Namespace != "" || !strings.HasPrefix(node.Describe, "Name:               node-1\n") {
		t.Errorf("node: %+v, %v", node, err)
	}

	for _, bad := range [][3]string{
		{"secret", "default", "web"},               // not drawn
		{"deployment", "default", "web --all"},     // a second word
		{"deployment", "default -A", "web"},        // in the namespace
		{"deployment", "default", "no-such-thing"}, // kubectl's NotFound
	} {
		if d, err := s.Object(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("Object%q = %+v", bad, d)
		}
	}
	if _, err := s.Object("deployment", "default", "no-such-thing"); err == nil || !strings.Contains(err.Error(), `"no-such-thing" not found`) {
		t.Errorf("NotFound: %v", err)
	}
}

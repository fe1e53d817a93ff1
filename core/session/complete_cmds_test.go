package session

import (
	"strings"
	"testing"
)

// The console completes kubectl events, cluster-info and api-versions,
// none of which takes a resource argument.
func TestCompleteEventsClusterInfoAPIVersions(t *testing.T) {
	s := newSession(t, 1)
	for line, want := range map[string]string{
		"kubectl ev":            "events",
		"kubectl cl":            "cluster-info",
		"kubectl api-":          "api-resources api-versions",
		"kubectl events ":       "",
		"kubectl cluster-info ": "",
		"kubectl api-versions ": "",
	} {
		if got := strings.Join(s.Complete(line), " "); got != want {
			t.Errorf("Complete(%q) = %q, want %q", line, got, want)
		}
	}
}

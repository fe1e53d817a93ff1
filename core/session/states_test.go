package session

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// The page names exactly the Pod states the session decides, in
// stateWords (assets/cluster.js), from which it also draws the legend.
func TestPageNamesEveryPodState(t *testing.T) {
	src, err := os.ReadFile("../../assets/cluster.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)const stateWords = \{(.*?)\};`).FindSubmatch(src)
	if block == nil {
		t.Fatal("assets/cluster.js has no stateWords object; the pattern is stale")
	}
	var page []string
	for _, m := range regexp.MustCompile(`(\w+):\s*"`).FindAllSubmatch(block[1], -1) {
		page = append(page, string(m[1]))
	}
	states := []string{StateReady, StateNotReady, StatePending, StateTerminating, StateFailed, StateSucceeded, StateUnknown}
	if !slices.Equal(page, states) {
		t.Errorf("app.js stateWords name %q, the session's states are %q", page, states)
	}
}

//go:build js && wasm

package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"testing"

	"github.com/kubeplay/kubeplay/internal/golden"
)

// The page draws the views scripts/build prerendered for a new session
// until this core is ready, then this core's own: they must be the same
// bytes. scripts/build's TestOpeningViews writes the digests of the
// prerendered views natively; here the live bridge, under Node.js, gives
// the same session the same requests the page sends (create(1), then
// tick(1) and view() each second) and must match every line.
func TestLiveViewsMatchThePrerender(t *testing.T) {
	want, err := os.ReadFile("testdata/opening-views.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Count(want, []byte("\n"))
	if lines < 2 {
		t.Fatalf("testdata/opening-views.txt has %d lines", lines)
	}
	_, call := api(t)
	var got bytes.Buffer
	fmt.Fprintf(&got, "%d %x\n", 0, sha256.Sum256([]byte(call("create", 1))))
	for tick := 1; tick < lines; tick++ {
		call("tick", 1)
		fmt.Fprintf(&got, "%d %x\n", tick, sha256.Sum256([]byte(call("view"))))
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("the live core's views differ from the prerendered ones (-prerendered +live):\n%s", golden.Diff(string(want), got.String()))
	}
}

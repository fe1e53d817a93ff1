package session

import (
	"strings"
	"testing"
)

func TestLinkFilesReadsALinkWithoutReplaying(t *testing.T) {
	s, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	first := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n"
	second := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: b\n"
	for _, text := range []string{first, second} {
		if r := s.Apply(text); !r.OK {
			t.Fatalf("apply: %+v", r)
		}
	}
	// A log line that fails on replay does not matter: nothing is replayed.
	s.Run("node fail no-such-node")
	files, editor, err := LinkFiles(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if editor != second || len(files) != 2 || files[0].Name != "editor-1.yaml" {
		t.Errorf("editor %q, files %+v", editor, files)
	}
	for _, bad := range []string{"", "k1.", "k1.!!!", "garbage"} {
		if _, _, err := LinkFiles(bad); err == nil {
			t.Errorf("LinkFiles(%q) accepted it", bad)
		}
	}
	if _, _, err := LinkFiles("x" + s.Encode()); err == nil || !strings.Contains(err.Error(), "not a Kubeplay link") {
		t.Errorf("not a link: %v", err)
	}
}

package session

import (
	"strings"
	"testing"
)

// The editor's text, applied or not, travels in the link and comes back
// out of it; it is no file a command can read, changes no tick, and an
// archive without one (an example) gives none.
func TestDraftTravelsWithTheSession(t *testing.T) {
	s := newSession(t, 3)
	mustApply(t, s, webYAML)
	s.Tick(2)
	draft := strings.Replace(webYAML, "replicas: 3", "replicas: 5", 1)
	before := viewJSON(t, s)
	if !s.SetDraft(draft) {
		t.Fatal("draft refused")
	}
	if string(viewJSON(t, s)) != string(before) {
		t.Error("setting the draft changed the view")
	}
	enc := s.Encode()

	d := newSession(t, 1)
	r, err := d.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if r.Draft != draft || d.draft != draft {
		t.Errorf("decoded draft %q, want %q", r.Draft, draft)
	}
	for _, f := range r.Files {
		if f.Name == draftFile {
			t.Errorf("the draft is among the session's files: %+v", r.Files)
		}
	}
	if out := d.Run("kubectl apply -f " + draftFile); out.Exit == 0 {
		t.Errorf("kubectl apply -f %s read the draft: %+v", draftFile, out)
	}
	if _, editor, err := LinkFiles(enc); err != nil || editor != draft {
		t.Errorf("LinkFiles offers %q (%v), want the draft", editor, err)
	}

	// Loading an archive without a draft (an example) drops the old one.
	if _, err := d.Load("plain.txtar", []byte("seed 1\ntick 1\n")); err != nil {
		t.Fatal(err)
	}
	if d.draft != "" {
		t.Errorf("after loading an archive without a draft: %q", d.draft)
	}
	if s.SetDraft(strings.Repeat("x", maxDraftBytes+1)) || s.draft != draft {
		t.Error("an oversized draft replaced the kept one")
	}
}

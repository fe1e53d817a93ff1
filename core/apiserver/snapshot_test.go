package apiserver

import (
	"strconv"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
)

// podNames lists the pods a server stores, in order.
func podNames(t *testing.T, s *Server) string {
	t.Helper()
	pods, _, err := ListAs[*api.Pod](s, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	out := ""
	for _, p := range pods {
		out += p.Name + "@" + p.ResourceVersion + " "
	}
	return out
}

// A past server at any version between a snapshot and the writes a shared
// watch read after it holds what the live server held at that version,
// and refuses every write, dry runs included.
func TestSnapshotPastServesEveryVersion(t *testing.T) {
	s := newTestServer(1)
	for _, n := range []string{"a", "b"} {
		if _, err := s.Create(testPod(n, "")); err != nil {
			t.Fatal(err)
		}
	}
	snap := s.Snapshot()
	w, err := s.Watch(WatchOptions{Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	live := map[uint64]string{snap.ResourceVersion(): podNames(t, s)}
	write := func(f func() error) {
		t.Helper()
		if err := f(); err != nil {
			t.Fatal(err)
		}
		rv, _ := strconv.ParseUint(s.ResourceVersion(), 10, 64)
		live[rv] = podNames(t, s)
	}
	write(func() error { _, err := s.Create(testPod("c", "")); return err })
	write(func() error { _, _, err := s.Delete(kindPod(), "default", "a", nil); return err })
	write(func() error {
		p, err := GetAs[*api.Pod](s, "default", "b")
		if err != nil {
			return err
		}
		p.Labels["v"] = "2"
		_, err = s.Update(p)
		return err
	})
	write(func() error { _, err := s.Create(testPod("a", "")); return err })
	events := w.Drain()
	if len(events) < 4 {
		t.Fatalf("%d events", len(events))
	}
	now := clock.Epoch.Add(time.Hour)
	for rv, want := range live {
		p := snap.Past(events, rv, now)
		if got := podNames(t, p); got != want {
			t.Errorf("at %d: %q, want %q", rv, got, want)
		}
		if got := p.ResourceVersion(); got != strconv.FormatUint(rv, 10) {
			t.Errorf("at %d: resourceVersion %s", rv, got)
		}
		if !p.Now().Equal(now) || !p.past {
			t.Errorf("at %d: now %v, past %v", rv, p.Now(), p.past)
		}
		if _, err := p.Create(testPod("d", "")); err == nil {
			t.Errorf("at %d: a past server took a create", rv)
		}
		if err := p.DryRun(func() error { _, err := p.Create(testPod("e", "")); return err }); err == nil {
			t.Errorf("at %d: a past server took a dry run", rv)
		}
		if _, err := p.bind("default", "b", "node-1"); err == nil {
			t.Errorf("at %d: a past server took a binding", rv)
		}
		if n := p.WritesRefused(); n != 3 {
			t.Errorf("at %d: %d writes refused, want 3", rv, n)
		}
		if got := podNames(t, p); got != want {
			t.Errorf("at %d after the refused writes: %q, want %q", rv, got, want)
		}
	}
	if got := podNames(t, s); got != live[s.rv] {
		t.Errorf("the live server changed: %q", got)
	}
}

func kindPod() *api.KindInfo { return api.KindOf(&api.Pod{}) }

// ShareLists hands a past server's readers its frozen objects; a live
// server's lists stay copies.
func TestShareListsOnlyOnAPastServer(t *testing.T) {
	s := newTestServer(1)
	if _, err := s.Create(testPod("a", "")); err != nil {
		t.Fatal(err)
	}
	first := func(s *Server) api.Object {
		l, err := s.List(kindPod(), "", nil)
		if err != nil || len(l.Items) != 1 {
			t.Fatalf("%v %v", l, err)
		}
		return l.Items[0]
	}
	if s.ShareLists(); first(s) == first(s) {
		t.Error("a live server's lists share its objects")
	}
	p := s.Snapshot().Past(nil, 0, clock.Epoch).ShareLists()
	if first(p) != first(p) {
		t.Error("a past server's shared lists copy")
	}
	if got := podNames(t, p); got != podNames(t, s) {
		t.Errorf("past %q, live %q", got, podNames(t, s))
	}
}

package apiserver

import (
	"strconv"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

func TestWatchOrder(t *testing.T) {
	s := newTestServer(1)
	w, err := s.Watch(WatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := mustCreate(t, s, testDeployment("web"))
	mustCreate(t, s, testPod("p", "node-1"))
	d.Spec.Replicas = ptr(int32(3))
	must(t)(s.Update(d))
	if _, _, err := s.Delete(deployments, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	want := "ADDED web@5 ADDED p@6 MODIFIED web@7 DELETED web@8"
	if got := eventTypes(w); got != want {
		t.Errorf("events = %s, want %s", got, want)
	}
	if w.pending() {
		t.Error("watcher still pending after Drain")
	}
	if w.ResourceVersion() != "8" {
		t.Errorf("watcher resourceVersion = %s", w.ResourceVersion())
	}
	// Nothing more until the next write.
	if _, ok := w.Next(); ok {
		t.Error("Next returned an event with nothing written")
	}
	mustCreate(t, s, testPod("q", ""))
	if got := eventTypes(w); got != "ADDED q@9" {
		t.Errorf("after another write: %s", got)
	}
}

func TestWatchEventObjects(t *testing.T) {
	s := newTestServer(1)
	w, _ := s.Watch(WatchOptions{})
	mustCreate(t, s, testDeployment("web"))
	s.Delete(deployments, "default", "web", nil)
	evs := w.Drain()
	if len(evs) != 2 {
		t.Fatalf("events: %v", evs)
	}
	add, del := evs[0], evs[1]
	if add.Kind != deployments || add.Object.(*api.Deployment).ResourceVersion != "5" || add.Object.GetObjectMeta().Generation != 1 {
		t.Errorf("ADDED: %+v", add.Object.GetObjectMeta())
	}
	if del.Object.GetObjectMeta().ResourceVersion != "6" || del.ResourceVersion != 6 {
		t.Errorf("DELETED carries rv %s, want the deletion's 6", del.Object.GetObjectMeta().ResourceVersion)
	}
	if add.Object.GetTypeMeta().Kind != "Deployment" {
		t.Errorf("typeMeta not set on event object: %+v", add.Object.GetTypeMeta())
	}
}

func TestWatchFromResourceVersion(t *testing.T) {
	s := newTestServer(1)
	l, _ := s.List(pods, "", nil)
	mustCreate(t, s, testPod("a", ""))
	mustCreate(t, s, testPod("b", ""))
	// An informer lists, then watches from the list's version: it sees
	// everything after, even writes made in between.
	w, err := s.Watch(WatchOptions{ResourceVersion: l.ResourceVersion})
	if err != nil {
		t.Fatal(err)
	}
	if got := eventTypes(w); got != "ADDED a@5 ADDED b@6" {
		t.Errorf("replay = %s", got)
	}
	w2, _ := s.Watch(WatchOptions{ResourceVersion: "5"})
	if got := eventTypes(w2); got != "ADDED b@6" {
		t.Errorf("replay from 5 = %s", got)
	}
	w3, _ := s.Watch(WatchOptions{ResourceVersion: "0"})
	if got := eventTypes(w3); got != "" {
		t.Errorf("watch from 0 replayed %s", got)
	}
	_, err = s.Watch(WatchOptions{ResourceVersion: "99"})
	if KubectlMessage(err) != "Error from server (Timeout): Timeout: Too large resource version: 99, current: 6" {
		t.Errorf("future rv: %s", KubectlMessage(err))
	}
	if _, err := s.Watch(WatchOptions{ResourceVersion: "abc"}); !IsBadRequest(err) {
		t.Errorf("bad rv: %v", err)
	}
}

func TestWatchFilters(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "other"}})
	byKind, _ := s.Watch(WatchOptions{Kinds: []*api.KindInfo{pods}})
	byNS, _ := s.Watch(WatchOptions{Namespace: "other"})
	sel, _ := labels.Parse("app=web")
	bySel, _ := s.Watch(WatchOptions{Kinds: []*api.KindInfo{pods}, LabelSelector: sel})

	p := mustCreate(t, s, testPod("p", "")) // app=web, default
	q := testPod("q", "")
	q.Namespace = "other"
	q.Labels = map[string]string{"app": "db"}
	q = mustCreate(t, s, q)
	mustCreate(t, s, testDeployment("web"))
	// q starts matching: ADDED for the selector watch; p stops: DELETED.
	q.Labels = map[string]string{"app": "web"}
	must(t)(s.Update(q))
	p.Labels = map[string]string{"app": "gone"}
	must(t)(s.Update(p))
	p = mustGet[*api.Pod](t, s, "default", "p")
	p.Annotations = map[string]string{"x": "y"} // still not matching: nothing
	must(t)(s.Update(p))

	if got, want := eventTypes(byKind), "ADDED p@6 ADDED q@7 MODIFIED q@9 MODIFIED p@10 MODIFIED p@11"; got != want {
		t.Errorf("kind filter: %s, want %s", got, want)
	}
	if got, want := eventTypes(byNS), "ADDED q@7 MODIFIED q@9"; got != want {
		t.Errorf("namespace filter: %s, want %s", got, want)
	}
	evs := bySel.Drain()
	var got string
	for _, ev := range evs {
		got += string(ev.Type) + " " + ev.Object.GetObjectMeta().Name + "@" + ev.Object.GetObjectMeta().ResourceVersion + " "
	}
	if want := "ADDED p@6 ADDED q@9 DELETED p@10 "; got != want {
		t.Errorf("selector filter: %s, want %s", got, want)
	}
	// The DELETED-by-selector event shows the last state that matched.
	if last := evs[len(evs)-1].Object.GetObjectMeta(); last.Labels["app"] != "web" {
		t.Errorf("selector DELETED object labels = %v, want the matching state", last.Labels)
	}
}

func TestWatchCompaction(t *testing.T) {
	s := newTestServer(1)
	s.setWatchLimits(10, 1000)
	slow, _ := s.Watch(WatchOptions{}) // holds back compaction
	for i := range 100 {
		mustCreate(t, s, testPod("p"+strconv.Itoa(i), ""))
	}
	if got := s.oldestResourceVersion(); got != 4 {
		t.Errorf("oldest rv with a registered watcher at 4 = %d, want 4", got)
	}
	// Once the watcher reads, compaction may drop what it read; it keeps
	// what the watcher has not read yet.
	if n := len(slow.Drain()); n != 100 {
		t.Fatalf("slow watcher read %d events", n)
	}
	for i := range 100 {
		mustCreate(t, s, testPod("q"+strconv.Itoa(i), ""))
	}
	if got := s.oldestResourceVersion(); got != 104 {
		t.Errorf("oldest rv with the watcher at 104 = %d, want 104", got)
	}
	slow.Stop()
	s.setWatchLimits(10, 40) // compacts now
	oldest := s.oldestResourceVersion()
	if oldest != s.rv-10 {
		t.Errorf("oldest = %d, want %d (history 10 of %d)", oldest, s.rv-10, s.rv)
	}
	// Watching from before the window is 410 Expired.
	_, err := s.Watch(WatchOptions{ResourceVersion: "5"})
	want := "too old resource version: 5 (" + strconv.FormatUint(oldest, 10) + ")"
	if !isResourceExpired(err) || err.Error() != want {
		t.Errorf("old watch: %v, want %q", err, want)
	}
	// From inside the window works.
	w, err := s.Watch(WatchOptions{ResourceVersion: strconv.FormatUint(oldest, 10)})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(w.Drain()); n != 10 {
		t.Errorf("window replay = %d events, want 10", n)
	}
}

func TestWatchBacklogExpiresLaggingWatcher(t *testing.T) {
	s := newTestServer(1)
	s.setWatchLimits(10, 20)
	lag, _ := s.Watch(WatchOptions{})
	for i := range 200 {
		mustCreate(t, s, testPod("p"+strconv.Itoa(i), ""))
	}
	if len(s.log.entries) > 2*10+64 {
		t.Errorf("backlog not bounded: %d entries", len(s.log.entries))
	}
	ev, ok := lag.Next()
	if !ok || ev.Type != Error || !isResourceExpired(ev.Err) {
		t.Fatalf("lagging watcher got %+v, want an ERROR 410", ev)
	}
	if want := "too old resource version: 4 (" + strconv.FormatUint(s.oldestResourceVersion(), 10) + ")"; ev.Err.Error() != want {
		t.Errorf("error = %q, want %q", ev.Err.Error(), want)
	}
	if _, ok := lag.Next(); ok || lag.pending() {
		t.Error("an expired watcher kept delivering")
	}
	if len(s.log.watchers) != 0 {
		t.Errorf("expired watcher still registered")
	}
}

func TestWatchStop(t *testing.T) {
	s := newTestServer(1)
	w, _ := s.Watch(WatchOptions{})
	w.Stop()
	w.Stop()
	mustCreate(t, s, testPod("p", ""))
	if _, ok := w.Next(); ok {
		t.Error("a stopped watcher delivered an event")
	}
}

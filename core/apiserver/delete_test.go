package apiserver

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
)

// eventTypes renders a watcher's pending events as "ADDED p1@5 ...".
func eventTypes(w *Watcher) string {
	var parts []string
	for _, ev := range w.Drain() {
		if ev.Type == Error {
			parts = append(parts, "ERROR "+ev.Err.Error())
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s@%d", ev.Type, ev.Object.GetObjectMeta().Name, ev.ResourceVersion))
	}
	return strings.Join(parts, " ")
}

func TestGracefulPodDelete(t *testing.T) {
	type step struct {
		grace       *int64 // DeleteOptions.GracePeriodSeconds; nil = default
		wantDeleted bool
		wantGrace   int64 // deletionGracePeriodSeconds afterwards (if not deleted)
		wantAt      time.Duration
	}
	cases := []struct {
		name       string
		node       string
		podGrace   *int64
		phase      api.PodPhase
		steps      []step
		wantEvents string // after create
	}{
		{"scheduled pod, default 30s, kubelet confirms", "node-1", nil, "", []step{
			{nil, false, 30, 30 * time.Second},
			{ptr(int64(0)), true, 0, 0},
		}, "MODIFIED p@6 MODIFIED p@7 DELETED p@8"},
		{"pod's own grace period", "node-1", ptr(int64(5)), "", []step{
			{nil, false, 5, 5 * time.Second},
		}, "MODIFIED p@6"},
		{"options override the pod", "node-1", ptr(int64(60)), "", []step{
			{ptr(int64(10)), false, 10, 10 * time.Second},
		}, "MODIFIED p@6"},
		{"a second delete may shorten", "node-1", nil, "", []step{
			{nil, false, 30, 30 * time.Second},
			{ptr(int64(10)), false, 10, 10 * time.Second},
		}, "MODIFIED p@6 MODIFIED p@7"},
		{"but not lengthen, nor repeat", "node-1", nil, "", []step{
			{ptr(int64(10)), false, 10, 10 * time.Second},
			{ptr(int64(60)), false, 10, 10 * time.Second},
			{nil, false, 10, 10 * time.Second},
		}, "MODIFIED p@6"},
		{"unscheduled pod goes at once", "", nil, "", []step{
			{nil, true, 0, 0},
		}, "MODIFIED p@6 DELETED p@7"},
		{"grace 0 goes at once", "node-1", nil, "", []step{
			{ptr(int64(0)), true, 0, 0},
		}, "MODIFIED p@6 DELETED p@7"},
		{"negative grace counts as 1", "node-1", nil, "", []step{
			{ptr(int64(-5)), false, 1, time.Second},
		}, "MODIFIED p@6"},
		{"finished pod goes at once", "node-1", nil, api.PodSucceeded, []step{
			{nil, true, 0, 0},
		}, "MODIFIED p@6 MODIFIED p@7 DELETED p@8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, clk := newTestServerClock(1)
			pod := testPod("p", c.node)
			pod.Spec.TerminationGracePeriodSeconds = c.podGrace
			created := mustCreate(t, s, pod)
			if c.phase != "" {
				created.Status.Phase = c.phase
				must(t)(s.UpdateStatus(created))
			}
			w, _ := s.Watch(WatchOptions{ResourceVersion: "5"})
			start := clk.Now()
			for i, st := range c.steps {
				obj, deleted, err := s.Delete(pods, "default", "p", &DeleteOptions{GracePeriodSeconds: st.grace})
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if deleted != st.wantDeleted {
					t.Fatalf("step %d: deleted = %v, want %v", i, deleted, st.wantDeleted)
				}
				_, getErr := s.Get(pods, "default", "p")
				if st.wantDeleted {
					if !IsNotFound(getErr) {
						t.Fatalf("step %d: pod still there", i)
					}
					continue
				}
				p := obj.(*api.Pod)
				if p.DeletionGracePeriodSeconds == nil || *p.DeletionGracePeriodSeconds != st.wantGrace {
					t.Errorf("step %d: deletionGracePeriodSeconds = %v, want %d", i, p.DeletionGracePeriodSeconds, st.wantGrace)
				}
				if p.DeletionTimestamp == nil || !p.DeletionTimestamp.Equal(start.Add(st.wantAt)) {
					t.Errorf("step %d: deletionTimestamp = %v, want now+%v", i, p.DeletionTimestamp, st.wantAt)
				}
				if p.Generation != 2 {
					t.Errorf("step %d: generation = %d, want 2 (bumped once by the graceful delete)", i, p.Generation)
				}
				// A shortened grace period counts from the first delete.
				clk.Advance(time.Second)
			}
			if got := eventTypes(w); got != c.wantEvents {
				t.Errorf("events = %s, want %s", got, c.wantEvents)
			}
		})
	}
}

func TestFinalizers(t *testing.T) {
	s, clk := newTestServerClock(1)
	d := testDeployment("web")
	d.Finalizers = []string{"example.com/a", "example.com/b"}
	mustCreate(t, s, d)
	w, _ := s.Watch(WatchOptions{})
	clk.Advance(3 * time.Second)

	obj, deleted, err := s.Delete(deployments, "default", "web", nil)
	if err != nil || deleted {
		t.Fatalf("delete: deleted=%v err=%v", deleted, err)
	}
	got := obj.(*api.Deployment)
	if got.DeletionTimestamp == nil || !got.DeletionTimestamp.Equal(clock.Epoch.Add(3*time.Second)) ||
		got.DeletionGracePeriodSeconds == nil || *got.DeletionGracePeriodSeconds != 0 || got.Generation != 2 {
		t.Fatalf("marked object: %+v", got.ObjectMeta)
	}
	// Deleting again changes nothing.
	if _, deleted, _ := s.Delete(deployments, "default", "web", nil); deleted {
		t.Fatal("second delete removed an object with finalizers")
	}
	// No new finalizers on a deleting object.
	got.Finalizers = append(got.Finalizers, "example.com/c")
	_, err = s.Update(got)
	if want := `The Deployment "web" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/c"}`; KubectlMessage(err) != want {
		t.Errorf("adding a finalizer:\n got  %s\n want %s", KubectlMessage(err), want)
	}
	// Removing one keeps it; removing the last deletes it.
	cur := mustGet[*api.Deployment](t, s, "default", "web")
	cur.Finalizers = []string{"example.com/b"}
	cur = must(t)(s.Update(cur)).(*api.Deployment)
	cur.Finalizers = nil
	must(t)(s.Update(cur))
	if _, err := s.Get(deployments, "default", "web"); !IsNotFound(err) {
		t.Fatalf("object with no finalizers left still exists: %v", err)
	}
	if got := eventTypes(w); got != "MODIFIED web@6 MODIFIED web@7 DELETED web@8" {
		t.Errorf("events = %s", got)
	}
}

func TestFinalizersOnGracefulPod(t *testing.T) {
	s := newTestServer(1)
	pod := testPod("p", "node-1")
	pod.Finalizers = []string{"example.com/hold"}
	mustCreate(t, s, pod)
	if _, deleted, _ := s.Delete(pods, "default", "p", nil); deleted {
		t.Fatal("deleted at once")
	}
	// Removing the finalizer while grace remains does not delete
	// (ShouldDeleteDuringUpdate wants grace 0).
	cur := mustGet[*api.Pod](t, s, "default", "p")
	cur.Finalizers = nil
	must(t)(s.Update(cur))
	if _, err := s.Get(pods, "default", "p"); err != nil {
		t.Fatal("pod vanished while its grace period ran")
	}
	// The kubelet's grace-0 delete finishes it.
	if _, deleted, err := s.Delete(pods, "default", "p", &DeleteOptions{GracePeriodSeconds: ptr(int64(0))}); !deleted || err != nil {
		t.Fatalf("kubelet confirm: deleted=%v err=%v", deleted, err)
	}
}

func TestPropagationPolicies(t *testing.T) {
	pol := func(p DeletionPropagation) *DeleteOptions { return &DeleteOptions{PropagationPolicy: &p} }
	cases := []struct {
		name           string
		opts           *DeleteOptions
		finalizers     []string
		wantDeleted    bool
		wantFinalizers string
	}{
		{"default is background", nil, nil, true, ""},
		{"background", pol(DeletePropagationBackground), nil, true, ""},
		{"foreground", pol(DeletePropagationForeground), nil, false, "foregroundDeletion"},
		{"orphan", pol(DeletePropagationOrphan), nil, false, "orphan"},
		{"orphanDependents=true", &DeleteOptions{OrphanDependents: ptr(true)}, nil, false, "orphan"},
		{"foreground keeps other finalizers", pol(DeletePropagationForeground), []string{"example.com/x"}, false,
			"example.com/x,foregroundDeletion"},
		{"background clears an orphan finalizer", pol(DeletePropagationBackground), []string{"orphan"}, true, ""},
		{"existing orphan finalizer wins without options", nil, []string{"orphan"}, false, "orphan"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestServer(1)
			d := testDeployment("web")
			d.Finalizers = c.finalizers
			mustCreate(t, s, d)
			obj, deleted, err := s.Delete(deployments, "default", "web", c.opts)
			if err != nil {
				t.Fatal(KubectlMessage(err))
			}
			if deleted != c.wantDeleted {
				t.Fatalf("deleted = %v, want %v", deleted, c.wantDeleted)
			}
			if got := strings.Join(obj.GetObjectMeta().Finalizers, ","); !deleted && got != c.wantFinalizers {
				t.Errorf("finalizers = %q, want %q", got, c.wantFinalizers)
			}
			if !deleted && obj.GetObjectMeta().DeletionTimestamp == nil {
				t.Error("no deletionTimestamp")
			}
		})
	}
}

func TestDeleteOptionsAndPreconditions(t *testing.T) {
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))
	bogus := DeletionPropagation("Sideways")
	cases := []struct {
		name string
		opts *DeleteOptions
		want string
	}{
		{"bad policy", &DeleteOptions{PropagationPolicy: &bogus},
			`The DeleteOptions "" is invalid: propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"`},
		{"both orphan and policy", &DeleteOptions{OrphanDependents: ptr(true), PropagationPolicy: ptr(DeletePropagationOrphan)},
			`The DeleteOptions "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set`},
		{"uid precondition", &DeleteOptions{Preconditions: &Preconditions{UID: ptr("other")}},
			`Error from server (Conflict): Operation cannot be fulfilled on Deployment.apps "web": the UID in the precondition (other) does not match the UID in record (` + d.UID + `). The object might have been deleted and then recreated`},
		{"rv precondition", &DeleteOptions{Preconditions: &Preconditions{ResourceVersion: ptr("1")}},
			`Error from server (Conflict): Operation cannot be fulfilled on Deployment.apps "web": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (5). The object might have been modified`},
	}
	for _, c := range cases {
		_, _, err := s.Delete(deployments, "default", "web", c.opts)
		if got := KubectlMessage(err); got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.name, got, c.want)
		}
	}
	// Matching preconditions pass.
	if _, deleted, err := s.Delete(deployments, "default", "web", &DeleteOptions{
		Preconditions: &Preconditions{UID: &d.UID, ResourceVersion: &d.ResourceVersion}}); err != nil || !deleted {
		t.Errorf("matching preconditions: deleted=%v err=%v", deleted, err)
	}
	_, _, err := s.Delete(deployments, "default", "web", nil)
	if KubectlMessage(err) != `Error from server (NotFound): deployments.apps "web" not found` {
		t.Errorf("second delete: %s", KubectlMessage(err))
	}
}

func TestNamespaceDeletion(t *testing.T) {
	s := newTestServer(1)
	for _, name := range []string{"default", "kube-system", "kube-public"} {
		_, _, err := s.Delete(namespaces, "", name, nil)
		if want := `Error from server (Forbidden): namespaces "` + name + `" is forbidden: this namespace may not be deleted`; KubectlMessage(err) != want {
			t.Errorf("delete %s: %s", name, KubectlMessage(err))
		}
	}
	mustCreate(t, s, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "doomed"}})
	p := testPod("early", "")
	p.Namespace = "doomed"
	mustCreate(t, s, p)

	obj, deleted, err := s.Delete(namespaces, "", "doomed", nil)
	if err != nil || deleted {
		t.Fatalf("delete namespace: deleted=%v err=%v", deleted, err)
	}
	ns := obj.(*api.Namespace)
	if ns.Status.Phase != api.NamespaceTerminating || ns.DeletionTimestamp == nil {
		t.Fatalf("namespace after delete: %+v", ns)
	}
	// Nothing new may be created in it; what is there may still change.
	late := testPod("late", "")
	late.Namespace = "doomed"
	_, err = s.Create(late)
	if want := `Error from server (Forbidden): pods "late" is forbidden: unable to create new content in namespace doomed because it is being terminated`; KubectlMessage(err) != want {
		t.Errorf("create in terminating namespace:\n got  %s\n want %s", KubectlMessage(err), want)
	}
	if se, _ := AsStatusError(err); se == nil || len(se.Details.Causes) != 1 || se.Details.Causes[0].Type != "NamespaceTerminating" {
		t.Errorf("causes = %+v", se.Details)
	}
	if _, _, err := s.Delete(pods, "doomed", "early", &DeleteOptions{GracePeriodSeconds: ptr(int64(0))}); err != nil {
		t.Errorf("delete in terminating namespace: %v", err)
	}
	// Deleting again while spec.finalizers remain does nothing.
	if _, deleted, _ := s.Delete(namespaces, "", "doomed", nil); deleted {
		t.Fatal("namespace deleted with spec.finalizers left")
	}
	// The namespace controller finalizes it: then it is gone.
	ns.Spec.Finalizers = nil
	if _, err := s.FinalizeNamespace(ns); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(namespaces, "", "doomed"); !IsNotFound(err) {
		t.Errorf("finalized namespace still exists: %v", err)
	}
}

func TestNamespaceSpecFinalizersOnlyViaFinalize(t *testing.T) {
	s := newTestServer(1)
	ns := mustCreate(t, s, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "x"}})
	ns.Spec.Finalizers = nil
	got := must(t)(s.Update(ns)).(*api.Namespace)
	if len(got.Spec.Finalizers) != 1 {
		t.Errorf("Update changed spec.finalizers: %v", got.Spec.Finalizers)
	}
	got.Spec.Finalizers = nil
	fin, err := s.FinalizeNamespace(got)
	if err != nil {
		t.Fatal(err)
	}
	// Finalizing a live namespace changes the list but does not delete it.
	if len(fin.Spec.Finalizers) != 0 || fin.Status.Phase != api.NamespaceActive {
		t.Errorf("finalize: %+v", fin)
	}
	if _, err := s.FinalizeNamespace(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "nope"}}); !IsNotFound(err) {
		t.Errorf("finalize missing: %v", err)
	}
}

func TestClusterScopedDelete(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}})
	if _, deleted, err := s.Delete(nodes, "ignored", "node-1", nil); err != nil || !deleted {
		t.Fatalf("delete node: deleted=%v err=%v", deleted, err)
	}
}

// DeleteCollection deletes every object of the kind in the namespace, each
// as Delete would (pods gracefully), and leaves other namespaces alone;
// Services do not serve it.
func TestDeleteCollection(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "dev"}})
	for _, name := range []string{"a", "b"} {
		p := testPod(name, "node-1")
		p.Namespace = "dev"
		mustCreate(t, s, p)
	}
	mustCreate(t, s, testPod("c", "node-1"))
	d := testDeployment("web")
	d.Namespace = "dev"
	mustCreate(t, s, d)
	bg := DeletePropagationBackground
	if err := s.DeleteCollection(pods, "dev", &DeleteOptions{PropagationPolicy: &bg}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		p := mustGet[*api.Pod](t, s, "dev", name)
		if p.DeletionTimestamp == nil || *p.DeletionGracePeriodSeconds != 30 {
			t.Errorf("pod %s: deletionTimestamp %v grace %v; want a graceful delete", name, p.DeletionTimestamp, p.DeletionGracePeriodSeconds)
		}
	}
	if p := mustGet[*api.Pod](t, s, "default", "c"); p.DeletionTimestamp != nil {
		t.Error("a pod in another namespace was deleted")
	}
	if err := s.DeleteCollection(deployments, "dev", nil); err != nil || s.Count(deployments, "dev") != 0 {
		t.Errorf("deployments: err %v, %d left", err, s.Count(deployments, "dev"))
	}
	err := s.DeleteCollection(services, "default", nil)
	if !IsMethodNotSupported(err) || KubectlMessage(err) != "Error from server (MethodNotAllowed): the server does not allow this method on the requested resource" {
		t.Errorf("services: %v", KubectlMessage(err))
	}
}

package apiserver

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func mustCreate[T api.Object](t *testing.T, s *Server, obj T) T {
	t.Helper()
	got, err := s.Create(obj)
	if err != nil {
		t.Fatalf("create %T: %s", obj, KubectlMessage(err))
	}
	return got.(T)
}

func mustGet[T api.Object](t *testing.T, s *Server, ns, name string) T {
	t.Helper()
	got, err := GetAs[T](s, ns, name)
	if err != nil {
		t.Fatalf("get %s: %v", name, err)
	}
	return got
}

// TestGenerationRules is the table of when metadata.generation moves:
// strategy.go PrepareForUpdate per kind, and never on the status path.
func TestGenerationRules(t *testing.T) {
	cases := []struct {
		name    string
		status  bool // write through UpdateStatus
		mutate  func(d *api.Deployment)
		wantGen int64
	}{
		{"no change", false, func(d *api.Deployment) {}, 1},
		{"replicas", false, func(d *api.Deployment) { d.Spec.Replicas = ptr(int32(5)) }, 2},
		{"image", false, func(d *api.Deployment) { d.Spec.Template.Spec.Containers[0].Image = "nginx:1.28" }, 2},
		{"paused", false, func(d *api.Deployment) { d.Spec.Paused = true }, 2},
		{"annotation added", false, func(d *api.Deployment) {
			d.Annotations = map[string]string{"kubernetes.io/change-cause": "v2"}
		}, 2},
		{"label only", false, func(d *api.Deployment) { d.Labels = map[string]string{"tier": "web"} }, 1},
		{"finalizer only", false, func(d *api.Deployment) { d.Finalizers = []string{"example.com/x"} }, 1},
		{"status on main path is ignored", false, func(d *api.Deployment) { d.Status.Replicas = 3 }, 1},
		{"generation set by client is ignored", false, func(d *api.Deployment) { d.Generation = 40 }, 1},
		{"status path", true, func(d *api.Deployment) {
			d.Status.Replicas = 2
			d.Status.ObservedGeneration = 1
		}, 1},
		{"spec on status path is ignored", true, func(d *api.Deployment) { d.Spec.Replicas = ptr(int32(9)) }, 1},
		{"annotation on status path: kept, no bump", true, func(d *api.Deployment) {
			d.Annotations = map[string]string{"deployment.kubernetes.io/revision": "1"}
		}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestServer(1)
			d := mustCreate(t, s, testDeployment("web"))
			c.mutate(d)
			var obj api.Object
			var err error
			if c.status {
				obj, err = s.UpdateStatus(d)
			} else {
				obj, err = s.Update(d)
			}
			if err != nil {
				t.Fatal(KubectlMessage(err))
			}
			if g := obj.GetObjectMeta().Generation; g != c.wantGen {
				t.Errorf("generation = %d, want %d", g, c.wantGen)
			}
			stored := mustGet[*api.Deployment](t, s, "default", "web")
			if stored.Generation != c.wantGen {
				t.Errorf("stored generation = %d, want %d", stored.Generation, c.wantGen)
			}
		})
	}
}

func TestGenerationOtherKinds(t *testing.T) {
	s := newTestServer(1)
	rs := mustCreate(t, s, &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "rs", Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: ptr(int32(1)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"a": "b"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"a": "b"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "i"}}}}}})
	rs.Annotations = map[string]string{"x": "y"} // a ReplicaSet does not count annotations
	rs = must(t)(s.Update(rs)).(*api.ReplicaSet)
	if rs.Generation != 1 {
		t.Errorf("ReplicaSet annotation bumped generation to %d", rs.Generation)
	}
	rs.Spec.Replicas = ptr(int32(3))
	rs = must(t)(s.Update(rs)).(*api.ReplicaSet)
	if rs.Generation != 2 {
		t.Errorf("ReplicaSet spec change: generation %d, want 2", rs.Generation)
	}

	pod := mustCreate(t, s, testPod("p", ""))
	pod.Spec.Containers[0].Image = "nginx:1.28"
	pod = must(t)(s.Update(pod)).(*api.Pod)
	if pod.Generation != 2 {
		t.Errorf("pod spec change: generation %d, want 2", pod.Generation)
	}

	eps := mustCreate(t, s, &api.EndpointSlice{ObjectMeta: api.ObjectMeta{Name: "svc-abc", Namespace: "default",
		Labels: map[string]string{"kubernetes.io/service-name": "svc"}}, AddressType: api.AddressTypeIPv4,
		Endpoints: []api.Endpoint{{Addresses: []string{"10.0.0.1"}}}})
	if eps.Generation != 1 {
		t.Errorf("EndpointSlice create: generation %d, want 1", eps.Generation)
	}
	eps.Annotations = map[string]string{"a": "b"} // metadata other than labels: no bump
	eps = must(t)(s.Update(eps)).(*api.EndpointSlice)
	eps.Endpoints = append(eps.Endpoints, api.Endpoint{Addresses: []string{"10.0.0.2"}})
	eps = must(t)(s.Update(eps)).(*api.EndpointSlice)
	eps.Labels["x"] = "y"
	eps = must(t)(s.Update(eps)).(*api.EndpointSlice)
	if eps.Generation != 3 {
		t.Errorf("EndpointSlice: generation %d, want 3 (endpoints and labels count, annotations do not)", eps.Generation)
	}

	svc := mustCreate(t, s, &api.Service{ObjectMeta: api.ObjectMeta{Name: "svc", Namespace: "default"},
		Spec: api.ServiceSpec{Selector: map[string]string{"app": "web"}, Ports: []api.ServicePort{{Port: 80}}}})
	svc.Spec.Selector = map[string]string{"app": "other"}
	svc = must(t)(s.Update(svc)).(*api.Service)
	if svc.Generation != 0 {
		t.Errorf("a Service has no generation, got %d", svc.Generation)
	}
}

// must(t)(s.Update(x)) fails the test on an error and returns the object.
func must(t *testing.T) func(api.Object, error) api.Object {
	return func(obj api.Object, err error) api.Object {
		t.Helper()
		if err != nil {
			t.Fatal(KubectlMessage(err))
		}
		return obj
	}
}

func TestStatusAndSpecPaths(t *testing.T) {
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))

	// Main path: spec changes stick, status changes vanish.
	d.Spec.Replicas = ptr(int32(4))
	d.Status.Replicas = 99
	got := must(t)(s.Update(d)).(*api.Deployment)
	if *got.Spec.Replicas != 4 || got.Status.Replicas != 0 {
		t.Errorf("main path: replicas %d, status.replicas %d; want 4, 0", *got.Spec.Replicas, got.Status.Replicas)
	}

	// Status path: status changes stick, spec and label changes vanish,
	// annotation changes stick (the Deployment controller writes the
	// revision annotation with UpdateStatus).
	got.Status = api.DeploymentStatus{Replicas: 4, ObservedGeneration: got.Generation}
	got.Spec.Replicas = ptr(int32(1))
	got.Labels = map[string]string{"sneaky": "yes"}
	got.Annotations = map[string]string{"deployment.kubernetes.io/revision": "1"}
	st := must(t)(s.UpdateStatus(got)).(*api.Deployment)
	if st.Status.Replicas != 4 || *st.Spec.Replicas != 4 || st.Labels["sneaky"] != "" ||
		st.Annotations["deployment.kubernetes.io/revision"] != "1" || st.Generation != 2 {
		t.Errorf("status path result: %+v / %+v", st.ObjectMeta, st.Spec)
	}

	// Pods: the status path keeps ownerReferences and the spec.
	pod := mustCreate(t, s, testPod("p", "node-1"))
	pod.Status.Phase = api.PodRunning
	pod.Spec.NodeName = "node-2"
	pod.OwnerReferences = []api.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "x", UID: "u"}}
	pod.Status.QOSClass = ""
	p := must(t)(s.UpdateStatus(pod)).(*api.Pod)
	if p.Status.Phase != api.PodRunning || p.Spec.NodeName != "node-1" || len(p.OwnerReferences) != 0 ||
		p.Status.QOSClass != "BestEffort" {
		t.Errorf("pod status path: phase %s node %s owners %v qos %q", p.Status.Phase, p.Spec.NodeName,
			p.OwnerReferences, p.Status.QOSClass)
	}

	// A kind without a status subresource has no status endpoint.
	ev := mustCreate(t, s, &api.Event{ObjectMeta: api.ObjectMeta{Name: "e", Namespace: "default"},
		InvolvedObject: api.ObjectReference{Kind: "Pod", Name: "p", Namespace: "default"}, Reason: "r",
		Message: "m", Type: "Normal", Source: api.EventSource{Component: "c"}})
	_, err := s.UpdateStatus(ev)
	if KubectlMessage(err) != "Error from server (NotFound): the server could not find the requested resource" {
		t.Errorf("UpdateStatus on an Event: %q", KubectlMessage(err))
	}
}

func TestStatusValidation(t *testing.T) {
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))
	d.Status.Replicas = 1
	d.Status.AvailableReplicas = 2
	d.Status.ReadyReplicas = 2
	_, err := s.UpdateStatus(d)
	if !IsInvalid(err) {
		t.Fatalf("want Invalid, got %v", err)
	}
	t.Log(KubectlMessage(err))
}

func TestUpdateConflicts(t *testing.T) {
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))
	stale := api.DeepCopy(d)

	d.Spec.Replicas = ptr(int32(3))
	d = must(t)(s.Update(d)).(*api.Deployment)

	// A write carrying the old resourceVersion loses.
	stale.Spec.Replicas = ptr(int32(7))
	_, err := s.Update(stale)
	want := `Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`
	if !IsConflict(err) || err.Error() != want {
		t.Fatalf("stale update: %v", err)
	}
	if KubectlMessage(err) != "Error from server (Conflict): "+want {
		t.Errorf("kubectl: %s", KubectlMessage(err))
	}
	// So does a stale status write.
	stale.Status.Replicas = 1
	if _, err := s.UpdateStatus(stale); !IsConflict(err) {
		t.Errorf("stale status update: %v", err)
	}
	// An empty resourceVersion is unconditional.
	stale.ResourceVersion = ""
	got := must(t)(s.Update(stale)).(*api.Deployment)
	if *got.Spec.Replicas != 7 {
		t.Errorf("unconditional update: replicas %d", *got.Spec.Replicas)
	}
	// A different uid is a failed precondition.
	got.UID = "00000000-0000-4000-8000-000000000000"
	_, err = s.Update(got)
	if !IsConflict(err) || err.Error() != `Operation cannot be fulfilled on deployments.apps "web": Precondition failed: UID in precondition: 00000000-0000-4000-8000-000000000000, UID in object meta: `+d.UID {
		t.Errorf("uid precondition: %v", err)
	}
	// Updating something missing is NotFound.
	missing := testDeployment("nope")
	if _, err := s.Update(missing); !IsNotFound(err) || err.Error() != `deployments.apps "nope" not found` {
		t.Errorf("missing: %v", err)
	}
}

func TestUpdateNoOpWritesNothing(t *testing.T) {
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))
	w, _ := s.Watch(WatchOptions{})
	rv := s.ResourceVersion()
	same := must(t)(s.Update(d)).(*api.Deployment)
	if s.ResourceVersion() != rv || same.ResourceVersion != d.ResourceVersion {
		t.Errorf("no-op update moved resourceVersion %s -> %s", rv, s.ResourceVersion())
	}
	// Status written with the same values: also nothing.
	must(t)(s.UpdateStatus(d))
	// nil and empty collections are the same object.
	d.Labels = map[string]string{}
	d.Finalizers = []string{}
	must(t)(s.Update(d))
	if evs := w.Drain(); len(evs) != 0 {
		t.Errorf("no-op updates produced events: %v", evs)
	}
}

func TestUpdateImmutableMetadata(t *testing.T) {
	s, clk := newTestServerClock(1)
	d := mustCreate(t, s, testDeployment("web"))
	created := d.CreationTimestamp
	clk.Advance(time.Hour)

	// Server-owned fields are restored silently.
	d.CreationTimestamp = api.NewTime(clk.Now())
	d.UID = ""
	got := must(t)(s.Update(d)).(*api.Deployment)
	if !got.CreationTimestamp.Equal(created.Time) || got.UID == "" {
		t.Errorf("creationTimestamp %v uid %q after update", got.CreationTimestamp, got.UID)
	}

	// The selector of an apps/v1 Deployment is immutable.
	got.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{"app": "other"}}
	got.Spec.Template.Labels = map[string]string{"app": "other"}
	_, err := s.Update(got)
	if !IsInvalid(err) {
		t.Fatalf("selector change: %v", err)
	}
	t.Log(KubectlMessage(err))

	// A deletionTimestamp cannot be set by an update.
	fresh := mustGet[*api.Deployment](t, s, "default", "web")
	fresh.DeletionTimestamp = api.NewTimePtr(clk.Now())
	_, err = s.Update(fresh)
	if want := `The Deployment "web" is invalid: metadata.deletionTimestamp: Invalid value: "2026-01-01T01:00:00Z": field is immutable`; KubectlMessage(err) != want {
		t.Errorf("deletionTimestamp:\n got  %s\n want %s", KubectlMessage(err), want)
	}
}

func TestUpdateDoesNotChangeArgument(t *testing.T) {
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))
	d.Status.Replicas = 5
	rv := d.ResourceVersion
	if _, err := s.Update(d); err != nil {
		t.Fatal(err)
	}
	if d.Status.Replicas != 5 || d.ResourceVersion != rv {
		t.Errorf("Update changed its argument: status.replicas %d rv %s", d.Status.Replicas, d.ResourceVersion)
	}
}

package apiserver

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
)

func TestInitialNamespaces(t *testing.T) {
	s := newTestServer(1)
	l, err := s.List(namespaces, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range l.Items {
		ns := o.(*api.Namespace)
		names = append(names, ns.Name)
		if ns.Status.Phase != api.NamespaceActive {
			t.Errorf("namespace %s phase = %q, want Active", ns.Name, ns.Status.Phase)
		}
		if len(ns.Spec.Finalizers) != 1 || ns.Spec.Finalizers[0] != "kubernetes" {
			t.Errorf("namespace %s spec.finalizers = %v, want [kubernetes]", ns.Name, ns.Spec.Finalizers)
		}
		if ns.Namespace != "" || ns.UID == "" || ns.CreationTimestamp.IsZero() {
			t.Errorf("namespace %s metadata = %+v", ns.Name, ns.ObjectMeta)
		}
	}
	if got := strings.Join(names, ","); got != "default,kube-node-lease,kube-public,kube-system" {
		t.Errorf("namespaces = %s", got)
	}
	if s.ResourceVersion() != "4" {
		t.Errorf("resourceVersion after bootstrap = %s, want 4", s.ResourceVersion())
	}
}

func TestCreateSetsServerFields(t *testing.T) {
	s, clk := newTestServerClock(1)
	clk.Advance(90*time.Second + 700*time.Millisecond)
	d := testDeployment("web")
	d.Status.Replicas = 7 // users may not set status
	d.UID = "user-chosen" // nor the uid
	d.CreationTimestamp = api.NewTime(clock.Epoch.Add(-time.Hour))
	d.Generation = 9
	obj, err := s.Create(d)
	if err != nil {
		t.Fatal(KubectlMessage(err))
	}
	got := obj.(*api.Deployment)
	if got.Kind != "Deployment" || got.APIVersion != "apps/v1" {
		t.Errorf("typeMeta = %+v", got.TypeMeta)
	}
	if got.UID == "user-chosen" || !uuidRE.MatchString(got.UID) {
		t.Errorf("uid = %q, want a server-generated UUID", got.UID)
	}
	if want := clock.Epoch.Add(90 * time.Second); !got.CreationTimestamp.Equal(want) {
		t.Errorf("creationTimestamp = %v, want %v (virtual clock, whole seconds)", got.CreationTimestamp, want)
	}
	if got.Generation != 1 {
		t.Errorf("generation = %d, want 1", got.Generation)
	}
	if got.Status.Replicas != 0 {
		t.Errorf("status.replicas = %d, want status cleared", got.Status.Replicas)
	}
	if got.ResourceVersion != "5" {
		t.Errorf("resourceVersion = %q, want 5", got.ResourceVersion)
	}
	if got.Spec.Strategy.Type != api.RollingUpdateDeploymentStrategyType || *got.Spec.RevisionHistoryLimit != 10 {
		t.Errorf("defaults were not applied: %+v", got.Spec)
	}
	if d.UID != "user-chosen" || d.ResourceVersion != "" || d.Spec.RevisionHistoryLimit != nil {
		t.Errorf("Create changed its argument: %+v", d.ObjectMeta)
	}
}

func TestCreateGenerationAndStatusPerKind(t *testing.T) {
	s := newTestServer(1)
	cases := []struct {
		obj     api.Object
		gen     int64
		checkFn func(api.Object) string
	}{
		{testDeployment("d"), 1, nil},
		{&api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "rs"}, Spec: api.ReplicaSetSpec{
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"a": "b"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"a": "b"}},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "i"}}}}},
			Status: api.ReplicaSetStatus{Replicas: 3}}, 1, func(o api.Object) string {
			if o.(*api.ReplicaSet).Status.Replicas != 0 {
				return "status not cleared"
			}
			return ""
		}},
		{testPod("p", ""), 1, func(o api.Object) string {
			p := o.(*api.Pod)
			if p.Status.Phase != api.PodPending || p.Status.QOSClass != "BestEffort" {
				return "pod status = " + string(p.Status.Phase) + "/" + p.Status.QOSClass
			}
			return ""
		}},
		{&api.Service{ObjectMeta: api.ObjectMeta{Name: "svc"}, Spec: api.ServiceSpec{
			Selector: map[string]string{"app": "web"}, Ports: []api.ServicePort{{Port: 80}}},
			Status: api.ServiceStatus{LoadBalancer: api.LoadBalancerStatus{Ingress: []api.LoadBalancerIngress{{IP: "1.2.3.4"}}}}},
			0, func(o api.Object) string {
				if len(o.(*api.Service).Status.LoadBalancer.Ingress) != 0 {
					return "status not cleared"
				}
				return ""
			}},
		{&api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}, Status: api.NodeStatus{
			Conditions: []api.NodeCondition{{Type: api.NodeReady, Status: api.ConditionTrue}}}}, 0,
			func(o api.Object) string {
				if len(o.(*api.Node).Status.Conditions) != 1 {
					return "a node's status must survive create"
				}
				return ""
			}},
		{&api.Event{ObjectMeta: api.ObjectMeta{Name: "e"}, InvolvedObject: api.ObjectReference{Kind: "Pod", Name: "p", Namespace: "default"},
			Reason: "Scheduled", Message: "m", Type: "Normal", ReportingComponent: "x", ReportingInstance: "y",
			Source: api.EventSource{Component: "x"}}, 0, nil},
	}
	for _, c := range cases {
		k := api.KindOf(c.obj)
		obj, err := s.Create(c.obj)
		if err != nil {
			t.Errorf("%s: %s", k.Kind, KubectlMessage(err))
			continue
		}
		if g := obj.GetObjectMeta().Generation; g != c.gen {
			t.Errorf("%s: generation = %d, want %d", k.Kind, g, c.gen)
		}
		if c.checkFn != nil {
			if msg := c.checkFn(obj); msg != "" {
				t.Errorf("%s: %s", k.Kind, msg)
			}
		}
	}
}

func TestCreateAlreadyExists(t *testing.T) {
	s := newTestServer(1)
	if _, err := s.Create(testDeployment("web")); err != nil {
		t.Fatal(err)
	}
	rv := s.ResourceVersion()
	_, err := s.Create(testDeployment("web"))
	if !IsAlreadyExists(err) || err.Error() != `deployments.apps "web" already exists` {
		t.Fatalf("second create: %v", err)
	}
	if KubectlMessage(err) != `Error from server (AlreadyExists): deployments.apps "web" already exists` {
		t.Errorf("kubectl: %s", KubectlMessage(err))
	}
	if s.ResourceVersion() != rv {
		t.Errorf("a failed create moved the resourceVersion to %s", s.ResourceVersion())
	}
	// Another namespace is another name.
	other := testDeployment("web")
	other.Namespace = "kube-system"
	if _, err := s.Create(other); err != nil {
		t.Errorf("same name in another namespace: %v", err)
	}
	// Validation comes before the existence check, as upstream.
	bad := testDeployment("web")
	bad.Spec.Replicas = ptr(int32(-1))
	if _, err := s.Create(bad); !IsInvalid(err) {
		t.Errorf("invalid duplicate: got %v, want Invalid", err)
	}
}

func TestCreateAlreadyExistsWhileDeleting(t *testing.T) {
	s := newTestServer(1)
	d := testDeployment("web")
	d.Finalizers = []string{"example.com/hold"}
	if _, err := s.Create(d); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Delete(deployments, "default", "web", nil); err != nil {
		t.Fatal(err)
	}
	_, err := s.Create(testDeployment("web"))
	if want := `object is being deleted: deployments.apps "web" already exists`; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
}

func TestCreateGenerateName(t *testing.T) {
	s := newTestServer(9)
	seen := map[string]bool{}
	for range 30 {
		obj, err := s.Create(testPodGenerate("web-7d9c8-"))
		if err != nil {
			t.Fatal(err)
		}
		name := obj.GetObjectMeta().Name
		if !strings.HasPrefix(name, "web-7d9c8-") || !suffixRE.MatchString(strings.TrimPrefix(name, "web-7d9c8-")) {
			t.Errorf("generated name %q", name)
		}
		if obj.GetObjectMeta().GenerateName != "web-7d9c8-" {
			t.Errorf("generateName not kept: %q", obj.GetObjectMeta().GenerateName)
		}
		if seen[name] {
			t.Errorf("name %q generated twice", name)
		}
		seen[name] = true
	}
}

// TestCreateGenerateNameRetries: a collision with an existing name makes the
// server draw again (createWithGenerateNameRetry); if every draw collides
// the error is the generate-name conflict.
func TestCreateGenerateNameRetries(t *testing.T) {
	// Predict the next generated name by replaying the seeded stream on a
	// twin server that makes the same calls, then take that name first.
	s, twin := newTestServer(5), newTestServer(5)
	if _, err := twin.Create(testPod("x", "")); err != nil {
		t.Fatal(err)
	}
	first, err := twin.Create(testPodGenerate("web-"))
	if err != nil {
		t.Fatal(err)
	}
	taken := first.GetObjectMeta().Name
	if _, err := s.Create(testPod(taken, "")); err != nil {
		t.Fatal(err)
	}
	got, err := s.Create(testPodGenerate("web-"))
	if err != nil {
		t.Fatalf("generateName after a collision: %v", err)
	}
	if got.GetObjectMeta().Name == taken {
		t.Fatalf("generated the taken name %q", taken)
	}

	// Exhaustion: a plugin ahead of Registry that always picks the same
	// name makes all 8 attempts collide.
	s = newTestServer(5)
	s.Plugins = append([]Plugin{fixedName{"web-bbbbb"}}, s.Plugins...)
	if _, err := s.Create(testPodGenerate("web-")); err != nil {
		t.Fatal(err)
	}
	_, err = s.Create(testPodGenerate("web-"))
	want := `pods "web-bbbbb" already exists, the server was not able to generate a unique name for the object`
	if !IsAlreadyExists(err) || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
}

// fixedName is a test plugin that names every generateName object alike.
type fixedName struct{ name string }

func (fixedName) Name() string { return "FixedName" }
func (f fixedName) Admit(a *Attributes) error {
	if a.Operation == OperationCreate && a.Object.GetObjectMeta().Name == "" {
		a.Object.GetObjectMeta().Name, a.Name = f.name, f.name
	}
	return nil
}

func TestCreateNamespaces(t *testing.T) {
	s := newTestServer(1)
	cases := []struct {
		name    string
		obj     func() api.Object
		wantNS  string
		wantErr string
	}{
		{"empty namespace means default", func() api.Object {
			d := testDeployment("a")
			d.Namespace = ""
			return d
		}, "default", ""},
		{"missing namespace", func() api.Object {
			d := testDeployment("b")
			d.Namespace = "foo"
			return d
		}, "", `namespaces "foo" not found`},
		{"missing namespace before validation", func() api.Object {
			d := testDeployment("c")
			d.Namespace = "foo"
			d.Spec.Replicas = ptr(int32(-1))
			return d
		}, "", `namespaces "foo" not found`},
		{"cluster-scoped kind drops the namespace", func() api.Object {
			return &api.Node{ObjectMeta: api.ObjectMeta{Name: "n1", Namespace: "default"}}
		}, "", ""},
		{"namespace in kube-system", func() api.Object {
			p := testPod("p", "")
			p.Namespace = "kube-system"
			return p
		}, "kube-system", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj, err := s.Create(c.obj())
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				if !IsNotFound(err) {
					t.Errorf("want NotFound, got %v", ReasonForError(err))
				}
				return
			}
			if err != nil {
				t.Fatal(KubectlMessage(err))
			}
			if ns := obj.GetObjectMeta().Namespace; ns != c.wantNS {
				t.Errorf("namespace = %q, want %q", ns, c.wantNS)
			}
		})
	}
	// A new namespace can be used at once.
	if _, err := s.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "foo"}}); err != nil {
		t.Fatal(err)
	}
	d := testDeployment("b")
	d.Namespace = "foo"
	if _, err := s.Create(d); err != nil {
		t.Errorf("create in new namespace: %v", err)
	}
}

func TestCreateRejectsResourceVersion(t *testing.T) {
	s := newTestServer(1)
	d := testDeployment("web")
	d.ResourceVersion = "3"
	_, err := s.Create(d)
	if KubectlMessage(err) != "Error from server: resourceVersion should not be set on objects to be created" {
		t.Errorf("err = %q", KubectlMessage(err))
	}
}

func TestCreateRejectsUnnamed(t *testing.T) {
	s := newTestServer(1)
	_, err := s.Create(testPod("", ""))
	if want := `The Pod "" is invalid: metadata.name: Required value: name or generateName is required`; KubectlMessage(err) != want {
		t.Errorf("got %q\nwant %q", KubectlMessage(err), want)
	}
}

func TestResourceVersionsIncrease(t *testing.T) {
	s := newTestServer(1)
	last := 4
	for i := range 5 {
		obj, err := s.Create(testPod("p"+strconv.Itoa(i), ""))
		if err != nil {
			t.Fatal(err)
		}
		rv, _ := strconv.Atoi(obj.GetObjectMeta().ResourceVersion)
		if rv != last+1 {
			t.Errorf("pod %d resourceVersion = %d, want %d", i, rv, last+1)
		}
		last = rv
	}
	if s.ResourceVersion() != strconv.Itoa(last) {
		t.Errorf("server resourceVersion = %s, want %d", s.ResourceVersion(), last)
	}
}

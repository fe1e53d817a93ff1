package apiserver

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

func names(objs []api.Object) string {
	var parts []string
	for _, o := range objs {
		m := o.GetObjectMeta()
		if m.Namespace != "" {
			parts = append(parts, m.Namespace+"/"+m.Name)
		} else {
			parts = append(parts, m.Name)
		}
	}
	return strings.Join(parts, " ")
}

func TestListSortedAndFiltered(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "a-team"}})
	for _, p := range []struct{ ns, name, app string }{
		{"default", "zeta", "web"}, {"kube-system", "coredns", "dns"}, {"default", "alpha", "db"},
		{"a-team", "mid", "web"}, {"default", "beta", "web"},
	} {
		pod := testPod(p.name, "")
		pod.Namespace = p.ns
		pod.Labels = map[string]string{"app": p.app}
		mustCreate(t, s, pod)
	}
	web, _ := labels.Parse("app=web")
	notWeb, _ := labels.Parse("app!=web")
	cases := []struct {
		ns   string
		sel  labels.Selector
		want string
	}{
		{"", nil, "a-team/mid default/alpha default/beta default/zeta kube-system/coredns"},
		{"default", nil, "default/alpha default/beta default/zeta"},
		{"kube-system", nil, "kube-system/coredns"},
		{"nowhere", nil, ""},
		{"", web, "a-team/mid default/beta default/zeta"},
		{"default", notWeb, "default/alpha"},
		{"", labels.Everything(), "a-team/mid default/alpha default/beta default/zeta kube-system/coredns"},
		{"", labels.Nothing(), ""},
	}
	for _, c := range cases {
		l, err := s.List(pods, c.ns, c.sel)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(l.Items); got != c.want {
			t.Errorf("List(pods, %q, %v) = %s, want %s", c.ns, c.sel, got, c.want)
		}
		if l.ResourceVersion != s.ResourceVersion() || l.Items == nil {
			t.Errorf("list rv %s items %v", l.ResourceVersion, l.Items)
		}
	}
	if n := s.Count(pods, "default"); n != 3 {
		t.Errorf("Count(default) = %d", n)
	}
	// Cluster-scoped kinds ignore the namespace.
	l, _ := s.List(namespaces, "default", nil)
	if got := names(l.Items); got != "a-team default kube-node-lease kube-public kube-system" {
		t.Errorf("namespaces = %s", got)
	}
	// A kind never written lists empty.
	l, _ = s.List(services, "", nil)
	if len(l.Items) != 0 || l.Items == nil {
		t.Errorf("services = %v", l.Items)
	}
	// After deletes the order holds.
	s.Delete(pods, "default", "beta", &DeleteOptions{GracePeriodSeconds: ptr(int64(0))})
	l, _ = s.List(pods, "default", nil)
	if got := names(l.Items); got != "default/alpha default/zeta" {
		t.Errorf("after delete: %s", got)
	}
}

func TestTypedHelpers(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, testDeployment("b"))
	mustCreate(t, s, testDeployment("a"))
	d, err := GetAs[*api.Deployment](s, "default", "a")
	if err != nil || d.Name != "a" {
		t.Fatalf("GetAs: %v %v", d, err)
	}
	if _, err := GetAs[*api.Deployment](s, "default", "zz"); !IsNotFound(err) {
		t.Errorf("GetAs missing: %v", err)
	}
	items, rv, err := ListAs[*api.Deployment](s, "", nil)
	if err != nil || len(items) != 2 || items[0].Name != "a" || rv != "6" {
		t.Errorf("ListAs: %d items, rv %s, err %v", len(items), rv, err)
	}
	// Get of a namespaced kind with no namespace reads "default".
	if _, err := s.Get(deployments, "", "a"); err != nil {
		t.Errorf("Get with empty namespace: %v", err)
	}
}

// TestCopyIsolation: nothing handed out shares memory with the store.
func TestCopyIsolation(t *testing.T) {
	s := newTestServer(1)
	w, _ := s.Watch(WatchOptions{})
	in := testDeployment("web")
	created, _ := s.Create(in)

	// Mutating the argument after Create.
	in.Spec.Template.Spec.Containers[0].Image = "evil:1"
	in.Labels = map[string]string{"x": "y"}
	// Mutating the returned object.
	c := created.(*api.Deployment)
	c.Spec.Selector.MatchLabels["app"] = "evil"
	*c.Spec.Replicas = 99
	// Mutating a Get result.
	g, _ := s.Get(deployments, "default", "web")
	g.(*api.Deployment).Spec.Template.Labels["app"] = "evil"
	// Mutating a List result.
	l, _ := s.List(deployments, "", nil)
	l.Items[0].(*api.Deployment).Spec.Template.Spec.Containers[0].Name = "evil"
	// Mutating a watch event's object.
	ev, _ := w.Next()
	ev.Object.(*api.Deployment).Spec.Template.Spec.Containers[0].Image = "evil:2"
	ev.Object.GetObjectMeta().Annotations = map[string]string{"evil": "yes"}

	check := func(where string, d *api.Deployment) {
		t.Helper()
		if d.Spec.Template.Spec.Containers[0].Image != "nginx:1.27" || d.Spec.Template.Spec.Containers[0].Name != "app" ||
			d.Spec.Selector.MatchLabels["app"] != "web" || d.Spec.Template.Labels["app"] != "web" ||
			*d.Spec.Replicas != 2 || len(d.Labels) != 0 || len(d.Annotations) != 0 {
			t.Errorf("%s: store was changed through a copy: %+v", where, d)
		}
	}
	check("Get", mustGet[*api.Deployment](t, s, "default", "web"))
	l2, _ := s.List(deployments, "", nil)
	check("List", l2.Items[0].(*api.Deployment))
	w2, _ := s.Watch(WatchOptions{ResourceVersion: "4"})
	ev2, _ := w2.Next()
	check("replayed event", ev2.Object.(*api.Deployment))

	// Two watchers get two copies.
	mustCreate(t, s, testPod("p", ""))
	a, _ := w.Next()
	b, _ := w2.Next()
	if a.Object == b.Object {
		t.Error("two watchers share one event object")
	}
	a.Object.GetObjectMeta().Labels["app"] = "evil"
	if b.Object.GetObjectMeta().Labels["app"] != "web" {
		t.Error("one watcher's change reached another's event")
	}
}

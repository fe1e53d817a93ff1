package apiserver

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// TestFieldLabelsPerKind pins which field labels each kind accepts and the
// error for the others: the core/v1 conversion funcs' "field label not
// supported", or runtime.DefaultMetaV1FieldSelectorConversion's wording
// for kinds that register none (every non-core kind, and ResourceQuota).
func TestFieldLabelsPerKind(t *testing.T) {
	const notSupported = "field label not supported: "
	defaultErr := func(label string) string {
		return `"` + label + `" is not a known field selector: only "metadata.name", "metadata.namespace"`
	}
	cases := []struct {
		kind     string
		accepted []string
		rejected map[string]string // label -> message
	}{
		{"Pod", []string{"metadata.name", "metadata.namespace", "spec.nodeName", "spec.restartPolicy", "spec.schedulerName",
			"spec.serviceAccountName", "spec.hostNetwork", "status.phase", "status.podIP", "status.podIPs",
			"status.nominatedNodeName", "spec.host"},
			map[string]string{"foo": notSupported + "foo", "status.hostIP": notSupported + "status.hostIP", "name": notSupported + "name"}},
		{"Node", []string{"metadata.name", "spec.unschedulable"},
			map[string]string{"metadata.namespace": notSupported + "metadata.namespace", "status.phase": notSupported + "status.phase"}},
		{"Namespace", []string{"metadata.name", "status.phase"},
			map[string]string{"metadata.namespace": notSupported + "metadata.namespace", "name": notSupported + "name"}},
		{"Service", []string{"metadata.name", "metadata.namespace", "spec.clusterIP", "spec.type"},
			map[string]string{"spec.ports": notSupported + "spec.ports"}},
		{"Event", []string{"metadata.name", "metadata.namespace", "involvedObject.kind", "involvedObject.namespace",
			"involvedObject.name", "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
			"involvedObject.fieldPath", "reason", "reportingComponent", "source", "type"},
			map[string]string{"message": notSupported + "message", "count": notSupported + "count"}},
		{"ResourceQuota", []string{"metadata.name", "metadata.namespace"}, map[string]string{"status.used": defaultErr("status.used")}},
		{"Deployment", []string{"metadata.name", "metadata.namespace"}, map[string]string{"spec.replicas": defaultErr("spec.replicas")}},
		// ReplicaSets expose status.replicas, but apps/v1 registers no
		// conversion that would let it through (kubernetes#135136).
		{"ReplicaSet", []string{"metadata.name", "metadata.namespace"}, map[string]string{"status.replicas": defaultErr("status.replicas")}},
		{"EndpointSlice", []string{"metadata.name", "metadata.namespace"}, map[string]string{"addressType": defaultErr("addressType")}},
		{"Endpoints", []string{"metadata.name", "metadata.namespace"}, map[string]string{"subsets": defaultErr("subsets")}},
		{"Lease", []string{"metadata.name", "metadata.namespace"}, map[string]string{"spec.holderIdentity": defaultErr("spec.holderIdentity")}},
		{"RuntimeClass", []string{"metadata.name", "metadata.namespace"}, map[string]string{"handler": defaultErr("handler")}},
		{"ConfigMap", []string{"metadata.name", "metadata.namespace"}, map[string]string{"data": defaultErr("data")}},
		{"Secret", []string{"metadata.name", "metadata.namespace", "type"}, map[string]string{"data": notSupported + "data"}},
		{"ServiceAccount", []string{"metadata.name", "metadata.namespace"}, map[string]string{"secrets": defaultErr("secrets")}},
		// The application kinds register no conversion either.
		{"HorizontalPodAutoscaler", []string{"metadata.name", "metadata.namespace"}, map[string]string{"spec.maxReplicas": defaultErr("spec.maxReplicas")}},
		{"Ingress", []string{"metadata.name", "metadata.namespace"}, map[string]string{"spec.ingressClassName": defaultErr("spec.ingressClassName")}},
		{"IngressClass", []string{"metadata.name"}, map[string]string{"spec.controller": defaultErr("spec.controller")}},
		{"NetworkPolicy", []string{"metadata.name", "metadata.namespace"}, map[string]string{"spec.podSelector": defaultErr("spec.podSelector")}},
		{"PodDisruptionBudget", []string{"metadata.name", "metadata.namespace"}, map[string]string{"spec.minAvailable": defaultErr("spec.minAvailable")}},
		{"PersistentVolumeClaim", []string{"metadata.name", "metadata.namespace"}, map[string]string{"status.phase": defaultErr("status.phase")}},
		{"PersistentVolume", []string{"metadata.name"}, map[string]string{"spec.storageClassName": defaultErr("spec.storageClassName")}},
		{"StorageClass", []string{"metadata.name"}, map[string]string{"provisioner": defaultErr("provisioner")}},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		k := mustKind(c.kind)
		seen[c.kind] = true
		for _, label := range c.accepted {
			if _, err := parseFieldSelector(k, label+"=x"); err != nil {
				t.Errorf("%s: %s rejected: %v", c.kind, label, err)
			}
		}
		for label, want := range c.rejected {
			_, err := parseFieldSelector(k, label+"=x")
			if !IsBadRequest(err) || err.Error() != want {
				t.Errorf("%s: %s: got %v, want BadRequest %q", c.kind, label, err, want)
			}
		}
	}
	for _, k := range api.Kinds() {
		if !seen[k.Kind] {
			t.Errorf("kind %s has no field-label case here", k.Kind)
		}
	}
	// Parse errors are BadRequests with the parser's message.
	for in, want := range map[string]string{
		"foo":             "invalid selector: 'foo'; can't understand 'foo'",
		"status.phase=a=": "invalid field selector: unescaped character in value: 61",
	} {
		if _, err := parseFieldSelector(pods, in); !IsBadRequest(err) || err.Error() != want {
			t.Errorf("%q: got %v, want BadRequest %q", in, err, want)
		}
	}
	// A bare "=" is a term with an empty field, which the conversion
	// rejects, as upstream's does.
	if _, err := parseFieldSelector(pods, "="); !IsBadRequest(err) || err.Error() != notSupported {
		t.Errorf(`"=": got %v`, err)
	}
	// "" and empty terms restrict nothing.
	for _, in := range []string{"", ",", ",,"} {
		if sel, err := parseFieldSelector(pods, in); sel != nil || err != nil {
			t.Errorf("%q: got %v, %v", in, sel, err)
		}
	}
}

func TestListFieldSelector(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "a-team"}})
	for _, p := range []struct{ ns, name, node, app string }{
		{"default", "alpha", "node-1", "web"}, {"default", "beta", "node-2", "web"},
		{"default", "gamma", "", "db"}, {"a-team", "delta", "node-1", "web"},
	} {
		pod := testPod(p.name, p.node)
		pod.Namespace = p.ns
		pod.Labels = map[string]string{"app": p.app}
		mustCreate(t, s, pod)
	}
	beta := mustGet[*api.Pod](t, s, "default", "beta")
	beta.Status.Phase = api.PodRunning
	beta.Status.PodIP = "10.244.2.5"
	beta.Status.PodIPs = []api.PodIP{{IP: "10.244.2.5"}}
	if _, err := s.UpdateStatus(beta); err != nil {
		t.Fatal(KubectlMessage(err))
	}
	web, _ := labels.Parse("app=web")
	cases := []struct {
		ns    string
		label labels.Selector
		field string
		want  string
	}{
		{"", nil, "spec.nodeName=node-1", "a-team/delta default/alpha"},
		{"", nil, "spec.host=node-1", "a-team/delta default/alpha"},
		{"default", nil, "spec.nodeName=", "default/gamma"},
		{"default", nil, "spec.nodeName!=node-1", "default/beta default/gamma"},
		{"", nil, "status.phase=Running", "default/beta"},
		{"", nil, "status.phase!=Running", "a-team/delta default/alpha default/gamma"},
		{"", nil, "status.phase==Pending,spec.nodeName=node-1", "a-team/delta default/alpha"},
		{"", web, "status.phase=Pending", "a-team/delta default/alpha"},
		{"", nil, "status.podIP=10.244.2.5", "default/beta"},
		{"", nil, "status.podIPs=10.244.2.5", ""}, // accepted, but not a selectable field
		{"", nil, "metadata.name=gamma", "default/gamma"},
		{"", nil, "metadata.namespace=a-team", "a-team/delta"},
		{"", nil, "metadata.namespace!=a-team,metadata.name!=alpha", "default/beta default/gamma"},
		{"", nil, "spec.hostNetwork=false,spec.restartPolicy=Always,spec.schedulerName=default-scheduler", "a-team/delta default/alpha default/beta default/gamma"},
		{"", nil, "spec.serviceAccountName=default", "a-team/delta default/alpha default/beta default/gamma"}, // ServiceAccount admission
		{"", nil, "spec.serviceAccountName=", ""},
		{"", nil, "", "a-team/delta default/alpha default/beta default/gamma"},
	}
	for _, c := range cases {
		l, err := s.ListWithOptions(pods, c.ns, ListOptions{LabelSelector: c.label, FieldSelector: c.field})
		if err != nil {
			t.Errorf("%q: %v", c.field, err)
			continue
		}
		if got := names(l.Items); got != c.want {
			t.Errorf("List(pods, %q, %v, %q) = %q, want %q", c.ns, c.label, c.field, got, c.want)
		}
	}
	if _, err := s.ListWithOptions(pods, "", ListOptions{FieldSelector: "foo=bar"}); !IsBadRequest(err) || err.Error() != "field label not supported: foo" {
		t.Errorf("unsupported field: %v", err)
	}
	// Even a kind never written checks its selector.
	if _, err := s.ListWithOptions(services, "", ListOptions{FieldSelector: "foo=bar"}); !IsBadRequest(err) {
		t.Errorf("empty table: %v", err)
	}
}

// TestSelectableFieldsPerKind: what each kind exposes besides metadata.
func TestSelectableFieldsPerKind(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"}})
	mustCreate(t, s, &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-2"}, Spec: api.NodeSpec{Unschedulable: true}})
	mustCreate(t, s, &api.Event{
		ObjectMeta:         api.ObjectMeta{Name: "web.1", Namespace: "default"},
		InvolvedObject:     api.ObjectReference{Kind: "Pod", Name: "web", Namespace: "default", UID: "u1", APIVersion: "v1"},
		Reason:             "Scheduled",
		Type:               "Normal",
		ReportingComponent: "default-scheduler",
	})
	mustCreate(t, s, &api.Event{
		ObjectMeta:         api.ObjectMeta{Name: "rs.1", Namespace: "default"},
		InvolvedObject:     api.ObjectReference{Kind: "ReplicaSet", Name: "rs", Namespace: "default"},
		Reason:             "SuccessfulCreate",
		Type:               "Normal",
		Source:             api.EventSource{Component: "replicaset-controller"},
		ReportingComponent: "replicaset-controller",
	})
	cases := []struct {
		kind  *api.KindInfo
		field string
		want  string
	}{
		{nodes, "spec.unschedulable=true", "node-2"},
		{nodes, "spec.unschedulable=false", "node-1"},
		{nodes, "metadata.name=node-1", "node-1"},
		{namespaces, "status.phase=Active,metadata.name!=default", "kube-node-lease kube-public kube-system"},
		{events, "involvedObject.name=web", "default/web.1"},
		{events, "involvedObject.kind=ReplicaSet,reason=SuccessfulCreate", "default/rs.1"},
		{events, "involvedObject.uid=u1,involvedObject.apiVersion=v1,type=Normal", "default/web.1"},
		// source falls back to reportingComponent when source.component is empty.
		{events, "source=default-scheduler", "default/web.1"},
		{events, "reportingComponent=replicaset-controller", "default/rs.1"},
	}
	for _, c := range cases {
		l, err := s.ListWithOptions(c.kind, "", ListOptions{FieldSelector: c.field})
		if err != nil {
			t.Errorf("%s %q: %v", c.kind.Kind, c.field, err)
			continue
		}
		if got := names(l.Items); got != c.want {
			t.Errorf("%s %q = %q, want %q", c.kind.Kind, c.field, got, c.want)
		}
	}
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}, Spec: api.ServiceSpec{ClusterIP: "10.96.0.10", Type: api.ServiceTypeClusterIP}}
	rs := &api.ReplicaSet{Status: api.ReplicaSetStatus{Replicas: 3}}
	for _, c := range []struct {
		kind        *api.KindInfo
		obj         api.Object
		field, want string
	}{
		{services, svc, "spec.clusterIP", "10.96.0.10"},
		{services, svc, "spec.type", "ClusterIP"},
		{services, svc, "metadata.namespace", "default"},
		{replicasets, rs, "status.replicas", "3"},
	} {
		if got := selectableFields(c.kind, c.obj).Get(c.field); got != c.want {
			t.Errorf("%s %s = %q, want %q", c.kind.Kind, c.field, got, c.want)
		}
	}
	if selectableFields(nodes, &api.Node{}).Has("metadata.namespace") {
		t.Error("a cluster-scoped kind exposes no metadata.namespace")
	}
}

// TestWatchFieldSelector: a field selector filters a watch as a label
// selector does, with ADDED and DELETED for objects entering and leaving
// the selection.
func TestWatchFieldSelector(t *testing.T) {
	s := newTestServer(1)
	running, err := s.Watch(WatchOptions{Kinds: []*api.KindInfo{pods}, FieldSelector: "status.phase=Running"})
	if err != nil {
		t.Fatal(err)
	}
	onNode, _ := s.Watch(WatchOptions{Kinds: []*api.KindInfo{pods}, FieldSelector: "spec.nodeName=node-1"})
	p := mustCreate(t, s, testPod("p", "node-1"))
	mustCreate(t, s, testPod("q", "node-2"))
	p.Status.Phase = api.PodRunning
	p = must(t)(s.UpdateStatus(p)).(*api.Pod)
	p.Status.Phase = api.PodSucceeded
	must(t)(s.UpdateStatus(p))
	if _, _, err := s.Delete(pods, "default", "p", &DeleteOptions{GracePeriodSeconds: ptr(int64(0))}); err != nil {
		t.Fatal(err)
	}
	evs := running.Drain()
	if got, want := eventTypesOf(evs), "ADDED p@7 DELETED p@8"; got != want {
		t.Errorf("status.phase=Running: %s, want %s", got, want)
	}
	if ph := evs[1].Object.(*api.Pod).Status.Phase; ph != api.PodRunning {
		t.Errorf("the DELETED object is the last matching state, got phase %s", ph)
	}
	if got, want := eventTypes(onNode), "ADDED p@5 MODIFIED p@7 MODIFIED p@8 MODIFIED p@9 DELETED p@10"; got != want {
		t.Errorf("spec.nodeName=node-1: %s, want %s", got, want)
	}
	// Errors come before the resourceVersion is looked at.
	for _, c := range []struct {
		opts WatchOptions
		want string
	}{
		{WatchOptions{Kinds: []*api.KindInfo{pods}, FieldSelector: "foo=bar", ResourceVersion: "999"}, "field label not supported: foo"},
		{WatchOptions{Kinds: []*api.KindInfo{deployments}, FieldSelector: "status.phase=Running"}, `"status.phase" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{WatchOptions{FieldSelector: "metadata.name=p"}, "a field selector needs the kinds to watch"},
	} {
		if _, err := s.Watch(c.opts); !IsBadRequest(err) || err.Error() != c.want {
			t.Errorf("Watch(%+v) = %v, want BadRequest %q", c.opts, err, c.want)
		}
	}
}

func eventTypesOf(evs []Event) string {
	var out string
	for i, ev := range evs {
		if i > 0 {
			out += " "
		}
		out += string(ev.Type) + " " + ev.Object.GetObjectMeta().Name + "@" + ev.Object.GetObjectMeta().ResourceVersion
	}
	return out
}

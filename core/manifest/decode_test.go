package manifest

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustDecode(t testing.TB, src string) []api.Object {
	t.Helper()
	objs, err := Decode([]byte(src))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return objs
}

func decodeOne[T api.Object](t testing.TB, src string) T {
	t.Helper()
	objs := mustDecode(t, src)
	if len(objs) != 1 {
		t.Fatalf("got %d objects, want 1", len(objs))
	}
	obj, ok := objs[0].(T)
	if !ok {
		t.Fatalf("got %T", objs[0])
	}
	return obj
}

func ptr[T any](v T) *T { return &v }

func equal(t testing.TB, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

func TestDecodeDeployment(t *testing.T) {
	d := decodeOne[*api.Deployment](t, string(readTestdata(t, "deployment.yaml")))
	equal(t, "TypeMeta", d.TypeMeta, api.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"})
	equal(t, "Name", d.Name, "nginx-deployment")
	equal(t, "Labels", d.Labels, map[string]string{"app": "nginx"})
	equal(t, "Annotations", d.Annotations, map[string]string{"kubernetes.io/change-cause": "image updated to 1.14.2"})
	equal(t, "Replicas", d.Spec.Replicas, ptr(int32(3)))
	equal(t, "RevisionHistoryLimit", d.Spec.RevisionHistoryLimit, ptr(int32(10)))
	equal(t, "MinReadySeconds", d.Spec.MinReadySeconds, int32(5))
	equal(t, "Selector", d.Spec.Selector, &api.LabelSelector{
		MatchLabels: map[string]string{"app": "nginx"},
		MatchExpressions: []api.LabelSelectorRequirement{
			{Key: "tier", Operator: api.LabelSelectorOpIn, Values: []string{"frontend", "edge"}},
		},
	})
	equal(t, "Strategy", d.Spec.Strategy, api.DeploymentStrategy{
		Type: api.RollingUpdateDeploymentStrategyType,
		RollingUpdate: &api.RollingUpdateDeployment{
			MaxSurge:       ptr(api.FromString("25%")),
			MaxUnavailable: ptr(api.FromInt(1)),
		},
	})
	pod := d.Spec.Template.Spec
	equal(t, "template labels", d.Spec.Template.Labels, map[string]string{"app": "nginx", "tier": "frontend"})
	equal(t, "TerminationGracePeriodSeconds", pod.TerminationGracePeriodSeconds, ptr(int64(30)))
	equal(t, "NodeSelector", pod.NodeSelector, map[string]string{"kubernetes.io/os": "linux"})
	equal(t, "Tolerations", pod.Tolerations, []api.Toleration{{Key: "node.kubernetes.io/not-ready",
		Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))}})
	equal(t, "InitContainers", pod.InitContainers, []api.Container{{Name: "init", Image: "busybox:1.36",
		Command: []string{"sh", "-c", "echo init"}}})
	if len(pod.Containers) != 1 {
		t.Fatalf("containers: %d", len(pod.Containers))
	}
	c := pod.Containers[0]
	equal(t, "Image", c.Image, "nginx:1.14.2")
	equal(t, "ImagePullPolicy", c.ImagePullPolicy, api.PullIfNotPresent)
	equal(t, "Args", c.Args, []string{"--port=80"})
	equal(t, "Ports", c.Ports, []api.ContainerPort{{Name: "http", ContainerPort: 80, Protocol: api.ProtocolTCP}})
	equal(t, "Env", c.Env, []api.EnvVar{
		{Name: "POD_NAME", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.name"}}},
		{Name: "GREETING", Value: "hello, world"},
	})
	checkQuantity(t, "requests.cpu", c.Resources.Requests[api.ResourceCPU], "250m")
	checkQuantity(t, "requests.memory", c.Resources.Requests[api.ResourceMemory], "64Mi")
	checkQuantity(t, "limits.cpu", c.Resources.Limits[api.ResourceCPU], "1")
	checkQuantity(t, "limits.memory", c.Resources.Limits[api.ResourceMemory], "128Mi")
	equal(t, "ReadinessProbe", c.ReadinessProbe, &api.Probe{
		ProbeHandler:        api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromString("http")}},
		InitialDelaySeconds: 2, PeriodSeconds: 5,
	})
	equal(t, "LivenessProbe", c.LivenessProbe, &api.Probe{
		ProbeHandler:     api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}},
		FailureThreshold: 3,
	})
	equal(t, "Lifecycle", c.Lifecycle, &api.Lifecycle{PreStop: &api.LifecycleHandler{Sleep: &api.SleepAction{Seconds: 5}}})
}

func checkQuantity(t *testing.T, what string, got resource.Quantity, want string) {
	t.Helper()
	if w := resource.MustParse(want); got.Cmp(w) != 0 || got.String() != want {
		t.Errorf("%s = %s, want %s", what, got.String(), want)
	}
}

func TestDecodeReplicaSet(t *testing.T) {
	rs := decodeOne[*api.ReplicaSet](t, string(readTestdata(t, "replicaset.yaml")))
	equal(t, "Replicas", rs.Spec.Replicas, ptr(int32(3)))
	equal(t, "OwnerReferences", rs.OwnerReferences, []api.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment",
		Name: "frontend", UID: "6f1c1c4e-0000-4000-8000-000000000001", Controller: ptr(true), BlockOwnerDeletion: ptr(true)}})
	equal(t, "Status", rs.Status, api.ReplicaSetStatus{Replicas: 3, FullyLabeledReplicas: 3, ReadyReplicas: 2,
		AvailableReplicas: 2, ObservedGeneration: 1})
	equal(t, "IsControlledBy", rs.IsControlledBy("6f1c1c4e-0000-4000-8000-000000000001"), true)
}

func TestDecodePod(t *testing.T) {
	p := decodeOne[*api.Pod](t, string(readTestdata(t, "pod.yaml")))
	at := func(sec int) api.Time { return api.NewTime(time.Date(2026, 1, 1, 0, 0, sec, 0, time.UTC)) }
	equal(t, "CreationTimestamp", p.CreationTimestamp, at(0))
	equal(t, "SecurityContext", p.Spec.SecurityContext, &api.PodSecurityContext{RunAsNonRoot: ptr(true), RunAsUser: ptr(int64(1000))})
	equal(t, "StartupProbe", p.Spec.Containers[0].StartupProbe, &api.Probe{ProbeHandler: api.ProbeHandler{
		Exec: &api.ExecAction{Command: []string{"cat", "/tmp/healthy"}}}})
	equal(t, "ReadinessProbe", p.Spec.Containers[0].ReadinessProbe, &api.Probe{ProbeHandler: api.ProbeHandler{
		GRPC: &api.GRPCAction{Port: 9090}}})
	equal(t, "Phase", p.Status.Phase, api.PodRunning)
	equal(t, "StartTime", p.Status.StartTime, ptr(at(1)))
	equal(t, "Conditions", p.Status.Conditions, []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue,
		LastTransitionTime: at(5)}})
	equal(t, "ContainerStatuses[0].State", p.Status.ContainerStatuses[0].State,
		api.ContainerState{Running: &api.ContainerStateRunning{StartedAt: at(2)}})
	equal(t, "Started", p.Status.ContainerStatuses[0].Started, ptr(true))
}

func TestDecodeService(t *testing.T) {
	s := decodeOne[*api.Service](t, string(readTestdata(t, "service.yaml")))
	equal(t, "Type", s.Spec.Type, api.ServiceTypeNodePort)
	equal(t, "Selector", s.Spec.Selector, map[string]string{"app.kubernetes.io/name": "MyApp"})
	equal(t, "Ports", s.Spec.Ports, []api.ServicePort{
		{Name: "http", Protocol: api.ProtocolTCP, Port: 80, TargetPort: api.FromInt(9376), NodePort: 30007},
		{Name: "metrics", Port: 9100, TargetPort: api.FromString("metrics")},
	})
	equal(t, "IPFamilies", s.Spec.IPFamilies, []api.IPFamily{api.IPv4Protocol})
	equal(t, "IPFamilyPolicy", s.Spec.IPFamilyPolicy, ptr(api.IPFamilyPolicySingleStack))
}

// TestDecodeClusterKinds decodes one manifest of every remaining kind, in a
// single stream.
func TestDecodeClusterKinds(t *testing.T) {
	objs := mustDecode(t, string(readTestdata(t, "cluster.yaml")))
	var kinds []string
	for _, o := range objs {
		kinds = append(kinds, o.GetTypeMeta().Kind)
	}
	equal(t, "kinds", kinds, []string{"Namespace", "Node", "Event", "ResourceQuota", "EndpointSlice", "Lease", "RuntimeClass"})

	ns := objs[0].(*api.Namespace)
	equal(t, "Namespace", ns.Spec.Finalizers, []string{"kubernetes"})
	equal(t, "Namespace phase", ns.Status.Phase, api.NamespaceActive)

	node := objs[1].(*api.Node)
	equal(t, "Taints", node.Spec.Taints, []api.Taint{{Key: "node-role.kubernetes.io/control-plane", Effect: api.TaintEffectNoSchedule}})
	checkQuantity(t, "capacity.cpu", node.Status.Capacity[api.ResourceCPU], "4")
	checkQuantity(t, "allocatable.cpu", node.Status.Allocatable[api.ResourceCPU], "3800m")
	// A quantity may be written as a JSON number, as upstream accepts.
	checkQuantity(t, "allocatable.pods", node.Status.Allocatable[api.ResourcePods], "110")
	equal(t, "NodeInfo", node.Status.NodeInfo, api.NodeSystemInfo{KubeletVersion: "v1.37.0", Architecture: "amd64"})

	ev := objs[2].(*api.Event)
	equal(t, "InvolvedObject", ev.InvolvedObject, api.ObjectReference{Kind: "Pod", Name: "nginx", Namespace: "default"})
	equal(t, "Event", []any{ev.Reason, ev.Count, ev.Type, ev.ReportingComponent}, []any{"Scheduled", int32(1), "Normal", "default-scheduler"})

	rq := objs[3].(*api.ResourceQuota)
	checkQuantity(t, "hard[requests.cpu]", rq.Spec.Hard["requests.cpu"], "2")

	es := objs[4].(*api.EndpointSlice)
	equal(t, "AddressType", es.AddressType, api.AddressTypeIPv4)
	equal(t, "Endpoints", es.Endpoints, []api.Endpoint{{Addresses: []string{"10.244.0.5"},
		Conditions: api.EndpointConditions{Ready: ptr(true)}, NodeName: ptr("node-1"),
		TargetRef: &api.ObjectReference{Kind: "Pod", Name: "nginx"}}})
	equal(t, "Ports", es.Ports, []api.EndpointPort{{Name: ptr("http"), Protocol: ptr(api.ProtocolTCP), Port: ptr(int32(80))}})

	lease := objs[5].(*api.Lease)
	equal(t, "HolderIdentity", lease.Spec.HolderIdentity, ptr("node-1"))
	equal(t, "RenewTime", lease.Spec.RenewTime.UTC(), time.Date(2026, 1, 1, 0, 0, 10, 0, time.UTC))

	rc := objs[6].(*api.RuntimeClass)
	equal(t, "Handler", rc.Handler, "runsc")
}

// TestDecodeDocumentsPositions: each object knows its document, List item
// and first line.
func TestDecodeDocumentsPositions(t *testing.T) {
	src := "# leading comment\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\n---\n" +
		"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: b}\n" +
		"- {apiVersion: v1, kind: Namespace, metadata: {name: c}}\n"
	docs, err := DecodeDocuments([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	type pos struct {
		Name                    string
		Doc, Item, Line, Column int
	}
	var got []pos
	for _, d := range docs {
		got = append(got, pos{d.Object.GetObjectMeta().Name, d.Doc, d.Item, d.Line, d.Column})
	}
	equal(t, "positions", got, []pos{{"a", 1, 0, 3, 1}, {"b", 2, 1, 11, 3}, {"c", 2, 2, 14, 3}})
}

// TestDecodeYAML11Scalars: scalars read as kubectl reads them (yaml.v2,
// YAML 1.1), wherever the target type allows.
func TestDecodeYAML11Scalars(t *testing.T) {
	d := decodeOne[*api.Deployment](t, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: 'it''s'
  generation: 0x1F
  labels: {a: "yes", b: 'on', c: "1.10", on: x, "off": z, 5: five}
spec:
  replicas: 1_000
  paused: yes
  minReadySeconds: 3.0
  progressDeadlineSeconds: 0o17
  revisionHistoryLimit: 017
  template:
    spec:
      containers:
      - name: c
        args: [~, "~", null, '']
        command: ["true", "1e3", "0x10"]
      enableServiceLinks: off
`)
	equal(t, "Name", d.Name, "it's")
	equal(t, "Generation", d.Generation, int64(31))
	// Non-string keys become strings: a plain on is the bool true, written
	// "true"; a quoted "off" stays "off".
	equal(t, "Labels", d.Labels, map[string]string{"a": "yes", "b": "on", "c": "1.10", "true": "x", "off": "z", "5": "five"})
	equal(t, "Replicas", d.Spec.Replicas, ptr(int32(1000)))
	equal(t, "Paused", d.Spec.Paused, true)
	// 3.0 is the JSON number 3, which fits an int32, as upstream.
	equal(t, "MinReadySeconds", d.Spec.MinReadySeconds, int32(3))
	equal(t, "ProgressDeadlineSeconds", d.Spec.ProgressDeadlineSeconds, ptr(int32(15)))
	equal(t, "RevisionHistoryLimit", d.Spec.RevisionHistoryLimit, ptr(int32(15)))
	c := d.Spec.Template.Spec.Containers[0]
	// null leaves a string empty, as encoding/json does.
	equal(t, "Args", c.Args, []string{"", "~", "", ""})
	equal(t, "Command", c.Command, []string{"true", "1e3", "0x10"})
	equal(t, "EnableServiceLinks", d.Spec.Template.Spec.EnableServiceLinks, ptr(false))
}

// TestDecodeBlockScalars: literal and folded scalars, and document markers
// inside them are not markers when indented.
func TestDecodeBlockScalars(t *testing.T) {
	p := decodeOne[*api.Pod](t, `apiVersion: v1
kind: Pod
metadata:
  name: p
  annotations:
    literal: |
      line one
       --- not a marker
      # not a comment
    folded: >-
      folded
      text
    keep: |+
      kept

spec:
  containers:
  - name: c
    args:
    - |-
      [[[ not flow ]]]
      - not a sequence
`)
	equal(t, "Annotations", p.Annotations, map[string]string{
		"literal": "line one\n --- not a marker\n# not a comment\n",
		"folded":  "folded text",
		"keep":    "kept\n\n",
	})
	equal(t, "Args", p.Spec.Containers[0].Args, []string{"[[[ not flow ]]]\n- not a sequence"})
}

// TestDecodeAnchorsAndMerge: aliases share their anchor's value; "<<" merges
// keys, and keys written in the mapping win.
func TestDecodeAnchorsAndMerge(t *testing.T) {
	d := decodeOne[*api.Deployment](t, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: &labels
    app: web
    tier: frontend
spec:
  selector:
    matchLabels: *labels
  template:
    metadata:
      labels:
        <<: *labels
        tier: backend
        extra: "1"
    spec:
      containers:
      - &c
        name: web
        image: nginx
      - <<: *c
        name: sidecar
`)
	equal(t, "matchLabels", d.Spec.Selector.MatchLabels, map[string]string{"app": "web", "tier": "frontend"})
	equal(t, "template labels", d.Spec.Template.Labels, map[string]string{"app": "web", "tier": "backend", "extra": "1"})
	cs := d.Spec.Template.Spec.Containers
	equal(t, "containers", []string{cs[0].Name, cs[0].Image, cs[1].Name, cs[1].Image}, []string{"web", "nginx", "sidecar", "nginx"})
}

// TestDecodeNullsAndEmpties: null documents and empty collections.
func TestDecodeNullsAndEmpties(t *testing.T) {
	objs := mustDecode(t, "--- ~\n--- null\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {}\nspec:\n  containers: []\n  nodeSelector:\n")
	p := objs[0].(*api.Pod)
	equal(t, "Labels", p.Labels, map[string]string{})
	equal(t, "Containers", p.Spec.Containers, []api.Container{})
	equal(t, "NodeSelector", p.Spec.NodeSelector, map[string]string(nil))
	if got := mustDecode(t, ""); len(got) != 0 {
		t.Errorf("empty input: %d objects", len(got))
	}
	if got := mustDecode(t, "# nothing here\n\n---\n# still nothing\n...\n"); len(got) != 0 {
		t.Errorf("comment-only input: %d objects", len(got))
	}
}

func TestDecodeCRLFAndDirectives(t *testing.T) {
	src := "%YAML 1.1\r\n---\r\napiVersion: v1\r\nkind: Namespace\r\nmetadata:\r\n  name: crlf\r\n...\r\n" +
		"apiVersion: v1\r\nkind: Namespace\r\nmetadata: {name: second}\r\n"
	docs, err := DecodeDocuments([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "count", len(docs), 2)
	equal(t, "names", []string{docs[0].Object.GetObjectMeta().Name, docs[1].Object.GetObjectMeta().Name}, []string{"crlf", "second"})
	equal(t, "lines", []int{docs[0].Line, docs[1].Line}, []int{3, 8})

	_, err = Decode([]byte("apiVersion: v1\r\nkind: Namespace\r\nmetadata:\r\n  name: x\r\n  bogus: 1\r\n"))
	checkError(t, err, ClassUnknownField, 1, 0, 5, 3, "metadata.bogus", `strict decoding error: unknown field "metadata.bogus"`)
}

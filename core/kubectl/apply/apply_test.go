package apply

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

func TestCreate(t *testing.T) {
	s := newServer(t)
	res := mustApply(t, s, webV1, Created)
	if got := res.String(); got != "deployment.apps/web created" {
		t.Errorf("printed %q", got)
	}
	if res.Patch != nil || len(res.Warnings) != 0 {
		t.Errorf("create: patch %s, warnings %v", res.Patch, res.Warnings)
	}
	// The annotation is the manifest as kubectl encodes it: keys sorted,
	// "annotations":{}, the request namespace added, a trailing newline.
	const want = `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"labels":{"app":"web"},"name":"web","namespace":"default"},"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}` + "\n"
	d := getDeployment(t, s, "web")
	if got := d.Annotations[LastAppliedConfigAnnotation]; got != want {
		t.Errorf("annotation\n got %q\nwant %q", got, want)
	}
	if len(d.Annotations) != 1 || *d.Spec.Replicas != 1 {
		t.Errorf("created object: annotations %v, replicas %d", d.Annotations, *d.Spec.Replicas)
	}
	if !reflect.DeepEqual(res.Object, api.Object(d)) {
		t.Error("result object differs from the stored one")
	}
}

func TestReapplyUnchanged(t *testing.T) {
	s := newServer(t)
	mustApply(t, s, webV1, Created)
	rv := s.ResourceVersion()
	res := mustApply(t, s, webV1, Unchanged)
	if string(res.Patch) != "{}" || res.String() != "deployment.apps/web unchanged" {
		t.Errorf("patch %s, printed %q", res.Patch, res)
	}
	if s.ResourceVersion() != rv {
		t.Errorf("an unchanged apply wrote: resourceVersion %s -> %s", rv, s.ResourceVersion())
	}
}

func TestChangeImage(t *testing.T) {
	s := newServer(t)
	mustApply(t, s, webV1, Created)
	before := getDeployment(t, s, "web")
	v2 := strings.Replace(webV1, "nginx:1.14.2", "nginx:1.16.1", 1)
	res := mustApply(t, s, v2, Configured)
	if res.String() != "deployment.apps/web configured" {
		t.Errorf("printed %q", res)
	}
	// The patch kubectl sends: the new annotation and the image, with the
	// container order.
	wantAnnotation := strings.Replace(before.Annotations[LastAppliedConfigAnnotation], "1.14.2", "1.16.1", 1)
	wantPatch := `{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":` + jsonString(wantAnnotation) +
		`}},"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"image":"nginx:1.16.1","name":"nginx"}]}}}}`
	if string(res.Patch) != wantPatch {
		t.Errorf("patch\n got %s\nwant %s", res.Patch, wantPatch)
	}
	// Only the image (and the annotation, generation, resourceVersion) changed.
	after := getDeployment(t, s, "web")
	if after.Spec.Template.Spec.Containers[0].Image != "nginx:1.16.1" {
		t.Fatalf("image = %s", after.Spec.Template.Spec.Containers[0].Image)
	}
	after.Spec.Template.Spec.Containers[0].Image = "nginx:1.14.2"
	after.Annotations = before.Annotations
	after.ResourceVersion, after.Generation = before.ResourceVersion, before.Generation
	if !reflect.DeepEqual(before, after) {
		t.Errorf("more than the image changed:\nbefore %+v\nafter  %+v", before, after)
	}
}

func jsonString(s string) string {
	var b strings.Builder
	e := func(r rune) {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	for _, r := range s {
		e(r)
	}
	b.WriteByte('"')
	return b.String()
}

// scale sets replicas directly, as kubectl scale does (not through apply).
func scale(t *testing.T, s *apiserver.Server, name string, n int32) {
	t.Helper()
	d := getDeployment(t, s, name)
	d.Spec.Replicas = &n
	if _, err := s.Update(d); err != nil {
		t.Fatal(apiserver.KubectlMessage(err))
	}
}

// TestScaleThenReapply is the docs' walk-through (declarative-config.md,
// "How to update objects"): after kubectl scale, applying a manifest that
// omits replicas keeps them; the image changes and the removed
// minReadySeconds is cleared.
func TestScaleThenReapply(t *testing.T) {
	s := newServer(t)
	mustApply(t, s, webV1, Created)
	scale(t, s, "web", 2)
	v2 := strings.Replace(strings.Replace(webV1, "'minReadySeconds': 5,", "", 1), "nginx:1.14.2", "nginx:1.16.1", 1)
	mustApply(t, s, v2, Configured)
	d := getDeployment(t, s, "web")
	switch {
	case *d.Spec.Replicas != 2:
		t.Errorf("replicas = %d, want the 2 set by kubectl scale", *d.Spec.Replicas)
	case d.Spec.MinReadySeconds != 0:
		t.Errorf("minReadySeconds = %d, want cleared", d.Spec.MinReadySeconds)
	case d.Spec.Template.Spec.Containers[0].Image != "nginx:1.16.1":
		t.Errorf("image = %s", d.Spec.Template.Spec.Containers[0].Image)
	case strings.Contains(d.Annotations[LastAppliedConfigAnnotation], "replicas"),
		strings.Contains(d.Annotations[LastAppliedConfigAnnotation], "minReadySeconds"):
		t.Errorf("annotation = %s", d.Annotations[LastAppliedConfigAnnotation])
	}
	// And applying it again is a no-op, scale or not.
	mustApply(t, s, v2, Unchanged)
}

// TestScaleThenReapplyWithReplicas: when the manifest owns replicas (it is
// in the last-applied configuration and in the new manifest), apply resets
// what kubectl scale did.
func TestScaleThenReapplyWithReplicas(t *testing.T) {
	s := newServer(t)
	withReplicas := strings.Replace(webV1, "'minReadySeconds': 5,", "'minReadySeconds': 5, 'replicas': 3,", 1)
	mustApply(t, s, withReplicas, Created)
	if r := *getDeployment(t, s, "web").Spec.Replicas; r != 3 {
		t.Fatalf("replicas after create = %d", r)
	}
	scale(t, s, "web", 7)
	res := mustApply(t, s, withReplicas, Configured)
	if string(res.Patch) != `{"spec":{"replicas":3}}` {
		t.Errorf("patch = %s", res.Patch)
	}
	if r := *getDeployment(t, s, "web").Spec.Replicas; r != 3 {
		t.Errorf("replicas = %d, want the manifest's 3", r)
	}
	// Dropping replicas from the manifest then removes the field, and the
	// server defaults it to 1 (the docs: "clears fields removed from the
	// configuration file").
	mustApply(t, s, webV1, Configured)
	if r := *getDeployment(t, s, "web").Spec.Replicas; r != 1 {
		t.Errorf("replicas = %d, want the default 1", r)
	}
}

// TestLabels: a label removed from the manifest leaves the live object; a
// label someone else added (kubectl label) stays.
func TestLabels(t *testing.T) {
	s := newServer(t)
	v1 := strings.Replace(webV1, "'labels': {'app': 'web'}},\n  'spec'", "'labels': {'app': 'web', 'tier': 'frontend'}},\n  'spec'", 1)
	if v1 == webV1 {
		t.Fatal("test manifest not rewritten")
	}
	mustApply(t, s, v1, Created)
	d := getDeployment(t, s, "web")
	d.Labels["owner"] = "ops" // kubectl label deployment web owner=ops
	if _, err := s.Update(d); err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, webV1, Configured)
	got := getDeployment(t, s, "web").Labels
	if want := map[string]string{"app": "web", "owner": "ops"}; !reflect.DeepEqual(got, want) {
		t.Errorf("labels = %v, want %v", got, want)
	}
}

// TestContainersMergeByName is the docs' list example: containers are
// matched by name; one removed from the manifest goes, one added appears,
// one another writer added stays, and fields others set on a kept
// container stay.
func TestContainersMergeByName(t *testing.T) {
	s := newServer(t)
	containers := func(cs string) string {
		return strings.Replace(webV1, `[{'name': 'nginx', 'image': 'nginx:1.14.2', 'ports': [{'containerPort': 80}]}]`, cs, 1)
	}
	mustApply(t, s, containers(`[{'name': 'nginx', 'image': 'nginx:1.16'},
		{'name': 'helper-a', 'image': 'helper:1.3'}, {'name': 'helper-b', 'image': 'helper:1.3'}]`), Created)
	d := getDeployment(t, s, "web")
	d.Spec.Template.Spec.Containers[2].Args = []string{"run"}
	d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers,
		api.Container{Name: "helper-d", Image: "helper:1.3"})
	if _, err := s.Update(d); err != nil {
		t.Fatal(apiserver.KubectlMessage(err))
	}
	mustApply(t, s, containers(`[{'name': 'nginx', 'image': 'nginx:1.16'},
		{'name': 'helper-b', 'image': 'helper:1.3'}, {'name': 'helper-c', 'image': 'helper:1.3'}]`), Configured)
	var names []string
	var args []string
	for _, c := range getDeployment(t, s, "web").Spec.Template.Spec.Containers {
		names = append(names, c.Name)
		if c.Name == "helper-b" {
			args = c.Args
		}
	}
	// Upstream's order: helper-d before helper-c (see strategicpatch's
	// TestDeploymentThreeWay).
	if got := strings.Join(names, ","); got != "nginx,helper-b,helper-d,helper-c" {
		t.Errorf("containers = %s", got)
	}
	if !reflect.DeepEqual(args, []string{"run"}) {
		t.Errorf("helper-b args = %v, want [run] kept", args)
	}
}

// TestMissingAnnotation: an object made by kubectl create has no
// annotation; apply warns, patches it in, and says configured.
func TestMissingAnnotation(t *testing.T) {
	s := newServer(t)
	obj, raw := manifest(t, webV1)
	if _, err := s.Create(obj); err != nil { // kubectl create -f
		t.Fatal(err)
	}
	res, err := Apply(s, obj, raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const want = "Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically."
	if len(res.Warnings) != 1 || res.Warnings[0] != want {
		t.Errorf("warnings = %q", res.Warnings)
	}
	if res.Operation != Configured || getDeployment(t, s, "web").Annotations[LastAppliedConfigAnnotation] == "" {
		t.Errorf("%s; annotation not patched in", res)
	}
	if res := mustApply(t, s, webV1, Unchanged); len(res.Warnings) != 0 {
		t.Errorf("second apply warned: %v", res.Warnings)
	}
}

// TestStrategyRetainKeys: switching to Recreate clears the defaulted
// rollingUpdate thanks to retainKeys (the docs' "ERROR!" example predates
// it).
func TestStrategyRetainKeys(t *testing.T) {
	s := newServer(t)
	mustApply(t, s, webV1, Created)
	if getDeployment(t, s, "web").Spec.Strategy.RollingUpdate == nil {
		t.Fatal("rollingUpdate not defaulted")
	}
	recreate := strings.Replace(webV1, "'minReadySeconds': 5,", "'minReadySeconds': 5, 'strategy': {'type': 'Recreate'},", 1)
	res := mustApply(t, s, recreate, Configured)
	if !strings.Contains(string(res.Patch), `"strategy":{"$retainKeys":["type"],"type":"Recreate"}`) {
		t.Errorf("patch = %s", res.Patch)
	}
	st := getDeployment(t, s, "web").Spec.Strategy
	if st.Type != api.RecreateDeploymentStrategyType || st.RollingUpdate != nil {
		t.Errorf("strategy = %+v", st)
	}
}

func TestNamespaces(t *testing.T) {
	s := newServer(t)
	obj, raw := manifest(t, webV1)
	res, err := Apply(s, obj, raw, Options{Namespace: "kube-public"})
	if err != nil {
		t.Fatal(apiserver.KubectlMessage(err))
	}
	if res.Namespace != "kube-public" || res.Object.GetObjectMeta().Namespace != "kube-public" ||
		!strings.Contains(res.Object.GetObjectMeta().Annotations[LastAppliedConfigAnnotation], `"namespace":"kube-public"`) {
		t.Errorf("namespace %q, object %q, annotation %s", res.Namespace, res.Object.GetObjectMeta().Namespace,
			res.Object.GetObjectMeta().Annotations[LastAppliedConfigAnnotation])
	}

	inSystem := strings.Replace(webV1, "'name': 'web',", "'name': 'web', 'namespace': 'kube-system',", 1)
	obj, raw = manifest(t, inSystem)
	if _, err := Apply(s, obj, raw, Options{Namespace: "default"}); err != nil { // -n not given: the manifest wins
		t.Fatal(err)
	}
	_, err = Apply(s, obj, raw, Options{Namespace: "default", EnforceNamespace: true})
	const want = `the namespace from the provided object "kube-system" does not match the namespace "default". You must pass '--namespace=kube-system' to perform this operation.`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v", err)
	}

	// Cluster-scoped kinds ignore namespaces.
	ns := mustApply(t, s, `{'apiVersion': 'v1', 'kind': 'Namespace', 'metadata': {'name': 'team-a'}}`, Created)
	if ns.String() != "namespace/team-a created" || ns.Namespace != "" ||
		ns.Object.GetObjectMeta().Annotations[LastAppliedConfigAnnotation] != `{"apiVersion":"v1","kind":"Namespace","metadata":{"annotations":{},"name":"team-a"}}`+"\n" {
		t.Errorf("%s: %q", ns, ns.Object.GetObjectMeta().Annotations)
	}
	mustApply(t, s, `{'apiVersion': 'v1', 'kind': 'Namespace', 'metadata': {'name': 'team-a'}}`, Unchanged)
}

// TestService: a core kind; ports merge by port number and keep the
// server's defaults.
func TestService(t *testing.T) {
	s := newServer(t)
	const svc = `{'apiVersion': 'v1', 'kind': 'Service', 'metadata': {'name': 'web'},
	  'spec': {'selector': {'app': 'web'}, 'ports': [{'port': 80, 'targetPort': 8080}]}}`
	res := mustApply(t, s, svc, Created)
	if res.String() != "service/web created" {
		t.Errorf("printed %q", res)
	}
	mustApply(t, s, svc, Unchanged)
	more := strings.Replace(svc, `[{'port': 80, 'targetPort': 8080}]`, `[{'name': 'http', 'port': 80, 'targetPort': 8080}, {'name': 'https', 'port': 443}]`, 1)
	mustApply(t, s, more, Configured)
	got, err := apiserver.GetAs[*api.Service](s, "default", "web")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Spec.Ports) != 2 || got.Spec.Ports[0].Name != "http" || got.Spec.Ports[0].TargetPort.IntVal != 8080 ||
		got.Spec.Ports[0].Protocol != api.ProtocolTCP {
		t.Errorf("ports %+v", got.Spec.Ports)
	}
}

func TestErrors(t *testing.T) {
	s := newServer(t)
	bad := strings.Replace(webV1, "'minReadySeconds': 5,", "'minReadySeconds': 5, 'replicas': -1,", 1)
	obj, raw := manifest(t, bad)
	_, err := Apply(s, obj, raw, Options{})
	ae, ok := err.(*Error)
	if !ok || ae.Step != StepCreating {
		t.Fatalf("error = %#v", err)
	}
	if got := apiserver.KubectlMessage(ae.WithSource("web.yaml")); got != `The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0` {
		t.Errorf("create error = %q", got)
	}

	mustApply(t, s, webV1, Created)
	moved := strings.Replace(webV1, "'selector': {'matchLabels': {'app': 'web'}}", "'selector': {'matchLabels': {'app': 'web', 'x': 'y'}}", 1)
	obj, raw = manifest(t, moved)
	_, err = Apply(s, obj, raw, Options{})
	ae, ok = err.(*Error)
	if !ok || ae.Step != StepPatching || len(ae.Patch) == 0 {
		t.Fatalf("error = %#v", err)
	}
	if got := apiserver.KubectlMessage(ae.WithSource("web.yaml")); !strings.HasPrefix(got, `The Deployment "web" is invalid: `) ||
		!strings.Contains(got, "field is immutable") {
		t.Errorf("patch error = %q", got)
	}
	se, _ := apiserver.AsStatusError(ae.WithSource("web.yaml"))
	wantPrefix := "error when applying patch:\n" + string(ae.Patch) + "\nto:\n" +
		`Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"` + "\n" +
		`Name: "web", Namespace: "default"` + "\nfor: \"web.yaml\": error when patching \"web.yaml\": "
	if se == nil || !strings.HasPrefix(se.Message, wantPrefix) {
		t.Errorf("status message = %q\nwant prefix %q", se.Message, wantPrefix)
	}
	if ae.WithSource("") != ae.Err {
		t.Error("an empty source must leave the error alone")
	}

	retrieving := &Error{Step: StepRetrieving, Kind: api.KindOf(&api.Pod{}), Namespace: "default", Name: "p",
		Err: apiserver.NewBadRequest("boom")}
	if got := apiserver.KubectlMessage(retrieving.WithSource("STDIN")); got != "Error from server (BadRequest): error when retrieving current configuration of:\n"+
		`Resource: "/v1, Resource=pods", GroupVersionKind: "/v1, Kind=Pod"`+"\n"+`Name: "p", Namespace: "default"`+"\nfrom server for: \"STDIN\": boom" {
		t.Errorf("retrieving error = %q", got)
	}
}

// TestStrategicPatchThroughServer is kubectl patch --type strategic through
// the server: results and kubectl's error lines.
func TestStrategicPatchThroughServer(t *testing.T) {
	s := newServer(t)
	mustApply(t, s, webV1, Created)
	k := api.KindOf(&api.Deployment{})
	patch := func(p string) (api.Object, error) {
		return s.Patch(k, "default", "web", apiserver.StrategicMergePatchType, []byte(p))
	}
	if _, err := patch(`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.17"}]}}}}`); err != nil {
		t.Fatal(apiserver.KubectlMessage(err))
	}
	c := getDeployment(t, s, "web").Spec.Template.Spec.Containers
	if len(c) != 1 || c[0].Image != "nginx:1.17" || len(c[0].Ports) != 1 {
		t.Errorf("containers = %+v", c)
	}
	for _, tc := range []struct{ patch, want string }{
		{`{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}`,
			"Error from server: map: map[image:x] does not contain declared merge key: name"},
		{`{"spec":`, "Error from server (BadRequest): unexpected end of JSON input"},
		{`{"spec":{"template":{"spec":{"containers":[{"name":"nginx","$patch":"merge"}]}}}}`,
			"Error from server: merging lists cannot yet be specified in the patch"},
		{`{"spec":{"strategy":{"$retainKeys":["type"],"rollingUpdate":{}}}}`, "Error from server (BadRequest): invalid patch format of retainKeys"},
	} {
		_, err := patch(tc.patch)
		if got := apiserver.KubectlMessage(err); got != tc.want {
			t.Errorf("patch %s:\n got %q\nwant %q", tc.patch, got, tc.want)
		}
	}
}

// TestDeletingObject: applying to an object that is being deleted warns
// (WarnIfDeleting), even when nothing changes.
func TestDeletingObject(t *testing.T) {
	s := newServer(t)
	const pod = `{'apiVersion': 'v1', 'kind': 'Pod', 'metadata': {'name': 'p'},
	  'spec': {'nodeName': 'node-1', 'containers': [{'name': 'c', 'image': 'busybox'}]}}`
	if res := mustApply(t, s, pod, Created); res.String() != "pod/p created" {
		t.Errorf("printed %q", res)
	}
	if _, _, err := s.Delete(api.KindOf(&api.Pod{}), "default", "p", nil); err != nil {
		t.Fatal(err)
	}
	if p, err := apiserver.GetAs[*api.Pod](s, "default", "p"); err != nil || p.DeletionTimestamp == nil {
		t.Fatalf("pod not terminating: %v", err)
	}
	res := mustApply(t, s, pod, Unchanged)
	if want := []string{"Warning: Detected changes to resource p which is currently being deleted."}; !reflect.DeepEqual(res.Warnings, want) {
		t.Errorf("warnings = %q", res.Warnings)
	}
}

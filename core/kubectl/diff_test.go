package kubectl

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// diffFiles are the manifests of the kubectl diff tests.
var diffFiles = map[string]string{
	"web.yaml":  webYAML(2, "nginx", "nginx:1.25", ""),
	"web2.yaml": webYAML(3, "nginx", "nginx:1.26", ""),
	// A Service (new) before the Deployment (changed): the diff lists
	// them by file name, the Deployment first.
	"all.yaml": "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: web}\n  ports:\n  - port: 80\n---\n" +
		webYAML(3, "nginx", "nginx:1.26", ""),
	// A valid change, then an object the server refuses: no diff at all.
	"bad.yaml": webYAML(3, "nginx", "nginx:1.26", "") + "---\n" +
		strings.ReplaceAll(webYAML(-1, "nginx", "nginx:1.26", ""), "name: web\n", "name: bad\n"),
	"syntax.yaml": "apiVersion: v1\nkind: [\n",
	"ns.yaml":     "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\n",
}

// webChanged is the diff of Deployment web applied from web.yaml, then
// diffed with web2.yaml: generation, replicas and image change; the
// last-applied annotation and the resourceVersion stay the live ones.
const webChanged = "diff -u -N /tmp/LIVE-445145596/apps.v1.Deployment.default.web /tmp/MERGED-1152321890/apps.v1.Deployment.default.web\n" +
	"--- /tmp/LIVE-445145596/apps.v1.Deployment.default.web\t2026-01-01 00:00:10.000000000 +0000\n" +
	"+++ /tmp/MERGED-1152321890/apps.v1.Deployment.default.web\t2026-01-01 00:00:10.000000000 +0000\n" +
	"@@ -6,14 +6,14 @@\n" +
	"     kubectl.kubernetes.io/last-applied-configuration: |\n" +
	"       {\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.25\",\"name\":\"nginx\"}]}}}}\n" +
	"   creationTimestamp: \"2026-01-01T00:00:00Z\"\n" +
	"-  generation: 1\n" +
	"+  generation: 2\n" +
	"   name: web\n" +
	"   namespace: default\n" +
	"   resourceVersion: \"83\"\n" +
	"   uid: f4e55540-59d7-4893-95d1-2d4a90afe9ce\n" +
	" spec:\n" +
	"   progressDeadlineSeconds: 600\n" +
	"-  replicas: 2\n" +
	"+  replicas: 3\n" +
	"   revisionHistoryLimit: 10\n" +
	"   selector:\n" +
	"     matchLabels:\n" +
	"@@ -29,7 +29,7 @@\n" +
	"         app: web\n" +
	"     spec:\n" +
	"       containers:\n" +
	"-      - image: nginx:1.25\n" +
	"+      - image: nginx:1.26\n" +
	"         imagePullPolicy: IfNotPresent\n" +
	"         name: nginx\n" +
	"         resources: {}\n"

// diffCases: each runs on a fresh standard cluster (seed 1) where setup
// ran, then 10 s passed. The temporary directories' numbers come from the
// seeded source; the files are dated by the virtual clock.
var diffCases = []struct {
	name  string
	setup []string
	line  string
	want  string
	exit  int
}{
	{name: "unchanged", setup: []string{"kubectl apply -f web.yaml"}, line: "kubectl diff -f web.yaml",
		want: "", exit: 0},
	{name: "image and replicas changed", setup: []string{"kubectl apply -f web.yaml"}, line: "kubectl diff -f web2.yaml",
		want: webChanged, exit: 1},
	{name: "new object", line: "kubectl diff -f web.yaml",
		want: "diff -u -N /tmp/LIVE-973647851/apps.v1.Deployment.default.web /tmp/MERGED-2965675469/apps.v1.Deployment.default.web\n" +
			"--- /tmp/LIVE-973647851/apps.v1.Deployment.default.web\t1970-01-01 00:00:00.000000000 +0000\n" +
			"+++ /tmp/MERGED-2965675469/apps.v1.Deployment.default.web\t2026-01-01 00:00:10.000000000 +0000\n" +
			"@@ -0,0 +1,38 @@\n" +
			"+apiVersion: apps/v1\n" +
			"+kind: Deployment\n" +
			"+metadata:\n" +
			"+  creationTimestamp: \"2026-01-01T00:00:10Z\"\n" +
			"+  generation: 1\n" +
			"+  name: web\n" +
			"+  namespace: default\n" +
			"+  uid: 6b5513d2-ec00-4999-90e1-05c8c48bc743\n" +
			"+spec:\n" +
			"+  progressDeadlineSeconds: 600\n" +
			"+  replicas: 2\n" +
			"+  revisionHistoryLimit: 10\n" +
			"+  selector:\n" +
			"+    matchLabels:\n" +
			"+      app: web\n" +
			"+  strategy:\n" +
			"+    rollingUpdate:\n" +
			"+      maxSurge: 25%\n" +
			"+      maxUnavailable: 25%\n" +
			"+    type: RollingUpdate\n" +
			"+  template:\n" +
			"+    metadata:\n" +
			"+      labels:\n" +
			"+        app: web\n" +
			"+    spec:\n" +
			"+      containers:\n" +
			"+      - image: nginx:1.25\n" +
			"+        imagePullPolicy: IfNotPresent\n" +
			"+        name: nginx\n" +
			"+        resources: {}\n" +
			"+        terminationMessagePath: /dev/termination-log\n" +
			"+        terminationMessagePolicy: File\n" +
			"+      dnsPolicy: ClusterFirst\n" +
			"+      restartPolicy: Always\n" +
			"+      schedulerName: default-scheduler\n" +
			"+      securityContext: {}\n" +
			"+      terminationGracePeriodSeconds: 30\n" +
			"+status: {}\n", exit: 1},
	{name: "new cluster-scoped object", line: "kubectl diff -f ns.yaml",
		want: "diff -u -N /tmp/LIVE-973647851/v1.Namespace..dev /tmp/MERGED-2965675469/v1.Namespace..dev\n" +
			"--- /tmp/LIVE-973647851/v1.Namespace..dev\t1970-01-01 00:00:00.000000000 +0000\n" +
			"+++ /tmp/MERGED-2965675469/v1.Namespace..dev\t2026-01-01 00:00:10.000000000 +0000\n" +
			"@@ -0,0 +1,13 @@\n" +
			"+apiVersion: v1\n" +
			"+kind: Namespace\n" +
			"+metadata:\n" +
			"+  creationTimestamp: \"2026-01-01T00:00:10Z\"\n" +
			"+  labels:\n" +
			"+    kubernetes.io/metadata.name: dev\n" +
			"+  name: dev\n" +
			"+  uid: 6b5513d2-ec00-4999-90e1-05c8c48bc743\n" +
			"+spec:\n" +
			"+  finalizers:\n" +
			"+  - kubernetes\n" +
			"+status:\n" +
			"+  phase: Active\n", exit: 1},
	{name: "several documents", setup: []string{"kubectl apply -f web.yaml"}, line: "kubectl diff -f all.yaml",
		want: webChanged + "diff -u -N /tmp/LIVE-445145596/v1.Service.default.web /tmp/MERGED-1152321890/v1.Service.default.web\n" +
			"--- /tmp/LIVE-445145596/v1.Service.default.web\t1970-01-01 00:00:00.000000000 +0000\n" +
			"+++ /tmp/MERGED-1152321890/v1.Service.default.web\t2026-01-01 00:00:10.000000000 +0000\n" +
			"@@ -0,0 +1,25 @@\n" +
			"+apiVersion: v1\n" +
			"+kind: Service\n" +
			"+metadata:\n" +
			"+  creationTimestamp: \"2026-01-01T00:00:10Z\"\n" +
			"+  name: web\n" +
			"+  namespace: default\n" +
			"+  uid: eb91c0dd-2abb-4269-a4d0-93bfaebd1cc6\n" +
			"+spec:\n" +
			"+  clusterIP: 10.101.53.113\n" +
			"+  clusterIPs:\n" +
			"+  - 10.101.53.113\n" +
			"+  internalTrafficPolicy: Cluster\n" +
			"+  ipFamilies:\n" +
			"+  - IPv4\n" +
			"+  ipFamilyPolicy: SingleStack\n" +
			"+  ports:\n" +
			"+  - port: 80\n" +
			"+    protocol: TCP\n" +
			"+    targetPort: 80\n" +
			"+  selector:\n" +
			"+    app: web\n" +
			"+  sessionAffinity: None\n" +
			"+  type: ClusterIP\n" +
			"+status:\n" +
			"+  loadBalancer: {}\n", exit: 1},
	{name: "selector leaves nothing", setup: []string{"kubectl apply -f web.yaml"}, line: "kubectl diff -f all.yaml -l app=nothing",
		want: "", exit: 0},
	{name: "invalid object", setup: []string{"kubectl apply -f web.yaml"}, line: "kubectl diff -f bad.yaml",
		want: "The Deployment \"bad\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n", exit: 2},
	{name: "syntax error", line: "kubectl diff -f syntax.yaml",
		want: "error: error parsing syntax.yaml: error converting YAML to JSON: yaml: line 2: sequence end token ']' not found\n", exit: 2},
	{name: "missing file", line: "kubectl diff -f nothing.yaml",
		want: "error: the path \"nothing.yaml\" does not exist\n", exit: 2},
	{name: "no file", line: "kubectl diff",
		want: "error: must specify one of -f and -k\n", exit: 2},
	{name: "unexpected argument", line: "kubectl diff -f web.yaml deploy/web",
		want: "error: Unexpected args: [deploy/web]\n" +
			"See 'kubectl diff -h' for help and examples\n", exit: 2},
	{name: "unknown flag", line: "kubectl diff -f web.yaml --frob",
		want: "error: unknown flag: --frob\n" +
			"See 'kubectl diff -h' for help and examples\n", exit: 2},
	{name: "server-side", line: "kubectl diff -f web.yaml --server-side",
		want: "error: --server-side is not available in the playground\n", exit: 2},
	{name: "force-conflicts alone", line: "kubectl diff -f web.yaml --force-conflicts",
		want: "error: --force-conflicts only works with --server-side\n", exit: 2},
	{name: "prune", line: "kubectl diff -f web.yaml --prune",
		want: "error: --prune is not available in the playground\n", exit: 2},
	{name: "kustomize", line: "kubectl diff -k .",
		want: "error: -k is not available in the playground\n", exit: 2},
}

func newDiffSession(t *testing.T, setup []string) *session {
	t.Helper()
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := &session{t: t, c: c, in: Input{Files: diffFiles}}
	for _, line := range setup {
		if r := s.run(line); r.ExitCode != 0 {
			t.Fatalf("%s: %s", line, r.Output)
		}
	}
	s.tick(10)
	return s
}

// TestDiff: kubectl diff's output (stdout and stderr as the console shows
// them) and exit code for each path.
func TestDiff(t *testing.T) {
	for _, tc := range diffCases {
		t.Run(tc.name, func(t *testing.T) {
			r := newDiffSession(t, tc.setup).run(tc.line)
			if r.Output != tc.want || r.ExitCode != tc.exit {
				t.Errorf("%s: exit %d, want %d\n got:\n%s\nwant:\n%s", tc.line, r.ExitCode, tc.exit, r.Output, tc.want)
			}
		})
	}
}

// A diff writes nothing: the dry runs store no object and spend no
// resourceVersion.
func TestDiffChangesNothing(t *testing.T) {
	s := newDiffSession(t, []string{"kubectl apply -f web.yaml"})
	before := s.run("kubectl get deploy web -o yaml").Stdout
	if r := s.run("kubectl diff -f all.yaml"); r.ExitCode != 1 {
		t.Fatalf("diff: exit %d\n%s", r.ExitCode, r.Output)
	}
	if after := s.run("kubectl get deploy web -o yaml").Stdout; after != before {
		t.Errorf("the Deployment changed:\n%s\nthen\n%s", before, after)
	}
	if r := s.run("kubectl get service web"); r.ExitCode != 1 {
		t.Errorf("the Service exists: %s", r.Output)
	}
}

// kubectl diff --help: diffLong, diffExample and the Use line.
func TestDiffHelp(t *testing.T) {
	r := newDiffSession(t, nil).run("kubectl diff --help")
	for _, want := range []string{
		"Diff configurations specified by file name or stdin between the current online configuration, and the configuration as it would be if applied.\n\n The output is always YAML.\n",
		" Exit status: 0 No differences were found. 1 Differences were found. >1 Kubectl or diff failed with an error.\n",
		"Examples:\n  # Diff resources included in pod.json\n  kubectl diff -f pod.json\n  \n  # Diff file read from stdin\n  cat service.yaml | kubectl diff -f -\n",
		"Usage:\n  kubectl diff -f FILENAME [options]\n",
	} {
		if !strings.Contains(r.Stdout, want) || r.ExitCode != 0 {
			t.Errorf("kubectl diff --help (exit %d) lacks %q:\n%s", r.ExitCode, want, r.Stdout)
		}
	}
}

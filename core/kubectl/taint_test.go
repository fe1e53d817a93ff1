package kubectl

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// simSession is a session on the standard cluster (core/sim: three nodes,
// the scheduler, the kubelets and every controller).
func simSession(t *testing.T, files map[string]string) *session {
	t.Helper()
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return &session{t: t, c: c, in: Input{Files: files}}
}

const taintUsage = "\nSee 'kubectl taint -h' for help and examples\n"

// Every way `kubectl taint` refuses a command line, in upstream's order:
// Complete (dry-run flag, argument split, parseTaints as a usage error),
// Validate (resource type, add/remove conflicts, validateFlags), then the
// builder. Nothing may be written.
func TestTaintCommandLineErrors(t *testing.T) {
	s := simSession(t, nil)
	qualifiedName := "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	runCases(t, s, []runCase{
		{"kubectl taint", "", "error: one or more resources must be specified as <resource> <name>\n", 1},
		{"kubectl taint nodes", "", "error: at least one taint update is required\n", 1},
		// A word with no "=", ":" or trailing "-" is a resource.
		{"kubectl taint nodes node-1 dedicated", "", "error: at least one taint update is required\n", 1},
		{"kubectl taint nodes node-1 dedicated=gpu:NoSchedule node-2", "", "error: all resources must be specified before taint changes: node-2\n", 1},
		{"kubectl taint nodes node-1 a=b:NoSchedule --dry-run", "", "error: --dry-run flag without a value was specified. A value must be set: \"none\", \"server\", or \"client\".\n", 1},
		// parseTaints: effect first, then value, then key.
		{"kubectl taint nodes node-1 dedicated=gpu:NoSchedul", "", "error: invalid taint effect: NoSchedul, unsupported taint effect" + taintUsage, 1},
		{"kubectl taint nodes node-1 dedicated=gpu", "", "error: invalid taint spec: dedicated=gpu, " + qualifiedName + taintUsage, 1},
		{"kubectl taint nodes node-1 dedicated:NoSchedule:x", "", "error: invalid taint spec: dedicated:NoSchedule:x" + taintUsage, 1},
		{"kubectl taint nodes node-1 a=b=c:NoSchedule", "", "error: invalid taint spec: a=b=c:NoSchedule" + taintUsage, 1},
		{"kubectl taint nodes node-1 dedicated=gpu!:NoSchedule", "", "error: invalid taint spec: dedicated=gpu!:NoSchedule, a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')" + taintUsage, 1},
		{"kubectl taint nodes node-1 ^x=y:NoSchedule", "", "error: invalid taint spec: ^x=y:NoSchedule, " + qualifiedName + taintUsage, 1},
		{"kubectl taint nodes node-1 dedicated=gpu:NoSchedule dedicated=cpu:NoSchedule", "", "error: duplicated taints with the same key and effect: {dedicated cpu NoSchedule <nil>}" + taintUsage, 1},
		{"kubectl taint nodes node-1 dedicated^-", "", "error: invalid taint spec: dedicated^, " + qualifiedName + taintUsage, 1},
		// Validate.
		{"kubectl taint pods web a=b:NoSchedule", "", "error: invalid resource type pods, only node types are supported\n", 1},
		{"kubectl taint deploy.apps web a=b:NoSchedule", "", "error: invalid resource type deploy.apps, only node types are supported\n", 1},
		// A *meta.NoResourceMatchError: no "error: " prefix.
		{"kubectl taint node/node-1 a=b:NoSchedule", "", "the server doesn't have a resource type \"node/node-1\"\n", 1},
		{"kubectl taint node-1 a=b:NoSchedule", "", "the server doesn't have a resource type \"node-1\"\n", 1},
		{"kubectl taint nodes node-1 dedicated=gpu:NoSchedule dedicated-", "", "error: can not both modify and remove the following taint(s) in the same command: {\"dedicated\":\"\"}\n", 1},
		{"kubectl taint nodes node-1 a=b:NoSchedule a:NoSchedule- c=d:NoExecute c:NoExecute-", "",
			"error: can not both modify and remove the following taint(s) in the same command: {\"a\":\"NoSchedule\"}, {\"c\":\"NoExecute\"}\n", 1},
		{"kubectl taint nodes --all -l disk=ssd a=b:NoSchedule", "", "error: setting 'all' parameter with a non empty selector is prohibited\n", 1},
		{"kubectl taint nodes a=b:NoSchedule", "", "error: at least one resource name must be specified since 'all' parameter is not set\n", 1},
		{"kubectl taint nodes node-9 a=b:NoSchedule", "", "Error from server (NotFound): nodes \"node-9\" not found\n", 1},
		{"kubectl taint nodes node-1 a=b:NoSchedule -o wide", "", "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml\n", 1},
		{"kubectl get nodes -o jsonpath={.items[*].spec.taints}", "", "", 0},
	})
}

// The paths that change taints, one after another on the standard
// cluster: what is printed, and what the nodes hold afterwards (added
// taints first, then the node's others, as reorganizeTaints builds them).
func TestTaintUpdates(t *testing.T) {
	s := simSession(t, nil)
	taints := "kubectl get node node-1 -o jsonpath={.spec.taints}"
	runCases(t, s, []runCase{
		{"kubectl taint nodes node-1 dedicated=gpu:NoSchedule", "node/node-1 tainted\n", "", 0},
		{taints, `[{"effect":"NoSchedule","key":"dedicated","value":"gpu"}]`, "", 0},
		{"kubectl taint nodes node-1 dedicated=cpu:NoSchedule", "",
			"error: node node-1 already has dedicated taint(s) with same effect(s) and --overwrite is false\n", 1},
		// --overwrite always reports "modified".
		{"kubectl taint nodes node-1 dedicated=cpu:NoSchedule --overwrite", "node/node-1 modified\n", "", 0},
		{"kubectl taint no node-1 dedicated=gpu:PreferNoSchedule", "node/node-1 tainted\n", "", 0},
		{taints, `[{"effect":"PreferNoSchedule","key":"dedicated","value":"gpu"},{"effect":"NoSchedule","key":"dedicated","value":"cpu"}]`, "", 0},
	})
	// describe sorts them by effect, then key.
	if d := s.run("kubectl describe node node-1").Stdout; !strings.Contains(d,
		"\nTaints:             dedicated=cpu:NoSchedule\n                    dedicated=gpu:PreferNoSchedule\nUnschedulable:") {
		t.Errorf("describe node:\n%s", d)
	}
	runCases(t, s, []runCase{
		// An add and a removal: "modified".
		{"kubectl taint Nodes node-1 dedicated:NoSchedule- spot:NoExecute", "node/node-1 modified\n", "", 0},
		{taints, `[{"effect":"NoExecute","key":"spot"},{"effect":"PreferNoSchedule","key":"dedicated","value":"gpu"}]`, "", 0},
		{"kubectl taint node node-1 dedicated- spot-", "node/node-1 untainted\n", "", 0},
		{taints, "", "", 0},
		{"kubectl taint nodes node-1 dedicated-", "", "error: taint \"dedicated\" not found\n", 1},
		// Several errors for one node: cmdutil.MultipleErrors, unprefixed.
		{"kubectl taint nodes node-1 a- b:NoSchedule-", "", "taint \"a\" not found\ntaint \"b:NoSchedule\" not found\n", 1},
		// Each node is its own visit: a node named twice sees its first change.
		{"kubectl taint nodes node-1 node-1 k=v:NoSchedule", "node/node-1 tainted\n",
			"error: node node-1 already has k taint(s) with same effect(s) and --overwrite is false\n", 1},
		{"kubectl taint nodes node-2 node-9 node-1 k-", "node/node-1 untainted\n",
			"taint \"k\" not found\nError from server (NotFound): nodes \"node-9\" not found\n", 1},
		{"kubectl taint nodes node-1 k=v:NoSchedule -o name", "node/node-1\n", "", 0},
		{"kubectl taint nodes node-1 k:NoSchedule- -o jsonpath={.spec.taints}", "", "", 0},
		// Dry runs print the patched node and write nothing; the
		// "(dry run)" suffix is lost as upstream loses it.
		{"kubectl taint nodes --all x=y:NoExecute --dry-run=client", "node/node-1 tainted\nnode/node-2 tainted\nnode/node-3 tainted\n", "", 0},
		{"kubectl taint nodes node-2 x=y:NoExecute --dry-run=server -o jsonpath={.spec.taints}", `[{"effect":"NoExecute","key":"x","value":"y"}]`, "", 0},
		{"kubectl get nodes -o jsonpath={.items[*].spec.taints}", "", "", 0},
		// -l selects by label; node names beside it are ignored.
		{"kubectl label nodes node-3 disk=ssd", "node/node-3 labeled\n", "", 0},
		{"kubectl taint nodes node-1 -l disk=ssd disk=ssd:PreferNoSchedule", "node/node-3 tainted\n", "", 0},
		{"kubectl taint nodes -l disk=hdd disk=hdd:PreferNoSchedule", "", "", 0},
		{"kubectl taint nodes --all disk-", "node/node-3 untainted\n",
			"taint \"disk\" not found\ntaint \"disk\" not found\n", 1},
		{"kubectl get nodes -o jsonpath={.items[*].spec.taints}", "", "", 0},
	})
}

const patientPod = `apiVersion: v1
kind: Pod
metadata:
  name: patient
spec:
  nodeSelector:
    kubernetes.io/hostname: node-2
  tolerations:
  - key: evict
    operator: Exists
    effect: NoExecute
    tolerationSeconds: 10
  containers:
  - name: app
    image: nginx
`

// Taints end to end on the standard cluster, through kubectl taint: a
// NoSchedule taint keeps new pods Pending (the scheduler's
// TaintToleration filter, "node(s) had untolerated taint(s)" since
// v1.35); removing it lets them schedule; a NoExecute taint evicts the
// pods that do not tolerate it at once and a tolerating pod after its
// tolerationSeconds (the taint eviction controller's processPodOnNode).
func TestTaintSchedulingAndEviction(t *testing.T) {
	s := simSession(t, map[string]string{"patient.yaml": patientPod})
	nodesOfWeb := `kubectl get pods -l app=web -o 'jsonpath={range .items[*]}{.spec.nodeName} {.status.phase}{"\n"}{end}'`
	message := "kubectl get events --field-selector reason=FailedScheduling -o jsonpath={.items[-1:].message}"
	runCases(t, s, []runCase{
		{"kubectl taint nodes --all dedicated=gpu:NoSchedule", "node/node-1 tainted\nnode/node-2 tainted\nnode/node-3 tainted\n", "", 0},
		{"kubectl create deployment web --image=nginx --replicas=2", "deployment.apps/web created\n", "", 0},
	})
	s.tick(3)
	runCases(t, s, []runCase{
		{nodesOfWeb, " Pending\n Pending\n", "", 0},
		{message, "0/3 nodes are available: 3 node(s) had untolerated taint(s). no new claims to deallocate, " +
			"preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.", "", 0},
		{"kubectl taint nodes node-2 dedicated:NoSchedule-", "node/node-2 untainted\n", "", 0},
	})
	s.tick(5)
	runCases(t, s, []runCase{
		{nodesOfWeb, "node-2 Running\nnode-2 Running\n", "", 0},
		{"kubectl apply -f patient.yaml", "pod/patient created\n", "", 0},
	})
	s.tick(5)
	runCases(t, s, []runCase{
		{"kubectl get pod patient -o 'jsonpath={.spec.nodeName} {.status.phase}'", "node-2 Running", "", 0},
		{"kubectl taint nodes node-2 evict=now:NoExecute", "node/node-2 tainted\n", "", 0},
	})
	s.tick(1)
	evictions := `kubectl get events --field-selector reason=TaintManagerEviction -o 'jsonpath={range .items[*]}{.message}{"\n"}{end}'`
	r := s.run(evictions)
	if got := strings.Count(r.Stdout, "Marking for deletion Pod default/web-"); got != 2 || strings.Contains(r.Stdout, "patient") {
		t.Fatalf("after the NoExecute taint, the evictions:\n%s", r.Stdout)
	}
	s.tick(3)
	runCases(t, s, []runCase{
		// The ReplicaSet's new pods tolerate neither taint.
		{nodesOfWeb, " Pending\n Pending\n", "", 0},
		{"kubectl get pod patient -o jsonpath={.status.phase}", "Running", "", 0},
	})
	s.tick(5)
	if r := s.run(evictions); strings.Contains(r.Stdout, "patient") {
		t.Fatalf("patient evicted before its tolerationSeconds:\n%s", r.Stdout)
	}
	s.tick(1)
	if r := s.run(evictions); !strings.Contains(r.Stdout, "Marking for deletion Pod default/patient\n") {
		t.Fatalf("patient not evicted 10s after the taint:\n%s", r.Stdout)
	}
	runCases(t, s, []runCase{
		{`kubectl get pod patient -o 'jsonpath={.status.conditions[?(@.type=="DisruptionTarget")].reason}'`, "DeletionByTaintManager", "", 0},
		{"kubectl taint nodes node-2 evict-", "node/node-2 untainted\n", "", 0},
	})
	s.tick(5)
	runCases(t, s, []runCase{
		{nodesOfWeb, "node-2 Running\nnode-2 Running\n", "", 0},
	})
}

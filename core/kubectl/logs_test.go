package kubectl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// logsPod is a pod of two nginx containers, a and b, with a
// kubectl.kubernetes.io/default-container annotation naming def.
func logsPod(name, def string) string {
	return fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata:
  name: %s
  annotations:
    kubectl.kubernetes.io/default-container: %s
spec:
  containers: [{name: a, image: nginx}, {name: b, image: nginx}]
`, name, def)
}

var logsManifests = logsPod("picked", "b") + "---\n" + logsPod("mispicked", "zzz") + `---
apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  initContainers:
  - name: setup
    image: busybox
    command: ["true"]
  containers:
  - name: a
    image: nginx
  - name: b
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: stuck
spec:
  nodeSelector:
    disktype: ssd
  containers:
  - name: app
    image: nginx
`

// logsStep is one command line of a logs transcript, after ticks
// simulated seconds, and everything it printed (stdout and stderr in
// order) with its exit code.
type logsStep struct {
	ticks int
	line  string
	want  string
	code  int
}

func runLogsSteps(t *testing.T, c *sim.Sim, in Input, steps []logsStep) {
	t.Helper()
	for _, s := range steps {
		for range s.ticks {
			if err := c.Tick(); err != nil {
				t.Fatal(err)
			}
		}
		r := Run(c, s.line, in)
		if r.Output != s.want || r.ExitCode != s.code {
			t.Errorf("$ %s\n got %q (exit %d)\nwant %q (exit %d)", s.line, r.Output, r.ExitCode, s.want, s.code)
		}
	}
}

// kubectl logs on the standard cluster: the simulated containers print
// nothing, so every log that exists is empty; each reason one does not is
// the API server's or the kubelet's (validateContainerLogStatus), and the
// container and pod selection is LogsForObject's.
func TestLogs(t *testing.T) {
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Files: map[string]string{"pods.yaml": logsManifests}}
	for _, l := range []string{
		"kubectl create deployment web --image=nginx --replicas=3",
		"kubectl create deployment idle --image=nginx --replicas=0",
		"kubectl apply -f pods.yaml",
		"kubectl run bad --image=nosuchimage:9",
		"kubectl run bb --image=busybox",
		"kubectl run done --image=busybox --restart=Never",
	} {
		if r := Run(c, l, in); r.ExitCode != 0 {
			t.Fatalf("$ %s\n%s", l, r.Output)
		}
	}
	// The pod `logs deployment/web` picks: its three pods are alike at
	// every step of podutils.ByLogging, so the list's order (by name)
	// decides. (Its name depends on the seeded generator's other draws.)
	if err := c.Settle(); err != nil { // the controllers create the pods
		t.Fatal(err)
	}
	web := Run(c, "kubectl get pods -l app=web -o jsonpath={.items[0].metadata.name}", in).Output
	if !strings.HasPrefix(web, "web-5fc9f4bf66-") {
		t.Fatalf("web's first pod: %q", web)
	}
	runLogsSteps(t, c, in, []logsStep{
		// Never scheduled: LogLocation has no node, the stream is empty.
		{0, "kubectl logs stuck", "", 0},
		// Tick 1: pulling.
		{1, "kubectl logs " + web, "Error from server (BadRequest): container \"nginx\" in pod \"" + web + "\" is waiting to start: ContainerCreating\n", 1},
		{0, "kubectl logs deployment/web", "Found 3 pods, using pod/" + web + "\nError from server (BadRequest): container \"nginx\" in pod \"" + web + "\" is waiting to start: ContainerCreating\n", 1},
		{0, "kubectl logs bad", "Error from server (BadRequest): container \"bad\" in pod \"bad\" is waiting to start: trying and failing to pull image\n", 1},
		{0, "kubectl logs two", "Defaulted container \"a\" out of: a, b, setup (init)\nError from server (BadRequest): container \"a\" in pod \"two\" is waiting to start: PodInitializing\n", 1},
		{0, "kubectl logs two -c setup", "Error from server (BadRequest): container \"setup\" in pod \"two\" is waiting to start: PodInitializing\n", 1},
		{0, "kubectl logs stuck", "", 0},
		// Tick 3: running; bb's sh has exited (Completed), not yet restarted.
		{2, "kubectl logs " + web, "", 0},
		{0, "kubectl logs pod/" + web + " --tail=20 --since=1h --timestamps --limit-bytes=500 --prefix", "", 0},
		{0, "kubectl logs " + web + " -p", "Error from server (BadRequest): previous terminated container \"nginx\" in pod \"" + web + "\" not found\n", 1},
		{0, "kubectl logs " + web + " -f", "", 0},
		{0, "kubectl logs deployment/web", "Found 3 pods, using pod/" + web + "\n", 0},
		{0, "kubectl logs deploy/web --all-pods", "", 0},
		{0, "kubectl logs rs/web-5fc9f4bf66 -c nginx", "Found 3 pods, using pod/" + web + "\n", 0},
		{0, "kubectl logs -l app=web", "", 0},
		{0, "kubectl logs -l app=web -f", "", 0},
		{0, "kubectl logs -l app=web -f --max-log-requests=2", "error: you are attempting to follow 3 log streams, but maximum allowed concurrency is 2, use --max-log-requests to increase the limit\n", 1},
		{0, "kubectl logs -l app=nothing", "No resources found in default namespace.\n", 0},
		{0, "kubectl logs bb", "", 0},
		{0, "kubectl logs bb -p", "Error from server (BadRequest): previous terminated container \"bb\" in pod \"bb\" not found\n", 1},
		{0, "kubectl logs done", "", 0},
		// Containers: the default, the annotation's, a named one, all.
		{0, "kubectl logs picked", "", 0},
		{0, "kubectl logs mispicked", "Default container name \"zzz\" not found in pod mispicked\nDefaulted container \"a\" out of: a, b\n", 0},
		{0, "kubectl logs picked b", "", 0},
		{0, "kubectl logs picked -c nope", "error: container nope is not valid for pod picked out of: a, b\n", 1},
		{0, "kubectl logs picked nope", "error: container nope is not valid for pod picked out of: a, b\n", 1},
		{0, "kubectl logs two --all-containers", "Error from server (BadRequest): container \"a\" in pod \"two\" is waiting to start: PodInitializing\n", 1},
		{0, "kubectl logs -l 'run in (bad,bb)' --ignore-errors", "error: container \"bad\" in pod \"bad\" is waiting to start: trying and failing to pull image\n", 0},
		// Tick 6: bb restarted; tick 7: crash-looping, its last log is read.
		{3, "kubectl logs bb -p", "", 0},
		{1, "kubectl logs bb", "", 0},
		{0, "kubectl logs two --all-containers", "", 0},
		{0, "kubectl logs two -c setup", "", 0},
		// Tick 10: the pull back-off (10 s) has expired, but the pod
		// worker's next sync is at 11 (1 + 10 s): still ImagePullBackOff.
		// Tick 11: the second pull attempt fails, ErrImagePull.
		{3, "kubectl logs bad", "Error from server (BadRequest): container \"bad\" in pod \"bad\" is waiting to start: trying and failing to pull image\n", 1},
		{1, "kubectl logs bad", "Error from server (BadRequest): container \"bad\" in pod \"bad\" is waiting to start: image can't be pulled\n", 1},
		// What is not there.
		{0, "kubectl logs nope", "error: error from server (NotFound): pods \"nope\" not found in namespace \"default\"\n", 1},
		{0, "kubectl logs " + web + " -n kube-system", "error: error from server (NotFound): pods \"" + web + "\" not found in namespace \"kube-system\"\n", 1},
		{0, "kubectl logs deployment/nope", "error: error from server (NotFound): deployments.apps \"nope\" not found in namespace \"default\"\n", 1},
		{0, "kubectl logs widget/x", "error: the server doesn't have a resource type \"widget\"\n", 1},
		{0, "kubectl logs node/node-1", "error: cannot get the logs from *v1.Node: selector for *v1.Node not implemented\n", 1},
		{0, "kubectl logs svc/kubernetes", "error: cannot get the logs from *v1.Service: invalid service 'kubernetes': Service is defined without a selector\n", 1},
		{0, "kubectl logs deployment/idle --pod-running-timeout=5s", "error: timed out waiting for the condition\n", 1},
		// Arguments and flags (Complete, then Validate).
		{0, "kubectl logs", "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n", 1},
		{0, "kubectl logs a b c", "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n", 1},
		{0, "kubectl logs " + web + " -l app=web", "error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n", 1},
		{0, "kubectl logs " + web + " --pod-running-timeout=0s", "error: --pod-running-timeout must be higher than zero\n", 1},
		{0, "kubectl logs " + web + " --since-time=yesterday", "error: parsing time \"yesterday\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"yesterday\" as \"2006\"\n", 1},
		{0, "kubectl logs " + web + " --since-time=2026-01-01T00:00:00Z --since=1h", "error: at most one of `sinceTime` or `sinceSeconds` may be specified\n", 1},
		{0, "kubectl logs two --all-containers -c a", "error: --all-containers=true should not be specified with container name a\n", 1},
		{0, "kubectl logs two a -c b", "error: only one of -c or an inline [CONTAINER] arg is allowed\n", 1},
		{0, "kubectl logs " + web + " --limit-bytes=-1", "error: --limit-bytes must be greater than 0\n", 1},
		{0, "kubectl logs " + web + " --since=-1s", "error: --since must be greater than 0\n", 1},
		{0, "kubectl logs " + web + " --tail=-2", "error: --tail must be greater than or equal to -1\n", 1},
		{0, "kubectl logs nope --tail=-2", "error: error from server (NotFound): pods \"nope\" not found in namespace \"default\"\n", 1},
	})
}

// kubectl logs --help: logsLong, logsExample and the Use line.
func TestLogsHelp(t *testing.T) {
	checkHelp(t, []helpCase{
		{"kubectl logs --help",
			"Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.\n\nExamples:\n",
			[]string{
				"Examples:\n  # Return snapshot logs from pod nginx with only one container\n  kubectl logs nginx\n  \n" +
					"  # Return snapshot logs from pod nginx, prefixing each line with the source pod and container name\n  kubectl logs nginx --prefix\n  \n",
				"  # Begin streaming the logs from pod nginx, continuing even if errors occur\n  kubectl logs nginx -f --ignore-errors=true\n  \n",
				"  kubectl logs deployment/nginx -c nginx-1\n\nUsage:\n  kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]\n",
			}},
	})
}

package kubectl

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// newEventsCluster is the standard cluster after 90 s of a Deployment
// whose image does not exist (repeated Warning events) and 5 s of one that
// runs.
func newEventsCluster(t *testing.T) *sim.Sim {
	t.Helper()
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"kubectl create deployment bad --image=nginx:nosuchtag"} {
		if r := Run(c, line, Input{}); r.ExitCode != 0 {
			t.Fatalf("$ %s\n%s", line, r.Output)
		}
	}
	for range 90 {
		if err := c.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	if r := Run(c, "kubectl create deployment web --image=nginx", Input{}); r.ExitCode != 0 {
		t.Fatal(r.Output)
	}
	for range 5 {
		if err := c.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

const pullFailed = `Failed to pull image "nginx:nosuchtag": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nosuchtag": failed to resolve reference "docker.io/library/nginx:nosuchtag": docker.io/library/nginx:nosuchtag: not found`

// TestEventsCommand checks kubectl events (events.go, event_printer.go):
// the table, LAST SEEN with a count, --for, --types, -A, --no-headers,
// -o json|yaml|name, --watch and the errors.
func TestEventsCommand(t *testing.T) {
	c := newEventsCluster(t)
	warnings := "LAST SEEN           TYPE      REASON   OBJECT                    MESSAGE\n" +
		"24s (x4 over 95s)   Warning   Failed   Pod/bad-98d775b47-p72vg   " + pullFailed + "\n" +
		"24s (x4 over 95s)   Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ErrImagePull\n" +
		"4s (x7 over 94s)    Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ImagePullBackOff\n"
	// After the two 3 s watches, 6 s later; then two minutes of watching.
	// The Warnings have a spam-filter bucket of their own (getSpamKey keys
	// on the event type, client-go v0.37), so every back-off sync's
	// ImagePullBackOff and the pull at 2m31s are written and watched.
	backOff := func(age, count, over string) string {
		return age + " (x" + count + " over " + over + ")   Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ImagePullBackOff\n"
	}
	watchedWarnings := "LAST SEEN            TYPE      REASON   OBJECT                    MESSAGE\n" +
		"30s (x4 over 101s)   Warning   Failed   Pod/bad-98d775b47-p72vg   " + pullFailed + "\n" +
		"30s (x4 over 101s)   Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ErrImagePull\n" +
		backOff("0s", "8", "100s") + backOff("0s", "9", "110s") + backOff("0s", "10", "2m") +
		backOff("0s", "11", "2m10s") + backOff("0s", "12", "2m20s") +
		"0s (x5 over 2m31s)   Warning   Failed   Pod/bad-98d775b47-p72vg   " + pullFailed + "\n" +
		"0s (x5 over 2m31s)   Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ErrImagePull\n" +
		backOff("0s", "13", "2m40s") + backOff("0s", "14", "2m50s") + backOff("0s", "15", "3m")
	webRow := "5s          Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set web-5fc9f4bf66 from 0 to 1\n"
	webHeader := "LAST SEEN   TYPE     REASON              OBJECT           MESSAGE\n"
	for _, tc := range []struct {
		line, want string
		code       int
	}{
		{"kubectl events --for deploy/web", webHeader + webRow, 0},
		{"kubectl events --for=deployment.apps/web", webHeader + webRow, 0},
		{"kubectl events --types=Warning,warning", warnings, 0},
		{"kubectl events -A --types Warning --no-headers",
			"default   24s (x4 over 95s)   Warning   Failed   Pod/bad-98d775b47-p72vg   " + pullFailed + "\n" +
				"default   24s (x4 over 95s)   Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ErrImagePull\n" +
				"default   4s (x7 over 94s)    Warning   Failed   Pod/bad-98d775b47-p72vg   Error: ImagePullBackOff\n", 0},
		{"kubectl events -A --for=deployment/web",
			"NAMESPACE   LAST SEEN   TYPE     REASON              OBJECT           MESSAGE\n" +
				"default     5s          Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set web-5fc9f4bf66 from 0 to 1\n", 0},
		// kube-controller-manager and kube-scheduler became leader at 0 s.
		{"kubectl events -n kube-system", "LAST SEEN   TYPE     REASON           OBJECT                          MESSAGE\n" +
			"95s         Normal   LeaderElection   Lease/kube-controller-manager   kubeplay-control-plane_08b83ac8-8875-497a-bebd-82dbff98fc3b became leader\n" +
			"95s         Normal   LeaderElection   Lease/kube-scheduler            kubeplay-control-plane_7c21df4a-c3ea-4335-aceb-9e861cc07427 became leader\n", 0},
		{"kubectl events -A --types=Warning --for deploy/web", "No events found.\n", 0},
		{"kubectl events --for deploy/nothere", "No events found in default namespace.\n", 0},
		{"kubectl events --for deployment/web -o name", "", 0},
		{"kubectl events --for deploy/web -o yaml", "apiVersion: v1\nitems:\n- apiVersion: v1\n  count: 1\n" +
			"  firstTimestamp: \"2026-01-01T00:01:30Z\"\n  involvedObject:\n    apiVersion: apps/v1\n    kind: Deployment\n" +
			"    name: web\n    namespace: default\n    resourceVersion: \"222\"\n    uid: abf253f4-6160-4b2b-95b5-3e97861e9638\n" +
			"  kind: Event\n  lastTimestamp: \"2026-01-01T00:01:30Z\"\n  message: Scaled up replica set web-5fc9f4bf66 from 0 to 1\n" +
			"  metadata:\n    creationTimestamp: \"2026-01-01T00:01:30Z\"\n    name: web.18867266e2650400\n    namespace: default\n" +
			"    resourceVersion: \"224\"\n    uid: 4d8d6473-3e56-4583-89fc-f3881d636541\n  reason: ScalingReplicaSet\n" +
			"  reportingComponent: deployment-controller\n  reportingInstance: \"\"\n  source:\n    component: deployment-controller\n" +
			"  type: Normal\nkind: EventList\nmetadata: {}\n", 0},
		{"kubectl events --for deploy/web -o json", `{
    "kind": "EventList",
    "apiVersion": "v1",
    "metadata": {},
    "items": [
        {
            "kind": "Event",
            "apiVersion": "v1",
            "metadata": {
                "name": "web.18867266e2650400",
                "namespace": "default",
                "uid": "4d8d6473-3e56-4583-89fc-f3881d636541",
                "resourceVersion": "224",
                "creationTimestamp": "2026-01-01T00:01:30Z"
            },
            "involvedObject": {
                "kind": "Deployment",
                "namespace": "default",
                "name": "web",
                "uid": "abf253f4-6160-4b2b-95b5-3e97861e9638",
                "apiVersion": "apps/v1",
                "resourceVersion": "222"
            },
            "reason": "ScalingReplicaSet",
            "message": "Scaled up replica set web-5fc9f4bf66 from 0 to 1",
            "source": {
                "component": "deployment-controller"
            },
            "firstTimestamp": "2026-01-01T00:01:30Z",
            "lastTimestamp": "2026-01-01T00:01:30Z",
            "count": 1,
            "type": "Normal",
            "reportingComponent": "deployment-controller",
            "reportingInstance": ""
        }
    ]
}
`, 0},
		{"kubectl events --types=Info", "error: valid --types are Normal or Warning\n", 1},
		{"kubectl events --for=widgets/x", "error: the server doesn't have a resource type \"widgets\"\n", 1},
		{"kubectl events --for=foo.bar/x", "error: the server doesn't have a resource type \"foo\" in group \"bar\"\n", 1},
		{"kubectl events --for=web", "error: --for must be in resource/name form\n", 1},
		{"kubectl events --for a/b/c", "error: arguments in resource/name form may not have more than one slash\n", 1},
		{"kubectl events -o wide --types=Info", "error: unable to match a printer suitable for the output format \"wide\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml\n", 1},
		{"kubectl events --for deployment/web -o jsonpath", "error: template format specified but no template given\n", 1},
		{"kubectl events --for deployment/web -o jsonpath={.items}", "error: -o jsonpath: output format not supported by the playground\n", 1},
		// Watches last: they let simulated time pass.
		{"kubectl events --for deployment/web --request-timeout=3s -w", webHeader + webRow, 0},
		{"kubectl events --for deployment/web -w -o name --request-timeout=3s", "event/web.18867266e2650400\n", 0},
		{"kubectl events --types=Warning -w --request-timeout=120s", watchedWarnings, 0},
	} {
		r := Run(c, tc.line, Input{})
		if r.Output != tc.want || r.ExitCode != tc.code {
			t.Errorf("$ %s\ngot (exit %d):\n%s\nwant (exit %d):\n%s", tc.line, r.ExitCode, r.Output, tc.code, tc.want)
		}
	}
}

// kubectl events --help: eventsLong, eventsExample and the Use line.
func TestEventsHelp(t *testing.T) {
	checkHelp(t, []helpCase{
		{"kubectl events --help",
			"Display events.\n\n Prints a table of the most important information about events. You can request events for a namespace, for all namespace, or filtered to only those pertaining to a specified resource.\n\nExamples:\n" +
				"  # List recent events in the default namespace\n  kubectl events\n  \n",
			[]string{
				"  # List recent only events of type 'Warning' or 'Normal'\n  kubectl events --types=Warning,Normal\n\nUsage:\n  " + eventsUsage + " [options]\n",
			}},
	})
}

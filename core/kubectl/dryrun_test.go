package kubectl

import "testing"

// Every command with --dry-run leaves the cluster as it was: a client dry
// run sends nothing and prints the object as kubectl changed it itself; a
// server dry run is admitted and answered by the API server, which stores
// nothing. The names say "(dry run)" or "(server dry run)". scale prints
// the object as fetched in every mode, as upstream's RunScale does.
func TestDryRunsChangeNothing(t *testing.T) {
	s := rolledOut(t)
	state := func() string {
		return s.run(`kubectl get deploy nginx-deployment -o jsonpath={.metadata.resourceVersion}/{.spec.replicas}/{.spec.template.spec.containers[0].image}/{.metadata.labels}/{.metadata.annotations.a}`).Stdout
	}
	before := state()
	const jp = ` -o jsonpath={.spec.replicas}/{.spec.template.spec.containers[0].image}/{.metadata.labels.x}/{.metadata.annotations.a}/{.metadata.generation}`
	for _, tc := range []runCase{
		{"kubectl scale deploy/nginx-deployment --replicas=5 --dry-run=client", "deployment.apps/nginx-deployment scaled (dry run)\n", "", 0},
		{"kubectl scale deploy/nginx-deployment --replicas=5 --dry-run=server", "deployment.apps/nginx-deployment scaled (server dry run)\n", "", 0},
		{"kubectl scale deploy/nginx-deployment --replicas=5 --dry-run=server" + jp, "3/nginx:1.14.2///1", "", 0},
		{"kubectl set image deploy/nginx-deployment nginx=nginx:1.16.1 --dry-run=client", "deployment.apps/nginx-deployment image updated (dry run)\n", "", 0},
		{"kubectl set image deploy/nginx-deployment nginx=nginx:1.16.1 --dry-run=client" + jp, "3/nginx:1.16.1///1", "", 0},
		{"kubectl set image deploy/nginx-deployment nginx=nginx:1.16.1 --dry-run=server" + jp, "3/nginx:1.16.1///2", "", 0},
		{"kubectl set resources deploy/nginx-deployment --limits=cpu=200m --dry-run=server", "deployment.apps/nginx-deployment resource requirements updated (server dry run)\n", "", 0},
		{"kubectl patch deploy/nginx-deployment -p {\"spec\":{\"replicas\":5}} --dry-run=client" + jp, "5/nginx:1.14.2///1", "", 0},
		{"kubectl patch deploy/nginx-deployment -p {\"spec\":{\"replicas\":5}} --dry-run=server" + jp, "5/nginx:1.14.2///2", "", 0},
		{"kubectl patch deploy/nginx-deployment -p {\"spec\":{\"replicas\":5}} --dry-run=server", "deployment.apps/nginx-deployment patched (server dry run)\n", "", 0},
		{"kubectl patch deploy/nginx-deployment -p {\"spec\":{\"replicas\":3}} --dry-run=client", "deployment.apps/nginx-deployment patched (no change) (dry run)\n", "", 0},
		{"kubectl label deploy/nginx-deployment x=y --dry-run=client" + jp, "3/nginx:1.14.2/y//1", "", 0},
		{"kubectl label deploy/nginx-deployment x=y --dry-run=server", "deployment.apps/nginx-deployment labeled (server dry run)\n", "", 0},
		{"kubectl annotate deploy/nginx-deployment a=b --dry-run=client", "deployment.apps/nginx-deployment annotated (dry run)\n", "", 0},
		// A Deployment's generation counts annotation changes too
		// (deployment strategy PrepareForUpdate), not label changes.
		{"kubectl annotate deploy/nginx-deployment a=b --dry-run=server" + jp, "3/nginx:1.14.2//b/2", "", 0},
		{"kubectl label deploy/nginx-deployment x=y --dry-run=server" + jp, "3/nginx:1.14.2/y//1", "", 0},
		{"kubectl scale deploy/nginx-deployment --replicas=5 --dry-run=maybe", "", "error: Invalid dry-run value (maybe). Must be \"none\", \"server\", or \"client\".\n", 1},
	} {
		runCases(t, s, []runCase{tc})
		if after := state(); after != before {
			t.Fatalf("$ %s changed the Deployment: %s -> %s", tc.line, before, after)
		}
	}
	// Without --dry-run the same commands do change it.
	runCases(t, s, []runCase{{"kubectl scale deploy/nginx-deployment --replicas=5" + jp, "3/nginx:1.14.2///1", "", 0}})
	if state() == before {
		t.Error("a real scale changed nothing")
	}
}

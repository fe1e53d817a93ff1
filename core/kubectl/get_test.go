package kubectl

import "testing"

// kubectl get -f prints one object bare only when a single file implies a
// single item (visitByPaths: not stdin, not a directory); from stdin even
// one object comes wrapped in a List, and a missing object read from a
// file is reported alone.
func TestGetFromFilesSingleItem(t *testing.T) {
	s := rolledOut(t)
	s.in.Stdin = nginxDeployment
	s.in.Files["missing.yaml"] = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: missing
`
	runCases(t, s, []runCase{
		{"kubectl get -f nginx-deployment.yaml -o jsonpath={.kind}", "Deployment", "", 0},
		{"kubectl get -f - -o jsonpath={.kind}", "List", "", 0},
		{"kubectl get -f missing.yaml -o yaml", "", "Error from server (NotFound): deployments.apps \"missing\" not found\n", 1},
		{"kubectl get -f missing.yaml -f nginx-deployment.yaml -o name", "deployment.apps/nginx-deployment\n",
			"Error from server (NotFound): deployments.apps \"missing\" not found\n", 1},
	})
}

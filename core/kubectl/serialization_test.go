package kubectl

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// upstreamDryRun is what a v1.35 kubectl prints for `kubectl create
// deployment web --image=nginx --dry-run=client -o yaml`, byte for byte:
// strategy, resources and status are empty structs upstream's encoder
// keeps, and an unset creationTimestamp has been omitted since v1.34.
const upstreamDryRun = `apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app: web
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx
        name: nginx
        resources: {}
status: {}
`

// TestSerialization: objects print with upstream's JSON tags, so empty
// structs show up as {} (strategy, resources, status, lastState,
// loadBalancer), unset timestamps as null (lastProbeTime), an unset
// creationTimestamp not at all; and applying a file twice, even the
// dry-run output above, changes nothing the second time.
func TestSerialization(t *testing.T) {
	svc := `apiVersion: v1
kind: Service
metadata:
  name: nginx
spec:
  selector:
    app: nginx
  ports:
  - port: 80
`
	// The standard cluster, so the Service gets its ClusterIP and the pod a
	// real kubelet's status.
	std, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := &session{t: t, c: std, in: Input{Files: map[string]string{
		"nginx-deployment.yaml": nginxDeployment,
		"svc.yaml":              svc,
		// The file courses make with `... --dry-run=client -o yaml > web.yaml`.
		"web.yaml": upstreamDryRun,
	}}}
	got := runGolden(t, s, "serialization.txt")
	for _, want := range []string{
		"$ kubectl create deployment web --image=nginx --dry-run=client -o yaml\n" + upstreamDryRun + "$ ",
		"$ kubectl create deployment web --image=nginx --dry-run=client -o jsonpath={.status}\n{}\n",
		"$ kubectl create namespace dev --dry-run=client -o yaml\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: dev\nspec: {}\nstatus: {}\n",
		"$ kubectl get deploy nginx-deployment -o jsonpath={.spec.template.spec.containers[0].resources}\n{}\n",
		"$ kubectl get pods -l app=web -o jsonpath={.items[0].status.containerStatuses[0].lastState}\n{}\n",
		"    - lastProbeTime: null\n",
		"status:\n  loadBalancer: {}\n",
		"$ kubectl get svc nginx -o jsonpath={.status}\n{\"loadBalancer\":{}}\n",
		"$ kubectl apply -f nginx-deployment.yaml\ndeployment.apps/nginx-deployment unchanged\n",
		"$ kubectl apply -f svc.yaml\nservice/nginx unchanged\n",
		"$ kubectl apply -f web.yaml\ndeployment.apps/web unchanged\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
	if strings.Contains(got, "creationTimestamp: null") {
		t.Error("an unset creationTimestamp printed as null; since v1.34 it is omitted")
	}
}

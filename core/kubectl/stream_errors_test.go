package kubectl

import (
	"testing"
)

// mixedStream has, in order, a good ConfigMap, a kind the cluster does not
// serve, a Deployment with a misspelt field, a good Deployment and a
// Service whose name is invalid.
const mixedStream = `apiVersion: v1
kind: ConfigMap
metadata:
  name: a
data:
  k: v
---
apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  namespace: prod
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: bad
spec:
  replicaz: 2
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: Bad
spec:
  ports:
  - port: 80
`

// TestStreamWithFailingDocuments: apply, create -f and delete -f act on
// every document they can and print the failures last, as kubectl's
// ContinueOnError builders do; apply reports GetObjects' mapping errors
// before the API server's refusals, create and delete in document order.
func TestStreamWithFailingDocuments(t *testing.T) {
	s := newSession(t, map[string]string{"app.yaml": mixedStream})
	const mapping = `resource mapping not found for name: "w" namespace: "prod" from "app.yaml": no matches for kind "Widget" in version "example.com/v1"
ensure CRDs are installed first
`
	const strict = `Error from server (BadRequest): error when creating "app.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replicaz"
`
	got := runScript(t, s, `
kubectl apply -f app.yaml
kubectl get configmap a -o name
kubectl create -f app.yaml
kubectl delete -f app.yaml
`)
	want := "$ kubectl apply -f app.yaml\nconfigmap/a created\ndeployment.apps/web created\n" + mapping + strict +
		`The Service "Bad" is invalid: metadata.name: Invalid value: "Bad": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')
[exit 1]
$ kubectl get configmap a -o name
configmap/a
$ kubectl create -f app.yaml
` + `Error from server (AlreadyExists): error when creating "app.yaml": configmaps "a" already exists
` + mapping + strict + `Error from server (AlreadyExists): error when creating "app.yaml": deployments.apps "web" already exists
The Service "Bad" is invalid: metadata.name: Invalid value: "Bad": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')
[exit 1]
$ kubectl delete -f app.yaml
configmap "a" deleted from default namespace
deployment.apps "web" deleted from default namespace
` + mapping + `Error from server (NotFound): deployments.apps "bad" not found
Error from server (NotFound): services "Bad" not found
[exit 1]
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

package kubectl

import (
	"strings"
	"testing"
)

// --field-selector through kubectl: get (with -A, -o wide/name/json, -w),
// delete, label, annotate and wait, and the API server's errors as
// kubectl prints them (resource.EnhanceListError's wrapping of the
// BadRequest).
func TestFieldSelector(t *testing.T) {
	s := newSession(t, nil)
	got := runScript(t, s, `
kubectl create deployment web --image=nginx:1.14.2 --replicas=4
kubectl get pods -w --field-selector status.phase=Running
kubectl get pods -o wide
kubectl get pods --field-selector spec.nodeName=node-1
kubectl get pods --field-selector spec.nodeName!=node-1 -o name
kubectl get pods --field-selector status.phase=Running,spec.nodeName=node-2 -o wide
kubectl get pods --field-selector=status.phase==Pending
kubectl get pods -A --field-selector metadata.namespace!=default
kubectl get pods -A --field-selector spec.nodeName=node-3 --no-headers
kubectl get pods --field-selector spec.nodeName=node-3 -o jsonpath={.items[*].spec.nodeName}
kubectl get events --field-selector involvedObject.kind=Deployment
kubectl get events --field-selector involvedObject.name=web,reason=ScalingReplicaSet -o name
kubectl get events --field-selector type=Warning
kubectl get events --field-selector involvedObject.kind=ReplicaSet,source=replicaset-controller
kubectl get deploy --field-selector metadata.name=web
kubectl get ns --field-selector status.phase=Active
kubectl expose deployment web --port=80
kubectl get svc -A --field-selector spec.type=ClusterIP
kubectl get svc --field-selector spec.type=NodePort -o json
kubectl cordon node-2
kubectl get nodes --field-selector spec.unschedulable=true
kubectl uncordon node-2
kubectl get pods --field-selector foo=bar
kubectl get pods -l app=web --field-selector status.phase=Running,foo=bar
kubectl get pods --field-selector foo
kubectl get pods --field-selector status.phase=a=b
kubectl get pods --field-selector 'status.phase=\q'
kubectl get rs --field-selector status.replicas=4
kubectl get nodes --field-selector metadata.namespace=default
kubectl get pods,deploy --field-selector status.phase=Running
kubectl get pods -w --field-selector foo=bar
kubectl get pod/web --field-selector status.phase=Running
kubectl get pods web --field-selector status.phase=Running
kubectl label pods --field-selector spec.nodeName=node-1 on=node-1
kubectl get pods -L on
kubectl annotate pods --all --field-selector spec.nodeName=node-1 a=b
kubectl label pods --all --field-selector spec.nodeName=node-1 a=b
kubectl wait --for=condition=Ready pods --field-selector spec.nodeName=node-2 --timeout=10s
kubectl delete pods --all --field-selector spec.nodeName=node-1
kubectl delete pods --field-selector status.phase=Failed
kubectl delete pods --field-selector spec.nodeName=node-1 --wait=false
kubectl get pods -w --field-selector spec.nodeName=node-1
kubectl delete pods --field-selector foo=bar
kubectl get pods -o wide
`)
	checkGolden(t, "field-selector.txt", got)
	for _, want := range []string{
		"Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"\", field selector \"foo=bar\": field label not supported: foo\n[exit 1]\n",
		"Error from server (BadRequest): Unable to find \"apps/v1, Resource=replicasets\" that match label selector \"\", field selector \"status.replicas=4\": \"status.replicas\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"\n[exit 1]\n",
		"Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"\", field selector \"foo\": invalid selector: 'foo'; can't understand 'foo'\n[exit 1]\n",
		"$ kubectl get events --field-selector type=Warning\nNo resources found in default namespace.\n",
		"error: cannot set --all and --field-selector at the same time\n[exit 1]\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
}

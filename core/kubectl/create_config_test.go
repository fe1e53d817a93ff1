package kubectl

import "testing"

// TestCreateConfigGenerators: create configmap, secret generic and
// serviceaccount build the objects kubectl's generators build, with their
// errors.
func TestCreateConfigGenerators(t *testing.T) {
	s := newSession(t, map[string]string{"settings.ini": "[main]\ndebug=true\n"})
	got := runScript(t, s, `
kubectl create configmap app --from-file=settings.ini --from-literal=MODE=prod --from-literal=URL=http://x?a=b
kubectl get configmap app -o jsonpath={.data}
kubectl create cm dup --from-literal=a=1 --from-literal=a=2
kubectl create configmap bad --from-literal=noequals
kubectl create secret generic db --from-literal=password=hunter2
kubectl get secret db -o jsonpath={.type}/{.data.password}
kubectl create secret generic db --from-literal=password=x
kubectl create serviceaccount builder
kubectl get sa builder -o name
`)
	want := `$ kubectl create configmap app --from-file=settings.ini --from-literal=MODE=prod --from-literal=URL=http://x?a=b
configmap/app created
$ kubectl get configmap app -o jsonpath={.data}
{"MODE":"prod","URL":"http://x?a=b","settings.ini":"[main]\ndebug=true\n"}
$ kubectl create cm dup --from-literal=a=1 --from-literal=a=2
error: cannot add key "a", another key by that name already exists in Data for ConfigMap "dup"
[exit 1]
$ kubectl create configmap bad --from-literal=noequals
error: invalid literal source noequals, expected key=value
[exit 1]
$ kubectl create secret generic db --from-literal=password=hunter2
secret/db created
$ kubectl get secret db -o jsonpath={.type}/{.data.password}
Opaque/aHVudGVyMg==
$ kubectl create secret generic db --from-literal=password=x
error: failed to create secret secrets "db" already exists
[exit 1]
$ kubectl create serviceaccount builder
serviceaccount/builder created
$ kubectl get sa builder -o name
serviceaccount/builder
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

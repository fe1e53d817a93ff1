package printers

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

func printTable(t *testing.T, objs []api.Object, opts TableOptions) string {
	t.Helper()
	opts.Now = now
	var b strings.Builder
	if err := PrintTable(&b, objs, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func check(t *testing.T, name, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n--- got ---\n%s--- want ---\n%s", name, got, want)
	}
}

// The outputs of the Deployment concept page (kubernetes.io, "Creating a
// Deployment", "Updating a Deployment"), which are current kubectl output.
func TestDeploymentDocsTables(t *testing.T) {
	check(t, "get deployments (just created)",
		printTable(t, objs(deployment("nginx-deployment", time.Second, 3, 0, 0, 0)), TableOptions{}),
		"NAME               READY   UP-TO-DATE   AVAILABLE   AGE\n"+
			"nginx-deployment   0/3     0            0           1s\n")
	check(t, "get deployments (rolled out)",
		printTable(t, objs(deployment("nginx-deployment", 18*time.Second, 3, 3, 3, 3)), TableOptions{}),
		"NAME               READY   UP-TO-DATE   AVAILABLE   AGE\n"+
			"nginx-deployment   3/3     3            3           18s\n")
	check(t, "get rs",
		printTable(t, objs(replicaSet("nginx-deployment-75675f5897", 18*time.Second, 3, 3, 3)), TableOptions{}),
		"NAME                          DESIRED   CURRENT   READY   AGE\n"+
			"nginx-deployment-75675f5897   3         3         3       18s\n")
	check(t, "get rs after update",
		printTable(t, objs(
			replicaSet("nginx-deployment-1564180365", 6*time.Second, 3, 3, 3),
			replicaSet("nginx-deployment-2035384211", 36*time.Second, 0, 0, 0)), TableOptions{}),
		"NAME                          DESIRED   CURRENT   READY   AGE\n"+
			"nginx-deployment-1564180365   3         3         3       6s\n"+
			"nginx-deployment-2035384211   0         0         0       36s\n")
	check(t, "get pods --show-labels",
		printTable(t, objs(runningPod("nginx-deployment-75675f5897-7ci7o", 18*time.Second,
			map[string]string{"app": "nginx", "pod-template-hash": "75675f5897"})), TableOptions{ShowLabels: true}),
		"NAME                                READY   STATUS    RESTARTS   AGE   LABELS\n"+
			"nginx-deployment-75675f5897-7ci7o   1/1     Running   0          18s   app=nginx,pod-template-hash=75675f5897\n")
}

func TestWideColumns(t *testing.T) {
	check(t, "deploy -o wide",
		printTable(t, objs(deployment("web", 5*time.Minute, 3, 3, 3, 3)), TableOptions{Wide: true}),
		"NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES         SELECTOR\n"+
			"web    3/3     3            3           5m    nginx        nginx:1.14.2   app=nginx\n")
	check(t, "rs -o wide",
		printTable(t, objs(replicaSet("web-6d4cf56db6", 5*time.Minute, 3, 3, 2)), TableOptions{Wide: true}),
		"NAME             DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES         SELECTOR\n"+
			"web-6d4cf56db6   3         3         2       5m    nginx        nginx:1.14.2   app=nginx,pod-template-hash=6d4cf56db6\n")
	pending := runningPod("web-6d4cf56db6-abcde", 3*time.Second, nil)
	pending.Spec.NodeName = ""
	pending.Status = api.PodStatus{Phase: api.PodPending}
	check(t, "pods -o wide",
		printTable(t, objs(runningPod("web-6d4cf56db6-x7k2p", 90*time.Second, nil), pending), TableOptions{Wide: true}),
		"NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE          NOMINATED NODE   READINESS GATES\n"+
			"web-6d4cf56db6-x7k2p   1/1     Running   0          90s   10.244.1.5   kind-worker   <none>           <none>\n"+
			"web-6d4cf56db6-abcde   0/1     Pending   0          3s    <none>       <none>        <none>           <none>\n")
}

// Several containers: CONTAINERS and IMAGES join with commas.
func TestContainerCells(t *testing.T) {
	d := deployment("web", time.Hour, 1, 1, 1, 1)
	d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, api.Container{Name: "sidecar", Image: "busybox"})
	d.Spec.Selector = &api.LabelSelector{}
	check(t, "two containers, empty selector",
		printTable(t, objs(d), TableOptions{Wide: true}),
		"NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS      IMAGES                 SELECTOR\n"+
			"web    1/1     1            1           60m   nginx,sidecar   nginx:1.14.2,busybox   \n")
}

func TestNamespaceColumnAndOptions(t *testing.T) {
	p1 := runningPod("web-1", 2*time.Minute, map[string]string{"app": "web", "tier": "frontend"})
	p2 := runningPod("coredns-7db6d8ff4d-2x4fz", 10*24*time.Hour, map[string]string{"k8s-app": "kube-dns"})
	p2.Namespace = "kube-system"
	check(t, "-A",
		printTable(t, objs(p1, p2), TableOptions{WithNamespace: true}),
		"NAMESPACE     NAME                       READY   STATUS    RESTARTS   AGE\n"+
			"default       web-1                      1/1     Running   0          2m\n"+
			"kube-system   coredns-7db6d8ff4d-2x4fz   1/1     Running   0          10d\n")
	check(t, "--no-headers",
		printTable(t, objs(p1, p2), TableOptions{NoHeaders: true}),
		"web-1                      1/1   Running   0     2m\n"+
			"coredns-7db6d8ff4d-2x4fz   1/1   Running   0     10d\n")
	check(t, "-L app,example.com/tier",
		printTable(t, objs(p1, p2), TableOptions{ColumnLabels: []string{"app", "example.com/tier"}}),
		"NAME                       READY   STATUS    RESTARTS   AGE   APP   TIER\n"+
			"web-1                      1/1     Running   0          2m    web   \n"+
			"coredns-7db6d8ff4d-2x4fz   1/1     Running   0          10d         \n")
	check(t, "--show-kind",
		printTable(t, objs(p1), TableOptions{ShowKind: true}),
		"NAME        READY   STATUS    RESTARTS   AGE\n"+
			"pod/web-1   1/1     Running   0          2m\n")
	// Nodes are cluster-scoped: -A adds no NAMESPACE column.
	check(t, "nodes -A",
		printTable(t, objs(node("kind-control-plane", api.ConditionTrue, 10*24*time.Hour, nil)), TableOptions{WithNamespace: true}),
		"NAME                 STATUS   ROLES    AGE   VERSION\n"+
			"kind-control-plane   Ready    <none>   10d   v1.37.0\n")
	check(t, "nothing", printTable(t, nil, TableOptions{}), "")
	if got := NoResourcesFound("default", false); got != "No resources found in default namespace." {
		t.Errorf("NoResourcesFound = %q", got)
	}
	if got := NoResourcesFound("default", true); got != "No resources found" {
		t.Errorf("NoResourcesFound -A = %q", got)
	}
}

// kubectl get all: one table per kind, a blank line between them, and
// kind-qualified names.
func TestGetAll(t *testing.T) {
	kube := service("kubernetes", api.ServiceTypeClusterIP, "10.96.0.1",
		[]api.ServicePort{{Name: "https", Port: 443, Protocol: api.ProtocolTCP}}, 10*24*time.Hour)
	all := []api.Object{
		runningPod("web-6d4cf56db6-x7k2p", 5*time.Minute, nil),
		runningPod("web-6d4cf56db6-z9qvw", 5*time.Minute, nil),
		kube,
		deployment("web", 5*time.Minute, 2, 2, 2, 2),
		replicaSet("web-6d4cf56db6", 5*time.Minute, 2, 2, 2),
	}
	check(t, "get all", printTable(t, all, TableOptions{}),
		"NAME                       READY   STATUS    RESTARTS   AGE\n"+
			"pod/web-6d4cf56db6-x7k2p   1/1     Running   0          5m\n"+
			"pod/web-6d4cf56db6-z9qvw   1/1     Running   0          5m\n"+
			"\n"+
			"NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE\n"+
			"service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   10d\n"+
			"\n"+
			"NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\n"+
			"deployment.apps/web   2/2     2            2           5m\n"+
			"\n"+
			"NAME                             DESIRED   CURRENT   READY   AGE\n"+
			"replicaset.apps/web-6d4cf56db6   2         2         2       5m\n")
	check(t, "get all --no-headers", printTable(t, all[2:4], TableOptions{NoHeaders: true}),
		"service/kubernetes   ClusterIP   10.96.0.1   <none>   443/TCP   10d\n"+
			"deployment.apps/web   2/2   2     2     5m\n")
}

// A cell with a line break is cut there, and terminal escapes are
// neutralised (appendCellValue).
func TestCellSanitising(t *testing.T) {
	e := &api.Event{
		ObjectMeta:     meta("web.1", time.Minute, nil),
		InvolvedObject: api.ObjectReference{Kind: "Pod", Name: "web"},
		Reason:         "Failed", Type: "Warning",
		Message:       "line one\nline two \x1b[31m",
		LastTimestamp: ago(time.Minute), FirstTimestamp: ago(time.Minute), Count: 1,
	}
	api.SetTypeMeta(e)
	check(t, "event message", printTable(t, objs(e), TableOptions{}),
		"LAST SEEN   TYPE      REASON   OBJECT    MESSAGE\n"+
			"60s         Warning   Failed   pod/web   line one...\n")
	e.Message = "bad \x1b[31m red"
	check(t, "escape", printTable(t, objs(e), TableOptions{}),
		"LAST SEEN   TYPE      REASON   OBJECT    MESSAGE\n"+
			"60s         Warning   Failed   pod/web   bad ^[[31m red\n")
}

package printers

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func tcp(port, nodePort int32) api.ServicePort {
	return api.ServicePort{Port: port, NodePort: nodePort, Protocol: api.ProtocolTCP, TargetPort: api.FromInt(port)}
}

// Services: every EXTERNAL-IP and PORT(S) shape (printService,
// getServiceExternalIP, makePortString).
func TestServiceTable(t *testing.T) {
	web := service("web", api.ServiceTypeClusterIP, "10.96.12.34", []api.ServicePort{tcp(80, 0)}, time.Hour)
	web.Spec.Selector = map[string]string{"app": "web"}
	np := service("web-np", api.ServiceTypeNodePort, "10.96.200.1", []api.ServicePort{tcp(80, 30080)}, time.Hour)
	lb := service("web-lb", api.ServiceTypeLoadBalancer, "10.96.3.3", []api.ServicePort{tcp(80, 31000), tcp(443, 31443)}, time.Hour)
	lbUp := service("web-lb2", api.ServiceTypeLoadBalancer, "10.96.4.4", []api.ServicePort{tcp(80, 31001)}, time.Hour)
	lbUp.Status.LoadBalancer.Ingress = []api.LoadBalancerIngress{{IP: "203.0.113.10"}, {Hostname: "lb.example.com"}, {IP: "203.0.113.10"}}
	ext := service("db", api.ServiceTypeExternalName, "", nil, time.Hour)
	ext.Spec.ExternalName = "db.example.com"
	headless := service("web-headless", api.ServiceTypeClusterIP, "None", []api.ServicePort{tcp(80, 0)}, time.Hour)
	headless.Spec.ExternalIPs = []string{"198.51.100.7"}
	udp := service("dns", api.ServiceTypeClusterIP, "10.96.0.10", []api.ServicePort{
		{Port: 53, Protocol: api.ProtocolUDP}, {Port: 53, Protocol: api.ProtocolTCP}}, time.Hour)

	check(t, "get svc", printTable(t, objs(web, np, lb, lbUp, ext, headless, udp), TableOptions{}),
		"NAME           TYPE           CLUSTER-IP    EXTERNAL-IP                   PORT(S)                      AGE\n"+
			"web            ClusterIP      10.96.12.34   <none>                        80/TCP                       60m\n"+
			"web-np         NodePort       10.96.200.1   <none>                        80:30080/TCP                 60m\n"+
			"web-lb         LoadBalancer   10.96.3.3     <pending>                     80:31000/TCP,443:31443/TCP   60m\n"+
			"web-lb2        LoadBalancer   10.96.4.4     203.0.113.10,lb.example.com   80:31001/TCP                 60m\n"+
			"db             ExternalName   <none>        db.example.com                <none>                       60m\n"+
			"web-headless   ClusterIP      None          198.51.100.7                  80/TCP                       60m\n"+
			"dns            ClusterIP      10.96.0.10    <none>                        53/UDP,53/TCP                60m\n")
	check(t, "get svc -o wide", printTable(t, objs(web, ext), TableOptions{Wide: true}),
		"NAME   TYPE           CLUSTER-IP    EXTERNAL-IP      PORT(S)   AGE   SELECTOR\n"+
			"web    ClusterIP      10.96.12.34   <none>           80/TCP    60m   app=web\n"+
			"db     ExternalName   <none>        db.example.com   <none>    60m   <none>\n")
}

// Nodes: Ready/NotReady/Unknown, cordoned, roles (printNode, findNodeRoles).
func TestNodeTable(t *testing.T) {
	cp := node("kind-control-plane", api.ConditionTrue, 10*24*time.Hour,
		map[string]string{"node-role.kubernetes.io/control-plane": ""})
	w1 := node("kind-worker", api.ConditionFalse, 10*24*time.Hour,
		map[string]string{"kubernetes.io/role": "worker", "node-role.kubernetes.io/infra": ""})
	w2 := node("kind-worker2", api.ConditionUnknown, 3*time.Hour, nil)
	w2.Spec.Unschedulable = true
	w3 := node("kind-worker3", api.ConditionTrue, 3*time.Hour, nil)
	w3.Status.Conditions = nil
	w3.Status.Addresses = nil
	w3.Status.NodeInfo.OSImage = ""
	check(t, "get nodes", printTable(t, objs(cp, w1, w2, w3), TableOptions{}),
		"NAME                 STATUS                        ROLES           AGE   VERSION\n"+
			"kind-control-plane   Ready                         control-plane   10d   v1.37.0\n"+
			"kind-worker          NotReady                      infra,worker    10d   v1.37.0\n"+
			"kind-worker2         NotReady,SchedulingDisabled   <none>          3h    v1.37.0\n"+
			"kind-worker3         Unknown                       <none>          3h    v1.37.0\n")
	// printNode appends the architecture to the kernel version.
	cp.Status.NodeInfo.Architecture = "amd64"
	check(t, "get nodes -o wide", printTable(t, objs(cp, w3), TableOptions{Wide: true}),
		"NAME                 STATUS    ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION             CONTAINER-RUNTIME\n"+
			"kind-control-plane   Ready     control-plane   10d   v1.37.0   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic (amd64)   containerd://2.1.1\n"+
			"kind-worker3         Unknown   <none>          3h    v1.37.0   <none>        <none>        <unknown>                        6.8.0-45-generic           containerd://2.1.1\n")
}

func event(name, kind, obj, typ, reason, msg string, first, last time.Duration, count int32) *api.Event {
	e := &api.Event{
		ObjectMeta:     meta(name, first, nil),
		InvolvedObject: api.ObjectReference{Kind: kind, Name: obj, Namespace: "default"},
		Type:           typ, Reason: reason, Message: msg,
		Source:         api.EventSource{Component: "deployment-controller"},
		FirstTimestamp: ago(first), LastTimestamp: ago(last), Count: count,
	}
	api.SetTypeMeta(e)
	return e
}

// Events (printEvent): OBJECT is kind/name lower-cased; -o wide adds
// SUBOBJECT, SOURCE, FIRST SEEN, COUNT and NAME.
func TestEventTable(t *testing.T) {
	e1 := event("web.17a1", "Deployment", "web", "Normal", "ScalingReplicaSet",
		"Scaled up replica set web-6d4cf56db6 from 0 to 3", 5*time.Minute, 5*time.Minute, 1)
	e2 := event("web-6d4cf56db6-x7k2p.17a2", "Pod", "web-6d4cf56db6-x7k2p", "Warning", "BackOff",
		"Back-off pulling image \"nginx:nope\"", 20*time.Minute, 12*time.Minute, 3)
	e2.Source = api.EventSource{Component: "kubelet", Host: "kind-worker"}
	e2.InvolvedObject.FieldPath = "spec.containers{nginx}"
	e3 := event("web.17a3", "Deployment", "web", "Normal", "ScalingReplicaSet", "  trailing space  ", 90*time.Second, 0, 0)
	e3.LastTimestamp = api.Time{}
	check(t, "get events", printTable(t, objs(e1, e2, e3), TableOptions{}),
		"LAST SEEN   TYPE      REASON              OBJECT                     MESSAGE\n"+
			"5m          Normal    ScalingReplicaSet   deployment/web             Scaled up replica set web-6d4cf56db6 from 0 to 3\n"+
			"12m         Warning   BackOff             pod/web-6d4cf56db6-x7k2p   Back-off pulling image \"nginx:nope\"\n"+
			"90s         Normal    ScalingReplicaSet   deployment/web             trailing space\n")
	check(t, "get events -o wide", printTable(t, objs(e1, e2), TableOptions{Wide: true}),
		"LAST SEEN   TYPE      REASON              OBJECT                     SUBOBJECT                SOURCE                  MESSAGE                                            FIRST SEEN   COUNT   NAME\n"+
			"5m          Normal    ScalingReplicaSet   deployment/web                                      deployment-controller   Scaled up replica set web-6d4cf56db6 from 0 to 3   5m           1       web.17a1\n"+
			"12m         Warning   BackOff             pod/web-6d4cf56db6-x7k2p   spec.containers{nginx}   kubelet, kind-worker    Back-off pulling image \"nginx:nope\"                20m          3       web-6d4cf56db6-x7k2p.17a2\n")

	// An events.k8s.io/v1 event (the scheduler's) has no source: SOURCE is
	// its reporting controller and instance (formatEventSource).
	e4 := event("web-6d4cf56db6-x7k2p.17a4", "Pod", "web-6d4cf56db6-x7k2p", "Normal", "Scheduled",
		"Successfully assigned default/web-6d4cf56db6-x7k2p to kind-worker", time.Minute, time.Minute, 1)
	e4.Source = api.EventSource{}
	e4.ReportingComponent, e4.ReportingInstance = "default-scheduler", "default-scheduler-kind-control-plane"
	check(t, "get events -o wide (events.k8s.io/v1)", printTable(t, objs(e4), TableOptions{Wide: true}),
		"LAST SEEN   TYPE     REASON      OBJECT                     SUBOBJECT   SOURCE                                                    MESSAGE                                                             FIRST SEEN   COUNT   NAME\n"+
			"60s         Normal   Scheduled   pod/web-6d4cf56db6-x7k2p               default-scheduler, default-scheduler-kind-control-plane   Successfully assigned default/web-6d4cf56db6-x7k2p to kind-worker   60s          1       web-6d4cf56db6-x7k2p.17a4\n")
}

// Namespaces, resource quotas, leases, EndpointSlices, RuntimeClasses, and
// the NAME/AGE fallback.
func TestOtherTables(t *testing.T) {
	ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "default", CreationTimestamp: ago(10 * 24 * time.Hour)},
		Status: api.NamespaceStatus{Phase: api.NamespaceActive}}
	gone := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "old", CreationTimestamp: ago(time.Hour)},
		Status: api.NamespaceStatus{Phase: api.NamespaceTerminating}}
	check(t, "get ns", printTable(t, objs(ns, gone), TableOptions{}),
		"NAME      STATUS        AGE\n"+
			"default   Active        10d\n"+
			"old       Terminating   60m\n")

	q := &api.ResourceQuota{ObjectMeta: meta("compute", 30*time.Second, nil),
		Status: api.ResourceQuotaStatus{
			Hard: api.ResourceList{"pods": resource.MustParse("10"), "requests.cpu": resource.MustParse("1"),
				"requests.memory": resource.MustParse("1Gi"), "limits.cpu": resource.MustParse("2"),
				"limits.memory": resource.MustParse("2Gi")},
			Used: api.ResourceList{"pods": resource.MustParse("3"), "requests.cpu": resource.MustParse("300m"),
				"requests.memory": resource.MustParse("384Mi"), "limits.cpu": resource.MustParse("600m")},
		}}
	podsOnly := &api.ResourceQuota{ObjectMeta: meta("pods-high", 2*time.Minute, nil),
		Status: api.ResourceQuotaStatus{Hard: api.ResourceList{"pods": resource.MustParse("4")}}}
	check(t, "get quota", printTable(t, objs(q, podsOnly), TableOptions{}),
		"NAME        REQUEST                                                        LIMIT                                      AGE\n"+
			"compute     pods: 3/10, requests.cpu: 300m/1, requests.memory: 384Mi/1Gi   limits.cpu: 600m/2, limits.memory: 0/2Gi   30s\n"+
			"pods-high   pods: 0/4                                                                                                 2m\n")

	holder := "kind-worker"
	lease := &api.Lease{ObjectMeta: api.ObjectMeta{Name: "kind-worker", Namespace: "kube-node-lease", CreationTimestamp: ago(10 * 24 * time.Hour)},
		Spec: api.LeaseSpec{HolderIdentity: &holder}}
	empty := &api.Lease{ObjectMeta: api.ObjectMeta{Name: "orphan", CreationTimestamp: ago(time.Minute)}}
	check(t, "get leases", printTable(t, objs(lease, empty), TableOptions{}),
		"NAME          HOLDER        AGE\n"+
			"kind-worker   kind-worker   10d\n"+
			"orphan                      60s\n")

	port, name := int32(80), "http"
	es := &api.EndpointSlice{ObjectMeta: meta("web-abc12", time.Minute, nil), AddressType: api.AddressTypeIPv4,
		Ports: []api.EndpointPort{{Port: &port}, {Name: &name}, {}},
		Endpoints: []api.Endpoint{{Addresses: []string{"10.244.1.5"}}, {Addresses: []string{"10.244.2.7"}},
			{Addresses: []string{"10.244.1.9"}, Conditions: api.EndpointConditions{Ready: boolp(false)}}, {Addresses: []string{"10.244.2.8"}}}}
	none := &api.EndpointSlice{ObjectMeta: meta("web-xyz98", time.Minute, nil), AddressType: api.AddressTypeIPv4}
	check(t, "get endpointslices", printTable(t, objs(es, none), TableOptions{}),
		"NAME        ADDRESSTYPE   PORTS       ENDPOINTS                                      AGE\n"+
			"web-abc12   IPv4          80,http,*   10.244.1.5,10.244.2.7,10.244.1.9 + 1 more...   60s\n"+
			"web-xyz98   IPv4          <unset>     <unset>                                        60s\n")

	rc := &api.RuntimeClass{ObjectMeta: api.ObjectMeta{Name: "gvisor", CreationTimestamp: ago(time.Hour)}, Handler: "runsc"}
	check(t, "get runtimeclass", printTable(t, objs(rc), TableOptions{}),
		"NAME     HANDLER   AGE\n"+
			"gvisor   runsc     60m\n")
}

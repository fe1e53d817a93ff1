package validation

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func TestValidateNamespace(t *testing.T) {
	ns := func(name string) *api.Namespace { return &api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}} }
	check(t, "valid", ValidateObject(defaulted(ns("team-a"))), nil)
	check(t, "dots", ValidateObject(defaulted(ns("team.a"))), []string{`metadata.name: Invalid value: "team.a": must not contain dots`})
	check(t, "upper case", ValidateObject(defaulted(ns("Team"))), []string{`metadata.name: Invalid value: "Team": ` + labelMsg})

	n := ns("team-a")
	n.Namespace = "default"
	n.Spec.Finalizers = []string{"kubernetes", "custom"}
	check(t, "namespace field and finalizers", ValidateObject(defaulted(n)), []string{
		"metadata.namespace: Forbidden: not allowed on this type",
		`spec.finalizers: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified`,
	})

	old := defaulted(ns("team-a"))
	old.ResourceVersion = "2"
	cur := api.DeepCopy(old)
	cur.Name = "team-b"
	check(t, "rename", ValidateObjectUpdate(cur, old), []string{`metadata.name: Invalid value: "team-b": field is immutable`})

	cur = api.DeepCopy(old)
	cur.Status.Phase = api.NamespaceTerminating
	check(t, "terminating without deletionTimestamp", ValidateStatusUpdate(cur, old),
		[]string{"status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty"})
	cur.DeletionTimestamp = api.NewTimePtr(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	old.DeletionTimestamp = cur.DeletionTimestamp
	check(t, "terminating", ValidateStatusUpdate(cur, old), nil)
	cur.Status.Phase = api.NamespaceActive
	check(t, "active while deleting", ValidateStatusUpdate(cur, old),
		[]string{"status.Phase: Invalid value: \"Active\": may only be 'Terminating' if `deletionTimestamp` is not empty"})
}

func TestValidateObjectMetaUpdateTimestampsAndFinalizers(t *testing.T) {
	old := defaulted(validDeployment())
	old.ResourceVersion = "5"
	old.CreationTimestamp = api.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	old.DeletionTimestamp = api.NewTimePtr(time.Date(2026, 1, 1, 1, 0, 0, 0, time.UTC))
	old.Finalizers = []string{"example.com/a"}

	d := api.DeepCopy(old)
	d.CreationTimestamp = api.NewTime(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
	d.DeletionTimestamp = nil
	d.DeletionGracePeriodSeconds = ptr(int64(30))
	d.Finalizers = []string{"example.com/a", "example.com/c", "example.com/b"}
	check(t, "immutable metadata", ValidateObjectUpdate(d, old), []string{
		`metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b", "example.com/c"}`,
		`metadata.creationTimestamp: Invalid value: "2026-02-01T00:00:00Z": field is immutable`,
		`metadata.deletionTimestamp: Invalid value: null: field is immutable`,
		`metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable`,
	})
}

func TestValidateNode(t *testing.T) {
	q := resource.MustParse
	node := func() *api.Node {
		return &api.Node{ObjectMeta: api.ObjectMeta{Name: "node-1"},
			Spec:   api.NodeSpec{PodCIDR: "10.244.1.0/24", PodCIDRs: []string{"10.244.1.0/24"}},
			Status: api.NodeStatus{Capacity: api.ResourceList{"cpu": q("4"), "memory": q("8Gi"), "pods": q("110")}}}
	}
	check(t, "valid", ValidateObject(defaulted(node())), nil)

	n := node()
	n.Spec.Taints = []api.Taint{
		{Key: "dedicated", Value: "gpu", Effect: api.TaintEffectNoSchedule},
		{Key: "dedicated", Value: "other", Effect: api.TaintEffectNoSchedule},
		{Key: "x", Value: "bad value", Effect: "Never"},
		{Key: "y"},
	}
	n.Spec.PodCIDRs = []string{"10.244.1.0/24", "10.245.0.0/16"}
	n.Status.Capacity["cpu"] = q("-1")
	n.Status.Capacity["pods"] = q("1500m")
	check(t, "invalid", ValidateObject(defaulted(n)), []string{
		`metadata.taints[1]: Duplicate value: {"Key":"dedicated","Value":"other","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair`,
		`metadata.taints[2].value: Invalid value: "bad value": ` + labelValueMsg,
		`metadata.taints[2].effect: Unsupported value: "Never": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
		`metadata.taints[3].effect: Required value`,
		`status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0`,
		`status.capacity.pods: Invalid value: "1500m": must be an integer`,
		`status.allocatable.cpu: Invalid value: "-1": must be greater than or equal to 0`,
		`status.allocatable.pods: Invalid value: "1500m": must be an integer`,
		`spec.podCIDRs: Invalid value: ["10.244.1.0/24","10.245.0.0/16"]: may specify no more than one CIDR for each IP family`,
	})

	old := defaulted(node())
	old.ResourceVersion = "1"
	cur := api.DeepCopy(old)
	cur.Spec.PodCIDRs = []string{"10.244.2.0/24"}
	cur.Status.Addresses = []api.NodeAddress{{Type: "InternalIP", Address: "10.0.0.1"}, {Type: "InternalIP", Address: "10.0.0.1"}}
	check(t, "update", ValidateObjectUpdate(cur, old), []string{
		`status.addresses[1]: Duplicate value: {"Type":"InternalIP","Address":"10.0.0.1"}`,
		`spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid`,
	})
	cur = api.DeepCopy(old)
	cur.Status.Conditions = []api.NodeCondition{{Type: api.NodeReady, Status: api.ConditionTrue}}
	check(t, "status update", ValidateStatusUpdate(cur, old), nil)

	// The cloud controller manager sets spec.providerID once.
	cur = api.DeepCopy(old)
	cur.Spec.ProviderID = "kind://docker/kubeplay/node-1"
	check(t, "providerID set", ValidateObjectUpdate(cur, old), nil)
	old = cur
	cur = api.DeepCopy(old)
	cur.Spec.ProviderID = "kind://docker/kubeplay/node-2"
	check(t, "providerID changed", ValidateObjectUpdate(cur, old), []string{`spec.providerID: Invalid value: null: field cannot be modified once set`})
	cur.Spec.ProviderID = ""
	check(t, "providerID cleared", ValidateObjectUpdate(cur, old), []string{`spec.providerID: Invalid value: null: field cannot be cleared once set`})
}

func TestValidateResourceQuota(t *testing.T) {
	q := resource.MustParse
	rq := &api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "compute", Namespace: "default"},
		Spec: api.ResourceQuotaSpec{Hard: api.ResourceList{"pods": q("10"), "requests.cpu": q("4"), "count/deployments.apps": q("5")}}}
	check(t, "valid", ValidateObject(defaulted(rq)), nil)

	rq.Spec.Hard["widgets"] = q("1")
	rq.Spec.Hard["pods"] = q("2.5")
	rq.Spec.Hard["requests.memory"] = q("-1Gi")
	check(t, "invalid", ValidateObject(defaulted(rq)), []string{
		`spec.hard[pods]: Invalid value: "2500m": must be an integer`,
		`spec.hard[requests.memory]: Invalid value: "-1Gi": must be greater than or equal to 0`,
		`spec.hard[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified`,
		`spec.hard[widgets]: Invalid value: "widgets": must be a standard resource for quota`,
	})

	old := &api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "compute", Namespace: "default", ResourceVersion: "3"}}
	cur := api.DeepCopy(old)
	cur.ResourceVersion = ""
	cur.Status.Used = api.ResourceList{"pods": q("-1")}
	check(t, "status", ValidateStatusUpdate(cur, old), []string{
		`metadata.resourceVersion: Invalid value: "": must be specified for an update`,
		"resourceVersion: Required value",
		`status.used[pods]: Invalid value: "-1": must be greater than or equal to 0`,
	})
}

func TestValidateLeaseRuntimeClassEndpointSliceEvent(t *testing.T) {
	l := &api.Lease{ObjectMeta: api.ObjectMeta{Name: "node-1", Namespace: "kube-node-lease"},
		Spec: api.LeaseSpec{HolderIdentity: ptr("node-1"), LeaseDurationSeconds: ptr(int32(40))}}
	check(t, "valid lease", ValidateObject(l), nil)
	l.Spec.LeaseDurationSeconds, l.Spec.LeaseTransitions = ptr(int32(0)), ptr(int32(-1))
	l.Finalizers = []string{"custom"} // Lease skips the kube finalizer check
	check(t, "lease", ValidateObject(l), []string{
		"spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0",
		"spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0",
	})

	rc := &api.RuntimeClass{ObjectMeta: api.ObjectMeta{Name: "gvisor"}, Handler: "runsc"}
	check(t, "valid runtime class", ValidateObject(rc), nil)
	bad := &api.RuntimeClass{ObjectMeta: api.ObjectMeta{Name: "gvisor"}, Handler: "run.sc"}
	check(t, "handler", ValidateObject(bad), []string{`handler: Invalid value: "run.sc": must not contain dots`})
	rc.ResourceVersion = "1"
	upd := api.DeepCopy(rc)
	upd.Handler = "runc"
	check(t, "handler is immutable", ValidateObjectUpdate(upd, rc), []string{`handler: Invalid value: "runc": field is immutable`})

	eps := &api.EndpointSlice{ObjectMeta: api.ObjectMeta{Name: "web-abc", Namespace: "default"}, AddressType: api.AddressTypeIPv4,
		Endpoints: []api.Endpoint{{Addresses: []string{"10.244.1.5"}}},
		Ports:     []api.EndpointPort{{Name: ptr("http"), Port: ptr(int32(80))}}}
	check(t, "valid endpoint slice", ValidateObject(defaulted(eps)), nil)
	eps.AddressType = ""
	eps.Endpoints = append(eps.Endpoints, api.Endpoint{}, api.Endpoint{Addresses: []string{"127.0.0.1"}, Hostname: ptr("Web")})
	eps.Ports = append(eps.Ports, api.EndpointPort{Name: ptr("http"), Protocol: ptr(api.Protocol("ICMP"))})
	check(t, "endpoint slice", ValidateObject(defaulted(eps)), []string{
		"addressType: Required value",
		"endpoints[1].addresses: Required value: must contain at least 1 address",
		`endpoints[2].hostname: Invalid value: "Web": ` + labelMsg,
		`ports[1].name: Duplicate value: "http"`,
		`ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"`,
	})
	eps = &api.EndpointSlice{ObjectMeta: api.ObjectMeta{Name: "web-abc", Namespace: "default", ResourceVersion: "1"}, AddressType: api.AddressTypeIPv4,
		Endpoints: []api.Endpoint{{Addresses: []string{"10.244.1.500"}}}}
	upd2 := api.DeepCopy(eps)
	upd2.AddressType = "IPv6"
	upd2.Endpoints[0].Addresses = []string{"fe80::1"}
	check(t, "endpoint slice update", ValidateObjectUpdate(upd2, eps), []string{
		`endpoints[0].addresses[0]: Invalid value: "fe80::1": may not be in the link-local range (169.254.0.0/16, fe80::/10)`,
		`addressType: Invalid value: "IPv6": field is immutable`,
	})

	ev := &api.Event{ObjectMeta: api.ObjectMeta{Name: "web.17f3a", Namespace: "default"}}
	check(t, "valid event", ValidateObject(ev), nil)
	ev.Namespace = ""
	check(t, "event", ValidateObject(ev), []string{"metadata.namespace: Required value"})
}

func TestDispatchErrors(t *testing.T) {
	d := validDeployment()
	p := validPod()
	check(t, "kind mismatch", ValidateObjectUpdate(d, p),
		[]string{"kind: Internal error: cannot update *api.Deployment from *api.Pod"})
	check(t, "status kind mismatch", ValidateStatusUpdate(d, p),
		[]string{"kind: Internal error: cannot update *api.Deployment from *api.Pod"})
	check(t, "status kind mismatch (generic)", ValidateStatusUpdate(&api.Lease{}, p),
		[]string{"kind: Internal error: cannot update *api.Lease from *api.Pod"})
}

// TestEveryKindIsValidated makes sure no registered kind falls through to
// the "no validation" error.
func TestEveryKindIsValidated(t *testing.T) {
	for _, k := range api.Kinds() {
		for _, e := range ValidateObject(k.New()) {
			if e.Field == "kind" {
				t.Errorf("%s: %v", k.Kind, e)
			}
		}
		for _, e := range ValidateObjectUpdate(k.New(), k.New()) {
			if e.Field == "kind" {
				t.Errorf("%s update: %v", k.Kind, e)
			}
		}
		for _, e := range ValidateStatusUpdate(k.New(), k.New()) {
			if e.Field == "kind" {
				t.Errorf("%s status: %v", k.Kind, e)
			}
		}
	}
}

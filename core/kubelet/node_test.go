package kubelet

import (
	"bytes"
	"encoding/json"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
	"regexp"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
	"github.com/kubeplay/kubeplay/core/kubelet/nodelease"
)

func renewTick(t *testing.T, e *env, node string) int64 {
	t.Helper()
	l, err := apiserver.GetAs[*api.Lease](e.c.API, nodelease.Namespace, node)
	if err != nil {
		t.Fatal(err)
	}
	return tick(l.Spec.RenewTime.Time.Time)
}

// The kubelet registers its Node and Lease; it renews the Lease every 10 s
// and stops when the node fails.
func TestNodeRegistrationAndLease(t *testing.T) {
	e := newEnv(t, 1, "node-1")
	n, err := apiserver.GetAs[*api.Node](e.c.API, "", "node-1")
	if err != nil {
		t.Fatal(err)
	}
	if n.Spec.PodCIDR != "10.244.1.0/24" || n.Labels["kubernetes.io/hostname"] != "node-1" ||
		n.Status.Addresses[0].Address != "172.18.0.2" || n.Status.NodeInfo.KubeletVersion != "v1.37.0" {
		t.Errorf("node: %s", mustJSON(n))
	}
	cpu := n.Status.Allocatable[api.ResourceCPU]
	if cpu.Cmp(resource.MustParse("4")) != 0 {
		t.Errorf("allocatable cpu %v", cpu)
	}
	var conds []string
	for _, c := range n.Status.Conditions {
		conds = append(conds, string(c.Type)+"="+string(c.Status)+" "+c.Reason+": "+c.Message)
	}
	diff(t, "node conditions", conds, []string{
		"MemoryPressure=False KubeletHasSufficientMemory: kubelet has sufficient memory available",
		"DiskPressure=False KubeletHasNoDiskPressure: kubelet has no disk pressure",
		"PIDPressure=False KubeletHasSufficientPID: kubelet has sufficient PID available",
		"Ready=True KubeletReady: kubelet is posting ready status",
	})
	diff(t, "node events", e.events("node-1"), []string{
		"0 Normal Starting: Starting kubelet.",
		"0 Normal NodeAllocatableEnforced: Updated Node Allocatable limit across pods",
		"0 Normal NodeHasSufficientMemory: Node node-1 status is now: NodeHasSufficientMemory",
		"0 Normal NodeHasNoDiskPressure: Node node-1 status is now: NodeHasNoDiskPressure",
		"0 Normal NodeHasSufficientPID: Node node-1 status is now: NodeHasSufficientPID",
		"0 Normal NodeReady: Node node-1 status is now: NodeReady",
	})
	l, _ := apiserver.GetAs[*api.Lease](e.c.API, "kube-node-lease", "node-1")
	if *l.Spec.HolderIdentity != "node-1" || *l.Spec.LeaseDurationSeconds != 40 || l.OwnerReferences[0].UID != n.UID {
		t.Errorf("lease: %s", mustJSON(l))
	}
	var renewals []int64
	last := renewTick(t, e, "node-1")
	renewals = append(renewals, last)
	for range 35 {
		e.tick(1)
		if r := renewTick(t, e, "node-1"); r != last {
			renewals = append(renewals, r)
			last = r
		}
	}
	if !equalInts(renewals, []int64{0, 10, 20, 30}) {
		t.Errorf("renewals %v", renewals)
	}
	k := e.kubelets["node-1"]
	k.SetDown(true)
	e.tick(30)
	if r := renewTick(t, e, "node-1"); r != 30 {
		t.Errorf("renewed while down: %d", r)
	}
	k.SetDown(false)
	e.tick(1)
	if r := renewTick(t, e, "node-1"); r != 66 {
		t.Errorf("after recovery: renewed at %d", r)
	}
}

// After a pull the node's status lists the image, largest first.
func TestNodeStatusImages(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.14.2"))
	e.tick(12)
	n, _ := apiserver.GetAs[*api.Node](e.c.API, "", "node-1")
	if len(n.Status.Images) != 2 {
		t.Fatalf("images: %s", mustJSON(n.Status.Images))
	}
	diff(t, "first image", n.Status.Images[0].Names, []string{
		"docker.io/library/nginx@sha256:f7988fb6c02e0ce69257d9bd9cf37ae20a60f1df7563c3a2a6abe24160306b8d",
		"docker.io/library/nginx:1.14.2",
	})
	if n.Status.Images[0].SizeBytes != 44710204 || n.Status.Images[1].Names[1] != "registry.k8s.io/pause:3.10" {
		t.Errorf("images: %s", mustJSON(n.Status.Images))
	}
}

// A failed node's pods are not synced; on recovery the kubelet catches up
// (here: the pod deleted meanwhile is stopped and removed).
func TestNodeDownAndRecovery(t *testing.T) {
	e := newEnv(t, 1)
	e.create(nginxPod("web", "node-1", "nginx:1.25"))
	e.tick(5)
	k := e.kubelets["node-1"]
	k.SetDown(true)
	e.delete("web")
	e.tick(20)
	if p := e.pod("web"); p == nil || p.DeletionTimestamp == nil {
		t.Fatalf("pod: %v", summary(p))
	}
	k.SetDown(false)
	e.c.Settle()
	e.tick(2)
	if p := e.pod("web"); p != nil {
		t.Errorf("still there after recovery: %s", summary(p))
	}
}

// A Node that exists already (created by the cluster) keeps its podCIDR.
func TestExistingNodeCIDR(t *testing.T) {
	c := cluster.New(1)
	c.Add(rootcacertpublisher.New(c.Context)) // for the pod's kube-api-access volume
	if _, err := c.API.Create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "worker"}, Spec: api.NodeSpec{PodCIDR: "10.244.7.0/24"}}); err != nil {
		t.Fatal(err)
	}
	c.Settle()
	k, err := New(c.Context, "worker", images.New(), Options{InternalIP: "192.168.1.7"})
	if err != nil {
		t.Fatal(err)
	}
	c.Add(k)
	c.AddActor(k)
	e := &env{t: t, c: c, kubelets: map[string]*Kubelet{"worker": k}}
	e.create(nginxPod("web", "worker", "nginx:1.25"))
	if p := e.pod("web"); p.Status.PodIP != "10.244.7.2" || p.Status.HostIP != "192.168.1.7" {
		t.Errorf("IPs %s %s", p.Status.PodIP, p.Status.HostIP)
	}
}

// Everything is a function of the seed: two runs of the same scenario
// write the same bytes; another seed gives other container IDs.
func TestDeterminism(t *testing.T) {
	run := func(seed uint64) []byte {
		e := newEnv(t, seed, "node-1", "node-2", "node-3")
		e.reg.SetBehavior("nginx:1.25", images.Behavior{CrashAfter: 7 * time.Second})
		mkService(t, e, "web", "10.96.0.10", api.ServicePort{Name: "http", Port: 80})
		for i, spec := range []struct{ name, node, image string }{
			{"a", "node-1", "nginx:1.16.1"}, {"b", "node-2", "nginx:1.161"}, {"c", "node-3", "nginx:1.25"},
			{"d", "node-1", "busybox"}, {"e", "node-2", "nginx:1.16.1"},
		} {
			p := nginxPod(spec.name, spec.node, spec.image)
			p.Spec.Containers[0].ReadinessProbe = httpProbe("/", api.FromInt(80))
			e.create(p)
			e.tick(i + 1)
		}
		e.tick(60)
		e.delete("a")
		e.tick(40)
		var buf bytes.Buffer
		pods, _, _ := apiserver.ListAs[*api.Pod](e.c.API, "", nil)
		evs, _, _ := apiserver.ListAs[*api.Event](e.c.API, "", nil)
		nodes, _, _ := apiserver.ListAs[*api.Node](e.c.API, "", nil)
		for _, v := range []any{pods, evs, nodes} {
			b, _ := json.Marshal(v)
			buf.Write(b)
		}
		for _, n := range []string{"node-1", "node-2", "node-3"} {
			for _, p := range pods {
				b, _ := json.Marshal(e.kubelets[n].CRILog(p))
				buf.Write(b)
			}
		}
		return buf.Bytes()
	}
	a, b, other := run(7), run(7), run(8)
	if !bytes.Equal(a, b) {
		t.Error("two runs with seed 7 differ")
	}
	if bytes.Equal(a, other) {
		t.Error("seeds 7 and 8 gave identical bytes")
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestMachineIdentityIsStablePerNode(t *testing.T) {
	m1, u1, b1 := machineIdentity(1, "node-1")
	m2, u2, b2 := machineIdentity(1, "node-1")
	m3, _, _ := machineIdentity(1, "node-2")
	if m1 != m2 || u1 != u2 || b1 != b2 {
		t.Fatal("the same seed and node gave different identities")
	}
	if m1 == m3 {
		t.Fatal("two nodes share a machine ID")
	}
	uuid := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	if len(m1) != 32 || !uuid.MatchString(u1) || !uuid.MatchString(b1) || u1 == b1 {
		t.Fatalf("identity %q %q %q", m1, u1, b1)
	}
}

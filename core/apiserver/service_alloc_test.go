package apiserver_test

import (
	"net/netip"
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
)

var serviceKind = api.ServiceKind

// newAllocCluster is a cluster whose API server allocates Service
// addresses.
func newAllocCluster(t *testing.T, seed uint64) *cluster.Cluster {
	t.Helper()
	c := cluster.New(seed)
	apiserver.InstallServiceAllocator(c.API)
	return c
}

func svc(name string, typ api.ServiceType, ports ...api.ServicePort) *api.Service {
	if len(ports) == 0 {
		ports = []api.ServicePort{{Name: "http", Port: 80, TargetPort: api.FromInt(8080)}}
	}
	return &api.Service{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec:       api.ServiceSpec{Type: typ, Selector: map[string]string{"app": name}, Ports: ports},
	}
}

func create(t *testing.T, c *cluster.Cluster, s *api.Service) *api.Service {
	t.Helper()
	obj, err := c.API.Create(s)
	if err != nil {
		t.Fatalf("create %s: %v", s.Name, err)
	}
	return obj.(*api.Service)
}

func createErr(t *testing.T, c *cluster.Cluster, s *api.Service) string {
	t.Helper()
	_, err := c.API.Create(s)
	if err == nil {
		t.Fatalf("create %s succeeded, want an error", s.Name)
	}
	return err.Error()
}

func inDynamicBand(ip string) bool {
	a := netip.MustParseAddr(ip)
	return netip.MustParsePrefix("10.96.0.0/12").Contains(a) && a.Compare(netip.MustParseAddr("10.96.1.1")) >= 0 &&
		a.Compare(netip.MustParseAddr("10.111.255.254")) <= 0
}

func TestInstallServiceAllocatorPlacement(t *testing.T) {
	c := newAllocCluster(t, 1)
	apiserver.InstallServiceAllocator(c.API) // idempotent
	var names []string
	for _, p := range c.API.Plugins {
		names = append(names, p.Name())
	}
	want := "Defaulting NamespaceLifecycle ServiceAccount Priority DefaultTolerationSeconds RuntimeClass Registry ServiceAllocator Validation ResourceQuota"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("chain %q, want %q", got, want)
	}
}

func TestClusterIPAllocationIsUpstreamShapedAndDeterministic(t *testing.T) {
	run := func(seed uint64) []string {
		c := newAllocCluster(t, seed)
		var ips []string
		for _, n := range []string{"web", "api", "db"} {
			s := create(t, c, svc(n, ""))
			if s.Spec.ClusterIP == "" || !slices.Equal(s.Spec.ClusterIPs, []string{s.Spec.ClusterIP}) {
				t.Fatalf("%s: clusterIP %q clusterIPs %v", n, s.Spec.ClusterIP, s.Spec.ClusterIPs)
			}
			if !inDynamicBand(s.Spec.ClusterIP) {
				t.Errorf("%s: %s is not in the upper band 10.96.1.1-10.111.255.254", n, s.Spec.ClusterIP)
			}
			if !slices.Equal(s.Spec.IPFamilies, []api.IPFamily{"IPv4"}) || s.Spec.IPFamilyPolicy == nil ||
				*s.Spec.IPFamilyPolicy != "SingleStack" {
				t.Errorf("%s: ipFamilies %v policy %v, want [IPv4] SingleStack", n, s.Spec.IPFamilies, s.Spec.IPFamilyPolicy)
			}
			ips = append(ips, s.Spec.ClusterIP)
		}
		return ips
	}
	a, b := run(1), run(1)
	if !slices.Equal(a, b) {
		t.Fatalf("same seed, different IPs: %v vs %v", a, b)
	}
	if c := run(2); slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 drew the same IPs %v", a)
	}
	if a[0] == a[1] || a[1] == a[2] || a[0] == a[2] {
		t.Errorf("duplicate IPs %v", a)
	}
}

func TestRequestedClusterIPAndConflicts(t *testing.T) {
	c := newAllocCluster(t, 1)
	dns := svc("dns", "")
	dns.Spec.ClusterIP = "10.96.0.10"
	got := create(t, c, dns)
	if got.Spec.ClusterIP != "10.96.0.10" || !slices.Equal(got.Spec.ClusterIPs, []string{"10.96.0.10"}) {
		t.Fatalf("clusterIP %s clusterIPs %v", got.Spec.ClusterIP, got.Spec.ClusterIPs)
	}
	for _, tc := range []struct{ ip, want string }{
		{"10.96.0.10", `Service "web" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated`},
		{"10.0.0.10", `Service "web" is invalid: spec.clusterIPs: Invalid value: ["10.0.0.10"]: failed to allocate IP 10.0.0.10: the provided network does not match the current range`},
		{"10.96.0.0", `Service "web" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.0"]: failed to allocate IP 10.96.0.0: the provided network does not match the current range`},
		{"10.111.255.255", `Service "web" is invalid: spec.clusterIPs: Invalid value: ["10.111.255.255"]: failed to allocate IP 10.111.255.255: the provided network does not match the current range`},
	} {
		s := svc("web", "")
		s.Spec.ClusterIP = tc.ip
		if msg := createErr(t, c, s); msg != tc.want {
			t.Errorf("clusterIP %s:\n got %s\nwant %s", tc.ip, msg, tc.want)
		}
	}
	// A malformed address fails the loose pre-validation with only the
	// clusterIPs errors, as initIPFamilyFields reports them, even though
	// other fields are invalid too.
	bad := svc("web", "")
	bad.Spec.ClusterIP = "10.96.0.300"
	bad.Spec.SessionAffinity = "Sticky"
	msg := createErr(t, c, bad)
	if !strings.HasPrefix(msg, `Service "web" is invalid: spec.clusterIPs[0]: Invalid value: "10.96.0.300": must be a valid IP address`) ||
		strings.Contains(msg, "sessionAffinity") {
		t.Errorf("malformed clusterIP: %s", msg)
	}

	// Release on delete: the address is free again once dns is gone.
	if _, _, err := c.API.Delete(serviceKind, "default", "dns", nil); err != nil {
		t.Fatal(err)
	}
	again := svc("dns2", "")
	again.Spec.ClusterIP = "10.96.0.10"
	create(t, c, again)
}

func TestFailedCreateDoesNotLeakAddresses(t *testing.T) {
	c := newAllocCluster(t, 1)
	s := svc("web", api.ServiceTypeNodePort)
	s.Spec.ClusterIP = "10.96.0.20"
	s.Spec.Ports[0].NodePort = 30080
	s.Spec.SessionAffinity = "Sticky" // fails validation after allocation
	if msg := createErr(t, c, s); !strings.Contains(msg, "spec.sessionAffinity: Unsupported value") {
		t.Fatalf("got %s", msg)
	}
	ok := svc("web", api.ServiceTypeNodePort)
	ok.Spec.ClusterIP = "10.96.0.20"
	ok.Spec.Ports[0].NodePort = 30080
	create(t, c, ok)
}

func TestHeadlessAndExternalName(t *testing.T) {
	c := newAllocCluster(t, 1)
	h := svc("db", "")
	h.Spec.ClusterIP = "None"
	got := create(t, c, h)
	if got.Spec.ClusterIP != "None" || !slices.Equal(got.Spec.ClusterIPs, []string{"None"}) ||
		!slices.Equal(got.Spec.IPFamilies, []api.IPFamily{"IPv4"}) || *got.Spec.IPFamilyPolicy != "SingleStack" {
		t.Errorf("headless: %+v", got.Spec)
	}
	// Headless without a selector is dual-stack even on a single-stack
	// cluster (initIPFamilyFields' special case).
	hs := svc("ext-db", "")
	hs.Spec.ClusterIP = "None"
	hs.Spec.Selector = nil
	got = create(t, c, hs)
	if *got.Spec.IPFamilyPolicy != "RequireDualStack" || !slices.Equal(got.Spec.IPFamilies, []api.IPFamily{"IPv4", "IPv6"}) {
		t.Errorf("selectorless headless: policy %s families %v", *got.Spec.IPFamilyPolicy, got.Spec.IPFamilies)
	}
	// Asking for dual-stack with a cluster IP is refused.
	ds := svc("dual", "")
	p := api.IPFamilyPolicy("RequireDualStack")
	ds.Spec.IPFamilyPolicy = &p
	if msg := createErr(t, c, ds); msg != `Service "dual" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services` {
		t.Errorf("dual-stack: %s", msg)
	}
	v6 := svc("v6", "")
	v6.Spec.IPFamilies = []api.IPFamily{"IPv6"}
	if msg := createErr(t, c, v6); msg != `Service "v6" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster` {
		t.Errorf("IPv6: %s", msg)
	}

	en := &api.Service{ObjectMeta: api.ObjectMeta{Name: "search", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeExternalName, ExternalName: "www.example.com"}}
	got = create(t, c, en)
	if got.Spec.ClusterIP != "" || got.Spec.ClusterIPs != nil || got.Spec.IPFamilies != nil || got.Spec.IPFamilyPolicy != nil {
		t.Errorf("ExternalName got addresses: %+v", got.Spec)
	}
}

func TestNodePortAllocation(t *testing.T) {
	run := func() []int32 {
		c := newAllocCluster(t, 1)
		var ports []int32
		for _, n := range []string{"a", "b", "c"} {
			s := create(t, c, svc(n, api.ServiceTypeNodePort))
			np := s.Spec.Ports[0].NodePort
			if np < 30086 || np > 32767 {
				t.Errorf("%s: nodePort %d outside the dynamic band 30086-32767", n, np)
			}
			if s.Spec.ExternalTrafficPolicy != "Cluster" {
				t.Errorf("externalTrafficPolicy %q", s.Spec.ExternalTrafficPolicy)
			}
			ports = append(ports, np)
		}
		return ports
	}
	if a, b := run(), run(); !slices.Equal(a, b) {
		t.Fatalf("same seed, different ports %v %v", a, b)
	}
	lo, hi := apiserver.NodePortStaticBand()
	if lo != 30000 || hi != 30085 {
		t.Errorf("static band %d-%d, want 30000-30085", lo, hi)
	}
	if lo, hi := apiserver.ClusterIPStaticBand(); lo != "10.96.0.1" || hi != "10.96.1.0" {
		t.Errorf("cluster IP static band %s-%s", lo, hi)
	}

	c := newAllocCluster(t, 1)
	s := svc("web", api.ServiceTypeNodePort)
	s.Spec.Ports[0].NodePort = 30080
	create(t, c, s)
	dup := svc("web2", api.ServiceTypeNodePort)
	dup.Spec.Ports[0].NodePort = 30080
	if msg := createErr(t, c, dup); msg != `Service "web2" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated` {
		t.Errorf("conflict: %s", msg)
	}
	out := svc("web3", api.ServiceTypeNodePort)
	out.Spec.Ports[0].NodePort = 8080
	if msg := createErr(t, c, out); msg != `Service "web3" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767` {
		t.Errorf("out of range: %s", msg)
	}
	// TCP and UDP on the same port share one node port.
	dns := create(t, c, svc("dns", api.ServiceTypeNodePort,
		api.ServicePort{Name: "dns", Port: 53, Protocol: api.ProtocolUDP},
		api.ServicePort{Name: "dns-tcp", Port: 53, Protocol: api.ProtocolTCP}))
	if dns.Spec.Ports[0].NodePort == 0 || dns.Spec.Ports[0].NodePort != dns.Spec.Ports[1].NodePort {
		t.Errorf("dns node ports %d %d", dns.Spec.Ports[0].NodePort, dns.Spec.Ports[1].NodePort)
	}
	// ClusterIP Services may not ask for one (validation).
	cip := svc("plain", "")
	cip.Spec.Ports[0].NodePort = 30090
	if msg := createErr(t, c, cip); !strings.Contains(msg, "spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'") {
		t.Errorf("ClusterIP with nodePort: %s", msg)
	}
}

func TestLoadBalancerAllocation(t *testing.T) {
	c := newAllocCluster(t, 1)
	lb := create(t, c, svc("lb", api.ServiceTypeLoadBalancer))
	if lb.Spec.Ports[0].NodePort == 0 || lb.Spec.ClusterIP == "" || len(lb.Status.LoadBalancer.Ingress) != 0 {
		t.Errorf("LoadBalancer: nodePort %d clusterIP %q ingress %v", lb.Spec.Ports[0].NodePort, lb.Spec.ClusterIP, lb.Status.LoadBalancer.Ingress)
	}
	no := svc("lb2", api.ServiceTypeLoadBalancer)
	f := false
	no.Spec.AllocateLoadBalancerNodePorts = &f
	if got := create(t, c, no); got.Spec.Ports[0].NodePort != 0 {
		t.Errorf("allocateLoadBalancerNodePorts=false got node port %d", got.Spec.Ports[0].NodePort)
	}
}

func TestServiceUpdatesKeepAndReleaseAddresses(t *testing.T) {
	c := newAllocCluster(t, 1)
	np := svc("web", api.ServiceTypeNodePort)
	np.Spec.Ports[0].NodePort = 30080
	orig := create(t, c, np)

	// kubectl replace of the original manifest (no clusterIP, no
	// nodePort) keeps what was allocated.
	again := svc("web", api.ServiceTypeNodePort)
	obj, err := c.API.Update(again)
	if err != nil {
		t.Fatal(err)
	}
	upd := obj.(*api.Service)
	if upd.Spec.ClusterIP != orig.Spec.ClusterIP || upd.Spec.Ports[0].NodePort != 30080 {
		t.Errorf("replace lost allocations: %s/%d", upd.Spec.ClusterIP, upd.Spec.Ports[0].NodePort)
	}

	// NodePort → ClusterIP drops the node port, which another Service
	// may then take.
	upd.Spec.Type = api.ServiceTypeClusterIP
	obj, err = c.API.Update(upd)
	if err != nil {
		t.Fatal(err)
	}
	if p := obj.(*api.Service).Spec.Ports[0].NodePort; p != 0 {
		t.Errorf("node port kept: %d", p)
	}
	other := svc("other", api.ServiceTypeNodePort)
	other.Spec.Ports[0].NodePort = 30080
	create(t, c, other)

	// ClusterIP → NodePort allocates a node port.
	cur := obj.(*api.Service)
	cur.Spec.Type = api.ServiceTypeNodePort
	obj, err = c.API.Update(cur)
	if err != nil {
		t.Fatal(err)
	}
	if p := obj.(*api.Service).Spec.Ports[0].NodePort; p == 0 || p == 30080 {
		t.Errorf("NodePort again: node port %d", p)
	}

	// → ExternalName releases the cluster IP; back to ClusterIP draws one.
	cur = obj.(*api.Service)
	ip := cur.Spec.ClusterIP
	cur.Spec.Type = api.ServiceTypeExternalName
	cur.Spec.ExternalName = "example.com"
	obj, err = c.API.Update(cur)
	if err != nil {
		t.Fatal(err)
	}
	cur = obj.(*api.Service)
	if cur.Spec.ClusterIP != "" || cur.Spec.ClusterIPs != nil || cur.Spec.Ports[0].NodePort != 0 || cur.Spec.IPFamilyPolicy != nil {
		t.Errorf("ExternalName kept %+v", cur.Spec)
	}
	reuse := svc("reuse", "")
	reuse.Spec.ClusterIP = ip
	create(t, c, reuse)
	cur.Spec.Type = api.ServiceTypeClusterIP
	cur.Spec.ExternalName = ""
	obj, err = c.API.Update(cur)
	if err != nil {
		t.Fatal(err)
	}
	if got := obj.(*api.Service).Spec.ClusterIP; got == "" || got == ip {
		t.Errorf("back to ClusterIP: %q", got)
	}

	// The cluster IP is immutable (validation).
	cur = obj.(*api.Service)
	cur.Spec.ClusterIP, cur.Spec.ClusterIPs = "10.96.0.50", []string{"10.96.0.50"}
	if _, err := c.API.Update(cur); err == nil || !strings.Contains(err.Error(), "may not change once set") {
		t.Errorf("changing clusterIP: %v", err)
	}
}

func TestBootstrapKubernetesService(t *testing.T) {
	c := newAllocCluster(t, 1)
	if err := apiserver.BootstrapKubernetesService(c.API); err != nil {
		t.Fatal(err)
	}
	if err := apiserver.BootstrapKubernetesService(c.API); err != nil {
		t.Fatalf("second bootstrap: %v", err)
	}
	k, err := apiserver.GetAs[*api.Service](c.API, "default", "kubernetes")
	if err != nil {
		t.Fatal(err)
	}
	p := k.Spec.Ports[0]
	if k.Spec.ClusterIP != "10.96.0.1" || p.Name != "https" || p.Port != 443 || p.TargetPort != api.FromInt(6443) ||
		p.Protocol != "TCP" || k.Labels["component"] != "apiserver" || k.Labels["provider"] != "kubernetes" ||
		k.Spec.Selector != nil || *k.Spec.IPFamilyPolicy != "SingleStack" {
		t.Errorf("kubernetes Service: %+v %+v", k.ObjectMeta, k.Spec)
	}
	es, err := apiserver.GetAs[*api.EndpointSlice](c.API, "default", "kubernetes")
	if err != nil {
		t.Fatal(err)
	}
	if es.Labels["kubernetes.io/service-name"] != "kubernetes" || len(es.Endpoints) != 1 ||
		es.Endpoints[0].Addresses[0] != apiserver.APIServerAdvertiseAddress || *es.Ports[0].Port != 6443 {
		t.Errorf("kubernetes EndpointSlice: %+v", es)
	}
	s := svc("steal", "")
	s.Spec.ClusterIP = "10.96.0.1"
	if msg := createErr(t, c, s); !strings.Contains(msg, "provided IP is already allocated") {
		t.Errorf("10.96.0.1 taken: %s", msg)
	}
}

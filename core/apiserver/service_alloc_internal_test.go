package apiserver

import (
	"net/netip"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestRangeOffsets(t *testing.T) {
	for _, tc := range []struct {
		cidr        string
		offset      uint64
		first, last string
	}{
		{"10.96.0.0/12", 256, "10.96.0.1", "10.111.255.254"},
		{"10.96.0.0/24", 16, "10.96.0.1", "10.96.0.254"},
		{"10.96.0.0/20", 256, "10.96.0.1", "10.96.15.254"},
		{"10.96.0.0/28", 0, "10.96.0.1", "10.96.0.14"},
	} {
		r := newIPRange(tc.cidr)
		if r.rangeOffset != tc.offset || uint32ToAddr(r.first).String() != tc.first || uint32ToAddr(r.last).String() != tc.last {
			t.Errorf("%s: offset %d first %s last %s", tc.cidr, r.rangeOffset, uint32ToAddr(r.first), uint32ToAddr(r.last))
		}
	}
	for _, tc := range []struct{ size, offset int }{{2768, 86}, {100, 16}, {10000, 128}, {16, 0}} {
		if got := portRangeOffset(tc.size); got != tc.offset {
			t.Errorf("port range of %d: offset %d, want %d", tc.size, got, tc.offset)
		}
	}
}

// TestLowerBandsAreUsedWhenUpperBandsAreFull fills the upper bands and
// checks allocation falls back to the static bands, then reports "range
// is full" as upstream does.
func TestLowerBandsAreUsedWhenUpperBandsAreFull(t *testing.T) {
	saved := serviceIPRange
	defer func() { serviceIPRange = saved }()
	serviceIPRange = newIPRange("10.96.0.0/24") // lower band .1-.16, upper .17-.254

	s := newTestServer(1)
	InstallServiceAllocator(s)
	al := newServiceAllocations(s, "", "", false)
	for v := serviceIPRange.offset; v <= serviceIPRange.last; v++ {
		al.ips[v] = true
	}
	ip, err := al.allocateNextIP()
	if err != nil {
		t.Fatal(err)
	}
	if a := netip.MustParseAddr(ip); a.Compare(netip.MustParseAddr("10.96.0.16")) > 0 || a.Compare(netip.MustParseAddr("10.96.0.1")) < 0 {
		t.Errorf("fallback IP %s not in the lower band", ip)
	}
	for v := serviceIPRange.first; v < serviceIPRange.offset; v++ {
		al.ips[v] = true
	}
	if _, err := al.allocateNextIP(); err != errIPFull {
		t.Errorf("full range: %v", err)
	}

	for p := 30086; p <= 32767; p++ {
		al.ports[p] = true
	}
	p, err := al.allocateNextPort()
	if err != nil || p < 30000 || p > 30085 {
		t.Errorf("fallback port %d %v", p, err)
	}
	for p := 30000; p <= 30085; p++ {
		al.ports[p] = true
	}
	if _, err := al.allocateNextPort(); err != errPortFull {
		t.Errorf("full port range: %v", err)
	}
}

// TestAllocationUsesTheServersRandomSource pins the first draws of seed 1:
// the same seed gives the same addresses, run after run and release after
// release of Go.
func TestAllocationUsesTheServersRandomSource(t *testing.T) {
	s := newTestServer(1)
	InstallServiceAllocator(s)
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeNodePort, Selector: map[string]string{"app": "web"},
			Ports: []api.ServicePort{{Port: 80}}}}
	obj, err := s.Create(svc)
	if err != nil {
		t.Fatal(err)
	}
	got := obj.(*api.Service)
	if got.Spec.ClusterIP != pinnedClusterIP || got.Spec.Ports[0].NodePort != pinnedNodePort {
		t.Errorf("seed 1 drew %s and %d, pinned %s and %d", got.Spec.ClusterIP, got.Spec.Ports[0].NodePort, pinnedClusterIP, pinnedNodePort)
	}
}

const (
	pinnedClusterIP = "10.100.251.35"
	pinnedNodePort  = 32406
)

func TestFullRangeIsAnInternalError(t *testing.T) {
	s := newTestServer(1)
	InstallServiceAllocator(s)
	// Fill the node-port range with one Service holding every port.
	var ports []api.ServicePort
	for p := int32(30000); p <= 32767; p++ {
		ports = append(ports, api.ServicePort{Name: "p" + itoa(int(p)), Port: p - 29000, NodePort: p})
	}
	big := &api.Service{ObjectMeta: api.ObjectMeta{Name: "big", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeNodePort, Ports: ports}}
	if _, err := s.Create(big); err != nil {
		t.Fatal(err)
	}
	one := &api.Service{ObjectMeta: api.ObjectMeta{Name: "one", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeNodePort, Ports: []api.ServicePort{{Port: 80}}}}
	_, err := s.Create(one)
	if err == nil || err.Error() != "Internal error occurred: failed to allocate a nodePort: range is full" {
		t.Errorf("got %v", err)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

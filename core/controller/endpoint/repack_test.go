package endpoint

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func addr(ip, uid string) api.EndpointAddress {
	return api.EndpointAddress{IP: ip, TargetRef: &api.ObjectReference{Kind: "Pod", UID: uid}}
}

func render(subsets []api.EndpointSubset) string {
	s := ""
	for _, ss := range subsets {
		var r, n, p []string
		for _, a := range ss.Addresses {
			r = append(r, a.IP)
		}
		for _, a := range ss.NotReadyAddresses {
			n = append(n, a.IP)
		}
		for _, x := range ss.Ports {
			p = append(p, fmt.Sprintf("%s:%d", x.Name, x.Port))
		}
		s += fmt.Sprintf("{%v %v %v}", r, n, p)
	}
	return s
}

// TestRepackSubsets: one-address subsets (as syncService builds them) fold
// into one subset per set of addresses sharing ports; an address not ready
// on one port is not ready on all; the result does not depend on the
// input order.
func TestRepackSubsets(t *testing.T) {
	http, metrics := api.CoreEndpointPort{Name: "http", Port: 8080, Protocol: "TCP"}, api.CoreEndpointPort{Name: "metrics", Port: 9100, Protocol: "TCP"}
	in := []api.EndpointSubset{
		{Addresses: []api.EndpointAddress{addr("10.244.2.7", "b")}, Ports: []api.CoreEndpointPort{http}},
		{Addresses: []api.EndpointAddress{addr("10.244.1.5", "a")}, Ports: []api.CoreEndpointPort{http}},
		{Addresses: []api.EndpointAddress{addr("10.244.1.5", "a")}, Ports: []api.CoreEndpointPort{metrics}},
		{Addresses: []api.EndpointAddress{addr("10.244.2.7", "b")}, Ports: []api.CoreEndpointPort{metrics}},
		{NotReadyAddresses: []api.EndpointAddress{addr("10.244.3.2", "c")}, Ports: []api.CoreEndpointPort{http}},
		{NotReadyAddresses: []api.EndpointAddress{addr("10.244.3.2", "c")}, Ports: []api.CoreEndpointPort{metrics}},
		{Addresses: []api.EndpointAddress{addr("10.244.1.9", "d")}, Ports: []api.CoreEndpointPort{http}},
	}
	got := render(RepackSubsets(in))
	reversed := make([]api.EndpointSubset, len(in))
	for i := range in {
		reversed[len(in)-1-i] = in[i]
	}
	if again := render(RepackSubsets(reversed)); again != got {
		t.Errorf("order-dependent:\n%s\n%s", got, again)
	}
	// http reaches a, b, d (ready) and c; metrics reaches a, b and c.
	one := "{[10.244.1.5 10.244.1.9 10.244.2.7] [10.244.3.2] [http:8080]}"
	two := "{[10.244.1.5 10.244.2.7] [10.244.3.2] [metrics:9100]}"
	if got != one+two && got != two+one {
		t.Errorf("got %s", got)
	}

	// Not ready trumps ready for the same address and port.
	mixed := RepackSubsets([]api.EndpointSubset{
		{Addresses: []api.EndpointAddress{addr("10.244.1.5", "a")}, Ports: []api.CoreEndpointPort{http}},
		{NotReadyAddresses: []api.EndpointAddress{addr("10.244.1.5", "a")}, Ports: []api.CoreEndpointPort{http}},
	})
	if got, want := render(mixed), "{[] [10.244.1.5] [http:8080]}"; got != want {
		t.Errorf("mixed readiness: got %s, want %s", got, want)
	}

	// Subsets without ports (headless, no ports) keep their addresses.
	if got, want := render(RepackSubsets([]api.EndpointSubset{{Addresses: []api.EndpointAddress{addr("10.244.1.5", "a")}}})),
		"{[10.244.1.5] [] []}"; got != want {
		t.Errorf("portless: got %s, want %s", got, want)
	}
}

// TestTruncateEndpoints: over 1000 addresses, ready ones are kept first and
// each subset keeps its share.
func TestTruncateEndpoints(t *testing.T) {
	mk := func(ready, notReady int) api.EndpointSubset {
		var ss api.EndpointSubset
		for i := range ready {
			ss.Addresses = append(ss.Addresses, addr(fmt.Sprintf("10.1.%d.%d", i/250, i%250), ""))
		}
		for i := range notReady {
			ss.NotReadyAddresses = append(ss.NotReadyAddresses, addr(fmt.Sprintf("10.2.%d.%d", i/250, i%250), ""))
		}
		return ss
	}
	e := &api.Endpoints{Subsets: []api.EndpointSubset{mk(600, 300), mk(200, 100)}}
	if !truncateEndpoints(e) {
		t.Fatal("1200 addresses not truncated")
	}
	// 800 ready kept; 200 room for 400 not ready: 150 and 50.
	if a, n := len(e.Subsets[0].Addresses), len(e.Subsets[0].NotReadyAddresses); a != 600 || n != 150 {
		t.Errorf("subset 0: %d ready, %d not ready; want 600, 150", a, n)
	}
	if a, n := len(e.Subsets[1].Addresses), len(e.Subsets[1].NotReadyAddresses); a != 200 || n != 50 {
		t.Errorf("subset 1: %d ready, %d not ready; want 200, 50", a, n)
	}
	if capacityAnnotationSetCorrectly(nil, e.Subsets) == false {
		t.Error("1000 addresses without the annotation should be correct")
	}
	if capacityAnnotationSetCorrectly(map[string]string{api.EndpointsOverCapacity: truncated}, e.Subsets) {
		t.Error("the annotation on an Endpoints within capacity is not correct")
	}

	e = &api.Endpoints{Subsets: []api.EndpointSubset{mk(900, 10), mk(300, 0)}}
	truncateEndpoints(e)
	// 1200 ready over 1000: 750 and 250, no not-ready left.
	if a, n := len(e.Subsets[0].Addresses), len(e.Subsets[0].NotReadyAddresses); a != 750 || n != 0 {
		t.Errorf("ready overflow, subset 0: %d ready, %d not ready; want 750, 0", a, n)
	}
	if a := len(e.Subsets[1].Addresses); a != 250 {
		t.Errorf("ready overflow, subset 1: %d ready; want 250", a)
	}
	if truncateEndpoints(&api.Endpoints{Subsets: []api.EndpointSubset{mk(10, 10)}}) {
		t.Error("20 addresses truncated")
	}
}

package printers

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// TestFormatEndpoints: the ENDPOINTS column of `kubectl get endpoints`
// (formatEndpoints).
func TestFormatEndpoints(t *testing.T) {
	addrs := func(ips ...string) []api.EndpointAddress {
		var out []api.EndpointAddress
		for _, ip := range ips {
			out = append(out, api.EndpointAddress{IP: ip})
		}
		return out
	}
	http := []api.CoreEndpointPort{{Name: "http", Port: 80}}
	for _, tt := range []struct {
		name    string
		subsets []api.EndpointSubset
		want    string
	}{
		{"no subsets", nil, "<none>"},
		{"only not ready", []api.EndpointSubset{{NotReadyAddresses: addrs("10.244.1.5"), Ports: http}}, ""},
		{"two", []api.EndpointSubset{{Addresses: addrs("10.244.1.5", "10.244.2.7"), NotReadyAddresses: addrs("10.244.3.1"), Ports: http}},
			"10.244.1.5:80,10.244.2.7:80"},
		{"more than three, over ports and subsets", []api.EndpointSubset{
			{Addresses: addrs("10.244.1.5", "10.244.2.7"), Ports: []api.CoreEndpointPort{{Name: "http", Port: 80}, {Name: "m", Port: 9100}}},
			{Addresses: addrs("10.244.3.1"), Ports: http}},
			"10.244.1.5:80,10.244.2.7:80,10.244.1.5:9100 + 2 more..."},
		{"headless without ports", []api.EndpointSubset{{Addresses: addrs("10.244.1.5", "10.244.2.7")}}, "10.244.1.5,10.244.2.7"},
		{"IPv6", []api.EndpointSubset{{Addresses: addrs("fd00::5"), Ports: http}}, "[fd00::5]:80"},
	} {
		if got := FormatEndpoints(&api.Endpoints{Subsets: tt.subsets}); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
